//! Phonemes to a Gregg outline (Anniversary edition, Grascii notation) by rule.
//!
//! With [`Rules::plain`] this is the converter of the blog post "An introduction to Gregg Shorthand" (see the module `gregg`): each phoneme maps to its Gregg letter and
//! unstressed short vowels are dropped. [`Rules::anniversary`] adds the context rules of the 1929
//! manual: prefixes and suffixes written by their special forms, vowel omission (the obscure
//! vowel, short U and O before N and M, the vowels of the ten/den, tem/dem, men, ted/ded and
//! jent/pent blends), the reversing principle (a reversed circle for a vowel and R next to
//! straight strokes), the omission of R after O, the W dash and hook, the Y loop, X, and the H dot.
//! The rules look at the spelling only to pick prefixes and suffixes and the letter an obscure
//! vowel is written with; everything else is read from the phonemes.

use super::learn::{Rewrite, apply_all, parse};
use super::phonemes::{Phone, Phoneme};
use std::sync::OnceLock;

/// The rewrites learned from the develop half of the outline dictionary by `curio gregg learn`.
static LEARNED: &str = include_str!("../../../assets/gregg/rewrites.tsv");

/// Which rules to apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The context rules; off gives the plain phoneme map.
    pub context: bool,
    /// Rewrites applied after the context rules, in order (the learned ones by default).
    pub rewrites: Option<&'static [Rewrite]>,
}

impl Rules {
    /// The blog post's plain phoneme map: the baseline.
    pub fn plain() -> Rules {
        Rules { context: false, rewrites: None }
    }

    /// The manual's context rules alone.
    pub fn manual() -> Rules {
        Rules { context: true, rewrites: None }
    }

    /// The manual's context rules and the shipped learned rewrites: the default.
    pub fn anniversary() -> Rules {
        Rules { context: true, rewrites: Some(learned_rewrites()) }
    }

    /// The outline of `word` (lower case) pronounced `phones`.
    pub fn outline(self, word: &str, phones: &[Phone]) -> String {
        if !self.context {
            return plain_outline(phones);
        }
        let outline = context_outline(word, phones);
        match self.rewrites {
            Some(rewrites) => apply_all(rewrites, &outline),
            None => outline,
        }
    }
}

/// The shipped learned rewrites, parsed once per process.
pub fn learned_rewrites() -> &'static [Rewrite] {
    static SHARED: OnceLock<Vec<Rewrite>> = OnceLock::new();
    SHARED.get_or_init(|| parse(LEARNED).expect("the shipped rewrites parse"))
}

use Phoneme::*;

/// The Gregg letter of a consonant.
fn consonant_letter(phoneme: Phoneme) -> &'static str {
    match phoneme {
        P => "p",
        B => "b",
        T => "t",
        D => "d",
        K => "k",
        G => "g",
        CH => "ch",
        JH => "j",
        F => "f",
        V => "v",
        TH | DH => "th",
        S | Z => "s",
        SH | ZH => "sh",
        HH => "'",
        M => "m",
        N => "n",
        NG => "ng",
        L => "l",
        R => "r",
        W => "u",
        Y => "e",
        _ => "",
    }
}

/// The Gregg letter of a vowel: the A circle, the E circle, the O and OO hooks, I and the
/// diphthongs.
fn vowel_letter(phoneme: Phoneme) -> &'static str {
    match phoneme {
        AE | EY => "a",
        AA | AO | OW => "o",
        EH | IH | IY => "e",
        AH | UH | UW => "u",
        AY => "i",
        AW => "au",
        OY => "oe",
        ER => "er",
        _ => "",
    }
}

fn is_short(phoneme: Phoneme) -> bool {
    matches!(phoneme, AH | IH | EH)
}

fn plain_outline(phones: &[Phone]) -> String {
    let mut outline = String::new();
    for phone in phones {
        if phone.phoneme.is_vowel() {
            if phone.stress == 0 && is_short(phone.phoneme) {
                continue;
            }
            outline.push_str(vowel_letter(phone.phoneme));
        } else {
            outline.push_str(consonant_letter(phone.phoneme));
        }
    }
    outline
}

