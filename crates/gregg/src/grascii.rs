//! Grascii, the plain-text notation of Gregg outlines (grascii.readthedocs.io): letters for the
//! strokes (`k g r l n m t d th p b f v ch j s z x sh ng nk`, `'` for the H dot), vowels
//! (`a e i o u`), and annotation marks (`~` reversed circle, `|` looped circle, `(` `)` the two
//! forms of S, TH and the hooks, `,` `.` vowel marks, `_` the W dash) and joiners (`^` disjoined,
//! `-` no blend, `&` vowels joined).
//!
//! Outlines are kept lower case, as the dictionary writes them.

/// Annotation marks: removing them gives the letters of an outline.
pub const MARKS: &[char] = &['~', '|', '(', ')', ',', '.', '_', '^', '-', '&', '?', '\\', ' '];

/// Vowel letters: removing them too gives the consonants of an outline.
pub const VOWELS: &[char] = &['a', 'e', 'i', 'o', 'u'];

/// The outline without annotation marks and joiners.
pub fn letters(outline: &str) -> String {
    outline.chars().filter(|c| !MARKS.contains(c)).collect()
}

/// The outline without marks, joiners and vowel letters.
pub fn consonants(outline: &str) -> String {
    outline.chars().filter(|c| !MARKS.contains(c) && !VOWELS.contains(c)).collect()
}

/// One written sign of an outline, as [`tokens`] splits it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The letter or letter group: `k`, `th`, `a`, `'`, ...
    pub letter: String,
    /// The annotation marks written right after it (`~`, `|`, `(`, `)`, `,`, `.`, `_`).
    pub marks: String,
    /// Whether a `^` disjoins it from what comes before.
    pub disjoined: bool,
    /// Whether a `-` keeps it from blending with what comes before.
    pub unblended: bool,
}

/// Splits an outline into signs, longest letter group first (`th`, `sh`, `ch`, `ng`, `nk`),
/// then joins the blends Grascii reads as one stroke (`tn dn tm dm` before `nt nd mt md`,
/// leftmost first) unless a mark or a `-` stands between. Characters that are neither letters
/// nor marks are skipped.
pub fn tokens(outline: &str) -> Vec<Token> {
    let characters: Vec<char> = outline.chars().collect();
    let mut result: Vec<Token> = Vec::new();
    let mut disjoined = false;
    let mut unblended = false;
    let mut index = 0;
    while index < characters.len() {
        let character = characters[index];
        let pair: String = characters[index..characters.len().min(index + 2)].iter().collect();
        if matches!(pair.as_str(), "th" | "sh" | "ch" | "ng" | "nk") {
            result.push(Token { letter: pair, marks: String::new(), disjoined, unblended });
            disjoined = false;
            unblended = false;
            index += 2;
            continue;
        }
        match character {
            '^' => disjoined = true,
            '-' => unblended = true,
            '~' | '|' | '(' | ')' | ',' | '.' | '_' => {
                if let Some(last) = result.last_mut() {
                    last.marks.push(character);
                }
            }
            'a'..='z' | '\'' => {
                result.push(Token {
                    letter: character.to_string(),
                    marks: String::new(),
                    disjoined,
                    unblended,
                });
                disjoined = false;
                unblended = false;
            }
            _ => {}
        }
        index += 1;
    }
    blend(result)
}

fn blend(signs: Vec<Token>) -> Vec<Token> {
    let mut result: Vec<Token> = Vec::with_capacity(signs.len());
    let mut index = 0;
    while index < signs.len() {
        let here = &signs[index];
        if let Some(next) = signs.get(index + 1) {
            let pair = format!("{}{}", here.letter, next.letter);
            let first_choice = matches!(pair.as_str(), "tn" | "dn" | "tm" | "dm");
            let second_choice = matches!(pair.as_str(), "nt" | "nd" | "mt" | "md");
            // A right-motion blend starting at the next sign takes precedence.
            let next_prefers = signs.get(index + 2).is_some_and(|after| {
                second_choice
                    && matches!(
                        format!("{}{}", next.letter, after.letter).as_str(),
                        "tn" | "dn" | "tm" | "dm"
                    )
                    && after.marks.is_empty()
                    && !after.disjoined
                    && !after.unblended
            });
            if (first_choice || (second_choice && !next_prefers))
                && here.marks.is_empty()
                && !next.disjoined
                && !next.unblended
            {
                result.push(Token {
                    letter: pair,
                    marks: next.marks.clone(),
                    disjoined: here.disjoined,
                    unblended: here.unblended,
                });
                index += 2;
                continue;
            }
        }
        result.push(here.clone());
        index += 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_consonants_drop_marks_then_vowels() {
        assert_eq!(letters("a~t"), "at");
        assert_eq!(letters("aks(^b"), "aksb");
        assert_eq!(letters("ra&'ra"), "ra'ra");
        assert_eq!(consonants("che~ch"), "chch");
        assert_eq!(consonants("abatd"), "btd");
    }

    #[test]
    fn tokens_take_letter_groups_and_marks() {
        let split = tokens("che~ch^t");
        let letters: Vec<&str> = split.iter().map(|token| token.letter.as_str()).collect();
        assert_eq!(letters, ["ch", "e", "ch", "t"]);
        assert_eq!(split[1].marks, "~");
        assert!(split[3].disjoined);
        assert!(!split[2].disjoined);
    }

    #[test]
    fn blends_join_unless_separated() {
        let letters = |outline: &str| -> Vec<String> {
            tokens(outline).into_iter().map(|token| token.letter).collect()
        };
        assert_eq!(letters("atnd"), ["a", "tn", "d"]);
        assert_eq!(letters("jntl"), ["j", "nt", "l"]);

        assert_eq!(letters("n-d"), ["n", "d"]);
        assert_eq!(letters("mnd"), ["m", "nd"]);
    }
}
