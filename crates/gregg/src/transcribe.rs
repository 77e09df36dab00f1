//! English text to outlines: the tokenizer, then for each word the brief forms, the outline
//! dictionary, and the rules (pronunciation, then [`Rules`]).

use super::lexicon::Lexicon;
use super::phonemes::{Pronouncer, PronunciationSource, phones_text};
use super::rules::Rules;
use serde::Serialize;

/// The most words a phrase form takes.
pub const MAX_PHRASE_WORDS: usize = 5;

/// The words at the start of `tokens`, up to [`MAX_PHRASE_WORDS`], until anything else.
pub fn words_from(tokens: &[TextToken]) -> Vec<&str> {
    tokens
        .iter()
        .take(MAX_PHRASE_WORDS)
        .map_while(|token| match token {
            TextToken::Word(word) => Some(word.as_str()),
            _ => None,
        })
        .collect()
}

/// A piece of text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextToken {
    /// A word: letters, with inner apostrophes and hyphens.
    Word(String),
    /// A number, written in figures as in Gregg practice.
    Number(String),
    /// Punctuation that Gregg writes with its own mark: `.`, `?`, `!`, `,`, `;`, `:`, `-`
    /// (a dash), `"`, `(`, `)`.
    Mark(char),
    /// A paragraph break (a blank line).
    Paragraph,
}

/// Splits text into words, numbers, marks and paragraph breaks; other characters separate words.
pub fn tokenize(text: &str) -> Vec<TextToken> {
    let characters: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut index = 0;
    let mut newlines = 0;
    while index < characters.len() {
        let character = characters[index];
        if character == '\n' {
            newlines += 1;
            if newlines == 2 && !tokens.is_empty() {
                tokens.push(TextToken::Paragraph);
            }
            index += 1;
            continue;
        }
        if !character.is_whitespace() {
            newlines = 0;
        }
        if character.is_alphabetic() {
            let start = index;
            while index < characters.len() {
                let here = characters[index];
                let joins_letters = matches!(here, '\'' | '’' | '-')
                    && characters.get(index + 1).is_some_and(|c| c.is_alphabetic())
                    && index > start;
                if here.is_alphabetic() || joins_letters {
                    index += 1;
                } else {
                    break;
                }
            }
            let word: String =
                characters[start..index].iter().map(|&c| if c == '’' { '\'' } else { c }).collect();
            tokens.push(TextToken::Word(word));
            continue;
        }
        if character.is_ascii_digit() {
            let start = index;
            while index < characters.len()
                && (characters[index].is_ascii_digit()
                    || (matches!(characters[index], '.' | ',')
                        && characters.get(index + 1).is_some_and(char::is_ascii_digit)))
            {
                index += 1;
            }
            tokens.push(TextToken::Number(characters[start..index].iter().collect()));
            continue;
        }
        if matches!(character, '.' | '?' | '!' | ',' | ';' | ':' | '-' | '"' | '(' | ')') {
            tokens.push(TextToken::Mark(character));
        }
        index += 1;
    }
    while tokens.last() == Some(&TextToken::Paragraph) {
        tokens.pop();
    }
    tokens
}

/// Where a word's outline came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// The brief-form chart.
    BriefForm,
    /// The outline dictionary.
    Dictionary,
    /// The rules, from the pronunciation dictionary's phonemes.
    Rules,
    /// The rules, from letter-to-sound phonemes (the word is not in the pronunciation
    /// dictionary).
    LetterToSound,
}

impl Source {
    /// Its name in the CLI's output.
    pub fn name(self) -> &'static str {
        match self {
            Source::BriefForm => "brief-form",
            Source::Dictionary => "dictionary",
            Source::Rules => "rules",
            Source::LetterToSound => "letter-to-sound",
        }
    }
}

/// One word's outline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WordOutline {
    /// The word as written in the text.
    pub word: String,
    /// Its outline in Grascii.
    pub outline: String,
    /// Where the outline came from.
    pub source: Source,
    /// Its phonemes (ARPAbet), from the pronunciation dictionary or letter-to-sound rules.
    pub phonemes: String,
}

/// How words are turned into outlines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transcriber {
    /// Skip the brief forms and the outline dictionary: every word goes through the rules.
    pub rules_only: bool,
    /// The phoneme rules.
    pub rules: Rules,
}

impl Default for Transcriber {
    fn default() -> Self {
        Transcriber { rules_only: false, rules: Rules::anniversary() }
    }
}

impl Transcriber {
    /// The outline of one word (any case; hyphenated words are written part by part, joined).
    pub fn word(&self, word: &str) -> WordOutline {
        let lower = word.to_lowercase();
        let pronouncer = Pronouncer::shared();
        let (phones, pronunciation) = pronouncer.pronounce(&lower);
        let phonemes = phones_text(&phones);
        if !self.rules_only {
            for (lexicon, source) in
                [(Lexicon::brief_forms(), Source::BriefForm), (Lexicon::dictionary(), Source::Dictionary)]
            {
                if let Some(outlines) = lexicon.get(&lower) {
                    return WordOutline {
                        word: word.to_string(),
                        outline: outlines[0].clone(),
                        source,
                        phonemes,
                    };
                }
            }
        }
        let parts: Vec<&str> = lower.split([' ', '-']).filter(|p| !p.is_empty()).collect();
        let (outline, source) = if parts.len() > 1 && pronunciation != PronunciationSource::Dictionary {
            let mut outline = String::new();
            let mut source = Source::Rules;
            for part in parts {
                let piece = self.word(part);
                if piece.source == Source::LetterToSound {
                    source = Source::LetterToSound;
                }
                outline.push_str(&piece.outline);
            }
            (outline, source)
        } else {
            let source = match pronunciation {
                PronunciationSource::Dictionary => Source::Rules,
                PronunciationSource::LetterToSound => Source::LetterToSound,
            };
            (self.rules.outline(&lower, &phones), source)
        };
        WordOutline { word: word.to_string(), outline, source, phonemes }
    }

