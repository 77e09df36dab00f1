//! The score engraved as vector shapes: a staff a voice with its clef, key signature and time,
//! noteheads, stems, ledger lines, accidentals, ties, rests and bar lines, in systems of a few
//! bars. The unit is the staff space (the distance between two staff lines); y grows upward.
//! Where each note landed comes with the picture, so a front end can mark, hover and click it.

use crate::files::fifths;
use crate::piece::{BAR, Piece, Range};
use crate::pitch::Pitch;
use curio_core::geom::{Color, Path, Point, Rect, Scene, Style};
use curio_core::geom::{TextAnchor, text_path};

/// Ink.
const INK: Color = Color { r: 20, g: 20, b: 20, a: 255 };
/// Staff lines, a little lighter.
const LINE: Color = Color { r: 70, g: 70, b: 70, a: 255 };
/// Paper.
const PAPER: Color = Color { r: 255, g: 255, b: 252, a: 255 };

/// Width of the clef, key and time at the start of a system.
const HEADER: f64 = 9.0;
/// Width of a bar.
pub const BAR_WIDTH: f64 = 11.0;
/// Distance between the middle lines of two staves.
const STAFF_GAP: f64 = 11.0;
/// Distance between two systems' outer staves.
const SYSTEM_GAP: f64 = 6.0;
/// Room to the left for the voice names.
const MARGIN: f64 = 6.0;

/// A note where it was drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedNote {
    /// The voice (0 = highest).
    pub voice: usize,
    /// Its index in the voice's notes.
    pub index: usize,
    /// The quarter the notehead stands for (a tied note has a head in each bar it sounds in).
    pub start: u32,
    /// The notehead's centre.
    pub center: Point,
}

/// A system: which bars it holds and where.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct System {
    /// Its first bar (0-based).
    pub first_bar: u32,
    /// Bars in it.
    pub bars: u32,
    /// x of its first bar line (after the header).
    pub left: f64,
    /// Top and bottom of its staves.
    pub top: f64,
    /// Bottom of its lowest staff.
    pub bottom: f64,
}

/// The engraved score.
#[derive(Clone, Debug)]
pub struct Engraving {
    /// The picture.
    pub scene: Scene,
    /// Every notehead.
    pub notes: Vec<PlacedNote>,
    /// The systems top to bottom.
    pub systems: Vec<System>,
}

impl Engraving {
    /// The x of the notes at quarter `time` (a fraction plays between notes) and the system
    /// it is in.
    pub fn time_x(&self, time: f64) -> Option<(f64, &System)> {
        let bar = (time.max(0.0) / f64::from(BAR)).floor() as u32;
        let system = self.systems.iter().find(|s| bar >= s.first_bar && bar < s.first_bar + s.bars)?;
        let in_bar = time - f64::from(bar * BAR);
        Some((system.left + f64::from(bar - system.first_bar) * BAR_WIDTH + within_bar(in_bar), system))
    }

    /// The noteheads of `voice` sounding at quarter `time`.
    pub fn heads_at(&self, voice: usize, time: u32, piece: &Piece) -> Vec<Point> {
        let Some(line) = piece.voices.get(voice) else { return Vec::new() };
        self.notes
            .iter()
            .filter(|n| n.voice == voice)
            .filter(|n| {
                let note = &line.notes[n.index];
                let head_end = ((n.start / BAR + 1) * BAR).min(note.end());
                n.start <= time && time < head_end
            })
            .map(|n| n.center)
            .collect()
    }
}

/// The most bars a line `width` staff spaces wide holds (at least one).
pub fn bars_per_line(width: f64) -> u32 {
    (((width - MARGIN - HEADER - 1.0) / BAR_WIDTH).floor().max(1.0)) as u32
}

/// Staff position of the middle line for a voice's clef (treble, treble an octave down, bass).
fn middle_line(range: Range) -> i32 {
    match range {
        Range::Soprano | Range::Alto => Pitch::new(6, 0, 4).diatonic(),
        Range::Tenor => Pitch::new(6, 0, 3).diatonic(),
        Range::Bass => Pitch::new(1, 0, 3).diatonic(),
    }
}

