//! Builds the vector scene of a star in one of its styles, with the optional construction overlay.

use super::{StarGeometry, StarSpec};
use curio_core::geom::{Color, FillRule, Path, Point, Rect, Scene, Style, TextAnchor, text_path};
use serde::{Deserialize, Serialize};

/// How the star is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StarStyle {
    /// The simple 2n-vertex boundary from the two-circle construction.
    Outline,
    /// The n tips joined every d-th (a compound when gcd(n, d) > 1).
    #[default]
    Polygram,
    /// Every region coloured by its winding number.
    Density,
}

impl StarStyle {
    /// All styles, for menus.
    pub const ALL: [StarStyle; 3] = [StarStyle::Outline, StarStyle::Polygram, StarStyle::Density];

    /// Lower-case name as used on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            StarStyle::Outline => "outline",
            StarStyle::Polygram => "polygram",
            StarStyle::Density => "density",
        }
    }
}

/// Everything that decides how a star figure looks, apart from {n/d}. Serializable so the GUI can
/// persist it; the CLI uses the defaults.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FigureOptions {
    /// Drawing style.
    pub style: StarStyle,
    /// Rotation in degrees, counter-clockwise (0 = first tip up).
    pub rotation_degrees: f64,
    /// Line width as a fraction of the tip radius.
    pub stroke_width: f64,
    /// Line colour.
    pub line_color: Color,
    /// Fill colour of the outline/polygram, if filled.
    pub fill: Option<Color>,
    /// Background; `None` is transparent.
    pub background: Option<Color>,
    /// Colour of density 1 in the density style.
    pub density_low: Color,
    /// Colour of the highest density in the density style.
    pub density_high: Color,
    /// Draw the two construction circles and the labels of tips and inner corners.
    pub construction: bool,
}

impl Default for FigureOptions {
    fn default() -> Self {
        Self {
            style: StarStyle::Polygram,
            rotation_degrees: 0.0,
            stroke_width: 0.012,
            line_color: Color::rgb(0x1f, 0x3b, 0x73),
            fill: Some(Color::rgb(0xf6, 0xd3, 0x65)),
            background: Some(Color::rgb(0xff, 0xff, 0xff)),
            density_low: Color::rgb(0xfd, 0xe7, 0x9a),
            density_high: Color::rgb(0x8c, 0x1c, 0x3c),
            construction: false,
        }
    }
}

/// Most labels drawn by the construction overlay; beyond this only the circles are drawn.
pub const MAX_LABELLED_POINTS: u32 = 60;

/// Half-side of the square view box for a unit star: room for the labels and the stroke.
pub fn view_half_extent(options: &FigureOptions) -> f64 {
    let label_room = if options.construction { 0.14 } else { 0.0 };
    1.04 + options.stroke_width + label_room
}

/// Density colour of winding number `winding` (1..=d) in a star of density `d`.
pub fn density_color(options: &FigureOptions, winding: u32, d: u32) -> Color {
    let t = if d <= 1 { 0.0 } else { f64::from(winding - 1) / f64::from(d - 1) };
    options.density_low.lerp(options.density_high, t)
}

/// The scene of {n/d} with tip radius 1 in the given style.
pub fn figure_scene(spec: StarSpec, options: &FigureOptions) -> Scene {
    let star = StarGeometry { spec, radius: 1.0, rotation: options.rotation_degrees.to_radians() };
    let mut scene = Scene::new(Rect::centered_square(view_half_extent(options)), options.background);
    let line = Style::stroked(options.line_color, line_width(spec, options));
    match options.style {
        StarStyle::Outline => {
            let mut path = Path::new();
            path.polygon(&star.outline());
            scene.push(path, Style { fill: options.fill, ..line });
        }
        StarStyle::Polygram => {
            // The non-zero fill of the polygram is exactly the outline's interior; filling the
            // simple outline instead of the self-crossing polygram keeps rasterization linear.
            if let Some(fill) = options.fill {
                let mut outline = Path::new();
                outline.polygon(&star.outline());
                scene.push(outline, Style { fill: Some(fill), fill_rule: FillRule::NonZero, stroke: None });
            }
            let mut path = Path::new();
            for cycle in star.polygram_cycles() {
                path.polygon(&cycle);
            }
            scene.push(path, line);
        }
        StarStyle::Density => {
            for (index, level) in star.density_levels().iter().enumerate() {
                let mut path = Path::new();
                path.polygon(level);
                let color = density_color(options, index as u32 + 1, spec.d());
                scene.push(path, Style::filled(color));
            }
            scene.shapes.extend(density_overlay_scene(spec, options).shapes);
            return scene;
        }
    }
    if options.construction {
        add_construction(&mut scene, &star, options);
    }
    scene
}