    /// The phrase outline of two words written together (the dictionary's phrases, such as
    /// "no one"); `None` in rules-only mode or when the dictionary has no such phrase.
    pub fn phrase(&self, first: &str, second: &str) -> Option<WordOutline> {
        if self.rules_only {
            return None;
        }
        let phrase = format!("{first} {second}");
        let outlines = Lexicon::dictionary().get(&phrase.to_lowercase())?;
        let pronouncer = Pronouncer::shared();
        let phonemes =
            [first, second].map(|word| phones_text(&pronouncer.pronounce(&word.to_lowercase()).0)).join(" ");
        Some(WordOutline { word: phrase, outline: outlines[0].clone(), source: Source::Dictionary, phonemes })
    }

    /// The phrase that starts `words`, written as one outline, and how many words it takes: the
    /// manual's phrase brief forms first, the longest match ("I am of the opinion"), then the
    /// dictionary's two-word phrases; `None` in rules-only mode or when none starts there.
    pub fn phrase_at(&self, words: &[&str]) -> Option<(WordOutline, usize)> {
        if self.rules_only {
            return None;
        }
        for length in (2..=words.len().min(MAX_PHRASE_WORDS)).rev() {
            let phrase = words[..length].join(" ");
            if let Some(outlines) = Lexicon::phrase_forms().get(&phrase.to_lowercase()) {
                let pronouncer = Pronouncer::shared();
                let phonemes = words[..length]
                    .iter()
                    .map(|word| phones_text(&pronouncer.pronounce(&word.to_lowercase()).0))
                    .collect::<Vec<_>>()
                    .join(" ");
                let outline = WordOutline {
                    word: phrase,
                    outline: outlines[0].clone(),
                    source: Source::BriefForm,
                    phonemes,
                };
                return Some((outline, length));
            }
        }
        match words {
            [first, second, ..] => self.phrase(first, second).map(|outline| (outline, 2)),
            _ => None,
        }
    }

    /// The outline of every word of a text, in order, phrases joined (numbers and marks are
    /// skipped).
    pub fn text(&self, text: &str) -> Vec<WordOutline> {
        let tokens = tokenize(text);
        let mut result = Vec::new();
        let mut index = 0;
        while index < tokens.len() {
            if let TextToken::Word(word) = &tokens[index] {
                if let Some((phrase, length)) = self.phrase_at(&words_from(&tokens[index..])) {
                    result.push(phrase);
                    index += length;
                    continue;
                }
                result.push(self.word(word));
            }
            index += 1;
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokenizer_keeps_words_numbers_marks_and_paragraphs() {
        let tokens = tokenize("It's 3.5 miles -- well-known, isn't it?\n\nYes.");
        assert_eq!(
            tokens,
            vec![
                TextToken::Word("It's".into()),
                TextToken::Number("3.5".into()),
                TextToken::Word("miles".into()),
                TextToken::Mark('-'),
                TextToken::Mark('-'),
                TextToken::Word("well-known".into()),
                TextToken::Mark(','),
                TextToken::Word("isn't".into()),
                TextToken::Word("it".into()),
                TextToken::Mark('?'),
                TextToken::Paragraph,
                TextToken::Word("Yes".into()),
                TextToken::Mark('.'),
            ]
        );
        assert!(tokenize("").is_empty());
        assert!(tokenize("\n\n\n").is_empty());
    }

    #[test]
    fn phrases_take_the_dictionary_outline() {
        let words = Transcriber::default().text("No one came.");
        assert_eq!(words[0].word, "No one");
        assert_eq!(words[0].outline, "non");
        assert_eq!(words.len(), 2);
        let rules_only = Transcriber { rules_only: true, ..Transcriber::default() };
        assert_eq!(rules_only.text("No one came.").len(), 3);
    }

    #[test]
    fn the_manuals_phrase_forms_take_a_whole_phrase() {
        let words = Transcriber::default().text("I am of the opinion, and I should like to have it.");
        let outlines: Vec<(&str, &str)> =
            words.iter().map(|w| (w.word.as_str(), w.outline.as_str())).collect();
        assert_eq!(
            outlines,
            vec![
                ("I am of the opinion", "amopn"),
                ("and", "nd"),
                ("I should like to have", "ashdlav"),
                ("it", "t")
            ]
        );
        assert_eq!(words[0].source, Source::BriefForm);
        // Broken by a mark, it is words again.
        assert_eq!(Transcriber::default().text("I am, of the opinion").len(), 5);
        let rules_only = Transcriber { rules_only: true, ..Transcriber::default() };
        assert_eq!(rules_only.text("I am of the opinion").len(), 5);
    }

    #[test]
    fn sources_in_order_brief_form_dictionary_rules() {
        let transcriber = Transcriber::default();
        assert_eq!(transcriber.word("The").source, Source::BriefForm);
        assert_eq!(transcriber.word("church").source, Source::Dictionary);
        assert_eq!(transcriber.word("church").outline, "che~ch");
        assert_eq!(transcriber.word("computerize").source, Source::Rules);
        assert_eq!(transcriber.word("blorptastic").source, Source::LetterToSound);
        let rules_only = Transcriber { rules_only: true, ..Transcriber::default() };
        assert_eq!(rules_only.word("church").source, Source::Rules);
        assert_eq!(rules_only.word("church").phonemes, "CH ER1 CH");
    }
}
