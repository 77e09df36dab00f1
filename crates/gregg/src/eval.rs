//! Measuring transcription against a list of known outlines.
//!
//! Three rates: exact (the outline equals one of the listed alternatives), letters (equal after
//! removing annotation marks and joiners) and consonants (equal after removing the vowel letters
//! too); each over all words and over the words the pronunciation dictionary knows. The split
//! into two halves (by a hash of the word) lets rules be developed on one half and reported on
//! the other.

use super::grascii::{consonants, letters};
use super::learn::{Example, LearnOptions, Rewrite, learn};
use super::lexicon::{Lexicon, LexiconError};
use super::phonemes::Pronouncer;
use super::rules::Rules;
use super::transcribe::{Source, Transcriber};
use serde::Serialize;

/// Which words of the list to measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Split {
    /// Every word.
    #[default]
    All,
    /// The half the rules were developed on.
    Develop,
    /// The other half, held out for reporting.
    HeldOut,
}

impl Split {
    /// Every split.
    pub const ALL: [Split; 3] = [Split::All, Split::Develop, Split::HeldOut];

    /// Its name on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            Split::All => "all",
            Split::Develop => "develop",
            Split::HeldOut => "held-out",
        }
    }

    /// Whether a word belongs to this split: FNV-1a of the word, even hashes develop, odd held
    /// out.
    pub fn contains(self, word: &str) -> bool {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in word.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        match self {
            Split::All => true,
            Split::Develop => hash & 1 == 0,
            Split::HeldOut => hash & 1 == 1,
        }
    }
}

/// A word the transcriber got wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Miss {
    /// The word.
    pub word: String,
    /// What the transcriber wrote.
    pub got: String,
    /// The listed outlines.
    pub expected: Vec<String>,
    /// Edit distance between the letters of `got` and the nearest listed outline.
    pub distance: usize,
}

/// Counts of words by how close the transcription came.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ByClass {
    /// Equal to a listed outline.
    pub exact: usize,
    /// Only annotation marks or joiners differ.
    pub marks: usize,
    /// The consonants agree; vowels differ.
    pub vowels: usize,
    /// The consonants differ.
    pub consonants: usize,
}

/// The measurement.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EvalReport {
    /// Words measured.
    pub words: usize,
    /// Words the pronunciation dictionary knows.
    pub known_words: usize,
    /// Exact matches over all words.
    pub exact_rate: f64,
    /// Exact matches over known words.
    pub exact_rate_known: f64,
    /// Letter matches over all words.
    pub letters_rate: f64,
    /// Letter matches over known words.
    pub letters_rate_known: f64,
    /// Consonant matches over all words.
    pub consonants_rate: f64,
    /// Consonant matches over known words.
    pub consonants_rate_known: f64,
    /// Words by class of error.
    pub by_class: ByClass,
    /// The misses with the largest edit distance (at most the number asked for).
    pub worst: Vec<Miss>,
}

