//! Reading the Puzlogic game window (`curio puzlogic window`) from a capture: its cells, pieces
//! and sums by their colours, and every number by a small classifier of our own: the digits 0
//! to 9 of the window's font (DejaVu Sans, the app's bundled font) rasterized here from their
//! outlines, each reduced to a grid of ink over its bounding box, and a glyph read as the
//! nearest of them (0 only after a sum's first digit). No OCR service, no network.

use crate::screen::within;
use ::puzlogic::{Cell, Line, Placement, Puzzle, Sum};
use curio_core::geom::{PathCommand, Point, TextAnchor, text_path};
use image::RgbaImage;

/// The window's colours (see `app::puzlogic_window`).
pub mod colours {
    /// An empty cell.
    pub const EMPTY: [u8; 3] = [0xff, 0xff, 0xff];
    /// A given cell.
    pub const GIVEN: [u8; 3] = [0x40, 0x40, 0x48];
    /// A piece.
    pub const PIECE: [u8; 3] = [0x2f, 0x6e, 0xc8];
    /// A piece that breaks a rule.
    pub const WRONG: [u8; 3] = [0xd0, 0x30, 0x30];
    /// The tray's band.
    pub const TRAY: [u8; 3] = [0xdd, 0xe4, 0xee];
    /// Sum labels.
    pub const SUM: [u8; 3] = [0x8a, 0x5a, 0x10];
}

/// Columns and rows of a glyph's feature grid.
const GRID: (usize, usize) = (6, 9);

type Features = [f32; GRID.0 * GRID.1];

/// The nine digits' features, from their outlines.
pub struct Digits {
    templates: Vec<(u8, Features)>,
}

impl Default for Digits {
    fn default() -> Self {
        Self::new()
    }
}

impl Digits {
    /// Rasterizes the digits 0 to 9 of the bundled font at 64 pixels and keeps their features
    /// (0 appears only inside sums).
    pub fn new() -> Self {
        let templates = (0..=9u8)
            .map(|digit| {
                let path = text_path(&digit.to_string(), Point::new(0.0, 0.0), 64.0, TextAnchor::Center);
                // Flatten to polygons (cubics in eight steps), y up in font space.
                let mut polygons: Vec<Vec<Point>> = Vec::new();
                let mut current: Vec<Point> = Vec::new();
                for command in &path.commands {
                    match *command {
                        PathCommand::MoveTo(p) => {
                            if current.len() > 2 {
                                polygons.push(std::mem::take(&mut current));
                            }
                            current = vec![p];
                        }
                        PathCommand::LineTo(p) => current.push(p),
                        PathCommand::CubicTo(a, b, end) => {
                            let start = *current.last().unwrap_or(&end);
                            for step in 1..=8 {
                                let t = step as f64 / 8.0;
                                let u = 1.0 - t;
                                let x = u * u * u * start.x
                                    + 3.0 * u * u * t * a.x
                                    + 3.0 * u * t * t * b.x
                                    + t * t * t * end.x;
                                let y = u * u * u * start.y
                                    + 3.0 * u * u * t * a.y
                                    + 3.0 * u * t * t * b.y
                                    + t * t * t * end.y;
                                current.push(Point::new(x, y));
                            }
                        }
                        PathCommand::Close => {
                            if current.len() > 2 {
                                polygons.push(std::mem::take(&mut current));
                            }
                        }
                    }
                }
                if current.len() > 2 {
                    polygons.push(current);
                }
                let (mut low, mut high) = (Point::new(f64::MAX, f64::MAX), Point::new(f64::MIN, f64::MIN));
                for p in polygons.iter().flatten() {
                    low = Point::new(low.x.min(p.x), low.y.min(p.y));
                    high = Point::new(high.x.max(p.x), high.y.max(p.y));
                }
                let (width, height) =
                    ((high.x - low.x).ceil() as usize + 1, (high.y - low.y).ceil() as usize + 1);
                let mut ink = vec![false; width * height];
                for row in 0..height {
                    for col in 0..width {
                        // Pixel centres; image rows go down, font y goes up.
                        let probe = Point::new(low.x + col as f64 + 0.5, high.y - row as f64 - 0.5);
                        let winding: i64 = polygons
                            .iter()
                            .map(|polygon| curio_core::geom::polygon_winding(polygon, probe))
                            .sum();
                        ink[row * width + col] = winding != 0;
                    }
                }
                (digit, features(&ink, width, height))
            })
            .collect();
        Self { templates }
    }

    /// The digit (1 to 9) nearest to a glyph's ink (a mask of `width` x `height`), with its
    /// distance.
    pub fn classify(&self, ink: &[bool], width: usize, height: usize) -> Option<(u8, f32)> {
        self.classify_among(ink, width, height, 1)
    }

