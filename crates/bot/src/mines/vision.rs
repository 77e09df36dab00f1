//! Reading a minesweeper board from a screenshot, with no prior knowledge of its size or place.
//!
//! **Calibration** finds the grid from the regular spacing of its cell edges: the count of
//! vertical edges per column (and horizontal edges per row) is periodic with the cell pitch, so
//! its autocorrelation gives the pitch, a fine search over pitch and phase gives the lattice
//! (fractional pitches too, as under display scaling), and the board is the largest rectangle of
//! lattice cells that look like cells (a flat dominant colour inside, edges on their borders).
//! The covered cells' colour is learned there (calibrate on a new game, as a player would).
//!
//! **Reading** a cell looks at its interior: its background (the dominant colour), its ink (the
//! pixels far from the background) and the ink's mean colour. A [`Theme`] says how numbers are
//! told apart: by the ink's colour (classic: 1 blue, 2 green, 3 red, ...) or by the background's
//! (tinted, as GNOME Mines draws them). A cell that fits nothing reads as [`CellRead::Unknown`],
//! and the bot captures again rather than act on it.
//!
//! Cost: calibration is linear in the pixels plus a search of about 10^5 lattice scores; a read
//! is linear in the board's pixels.

use image::{Rgba, RgbaImage};
use serde::Serialize;

/// How a target draws its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Coloured digits on a flat revealed background (Windows' Minesweeper and its clones, and
    /// `curio mines window`); flags are red marks, mines black, the exploded cell red.
    Classic,
    /// Grey digits on a background tinted by the number (GNOME Mines); flags are dark marks on
    /// covered tiles, mines sit on darker tiles after a loss.
    Tinted,
    /// Nothing known beforehand: covered and revealed cells told apart by the board's logic,
    /// digits by their ink's colour and shape, valued by the board (see [`super::learned`]).
    Learned,
}

impl Theme {
    /// Every theme.
    pub const ALL: [Theme; 3] = [Theme::Classic, Theme::Tinted, Theme::Learned];

    /// Its name on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            Theme::Classic => "classic",
            Theme::Tinted => "tinted",
            Theme::Learned => "learned",
        }
    }
}

/// Classic digit colours, 1 to 8 (Windows Minesweeper's, drawn by most clones).
pub const CLASSIC_DIGITS: [[u8; 3]; 8] = [
    [0, 0, 255],
    [0, 128, 0],
    [255, 0, 0],
    [0, 0, 128],
    [128, 0, 0],
    [0, 128, 128],
    [0, 0, 0],
    [128, 128, 128],
];

/// Tinted backgrounds, 1 to 8 (GNOME Mines' "bgcolors" theme).
const TINTED_BACKGROUNDS: [[f32; 3]; 8] = [
    [0xdd as f32, 0xfa as f32, 0xc3 as f32],
    [0xec as f32, 0xed as f32, 0xbf as f32],
    [0xed as f32, 0xda as f32, 0xb4 as f32],
    [0xed as f32, 0xc3 as f32, 0x8a as f32],
    [0xf7 as f32, 0xa1 as f32, 0xa2 as f32],
    [0xfe as f32, 0xa7 as f32, 0x85 as f32],
    [0xff as f32, 0x7d as f32, 0x60 as f32],
    [0xff as f32, 0x32 as f32, 0x3c as f32],
];

/// A calibrated board: where its cells are and what covered cells look like.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Calibration {
    /// Top-left corner of cell (0, 0) in image pixels.
    pub origin: [f64; 2],
    /// Cell pitch in pixels, across and down.
    pub pitch: [f64; 2],
    /// Columns.
    pub columns: usize,
    /// Rows.
    pub rows: usize,
    /// Where each column starts, and the last one ends (`columns + 1` positions): a toolkit that
    /// fits tiles to its window makes some a pixel wider, so `pitch` is only their mean.
    pub column_edges: Vec<f64>,
    /// Where each row starts, and the last one ends (`rows + 1` positions).
    pub row_edges: Vec<f64>,
    /// The covered cells' background colour, learned from the image.
    pub covered: [f32; 3],
    /// How numbers are drawn.
    pub theme: Theme,
    /// The revealed cells' background, where the calibration saw some (learned theme only).
    pub revealed: Option<[f32; 3]>,
    /// The ink colour of covered cells drawn with a texture (stripes, dots), where they are
    /// (learned theme only).
    pub texture: Option<[f32; 3]>,
    /// The centre of the square button beside the board (the face that starts a new game),
    /// where one was found (learned theme only).
    pub button: Option<[f64; 2]>,
}

impl Calibration {
    /// A cell's rectangle in image pixels: left, top, right, bottom.
    pub fn cell_rect(&self, row: usize, column: usize) -> [f64; 4] {
        let edge = |edges: &[f64], index: usize, origin: f64, pitch: f64| {
            edges.get(index).copied().unwrap_or(origin + index as f64 * pitch)
        };
        [
            edge(&self.column_edges, column, self.origin[0], self.pitch[0]),
            edge(&self.row_edges, row, self.origin[1], self.pitch[1]),
            edge(&self.column_edges, column + 1, self.origin[0], self.pitch[0]),
            edge(&self.row_edges, row + 1, self.origin[1], self.pitch[1]),
        ]
    }

