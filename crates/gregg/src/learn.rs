//! Learned rewrites: where the dictionary's writers abbreviate beyond the manual's rules.
//!
//! Transformation-based learning (Brill 1995): start from the rules' outlines for a list of words
//! with known outlines, then repeatedly pick the one string rewrite (at the start, at the end, or
//! anywhere, with its context) that gains the most over the whole list, counting the words it
//! breaks against the words it fixes, and keep it when the net gain reaches a threshold. A
//! rewrite must pay for itself on several words, so no single word's outline can be learned;
//! the list is one half of the dictionary and the rewrites are measured on the other half.
//!
//! Cost: each round proposes candidates from the words still wrong (a few per word) and scores
//! the four hundred proposed most often on every word, so a round is linear in the list.

use super::grascii::consonants;
use rustc_hash::FxHashMap;
use std::fmt::Write as _;

/// Where a rewrite applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Anchor {
    /// At the start of the outline.
    Start,
    /// At the end of the outline.
    End,
    /// Every occurrence.
    Anywhere,
}

impl Anchor {
    fn name(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::End => "end",
            Anchor::Anywhere => "anywhere",
        }
    }
}

/// One learned rewrite of an outline.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rewrite {
    /// Where it applies.
    pub anchor: Anchor,
    /// The text replaced (never empty).
    pub from: String,
    /// The replacement.
    pub to: String,
}

impl Rewrite {
    /// The outline rewritten, or `None` when the rewrite does not apply.
    pub fn apply(&self, outline: &str) -> Option<String> {
        match self.anchor {
            Anchor::Start => {
                outline.strip_prefix(self.from.as_str()).map(|rest| format!("{}{rest}", self.to))
            }
            Anchor::End => outline.strip_suffix(self.from.as_str()).map(|rest| format!("{rest}{}", self.to)),
            Anchor::Anywhere => {
                outline.contains(self.from.as_str()).then(|| outline.replace(self.from.as_str(), &self.to))
            }
        }
    }
}

/// An error in a rewrites file.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("line {line}: {problem}")]
pub struct RewriteError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

/// Rewrites as text: `anchor<TAB>from<TAB>to` a line, in the order they apply, `#` comments.
pub fn to_text(rewrites: &[Rewrite], header: &str) -> String {
    let mut text = String::new();
    for line in header.lines() {
        let _ = writeln!(text, "# {line}");
    }
    for rewrite in rewrites {
        let _ = writeln!(text, "{}\t{}\t{}", rewrite.anchor.name(), rewrite.from, rewrite.to);
    }
    text
}

/// Parses rewrites written by [`to_text`].
pub fn parse(text: &str) -> Result<Vec<Rewrite>, RewriteError> {
    let mut rewrites = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let error = |problem: &str| RewriteError { line: number + 1, problem: problem.to_string() };
        let mut fields = line.split('\t');
        let anchor = match fields.next() {
            Some("start") => Anchor::Start,
            Some("end") => Anchor::End,
            Some("anywhere") => Anchor::Anywhere,
            _ => return Err(error("the anchor must be start, end or anywhere")),
        };
        let from = fields.next().unwrap_or("").to_string();
        let to = fields.next().ok_or_else(|| error("expected anchor<TAB>from<TAB>to"))?.to_string();
        if from.is_empty() || fields.next().is_some() {
            return Err(error("expected anchor<TAB>from<TAB>to with a non-empty from"));
        }
        rewrites.push(Rewrite { anchor, from, to });
    }
    Ok(rewrites)
}

/// Applies every rewrite in order.
pub fn apply_all(rewrites: &[Rewrite], outline: &str) -> String {
    let mut current = outline.to_string();
    for rewrite in rewrites {
        if let Some(next) = rewrite.apply(&current) {
            current = next;
        }
    }
    current
}

/// How learning goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LearnOptions {
    /// The least net gain (in score points: 2 an exact word, 1 a word whose consonants agree)
    /// a rewrite must bring.
    pub min_gain: i64,
    /// The most rewrites to learn.
    pub max_rewrites: usize,
}

impl Default for LearnOptions {
    fn default() -> Self {
        LearnOptions { min_gain: 6, max_rewrites: 400 }
    }
}

/// A word to learn from: the rules' outline and the known outlines.
pub struct Example {
    /// The rules' outline.
    pub got: String,
    /// The known outlines.
    pub expected: Vec<String>,
}

fn score(outline: &str, expected: &[String], expected_consonants: &[String]) -> i64 {
    let exact = expected.iter().any(|known| known == outline);
    let skeleton = consonants(outline);
    let consonants_agree = expected_consonants.contains(&skeleton);
    2 * i64::from(exact) + i64::from(consonants_agree)
}

fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Candidate rewrites that would turn `got` into `expected`.
fn candidates(got: &str, expected: &str, into: &mut Vec<Rewrite>) {
    let (g, e) = (got.as_bytes(), expected.as_bytes());
    if !got.is_ascii() || !expected.is_ascii() {
        return;
    }
    let start = common_prefix(g, e);
    let mut end = common_prefix(
        &g.iter().rev().copied().collect::<Vec<_>>(),
        &e.iter().rev().copied().collect::<Vec<_>>(),
    );
    end = end.min(g.len() - start).min(e.len() - start);
    let piece = |bytes: &[u8], from: usize, to: usize| String::from_utf8_lossy(&bytes[from..to]).into_owned();
    for context in 0..=2 {
        if end == 0 && start >= context {
            let from = piece(g, start - context, g.len());
            if !from.is_empty() {
                into.push(Rewrite { anchor: Anchor::End, from, to: piece(e, start - context, e.len()) });
            }
        }
        if start == 0 && end >= context {
            let from = piece(g, 0, g.len() - end + context);
            if !from.is_empty() {
                into.push(Rewrite { anchor: Anchor::Start, from, to: piece(e, 0, e.len() - end + context) });
            }
        }
    }
    for (left, right) in [(1, 1), (2, 1), (1, 2), (2, 2), (1, 0), (0, 1)] {
        if start >= left && end >= right {
            let from = piece(g, start - left, g.len() - end + right);
            if from.len() >= 2 {
                into.push(Rewrite {
                    anchor: Anchor::Anywhere,
                    from,
                    to: piece(e, start - left, e.len() - end + right),
                });
            }
        }
    }
}

/// Learns rewrites from examples; `report` hears each rewrite with its gain as it is chosen and
/// may stop learning by returning `false`.
pub fn learn(
    examples: &[Example],
    options: LearnOptions,
    mut report: impl FnMut(&Rewrite, i64) -> bool,
) -> Vec<Rewrite> {
    let expected_consonants: Vec<Vec<String>> =
        examples.iter().map(|example| example.expected.iter().map(|o| consonants(o)).collect()).collect();
    let mut outputs: Vec<String> = examples.iter().map(|example| example.got.clone()).collect();
    let mut scores: Vec<i64> = outputs
        .iter()
        .zip(examples)
        .zip(&expected_consonants)
        .map(|((output, example), skeletons)| score(output, &example.expected, skeletons))
        .collect();
    let mut learned = Vec::new();
    let mut proposals = Vec::new();
    while learned.len() < options.max_rewrites {
        let mut counts: FxHashMap<Rewrite, i64> = FxHashMap::default();
        for (output, example) in outputs.iter().zip(examples) {
            if example.expected.iter().any(|known| known == output) {
                continue;
            }
            proposals.clear();
            for known in &example.expected {
                candidates(output, known, &mut proposals);
            }
            proposals.sort();
            proposals.dedup();
            for proposal in proposals.drain(..) {
                *counts.entry(proposal).or_default() += 1;
            }
        }
        let mut ranked: Vec<(Rewrite, i64)> = counts.into_iter().collect();
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        ranked.truncate(400);
        let best = ranked
            .into_iter()
            .map(|(rewrite, _)| {
                let gain: i64 = outputs
                    .iter()
                    .enumerate()
                    .filter_map(|(index, output)| {
                        let next = rewrite.apply(output)?;
                        let example = &examples[index];
                        Some(score(&next, &example.expected, &expected_consonants[index]) - scores[index])
                    })
                    .sum();
                (rewrite, gain)
            })
            .max_by(|a, b| a.1.cmp(&b.1).then_with(|| b.0.cmp(&a.0)));
        let Some((rewrite, gain)) = best else { break };
        if gain < options.min_gain {
            break;
        }
        for (index, output) in outputs.iter_mut().enumerate() {
            if let Some(next) = rewrite.apply(output) {
                *output = next;
                scores[index] = score(output, &examples[index].expected, &expected_consonants[index]);
            }
        }
        let keep_going = report(&rewrite, gain);
        learned.push(rewrite);
        if !keep_going {
            break;
        }
    }
    learned
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example(got: &str, expected: &str) -> Example {
        Example { got: got.to_string(), expected: vec![expected.to_string()] }
    }

    #[test]
    fn rewrites_apply_at_their_anchor() {
        let end = Rewrite { anchor: Anchor::End, from: "st".into(), to: "s".into() };
        assert_eq!(end.apply("must").as_deref(), Some("mus"));
        assert_eq!(end.apply("stop"), None);
        let anywhere = Rewrite { anchor: Anchor::Anywhere, from: "ee".into(), to: "e".into() };
        assert_eq!(anywhere.apply("eeree").as_deref(), Some("ere"));
    }

    #[test]
    fn learning_finds_a_shared_ending_and_ignores_a_lone_word() {
        let mut examples: Vec<Example> = ["ajtat", "akselrat", "ajudkat", "selebrat", "aktevat"]
            .iter()
            .map(|got| example(got, &got[..got.len() - 1]))
            .collect();
        // One word with an idiosyncratic outline: no rewrite may learn it.
        examples.push(example("parallelogram", "p^l^g"));
        // A word the ending rewrite must not break.
        examples.push(example("abot", "abot"));
        let learned = learn(&examples, LearnOptions { min_gain: 4, max_rewrites: 10 }, |_, _| true);
        assert!(!learned.is_empty());
        let fixed: Vec<String> = examples.iter().map(|example| apply_all(&learned, &example.got)).collect();
        assert_eq!(fixed[0], "ajta");
        assert_eq!(fixed[6], "abot");
        assert_ne!(fixed[5], "p^l^g");
    }

    #[test]
    fn text_round_trips_and_bad_lines_are_named() {
        let rewrites = vec![Rewrite { anchor: Anchor::Start, from: "ks".into(), to: "k-s".into() }];
        assert_eq!(parse(&to_text(&rewrites, "header")).unwrap(), rewrites);
        assert_eq!(parse("middle\tx\ty\n").unwrap_err().line, 1);
        assert_eq!(parse("# c\nend\t\ty\n").unwrap_err().line, 2);
    }
}
