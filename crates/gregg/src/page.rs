//! A page of shorthand: outlines placed on ruled lines of writing, wrapped to the page width,
//! punctuation written with Gregg's marks, and one scene for screen, SVG and PNG.
//!
//! Coordinates are model units (x right, y up); the page's top edge is y = 0 and lines go down.
//! Laying out is linear in the text.

use super::glyph::{Glyph, Piece, circle_arcs, draw};
use super::transcribe::{TextToken, Transcriber, WordOutline, tokenize, words_from};
use curio_core::bounds::Bounds;
use curio_core::geom::{Color, FillRule, Path, Point, Rect, Scene, Style, TextAnchor, text_path};
use curio_core::progress::{Cancelled, Progress, check};
use serde::{Deserialize, Serialize};

/// Page width in pixels: `curio gregg render --width` and the panel's export.
pub const WIDTH: Bounds<f64> = Bounds::new(100.0, 20_000.0, 1200.0);
/// The N stroke's length in pixels, the size of the writing (`--unit`, the panel's size).
pub const UNIT: Bounds<f64> = Bounds::new(2.0, 100.0, 12.0);
/// Pen width in pixels (`--pen`, the panel's pen width).
pub const PEN_WIDTH: Bounds<f64> = Bounds::new(0.2, 20.0, 1.8);
/// Forward slant in degrees, 0 upright (`--slant`, the panel's slant).
pub const SLANT: Bounds<f64> = Bounds::new(-30.0, 45.0, 0.0);

/// How the page looks.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PageStyle {
    /// Page width in pixels (model units).
    pub width: f64,
    /// Length of the N stroke in pixels: the size of the writing.
    pub unit: f64,
    /// Pen width in pixels.
    pub pen_width: f64,
    /// Forward slant of the writing in degrees (0 upright).
    pub slant: f64,
    /// Show stroke boundaries and letter labels.
    pub debug: bool,
}

impl Default for PageStyle {
    fn default() -> Self {
        PageStyle {
            width: WIDTH.default,
            unit: UNIT.default,
            pen_width: PEN_WIDTH.default,
            slant: SLANT.default,
            debug: false,
        }
    }
}

impl PageStyle {
    /// The style with every number inside its range ([`WIDTH`], [`UNIT`], [`PEN_WIDTH`],
    /// [`SLANT`]); a number that is not finite takes the default.
    pub fn clamped(self) -> PageStyle {
        let within = |bounds: Bounds<f64>, value: f64| {
            bounds.clamp(if value.is_finite() { value } else { bounds.default })
        };
        PageStyle {
            width: within(WIDTH, self.width),
            unit: within(UNIT, self.unit),
            pen_width: within(PEN_WIDTH, self.pen_width),
            slant: within(SLANT, self.slant),
            debug: self.debug,
        }
    }
}

/// A word on the page.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedWord {
    /// The word and its outline.
    pub word: WordOutline,
    /// The outline drawn in page coordinates.
    pub glyph: Glyph,
}

/// What else is written on a line: Gregg's punctuation marks and numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedMark {
    /// The character it stands for.
    pub text: String,
    /// Where it starts, on the line of writing.
    pub at: Point,
}

/// A laid-out page.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// The words in text order.
    pub words: Vec<PlacedWord>,
    /// Punctuation and numbers.
    pub marks: Vec<PlacedMark>,
    /// The y of each line of writing.
    pub lines: Vec<f64>,
    /// Page size.
    pub width: f64,
    /// Page height.
    pub height: f64,
    /// The style it was laid out with.
    pub style: PageStyle,
}

impl Page {
    /// The index of the word whose box (with a margin) contains `point`.
    pub fn word_at(&self, point: Point) -> Option<usize> {
        let margin = self.style.unit * 0.4;
        self.words.iter().position(|placed| {
            let [x0, y0, x1, y1] = placed.glyph.bounds;
            point.x >= x0 - margin
                && point.x <= x1 + margin
                && point.y >= y0 - margin
                && point.y <= y1 + margin
        })
    }
}

/// Units between lines of writing.
const LINE_GAP: f64 = 7.0;
/// Units from the top of the page to the first line.
const TOP: f64 = 5.0;
/// Units of margin left and right.
const SIDE: f64 = 2.5;
/// Units between words.
const WORD_GAP: f64 = 1.6;