/// A phoneme pattern element for prefixes and suffixes.
#[derive(Clone, Copy)]
enum Pat {
    /// Exactly this phoneme.
    Is(Phoneme),
    /// Any vowel.
    Vowel,
    /// One of these phonemes.
    Any(&'static [Phoneme]),
}

impl Pat {
    fn matches(self, phone: Phone) -> bool {
        match self {
            Pat::Is(phoneme) => phone.phoneme == phoneme,
            Pat::Vowel => phone.phoneme.is_vowel(),
            Pat::Any(set) => set.contains(&phone.phoneme),
        }
    }
}

/// When a prefix applies.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Before {
    /// Anything may follow.
    Anything,
    /// A consonant must follow.
    Consonant,
    /// The prefix's vowel must be unstressed and something must follow.
    Unstressed,
}

struct Affix {
    spelling: &'static str,
    pattern: &'static [Pat],
    outline: &'static str,
    before: Before,
}

const fn affix(
    spelling: &'static str,
    pattern: &'static [Pat],
    outline: &'static str,
    before: Before,
) -> Affix {
    Affix { spelling, pattern, outline, before }
}

use Before::{Anything, Consonant, Unstressed};
use Pat::{Any, Is, Vowel};

/// Prefixes written by their special forms (Anniversary chapters 6, 9, 11), longest first.
const PREFIXES: &[Affix] = &[
    affix("counter", &[Is(K), Is(AW), Is(N), Is(T), Is(ER)], "k^", Anything),
    affix("circum", &[Is(S), Is(ER), Is(K), Vowel, Is(M)], "s(^", Anything),
    affix("self", &[Is(S), Is(EH), Is(L), Is(F)], "s(^", Anything),
    affix("super", &[Is(S), Is(UW), Is(P), Is(ER)], "s^", Anything),
    affix("inter", &[Vowel, Is(N), Is(T), Is(ER)], "n^", Anything),
    affix("enter", &[Vowel, Is(N), Is(T), Is(ER)], "n^", Anything),
    affix("intro", &[Vowel, Is(N), Is(T), Is(R), Vowel], "n^", Anything),
    affix("trans", &[Is(T), Is(R), Vowel, Is(N), Any(&[S, Z])], "t^", Anything),
    affix("over", &[Is(OW), Is(V), Is(ER)], "o^", Anything),
    affix("under", &[Is(AH), Is(N), Is(D), Is(ER)], "u^", Anything),
    affix("post", &[Is(P), Is(OW), Is(S), Is(T)], "p^", Consonant),
    affix("con", &[Is(K), Vowel, Is(N)], "k", Consonant),
    affix("com", &[Is(K), Vowel, Is(M)], "k", Consonant),
    affix("coun", &[Is(K), Is(AW), Is(N)], "k", Consonant),
    affix("dis", &[Is(D), Vowel, Any(&[S, Z])], "ds", Anything),
    affix("des", &[Is(D), Vowel, Any(&[S, Z])], "ds", Consonant),
    affix("mis", &[Is(M), Vowel, Is(S)], "ms", Anything),
    affix("ex", &[Vowel, Is(K), Is(S)], "es", Anything),
    affix("ex", &[Vowel, Is(G), Is(Z)], "es", Anything),
    affix("fore", &[Is(F), Is(AO), Is(R)], "f", Consonant),
    affix("for", &[Is(F), Any(&[AO, ER]), Is(R)], "f", Consonant),
    affix("for", &[Is(F), Is(ER)], "f", Consonant),
    affix("fur", &[Is(F), Is(ER)], "f", Consonant),
    affix("per", &[Is(P), Is(ER)], "pr", Anything),
    affix("pur", &[Is(P), Is(ER)], "pr", Consonant),
    affix("pro", &[Is(P), Is(R), Vowel], "pr", Unstressed),
    affix("sub", &[Is(S), Is(AH), Is(B)], "s", Consonant),
    affix("out", &[Is(AW), Is(T)], "au", Consonant),
    affix("un", &[Is(AH), Is(N)], "n", Consonant),
    affix("in", &[Is(IH), Is(N)], "n", Consonant),
    affix("en", &[Any(&[IH, EH]), Is(N)], "n", Consonant),
    affix("im", &[Is(IH), Is(M)], "m", Consonant),
    affix("em", &[Any(&[IH, EH]), Is(M)], "m", Consonant),
    affix("be", &[Is(B), Any(&[IH, IY])], "b", Unstressed),
    affix("de", &[Is(D), Any(&[IH, IY])], "d", Unstressed),
];

