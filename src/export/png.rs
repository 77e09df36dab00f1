//! Scene to an anti-aliased raster with tiny-skia, then PNG bytes with the `image` crate.

use crate::geom::{Color, FillRule, PathCommand, Scene};
use image::{ImageEncoder, RgbaImage};
use tiny_skia::{FillRule as SkiaFillRule, LineCap, LineJoin, Paint, PathBuilder, Pixmap, Stroke, Transform};

/// Largest PNG side in pixels.
pub const MAX_PNG_SIZE: u32 = 16_384;

fn paint(color: Color) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color_rgba8(color.r, color.g, color.b, color.a);
    paint.anti_alias = true;
    paint
}

/// Rasterizes `scene` so that its view box's longer side is `size` pixels (clamped to
/// 1..=[`MAX_PNG_SIZE`]). Returns straight-alpha RGBA.
pub fn rasterize(scene: &Scene, size: u32) -> RgbaImage {
    let size = size.clamp(1, MAX_PNG_SIZE);
    let view = scene.view_box;
    let longest = view.width().max(view.height()).max(f64::MIN_POSITIVE);
    let scale = f64::from(size) / longest;
    let width = ((view.width() * scale).round() as u32).clamp(1, MAX_PNG_SIZE);
    let height = ((view.height() * scale).round() as u32).clamp(1, MAX_PNG_SIZE);
    let Some(mut pixmap) = Pixmap::new(width, height) else {
        return RgbaImage::new(width, height);
    };
    if let Some(background) = scene.background {
        pixmap.fill(tiny_skia::Color::from_rgba8(background.r, background.g, background.b, background.a));
    }
    // Pixel space is y-down: x' = (x - min.x) s, y' = (max.y - y) s.
    let transform = Transform::from_row(
        scale as f32,
        0.0,
        0.0,
        -scale as f32,
        (-view.min.x * scale) as f32,
        (view.max.y * scale) as f32,
    );
    for shape in &scene.shapes {
        let mut builder = PathBuilder::new();
        for command in &shape.path.commands {
            match *command {
                PathCommand::MoveTo(p) => builder.move_to(p.x as f32, p.y as f32),
                PathCommand::LineTo(p) => builder.line_to(p.x as f32, p.y as f32),
                PathCommand::CubicTo(a, b, c) => {
                    builder.cubic_to(a.x as f32, a.y as f32, b.x as f32, b.y as f32, c.x as f32, c.y as f32)
                }
                PathCommand::Close => builder.close(),
            }
        }
        let Some(path) = builder.finish() else {
            continue;
        };
        if let Some(fill) = shape.style.fill {
            let rule = match shape.style.fill_rule {
                FillRule::NonZero => SkiaFillRule::Winding,
                FillRule::EvenOdd => SkiaFillRule::EvenOdd,
            };
            pixmap.fill_path(&path, &paint(fill), rule, transform, None);
        }
        if let Some(stroke) = shape.style.stroke {
            let line = Stroke {
                width: stroke.width as f32,
                line_cap: LineCap::Round,
                line_join: LineJoin::Round,
                ..Stroke::default()
            };
            pixmap.stroke_path(&path, &paint(stroke.color), &line, transform, None);
        }
    }
    let data: Vec<u8> = pixmap
        .pixels()
        .iter()
        .flat_map(|pixel| {
            let color = pixel.demultiply();
            [color.red(), color.green(), color.blue(), color.alpha()]
        })
        .collect();
    RgbaImage::from_raw(width, height, data).unwrap_or_else(|| RgbaImage::new(width, height))
}

/// Encodes an RGBA image as PNG bytes.
pub fn encode(image: &RgbaImage) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    image::codecs::png::PngEncoder::new(&mut bytes)
        .write_image(image.as_raw(), image.width(), image.height(), image::ExtendedColorType::Rgba8)
        .map_err(|error| error.to_string())?;
    Ok(bytes)
}