/// Measures `transcriber` on the words of `list` (`word<TAB>outline[ | outline...]`) in `split`,
/// keeping the `worst` misses.
pub fn evaluate(
    list: &str,
    transcriber: &Transcriber,
    split: Split,
    worst: usize,
) -> Result<EvalReport, LexiconError> {
    let lexicon = Lexicon::parse(list)?;
    let pronouncer = Pronouncer::shared();
    let mut entries: Vec<(&String, &Vec<String>)> =
        lexicon.iter().filter(|(word, _)| split.contains(word)).collect();
    entries.sort();
    let mut by_class = ByClass::default();
    let (mut known, mut exact, mut exact_known) = (0, 0, 0);
    let (mut letters_hits, mut letters_known, mut consonants_hits, mut consonants_known) = (0, 0, 0, 0);
    let mut misses = Vec::new();
    for (word, expected) in &entries {
        let result = transcriber.word(word);
        let is_known = word
            .split([' ', '-'])
            .filter(|part| !part.is_empty())
            .all(|part| pronouncer.lookup(part).is_some())
            && result.source != Source::LetterToSound;
        let got = &result.outline;
        let is_exact = expected.iter().any(|outline| outline == got);
        let got_letters = letters(got);
        let got_consonants = consonants(got);
        let is_letters = expected.iter().any(|outline| letters(outline) == got_letters);
        let is_consonants = expected.iter().any(|outline| consonants(outline) == got_consonants);
        known += usize::from(is_known);
        exact += usize::from(is_exact);
        exact_known += usize::from(is_exact && is_known);
        letters_hits += usize::from(is_letters);
        letters_known += usize::from(is_letters && is_known);
        consonants_hits += usize::from(is_consonants);
        consonants_known += usize::from(is_consonants && is_known);
        if is_exact {
            by_class.exact += 1;
        } else if is_letters {
            by_class.marks += 1;
        } else if is_consonants {
            by_class.vowels += 1;
        } else {
            by_class.consonants += 1;
        }
        if !is_exact {
            let distance = expected
                .iter()
                .map(|outline| edit_distance(&letters(outline), &got_letters))
                .min()
                .unwrap_or(0);
            misses.push(Miss {
                word: word.to_string(),
                got: got.clone(),
                expected: expected.to_vec(),
                distance,
            });
        }
    }
    misses.sort_by(|a, b| b.distance.cmp(&a.distance).then(a.word.cmp(&b.word)));
    misses.truncate(worst);
    let rate = |hits: usize, total: usize| {
        if total == 0 { 0.0 } else { hits as f64 / total as f64 }
    };
    let words = entries.len();
    Ok(EvalReport {
        words,
        known_words: known,
        exact_rate: rate(exact, words),
        exact_rate_known: rate(exact_known, known),
        letters_rate: rate(letters_hits, words),
        letters_rate_known: rate(letters_known, known),
        consonants_rate: rate(consonants_hits, words),
        consonants_rate_known: rate(consonants_known, known),
        by_class,
        worst: misses,
    })
}

/// Learns rewrites (see [`super::learn`]) from the words of `list` in `split`, starting from the
/// manual's rules alone; returns the rewrites and the number of words learned from.
pub fn learn_from_list(
    list: &str,
    split: Split,
    options: LearnOptions,
    report: impl FnMut(&Rewrite, i64) -> bool,
) -> Result<(Vec<Rewrite>, usize), LexiconError> {
    let lexicon = Lexicon::parse(list)?;
    let transcriber = Transcriber { rules_only: true, rules: Rules::manual() };
    let mut entries: Vec<(&String, &Vec<String>)> =
        lexicon.iter().filter(|(word, _)| split.contains(word)).collect();
    entries.sort();
    let examples: Vec<Example> = entries
        .iter()
        .map(|(word, expected)| Example { got: transcriber.word(word).outline, expected: expected.to_vec() })
        .collect();
    Ok((learn(&examples, options, report), examples.len()))
}

/// Levenshtein distance between two strings, by characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_edits() {
        assert_eq!(edit_distance("kak", "kak"), 0);
        assert_eq!(edit_distance("kak", "ka"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn splits_partition_the_words() {
        let words = ["cake", "church", "art", "deed", "temper", "gentle"];
        for word in words {
            assert!(Split::Develop.contains(word) != Split::HeldOut.contains(word));
        }
    }

    #[test]
    fn report_counts_exact_letters_and_consonants() {
        let list = "# test\nchurch\tche~ch\nart\ta~t\ncake\tkak\nblorptastic\tblorp\n";
        let transcriber = Transcriber { rules_only: true, rules: Rules::plain() };
        let report = evaluate(list, &transcriber, Split::All, 20).unwrap();
        assert_eq!(report.words, 4);
        assert_eq!(report.known_words, 3);
        // Plain: "cherch" (consonants chrch), "aart"/"ort"..., "kak" exact.
        assert_eq!(report.by_class.exact, 1);
        assert!(report.exact_rate_known > 0.3 && report.exact_rate_known < 0.34);
        assert_eq!(report.worst.len(), 3);
    }
}