/// Suffixes written by their special forms, longest first.
const SUFFIXES: &[Affix] = &[
    affix("ification", &[Is(F), Vowel, Is(K), Is(EY), Is(SH), Vowel, Is(N)], "^f", Anything),
    affix("ology", &[Is(AA), Is(L), Vowel, Is(JH), Is(IY)], "^o(", Anything),
    affix("bility", &[Is(B), Vowel, Is(L), Vowel, Is(T), Is(IY)], "^b", Anything),
    affix("ality", &[Is(AE), Is(L), Vowel, Is(T), Is(IY)], "^l", Anything),
    affix("ically", &[Is(K), Vowel, Is(L), Is(IY)], "^k", Anything),
    affix("ical", &[Is(K), Vowel, Is(L)], "^k", Anything),
    affix("ship", &[Is(SH), Is(IH), Is(P)], "^sh", Anything),
    affix("hood", &[Is(HH), Is(UH), Is(D)], "^d", Anything),
    affix("ward", &[Is(W), Is(ER), Is(D)], "^d", Anything),
    affix("ment", &[Is(M), Vowel, Is(N), Is(T)], "m", Anything),
    affix("ness", &[Is(N), Vowel, Is(S)], "nes", Anything),
    affix("less", &[Is(L), Vowel, Is(S)], "l", Anything),
    affix("ful", &[Is(F), Vowel, Is(L)], "f", Anything),
    affix("ily", &[Is(L), Is(IY)], "e|", Anything),
    affix("ly", &[Is(L), Is(IY)], "e", Anything),
    affix("ing", &[Is(IH), Is(NG)], "'", Anything),
    affix("tion", &[Is(SH), Vowel, Is(N)], "sh", Anything),
    affix("sion", &[Any(&[SH, ZH]), Vowel, Is(N)], "sh", Anything),
    affix("cian", &[Is(SH), Vowel, Is(N)], "sh", Anything),
    affix("ture", &[Is(CH), Is(ER)], "tr", Anything),
    affix("ous", &[Is(AH), Is(S)], "us", Anything),
    affix("ble", &[Is(B), Is(AH), Is(L)], "b", Anything),
    affix("ive", &[Is(IH), Is(V)], "v", Anything),
    affix("ify", &[Is(F), Is(AY)], "f", Anything),
    affix("self", &[Is(S), Is(EH), Is(L), Is(F)], "s", Anything),
];

fn matches_at(phones: &[Phone], pattern: &[Pat]) -> bool {
    phones.len() >= pattern.len()
        && pattern.iter().zip(phones).all(|(pattern, &phone)| pattern.matches(phone))
}

/// The prefix that applies: its outline and how many phones it spans.
fn prefix(word: &str, phones: &[Phone]) -> Option<(&'static str, usize)> {
    PREFIXES.iter().find_map(|affix| {
        if !word.starts_with(affix.spelling) || !matches_at(phones, affix.pattern) {
            return None;
        }
        let length = affix.pattern.len();
        let next = phones.get(length)?;
        let ok = match affix.before {
            Before::Anything => true,
            Before::Consonant => !next.phoneme.is_vowel(),
            Before::Unstressed => {
                phones[..length].iter().all(|phone| !phone.phoneme.is_vowel() || phone.stress != 1)
            }
        };
        // A prefix never takes the whole word's only syllable.
        let rest_has_vowel = phones[length..].iter().any(|phone| phone.phoneme.is_vowel());
        (ok && rest_has_vowel).then_some((affix.outline, length))
    })
}

/// The suffix that applies: its outline and how many phones it spans.
fn suffix(word: &str, phones: &[Phone], start: usize) -> Option<(&'static str, usize)> {
    SUFFIXES.iter().find_map(|affix| {
        let length = affix.pattern.len();
        if !word.ends_with(affix.spelling) || phones.len() < start + length + 1 {
            return None;
        }
        let tail = &phones[phones.len() - length..];
        let stem_has_vowel =
            phones[start..phones.len() - length].iter().any(|phone| phone.phoneme.is_vowel());
        (matches_at(tail, affix.pattern) && stem_has_vowel).then_some((affix.outline, length))
    })
}

/// Whether a Gregg letter is a straight stroke (the reversing principle and circle rules look at
/// this).
fn is_straight(letter: &str) -> bool {
    matches!(letter, "t" | "d" | "n" | "m" | "sh" | "ch" | "j" | "ng" | "nk")
}

