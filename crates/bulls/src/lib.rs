//! Bulls and Cows (the AB game) and Mastermind: codes of k positions over an alphabet of m
//! symbols, with or without repeats; A is a right symbol in the right place, B a right symbol
//! elsewhere (Mastermind's black and white pegs).
//!
//! Source: the blog post "Solving the AB Game by Brute Force" (the write-up: a random guesser
//! that picks any code still possible, with and without repeats, and a 4-letters-of-26 example of
//! why that guesser is not optimal). Strategies follow Knuth (1977, minimax), Kooi (2005,
//! most-parts) and Neuwirth (1982, entropy).
//!
//! - [`Variant`]: the game's parameters and its codes in lexicographic order.
//! - [`Feedback`]: (A, B) of a guess against a secret; [`FeedbackTable`] every pair's, computed
//!   once per variant (n² bytes, for variants of at most [`MAX_TABLE_CODES`] codes).
//! - [`strategy`]: the guessers and the complete strategy tree each builds over every secret.
//! - [`optimal`]: the search for the strategy with the least total guesses.

pub mod optimal;
pub mod strategy;

pub use strategy::{
    Answers, Strategy, StrategyError, Tree, TreeStats, build_from, build_tree, choose_guess,
    consistent_codes, first_conflict, letters_example, random_consistent_runs,
};

use serde::Serialize;

/// Most codes a variant may have for its feedback table (10,000 codes: 100 MB).
pub const MAX_TABLE_CODES: usize = 10_000;

/// A game's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Variant {
    /// Its name on the command line.
    pub name: &'static str,
    /// Positions in a code.
    pub positions: usize,
    /// Symbols in the alphabet.
    pub symbols: usize,
    /// Whether a code may repeat a symbol.
    pub repeats: bool,
    /// How a guess is scored.
    pub scoring: Scoring,
}

/// How a guess is scored against a secret.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Scoring {
    /// Mastermind's: each symbol counted as often as it appears in both ([`Feedback::of`]).
    Standard,
    /// The write-up's `fits()`: each guess symbol not in place is a B when the secret has it at
    /// another place that is not itself an A ([`Feedback::write_up`]); with repeats it can differ.
    WriteUp,
}

impl Variant {
    /// The write-up's game: 4 digits, no repeats (5,040 codes).
    pub const FOUR_OF_TEN: Variant =
        Variant { name: "4of10", positions: 4, symbols: 10, repeats: false, scoring: Scoring::Standard };
    /// The write-up's game with repeats (10,000 codes).
    pub const FOUR_OF_TEN_REPEATS: Variant =
        Variant { name: "4of10r", positions: 4, symbols: 10, repeats: true, scoring: Scoring::Standard };
    /// The write-up's game with repeats, scored as its program scores (its `fits()`).
    pub const FOUR_OF_TEN_WRITE_UP: Variant =
        Variant { name: "4of10w", positions: 4, symbols: 10, repeats: true, scoring: Scoring::WriteUp };
    /// The write-up's letters example: 4 letters of 26, no repeats (358,800 codes).
    pub const FOUR_OF_26: Variant =
        Variant { name: "4of26", positions: 4, symbols: 26, repeats: false, scoring: Scoring::Standard };
    /// Mastermind: 4 pegs of 6 colours, repeats (1,296 codes).
    pub const MASTERMIND: Variant =
        Variant { name: "mastermind", positions: 4, symbols: 6, repeats: true, scoring: Scoring::Standard };
    /// Every named variant.
    pub const ALL: [Variant; 5] = [
        Variant::FOUR_OF_TEN,
        Variant::FOUR_OF_TEN_REPEATS,
        Variant::FOUR_OF_TEN_WRITE_UP,
        Variant::FOUR_OF_26,
        Variant::MASTERMIND,
    ];

    /// The score of `guess` against `secret` under this variant's scoring.
    pub fn feedback(&self, guess: &[u8], secret: &[u8]) -> Feedback {
        match self.scoring {
            Scoring::Standard => Feedback::of(guess, secret),
            Scoring::WriteUp => Feedback::write_up(guess, secret),
        }
    }