    /// The digit from `lowest` to 9 nearest to a glyph's ink.
    pub fn classify_among(&self, ink: &[bool], width: usize, height: usize, lowest: u8) -> Option<(u8, f32)> {
        let (left, top, right, bottom) = bounding_box(ink, width, height)?;
        let (w, h) = (right - left + 1, bottom - top + 1);
        let mut cropped = vec![false; w * h];
        for row in 0..h {
            for col in 0..w {
                cropped[row * w + col] = ink[(top + row) * width + left + col];
            }
        }
        let found = features(&cropped, w, h);
        self.templates
            .iter()
            .filter(|(digit, _)| *digit >= lowest)
            .map(|(digit, template)| {
                (*digit, template.iter().zip(&found).map(|(a, b)| (a - b).abs()).sum::<f32>())
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }
}

fn bounding_box(ink: &[bool], width: usize, height: usize) -> Option<(usize, usize, usize, usize)> {
    let mut found: Option<(usize, usize, usize, usize)> = None;
    for row in 0..height {
        for col in 0..width {
            if ink[row * width + col] {
                found = Some(match found {
                    None => (col, row, col, row),
                    Some((l, t, r, b)) => (l.min(col), t.min(row), r.max(col), b.max(row)),
                });
            }
        }
    }
    found
}

/// Ink fractions over a 6 x 9 grid of the whole mask (already cropped to its bounding box),
/// with the aspect ratio as the last feature (a "1" is narrow).
fn features(ink: &[bool], width: usize, height: usize) -> Features {
    let mut out = [0f32; GRID.0 * GRID.1];
    for gy in 0..GRID.1 {
        for gx in 0..GRID.0 {
            let (x0, x1) = (gx * width / GRID.0, ((gx + 1) * width / GRID.0).max(gx * width / GRID.0 + 1));
            let (y0, y1) = (gy * height / GRID.1, ((gy + 1) * height / GRID.1).max(gy * height / GRID.1 + 1));
            let mut count = 0;
            let mut total = 0;
            for y in y0..y1.min(height) {
                for x in x0..x1.min(width) {
                    total += 1;
                    count += ink[y * width + x] as usize;
                }
            }
            out[gy * GRID.0 + gx] = count as f32 / total.max(1) as f32;
        }
    }
    out[GRID.0 * GRID.1 - 1] = 2.0 * width as f32 / height as f32;
    out
}

/// A square found in a capture: its box and fill.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Square {
    /// Left, top, right, bottom in pixels.
    pub rect: [u32; 4],
    /// Its fill colour.
    pub fill: [u8; 3],
}

/// Where the window's board and tray are.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The top-left of cell (0, 0) (the first row and column holding a cell).
    pub origin: [f64; 2],
    /// Cell pitch in pixels.
    pub pitch: f64,
    /// Rows and columns from the origin.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The top of the tray band.
    pub tray_top: u32,
    /// The box of the board's cells and the tray's pieces, `[left, top, right, bottom]`.
    pub extent: [f64; 4],
}

/// What the window shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// The puzzle (pieces: those in the tray and those placed).
    pub puzzle: Puzzle,
    /// Pieces on the board.
    pub placed: Vec<Placement>,
    /// Pieces in the tray: number and centre in pixels.
    pub tray: Vec<(u8, [f64; 2])>,
}

/// Finds solid squares of the given fills: connected components of pixels close to a fill whose
/// box is square and at least `min_side` wide.
pub fn squares(image: &RgbaImage, fills: &[[u8; 3]], area: [u32; 4], min_side: u32) -> Vec<Square> {
    let (width, height) = image.dimensions();
    let [left, top, right, bottom] = [area[0], area[1], area[2].min(width), area[3].min(height)];
    let mut seen = vec![false; (width * height) as usize];
    let mut found = Vec::new();
    for y in top..bottom {
        for x in left..right {
            if seen[(y * width + x) as usize] {
                continue;
            }
            let Some(&fill) = fills.iter().find(|&&f| within(image.get_pixel(x, y).0, f, 8)) else {
                continue;
            };
            // Flood fill.
            let mut stack = vec![(x, y)];
            seen[(y * width + x) as usize] = true;
            let mut rect = [x, y, x, y];
            while let Some((px, py)) = stack.pop() {
                rect = [rect[0].min(px), rect[1].min(py), rect[2].max(px), rect[3].max(py)];
                for (nx, ny) in
                    [(px.wrapping_sub(1), py), (px + 1, py), (px, py.wrapping_sub(1)), (px, py + 1)]
                {
                    if nx >= left
                        && nx < right
                        && ny >= top
                        && ny < bottom
                        && !seen[(ny * width + nx) as usize]
                        && within(image.get_pixel(nx, ny).0, fill, 8)
                    {
                        seen[(ny * width + nx) as usize] = true;
                        stack.push((nx, ny));
                    }
                }
            }
            let (w, h) = (rect[2] - rect[0] + 1, rect[3] - rect[1] + 1);
            if w >= min_side && h >= min_side && w.abs_diff(h) <= w / 8 + 1 {
                found.push(Square { rect, fill });
            }
        }
    }
    found
}