/// The density style's line work alone: polygram edges and the construction, transparent
/// background. The GUI draws it over the GPU (or CPU) winding-number view.
pub fn density_overlay_scene(spec: StarSpec, options: &FigureOptions) -> Scene {
    let star = StarGeometry { spec, radius: 1.0, rotation: options.rotation_degrees.to_radians() };
    let mut scene = Scene::new(Rect::centered_square(view_half_extent(options)), None);
    let mut edges = Path::new();
    for cycle in star.polygram_cycles() {
        edges.polygon(&cycle);
    }
    scene.push(edges, Style::stroked(options.line_color, line_width(spec, options) * 0.5));
    if options.construction {
        add_construction(&mut scene, &star, options);
    }
    scene
}

/// The drawn line width: the chosen width, thinned for large n so that neighbouring edges stay
/// apart (at most half the gap between adjacent inner corners, 2π·i/n, for a unit star).
pub fn line_width(spec: StarSpec, options: &FigureOptions) -> f64 {
    let gap = 2.0 * std::f64::consts::PI * spec.inner_radius_ratio() / f64::from(spec.n());
    options.stroke_width.min(0.5 * gap)
}

/// Most path points a star figure may have for export (the density style needs 2·n·d).
pub const MAX_FIGURE_POINTS: usize = 20_000_000;

/// Number of path points `figure_scene` would produce, without building it.
pub fn figure_point_count(spec: StarSpec, options: &FigureOptions) -> usize {
    let n = spec.n() as usize;
    match options.style {
        StarStyle::Outline => 2 * n,
        StarStyle::Polygram => 3 * n,
        StarStyle::Density => 2 * n * spec.d() as usize + n,
    }
}

/// The density view as a raster of `size`×`size` pixels, computed per pixel from the O(1)
/// winding number (3×3 samples per pixel), in parallel. Mirrors the GPU shader; used where no
/// GPU pipeline exists. Any n and d, in O(size²).
pub fn density_image(spec: StarSpec, options: &FigureOptions, size: u32) -> image::RgbaImage {
    use rayon::prelude::*;
    let size = size.max(1);
    let half = view_half_extent(options);
    let rotation = options.rotation_degrees.to_radians();
    let background = options.background.unwrap_or(Color::rgba(0, 0, 0, 0));
    let scale = 2.0 * half / f64::from(size);
    let colors: Vec<[f64; 4]> = (0..=spec.d())
        .map(|w| {
            let c = if w == 0 { background } else { density_color(options, w, spec.d()) };
            [f64::from(c.r), f64::from(c.g), f64::from(c.b), f64::from(c.a)]
        })
        .collect();
    let mut data = vec![0u8; size as usize * size as usize * 4];
    data.par_chunks_mut(size as usize * 4).enumerate().for_each(|(row, pixels)| {
        for column in 0..size as usize {
            let mut sum = [0.0; 4];
            for sy in 0..3 {
                for sx in 0..3 {
                    let x = -half + (column as f64 + (f64::from(sx) + 0.5) / 3.0) * scale;
                    let y = half - (row as f64 + (f64::from(sy) + 0.5) / 3.0) * scale;
                    let rho = x.hypot(y);
                    let phi = y.atan2(x) - rotation;
                    let w = super::winding_number_polar(spec.n(), spec.d(), rho, phi) as usize;
                    let color = colors[w.min(colors.len() - 1)];
                    for channel in 0..4 {
                        sum[channel] += color[channel];
                    }
                }
            }
            for channel in 0..4 {
                pixels[column * 4 + channel] = (sum[channel] / 9.0).round() as u8;
            }
        }
    });
    image::RgbaImage::from_raw(size, size, data).unwrap_or_else(|| image::RgbaImage::new(size, size))
}