/// Engraves `piece` with at most `bars_per_system` bars a line.
pub fn engrave(piece: &Piece, bars_per_system: u32) -> Engraving {
    let per_system = bars_per_system.clamp(1, 64);
    let voices = piece.voices.len().max(1);
    let system_height = (voices as f64 - 1.0) * STAFF_GAP + 4.0 + SYSTEM_GAP + 4.0;
    let systems_count = piece.bars.div_ceil(per_system).max(1);
    let width = MARGIN + HEADER + f64::from(per_system.min(piece.bars.max(1))) * BAR_WIDTH + 1.0;
    let height = f64::from(systems_count) * system_height + 2.0;
    let view = Rect { min: Point::new(0.0, -height), max: Point::new(width, 0.0) };
    let mut scene = Scene::new(view, Some(PAPER));
    let mut lines = Path::new();
    let mut ink = Path::new();
    let mut thin = Path::new();
    let mut open = Path::new();
    let mut heavy = Path::new();
    let mut placed = Vec::new();
    let mut systems = Vec::new();
    let signature = fifths(piece.key);
    for system_index in 0..systems_count {
        let first_bar = system_index * per_system;
        let bars = per_system.min(piece.bars - first_bar);
        let top_middle = -(f64::from(system_index) * system_height) - 2.0 - 4.0;
        let left = MARGIN + HEADER;
        let right = left + f64::from(bars) * BAR_WIDTH;
        let middles: Vec<f64> = (0..voices).map(|v| top_middle - v as f64 * STAFF_GAP).collect();
        systems.push(System {
            first_bar,
            bars,
            left,
            top: middles[0] + 2.0,
            bottom: middles[voices - 1] - 2.0,
        });
        for (v, voice) in piece.voices.iter().enumerate() {
            let middle = middles[v];
            for line in -2..=2 {
                let y = middle + f64::from(line);
                lines.move_to(Point::new(MARGIN, y)).line_to(Point::new(right, y));
            }
            if system_index == 0 {
                let name = voice.range.name();
                let label = format!("{}{}", name[..1].to_uppercase(), &name[1..]);
                ink.extend(&text_path(
                    &label,
                    Point::new(MARGIN - 0.5 - 2.6, middle),
                    1.3,
                    TextAnchor::Center,
                ));
            }
            clef(&mut ink, &mut heavy, voice.range, MARGIN + 1.8, middle);
            key_signature(&mut ink, signature, voice.range, MARGIN + 4.4, middle);
            if system_index == 0 {
                for y in [middle + 1.0, middle - 1.0] {
                    ink.extend(&text_path(
                        "4",
                        Point::new(MARGIN + HEADER - 1.4, y),
                        2.6,
                        TextAnchor::Center,
                    ));
                }
            }
            let position = |pitch: Pitch| f64::from(pitch.diatonic() - middle_line(voice.range)) / 2.0;
            for (index, note) in voice.notes.iter().enumerate() {
                // A note is drawn once for each bar it sounds in, tied.
                let mut start = note.start;
                let mut previous_head: Option<Point> = None;
                while start < note.end() {
                    let bar = start / BAR;
                    let stop = note.end().min((bar + 1) * BAR);
                    let in_system = bar >= first_bar && bar < first_bar + bars;
                    if in_system {
                        let x = left
                            + f64::from(bar - first_bar) * BAR_WIDTH
                            + within_bar(f64::from(start % BAR))
                            - 0.6;
                        let length = stop - start;
                        match note.pitch {
                            None => rest(&mut ink, length, x + 0.6, middle),
                            Some(pitch) => {
                                let y = middle + position(pitch);
                                let center = Point::new(x + 0.6, y);
                                ledger_lines(&mut thin, position(pitch), center.x, middle);
                                let shown =
                                    pitch.alter != crate::files::signature_alter(signature, pitch.letter);
                                if shown && start == note.start {
                                    accidental(&mut ink, pitch.alter, Point::new(center.x - 1.7, y));
                                }
                                notehead(&mut ink, &mut open, length, center);
                                if length < BAR {
                                    let up = position(pitch) < 0.0;
                                    let (sx, dy) =
                                        if up { (center.x + 0.58, 3.4) } else { (center.x - 0.58, -3.4) };
                                    thin.move_to(Point::new(sx, y + if up { 0.15 } else { -0.15 }))
                                        .line_to(Point::new(sx, y + dy));
                                }
                                if let Some(from) = previous_head
                                    && from.x < center.x
                                {
                                    tie(&mut ink, from, center, position(pitch) >= 0.0);
                                }
                                previous_head = Some(center);
                                placed.push(PlacedNote { voice: v, index, start, center });
                            }
                        }
                    } else {
                        previous_head = None;
                    }
                    start = stop;
                }
            }
        }
        // Bar lines through the whole system.
        let (top, bottom) = (middles[0] + 2.0, middles[voices - 1] - 2.0);
        thin.move_to(Point::new(MARGIN, top)).line_to(Point::new(MARGIN, bottom));
        for bar in 1..=bars {
            let x = left + f64::from(bar) * BAR_WIDTH;
            let last = first_bar + bar == piece.bars;
            if last {
                thin.move_to(Point::new(x - 0.8, top)).line_to(Point::new(x - 0.8, bottom));
                ink.extend(Path::new().polygon(&[
                    Point::new(x - 0.4, top),
                    Point::new(x, top),
                    Point::new(x, bottom),
                    Point::new(x - 0.4, bottom),
                ]));
            } else {
                thin.move_to(Point::new(x, top)).line_to(Point::new(x, bottom));
            }
        }
    }
    scene.push(lines, Style::stroked(LINE, 0.09));
    scene.push(thin, Style::stroked(INK, 0.13));
    scene.push(open, Style::stroked(INK, 0.16));
    scene.push(heavy, Style::stroked(INK, 0.2));
    scene.push(ink, Style::filled(INK));
    Engraving { scene, notes: placed, systems }
}