/// The ink of light text on a square (pixels brighter than 180 in every channel inside it,
/// a margin in).
fn light_ink(image: &RgbaImage, rect: [u32; 4]) -> (Vec<bool>, usize, usize) {
    let margin = (rect[2] - rect[0]) / 10;
    let (x0, y0, x1, y1) = (rect[0] + margin, rect[1] + margin, rect[2] - margin, rect[3] - margin);
    let (w, h) = ((x1 - x0 + 1) as usize, (y1 - y0 + 1) as usize);
    let mut ink = vec![false; w * h];
    for y in 0..h {
        for x in 0..w {
            let p = image.get_pixel(x0 + x as u32, y0 + y as u32);
            ink[y * w + x] = p[0] > 180 && p[1] > 180 && p[2] > 180;
        }
    }
    (ink, w, h)
}

/// Reads the number on a square.
fn square_number(image: &RgbaImage, square: &Square, digits: &Digits) -> Option<u8> {
    let (ink, w, h) = light_ink(image, square.rect);
    digits.classify(&ink, w, h).map(|(digit, _)| digit)
}

/// Finds the layout of the window in a capture.
pub fn calibrate(image: &RgbaImage) -> Result<(Layout, Vec<Square>, Vec<Square>), String> {
    let (width, height) = image.dimensions();
    let tray_top = (0..height)
        .find(|&y| {
            (0..width).filter(|&x| within(image.get_pixel(x, y).0, colours::TRAY, 6)).count() as u32
                > width / 2
        })
        .ok_or("no tray band found")?;
    let board = squares(
        image,
        &[colours::EMPTY, colours::GIVEN, colours::PIECE, colours::WRONG],
        [0, 0, width, tray_top],
        20,
    );
    let tray = squares(image, &[colours::PIECE], [0, tray_top, width, height], 20);
    if board.is_empty() {
        return Err("no cells found above the tray".into());
    }
    let side = board.iter().map(|s| s.rect[2] - s.rect[0] + 1).max().unwrap_or(1) as f64;
    let mut lefts: Vec<u32> = board.iter().map(|s| s.rect[0]).collect();
    let mut tops: Vec<u32> = board.iter().map(|s| s.rect[1]).collect();
    lefts.sort_unstable();
    lefts.dedup();
    tops.sort_unstable();
    tops.dedup();
    let gaps =
        lefts.windows(2).chain(tops.windows(2)).map(|w| (w[1] - w[0]) as f64).filter(|&g| g > side * 0.5);
    let pitch = gaps.fold(f64::MAX, f64::min);
    let pitch = if pitch == f64::MAX { side * 56.0 / 50.0 } else { pitch };
    let origin = [lefts[0] as f64, tops[0] as f64];
    let rows = ((*tops.last().unwrap() as f64 - origin[1]) / pitch).round() as usize + 1;
    let cols = ((*lefts.last().unwrap() as f64 - origin[0]) / pitch).round() as usize + 1;
    let mut extent = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
    for square in board.iter().chain(&tray) {
        extent = [
            extent[0].min(square.rect[0] as f64),
            extent[1].min(square.rect[1] as f64),
            extent[2].max(square.rect[2] as f64 + 1.0),
            extent[3].max(square.rect[3] as f64 + 1.0),
        ];
    }
    Ok((Layout { origin, pitch, rows, cols, tray_top, extent }, board, tray))
}

