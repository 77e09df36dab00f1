//! Pronunciations: the CMU Pronouncing Dictionary (shipped in `assets/gregg/cmudict.dict` with its
//! notice) and letter-to-sound rules for the words it lacks.
//!
//! Phonemes are ARPAbet, the dictionary's alphabet: 39 phonemes, vowels carrying a stress digit
//! (0 unstressed, 1 primary, 2 secondary).

use rustc_hash::FxHashMap;
use std::fmt;
use std::sync::OnceLock;

/// The CMU Pronouncing Dictionary, version 0.7b as the `cmudict-fast` crate carries it.
static CMUDICT: &str = include_str!("../../../assets/gregg/cmudict.dict");

/// An ARPAbet phoneme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Phoneme {
    AA,
    AE,
    AH,
    AO,
    AW,
    AY,
    B,
    CH,
    D,
    DH,
    EH,
    ER,
    EY,
    F,
    G,
    HH,
    IH,
    IY,
    JH,
    K,
    L,
    M,
    N,
    NG,
    OW,
    OY,
    P,
    R,
    S,
    SH,
    T,
    TH,
    UH,
    UW,
    V,
    W,
    Y,
    Z,
    ZH,
}

impl Phoneme {
    /// Every phoneme, in ARPAbet order.
    pub const ALL: [Phoneme; 39] = {
        use Phoneme::*;
        [
            AA, AE, AH, AO, AW, AY, B, CH, D, DH, EH, ER, EY, F, G, HH, IH, IY, JH, K, L, M, N, NG, OW, OY,
            P, R, S, SH, T, TH, UH, UW, V, W, Y, Z, ZH,
        ]
    };

    /// The ARPAbet name.
    pub fn name(self) -> &'static str {
        use Phoneme::*;
        match self {
            AA => "AA",
            AE => "AE",
            AH => "AH",
            AO => "AO",
            AW => "AW",
            AY => "AY",
            B => "B",
            CH => "CH",
            D => "D",
            DH => "DH",
            EH => "EH",
            ER => "ER",
            EY => "EY",
            F => "F",
            G => "G",
            HH => "HH",
            IH => "IH",
            IY => "IY",
            JH => "JH",
            K => "K",
            L => "L",
            M => "M",
            N => "N",
            NG => "NG",
            OW => "OW",
            OY => "OY",
            P => "P",
            R => "R",
            S => "S",
            SH => "SH",
            T => "T",
            TH => "TH",
            UH => "UH",
            UW => "UW",
            V => "V",
            W => "W",
            Y => "Y",
            Z => "Z",
            ZH => "ZH",
        }
    }

    /// The phoneme named `name` (without a stress digit).
    pub fn parse(name: &str) -> Option<Phoneme> {
        Phoneme::ALL.into_iter().find(|phoneme| phoneme.name() == name)
    }

    /// Whether this is a vowel (vowels carry stress).
    pub fn is_vowel(self) -> bool {
        use Phoneme::*;
        matches!(self, AA | AE | AH | AO | AW | AY | EH | ER | EY | IH | IY | OW | OY | UH | UW)
    }
}

/// A phoneme with its stress: 0, 1 or 2 for vowels, 0 for consonants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Phone {
    /// The phoneme.
    pub phoneme: Phoneme,
    /// Stress digit (vowels only).
    pub stress: u8,
}

impl Phone {
    /// A phone from its dictionary spelling, such as `EY1` or `K`.
    pub fn parse(text: &str) -> Option<Phone> {
        let (name, stress) = match text.as_bytes().last() {
            Some(digit @ b'0'..=b'2') => (&text[..text.len() - 1], digit - b'0'),
            _ => (text, 0),
        };
        Some(Phone { phoneme: Phoneme::parse(name)?, stress })
    }
}

impl fmt::Display for Phone {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.phoneme.is_vowel() {
            write!(formatter, "{}{}", self.phoneme.name(), self.stress)
        } else {
            formatter.write_str(self.phoneme.name())
        }
    }
}

/// Phones written as the dictionary writes them: `K EY1 K`.
pub fn phones_text(phones: &[Phone]) -> String {
    phones.iter().map(Phone::to_string).collect::<Vec<_>>().join(" ")
}

