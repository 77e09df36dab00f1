//! Fux's cantus firmi, one in each mode, and his first-species counterpoint above the dorian
//! one, from *Gradus ad Parnassum* (1725; Mann's translation, *The Study of Counterpoint*, 1943).
//! The book is in the public domain.

use crate::mode::{Key, Mode};
use crate::pitch::Pitch;

/// Fux's cantus firmi: the mode and the notes (octave 4 unless written).
pub const CANTUS_FIRMI: [(Mode, &str); 6] = [
    (Mode::Dorian, "D4 F4 E4 D4 G4 F4 A4 G4 F4 E4 D4"),
    (Mode::Phrygian, "E4 C4 D4 C4 A3 A4 G4 E4 F4 E4"),
    (Mode::Lydian, "F4 G4 A4 F4 D4 E4 F4 C5 A4 F4 G4 F4"),
    (Mode::Mixolydian, "G4 C5 B4 G4 C5 E5 D5 G5 E5 C5 D5 B4 A4 G4"),
    (Mode::Aeolian, "A4 C5 B4 D5 C5 E5 F5 E5 D5 C5 B4 A4"),
    (Mode::Ionian, "C4 E4 F4 G4 E4 A4 G4 E4 F4 E4 D4 C4"),
];

/// Fux's first-species counterpoint above his dorian cantus (his figure 5).
pub const DORIAN_ABOVE: &str = "A4 A4 G4 A4 B4 C5 C5 B4 D5 C#5 D5";

/// The pitches of `text` (space separated), octave 4 where none is written.
pub fn pitches(text: &str) -> Vec<Pitch> {
    text.split_whitespace().filter_map(|word| Pitch::parse(word, 4).ok()).collect()
}

/// The cantus firmus of `mode` and its key.
pub fn cantus(mode: Mode) -> (Key, Vec<Pitch>) {
    let text = CANTUS_FIRMI.iter().find(|(m, _)| *m == mode).map_or("", |(_, t)| t);
    (Key::white(mode), pitches(text))
}
