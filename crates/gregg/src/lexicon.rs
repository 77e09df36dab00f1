//! The word lists: the 1929 brief forms and the outline dictionary (the Grascii "anniversary"
//! dictionary, MIT licensed, shipped in `assets/gregg/`).

use rustc_hash::FxHashMap;
use std::sync::OnceLock;

static DICTIONARY: &str = include_str!("../../../assets/gregg/anniversary-dictionary.tsv");
static BRIEF_FORMS: &str = include_str!("../../../assets/gregg/brief-forms-anniversary.tsv");
static PHRASE_FORMS: &str = include_str!("../../../assets/gregg/phrase-forms-anniversary.tsv");

/// Outlines by word.
pub struct Lexicon {
    outlines: FxHashMap<String, Vec<String>>,
}

/// An error in a word list file.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("line {line}: {problem}")]
pub struct LexiconError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

impl Lexicon {
    /// Parses `word<TAB>outline[ | outline...]` lines; `#` starts a comment line; an outline
    /// starting with `? ` (an uncertain reading in the source) keeps the rest.
    pub fn parse(text: &str) -> Result<Lexicon, LexiconError> {
        let mut outlines: FxHashMap<String, Vec<String>> = FxHashMap::default();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((word, alternatives)) = line.split_once('\t') else {
                return Err(LexiconError {
                    line: number + 1,
                    problem: format!("expected word<TAB>outline, found {line:?}"),
                });
            };
            let word = word.trim().to_lowercase();
            let list: Vec<String> = alternatives
                .split(" | ")
                .map(|outline| outline.trim().trim_start_matches("? ").to_string())
                .filter(|outline| !outline.is_empty())
                .collect();
            if word.is_empty() || list.is_empty() {
                return Err(LexiconError {
                    line: number + 1,
                    problem: "a word and at least one outline are needed".to_string(),
                });
            }
            outlines.entry(word).or_default().extend(list);
        }
        Ok(Lexicon { outlines })
    }

    /// The shipped outline dictionary, parsed once per process.
    pub fn dictionary() -> &'static Lexicon {
        static SHARED: OnceLock<Lexicon> = OnceLock::new();
        SHARED.get_or_init(|| Lexicon::parse(DICTIONARY).expect("the shipped dictionary parses"))
    }

    /// The brief forms of the 1929 manual, parsed once per process: each word with the
    /// dictionary's outline where it has one, else the chart's letters.
    pub fn brief_forms() -> &'static Lexicon {
        static SHARED: OnceLock<Lexicon> = OnceLock::new();
        SHARED.get_or_init(|| brief_forms_from(BRIEF_FORMS, Lexicon::dictionary()))
    }

    /// The manual's phrase brief forms: whole phrases ("i am of the opinion") written as one
    /// outline, the small words of the phrase left out.
    pub fn phrase_forms() -> &'static Lexicon {
        static SHARED: std::sync::OnceLock<Lexicon> = std::sync::OnceLock::new();
        SHARED.get_or_init(|| brief_forms_from(PHRASE_FORMS, &Lexicon { outlines: FxHashMap::default() }))
    }

    /// The outlines of a lower-case word, first the preferred one.
    pub fn get(&self, word: &str) -> Option<&[String]> {
        self.outlines.get(word).map(Vec::as_slice)
    }

    /// Every word with its outlines, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &Vec<String>)> {
        self.outlines.iter()
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        self.outlines.len()
    }

    /// Whether there are no words.
    pub fn is_empty(&self) -> bool {
        self.outlines.is_empty()
    }
}

/// The brief-form chart's notation (`a b v`, `[over th] a`, `o [left s]`) in Grascii.
pub fn chart_to_grascii(letters: &str) -> String {
    let mut text = letters.to_string();
    for (from, to) in [
        ("[over th]", "th("),
        ("[under th]", "th)"),
        ("[left s]", "s("),
        ("[right s]", "s)"),
        ("[inverted e]", "e~"),
        ("[inverted a]", "a~"),
        ("[inverted i]", "i~"),
        ("[e loop]", "e|"),
        ("[loop]", "a|"),
        ("[dot]", "'"),
        ("[intersecting t]", "t"),
    ] {
        text = text.replace(from, to);
    }
    // Notes in parentheses ("(above the line)") describe placement, not letters.
    let mut result = String::new();
    let mut depth = 0;
    for character in text.chars() {
        match character {
            '(' if result.ends_with("th") || result.ends_with('s') => result.push('('),
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            ' ' => {}
            other => result.push(other),
        }
    }
    result
}

fn brief_forms_from(text: &str, dictionary: &Lexicon) -> Lexicon {
    let mut outlines: FxHashMap<String, Vec<String>> = FxHashMap::default();
    for line in text.lines().skip(1) {
        let Some((words, letters)) = line.split_once('\t') else {
            continue;
        };
        let chart = chart_to_grascii(letters);
        for word in words.split([',', ';']) {
            let word = word.trim().to_lowercase();
            if word.is_empty() || chart.is_empty() {
                continue;
            }
            let outline = dictionary.get(&word).map(|list| list[0].clone()).unwrap_or_else(|| chart.clone());
            outlines.entry(word).or_insert_with(|| vec![outline]);
        }
    }
    Lexicon { outlines }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dictionary_and_brief_forms_load() {
        let dictionary = Lexicon::dictionary();
        assert!(dictionary.len() > 14_000);
        assert_eq!(dictionary.get("church").unwrap()[0], "che~ch");
        let brief = Lexicon::brief_forms();
        assert!(brief.len() > 300);
        assert_eq!(brief.get("the").unwrap()[0], "th(");
        assert!(brief.get("about").is_some());
    }

    #[test]
    fn a_phrase_form_joins_its_words_brief_forms_leaving_out_the_small_words() {
        // "I am of the opinion": I, am, opinion ("of the" left out); "I should like to have":
        // I, should, like, have ("to" left out).
        let brief = Lexicon::brief_forms();
        let joined =
            |words: &[&str]| -> String { words.iter().map(|w| brief.get(w).map_or(*w, |o| &o[0])).collect() };
        let phrases = Lexicon::phrase_forms();
        assert_eq!(phrases.len(), 2);
        assert_eq!(phrases.get("i am of the opinion").unwrap()[0], "amopn");
        assert_eq!(joined(&["i", "am", "opinion"]), "amopn");
        assert_eq!(phrases.get("i should like to have").unwrap()[0], "ashdlav");
        assert_eq!(joined(&["i", "should", "like", "have"]), "ashdlav");
    }

    #[test]
    fn chart_notation_becomes_grascii() {
        assert_eq!(chart_to_grascii("a b v"), "abv");
        assert_eq!(chart_to_grascii("[over th] a"), "th(a");
        assert_eq!(chart_to_grascii("o (on its side)"), "o");
        assert_eq!(chart_to_grascii("o [left s]"), "os(");
    }

    #[test]
    fn bad_lines_name_their_line() {
        let error = Lexicon::parse("# comment\nword outline\n").err().unwrap();
        assert_eq!(error.line, 2);
    }
}
