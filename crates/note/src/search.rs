//! Ranked full-text search over notes: an inverted index of every word (runs of letters and
//! digits, lower-cased) with its positions, queried by words, prefixes (`pho*`) and phrases
//! (`"phone ashley"`).
//!
//! A note matches when it holds any of the query's terms. Ranking, best first: notes that hold
//! the whole query as one phrase (its words in order, side by side), then notes by how many of
//! the query's terms they hold, then by BM25 (k1 = 1.2, b = 0.75) over the matched terms. The
//! score reported is that order as one number: 1000 for the phrase, 100 a term held, plus the
//! BM25 sum.

use crate::Note;
use std::ops::Range;

/// Words of `text`: their lower-cased form and their byte range in `text`.
pub fn words(text: &str) -> Vec<(String, Range<usize>)> {
    let mut found = Vec::new();
    let mut start = None;
    for (at, letter) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        match (letter.is_alphanumeric(), start) {
            (true, None) => start = Some(at),
            (false, Some(begin)) => {
                found.push((text[begin..at].to_lowercase(), begin..at));
                start = None;
            }
            _ => {}
        }
    }
    found
}

/// One term of a query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Term {
    /// A word, as a whole.
    Word(String),
    /// Every word that starts so (`pho*`).
    Prefix(String),
    /// Words side by side, in order (`"phone ashley"`).
    Phrase(Vec<String>),
}

/// A parsed query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    /// Its terms.
    pub terms: Vec<Term>,
    /// Every word of the query, in order, for the whole-query phrase.
    pub words: Vec<String>,
}

impl Query {
    /// Parses `text`: `"…"` is a phrase, a word ending in `*` a prefix, any other word a word.
    /// Punctuation separates words; an unclosed quote runs to the end.
    pub fn parse(text: &str) -> Query {
        let mut terms = Vec::new();
        let mut all = Vec::new();
        for (index, part) in text.split('"').enumerate() {
            if index % 2 == 1 {
                let phrase: Vec<String> = words(part).into_iter().map(|(word, _)| word).collect();
                all.extend(phrase.iter().cloned());
                match phrase.len() {
                    0 => {}
                    1 => terms.push(Term::Word(phrase[0].clone())),
                    _ => terms.push(Term::Phrase(phrase)),
                }
                continue;
            }
            for piece in part.split_whitespace() {
                let prefix = piece.ends_with('*');
                let found = words(piece);
                for (position, (word, _)) in found.iter().enumerate() {
                    all.push(word.clone());
                    if prefix && position + 1 == found.len() {
                        terms.push(Term::Prefix(word.clone()));
                    } else {
                        terms.push(Term::Word(word.clone()));
                    }
                }
            }
        }
        terms.dedup();
        Query { terms, words: all }
    }

    /// Whether it has nothing to look for.
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }
}

/// A note found: which, its score, and a snippet around what matched.
#[derive(Clone, Debug, PartialEq)]
pub struct Hit {
    /// Its position in the index (the order notes were added).
    pub note: usize,
    /// Its file name.
    pub name: String,
    /// The rank as one number (see the module's page).
    pub score: f64,
    /// Whether it holds the whole query as one phrase.
    pub phrase: bool,
    /// Query terms it holds.
    pub terms: usize,
    /// Words around the first match, matches marked.
    pub snippet: Snippet,
}

/// A piece of a snippet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The text, as the note has it.
    pub text: String,
    /// Whether it matched the query.
    pub marked: bool,
}

/// Words around a match, as pieces marked or not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Snippet {
    /// The pieces in order.
    pub pieces: Vec<Piece>,
}

impl Snippet {
    /// The snippet as one line with each match between `open` and `close` (`[phone]`).
    pub fn marked(&self, open: &str, close: &str) -> String {
        self.pieces
            .iter()
            .map(
                |piece| {
                    if piece.marked { format!("{open}{}{close}", piece.text) } else { piece.text.clone() }
                },
            )
            .collect()
    }
}

/// One note's occurrences of a word.
#[derive(Clone, Debug)]
struct Posting {
    note: u32,
    positions: Vec<u32>,
}

