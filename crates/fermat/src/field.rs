//! The distance field f(X) = Σ wᵢ·|X − Pᵢ| over a view, as a heatmap with isolines: colour by
//! (f − f_min) / (f_max − f_min) over the view, darkened on the levels f_min + k·spacing (k >= 1). The
//! panel draws it with a fragment shader (`shaders/fermat_field.wgsl`, which mirrors
//! `shade`); this CPU version is its fallback and its reference. O(pixels · points).

use super::median::WeightedPoint;
use curio_core::geom::{Color, Rect};

/// How the field is coloured: the range of f it spans and the spacing of its isolines.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FieldStyle {
    /// f at the minimum (the colour of `low`).
    pub minimum: f64,
    /// f where the colour reaches `high`.
    pub maximum: f64,
    /// Distance in f between isolines; 0 draws none.
    pub spacing: f64,
    /// Colour at the minimum.
    pub low: Color,
    /// Colour at the maximum and beyond.
    pub high: Color,
}

/// Number of isolines between the minimum and the largest value in the view.
pub const ISOLINES: f64 = 12.0;

impl FieldStyle {
    /// The style that spans the field over `view`, from `minimum` (the least f anywhere) to the
    /// largest f at the view's corners, with `ISOLINES` isolines between (none without `isolines`).
    pub fn spanning(points: &[WeightedPoint], view: Rect, minimum: f64, isolines: bool) -> Self {
        let corners = [
            view.min,
            view.max,
            curio_core::geom::Point::new(view.min.x, view.max.y),
            curio_core::geom::Point::new(view.max.x, view.min.y),
        ];
        let maximum =
            corners.iter().map(|&corner| field_value(points, corner.x, corner.y)).fold(minimum, f64::max);
        let range = (maximum - minimum).max(1e-12);
        Self {
            minimum,
            maximum: minimum + range,
            spacing: if isolines { range / ISOLINES } else { 0.0 },
            low: Color::rgb(255, 246, 214),
            high: Color::rgb(36, 84, 140),
        }
    }
}

/// f(x, y) = Σ wᵢ·|(x, y) − Pᵢ|.
pub fn field_value(points: &[WeightedPoint], x: f64, y: f64) -> f64 {
    points.iter().map(|item| item.weight * (item.point.x - x).hypot(item.point.y - y)).sum()
}

/// The colour of a pixel where the field is `value` and changes by `change` across the pixel:
/// the ramp from low to high, darkened within a pixel of an isoline.
pub fn shade(style: &FieldStyle, value: f64, change: f64) -> [f64; 4] {
    let t = ((value - style.minimum) / (style.maximum - style.minimum)).clamp(0.0, 1.0);
    let ramp = style.low.lerp(style.high, t.sqrt());
    let mut rgb = [f64::from(ramp.r), f64::from(ramp.g), f64::from(ramp.b)];
    let phase = if style.spacing > 0.0 { (value - style.minimum) / style.spacing } else { 0.0 };
    // Isolines at f_min + k·spacing for k >= 1 (the minimum itself is a point, not a line).
    if phase.round() >= 1.0 {
        let distance = (phase - phase.round()).abs() * style.spacing / change.max(1e-12);
        let line = (1.0 - distance).clamp(0.0, 1.0) * 0.55;
        rgb = rgb.map(|channel| channel * (1.0 - line));
    }
    [rgb[0], rgb[1], rgb[2], 255.0]
}

/// The field over `view` as a `width`×`height` image (rows top to bottom, y up in the view),
/// one sample per pixel centre, rows in parallel.
pub fn field_image(
    points: &[WeightedPoint],
    view: Rect,
    width: u32,
    height: u32,
    style: &FieldStyle,
) -> image::RgbaImage {
    use rayon::prelude::*;
    let (width, height) = (width.max(1), height.max(1));
    let pixel = view.width() / f64::from(width);
    let total_weight: f64 = points.iter().map(|item| item.weight).sum();
    let mut data = vec![0u8; width as usize * height as usize * 4];
    data.par_chunks_mut(width as usize * 4).enumerate().for_each(|(row, pixels)| {
        let y = view.max.y - (row as f64 + 0.5) * view.height() / f64::from(height);
        for column in 0..width as usize {
            let x = view.min.x + (column as f64 + 0.5) * pixel;
            let value = field_value(points, x, y);
            // |∇f| <= Σ w, reached away from the points; one pixel changes f by at most that.
            let gradient = gradient_length(points, x, y).max(1e-3 * total_weight);
            let color = shade(style, value, gradient * pixel);
            for channel in 0..4 {
                pixels[column * 4 + channel] = color[channel].round().clamp(0.0, 255.0) as u8;
            }
        }
    });
    image::RgbaImage::from_raw(width, height, data).unwrap_or_else(|| image::RgbaImage::new(1, 1))
}

/// |∇f| at (x, y): the length of Σ wᵢ·(X − Pᵢ)/|X − Pᵢ|.
fn gradient_length(points: &[WeightedPoint], x: f64, y: f64) -> f64 {
    let (mut gx, mut gy) = (0.0, 0.0);
    for item in points {
        let (dx, dy) = (x - item.point.x, y - item.point.y);
        let distance = dx.hypot(dy);
        if distance > 0.0 {
            gx += item.weight * dx / distance;
            gy += item.weight * dy / distance;
        }
    }
    gx.hypot(gy)
}

#[cfg(test)]
mod tests {
    use super::*;
    use curio_core::geom::Point;

    #[test]
    fn the_image_is_lightest_at_the_minimum_and_has_isolines() {
        let points: Vec<WeightedPoint> = [(0.0, 0.0), (4.0, 0.0), (1.0, 3.0)]
            .iter()
            .map(|&(x, y)| WeightedPoint { point: Point::new(x, y), weight: 1.0 })
            .collect();
        let view = Rect { min: Point::new(-2.0, -3.0), max: Point::new(6.0, 5.0) };
        let fermat = crate::fermat_point([points[0].point, points[1].point, points[2].point]).unwrap();
        let style = FieldStyle::spanning(&points, view, fermat.sum, true);
        let image = field_image(&points, view, 80, 80, &style);
        let brightness =
            |x: u32, y: u32| image.get_pixel(x, y).0[..3].iter().map(|&c| u32::from(c)).sum::<u32>();
        // The pixel over the Fermat point is the lightest of the image (isolines only darken).
        let column = ((fermat.point.x - view.min.x) / view.width() * 80.0) as u32;
        let row = ((view.max.y - fermat.point.y) / view.height() * 80.0) as u32;
        let lightest =
            (0..80).flat_map(|x| (0..80).map(move |y| (x, y))).map(|(x, y)| brightness(x, y)).max().unwrap();
        assert!(brightness(column, row) + 6 >= lightest);
        let plain = field_image(&points, view, 80, 80, &FieldStyle { spacing: 0.0, ..style });
        assert_ne!(image, plain, "isolines darken some pixels");
    }
}