    /// Its name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The variant named `name`, if any.
    pub fn named(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|variant| variant.name == name)
    }

    /// Whether a feedback table fits (the scored strategies need one).
    pub fn has_table(&self) -> bool {
        self.code_count() <= MAX_TABLE_CODES
    }

    /// How many codes there are.
    pub fn code_count(&self) -> usize {
        if self.repeats {
            self.symbols.pow(self.positions as u32)
        } else {
            (0..self.positions).map(|i| self.symbols - i).product()
        }
    }

    /// The symbol written for value `v`: digits for alphabets of up to 10, letters beyond.
    pub fn symbol_char(&self, value: u8) -> char {
        if self.symbols <= 10 { char::from(b'0' + value) } else { char::from(b'A' + value) }
    }

    /// Every code, in lexicographic order.
    pub fn codes(&self) -> Codes {
        let mut flat = Vec::with_capacity(self.code_count() * self.positions);
        let mut current = vec![0u8; self.positions];
        self.fill(0, &mut current, &mut flat);
        Codes { variant: *self, flat }
    }

    fn fill(&self, position: usize, current: &mut Vec<u8>, flat: &mut Vec<u8>) {
        if position == self.positions {
            flat.extend_from_slice(current);
            return;
        }
        for symbol in 0..self.symbols as u8 {
            if !self.repeats && current[..position].contains(&symbol) {
                continue;
            }
            current[position] = symbol;
            self.fill(position + 1, current, flat);
        }
    }
}

/// A bad code or variant name, in words that name the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// Wrong number of symbols.
    #[error("code '{code}' has {found} symbols; {variant} codes have {expected}")]
    Length {
        /// The code as given.
        code: String,
        /// Its length.
        found: usize,
        /// The variant's.
        expected: usize,
        /// The variant's name.
        variant: &'static str,
    },
    /// A symbol outside the alphabet.
    #[error("code '{code}': '{symbol}' is not one of the {variant} symbols ({alphabet})")]
    Symbol {
        /// The code as given.
        code: String,
        /// The symbol.
        symbol: char,
        /// The variant's name.
        variant: &'static str,
        /// The alphabet, first to last.
        alphabet: String,
    },
    /// A repeated symbol where repeats are off.
    #[error("code '{code}' repeats '{symbol}'; {variant} codes have no repeated symbol")]
    Repeat {
        /// The code as given.
        code: String,
        /// The symbol.
        symbol: char,
        /// The variant's name.
        variant: &'static str,
    },
}

/// Every code of a variant, in lexicographic order, as one flat array of symbols.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Codes {
    /// The variant.
    pub variant: Variant,
    flat: Vec<u8>,
}

impl Codes {
    /// How many.
    pub fn len(&self) -> usize {
        self.flat.len() / self.variant.positions
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.flat.is_empty()
    }

    /// Code `index`'s symbols.
    pub fn code(&self, index: usize) -> &[u8] {
        &self.flat[index * self.variant.positions..(index + 1) * self.variant.positions]
    }

    /// Code `index` as text (`0123`, `ABCD`).
    pub fn text(&self, index: usize) -> String {
        self.code(index).iter().map(|&symbol| self.variant.symbol_char(symbol)).collect()
    }

    /// The index of a code written as text; the error names what is wrong with it.
    pub fn parse(&self, text: &str) -> Result<usize, CodeError> {
        let variant = self.variant;
        let chars: Vec<char> = text.trim().chars().collect();
        let code = text.trim().to_string();
        if chars.len() != variant.positions {
            return Err(CodeError::Length {
                code,
                found: chars.len(),
                expected: variant.positions,
                variant: variant.name,
            });
        }
        let mut symbols = Vec::with_capacity(chars.len());
        for &symbol in &chars {
            let value = (0..variant.symbols as u8)
                .find(|&value| variant.symbol_char(value) == symbol.to_ascii_uppercase())
                .ok_or_else(|| CodeError::Symbol {
                    code: code.clone(),
                    symbol,
                    variant: variant.name,
                    alphabet: format!(
                        "{} to {}",
                        variant.symbol_char(0),
                        variant.symbol_char(variant.symbols as u8 - 1)
                    ),
                })?;
            if !variant.repeats && symbols.contains(&value) {
                return Err(CodeError::Repeat { code, symbol, variant: variant.name });
            }
            symbols.push(value);
        }
        // Codes are in lexicographic order: binary search on the symbols.
        let count = self.len();
        let (mut low, mut high) = (0, count);
        while low < high {
            let middle = (low + high) / 2;
            match self.code(middle).cmp(&symbols[..]) {
                std::cmp::Ordering::Less => low = middle + 1,
                std::cmp::Ordering::Greater => high = middle,
                std::cmp::Ordering::Equal => return Ok(middle),
            }
        }
        unreachable!("every valid code is listed")
    }
}

/// A guess's score against a secret: `a` right symbols in the right place, `b` right symbols
/// elsewhere (each symbol counted as often as it appears in both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Feedback {
    /// Right symbol, right place.
    pub a: u8,
    /// Right symbol, wrong place.
    pub b: u8,
}

