//! The Fermat figures as vector scenes: a triangle with the layers of its construction and its
//! point, or N weighted points with their median. Shared by the panel, SVG and PNG export.

use super::median::{Median, WeightedPoint};
use super::triangle::FermatPoint;
use curio_core::geom::{Color, Path, Point, Rect, Scene, Style, TextAnchor, text_path};

/// Which parts of the construction a triangle figure shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct FigureLayers {
    /// The equilateral triangles erected outward on the sides.
    pub equilateral: bool,
    /// Their circumcircles, which all pass through the point.
    pub circles: bool,
    /// The lines from each apex to the opposite vertex, each as long as PA + PB + PC.
    pub lines: bool,
    /// Marks of the three 120° angles at the point.
    pub angles: bool,
    /// The vertex letters.
    pub labels: bool,
}

impl Default for FigureLayers {
    fn default() -> Self {
        Self { equilateral: true, circles: true, lines: true, angles: true, labels: true }
    }
}

impl FigureLayers {
    /// Every layer with its command-line name.
    pub const NAMES: [&'static str; 5] = ["equilateral", "circles", "lines", "angles", "labels"];

    /// No layer: the triangle and its point alone.
    pub const NONE: FigureLayers =
        FigureLayers { equilateral: false, circles: false, lines: false, angles: false, labels: false };

    /// This set with the layer named `name` (one of [`FigureLayers::NAMES`]) switched on;
    /// `None` for an unknown name.
    pub fn with(mut self, name: &str) -> Option<Self> {
        match name {
            "equilateral" => self.equilateral = true,
            "circles" => self.circles = true,
            "lines" => self.lines = true,
            "angles" => self.angles = true,
            "labels" => self.labels = true,
            _ => return None,
        }
        Some(self)
    }
}

/// Colours of the figures.
const BACKGROUND: Color = Color::rgb(255, 255, 255);
const TRIANGLE: Color = Color::rgb(30, 50, 90);
const EQUILATERAL: Color = Color::rgb(120, 160, 210);
const CIRCLE: Color = Color::rgb(160, 160, 160);
const LINE: Color = Color::rgb(200, 110, 40);
const POINT: Color = Color::rgb(200, 30, 40);

/// A square view around `points` with a margin of a tenth.
pub fn view_around(points: impl Iterator<Item = Point>) -> Rect {
    let (mut min, mut max) =
        (Point::new(f64::INFINITY, f64::INFINITY), Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY));
    for point in points {
        min = Point::new(min.x.min(point.x), min.y.min(point.y));
        max = Point::new(max.x.max(point.x), max.y.max(point.y));
    }
    let center = (min + max) * 0.5;
    let half = ((max.x - min.x).max(max.y - min.y) * 0.5).max(1e-9) * 1.1;
    Rect { min: center - Point::new(half, half), max: center + Point::new(half, half) }
}

/// The unit of line widths and label sizes in `view`: 1/400 of its width.
fn unit_of(view: Rect) -> f64 {
    view.width() / 400.0
}

/// The view that shows the whole triangle figure with `layers`.
pub fn triangle_view(vertices: [Point; 3], fermat: &FermatPoint, layers: FigureLayers) -> Rect {
    let mut extent: Vec<Point> = vertices.to_vec();
    if layers.equilateral || layers.lines {
        extent.extend(fermat.sides.iter().map(|side| side.apex));
    }
    if layers.circles {
        for side in &fermat.sides {
            extent.push(side.center - Point::new(side.radius, side.radius));
            extent.push(side.center + Point::new(side.radius, side.radius));
        }
    }
    view_around(extent.into_iter())
}

fn dot(scene: &mut Scene, at: Point, radius: f64, color: Color) {
    let mut path = Path::new();
    path.circle(at, radius);
    scene.push(path, Style::filled(color));
}

fn segment(from: Point, to: Point) -> Path {
    let mut path = Path::new();
    path.move_to(from).line_to(to);
    path
}