/// Reads the puzzle the window shows.
pub fn read(image: &RgbaImage, digits: &Digits) -> Result<(Layout, Shown), String> {
    let (layout, board, tray_squares) = calibrate(image)?;
    let mut cells = vec![Cell::Hole; layout.rows * layout.cols];
    let mut placed = Vec::new();
    let mut pieces = Vec::new();
    for square in &board {
        let c = ((square.rect[0] as f64 - layout.origin[0]) / layout.pitch).round() as usize;
        let r = ((square.rect[1] as f64 - layout.origin[1]) / layout.pitch).round() as usize;
        if r >= layout.rows || c >= layout.cols {
            continue;
        }
        cells[r * layout.cols + c] = if square.fill == colours::GIVEN {
            Cell::Given(
                square_number(image, square, digits)
                    .ok_or(format!("no number in the given at row {r}, column {c}"))?,
            )
        } else {
            if square.fill != colours::EMPTY {
                let v = square_number(image, square, digits)
                    .ok_or(format!("no number on the piece at row {r}, column {c}"))?;
                placed.push((r, c, v));
                pieces.push(v);
            }
            Cell::Empty
        };
    }
    let mut tray = Vec::new();
    for square in &tray_squares {
        let v = square_number(image, square, digits).ok_or("no number on a tray piece")?;
        pieces.push(v);
        tray.push((
            v,
            [(square.rect[0] + square.rect[2]) as f64 / 2.0, (square.rect[1] + square.rect[3]) as f64 / 2.0],
        ));
    }
    pieces.sort_unstable();
    let sums = read_sums(image, &layout, digits);
    placed.sort_unstable();
    let puzzle = Puzzle { rows: layout.rows, cols: layout.cols, cells, pieces, sums };
    Ok((layout, Shown { puzzle, placed, tray }))
}

/// Sum labels: brown digits right of a row's last column or under a column's last row.
fn read_sums(image: &RgbaImage, layout: &Layout, digits: &Digits) -> Vec<Sum> {
    let (width, _) = image.dimensions();
    let board_right = (layout.origin[0] + layout.cols as f64 * layout.pitch) as u32;
    let board_bottom = (layout.origin[1] + layout.rows as f64 * layout.pitch) as u32;
    let mut sums = Vec::new();
    // Row sums: a strip per row right of the board.
    for r in 0..layout.rows {
        let top = (layout.origin[1] + r as f64 * layout.pitch) as u32;
        let area = [board_right.saturating_sub(4), top, width, top + layout.pitch as u32];
        if let Some(value) = label(image, area, digits) {
            sums.push(Sum { line: Line::Row(r), target: value });
        }
    }
    for c in 0..layout.cols {
        let left = (layout.origin[0] + c as f64 * layout.pitch) as u32;
        let area = [left, board_bottom.saturating_sub(4), left + layout.pitch as u32, layout.tray_top];
        if let Some(value) = label(image, area, digits) {
            sums.push(Sum { line: Line::Col(c), target: value });
        }
    }
    sums
}

/// The number written in sum brown inside `area`, its digits split at empty columns.
fn label(image: &RgbaImage, area: [u32; 4], digits: &Digits) -> Option<u32> {
    let (width, height) = image.dimensions();
    let [x0, y0, x1, y1] = [area[0], area[1], area[2].min(width), area[3].min(height)];
    if x1 <= x0 || y1 <= y0 {
        return None;
    }
    let (w, h) = ((x1 - x0) as usize, (y1 - y0) as usize);
    let ink: Vec<bool> = (0..h * w)
        .map(|i| {
            within(image.get_pixel(x0 + (i % w) as u32, y0 + (i / w) as u32).0, colours::SUM, 70) && {
                let p = image.get_pixel(x0 + (i % w) as u32, y0 + (i / w) as u32);
                p[0] as i32 - p[2] as i32 > 40
            }
        })
        .collect();
    let column_inked: Vec<bool> = (0..w).map(|x| (0..h).any(|y| ink[y * w + x])).collect();
    let mut value = None::<u32>;
    let mut x = 0;
    while x < w {
        if !column_inked[x] {
            x += 1;
            continue;
        }
        let start = x;
        while x < w && column_inked[x] {
            x += 1;
        }
        let glyph: Vec<bool> =
            (0..h).flat_map(|y| (start..x).map(move |xx| (y, xx))).map(|(y, xx)| ink[y * w + xx]).collect();
        // A leading digit is 1 to 9; later ones may be 0.
        let lowest = if value.is_some() { 0 } else { 1 };
        let (digit, _) = digits.classify_among(&glyph, x - start, h, lowest)?;
        value = Some(value.unwrap_or(0) * 10 + digit as u32);
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_templates_tell_the_digits_apart() {
        let digits = Digits::new();
        for (digit, template) in &digits.templates {
            let nearest_other = digits
                .templates
                .iter()
                .filter(|(other, _)| other != digit)
                .map(|(_, t)| t.iter().zip(template).map(|(a, b)| (a - b).abs()).sum::<f32>())
                .fold(f32::MAX, f32::min);
            assert!(nearest_other > 1.0, "{digit} is too close to another digit: {nearest_other}");
        }
    }
}