    /// Centre of a cell in image pixels.
    pub fn cell_center(&self, row: usize, column: usize) -> [f64; 2] {
        let [left, top, right, bottom] = self.cell_rect(row, column);
        [(left + right) / 2.0, (top + bottom) / 2.0]
    }

    /// The board's rectangle in image pixels: left, top, right, bottom.
    pub fn bounds(&self) -> [f64; 4] {
        let [left, top, _, _] = self.cell_rect(0, 0);
        let [_, _, right, bottom] =
            self.cell_rect(self.rows.saturating_sub(1), self.columns.saturating_sub(1));
        [left, top, right, bottom]
    }

    /// Whether a point (image pixels) lies inside the board, at least `margin` pixels in.
    pub fn contains(&self, x: f64, y: f64, margin: f64) -> bool {
        let [left, top, right, bottom] = self.bounds();
        x >= left + margin && x <= right - margin && y >= top + margin && y <= bottom - margin
    }
}

/// Why a board could not be found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VisionError {
    /// The image is too small to hold a board.
    #[error("the image is {width}x{height} pixels, too small to hold a board")]
    TooSmall {
        /// Width.
        width: u32,
        /// Height.
        height: u32,
    },
    /// No periodic grid of cell edges was found.
    #[error("no grid of cells found: the image shows no regularly spaced cell edges")]
    NoGrid,
    /// A grid was found but no rectangle of at least 2x2 cells.
    #[error("a grid with {pitch}-pixel cells was found, but no board of at least 2x2 cells")]
    NoBoard {
        /// The pitch found.
        pitch: u32,
    },
    /// A game's window shows none of something its reader looks for (another game's reader
    /// says what).
    #[error("{0}")]
    Missing(String),
}

/// One cell as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CellRead {
    /// Not revealed.
    Covered,
    /// Flagged.
    Flag,
    /// Revealed with this many neighbouring mines (0 blank).
    Number(u8),
    /// A mine shown after a loss.
    Mine,
    /// The mine that was clicked.
    Exploded,
    /// Revealed, with a digit whose look has not been valued yet (learned theme): the id of
    /// its look.
    Glyph(u8),
    /// Fits nothing the theme knows.
    Unknown,
}

impl CellRead {
    /// One character: `#` covered, `F` flag, `.` or a digit, `*` mine, `X` exploded, a letter
    /// for a digit not valued yet (`a` for look 0), `?`.
    pub fn symbol(self) -> char {
        match self {
            CellRead::Covered => '#',
            CellRead::Flag => 'F',
            CellRead::Number(0) => '.',
            CellRead::Number(n) => char::from(b'0' + n.min(9)),
            CellRead::Mine => '*',
            CellRead::Exploded => 'X',
            CellRead::Glyph(id) if id < 26 => char::from(b'a' + id),
            CellRead::Glyph(_) | CellRead::Unknown => '?',
        }
    }
}

/// A board as read: cells row by row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardRead {
    /// Columns.
    pub columns: usize,
    /// Rows.
    pub rows: usize,
    /// Cells, row by row.
    pub cells: Vec<CellRead>,
}