/// How far into its bar a note at quarter `in_bar` (0 to 4) of the bar stands: the four beats
/// spread over the bar, clear of both bar lines.
fn within_bar(in_bar: f64) -> f64 {
    1.9 + in_bar * (BAR_WIDTH - 3.4) / f64::from(BAR)
}

/// A notehead: whole notes open and wide, halves open, quarters filled.
fn notehead(ink: &mut Path, open: &mut Path, length: u32, center: Point) {
    let (rx, ry) = if length >= BAR { (0.72, 0.48) } else { (0.6, 0.44) };
    let tilt = if length >= BAR { 0.0 } else { -0.35f64 };
    let ellipse = |rx: f64, ry: f64| -> Vec<Point> {
        (0..24)
            .map(|i| {
                let a = f64::from(i) / 24.0 * std::f64::consts::TAU;
                let (x, y) = (rx * a.cos(), ry * a.sin());
                Point::new(
                    center.x + x * tilt.cos() - y * tilt.sin(),
                    center.y + x * tilt.sin() + y * tilt.cos(),
                )
            })
            .collect()
    };
    if length == 1 {
        ink.polygon(&ellipse(rx, ry));
    } else {
        open.polygon(&ellipse(rx * 0.9, ry * 0.85));
    }
}

/// Ledger lines for a note `position` spaces above (negative: below) the middle line.
fn ledger_lines(thin: &mut Path, position: f64, x: f64, middle: f64) {
    let mut line = 3.0;
    while line <= position {
        thin.move_to(Point::new(x - 1.05, middle + line)).line_to(Point::new(x + 1.05, middle + line));
        line += 1.0;
    }
    let mut line = -3.0;
    while line >= position {
        thin.move_to(Point::new(x - 1.05, middle + line)).line_to(Point::new(x + 1.05, middle + line));
        line -= 1.0;
    }
}

/// A sharp, flat or natural sign (double ones as two).
fn accidental(ink: &mut Path, alter: i8, at: Point) {
    let sign = match alter {
        a if a > 0 => "♯".repeat(a as usize),
        a if a < 0 => "♭".repeat(a.unsigned_abs() as usize),
        _ => "♮".to_string(),
    };
    let lift = if alter < 0 { 0.5 } else { 0.0 };
    ink.extend(&text_path(&sign, Point::new(at.x, at.y + lift), 2.4, TextAnchor::Center));
}

/// A tie between two heads, curving away from the stems.
fn tie(ink: &mut Path, from: Point, to: Point, below: bool) {
    let side = if below { -1.0 } else { 1.0 };
    let (a, b) = (Point::new(from.x + 0.8, from.y + side * 0.6), Point::new(to.x - 0.8, to.y + side * 0.6));
    let span = b.x - a.x;
    let lift = side * (0.6 + span * 0.04);
    let thickness = side * 0.18;
    ink.move_to(a)
        .cubic_to(Point::new(a.x + span * 0.25, a.y + lift), Point::new(b.x - span * 0.25, b.y + lift), b)
        .cubic_to(
            Point::new(b.x - span * 0.25, b.y + lift - thickness),
            Point::new(a.x + span * 0.25, a.y + lift - thickness),
            a,
        )
        .close();
}