/// An inverted index of notes.
#[derive(Clone, Debug, Default)]
pub struct Index {
    notes: Vec<Note>,
    /// Each note's words' byte ranges, by position.
    spans: Vec<Vec<Range<usize>>>,
    lengths: Vec<u32>,
    postings: rustc_hash::FxHashMap<String, Vec<Posting>>,
    /// Every word, sorted, for prefixes: made at the first prefix search after a change.
    vocabulary: std::sync::OnceLock<Vec<String>>,
    total_length: u64,
}

/// Words a snippet shows before the first match.
const SNIPPET_BEFORE: usize = 4;
/// Words a snippet shows in all.
const SNIPPET_WORDS: usize = 14;
const K1: f64 = 1.2;
const B: f64 = 0.75;

impl Index {
    /// An index of `notes`, in their order.
    pub fn new(notes: impl IntoIterator<Item = Note>) -> Index {
        let mut index = Index::default();
        for note in notes {
            index.add(note);
        }
        index
    }

    /// Adds a note.
    pub fn add(&mut self, note: Note) {
        let id = self.notes.len() as u32;
        let found = words(&note.text);
        let mut positions: rustc_hash::FxHashMap<&str, Vec<u32>> = rustc_hash::FxHashMap::default();
        for (position, (word, _)) in found.iter().enumerate() {
            positions.entry(word.as_str()).or_default().push(position as u32);
        }
        for (word, positions) in positions {
            match self.postings.get_mut(word) {
                Some(postings) => postings.push(Posting { note: id, positions }),
                None => {
                    self.postings.insert(word.to_string(), vec![Posting { note: id, positions }]);
                }
            }
        }
        self.vocabulary = std::sync::OnceLock::new();
        self.lengths.push(found.len() as u32);
        self.total_length += found.len() as u64;
        self.spans.push(found.into_iter().map(|(_, span)| span).collect());
        self.notes.push(note);
    }

