//! The shared 2-D vector scene: points, paths (move/line/cubic/close), styles and shapes.
//!
//! Star polygons (and later Gregg outlines and Fermat figures) are built once as a [`Scene`] in
//! model coordinates (x right, y up). The scene is then drawn on screen, written as SVG text and
//! rasterized to PNG by `crate::export`, so every output shows the same geometry.

mod text;

pub use text::{FONT_BYTES, TextAnchor, text_path};

/// A point (or vector) in model space; x right, y up.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    /// Horizontal coordinate.
    pub x: f64,
    /// Vertical coordinate (up is positive in model space).
    pub y: f64,
}

impl Point {
    /// Makes a point from its coordinates.
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    /// The point at `radius` from the origin in direction `angle` (radians, counter-clockwise from +x).
    pub fn polar(radius: f64, angle: f64) -> Self {
        Self::new(radius * angle.cos(), radius * angle.sin())
    }

    /// Euclidean distance to `other`.
    pub fn distance(self, other: Point) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }

    /// Distance from the origin.
    pub fn length(self) -> f64 {
        self.x.hypot(self.y)
    }
}

impl std::ops::Add for Point {
    type Output = Point;
    fn add(self, other: Point) -> Point {
        Point::new(self.x + other.x, self.y + other.y)
    }
}

impl std::ops::AddAssign for Point {
    fn add_assign(&mut self, other: Point) {
        *self = *self + other;
    }
}

impl std::ops::Sub for Point {
    type Output = Point;
    fn sub(self, other: Point) -> Point {
        Point::new(self.x - other.x, self.y - other.y)
    }
}

impl std::ops::Mul<f64> for Point {
    type Output = Point;
    fn mul(self, factor: f64) -> Point {
        Point::new(self.x * factor, self.y * factor)
    }
}

/// An axis-aligned rectangle in model space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Lower-left corner (smallest x and y).
    pub min: Point,
    /// Upper-right corner (largest x and y).
    pub max: Point,
}

impl Rect {
    /// The square of half-side `half` centred on the origin.
    pub fn centered_square(half: f64) -> Self {
        Self { min: Point::new(-half, -half), max: Point::new(half, half) }
    }

    /// Width of the rectangle.
    pub fn width(&self) -> f64 {
        self.max.x - self.min.x
    }

    /// Height of the rectangle.
    pub fn height(&self) -> f64 {
        self.max.y - self.min.y
    }
}

/// One drawing command of a [`Path`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathCommand {
    /// Start a new sub-path at the point.
    MoveTo(Point),
    /// Straight line to the point.
    LineTo(Point),
    /// Cubic Bézier curve: two control points, then the end point.
    CubicTo(Point, Point, Point),
    /// Close the current sub-path with a straight line to its start.
    Close,
}

/// A sequence of sub-paths made of lines and cubic curves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Path {
    /// The drawing commands in order.
    pub commands: Vec<PathCommand>,
}

/// Control-point distance for a quarter-circle cubic Bézier approximation.
const QUARTER_CIRCLE_KAPPA: f64 = 0.552_284_749_830_793_4;

impl Path {
    /// An empty path.
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts a new sub-path.
    pub fn move_to(&mut self, point: Point) -> &mut Self {
        self.commands.push(PathCommand::MoveTo(point));
        self
    }

    /// Adds a straight segment.
    pub fn line_to(&mut self, point: Point) -> &mut Self {
        self.commands.push(PathCommand::LineTo(point));
        self
    }

    /// Adds a cubic Bézier segment.
    pub fn cubic_to(&mut self, control1: Point, control2: Point, end: Point) -> &mut Self {
        self.commands.push(PathCommand::CubicTo(control1, control2, end));
        self
    }

    /// Closes the current sub-path.
    pub fn close(&mut self) -> &mut Self {
        self.commands.push(PathCommand::Close);
        self
    }

    /// Adds a closed polygon through `points` (nothing if fewer than two points).
    pub fn polygon(&mut self, points: &[Point]) -> &mut Self {
        if let Some((first, rest)) = points.split_first() {
            if rest.is_empty() {
                return self;
            }
            self.move_to(*first);
            for point in rest {
                self.line_to(*point);
            }
            self.close();
        }
        self
    }