/// A rest of `length` quarters.
fn rest(ink: &mut Path, length: u32, x: f64, middle: f64) {
    let block = |ink: &mut Path, top: f64, bottom: f64| {
        ink.polygon(&[
            Point::new(x - 0.6, top),
            Point::new(x + 0.6, top),
            Point::new(x + 0.6, bottom),
            Point::new(x - 0.6, bottom),
        ]);
    };
    match length {
        4 => block(ink, middle + 1.0, middle + 0.5),
        2 | 3 => block(ink, middle + 0.5, middle),
        _ => {
            // A quarter rest: a zigzag.
            let points = [
                (-0.2, 1.4),
                (0.4, 0.6),
                (-0.1, 0.0),
                (0.4, -0.7),
                (-0.3, -0.5),
                (0.1, -1.3),
                (-0.5, -0.6),
                (-0.05, -0.05),
                (-0.4, 0.6),
                (0.0, 1.3),
            ];
            ink.polygon(&points.iter().map(|&(dx, dy)| Point::new(x + dx, middle + dy)).collect::<Vec<_>>());
        }
    }
}

/// A clef at `x` on the staff whose middle line is at `middle`.
fn clef(ink: &mut Path, heavy: &mut Path, range: Range, x: f64, middle: f64) {
    match range {
        Range::Bass => {
            // The F clef: a filled head on the F line, a curve around it, two dots.
            let f = middle + 1.0;
            ink.circle(Point::new(x - 0.7, f), 0.35);
            let mut curve = Path::new();
            curve
                .move_to(Point::new(x - 0.9, f + 0.2))
                .cubic_to(
                    Point::new(x - 0.6, f + 1.4),
                    Point::new(x + 1.4, f + 1.3),
                    Point::new(x + 1.3, f - 0.2),
                )
                .cubic_to(
                    Point::new(x + 1.2, f - 1.6),
                    Point::new(x - 0.2, f - 2.6),
                    Point::new(x - 1.2, f - 3.0),
                );
            heavy.extend(&curve);
            ink.circle(Point::new(x + 2.0, f + 0.5), 0.17);
            ink.circle(Point::new(x + 2.0, f - 0.5), 0.17);
        }
        Range::Soprano | Range::Alto | Range::Tenor => {
            // The G clef: a spiral around the G line, a stem rising to a loop, a hook below.
            let g = middle - 1.0;
            let mut path = Path::new();
            path.move_to(Point::new(x + 0.2, g + 0.1))
                .cubic_to(
                    Point::new(x - 0.4, g + 0.1),
                    Point::new(x - 0.5, g - 0.9),
                    Point::new(x + 0.2, g - 1.0),
                )
                .cubic_to(
                    Point::new(x + 1.2, g - 1.1),
                    Point::new(x + 1.4, g + 0.6),
                    Point::new(x + 0.3, g + 1.1),
                )
                .cubic_to(
                    Point::new(x - 1.0, g + 1.6),
                    Point::new(x - 1.4, g - 0.6),
                    Point::new(x - 0.2, g - 1.6),
                )
                .cubic_to(
                    Point::new(x + 0.9, g - 2.3),
                    Point::new(x + 1.2, g + 1.5),
                    Point::new(x + 0.4, g + 3.0),
                )
                .cubic_to(
                    Point::new(x - 0.2, g + 4.2),
                    Point::new(x + 0.6, g + 5.4),
                    Point::new(x + 0.7, g + 4.2),
                )
                .cubic_to(
                    Point::new(x + 0.8, g + 3.2),
                    Point::new(x - 0.1, g + 2.6),
                    Point::new(x + 0.2, g - 2.6),
                )
                .cubic_to(
                    Point::new(x + 0.25, g - 3.4),
                    Point::new(x - 0.6, g - 3.6),
                    Point::new(x - 0.7, g - 2.9),
                );
            heavy.extend(&path);
            ink.circle(Point::new(x - 0.5, g - 2.8), 0.28);
            if range == Range::Tenor {
                ink.extend(&text_path("8", Point::new(x + 0.1, g - 4.3), 1.2, TextAnchor::Center));
            }
        }
    }
}

/// The key signature: `fifths` sharps (positive) or flats at their usual places.
fn key_signature(ink: &mut Path, fifths: i32, range: Range, x: f64, middle: f64) {
    // Staff positions (half spaces above the middle line) of the sharps and flats in treble clef.
    const SHARPS: [i32; 7] = [4, 1, 5, 2, -1, 3, 0];
    const FLATS: [i32; 7] = [0, 3, -1, 2, -2, 1, -3];
    let shift = if range == Range::Bass { -2 } else { 0 };
    let count = fifths.unsigned_abs().min(7) as usize;
    for i in 0..count {
        let (place, alter) = if fifths > 0 { (SHARPS[i], 1) } else { (FLATS[i], -1) };
        let at = Point::new(x + i as f64 * 0.9, middle + f64::from(place + shift) / 2.0);
        accidental(ink, alter, at);
    }
}