/// The triangle `vertices` with the `layers` of the construction of its Fermat point, showing
/// `view` (`triangle_view` for all of it) on a white background, or a transparent one when not
/// `opaque` (to lay over a heatmap).
pub fn triangle_scene(
    vertices: [Point; 3],
    fermat: &FermatPoint,
    layers: FigureLayers,
    view: Rect,
    opaque: bool,
) -> Scene {
    let unit = unit_of(view);
    let mut scene = Scene::new(view, opaque.then_some(BACKGROUND));
    if layers.circles {
        let mut path = Path::new();
        for side in &fermat.sides {
            path.circle(side.center, side.radius);
        }
        scene.push(path, Style::stroked(CIRCLE, unit));
    }
    if layers.equilateral {
        let mut path = Path::new();
        for side in &fermat.sides {
            path.polygon(&[side.side[0], side.apex, side.side[1]]);
        }
        scene.push(path, Style::stroked(EQUILATERAL, 1.5 * unit));
    }
    if layers.lines {
        let mut path = Path::new();
        for (side, vertex) in fermat.sides.iter().zip(vertices) {
            path.extend(&segment(side.apex, vertex));
        }
        scene.push(path, Style::stroked(LINE, 1.5 * unit));
    }
    let mut triangle = Path::new();
    triangle.polygon(&vertices);
    scene.push(triangle, Style::stroked(TRIANGLE, 3.0 * unit));
    let mut spokes = Path::new();
    for vertex in vertices {
        spokes.extend(&segment(fermat.point, vertex));
    }
    scene.push(spokes, Style::stroked(POINT, 1.5 * unit));
    if layers.angles && fermat.at_vertex.is_none() {
        // An arc of 120° between each pair of spokes, drawn as short chords.
        let radius = 14.0 * unit;
        let mut arcs = Path::new();
        for vertex in vertices {
            let direction = vertex - fermat.point;
            let start = direction.y.atan2(direction.x);
            let steps = 16;
            for step in 0..=steps {
                let angle =
                    start + f64::from(step) / f64::from(steps) * 2.0 * std::f64::consts::PI / 3.0 * 0.92;
                let at = fermat.point + Point::polar(radius, angle);
                if step == 0 {
                    arcs.move_to(at);
                } else {
                    arcs.line_to(at);
                }
            }
        }
        scene.push(arcs, Style::stroked(LINE, unit));
    }
    dot(&mut scene, fermat.point, 5.0 * unit, POINT);
    for vertex in vertices {
        dot(&mut scene, vertex, 4.0 * unit, TRIANGLE);
    }
    if layers.labels {
        let center = (vertices[0] + vertices[1] + vertices[2]) * (1.0 / 3.0);
        for (vertex, name) in vertices.iter().zip(["A", "B", "C"]) {
            let away = *vertex - center;
            let at = *vertex + away * (18.0 * unit / away.length().max(1e-12));
            scene.push(text_path(name, at, 16.0 * unit, TextAnchor::Center), Style::filled(TRIANGLE));
        }
        let label = fermat.point + Point::new(10.0 * unit, -14.0 * unit);
        scene.push(text_path("P", label, 16.0 * unit, TextAnchor::Center), Style::filled(POINT));
    }
    scene
}

/// The view that shows every point and the median.
pub fn median_view(points: &[WeightedPoint], median: &Median) -> Rect {
    view_around(points.iter().map(|item| item.point).chain([median.point]))
}

/// The weighted points (a dot each, its area growing with its weight) and their median, showing
/// `view` (`median_view` for all of it), on white or, when not `opaque`, transparent.
pub fn median_scene(points: &[WeightedPoint], median: &Median, view: Rect, opaque: bool) -> Scene {
    let unit = unit_of(view);
    let mut scene = Scene::new(view, opaque.then_some(BACKGROUND));
    let mut spokes = Path::new();
    for item in points {
        spokes.extend(&segment(median.point, item.point));
    }
    scene.push(spokes, Style::stroked(LINE, unit));
    let heaviest = points.iter().map(|item| item.weight).fold(0.0, f64::max).max(1e-12);
    for item in points {
        dot(&mut scene, item.point, (3.0 + 5.0 * (item.weight / heaviest).sqrt()) * unit, TRIANGLE);
    }
    dot(&mut scene, median.point, 5.0 * unit, POINT);
    scene
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fermat_point;

    #[test]
    fn every_layer_adds_to_the_figure_and_none_is_the_triangle_and_point() {
        let vertices = [Point::new(0.0, 0.0), Point::new(4.0, 0.0), Point::new(1.0, 3.0)];
        let fermat = fermat_point(vertices).unwrap();
        let view = triangle_view(vertices, &fermat, FigureLayers::default());
        let bare = triangle_scene(vertices, &fermat, FigureLayers::NONE, view, true).shapes.len();
        for name in FigureLayers::NAMES {
            let layers = FigureLayers::NONE.with(name).unwrap();
            assert!(triangle_scene(vertices, &fermat, layers, view, true).shapes.len() > bare, "{name}");
        }
        assert_eq!(FigureLayers::NONE.with("unknown"), None);
    }
}