fn context_outline(word: &str, phones: &[Phone]) -> String {
    let mut outline = String::new();
    let mut start = 0;
    if let Some((text, length)) = prefix(word, phones) {
        outline.push_str(text);
        start = length;
    }
    let mut end = phones.len();
    let mut ending = "";
    if let Some((text, length)) = suffix(word, phones, start) {
        ending = text;
        end -= length;
    }
    let body = &phones[start..end];
    let first_letter = word.chars().next().unwrap_or('a');
    let mut index = 0;
    while index < body.len() {
        let phone = body[index];
        let previous = index.checked_sub(1).map(|i| body[i]);
        let next = body.get(index + 1).copied();
        let after_next = body.get(index + 2).copied();
        let at_word_start = start == 0 && index == 0;
        let at_word_end = start + index + 1 == phones.len();
        let syllables = phones.iter().filter(|p| p.phoneme.is_vowel()).count();
        let previous_letter = previous
            .filter(|phone| !phone.phoneme.is_vowel())
            .map(|phone| consonant_letter(phone.phoneme))
            .unwrap_or("");
        if !phone.phoneme.is_vowel() {
            match phone.phoneme {
                // X: K S where the spelling has an x.
                K if next.is_some_and(|n| n.phoneme == S) && word.contains('x') => {
                    outline.push('x');
                    index += 2;
                    continue;
                }
                // NK: the ng stroke lengthened for ng-k.
                NG if next.is_some_and(|n| n.phoneme == K) => {
                    outline.push_str("nk");
                    index += 2;
                    continue;
                }
                NG if next.is_some_and(|n| n.phoneme == G) => {
                    outline.push_str("ng");
                    index += 2;
                    continue;
                }
                // W before a vowel: the OO hook at the start, the dash after the vowel
                // elsewhere.
                W if next.is_some_and(|n| n.phoneme.is_vowel()) => {
                    let vowel = next.map(|n| n.phoneme).unwrap_or(AH);
                    if at_word_start || previous.is_some_and(|p| p.phoneme == HH) {
                        outline.push('u');
                        outline.push_str(vowel_letter(vowel));
                    } else {
                        outline.push_str(vowel_letter(vowel));
                        outline.push('_');
                    }
                    index += 2;
                    continue;
                }
                // Y before a vowel: the looped circle (ye, ya), or the U diphthong.
                Y if next.is_some_and(|n| n.phoneme.is_vowel()) => {
                    let vowel = next.map(|n| n.phoneme).unwrap_or(AH);
                    match vowel {
                        UW | UH => outline.push_str("eu"),
                        EH | IH | IY => outline.push_str("e|"),
                        AE | EY => outline.push_str("a|"),
                        other => {
                            outline.push('e');
                            outline.push_str(vowel_letter(other));
                        }
                    }
                    index += 2;
                    continue;
                }
                Y => {}
                T if at_word_end && previous.is_some_and(|p| matches!(p.phoneme, S | K | P)) => {}
                T if at_word_end && syllables >= 3 && previous.is_some_and(|p| p.phoneme.is_vowel()) => {}
                D if at_word_end && previous.is_some_and(|p| matches!(p.phoneme, AY | AW | OY)) => {}
                _ => {
                    let letter = consonant_letter(phone.phoneme);
                    let previous_phone = (start + index).checked_sub(1).map(|i| phones[i]);
                    let last = outline.chars().last();
                    if previous_phone.is_some_and(|p| !p.phoneme.is_vowel())
                        && matches!(
                            (last, letter),
                            (Some('d'), "f" | "v" | "n" | "m" | "t" | "d")
                                | (Some('t'), "v" | "n" | "m" | "d")
                                | (Some('m'), "n" | "m")
                                | (Some('n'), "k" | "g")
                        )
                        && !outline.ends_with("th")
                        && !outline.ends_with("sh")
                        && !outline.ends_with("ch")
                        && !outline.ends_with("ng")
                    {
                        outline.push('-');
                    }
                    outline.push_str(letter);
                }
            }
            index += 1;
            continue;
        }
        // Vowels.
        let next_letter = next
            .filter(|phone| !phone.phoneme.is_vowel())
            .map(|phone| consonant_letter(phone.phoneme))
            .unwrap_or("");
        let next_is_consonant = next.is_some_and(|n| !n.phoneme.is_vowel());
        let unstressed = phone.stress == 0;
        // R after a vowel, before a consonant or at the end.
        let r_follows =
            next.is_some_and(|n| n.phoneme == R) && after_next.is_none_or(|n| !n.phoneme.is_vowel());
        let after_r_letter = after_next
            .filter(|phone| !phone.phoneme.is_vowel())
            .map(|phone| consonant_letter(phone.phoneme))
            .unwrap_or("");
        if phone.phoneme == ER {
            let straight_before = is_straight(previous_letter);
            let straight_after = is_straight(next_letter);
            if straight_before || (straight_after && next_is_consonant) {
                outline.push_str("e~");
            } else if unstressed && previous.is_some() {
                outline.push('r');
            } else {
                outline.push_str("er");
            }
            index += 1;
            continue;
        }
        if r_follows && matches!(phone.phoneme, AO | OW) && after_next.is_some() {
            // The R of "or" before a consonant is omitted.
            outline.push('o');
            index += 2;
            continue;
        }
        if r_follows
            && matches!(phone.phoneme, AA | AE | EH | EY | IH | IY)
            && (is_straight(previous_letter) || is_straight(after_r_letter))
        {
            // The reversing principle: a reversed circle for the vowel and R.
            let circle = if matches!(phone.phoneme, AA | AE | EY) { "a~" } else { "e~" };
            outline.push_str(circle);
            index += 2;
            continue;
        }
        // Vowels left out.
        let blend_vowel = is_short(phone.phoneme)
            && match (previous_letter, next_letter) {
                ("t" | "d", "n" | "m") => true,
                ("m", "n" | "m") => true,
                ("t" | "d", "t" | "d") => unstressed,
                ("j" | "p" | "b", "n") => after_next.is_some_and(|n| matches!(n.phoneme, T | D)),
                _ => false,
            };
        let short_before_nasal =
            matches!(phone.phoneme, AH | AA) && matches!(next_letter, "n" | "m" | "ng" | "nk");
        let obscure = unstressed && phone.phoneme == AH;
        let open_medial = unstressed
            && matches!(phone.phoneme, IH | EH)
            && previous.is_some_and(|p| !p.phoneme.is_vowel())
            && next_is_consonant
            && after_next.is_some_and(|n| n.phoneme.is_vowel());
        if open_medial {
            index += 1;
            continue;
        }
        if blend_vowel
            || (short_before_nasal && !at_word_start && previous.is_some())
            || (obscure && !at_word_start && !at_word_end)
        {
            index += 1;
            continue;
        }
        if at_word_start && unstressed {
            // An unstressed first vowel is written as it is spelled.
            outline.push_str(match first_letter {
                'a' => "a",
                'o' => "o",
                'u' => "u",
                _ => "e",
            });
        } else if obscure {
            outline.push_str(match word.chars().last() {
                Some('a') => "a",
                Some('o') => "o",
                _ => "e",
            });
        } else if phone.phoneme == AA && next.is_some_and(|n| n.phoneme == R) {
            outline.push('a');
        } else {
            outline.push_str(vowel_letter(phone.phoneme));
        }
        index += 1;
    }
    if ending == "m" && (outline.ends_with('t') || outline.ends_with('d')) {
        outline.push('-');
    }
    outline.push_str(ending);
    outline
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phonemes::Pronouncer;

    fn rules(word: &str) -> String {
        let phones = Pronouncer::shared().lookup(word).unwrap();
        Rules::manual().outline(word, phones)
    }

    fn plain(word: &str) -> String {
        let phones = Pronouncer::shared().lookup(word).unwrap();
        Rules::plain().outline(word, phones)
    }

    #[test]
    fn plain_map_writes_every_sound() {
        assert_eq!(plain("cake"), "kak");
        assert_eq!(plain("church"), "cherch");
    }

    #[test]
    fn reversing_principle_writes_a_reversed_circle_for_vowel_and_r() {
        assert_eq!(rules("church"), "che~ch");
        assert_eq!(rules("art"), "a~t");
        assert_eq!(rules("gutter"), "gute~");
    }

    #[test]
    fn blends_drop_their_vowels() {
        assert_eq!(rules("attend"), "atnd");
        assert_eq!(rules("temper"), "tmpr");
        assert_eq!(rules("needed"), "nedd");
        assert_eq!(rules("gentle"), "jntl");
    }

    #[test]
    fn prefixes_and_suffixes_take_their_special_forms() {
        assert_eq!(rules("convert"), "kve~t");
        assert_eq!(rules("station"), "stash");
        assert_eq!(rules("kindness"), "kindnes");
        assert!(rules("zoology").ends_with("^o("));
    }
}