    /// The notes, in the order added.
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }

    /// Notes indexed.
    pub fn len(&self) -> usize {
        self.notes.len()
    }

    /// Whether no note is indexed.
    pub fn is_empty(&self) -> bool {
        self.notes.is_empty()
    }

    /// The postings of the words a term stands for (one word, or every word of a prefix).
    fn expand(&self, term: &str, prefix: bool) -> Vec<&[Posting]> {
        if prefix {
            let vocabulary = self.vocabulary.get_or_init(|| {
                let mut all: Vec<String> = self.postings.keys().cloned().collect();
                all.sort_unstable();
                all
            });
            let from = vocabulary.partition_point(|word| word.as_str() < term);
            vocabulary[from..]
                .iter()
                .take_while(|word| word.starts_with(term))
                .filter_map(|word| self.postings.get(word).map(Vec::as_slice))
                .collect()
        } else {
            self.postings.get(term).map(|postings| vec![postings.as_slice()]).unwrap_or_default()
        }
    }

    /// Positions in note `note` where `phrase` starts.
    fn phrase_starts(&self, phrase: &[String], note: u32) -> Vec<u32> {
        let lists: Option<Vec<&Vec<u32>>> = phrase
            .iter()
            .map(|word| {
                let postings = self.postings.get(word)?;
                let at = postings.binary_search_by_key(&note, |posting| posting.note).ok()?;
                Some(&postings[at].positions)
            })
            .collect();
        let Some(lists) = lists else { return Vec::new() };
        lists[0]
            .iter()
            .copied()
            .filter(|&start| {
                lists
                    .iter()
                    .enumerate()
                    .skip(1)
                    .all(|(offset, list)| list.binary_search(&(start + offset as u32)).is_ok())
            })
            .collect()
    }

    fn bm25(&self, frequency: usize, documents: usize, note: u32) -> f64 {
        let count = self.notes.len() as f64;
        let idf = ((count - documents as f64 + 0.5) / (documents as f64 + 0.5) + 1.0).ln();
        let average = (self.total_length as f64 / count).max(1.0);
        let length = f64::from(self.lengths[note as usize]);
        let frequency = frequency as f64;
        idf * frequency * (K1 + 1.0) / (frequency + K1 * (1.0 - B + B * length / average))
    }

    /// The notes that match `query`, best first, at most `limit`.
    pub fn search(&self, query: &Query, limit: usize) -> Vec<Hit> {
        #[derive(Default)]
        struct Found {
            terms: usize,
            bm25: f64,
            first: Option<u32>,
            marked: Vec<u32>,
        }
        let mut found: rustc_hash::FxHashMap<u32, Found> = rustc_hash::FxHashMap::default();
        for term in &query.terms {
            // This term's occurrences, note by note.
            let mut occurrences: rustc_hash::FxHashMap<u32, Vec<u32>> = rustc_hash::FxHashMap::default();
            let mut width = 1;
            match term {
                Term::Word(word) | Term::Prefix(word) => {
                    for postings in self.expand(word, matches!(term, Term::Prefix(_))) {
                        for posting in postings {
                            occurrences.entry(posting.note).or_default().extend(&posting.positions);
                        }
                    }
                }
                Term::Phrase(phrase) => {
                    width = phrase.len() as u32;
                    let Some(first) = self.postings.get(&phrase[0]) else { continue };
                    for posting in first {
                        let starts = self.phrase_starts(phrase, posting.note);
                        if !starts.is_empty() {
                            occurrences.insert(posting.note, starts);
                        }
                    }
                }
            }
            let documents = occurrences.len();
            for (note, positions) in occurrences {
                let entry = found.entry(note).or_default();
                entry.terms += 1;
                entry.bm25 += self.bm25(positions.len(), documents, note);
                let earliest = positions.iter().copied().min();
                entry.first = match (entry.first, earliest) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                for &start in &positions {
                    entry.marked.extend(start..start + width);
                }
            }
        }
        // Rank every note found; snippets only for those shown.
        let mut ranked: Vec<(f64, u32, bool, usize, u32, Vec<u32>)> = found
            .into_iter()
            .map(|(note, entry)| {
                let whole =
                    if query.words.len() > 1 { self.phrase_starts(&query.words, note) } else { Vec::new() };
                let phrase = !whole.is_empty();
                let (first, marked) = match whole.first() {
                    Some(&start) => (start, (start..start + query.words.len() as u32).collect()),
                    None => (entry.first.unwrap_or(0), entry.marked),
                };
                let score = if phrase { 1000.0 } else { 0.0 } + 100.0 * entry.terms as f64 + entry.bm25;
                (score, note, phrase, entry.terms, first, marked)
            })
            .collect();
        let order = |a: &(f64, u32, bool, usize, u32, Vec<u32>),
                     b: &(f64, u32, bool, usize, u32, Vec<u32>)| {
            b.0.total_cmp(&a.0)
                .then_with(|| self.notes[a.1 as usize].name.cmp(&self.notes[b.1 as usize].name))
        };
        if ranked.len() > limit {
            ranked.select_nth_unstable_by(limit, order);
            ranked.truncate(limit);
        }
        ranked.sort_by(order);
        ranked
            .into_iter()
            .map(|(score, note, phrase, terms, first, mut marked)| {
                marked.sort_unstable();
                marked.dedup();
                Hit {
                    note: note as usize,
                    name: self.notes[note as usize].name.clone(),
                    score,
                    phrase,
                    terms,
                    snippet: self.snippet(note, first, &marked),
                }
            })
            .collect()
    }

    /// Up to [`SNIPPET_WORDS`] words of note `note` from a little before word `first`, the
    /// words at `marked` positions marked; `…` where the note goes on.
    fn snippet(&self, note: u32, first: u32, marked: &[u32]) -> Snippet {
        let text = &self.notes[note as usize].text;
        let spans = &self.spans[note as usize];
        if spans.is_empty() {
            return Snippet::default();
        }
        let start = (first as usize).saturating_sub(SNIPPET_BEFORE).min(spans.len() - 1);
        let end = (start + SNIPPET_WORDS).min(spans.len());
        let mut pieces = Vec::new();
        let mut push = |piece: &str, marked: bool| {
            // Line breaks show as spaces: a snippet is one line.
            let piece = piece.replace(['\n', '\r', '\t'], " ");
            match pieces.last_mut() {
                Some(Piece { text, marked: last }) if *last == marked => text.push_str(&piece),
                _ => pieces.push(Piece { text: piece, marked }),
            }
        };
        if start > 0 {
            push("… ", false);
        }
        let mut at = spans[start].start;
        let is_marked = |position: usize| marked.binary_search(&(position as u32)).is_ok();
        for (position, span) in spans.iter().enumerate().take(end).skip(start) {
            // The gap between two marked words is marked with them: a phrase reads as one.
            let joined = position > start && is_marked(position - 1) && is_marked(position);
            push(&text[at..span.start], joined);
            push(&text[span.clone()], is_marked(position));
            at = span.end;
        }
        if end < spans.len() {
            push(" …", false);
        }
        Snippet { pieces }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(texts: &[(&str, &str)]) -> Index {
        Index::new(texts.iter().map(|(name, text)| Note::new(*name, *text)))
    }

    fn names(index: &Index, query: &str) -> Vec<String> {
        index.search(&Query::parse(query), 10).into_iter().map(|hit| hit.name).collect()
    }

    #[test]
    fn queries_parse_into_words_prefixes_and_phrases() {
        let query = Query::parse(r#"Phone "Ashley Smith" pho* don't"#);
        assert_eq!(
            query.terms,
            [
                Term::Word("phone".into()),
                Term::Phrase(vec!["ashley".into(), "smith".into()]),
                Term::Prefix("pho".into()),
                Term::Word("don".into()),
                Term::Word("t".into()),
            ]
        );
        assert!(Query::parse(" ,;  \"\" ").is_empty());
    }

    #[test]
    fn any_word_finds_a_note_and_the_exact_phrase_ranks_first() {
        let index = index(&[
            ("2026-11-01_1.txt", "ashley said to phone the bank"),
            ("2026-11-02_1.txt", "phone ashley about the trip\n555 0199"),
            ("2026-11-03_1.txt", "buy milk"),
            ("2026-11-04_1.txt", "ashley ashley ashley phone phone"),
        ]);
        assert_eq!(names(&index, "phone ashley")[0], "2026-11-02_1.txt");
        assert_eq!(names(&index, "phone ashley").len(), 3);
        assert_eq!(names(&index, "milk"), ["2026-11-03_1.txt"]);
        assert_eq!(names(&index, "0199"), ["2026-11-02_1.txt"]);
        assert_eq!(names(&index, "BANK"), ["2026-11-01_1.txt"]);
        assert!(names(&index, "bread").is_empty());
        assert_eq!(names(&index, r#""the bank""#), ["2026-11-01_1.txt"]);
        assert_eq!(names(&index, "tri*"), ["2026-11-02_1.txt"]);
    }

    #[test]
    fn snippets_mark_what_matched() {
        let index = index(&[(
            "a.txt",
            "Call Ashley: phone 555-0199, ask about the trip to Lisbon next week, then book.",
        )]);
        let hit = &index.search(&Query::parse("phone 555"), 1)[0];
        assert!(hit.phrase);
        assert_eq!(
            hit.snippet.marked("[", "]"),
            "Call Ashley: [phone 555]-0199, ask about the trip to Lisbon next week, then …"
        );
        let hit = &index.search(&Query::parse("lisbon"), 1)[0];
        assert_eq!(hit.snippet.marked("<", ">"), "… about the trip to <Lisbon> next week, then book");
    }

    /// Ranking against a brute force that scans every note's words.
    #[test]
    fn matches_what_a_scan_finds() {
        let notes = crate::synthetic::notes(300, 7);
        let index = Index::new(notes.clone());
        for query in ["kalo", "kalo miru", "ka*", "\"kalo miru\"", "zzz"] {
            let parsed = Query::parse(query);
            let mut expected: Vec<&str> = notes
                .iter()
                .filter(|note| {
                    let found: Vec<String> = words(&note.text).into_iter().map(|(word, _)| word).collect();
                    parsed.terms.iter().any(|term| match term {
                        Term::Word(word) => found.contains(word),
                        Term::Prefix(prefix) => found.iter().any(|word| word.starts_with(prefix.as_str())),
                        Term::Phrase(phrase) => {
                            found.windows(phrase.len()).any(|window| window == phrase.as_slice())
                        }
                    })
                })
                .map(|note| note.name.as_str())
                .collect();
            expected.sort_unstable();
            let mut got: Vec<String> =
                index.search(&parsed, usize::MAX).into_iter().map(|hit| hit.name).collect();
            got.sort_unstable();
            assert_eq!(got, expected, "{query}");
        }
    }
}
