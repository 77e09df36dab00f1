//! Gregg shorthand against the manual's joining-rule examples (assets/gregg/joining-rule-examples.tsv),
//! SVG snapshots of a few phrases, and long texts that must render without error.

use curio_core::export::to_svg;
use gregg::glyph::{Glyph, Piece, StrokeShape, Turn, draw, strokes};
use gregg::{PageStyle, Transcriber, layout, page_scene};

const EXAMPLES: &str = include_str!("../../../assets/gregg/joining-rule-examples.tsv");

struct Example {
    rule: String,
    word: String,
    outlines: Vec<String>,
}

/// The examples that carry an outline in `column` (2: the 1930 Anniversary dictionary, 3: the
/// 1916 dictionary, whose circles follow the same rules).
fn examples(column: usize) -> Vec<Example> {
    EXAMPLES
        .lines()
        .skip(1)
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let outline = fields.get(column)?.trim();
            (outline != "-" && !outline.is_empty()).then(|| Example {
                rule: fields[0].to_string(),
                word: fields[1].to_string(),
                outlines: outline.split(" | ").map(str::to_string).collect(),
            })
        })
        .collect()
}

/// Rule groups whose every example the rules (no dictionary, no brief forms) write exactly.
const CLAIMED: &[&str] = &["§11 ", "§12 ", "§18 ", "§19 ", "§20 ", "§49 left S", "§49 right S", "§67 "];

#[test]
fn rules_write_every_example_of_the_groups_they_cover() {
    let rules_only = Transcriber { rules_only: true, ..Transcriber::default() };
    let mut checked = 0;
    let mut wrong = Vec::new();
    for example in examples(2) {
        if !CLAIMED.iter().any(|group| example.rule.starts_with(group)) {
            continue;
        }
        checked += 1;
        let got = rules_only.word(&example.word).outline;
        if !example.outlines.contains(&got) {
            wrong.push(format!(
                "{} ({}): got {got}, expected {:?}",
                example.word, example.rule, example.outlines
            ));
        }
    }
    assert!(checked >= 12, "only {checked} examples checked");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

fn circles(glyph: &Glyph) -> Vec<(Turn, String)> {
    glyph
        .pieces
        .iter()
        .filter_map(|piece| match piece {
            Piece::Circle { turn, letter, .. } => Some((*turn, letter.clone())),
            _ => None,
        })
        .collect()
}

fn shape(letter: &str) -> &'static StrokeShape {
    strokes().iter().find(|shape| shape.letter == letter).expect("letter in the table")
}

fn turn_of(turning: f64) -> Turn {
    if turning > 0.0 { Turn::CounterClockwise } else { Turn::Clockwise }
}

/// The consonant letters of an outline around its first circle.
fn neighbours(outline: &str) -> (Option<String>, Option<String>) {
    let signs = gregg::grascii::tokens(outline);
    let Some(index) = signs.iter().position(|sign| matches!(sign.letter.as_str(), "a" | "e")) else {
        return (None, None);
    };
    let consonant = |sign: &gregg::grascii::Token| {
        (!matches!(sign.letter.as_str(), "a" | "e" | "i" | "o" | "u" | "'")).then(|| sign.letter.clone())
    };
    let before = index.checked_sub(1).and_then(|i| consonant(&signs[i]));
    let after = signs.get(index + 1).and_then(consonant);
    (before, after)
}

#[test]
fn circles_turn_as_the_manual_says_in_its_examples() {
    let mut checked = 0;
    let mut seen = std::collections::HashSet::new();
    for example in examples(2).into_iter().chain(examples(3)) {
        if !seen.insert(example.word.clone()) {
            continue;
        }
        let outline = &example.outlines[0];
        let glyph = draw(outline, 10.0);
        let Some((turn, _)) = circles(&glyph).first().cloned() else { continue };
        let (before, after) = neighbours(outline);
        let expected = if example.rule.starts_with("§12 ") || example.rule.starts_with("§17 ") {
            // On a straight stroke, and between straight strokes in one direction: clockwise.
            Some(Turn::Clockwise)
        } else if example.rule.starts_with("§11 ") {
            // Inside the single curve.
            let curve = before.or(after).expect("a curve");
            Some(turn_of(shape(&curve).turning()))
        } else if example.rule.starts_with("§71 ") {
            // The reversed circle: left motion.
            outline.contains('~').then_some(Turn::CounterClockwise)
        } else if example.rule.starts_with("§18 ") {
            // Between reverse curves: with the second curve, on the back of the first.
            let second = after.expect("a second curve");
            Some(turn_of(shape(&second).turning()))
        } else if example.rule.starts_with("§15 ") {
            // Curve and straight line without an angle: inside the curve.
            let curve = [before, after].into_iter().flatten().find(|letter| !shape(letter).is_straight());
            curve.map(|letter| turn_of(shape(&letter).turning()))
        } else {
            None
        };
        if let Some(expected) = expected {
            checked += 1;
            assert_eq!(turn, expected, "{} {outline} ({})", example.word, example.rule);
        }
    }
    assert!(checked >= 25, "only {checked} circles checked");
    println!("{checked} circles checked");
}

#[test]
fn phrases_render_to_the_same_svg() {
    let style = PageStyle { width: 600.0, ..PageStyle::default() };
    for (name, text) in [
        ("cake-lake-church", "cake lake church"),
        ("london-bridge", "London bridge is falling down."),
        ("joining-rules", "rate deed wreck art temper gentle attend"),
    ] {
        let page = layout(text, &Transcriber::default(), style);
        insta::assert_snapshot!(name, to_svg(&page_scene(&page, None)));
    }
}

#[test]
fn long_public_domain_text_renders_without_error() {
    let text = include_str!("../../../assets/gregg/gettysburg.txt").repeat(20);
    let page = layout(&text, &Transcriber::default(), PageStyle::default());
    assert_eq!(page.words.len(), 20 * 271);
    for placed in &page.words {
        assert!(placed.glyph.bounds.iter().all(|value| value.is_finite()), "{}", placed.word.word);
        assert!(!placed.glyph.pieces.is_empty(), "{} drew nothing", placed.word.word);
    }
    let svg = to_svg(&page_scene(&page, None));
    assert!(svg.len() > 100_000);
}

#[test]
fn every_dictionary_word_draws_through_the_rules() {
    let rules_only = Transcriber { rules_only: true, ..Transcriber::default() };
    let text = gregg::bench::bench_text(14_174);
    let page = layout(&text, &rules_only, PageStyle::default());
    assert!(page.words.len() >= 14_000);
    for placed in &page.words {
        assert!(placed.glyph.bounds.iter().all(|value| value.is_finite()), "{}", placed.word.word);
    }
}
