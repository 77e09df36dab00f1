//! The church modes and a key: a mode on a final, its scale, and the leading tone its cadence
//! raises.

use crate::pitch::Pitch;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the six church modes Fux teaches counterpoint in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Final D on the white keys.
    Dorian,
    /// Final E.
    Phrygian,
    /// Final F.
    Lydian,
    /// Final G.
    Mixolydian,
    /// Final A.
    Aeolian,
    /// Final C.
    Ionian,
}

impl Mode {
    /// Every mode, in Fux's order.
    pub const ALL: [Mode; 6] =
        [Mode::Dorian, Mode::Phrygian, Mode::Lydian, Mode::Mixolydian, Mode::Aeolian, Mode::Ionian];

    /// Semitones above the final of the scale's seven degrees.
    pub fn degrees(self) -> [i32; 7] {
        match self {
            Mode::Dorian => [0, 2, 3, 5, 7, 9, 10],
            Mode::Phrygian => [0, 1, 3, 5, 7, 8, 10],
            Mode::Lydian => [0, 2, 4, 6, 7, 9, 11],
            Mode::Mixolydian => [0, 2, 4, 5, 7, 9, 10],
            Mode::Aeolian => [0, 2, 3, 5, 7, 8, 10],
            Mode::Ionian => [0, 2, 4, 5, 7, 9, 11],
        }
    }

    /// The letter of its final on the white keys (0 = C).
    pub fn white_final(self) -> u8 {
        match self {
            Mode::Dorian => 1,
            Mode::Phrygian => 2,
            Mode::Lydian => 3,
            Mode::Mixolydian => 4,
            Mode::Aeolian => 5,
            Mode::Ionian => 0,
        }
    }

    /// Whether its cadence raises the seventh degree to a leading tone (dorian, mixolydian and
    /// aeolian do; lydian and ionian have one already; phrygian cadences on the half step above
    /// its final instead).
    pub fn raises_seventh(self) -> bool {
        matches!(self, Mode::Dorian | Mode::Mixolydian | Mode::Aeolian)
    }

    /// Its lowercase name.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Dorian => "dorian",
            Mode::Phrygian => "phrygian",
            Mode::Lydian => "lydian",
            Mode::Mixolydian => "mixolydian",
            Mode::Aeolian => "aeolian",
            Mode::Ionian => "ionian",
        }
    }

    /// The mode named `text` (any case).
    pub fn parse(text: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|mode| mode.name().eq_ignore_ascii_case(text.trim()))
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A mode on a final: the final's letter and accidental (its octave is ignored).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Key {
    /// The mode.
    pub mode: Mode,
    /// The final's letter (0 = C).
    pub letter: u8,
    /// The final's accidental.
    pub alter: i8,
}

impl Key {
    /// The mode on its white-key final (D dorian, E phrygian, ...).
    pub fn white(mode: Mode) -> Self {
        Self { mode, letter: mode.white_final(), alter: 0 }
    }

    /// The final in `octave`.
    pub fn final_in(self, octave: i8) -> Pitch {
        Pitch::new(self.letter, self.alter, octave)
    }

    /// The scale note `degree` letters above the final in `octave` (negative: below), spelled
    /// on its letter.
    pub fn degree(self, octave: i8, degree: i32) -> Pitch {
        let tonic = self.final_in(octave);
        let diatonic = tonic.diatonic() + degree;
        let midi =
            tonic.midi() + self.mode.degrees()[degree.rem_euclid(7) as usize] + 12 * degree.div_euclid(7);
        Pitch::spelled(diatonic, midi).unwrap_or(tonic)
    }

    /// Which degree (0 = final, 6 = seventh) a pitch's letter is in this key.
    pub fn degree_of(self, pitch: Pitch) -> usize {
        (i32::from(pitch.letter) - i32::from(self.letter)).rem_euclid(7) as usize
    }

    /// How far `pitch` is from the scale note on its letter, in semitones (0: in the scale).
    pub fn inflection(self, pitch: Pitch) -> i32 {
        let degree = self.degree_of(pitch) as i32;
        let octave_shift = i32::from(self.letter) + degree >= 7;
        let octave = pitch.octave - i8::from(octave_shift);
        pitch.midi() - self.degree(octave, degree).midi()
    }

    /// Whether `pitch` is in the scale.
    pub fn contains(self, pitch: Pitch) -> bool {
        self.inflection(pitch) == 0
    }

    /// Whether `pitch` is the seventh degree raised at a cadence.
    pub fn is_leading_tone(self, pitch: Pitch) -> bool {
        self.mode.raises_seventh() && self.degree_of(pitch) == 6 && self.inflection(pitch) == 1
    }

    /// Whether `pitch` is the final in any octave.
    pub fn is_final(self, pitch: Pitch) -> bool {
        pitch.letter == self.letter && pitch.alter == self.alter
    }

    /// The scale's pitches from `low` to `high` (MIDI numbers, inclusive), plus the raised
    /// leading tones when `cadence`.
    pub fn pitches_between(self, low: i32, high: i32, cadence: bool) -> Vec<Pitch> {
        let mut pitches = Vec::new();
        for octave in 0..=9 {
            for degree in 0..7 {
                let pitch = self.degree(octave, degree);
                if (low..=high).contains(&pitch.midi()) {
                    pitches.push(pitch);
                }
                if cadence && degree == 6 && self.mode.raises_seventh() {
                    let raised = Pitch { alter: pitch.alter + 1, ..pitch };
                    if (low..=high).contains(&raised.midi()) {
                        pitches.push(raised);
                    }
                }
            }
        }
        pitches.sort_by_key(|p| (p.midi(), p.diatonic()));
        pitches.dedup();
        pitches
    }

    /// Its name, as `D dorian`.
    pub fn name(self) -> String {
        format!("{} {}", self.final_in(4).name(), self.mode)
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_have_their_white_key_scales_and_transpose() {
        let dorian = Key::white(Mode::Dorian);
        let names: Vec<String> = (0..8).map(|d| dorian.degree(4, d).to_string()).collect();
        assert_eq!(names, ["D4", "E4", "F4", "G4", "A4", "B4", "C5", "D5"]);
        let g_dorian = Key { mode: Mode::Dorian, letter: 4, alter: 0 };
        assert_eq!(g_dorian.degree(4, 2).to_string(), "Bb4");
        assert!(g_dorian.contains(Pitch::parse("Bb3", 3).unwrap()));
        assert!(!g_dorian.contains(Pitch::parse("B3", 3).unwrap()));
        assert!(dorian.is_leading_tone(Pitch::parse("C#5", 4).unwrap()));
        assert!(!Key::white(Mode::Phrygian).is_leading_tone(Pitch::parse("D#4", 4).unwrap()));
        for mode in Mode::ALL {
            let key = Key::white(mode);
            assert!((0..7).all(|d| key.degree(4, d).alter == 0), "{mode}");
            assert_eq!(Mode::parse(mode.name()), Some(mode));
        }
        let range = dorian.pitches_between(60, 74, true);
        // C4 to D5 with C#4 and C#5.
        assert_eq!(range.len(), 11);
    }
}