impl Feedback {
    /// The score of `guess` against `secret`.
    pub fn of(guess: &[u8], secret: &[u8]) -> Feedback {
        let a = guess.iter().zip(secret).filter(|(g, s)| g == s).count();
        let mut counts = [0i8; 32];
        for &symbol in secret {
            counts[usize::from(symbol)] += 1;
        }
        let mut common = 0;
        for &symbol in guess {
            let slot = &mut counts[usize::from(symbol)];
            if *slot > 0 {
                *slot -= 1;
                common += 1;
            }
        }
        Feedback { a: a as u8, b: (common - a) as u8 }
    }

    /// The score as the write-up's program computes it (`fits()`): a guess symbol in place is an
    /// A; one out of place is a B when the secret has it at another place that is not itself an
    /// A. Each guess symbol counts once, so with repeats a B can be counted more often than
    /// the secret holds the symbol (guess 5511 against 1234: Mastermind's 0A1B, this 0A2B).
    pub fn write_up(guess: &[u8], secret: &[u8]) -> Feedback {
        let (mut a, mut b) = (0u8, 0u8);
        for (i, &symbol) in guess.iter().enumerate() {
            if secret[i] == symbol {
                a += 1;
            } else if (0..secret.len()).any(|j| j != i && secret[j] == symbol && secret[j] != guess[j]) {
                b += 1;
            }
        }
        Feedback { a, b }
    }

    /// A one-byte key, `a · (positions + 1) + b`.
    pub fn key(self, positions: usize) -> u8 {
        self.a * (positions as u8 + 1) + self.b
    }

    /// The feedback of a key.
    pub fn from_key(key: u8, positions: usize) -> Feedback {
        Feedback { a: key / (positions as u8 + 1), b: key % (positions as u8 + 1) }
    }

    /// Written as the write-up does: one `a` per A and one `b` per B (`abb`), `-` for none.
    pub fn letters(self) -> String {
        let text = "a".repeat(usize::from(self.a)) + &"b".repeat(usize::from(self.b));
        if text.is_empty() { "-".to_string() } else { text }
    }
}

/// The feedback of every guess against every secret of a variant, as keys
/// ([`Feedback::key`]): row `guess`, column `secret`.
#[derive(Clone, Debug)]
pub struct FeedbackTable {
    /// The codes.
    pub codes: Codes,
    keys: Vec<u8>,
}

/// A variant too big for a feedback table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{variant} has {codes} codes; a feedback table takes at most {MAX_TABLE_CODES}")]
pub struct TooManyCodes {
    /// The variant's name.
    pub variant: &'static str,
    /// Its codes.
    pub codes: usize,
}

impl FeedbackTable {
    /// Computes the table of `variant` (n² entries).
    pub fn new(variant: Variant) -> Result<FeedbackTable, TooManyCodes> {
        let count = variant.code_count();
        if count > MAX_TABLE_CODES {
            return Err(TooManyCodes { variant: variant.name, codes: count });
        }
        let codes = variant.codes();
        let mut keys = vec![0u8; count * count];
        for (guess, row) in keys.chunks_mut(count).enumerate() {
            let guessed = codes.code(guess);
            for (secret, key) in row.iter_mut().enumerate() {
                *key = variant.feedback(guessed, codes.code(secret)).key(variant.positions);
            }
        }
        Ok(FeedbackTable { codes, keys })
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.codes.variant
    }

    /// The key of `guess` against `secret`.
    pub fn key(&self, guess: usize, secret: usize) -> u8 {
        self.keys[guess * self.codes.len() + secret]
    }

    /// The keys of `guess` against every secret.
    pub fn row(&self, guess: usize) -> &[u8] {
        let count = self.codes.len();
        &self.keys[guess * count..(guess + 1) * count]
    }

    /// The key of the right answer (every symbol right and in place).
    pub fn solved_key(&self) -> u8 {
        let positions = self.variant().positions;
        Feedback { a: positions as u8, b: 0 }.key(positions)
    }