fn shear(glyph: &mut Glyph, slant_degrees: f64) {
    let factor = slant_degrees.to_radians().tan();
    if factor == 0.0 {
        return;
    }
    let apply = |point: &mut Point| point.x += point.y * factor;
    for piece in &mut glyph.pieces {
        match piece {
            Piece::Curve { points, .. } => points.iter_mut().for_each(apply),
            Piece::Circle { center, joint, .. } => {
                apply(center);
                apply(joint);
            }
            Piece::Mark { from, to } => {
                apply(from);
                apply(to);
            }
        }
    }
    let [x0, y0, x1, y1] = glyph.bounds;
    let xs = [x0 + y0 * factor, x0 + y1 * factor, x1 + y0 * factor, x1 + y1 * factor];
    glyph.bounds = [
        xs.iter().copied().fold(f64::INFINITY, f64::min),
        y0,
        xs.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        y1,
    ];
}

/// Lays `text` out on a page.
pub fn layout(text: &str, transcriber: &Transcriber, style: PageStyle) -> Page {
    match layout_with_progress(text, transcriber, style, &mut curio_core::progress::NoProgress) {
        Ok(page) => page,
        Err(Cancelled) => unreachable!("NoProgress never cancels"),
    }
}

/// [`layout`], reporting the words laid out to `progress` every 256 tokens and stopping with
/// `Cancelled` when it asks (a background layout of a text that changed again).
pub fn layout_with_progress(
    text: &str,
    transcriber: &Transcriber,
    style: PageStyle,
    progress: &mut (impl Progress + ?Sized),
) -> Result<Page, Cancelled> {
    let style = style.clamped();
    let unit = style.unit;
    let mut page = Page {
        words: Vec::new(),
        marks: Vec::new(),
        lines: vec![-TOP * unit],
        width: style.width,
        height: 0.0,
        style,
    };
    let left = SIDE * unit;
    let right = style.width - SIDE * unit;
    let mut x = left;
    let new_line = |page: &mut Page, x: &mut f64, indent: f64| {
        let last = *page.lines.last().unwrap_or(&0.0);
        page.lines.push(last - LINE_GAP * unit);
        *x = left + indent;
    };
    let mut previous_mark = None;
    let tokens = tokenize(text);
    let total = tokens.len() as u64;
    let mut next = 0;
    while next < tokens.len() {
        let (index, token) = (next, tokens[next].clone());
        next += 1;
        if index % 256 == 0 {
            check(progress.report(index as u64, total, "laying out"))?;
        }
        let this_mark = match token {
            TextToken::Mark(mark) => Some(mark),
            _ => None,
        };
        // "--" is one dash.
        if this_mark == Some('-') && previous_mark == Some('-') {
            continue;
        }
        previous_mark = this_mark;
        match token {
            TextToken::Word(word) => {
                let outline = match transcriber.phrase_at(&words_from(&tokens[index..])) {
                    Some((phrase, length)) => {
                        next = index + length;
                        phrase
                    }
                    None => transcriber.word(&word),
                };
                let mut glyph = draw(&outline.outline, unit);
                shear(&mut glyph, style.slant);
                let width = glyph.width().max(unit * 0.5);
                if x + width > right && x > left {
                    new_line(&mut page, &mut x, 0.0);
                }
                let baseline = *page.lines.last().unwrap_or(&0.0);
                glyph.translate(Point::new(x - glyph.bounds[0], baseline));
                x += width + WORD_GAP * unit;
                page.words.push(PlacedWord { word: outline, glyph });
            }
            TextToken::Number(number) => {
                let width = number.chars().count() as f64 * unit * 0.9;
                if x + width > right && x > left {
                    new_line(&mut page, &mut x, 0.0);
                }
                let baseline = *page.lines.last().unwrap_or(&0.0);
                page.marks.push(PlacedMark { text: number, at: Point::new(x, baseline) });
                x += width + WORD_GAP * unit;
            }
            TextToken::Mark(mark) => {
                if matches!(mark, '.' | '?' | '!' | '-' | '(' | ')') {
                    let baseline = *page.lines.last().unwrap_or(&0.0);
                    page.marks.push(PlacedMark {
                        text: mark.to_string(),
                        at: Point::new(x - WORD_GAP * unit * 0.5, baseline),
                    });
                    x += unit;
                }
                // Commas, colons, semicolons and quotes are spacing in Gregg practice.
                x += unit * 0.4;
            }
            TextToken::Paragraph => new_line(&mut page, &mut x, 2.0 * unit),
        }
    }
    page.height = -page.lines.last().unwrap_or(&0.0) + TOP * unit;
    Ok(page)
}