/// Label of point `index` in the lettering of the star-polygon blog post (see the module `star`): tips A, B, …, then inner corners, then the
/// centre. Falls back to T1…/I1… when 2n + 1 letters are not enough.
fn point_label(index: u32, n: u32, kind: LabelKind) -> String {
    let letters = 2 * n < 26;
    match (kind, letters) {
        (LabelKind::Tip, true) => char::from(b'A' + index as u8).to_string(),
        (LabelKind::Inner, true) => char::from(b'A' + (n + index) as u8).to_string(),
        (LabelKind::Center, true) => char::from(b'A' + (2 * n) as u8).to_string(),
        (LabelKind::Tip, false) => format!("T{}", index + 1),
        (LabelKind::Inner, false) => format!("I{}", index + 1),
        (LabelKind::Center, false) => "O".to_string(),
    }
}

#[derive(Clone, Copy)]
enum LabelKind {
    Tip,
    Inner,
    Center,
}

fn add_construction(scene: &mut Scene, star: &StarGeometry, options: &FigureOptions) {
    let guide = Color::rgba(0x55, 0x66, 0x88, 0xc0);
    let width = (options.stroke_width * 0.4).max(0.002);
    let mut circles = Path::new();
    circles.circle(Point::default(), star.radius);
    circles.circle(Point::default(), star.inner_radius());
    scene.push(circles, Style::stroked(guide, width));
    let n = star.spec.n();
    if n > MAX_LABELLED_POINTS {
        return;
    }
    let mut dots = Path::new();
    let dot = 0.012_f64.max(options.stroke_width * 0.8);
    for point in star.tips().iter().chain(star.inner_corners().iter()) {
        dots.circle(*point, dot);
    }
    dots.circle(Point::default(), dot);
    scene.push(dots, Style::filled(guide));
    let size = if n <= 12 { 0.075 } else { 0.05 };
    let mut labels = Path::new();
    for (index, tip) in star.tips().iter().enumerate() {
        let at = *tip * ((star.radius + 0.08) / star.radius);
        labels.extend(&text_path(
            &point_label(index as u32, n, LabelKind::Tip),
            at,
            size,
            TextAnchor::Center,
        ));
    }
    let inner = star.inner_radius();
    for (index, corner) in star.inner_corners().iter().enumerate() {
        let at = *corner * ((inner + 0.06) / inner.max(1e-9));
        labels.extend(&text_path(
            &point_label(index as u32, n, LabelKind::Inner),
            at,
            size * 0.85,
            TextAnchor::Center,
        ));
    }
    let center_label = point_label(0, n, LabelKind::Center);
    labels.extend(&text_path(&center_label, Point::new(0.03, -0.05), size * 0.85, TextAnchor::Left));
    scene.push(labels, Style::filled(options.line_color));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pentagram_labels_follow_the_seed() {
        assert_eq!(point_label(0, 5, LabelKind::Tip), "A");
        assert_eq!(point_label(0, 5, LabelKind::Inner), "F");
        assert_eq!(point_label(0, 5, LabelKind::Center), "K");
        assert_eq!(point_label(3, 20, LabelKind::Tip), "T4");
    }

    #[test]
    fn density_scene_has_one_fill_per_level_plus_edges() {
        let spec = StarSpec::new(7, 3).unwrap();
        let options = FigureOptions { style: StarStyle::Density, ..FigureOptions::default() };
        assert_eq!(figure_scene(spec, &options).shapes.len(), 4);
    }
}