    /// Adds a full circle as four cubic arcs (counter-clockwise).
    pub fn circle(&mut self, center: Point, radius: f64) -> &mut Self {
        let k = QUARTER_CIRCLE_KAPPA * radius;
        let c = center;
        self.move_to(Point::new(c.x + radius, c.y));
        self.cubic_to(
            Point::new(c.x + radius, c.y + k),
            Point::new(c.x + k, c.y + radius),
            Point::new(c.x, c.y + radius),
        );
        self.cubic_to(
            Point::new(c.x - k, c.y + radius),
            Point::new(c.x - radius, c.y + k),
            Point::new(c.x - radius, c.y),
        );
        self.cubic_to(
            Point::new(c.x - radius, c.y - k),
            Point::new(c.x - k, c.y - radius),
            Point::new(c.x, c.y - radius),
        );
        self.cubic_to(
            Point::new(c.x + k, c.y - radius),
            Point::new(c.x + radius, c.y - k),
            Point::new(c.x + radius, c.y),
        );
        self.close()
    }

    /// Appends every command of `other`.
    pub fn extend(&mut self, other: &Path) -> &mut Self {
        self.commands.extend_from_slice(&other.commands);
        self
    }

    /// Number of points the path stores (a cubic counts three).
    pub fn point_count(&self) -> usize {
        self.commands
            .iter()
            .map(|command| match command {
                PathCommand::MoveTo(_) | PathCommand::LineTo(_) => 1,
                PathCommand::CubicTo(..) => 3,
                PathCommand::Close => 0,
            })
            .sum()
    }

    /// True when the path has no commands.
    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }
}

/// An sRGB colour with straight (not premultiplied) alpha.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Color {
    /// Red, 0–255.
    pub r: u8,
    /// Green, 0–255.
    pub g: u8,
    /// Blue, 0–255.
    pub b: u8,
    /// Opacity, 0 (transparent) – 255 (opaque).
    pub a: u8,
}