/// Where a pronunciation came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PronunciationSource {
    /// The CMU Pronouncing Dictionary.
    Dictionary,
    /// Letter-to-sound rules.
    LetterToSound,
}

/// The pronunciation dictionary: each word's first pronunciation.
pub struct Pronouncer {
    words: FxHashMap<&'static str, Vec<Phone>>,
}

impl Pronouncer {
    /// The shipped CMU dictionary, parsed once per process (about 135,000 entries).
    pub fn shared() -> &'static Pronouncer {
        static SHARED: OnceLock<Pronouncer> = OnceLock::new();
        SHARED.get_or_init(|| Pronouncer::parse(CMUDICT))
    }

    /// Parses dictionary text: `word PH ON EMES` a line, `word(2)` for alternatives (skipped),
    /// `#` comments after the phonemes.
    pub fn parse(text: &'static str) -> Pronouncer {
        let mut words = FxHashMap::default();
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or("");
            let mut parts = line.split_whitespace();
            let Some(word) = parts.next() else { continue };
            if word.ends_with(')') {
                continue;
            }
            let phones: Option<Vec<Phone>> = parts.map(Phone::parse).collect();
            if let Some(phones) = phones.filter(|phones| !phones.is_empty()) {
                words.entry(word).or_insert(phones);
            }
        }
        Pronouncer { words }
    }

    /// The dictionary's pronunciation of a lower-case word.
    pub fn lookup(&self, word: &str) -> Option<&[Phone]> {
        self.words.get(word).map(Vec::as_slice)
    }

    /// Number of words.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether the dictionary is empty.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The pronunciation of a lower-case word: the dictionary's, or the letter-to-sound rules'.
    pub fn pronounce(&self, word: &str) -> (Vec<Phone>, PronunciationSource) {
        match self.lookup(word) {
            Some(phones) => (phones.to_vec(), PronunciationSource::Dictionary),
            None => (letter_to_sound(word), PronunciationSource::LetterToSound),
        }
    }
}

