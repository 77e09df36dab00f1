//! Text as vector outlines, so labels look the same on screen, in SVG and in PNG.
//!
//! Glyph outlines come from the bundled DejaVu Sans font (assets/fonts, Bitstream Vera licence).

use super::{Path, Point};
use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::{FontRef, MetadataProvider};

/// The bundled font used for every label.
pub static FONT_BYTES: &[u8] = include_bytes!("../../../../assets/fonts/DejaVuSans.ttf");

/// Where the anchor point sits relative to the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextAnchor {
    /// The anchor is the centre of the text box.
    Center,
    /// The anchor is the middle of the left edge.
    Left,
}

/// Collects glyph outlines into a [`Path`], placing and flipping nothing (font space is y-up too).
struct GlyphPen<'a> {
    path: &'a mut Path,
    origin: Point,
    /// Model units per font unit.
    scale: f64,
    last: Point,
}

impl GlyphPen<'_> {
    fn point(&self, x: f32, y: f32) -> Point {
        Point::new(self.origin.x + f64::from(x) * self.scale, self.origin.y + f64::from(y) * self.scale)
    }
}

impl OutlinePen for GlyphPen<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        let point = self.point(x, y);
        self.path.move_to(point);
        self.last = point;
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let point = self.point(x, y);
        self.path.line_to(point);
        self.last = point;
    }

    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        // Degree elevation: a quadratic is an exact cubic.
        let control = self.point(cx0, cy0);
        let end = self.point(x, y);
        let c1 = self.last + (control - self.last) * (2.0 / 3.0);
        let c2 = end + (control - end) * (2.0 / 3.0);
        self.path.cubic_to(c1, c2, end);
        self.last = end;
    }

    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        let end = self.point(x, y);
        self.path.cubic_to(self.point(cx0, cy0), self.point(cx1, cy1), end);
        self.last = end;
    }

    fn close(&mut self) {
        self.path.close();
    }
}

/// Outlines of `text` at cap height about `0.72 * size` (model units), anchored at `anchor_point`.
///
/// Characters missing from the font are skipped. Fill the result with the non-zero rule.
pub fn text_path(text: &str, anchor_point: Point, size: f64, anchor: TextAnchor) -> Path {
    let mut path = Path::new();
    let Ok(font) = FontRef::new(FONT_BYTES) else {
        return path;
    };
    // Outlines in font units (unquantized), scaled here: skrifa's scaled outlines are rounded
    // to 1/64 of the size, which is far too coarse for model units.
    let units_per_em = font.metrics(Size::unscaled(), LocationRef::default()).units_per_em.max(1);
    let scale = size / f64::from(units_per_em);
    let metrics = font.glyph_metrics(Size::unscaled(), LocationRef::default());
    let advance = |glyph| f64::from(metrics.advance_width(glyph).unwrap_or(0.0)) * scale;
    let charmap = font.charmap();
    let outlines = font.outline_glyphs();
    let glyphs: Vec<_> = text.chars().filter_map(|ch| charmap.map(ch)).collect();
    let width: f64 = glyphs.iter().map(|&glyph| advance(glyph)).sum();
    let cap_height = 0.72 * size;
    let mut origin = match anchor {
        TextAnchor::Center => Point::new(anchor_point.x - width / 2.0, anchor_point.y - cap_height / 2.0),
        TextAnchor::Left => Point::new(anchor_point.x, anchor_point.y - cap_height / 2.0),
    };
    for glyph in glyphs {
        if let Some(outline) = outlines.get(glyph) {
            let mut pen = GlyphPen { path: &mut path, origin, scale, last: origin };
            let settings = DrawSettings::unhinted(Size::unscaled(), LocationRef::default());
            // A glyph that fails to draw is left out rather than failing the whole label.
            let _ = outline.draw(settings, &mut pen);
        }
        origin.x += advance(glyph);
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_have_outlines_centred_on_the_anchor() {
        let path = text_path("AB", Point::new(10.0, 5.0), 2.0, TextAnchor::Center);
        assert!(path.point_count() > 8);
        let xs: Vec<f64> = path
            .commands
            .iter()
            .filter_map(|c| match c {
                super::super::PathCommand::MoveTo(p)
                | super::super::PathCommand::LineTo(p)
                | super::super::PathCommand::CubicTo(_, _, p) => Some(p.x),
                super::super::PathCommand::Close => None,
            })
            .collect();
        let min = xs.iter().cloned().fold(f64::MAX, f64::min);
        let max = xs.iter().cloned().fold(f64::MIN, f64::max);
        assert!(((min + max) / 2.0 - 10.0).abs() < 0.3, "centre {}", (min + max) / 2.0);
    }
}
