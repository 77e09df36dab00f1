//! Every colour the app paints with (figure colours live in the figure options).

use eframe::egui::Color32;

/// Canvas background behind figures.
pub const CANVAS_BACKGROUND: Color32 = Color32::from_rgb(0xf4, 0xf1, 0xea);
/// Frame drawn around the canvas and thumbnails.
pub const CANVAS_BORDER: Color32 = Color32::from_rgb(0x9a, 0x94, 0x88);
/// Highlight of the selected gallery thumbnail.
pub const SELECTED: Color32 = Color32::from_rgb(0xe0, 0x7a, 0x1f);
/// Marker of compound stars in the gallery.
pub const COMPOUND: Color32 = Color32::from_rgb(0x6a, 0x3d, 0x9a);
/// Error text.
pub const ERROR: Color32 = Color32::from_rgb(0xd0, 0x30, 0x30);
/// Success text.
pub const SUCCESS: Color32 = Color32::from_rgb(0x2e, 0x8b, 0x3e);
/// Secondary text (hints, notes).
pub const HINT: Color32 = Color32::from_rgb(0x8a, 0x8a, 0x8a);
/// Integer lengths written on the Fermat canvas.
pub const LENGTH_LABEL: Color32 = Color32::from_rgb(0x20, 0x20, 0x20);
/// Backing of those labels, so that they read over the field and the lines.
pub const LENGTH_LABEL_BACKGROUND: Color32 = Color32::from_rgba_premultiplied(0xf0, 0xf0, 0xf0, 0xf0);

/// Converts a figure colour to egui's.
pub fn color32(color: curio_core::geom::Color) -> Color32 {
    Color32::from_rgba_unmultiplied(color.r, color.g, color.b, color.a)
}

/// Converts egui's colour back to a figure colour.
pub fn figure_color(color: Color32) -> curio_core::geom::Color {
    let [r, g, b, a] = color.to_srgba_unmultiplied();
    curio_core::geom::Color::rgba(r, g, b, a)
}

/// A figure colour as normalised RGBA for shader uniforms (gamma space, straight alpha).
pub fn rgba_f32(color: curio_core::geom::Color) -> [f32; 4] {
    [color.r, color.g, color.b, color.a].map(|channel| f32::from(channel) / 255.0)
}

/// The font family of DejaVu Sans alone (see [`install_fonts`]).
pub const DEJAVU: &str = "dejavu";

/// Adds the bundled DejaVu Sans (the font of figure labels) as a fallback for every family, so
/// symbols such as ◆, × and ° always have glyphs.
pub fn install_fonts(ctx: &eframe::egui::Context) {
    use eframe::egui::{FontData, FontDefinitions, FontFamily};
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        "dejavu-sans".to_string(),
        std::sync::Arc::new(FontData::from_static(curio_core::geom::FONT_BYTES)),
    );
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts.families.entry(family).or_default().push("dejavu-sans".to_string());
    }
    // DejaVu Sans alone, for numbers a program reads back (the Puzlogic window's).
    fonts.families.insert(FontFamily::Name(DEJAVU.into()), vec!["dejavu-sans".to_string()]);
    ctx.set_fonts(fonts);
}

/// Covered minesweeper cell (classic grey).
pub const MINES_COVERED: Color32 = Color32::from_rgb(0xc0, 0xc0, 0xc0);
/// Revealed minesweeper cell.
pub const MINES_REVEALED: Color32 = Color32::from_rgb(0xe4, 0xe4, 0xe4);
/// Light edge of a raised covered cell.
pub const MINES_RAISED_LIGHT: Color32 = Color32::from_rgb(0xf8, 0xf8, 0xf8);
/// Dark edge of a raised covered cell.
pub const MINES_RAISED_DARK: Color32 = Color32::from_rgb(0x80, 0x80, 0x80);
/// The mine that ended the game.
pub const MINES_EXPLODED: Color32 = Color32::from_rgb(0xe0, 0x30, 0x30);
/// Flag glyph.
pub const MINES_FLAG: Color32 = Color32::from_rgb(0xd0, 0x10, 0x10);
/// Marker of a certain-safe cell.
pub const MINES_SAFE: Color32 = Color32::from_rgb(0x10, 0x90, 0x30);
/// Marker of a certain mine.
pub const MINES_MINE: Color32 = Color32::from_rgb(0x90, 0x10, 0x10);
/// Classic digit colours, index = the number (0 unused).
pub const MINES_DIGITS: [Color32; 9] = [
    Color32::TRANSPARENT,
    Color32::from_rgb(0x00, 0x00, 0xff),
    Color32::from_rgb(0x00, 0x80, 0x00),
    Color32::from_rgb(0xff, 0x00, 0x00),
    Color32::from_rgb(0x00, 0x00, 0x80),
    Color32::from_rgb(0x80, 0x00, 0x00),
    Color32::from_rgb(0x00, 0x80, 0x80),
    Color32::from_rgb(0x00, 0x00, 0x00),
    Color32::from_rgb(0x80, 0x80, 0x80),
];

/// Heatmap colour of a mine probability: green (safe) through yellow to red (mine).
pub fn heat(probability: f32) -> Color32 {
    let p = probability.clamp(0.0, 1.0);
    let (r, g) = if p < 0.5 { (p * 2.0, 1.0) } else { (1.0, (1.0 - p) * 2.0) };
    Color32::from_rgb((60.0 + 190.0 * r) as u8, (60.0 + 170.0 * g) as u8, 70)
}

/// The face button's yellow.
pub const MINES_FACE: Color32 = Color32::from_rgb(0xff, 0xe0, 0x30);
