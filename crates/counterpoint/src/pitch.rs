//! Pitches with their spelling (letter, accidental, octave) and the intervals between them,
//! generic (counted in letters) and chromatic (counted in semitones).

use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// Semitones above C of each natural letter, C to B.
const NATURAL: [i32; 7] = [0, 2, 4, 5, 7, 9, 11];

/// The letters, C to B.
pub const LETTERS: [char; 7] = ['C', 'D', 'E', 'F', 'G', 'A', 'B'];

/// A spelled pitch: letter (0 = C to 6 = B), accidental in semitones (-2 to 2) and octave
/// (scientific: middle C is C4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pitch {
    /// Octave number; C4 is middle C.
    pub octave: i8,
    /// Letter, 0 = C to 6 = B.
    pub letter: u8,
    /// Sharps (positive) or flats (negative).
    pub alter: i8,
}

/// Why a pitch's text was not read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PitchError {
    /// The text does not start with a letter A to G.
    #[error("'{0}' is not a pitch: it must start with a letter A to G (for example D4, F#3, Bb4)")]
    Letter(String),
    /// The accidental or octave part is not understood.
    #[error("'{0}' is not a pitch: after the letter come # or b (at most two) and an octave 0 to 9")]
    Rest(String),
}

impl Pitch {
    /// The pitch `letter` (0 = C) with `alter` semitones in `octave`.
    pub const fn new(letter: u8, alter: i8, octave: i8) -> Self {
        Self { octave, letter, alter }
    }

    /// Position on the staff: seven a octave, C0 = 0.
    pub fn diatonic(self) -> i32 {
        i32::from(self.octave) * 7 + i32::from(self.letter)
    }

    /// MIDI note number (middle C = 60).
    pub fn midi(self) -> i32 {
        12 * (i32::from(self.octave) + 1) + NATURAL[usize::from(self.letter)] + i32::from(self.alter)
    }

    /// The pitch on staff position `diatonic` that sounds as MIDI note `midi`, when the
    /// accidental that takes is at most a double sharp or flat.
    pub fn spelled(diatonic: i32, midi: i32) -> Option<Self> {
        let letter = diatonic.rem_euclid(7);
        let octave = diatonic.div_euclid(7);
        let natural = 12 * (octave + 1) + NATURAL[letter as usize];
        let alter = midi - natural;
        ((-2..=2).contains(&alter) && (-1..=9).contains(&octave))
            .then(|| Self::new(letter as u8, alter as i8, octave as i8))
    }

    /// Reads `D4`, `F#3`, `Bb4`, `C##5`; `default_octave` when the octave is left out.
    pub fn parse(text: &str, default_octave: i8) -> Result<Self, PitchError> {
        let trimmed = text.trim();
        let mut chars = trimmed.chars();
        let first = chars.next().map(|c| c.to_ascii_uppercase());
        let Some(letter) = first.and_then(|c| LETTERS.iter().position(|&l| l == c)) else {
            return Err(PitchError::Letter(trimmed.into()));
        };
        let rest: String = chars.collect();
        let accidentals = rest.chars().take_while(|c| matches!(c, '#' | 'b' | '♯' | '♭')).count();
        let (marks, octave) =
            rest.split_at(rest.char_indices().nth(accidentals).map_or(rest.len(), |(i, _)| i));
        if accidentals > 2 {
            return Err(PitchError::Rest(trimmed.into()));
        }
        let alter: i8 = marks.chars().map(|c| if matches!(c, '#' | '♯') { 1 } else { -1 }).sum();
        let octave = if octave.is_empty() {
            default_octave
        } else {
            match octave.parse::<i8>() {
                Ok(octave) if (0..=9).contains(&octave) => octave,
                _ => return Err(PitchError::Rest(trimmed.into())),
            }
        };
        Ok(Self::new(letter as u8, alter, octave))
    }

    /// The letter and accidental without the octave, as `F#`.
    pub fn name(self) -> String {
        let mut name = LETTERS[usize::from(self.letter)].to_string();
        let mark = if self.alter > 0 { '#' } else { 'b' };
        for _ in 0..self.alter.unsigned_abs() {
            name.push(mark);
        }
        name
    }

    /// Frequency in hertz at A4 = 440 Hz, equal temperament.
    pub fn frequency(self) -> f64 {
        440.0 * 2f64.powf(f64::from(self.midi() - 69) / 12.0)
    }
}

impl fmt::Display for Pitch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.name(), self.octave)
    }
}

/// The quality of an interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Quality {
    /// Perfect (unisons, fourths, fifths, octaves).
    Perfect,
    /// Major.
    Major,
    /// Minor.
    Minor,
    /// Augmented (once or more).
    Augmented,
    /// Diminished (once or more).
    Diminished,
}

/// How an interval sounds in two-voice counterpoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Consonance {
    /// Unison, fifth, octave and their compounds.
    Perfect,
    /// Thirds and sixths, major or minor, and their compounds.
    Imperfect,
    /// Everything else, the perfect fourth included (above the lowest voice).
    Dissonant,
}

/// The interval from a lower to a higher pitch (or the other way: `steps` and `semitones` are
/// signed, positive when the second pitch is higher).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Interval {
    /// Letters moved, 0 = unison, 1 = a second, 7 = an octave; negative downward.
    pub steps: i32,
    /// Semitones moved; negative downward.
    pub semitones: i32,
}