/// Letter-to-sound rules for words the dictionary lacks: spelling patterns (longest first, with
/// the usual context rules for c, g, final e and vowel teams) to phonemes; the first vowel takes
/// the primary stress. Letters other than a–z are skipped.
pub fn letter_to_sound(word: &str) -> Vec<Phone> {
    use Phoneme::*;
    let letters: Vec<u8> =
        word.bytes().filter(u8::is_ascii_alphabetic).map(|byte| byte.to_ascii_lowercase()).collect();
    let is_vowel_letter = |byte: u8| matches!(byte, b'a' | b'e' | b'i' | b'o' | b'u' | b'y');
    let mut phones = Vec::new();
    let mut index = 0;
    let push = |phones: &mut Vec<Phone>, phoneme: Phoneme| phones.push(Phone { phoneme, stress: 0 });
    while index < letters.len() {
        let rest = &letters[index..];
        let next = |offset: usize| letters.get(index + offset).copied();
        let at_end = |length: usize| index + length == letters.len();
        // Silent final e after a consonant (make, time), but not in one-vowel words (be, he).
        if rest == b"e" && index > 0 && letters[..index].iter().any(|&b| is_vowel_letter(b)) {
            break;
        }
        let (length, sounds): (usize, &[Phoneme]) = if rest.starts_with(b"tion") {
            (4, &[SH, AH, N])
        } else if rest.starts_with(b"sion") {
            (4, &[ZH, AH, N])
        } else if rest.starts_with(b"igh") {
            (3, &[AY])
        } else if rest.starts_with(b"tch") {
            (3, &[CH])
        } else if rest.starts_with(b"dge") {
            (3, &[JH])
        } else if rest.starts_with(b"ing") && at_end(3) {
            (3, &[IH, NG])
        } else if rest.starts_with(b"ph") {
            (2, &[F])
        } else if rest.starts_with(b"th") {
            (2, &[TH])
        } else if rest.starts_with(b"sh") {
            (2, &[SH])
        } else if rest.starts_with(b"ch") {
            (2, &[CH])
        } else if rest.starts_with(b"ck") {
            (2, &[K])
        } else if rest.starts_with(b"ng") {
            (2, &[NG])
        } else if rest.starts_with(b"qu") {
            (2, &[K, W])
        } else if rest.starts_with(b"wh") {
            (2, &[W])
        } else if rest.starts_with(b"kn") && index == 0 {
            (2, &[N])
        } else if rest.starts_with(b"wr") && index == 0 {
            (2, &[R])
        } else if rest.starts_with(b"ee") || rest.starts_with(b"ea") || rest.starts_with(b"ie") {
            (2, &[IY])
        } else if rest.starts_with(b"oo") {
            (2, &[UW])
        } else if rest.starts_with(b"ai") || rest.starts_with(b"ay") || rest.starts_with(b"ei") {
            (2, &[EY])
        } else if rest.starts_with(b"oa") || rest.starts_with(b"ow") && at_end(2) {
            (2, &[OW])
        } else if rest.starts_with(b"ou") || rest.starts_with(b"ow") {
            (2, &[AW])
        } else if rest.starts_with(b"oi") || rest.starts_with(b"oy") {
            (2, &[OY])
        } else if rest.starts_with(b"au") || rest.starts_with(b"aw") {
            (2, &[AO])
        } else if rest.starts_with(b"er") || rest.starts_with(b"ir") || rest.starts_with(b"ur") {
            (2, &[ER])
        } else if rest.len() >= 2 && rest[0] == rest[1] && !is_vowel_letter(rest[0]) {
            // Doubled consonants sound once.
            (1, &[])
        } else {
            let soft = matches!(next(1), Some(b'e' | b'i' | b'y'));
            // A vowel letter before one consonant and a final e is long (make, time, hope).
            let long =
                (next(2) == Some(b'e') && at_end(3) && next(1).is_some_and(|byte| !is_vowel_letter(byte)))
                    || rest[1..].starts_with(b"tion");
            let sounds: &[Phoneme] = match rest[0] {
                b'a' if long => &[EY],
                b'a' => &[AE],
                b'b' => &[B],
                b'c' if soft => &[S],
                b'c' => &[K],
                b'd' => &[D],
                b'e' => &[EH],
                b'f' => &[F],
                b'g' if soft => &[JH],
                b'g' => &[G],
                b'h' => &[HH],
                b'i' if long => &[AY],
                b'i' => &[IH],
                b'j' => &[JH],
                b'k' => &[K],
                b'l' => &[L],
                b'm' => &[M],
                b'n' => &[N],
                b'o' if long => &[OW],
                b'o' => &[AA],
                b'p' => &[P],
                b'q' => &[K],
                b'r' => &[R],
                b's' if index > 0 && at_end(1) => &[Z],
                b's' => &[S],
                b't' => &[T],
                b'u' if long => &[UW],
                b'u' => &[AH],
                b'v' => &[V],
                b'w' => &[W],
                b'x' => &[K, S],
                b'y' if index == 0 => &[Y],
                b'y' if at_end(1) => &[IY],
                b'y' => &[IH],
                b'z' => &[Z],
                _ => &[],
            };
            (1, sounds)
        };
        for &sound in sounds {
            push(&mut phones, sound);
        }
        index += length;
    }
    if let Some(first_vowel) = phones.iter_mut().find(|phone| phone.phoneme.is_vowel()) {
        first_vowel.stress = 1;
    }
    phones
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(word: &str) -> String {
        phones_text(&letter_to_sound(word))
    }

    #[test]
    fn dictionary_knows_common_words() {
        let dictionary = Pronouncer::shared();
        assert!(dictionary.len() > 100_000);
        assert_eq!(phones_text(dictionary.lookup("cake").unwrap()), "K EY1 K");
        assert_eq!(phones_text(dictionary.lookup("read").unwrap()), "R EH1 D");
        assert!(dictionary.lookup("blorptastic").is_none());
    }

    #[test]
    fn letter_to_sound_handles_common_spellings() {
        assert_eq!(text("cake"), "K EY1 K");
        assert_eq!(text("station"), "S T EY1 SH AH0 N");
        assert_eq!(text("city"), "S IH1 T IY0");
        assert_eq!(text("knight"), "N AY1 T");
        assert_eq!(text("blorptastic"), "B L AA1 R P T AE0 S T IH0 K");
        assert!(text("").is_empty());
        assert!(text("123").is_empty());
    }
}