impl BoardRead {
    /// The board as text, a row a line.
    pub fn to_text(&self) -> String {
        self.cells
            .chunks(self.columns.max(1))
            .map(|row| row.iter().map(|cell| cell.symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Cells reading as `kind`.
    pub fn count(&self, kind: CellRead) -> usize {
        self.cells.iter().filter(|cell| **cell == kind).count()
    }
}

fn luminance(pixel: &Rgba<u8>) -> f32 {
    0.299 * f32::from(pixel[0]) + 0.587 * f32::from(pixel[1]) + 0.114 * f32::from(pixel[2])
}

/// Least luminance step that counts as an edge.
const EDGE_STEP: f32 = 12.0;

/// Counts of vertical edges per column and horizontal edges per row, by a step in colour
/// (any channel) and only where an edge runs straight for three pixels: the lines of a grid,
/// not the slanted strokes of a texture. The learned theme's profiles.
fn straight_edge_profiles(image: &RgbaImage) -> (Vec<f32>, Vec<f32>) {
    let (width, height) = image.dimensions();
    let (w, h) = (width as usize, height as usize);
    let raw = image.as_raw();
    let step = |a: usize, b: usize| {
        let (a, b) = (a * 4, b * 4);
        (0..3).map(|c| u32::from(raw[a + c].abs_diff(raw[b + c]))).sum::<u32>() > 36
    };
    // vertical[y * w + x]: a step between (x - 1, y) and (x, y); horizontal: (x, y - 1) to (x, y).
    let mut vertical = vec![false; w * h];
    let mut horizontal = vec![false; w * h];
    for y in 0..h {
        for x in 0..w {
            let here = y * w + x;
            vertical[here] = x > 0 && step(here, here - 1);
            horizontal[here] = y > 0 && step(here, here - w);
        }
    }
    let mut columns = vec![0.0f32; w];
    let mut rows = vec![0.0f32; h];
    for (x, count) in columns.iter_mut().enumerate().take(w.saturating_sub(1)).skip(1) {
        *count = (1..h.saturating_sub(1))
            .filter(|&y| {
                let here = y * w + x;
                vertical[here] && vertical[here - w] && vertical[here + w]
            })
            .count() as f32;
    }
    for (y, count) in rows.iter_mut().enumerate().take(h.saturating_sub(1)).skip(1) {
        *count = (1..w.saturating_sub(1))
            .filter(|&x| {
                let here = y * w + x;
                horizontal[here] && horizontal[here - 1] && horizontal[here + 1]
            })
            .count() as f32;
    }
    (columns, rows)
}

/// Counts of vertical edges per column and horizontal edges per row.
fn edge_profiles(image: &RgbaImage) -> (Vec<f32>, Vec<f32>) {
    let (width, height) = image.dimensions();
    let mut columns = vec![0.0f32; width as usize];
    let mut rows = vec![0.0f32; height as usize];
    let lum: Vec<f32> = image.pixels().map(luminance).collect();
    let at = |x: u32, y: u32| lum[(y * width + x) as usize];
    for y in 1..height {
        for x in 1..width {
            let here = at(x, y);
            if (here - at(x - 1, y)).abs() > EDGE_STEP {
                columns[x as usize] += 1.0;
            }
            if (here - at(x, y - 1)).abs() > EDGE_STEP {
                rows[y as usize] += 1.0;
            }
        }
    }
    (columns, rows)
}

/// The profile's largest value within a pixel of `position`.
fn near(profile: &[f32], position: f64) -> f32 {
    let center = position.round() as i64;
    (center - 1..=center + 1)
        .filter(|&i| i >= 0 && (i as usize) < profile.len())
        .map(|i| profile[i as usize])
        .fold(0.0, f32::max)
}

/// The profile at the pixel nearest `position`.
fn at_pixel(profile: &[f32], position: f64) -> f32 {
    profile.get(position.round().max(0.0) as usize).copied().unwrap_or(0.0)
}

/// The strongest lattice in a profile: its mean pitch and the positions of the lines of its
/// longest run of strong lines.
fn lattice(profile: &[f32]) -> Option<(f64, Vec<f64>)> {
    lattice_near(profile, None)
}

/// [`lattice`], its pitch searched only within a tenth of a pixel of `hint` where given (the
/// other direction's pitch: cells are square).
fn lattice_near(profile: &[f32], hint: Option<f64>) -> Option<(f64, Vec<f64>)> {
    let n = profile.len();
    if n < 24 {
        return None;
    }
    let mean = profile.iter().sum::<f32>() / n as f32;
    let centered: Vec<f32> = profile.iter().map(|v| v - mean).collect();
    let longest = (n / 3).clamp(6, 240);
    let score = |lag: usize| -> f32 {
        (0..n - lag).map(|i| centered[i] * centered[i + lag]).sum::<f32>() / (n - lag) as f32
    };
    let scores: Vec<(usize, f32)> = (6..=longest).map(|lag| (lag, score(lag))).collect();
    let best = scores.iter().copied().max_by(|a, b| a.1.total_cmp(&b.1))?;
    if best.1 <= 0.0 {
        return None;
    }
    // Prefer the fundamental: the smallest lag whose score is close to the best's and of which
    // the best lag is a multiple. Scores are compared summed over neighbouring lags: where
    // spacings differ by a pixel, one lag's score spreads over two.
    let spread = |lag: usize| -> f32 {
        scores.iter().filter(|(other, _)| other.abs_diff(lag) <= 1).map(|(_, score)| score.max(0.0)).sum()
    };
    let mut pitch = best.0;
    for &(lag, _) in &scores {
        if lag >= best.0 {
            break;
        }
        let ratio = best.0 as f64 / lag as f64;
        if ratio.round() >= 2.0 && (ratio - ratio.round()).abs() < 0.08 && spread(lag) > 0.6 * spread(best.0)
        {
            pitch = lag;
            break;
        }
    }
    // Fine search of pitch and phase: the lattice with the longest run of consecutive strong
    // lines (a board is one run; borders and labels elsewhere do not extend it), ties broken by
    // the run's total strength.
    let mut sorted = profile.to_vec();
    sorted.sort_by(f32::total_cmp);
    let threshold = 0.35 * sorted[(sorted.len() * 95 / 100).min(sorted.len() - 1)];
    if threshold <= 0.0 {
        return None;
    }
    let (low, high) = match hint {
        Some(hint) => (hint - 0.1, hint + 0.1),
        None => ((pitch as f64 - 2.0).max(5.0), pitch as f64 + 2.0),
    };
    // Runs compared by length, then strength; at a given pitch, by the strength of their lines
    // within a pixel (a run one line longer through a border beside the board, on the weaker
    // edges of a bevel, loses to the board's own strong lines).
    let better = |a: (usize, f32), b: (usize, f32)| {
        if hint.is_some() { a.1 > b.1 } else { a.0 > b.0 || (a.0 == b.0 && a.1 > b.1) }
    };
    let mut best_fit = ((0usize, 0.0f32), low, 0.0, 0.0);
    let mut candidate = low;
    while candidate <= high {
        let mut phase = 0.0;
        while phase < candidate {
            let mut run = (0usize, 0.0f32, 0.0f64);
            let mut longest = (0usize, 0.0f32, 0.0f64);
            let mut position = phase;
            while position < n as f64 {
                // A line counts when the profile is strong within a pixel of it (edges are one
                // pixel wide and fractional pitches round either way); the exact pixel's
                // strength breaks ties, which pins the pitch.
                let strength =
                    if hint.is_some() { near(profile, position) } else { at_pixel(profile, position) };
                if near(profile, position) >= threshold {
                    let start = if run.0 == 0 { position } else { run.2 };
                    run = (run.0 + 1, run.1 + strength, start);
                    if better((run.0, run.1), (longest.0, longest.1)) {
                        longest = run;
                    }
                } else {
                    run = (0, 0.0, 0.0);
                }
                position += candidate;
            }
            if better((longest.0, longest.1), best_fit.0) {
                best_fit = ((longest.0, longest.1), candidate, phase, longest.2);
            }
            phase += 0.25;
        }
        candidate += 0.05;
    }
    // At a pitch known from the other direction the walk starts at the run's first line (from
    // its strongest, a border's edge that lines up with a bevel's could lead it onto the bevels).
    let mut lines = follow(profile, threshold, best_fit.1, best_fit.3, best_fit.0.0, hint.is_some())?;
    // Trim lines at either end of the run that are much weaker than its median: an edge of
    // something beside the board that happens to fall on the lattice.
    let strengths: Vec<f32> = lines.iter().map(|&line| at_pixel(profile, line)).collect();
    let mut sorted_strengths = strengths.clone();
    sorted_strengths.sort_by(f32::total_cmp);
    let median = sorted_strengths.get(sorted_strengths.len() / 2).copied().unwrap_or(0.0);
    let first = strengths
        .iter()
        .take(lines.len().saturating_sub(2))
        .take_while(|&&strength| strength < 0.25 * median)
        .count();
    lines.drain(..first);
    while lines.len() > 2 && strengths[first + lines.len() - 1] < 0.25 * median {
        lines.pop();
    }
    let pitch = match (lines.first(), lines.last()) {
        (Some(first), Some(last)) if lines.len() > 1 => (last - first) / (lines.len() - 1) as f64,
        _ => best_fit.1,
    };
    Some((pitch, lines))
}

/// The lines of a lattice's run (`lines` lines from `start`, `pitch` apart), followed one by
/// one: from the run's strongest line (its first, `from_first`), each next line is the strongest pixel within one of
/// where the pitch puts it, and the walk goes on while the lines stay over `threshold`. A
/// toolkit that fits tiles to its window makes some a pixel wider than others, so the lines
/// of a board are not exactly evenly spaced.
fn follow(
    profile: &[f32],
    threshold: f32,
    pitch: f64,
    start: f64,
    lines: usize,
    from_first: bool,
) -> Option<Vec<f64>> {
    let snap = |expected: f64| -> Option<f64> {
        let center = expected.round() as i64;
        (center - 1..=center + 1)
            .filter(|&pixel| pixel >= 0 && (pixel as usize) < profile.len())
            .map(|pixel| (pixel, profile[pixel as usize]))
            .filter(|&(_, strength)| strength >= threshold)
            .max_by(|a, b| a.1.total_cmp(&b.1).then((b.0 - center).abs().cmp(&(a.0 - center).abs())))
            .map(|(pixel, _)| pixel as f64)
    };
    let strongest = if from_first {
        0
    } else {
        (0..lines).max_by(|&a, &b| {
            near(profile, start + a as f64 * pitch).total_cmp(&near(profile, start + b as f64 * pitch))
        })?
    };
    let anchor = snap(start + strongest as f64 * pitch)?;
    let mut before = Vec::new();
    let mut at = anchor;
    while let Some(previous) = snap(at - pitch).filter(|&previous| previous < at) {
        before.push(previous);
        at = previous;
    }
    before.reverse();
    let mut followed = before;
    followed.push(anchor);
    let mut at = anchor;
    while let Some(next) = snap(at + pitch).filter(|&next| next > at) {
        followed.push(next);
        at = next;
    }
    Some(followed)
}

/// Colour statistics of a cell's interior.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct CellStats {
    /// The dominant colour.
    pub(crate) background: [f32; 3],
    /// Share of interior pixels near the dominant colour.
    pub(crate) flatness: f32,
    /// Share of pixels far from the dominant colour.
    pub(crate) ink_fraction: f32,
    /// Mean colour of those pixels.
    pub(crate) ink: [f32; 3],
}

pub(crate) fn distance(a: [f32; 3], b: [f32; 3]) -> f32 {
    (a[0] - b[0]).abs() + (a[1] - b[1]).abs() + (a[2] - b[2]).abs()
}

/// Statistics of the rectangle `[x0, x1) x [y0, y1)`, clipped to the image.
/// The background is the dominant colour of `ring` (a rectangle around the interior, so that a
/// big glyph in the middle, such as a mine, cannot pass for it); ink and flatness are measured
/// in the interior `[x0, x1) x [y0, y1)`.
fn stats(image: &RgbaImage, x0: f64, y0: f64, x1: f64, y1: f64, ring: [f64; 4]) -> Option<CellStats> {
    let (width, height) = image.dimensions();
    let span = |low: f64, high: f64, limit: u32| {
        (low.ceil().max(0.0) as u32, (high.floor() as i64).clamp(0, i64::from(limit)) as u32)
    };
    let xs = span(x0, x1, width);
    let ys = span(y0, y1, height);
    if xs.1 <= xs.0 || ys.1 <= ys.0 {
        return None;
    }
    let ring_xs = span(ring[0], ring[2], width);
    let ring_ys = span(ring[1], ring[3], height);
    // The dominant colour: the fullest bucket of a 16-level-per-channel histogram, averaged.
    let mut buckets: rustc_hash::FxHashMap<u32, (u32, [f32; 3])> = Default::default();
    for y in ring_ys.0..ring_ys.1 {
        for x in ring_xs.0..ring_xs.1 {
            if (xs.0..xs.1).contains(&x) && (ys.0..ys.1).contains(&y) {
                continue;
            }
            let pixel = image.get_pixel(x, y);
            let key = (u32::from(pixel[0]) >> 4) << 8
                | (u32::from(pixel[1]) >> 4) << 4
                | (u32::from(pixel[2]) >> 4);
            let entry = buckets.entry(key).or_insert((0, [0.0; 3]));
            entry.0 += 1;
            for channel in 0..3 {
                entry.1[channel] += f32::from(pixel[channel]);
            }
        }
    }
    let (count, sum) = buckets.values().copied().max_by_key(|(count, _)| *count)?;
    let background = sum.map(|value| value / count as f32);
    let total = ((xs.1 - xs.0) * (ys.1 - ys.0)) as f32;
    // Ink: pixels far from the background. Its colour is taken from the strongest third of
    // them, the glyph's core, since thin antialiased glyphs blend into the background at edges.
    let mut flat = 0u32;
    let mut inked: Vec<(f32, [f32; 3])> = Vec::new();
    for y in ys.0..ys.1 {
        for x in xs.0..xs.1 {
            let pixel = image.get_pixel(x, y);
            let colour = [f32::from(pixel[0]), f32::from(pixel[1]), f32::from(pixel[2])];
            let away = distance(colour, background);
            if away < 40.0 {
                flat += 1;
            }
            if away > 90.0 {
                inked.push((away, colour));
            }
        }
    }
    let ink_count = inked.len();
    let ink = if inked.is_empty() {
        background
    } else {
        inked.sort_by(|a, b| b.0.total_cmp(&a.0));
        let core = &inked[..inked.len().div_ceil(3)];
        let mut sum = [0.0f32; 3];
        for (_, colour) in core {
            for channel in 0..3 {
                sum[channel] += colour[channel];
            }
        }
        sum.map(|value| value / core.len() as f32)
    };
    Some(CellStats { background, flatness: flat as f32 / total, ink_fraction: ink_count as f32 / total, ink })
}

/// The cell (row, column) inset by `share` of its pitch on every side.
pub(crate) fn inset(cell: [f64; 4], share: f64) -> [f64; 4] {
    let inset = [(cell[2] - cell[0]) * share, (cell[3] - cell[1]) * share];
    [cell[0] + inset[0], cell[1] + inset[1], cell[2] - inset[0], cell[3] - inset[1]]
}

/// The interior of a cell (left, top, right, bottom): the inner part, away from borders and gaps.
fn interior(cell: [f64; 4]) -> [f64; 4] {
    inset(cell, 0.2)
}

/// Statistics of a cell (left, top, right, bottom): background from the ring between 12% and
/// 20% in, ink from the interior.
pub(crate) fn cell_stats(image: &RgbaImage, cell: [f64; 4]) -> Option<CellStats> {
    let [x0, y0, x1, y1] = interior(cell);
    stats(image, x0, y0, x1, y1, inset(cell, 0.12))
}

/// How raised a cell (left, top, right, bottom) looks: the mean luminance of a thin band just
/// inside its top edge minus one just inside its bottom edge (classic covered cells are lit
/// from the top left).
pub(crate) fn raised(image: &RgbaImage, cell: [f64; 4]) -> f32 {
    let [left, top, right, bottom] = cell;
    let band = ((bottom - top) * 0.1).max(1.0);
    let x0 = left + (right - left) * 0.3;
    let x1 = left + (right - left) * 0.7;
    let mean = |y0: f64, y1: f64| {
        let mut total = 0.0;
        let mut count = 0;
        let mut y = y0.ceil();
        while y < y1 {
            let mut x = x0.ceil();
            while x < x1 {
                if x >= 0.0 && y >= 0.0 && (x as u32) < image.width() && (y as u32) < image.height() {
                    total += luminance(image.get_pixel(x as u32, y as u32));
                    count += 1;
                }
                x += 1.0;
            }
            y += 1.0;
        }
        if count == 0 { 0.0 } else { total / count as f32 }
    };
    mean(top + 0.5, top + 0.5 + band) - mean(bottom - 0.5 - band, bottom - 0.5)
}

/// Which way lattice lines run.
#[derive(Clone, Copy)]
pub(crate) enum Lines {
    /// Vertical lines: columns' edges.
    Vertical,
    /// Horizontal lines: rows' edges.
    Horizontal,
}

/// Share of the pixels of a line segment (at `at` across, from `from` to `to` along) with an
/// edge within two pixels of it.
pub(crate) fn edge_share(image: &RgbaImage, lines: Lines, at: f64, from: f64, to: f64, colour: bool) -> f32 {
    let (width, height) = image.dimensions();
    let (across_limit, along_limit) = match lines {
        Lines::Vertical => (width, height),
        Lines::Horizontal => (height, width),
    };
    let pixel = |across: u32, along: u32| match lines {
        Lines::Vertical => image.get_pixel(across, along),
        Lines::Horizontal => image.get_pixel(along, across),
    };
    // A step in luminance, or (`colour`) in any channel.
    let step = |across: u32, along: u32| {
        let (a, b) = (pixel(across, along), pixel(across - 1, along));
        if colour {
            (0..3).map(|c| u32::from(a[c].abs_diff(b[c]))).sum::<u32>() > 36
        } else {
            (luminance(a) - luminance(b)).abs() > EDGE_STEP
        }
    };
    let mut hits = 0;
    let mut total = 0;
    let mut along = from.max(0.0) as u32;
    while f64::from(along) < to && along < along_limit {
        total += 1;
        let found = (-2i64..=2).any(|offset| {
            let across = at.round() as i64 + offset;
            across >= 1 && (across as u32) < across_limit && step(across as u32, along)
        });
        hits += usize::from(found);
        along += 1;
    }
    if total == 0 { 0.0 } else { hits as f32 / total as f32 }
}

/// For tiles with gaps, which side of the run of lattice lines the tiles' other edges lie on:
/// (after the last line, before the first). `extent` is the run's first and last line, `span`
/// the board's extent the other way.
fn gap_sides(
    image: &RgbaImage,
    lines: Lines,
    extent: [f64; 2],
    pitch: f64,
    span: [f64; 2],
    colour: bool,
) -> (bool, bool) {
    let reach = 1..=(pitch * 0.3).round() as i64;
    let after = reach.clone().any(|back| {
        edge_share(image, lines, extent[1] + pitch - back as f64, span[0], span[1], colour) > 0.6
    });
    let before = !after
        && reach.into_iter().any(|back| {
            edge_share(image, lines, extent[0] - pitch + back as f64, span[0], span[1], colour) > 0.6
        });
    (after, before)
}

/// Drops lines at either end of `positions` whose share of edge along `span` (the board's
/// extent the other way) is outside `kept`, keeping at least two.
fn trim_lines(
    image: &RgbaImage,
    lines: Lines,
    positions: &mut Vec<f64>,
    span: [f64; 2],
    kept: std::ops::RangeInclusive<f32>,
    colour: bool,
) {
    let drop = |at: f64| !kept.contains(&edge_share(image, lines, at, span[0], span[1], colour));
    while positions.len() > 2 && drop(positions[positions.len() - 1]) {
        positions.pop();
    }
    while positions.len() > 2 && drop(positions[0]) {
        positions.remove(0);
    }
}

/// Finds the board in `image` (see the module doc). `theme` is how the target draws numbers.
pub fn calibrate(image: &RgbaImage, theme: Theme) -> Result<Calibration, VisionError> {
    let (width, height) = image.dimensions();
    if width < 24 || height < 24 {
        return Err(VisionError::TooSmall { width, height });
    }
    let colour = theme == Theme::Learned;
    let (columns_profile, rows_profile) =
        if colour { straight_edge_profiles(image) } else { edge_profiles(image) };
    let (mut pitch_x, mut column_edges) = lattice(&columns_profile).ok_or(VisionError::NoGrid)?;
    let (mut pitch_y, mut row_edges) = lattice(&rows_profile).ok_or(VisionError::NoGrid)?;
    // Learned: where one direction finds a much shorter run than the other (bevels give several
    // edges a cell, and a drifting pitch can hop between them), it is searched again at the
    // other's pitch.
    if colour {
        if row_edges.len() * 2 < column_edges.len()
            && let Some(found) = lattice_near(&rows_profile, Some(pitch_x))
            && found.1.len() > row_edges.len()
        {
            (pitch_y, row_edges) = found;
        } else if column_edges.len() * 2 < row_edges.len()
            && let Some(found) = lattice_near(&columns_profile, Some(pitch_y))
            && found.1.len() > column_edges.len()
        {
            (pitch_x, column_edges) = found;
        }
    }
    // A line at either end that runs along little of the board is the edge of something beside
    // it (a button) that happens to fall where the next line would.
    for _ in 0..2 {
        let rows_extent = [row_edges[0], row_edges[row_edges.len() - 1]];
        trim_lines(image, Lines::Vertical, &mut column_edges, rows_extent, 0.6..=1.0, colour);
        let columns_extent = [column_edges[0], column_edges[column_edges.len() - 1]];
        trim_lines(image, Lines::Horizontal, &mut row_edges, columns_extent, 0.6..=1.0, colour);
    }
    let (lines_x, lines_y) = (column_edges.len(), row_edges.len());
    let (left, top) = (column_edges[0], row_edges[0]);
    // Square cells: the two pitches agree within 10%.
    if (pitch_x - pitch_y).abs() > 0.1 * pitch_x.max(pitch_y) {
        return Err(VisionError::NoGrid);
    }
    let pitch = [pitch_x, pitch_y];
    let extent_y = [top, row_edges[lines_y - 1]];
    let extent_x = [left, column_edges[lines_x - 1]];
    // Lines on both sides of every cell (a drawn grid) give one line more than there are cells.
    // Tiles with gaps give one lattice line a tile: their near sides (then the last tile's far
    // side is an edge a little before the next line) or their far sides (then the first
    // tile's near side is an edge a little after the line before).
    let (after_x, before_x) = gap_sides(image, Lines::Vertical, extent_x, pitch_x, extent_y, colour);
    let (after_y, before_y) = gap_sides(image, Lines::Horizontal, extent_y, pitch_y, extent_x, colour);
    let (gapped_x, gapped_y) = (after_x || before_x, after_y || before_y);
    // The lines of tiles with gaps break at every gap; an unbroken line at an end is something
    // else (the window's edge) that happens to fall where the next line would.
    if gapped_x {
        trim_lines(image, Lines::Vertical, &mut column_edges, extent_y, 0.0..=0.97, colour);
    }
    if gapped_y {
        let extent_x = [column_edges[0], column_edges[column_edges.len() - 1]];
        trim_lines(image, Lines::Horizontal, &mut row_edges, extent_x, 0.0..=0.97, colour);
    }
    for (edges, after, before, pitch) in
        [(&mut column_edges, after_x, before_x, pitch_x), (&mut row_edges, after_y, before_y, pitch_y)]
    {
        if after {
            edges.push(edges[edges.len() - 1] + pitch);
        } else if before {
            edges.insert(0, edges[0] - pitch);
        }
    }
    let columns = column_edges.len() - 1;
    let rows = row_edges.len() - 1;
    if rows < 2 || columns < 2 {
        return Err(VisionError::NoBoard { pitch: pitch_x.round() as u32 });
    }
    let origin = [column_edges[0], row_edges[0]];
    let mut calibration = Calibration {
        origin,
        pitch,
        columns,
        rows,
        column_edges,
        row_edges,
        covered: [0.0; 3],
        theme,
        revealed: None,
        texture: None,
        button: None,
    };
    if theme == Theme::Learned {
        super::learned::grow(image, &mut calibration);
        super::learned::learn_grounds(image, &mut calibration, gapped_x || gapped_y);
        calibration.button = super::learned::find_button(image, &calibration);
        return Ok(calibration);
    }
    let mut backgrounds = Vec::with_capacity(rows * columns);
    for row in 0..rows {
        for column in 0..columns {
            let cell = calibration.cell_rect(row, column);
            if let Some(stats) = cell_stats(image, cell) {
                // Tiles with gaps are flat: their bottom band would be the gap.
                let lift = if gapped_x || gapped_y { 0.0 } else { raised(image, cell) };
                backgrounds.push((stats.background, lift));
            }
        }
    }
    // The covered colour: the commonest background among the board's cells.
    // The covered colour: of the common backgrounds, the raised one (classic cells have light
    // top and dark bottom edges), else the darkest (flat tiles are lighter once revealed).
    let mut clusters: Vec<([f32; 3], usize, f32)> = Vec::new();
    for (colour, lift) in backgrounds {
        match clusters.iter_mut().find(|(known, _, _)| distance(*known, colour) < 24.0) {
            Some(entry) => {
                entry.1 += 1;
                entry.2 += lift;
            }
            None => clusters.push((colour, 1, lift)),
        }
    }
    clusters.sort_by_key(|cluster| std::cmp::Reverse(cluster.1));
    let largest = clusters.first().map(|(_, count, _)| *count).unwrap_or(0);
    let common: Vec<([f32; 3], f32)> = clusters
        .iter()
        .take(2)
        .filter(|(_, count, _)| *count * 100 >= largest * 15)
        .map(|(colour, count, lift)| (*colour, lift / *count as f32))
        .collect();
    let raised_cluster = common.iter().filter(|(_, lift)| *lift > 25.0).max_by(|a, b| a.1.total_cmp(&b.1));
    calibration.covered = raised_cluster
        .or_else(|| common.iter().min_by(|a, b| luminance_of(a.0).total_cmp(&luminance_of(b.0))))
        .map(|(colour, _)| *colour)
        .unwrap_or([0.0; 3]);
    Ok(calibration)
}

fn is_reddish(colour: [f32; 3]) -> bool {
    colour[0] > 150.0 && colour[0] > colour[1] + 80.0 && colour[0] > colour[2] + 80.0
}

pub(crate) fn luminance_of(colour: [f32; 3]) -> f32 {
    0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]
}

/// Whether a cell looks different in `after` than in `before` (the same window, captured
/// twice): at least one in fifty of its pixels changed clearly. The whole cell counts, its
/// edges included: a classic cell opened to a blank keeps its grey and loses only its bevel.
pub fn cell_changed(
    before: &RgbaImage,
    after: &RgbaImage,
    calibration: &Calibration,
    row: usize,
    column: usize,
) -> bool {
    if before.dimensions() != after.dimensions() {
        return true;
    }
    let (width, height) = before.dimensions();
    let [left, top, right, bottom] = calibration.cell_rect(row, column);
    let span = |low: f64, high: f64, limit: u32| {
        (low.round().max(0.0) as u32)..(high.round().max(0.0) as u32).min(limit)
    };
    let (mut changed, mut pixels) = (0usize, 0usize);
    for py in span(top, bottom, height) {
        for px in span(left, right, width) {
            let (a, b) = (before.get_pixel(px, py), after.get_pixel(px, py));
            let difference: u32 = (0..3).map(|c| u32::from(a[c].abs_diff(b[c]))).sum();
            changed += usize::from(difference > 48);
            pixels += 1;
        }
    }
    pixels > 0 && changed * 50 >= pixels.max(50)
}

/// A cell on the covered background (learned theme): a flag where it carries ink, unless
/// that ink is the cover's own texture (a flag's ink is another colour).
pub(crate) fn covered_or_flag(cell: &CellStats, calibration: &Calibration) -> CellRead {
    let inked = cell.ink_fraction > 0.02;
    match calibration.texture {
        Some(texture) if inked && distance(cell.ink, texture) > 60.0 => CellRead::Flag,
        Some(_) => CellRead::Covered,
        None if inked => CellRead::Flag,
        None => CellRead::Covered,
    }
}

/// Reads one cell.
pub fn read_cell(image: &RgbaImage, calibration: &Calibration, row: usize, column: usize) -> CellRead {
    let Some(cell) = cell_stats(image, calibration.cell_rect(row, column)) else {
        return CellRead::Unknown;
    };
    let on_covered = distance(cell.background, calibration.covered) < 30.0;
    let has_ink = cell.ink_fraction > 0.02;
    match calibration.theme {
        // One cell alone: covered, flagged, or revealed (its digit unvalued, read as 0).
        Theme::Learned if on_covered => covered_or_flag(&cell, calibration),
        Theme::Learned => CellRead::Number(0),
        Theme::Classic => {
            if on_covered {
                return match (has_ink, is_reddish(cell.ink)) {
                    (false, _) => CellRead::Covered,
                    (true, true) => CellRead::Flag,
                    (true, false) if luminance_of(cell.ink) < 60.0 => CellRead::Mine,
                    (true, false) => CellRead::Unknown,
                };
            }
            if is_reddish(cell.background) {
                return CellRead::Exploded;
            }
            if !has_ink {
                return CellRead::Number(0);
            }
            let (index, gap) = CLASSIC_DIGITS
                .iter()
                .enumerate()
                .map(|(index, colour)| (index, distance(colour.map(f32::from), cell.ink)))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .unwrap_or((0, f32::MAX));
            if gap < 150.0 { CellRead::Number(index as u8 + 1) } else { CellRead::Unknown }
        }
        Theme::Tinted => {
            if on_covered {
                return if has_ink { CellRead::Flag } else { CellRead::Covered };
            }
            if has_ink && is_reddish(cell.ink) && cell.ink_fraction > 0.1 {
                return CellRead::Exploded;
            }
            if luminance_of(cell.background) + 25.0 < luminance_of(calibration.covered) {
                return CellRead::Mine;
            }
            let (index, gap) = TINTED_BACKGROUNDS
                .iter()
                .enumerate()
                .map(|(index, colour)| (index, distance(*colour, cell.background)))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .unwrap_or((0, f32::MAX));
            if gap < 30.0 && has_ink {
                return CellRead::Number(index as u8 + 1);
            }
            // A blank revealed tile: lighter than covered, grey, no ink.
            let grey = (cell.background[0] - cell.background[2]).abs() < 20.0;
            if !has_ink && grey && luminance_of(cell.background) > luminance_of(calibration.covered) + 15.0 {
                CellRead::Number(0)
            } else {
                CellRead::Unknown
            }
        }
    }
}

/// Reads every cell of a calibrated board (a learned theme with nothing learned before: see
/// [`super::learned::LearnedSkin::read`] to keep what is learned from read to read).
pub fn read(image: &RgbaImage, calibration: &Calibration) -> BoardRead {
    if calibration.theme == Theme::Learned {
        return super::learned::LearnedSkin::default().read(image, calibration);
    }
    let cells = (0..calibration.rows)
        .flat_map(|row| (0..calibration.columns).map(move |column| (row, column)))
        .map(|(row, column)| read_cell(image, calibration, row, column))
        .collect();
    BoardRead { columns: calibration.columns, rows: calibration.rows, cells }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blank_image_has_no_grid() {
        let image = RgbaImage::from_pixel(200, 100, Rgba([200, 200, 200, 255]));
        assert_eq!(calibrate(&image, Theme::Classic), Err(VisionError::NoGrid));
        let tiny = RgbaImage::new(10, 10);
        assert!(matches!(calibrate(&tiny, Theme::Classic), Err(VisionError::TooSmall { .. })));
    }
}