impl Interval {
    /// The interval from `from` to `to`.
    pub fn between(from: Pitch, to: Pitch) -> Self {
        Self { steps: to.diatonic() - from.diatonic(), semitones: to.midi() - from.midi() }
    }

    /// The same interval, upward.
    pub fn abs(self) -> Self {
        if self.steps < 0 || (self.steps == 0 && self.semitones < 0) {
            Self { steps: -self.steps, semitones: -self.semitones }
        } else {
            self
        }
    }

    /// The interval's number as musicians count: 1 = unison, 8 = octave, 10 = tenth.
    pub fn number(self) -> i32 {
        self.abs().steps + 1
    }

    /// The number reduced to within an octave (1 to 7; octaves are 1).
    pub fn simple_number(self) -> i32 {
        self.abs().steps % 7 + 1
    }

    /// Its quality.
    pub fn quality(self) -> Quality {
        let up = self.abs();
        let simple = (up.steps % 7) as usize;
        let expected = NATURAL_INTERVAL[simple] + 12 * (up.steps / 7);
        let off = up.semitones - expected;
        if matches!(simple, 0 | 3 | 4) {
            match off {
                0 => Quality::Perfect,
                d if d > 0 => Quality::Augmented,
                _ => Quality::Diminished,
            }
        } else {
            match off {
                0 => Quality::Major,
                -1 => Quality::Minor,
                d if d > 0 => Quality::Augmented,
                _ => Quality::Diminished,
            }
        }
    }

    /// Whether a melodic move is a step (a second) and not a repeat or a leap.
    pub fn is_step(self) -> bool {
        self.steps.abs() == 1
    }

    /// Whether a melodic move is a leap (a third or more).
    pub fn is_leap(self) -> bool {
        self.steps.abs() >= 2
    }

    /// Consonance as between the lowest voice and another; `fourth_consonant` where neither
    /// pitch is the lowest sounding (a fourth between upper voices is consonant).
    pub fn consonance(self, fourth_consonant: bool) -> Consonance {
        let simple = self.simple_number();
        match (simple, self.quality()) {
            (1 | 5, Quality::Perfect) => Consonance::Perfect,
            (3 | 6, Quality::Major | Quality::Minor) => Consonance::Imperfect,
            (4, Quality::Perfect) if fourth_consonant => Consonance::Imperfect,
            _ => Consonance::Dissonant,
        }
    }

    /// Whether this is a (compound) perfect fifth, not counting an octave as one.
    pub fn is_perfect_fifth(self) -> bool {
        self.simple_number() == 5 && self.quality() == Quality::Perfect
    }

    /// Whether this is a perfect unison or (compound) octave.
    pub fn is_octave_or_unison(self) -> bool {
        self.simple_number() == 1 && self.quality() == Quality::Perfect
    }

    /// Its short name, as `M6`, `P5`, `A4`, `m10`.
    pub fn name(self) -> String {
        let quality = match self.quality() {
            Quality::Perfect => "P",
            Quality::Major => "M",
            Quality::Minor => "m",
            Quality::Augmented => "A",
            Quality::Diminished => "d",
        };
        format!("{quality}{}", self.number())
    }
}

/// Semitones of the major and perfect simple intervals, unison to seventh.
const NATURAL_INTERVAL: [i32; 7] = [0, 2, 4, 5, 7, 9, 11];

impl fmt::Display for Interval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let direction = if self.steps > 0 || (self.steps == 0 && self.semitones > 0) {
            " up"
        } else if self.steps < 0 || self.semitones < 0 {
            " down"
        } else {
            ""
        };
        write!(f, "{}{direction}", self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> Pitch {
        Pitch::parse(text, 4).unwrap()
    }

    #[test]
    fn pitches_read_and_sound() {
        assert_eq!(p("C4").midi(), 60);
        assert_eq!(p("A4").frequency(), 440.0);
        assert_eq!(p("Bb3").midi(), 58);
        assert_eq!(p("F#").to_string(), "F#4");
        assert_eq!(p("c##5").midi(), 74);
        assert!(Pitch::parse("H4", 4).is_err());
        assert!(Pitch::parse("C#b#4", 4).is_err());
        assert!(Pitch::parse("C12", 4).is_err());
        assert_eq!(Pitch::spelled(p("C#4").diatonic(), 61), Some(p("C#4")));
    }

    #[test]
    fn intervals_are_named_by_letter_and_semitone() {
        let name = |a: &str, b: &str| Interval::between(p(a), p(b)).name();
        assert_eq!(name("D4", "A4"), "P5");
        assert_eq!(name("E4", "C#5"), "M6");
        assert_eq!(name("F4", "B4"), "A4");
        assert_eq!(name("B3", "F4"), "d5");
        assert_eq!(name("C4", "E5"), "M10");
        assert_eq!(name("A4", "D4"), "P5");
        assert_eq!(name("A4", "D5"), "P4");
        assert_eq!(name("C4", "C#4"), "A1");
        assert_eq!(Interval::between(p("D4"), p("D5")).consonance(false), Consonance::Perfect);
        assert_eq!(Interval::between(p("D4"), p("G4")).consonance(false), Consonance::Dissonant);
        assert_eq!(Interval::between(p("D4"), p("G4")).consonance(true), Consonance::Imperfect);
        assert_eq!(Interval::between(p("B3"), p("F4")).consonance(true), Consonance::Dissonant);
    }
}