/// Page colours.
const PAPER: Color = Color::rgb(252, 250, 242);
const RULE: Color = Color::rgb(184, 208, 232);
const INK: Color = Color::rgb(20, 32, 72);
const HIGHLIGHT: Color = Color::rgba(255, 214, 102, 110);
const JOINT: Color = Color::rgb(214, 60, 60);
const LABEL: Color = Color::rgb(30, 130, 70);

/// The path of a drawn outline: one pen line through curves and circles; dots and dashes are
/// separate.
pub fn glyph_paths(glyph: &Glyph, unit: f64) -> (Path, Path) {
    let mut ink = Path::new();
    let mut dots = Path::new();
    let mut pen: Option<Point> = None;
    let near = |a: Point, b: Point| a.distance(b) < 1e-6;
    for piece in &glyph.pieces {
        match piece {
            Piece::Curve { points, .. } => {
                if pen.is_none_or(|at| !near(at, points[0])) {
                    ink.move_to(points[0]);
                }
                ink.cubic_to(points[1], points[2], points[3]);
                pen = Some(points[3]);
            }
            Piece::Circle { center, radius, along, joint, turn, .. } => {
                if pen.is_none_or(|at| !near(at, *joint)) {
                    ink.move_to(*joint);
                }
                for [first, second, end] in circle_arcs(*center, *radius, *along, *joint, *turn) {
                    ink.cubic_to(first, second, end);
                }
                pen = Some(*joint);
            }
            Piece::Mark { from, to } => {
                if near(*from, *to) {
                    dots.circle(*from, unit * 0.09);
                } else {
                    ink.move_to(*from);
                    ink.line_to(*to);
                    pen = None;
                }
            }
        }
    }
    (ink, dots)
}