    /// How many distinct keys there can be (the size of a per-key count array).
    pub fn key_space(&self) -> usize {
        let positions = self.variant().positions;
        (positions + 1) * (positions + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The score counted the long way: pairs of equal symbols matched one to one.
    fn brute_force(guess: &[u8], secret: &[u8]) -> Feedback {
        let a = guess.iter().zip(secret).filter(|(g, s)| g == s).count();
        let mut used = vec![false; secret.len()];
        let mut common = 0;
        for &symbol in guess {
            if let Some(slot) = (0..secret.len()).find(|&j| !used[j] && secret[j] == symbol) {
                used[slot] = true;
                common += 1;
            }
        }
        Feedback { a: a as u8, b: (common - a) as u8 }
    }

    #[test]
    fn code_counts_and_order() {
        assert_eq!(Variant::FOUR_OF_TEN.code_count(), 5040);
        assert_eq!(Variant::FOUR_OF_TEN_REPEATS.code_count(), 10_000);
        assert_eq!(Variant::FOUR_OF_26.code_count(), 358_800);
        assert_eq!(Variant::MASTERMIND.code_count(), 1296);
        let codes = Variant::FOUR_OF_TEN.codes();
        assert_eq!(codes.len(), 5040);
        assert_eq!((codes.text(0), codes.text(5039)), ("0123".to_string(), "9876".to_string()));
        assert!((1..codes.len()).all(|i| codes.code(i - 1) < codes.code(i)));
    }

    #[test]
    fn the_write_ups_example_scores_one_a_and_one_b() {
        let codes = Variant::FOUR_OF_TEN.codes();
        let secret = codes.parse("1234").unwrap();
        let guess = codes.parse("2674").unwrap();
        assert_eq!(Feedback::of(codes.code(guess), codes.code(secret)), Feedback { a: 1, b: 1 });
        assert_eq!(Feedback { a: 1, b: 2 }.letters(), "abb");
    }

    /// The write-up's `fits()` against Mastermind's score: different on 5511 against 1234, equal
    /// whenever neither code repeats a symbol (the write-up's main game).
    #[test]
    fn the_write_ups_scoring_differs_only_with_repeats() {
        let codes = Variant::FOUR_OF_TEN_WRITE_UP.codes();
        let (guess, secret) = (codes.parse("5511").unwrap(), codes.parse("1234").unwrap());
        assert_eq!(Feedback::of(codes.code(guess), codes.code(secret)), Feedback { a: 0, b: 1 });
        assert_eq!(
            Variant::FOUR_OF_TEN_WRITE_UP.feedback(codes.code(guess), codes.code(secret)),
            Feedback { a: 0, b: 2 }
        );
        let plain = Variant::FOUR_OF_TEN.codes();
        for guess in (0..plain.len()).step_by(7) {
            for secret in 0..plain.len() {
                let (g, s) = (plain.code(guess), plain.code(secret));
                assert_eq!(Feedback::write_up(g, s), Feedback::of(g, s));
            }
        }
    }

    #[test]
    fn bad_codes_name_the_problem() {
        let codes = Variant::FOUR_OF_TEN.codes();
        assert!(codes.parse("123").unwrap_err().to_string().contains("has 3 symbols; 4of10 codes have 4"));
        assert!(codes.parse("1231").unwrap_err().to_string().contains("repeats '1'"));
        assert!(
            codes
                .parse("12a4")
                .unwrap_err()
                .to_string()
                .contains("'a' is not one of the 4of10 symbols (0 to 9)")
        );
        let letters = Variant::FOUR_OF_26.codes();
        assert_eq!(letters.text(letters.parse("abcw").unwrap()), "ABCW");
        assert!(Variant::MASTERMIND.codes().parse("0006").unwrap_err().to_string().contains("(0 to 5)"));
    }

    /// The write-up's `fits(cc1, cc2, A, B)` transcribed literally (cc1 the candidate secret,
    /// cc2 the guess), as an oracle for [`Feedback::write_up`].
    fn fits(cc1: &[u8], cc2: &[u8], big_a: u8, big_b: u8) -> bool {
        let (mut a, mut b) = (0, 0);
        for i in 0..4 {
            if cc1[i] == cc2[i] {
                a += 1;
            } else {
                for j in 0..4 {
                    if i != j && cc1[j] == cc2[i] && cc1[j] != cc2[j] {
                        b += 1;
                        break;
                    }
                }
            }
        }
        a == big_a && b == big_b
    }

    proptest! {
        #[test]
        fn the_write_up_score_is_the_one_fits_accepts(guess in proptest::collection::vec(0u8..10, 4), secret in proptest::collection::vec(0u8..10, 4)) {
            let feedback = Feedback::write_up(&guess, &secret);
            for a in 0..=4u8 {
                for b in 0..=4u8 {
                    prop_assert_eq!(fits(&secret, &guess, a, b), (a, b) == (feedback.a, feedback.b));
                }
            }
        }

        #[test]
        fn feedback_matches_brute_force(
            guess in proptest::collection::vec(0u8..6, 4),
            secret in proptest::collection::vec(0u8..6, 4),
        ) {
            prop_assert_eq!(Feedback::of(&guess, &secret), brute_force(&guess, &secret));
            let feedback = Feedback::of(&guess, &secret);
            prop_assert_eq!(Feedback::from_key(feedback.key(4), 4), feedback);
        }

        #[test]
        fn every_code_parses_back(index in 0usize..5040) {
            let codes = Variant::FOUR_OF_TEN.codes();
            prop_assert_eq!(codes.parse(&codes.text(index)), Ok(index));
        }
    }
}