impl Color {
    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Self { r, g, b, a: 255 }
    }

    /// A colour with opacity.
    pub const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Self {
        Self { r, g, b, a }
    }

    /// `#rrggbb` text (opacity is written separately in SVG).
    pub fn hex(&self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }

    /// Linear blend in sRGB space: `t = 0` gives `self`, `t = 1` gives `other`.
    pub fn lerp(self, other: Color, t: f64) -> Color {
        let t = t.clamp(0.0, 1.0);
        let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        Color::rgba(mix(self.r, other.r), mix(self.g, other.g), mix(self.b, other.b), mix(self.a, other.a))
    }

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`.
    pub fn parse_hex(text: &str) -> Option<Color> {
        let digits = text.trim().strip_prefix('#')?;
        let channel = |range: std::ops::Range<usize>| u8::from_str_radix(digits.get(range)?, 16).ok();
        match digits.len() {
            3 => {
                let short = |i: usize| channel(i..i + 1).map(|v| v * 17);
                Some(Color::rgb(short(0)?, short(1)?, short(2)?))
            }
            6 => Some(Color::rgb(channel(0..2)?, channel(2..4)?, channel(4..6)?)),
            8 => Some(Color::rgba(channel(0..2)?, channel(2..4)?, channel(4..6)?, channel(6..8)?)),
            _ => None,
        }
    }
}

/// How a self-intersecting path is filled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FillRule {
    /// A point is inside when its winding number is not zero.
    #[default]
    NonZero,
    /// A point is inside when its winding number is odd.
    EvenOdd,
}

/// A stroke: colour and width in model units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Line colour.
    pub color: Color,
    /// Line width in model units.
    pub width: f64,
}

/// Fill and stroke of a shape; either may be absent.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Style {
    /// Fill colour, if filled.
    pub fill: Option<Color>,
    /// Fill rule for self-intersecting paths.
    pub fill_rule: FillRule,
    /// Outline, if stroked.
    pub stroke: Option<Stroke>,
}

impl Style {
    /// A filled shape without outline.
    pub fn filled(color: Color) -> Self {
        Self { fill: Some(color), ..Self::default() }
    }

    /// An outlined shape without fill.
    pub fn stroked(color: Color, width: f64) -> Self {
        Self { stroke: Some(Stroke { color, width }), ..Self::default() }
    }
}

/// A path drawn with a style.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// The geometry.
    pub path: Path,
    /// How it is painted.
    pub style: Style,
}

/// A complete figure: the visible model-space area, an optional background and shapes drawn in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// The part of model space that is shown and exported.
    pub view_box: Rect,
    /// Background colour; `None` means transparent.
    pub background: Option<Color>,
    /// Shapes, painted first to last.
    pub shapes: Vec<Shape>,
}

impl Scene {
    /// An empty scene showing `view_box`.
    pub fn new(view_box: Rect, background: Option<Color>) -> Self {
        Self { view_box, background, shapes: Vec::new() }
    }

    /// Adds a shape on top.
    pub fn push(&mut self, path: Path, style: Style) {
        if !path.is_empty() {
            self.shapes.push(Shape { path, style });
        }
    }

    /// Total number of stored path points, a measure of export cost.
    pub fn point_count(&self) -> usize {
        self.shapes.iter().map(|shape| shape.path.point_count()).sum()
    }
}

/// Signed area of a closed polygon (positive when counter-clockwise).
pub fn polygon_area(points: &[Point]) -> f64 {
    let count = points.len();
    (0..count)
        .map(|i| {
            let a = points[i];
            let b = points[(i + 1) % count];
            a.x * b.y - b.x * a.y
        })
        .sum::<f64>()
        / 2.0
}

/// Winding number of the closed polygon `points` around `probe` (crossing-number rule).
pub fn polygon_winding(points: &[Point], probe: Point) -> i64 {
    let count = points.len();
    let mut winding = 0;
    for i in 0..count {
        let a = points[i];
        let b = points[(i + 1) % count];
        let side = (b.x - a.x) * (probe.y - a.y) - (probe.x - a.x) * (b.y - a.y);
        if a.y <= probe.y {
            if b.y > probe.y && side > 0.0 {
                winding += 1;
            }
        } else if b.y <= probe.y && side < 0.0 {
            winding -= 1;
        }
    }
    winding
}

/// Intersection of the infinite lines through `a1, a2` and `b1, b2`; `None` when parallel.
pub fn line_intersection(a1: Point, a2: Point, b1: Point, b2: Point) -> Option<Point> {
    let da = a2 - a1;
    let db = b2 - b1;
    let denominator = da.x * db.y - da.y * db.x;
    let scale = da.length() * db.length();
    if denominator.abs() <= 1e-12 * scale {
        return None;
    }
    let t = ((b1.x - a1.x) * db.y - (b1.y - a1.y) * db.x) / denominator;
    Some(a1 + da * t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_has_winding_one_inside_and_zero_outside() {
        let square = [Point::new(0.0, 0.0), Point::new(1.0, 0.0), Point::new(1.0, 1.0), Point::new(0.0, 1.0)];
        assert_eq!(polygon_winding(&square, Point::new(0.5, 0.5)), 1);
        assert_eq!(polygon_winding(&square, Point::new(1.5, 0.5)), 0);
        assert!((polygon_area(&square) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn hex_colours_round_trip() {
        assert_eq!(Color::parse_hex("#ff8000"), Some(Color::rgb(255, 128, 0)));
        assert_eq!(Color::parse_hex("#f80"), Some(Color::rgb(255, 136, 0)));
        assert_eq!(Color::parse_hex("#11223344"), Some(Color::rgba(0x11, 0x22, 0x33, 0x44)));
        assert_eq!(Color::parse_hex("ff8000"), None);
        assert_eq!(Color::rgb(1, 2, 255).hex(), "#0102ff");
    }

    #[test]
    fn crossing_lines_meet_where_expected() {
        let hit = line_intersection(
            Point::new(0.0, 0.0),
            Point::new(2.0, 2.0),
            Point::new(0.0, 2.0),
            Point::new(2.0, 0.0),
        );
        let hit = hit.expect("lines cross");
        assert!((hit.x - 1.0).abs() < 1e-12 && (hit.y - 1.0).abs() < 1e-12);
        assert!(
            line_intersection(
                Point::new(0.0, 0.0),
                Point::new(1.0, 0.0),
                Point::new(0.0, 1.0),
                Point::new(1.0, 1.0)
            )
            .is_none()
        );
    }
}