/// The page as a scene; `highlight` shades one word's box.
pub fn page_scene(page: &Page, highlight: Option<usize>) -> Scene {
    let style = page.style;
    let unit = style.unit;
    let view = Rect { min: Point::new(0.0, -page.height), max: Point::new(page.width, 0.0) };
    let mut scene = Scene::new(view, Some(PAPER));
    let mut rules = Path::new();
    for &y in &page.lines {
        rules.move_to(Point::new(unit, y));
        rules.line_to(Point::new(page.width - unit, y));
    }
    scene.push(rules, Style::stroked(RULE, (unit * 0.06).max(0.5)));
    if let Some(placed) = highlight.and_then(|index| page.words.get(index)) {
        let [x0, y0, x1, y1] = placed.glyph.bounds;
        let pad = unit * 0.35;
        let mut shade = Path::new();
        shade.polygon(&[
            Point::new(x0 - pad, y0 - pad),
            Point::new(x1 + pad, y0 - pad),
            Point::new(x1 + pad, y1 + pad),
            Point::new(x0 - pad, y1 + pad),
        ]);
        scene.push(shade, Style::filled(HIGHLIGHT));
    }
    let mut ink = Path::new();
    let mut dots = Path::new();
    for placed in &page.words {
        let (strokes, marks) = glyph_paths(&placed.glyph, unit);
        ink.extend(&strokes);
        dots.extend(&marks);
    }
    for mark in &page.marks {
        let at = mark.at;
        match mark.text.as_str() {
            // The Gregg period: a short stroke slanting down to the right.
            "." => {
                ink.move_to(Point::new(at.x, at.y + unit * 0.5));
                ink.line_to(Point::new(at.x + unit * 0.45, at.y + unit * 0.1));
            }
            // The question mark: a cross like x; the exclamation: the period with a dash under.
            "?" => {
                ink.move_to(Point::new(at.x, at.y + unit * 0.6));
                ink.line_to(Point::new(at.x + unit * 0.5, at.y));
                ink.move_to(Point::new(at.x, at.y));
                ink.line_to(Point::new(at.x + unit * 0.5, at.y + unit * 0.6));
            }
            "!" => {
                ink.move_to(Point::new(at.x, at.y + unit * 0.7));
                ink.line_to(Point::new(at.x + unit * 0.45, at.y + unit * 0.3));
                ink.move_to(Point::new(at.x, at.y + unit * 0.1));
                ink.line_to(Point::new(at.x + unit * 0.45, at.y + unit * 0.1));
            }
            // The dash: two short parallel lines; parentheses as written.
            "-" => {
                for dy in [0.25, 0.45] {
                    ink.move_to(Point::new(at.x, at.y + unit * dy));
                    ink.line_to(Point::new(at.x + unit * 0.7, at.y + unit * dy));
                }
            }
            other => {
                let label =
                    text_path(other, Point::new(at.x, at.y + unit * 0.5), unit * 1.2, TextAnchor::Left);
                scene.push(label, Style { fill: Some(INK), fill_rule: FillRule::NonZero, stroke: None });
            }
        }
    }
    scene.push(ink, Style::stroked(INK, style.pen_width));
    scene.push(dots, Style::filled(INK));
    if style.debug {
        let mut joints = Path::new();
        let mut labels = Path::new();
        for placed in &page.words {
            for piece in &placed.glyph.pieces {
                match piece {
                    Piece::Curve { points, letter } => {
                        joints.circle(points[0], unit * 0.08);
                        joints.circle(points[3], unit * 0.08);
                        let middle = super::glyph::cubic_at(points, 0.5);
                        labels.extend(&text_path(
                            letter,
                            Point::new(middle.x, middle.y + unit * 0.45),
                            unit * 0.6,
                            TextAnchor::Center,
                        ));
                    }
                    Piece::Circle { center, letter, .. } => {
                        labels.extend(&text_path(letter, *center, unit * 0.5, TextAnchor::Center));
                    }
                    Piece::Mark { .. } => {}
                }
            }
        }
        scene.push(joints, Style::filled(JOINT));
        scene.push(labels, Style::filled(LABEL));
    }
    scene
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Asks to stop after `left` reports.
    struct StopAfter(u32);

    impl Progress for StopAfter {
        fn report(&mut self, _done: u64, _total: u64, _message: &str) -> std::ops::ControlFlow<()> {
            if self.0 == 0 {
                return std::ops::ControlFlow::Break(());
            }
            self.0 -= 1;
            std::ops::ControlFlow::Continue(())
        }
    }

    #[test]
    fn a_layout_stops_when_asked_and_otherwise_equals_the_plain_one() {
        let text = "the cake and the lake ".repeat(400);
        let transcriber = Transcriber::default();
        let style = PageStyle::default();
        assert_eq!(
            layout_with_progress(&text, &transcriber, style, &mut StopAfter(2)).err(),
            Some(Cancelled)
        );
        let page = layout_with_progress(&text, &transcriber, style, &mut StopAfter(u32::MAX)).unwrap();
        let plain = layout(&text, &transcriber, style);
        assert_eq!(page.words.len(), plain.words.len());
        assert_eq!(page.height, plain.height);
    }

    #[test]
    fn words_wrap_inside_the_page_and_stay_in_order() {
        let text = "the quick brown fox jumps over the lazy dog ".repeat(20);
        let style = PageStyle { width: 400.0, ..PageStyle::default() };
        let page = layout(&text, &Transcriber::default(), style);
        assert_eq!(page.words.len(), 180);
        assert!(page.lines.len() > 5);
        for placed in &page.words {
            assert!(placed.glyph.bounds[0] >= 0.0);
            assert!(placed.glyph.bounds[2] <= page.width, "{:?}", placed.glyph.bounds);
            assert!(placed.glyph.bounds[1] > -page.height);
        }
        let first = &page.words[0].glyph.bounds;
        assert!(
            page.word_at(Point::new((first[0] + first[2]) / 2.0, (first[1] + first[3]) / 2.0)) == Some(0)
        );
    }

    #[test]
    fn a_phrase_form_is_laid_out_as_one_outline() {
        let text = "I am of the opinion. No one came.";
        let page = layout(text, &Transcriber::default(), PageStyle::default());
        let words: Vec<&str> = page.words.iter().map(|placed| placed.word.word.as_str()).collect();
        assert_eq!(words, vec!["I am of the opinion", "No one", "came"]);
        assert_eq!(page.words.len(), Transcriber::default().text(text).len());
    }

    #[test]
    fn punctuation_gets_marks_and_paragraphs_new_lines() {
        let page = layout("Yes. Why?\n\nNo!", &Transcriber::default(), PageStyle::default());
        let marks: Vec<&str> = page.marks.iter().map(|mark| mark.text.as_str()).collect();
        assert_eq!(marks, [".", "?", "!"]);
        assert_eq!(page.lines.len(), 2);
        let scene = page_scene(&page, Some(0));
        assert!(scene.point_count() > 20);
    }

    #[test]
    fn bad_styles_are_clamped() {
        let style =
            PageStyle { width: f64::NAN, unit: -3.0, pen_width: 1e9, slant: 400.0, debug: true }.clamped();
        assert_eq!(style.width, 1200.0);
        assert_eq!(style.unit, 2.0);
        assert_eq!(style.pen_width, 20.0);
        assert_eq!(style.slant, 45.0);
    }
}
