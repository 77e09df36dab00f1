//! A piece: voices of notes on a grid of quarter notes, one whole note a bar (the species are
//! written in whole, half and quarter notes).

use crate::mode::Key;
use crate::pitch::Pitch;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Quarter notes in a bar.
pub const BAR: u32 = 4;

/// The four voices and their ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Range {
    /// C4 to A5.
    Soprano,
    /// G3 to D5.
    Alto,
    /// C3 to G4.
    Tenor,
    /// E2 to C4.
    Bass,
}

impl Range {
    /// Top to bottom.
    pub const ALL: [Range; 4] = [Range::Soprano, Range::Alto, Range::Tenor, Range::Bass];

    /// Lowest and highest MIDI notes.
    pub fn limits(self) -> (i32, i32) {
        match self {
            Range::Soprano => (60, 81),
            Range::Alto => (55, 74),
            Range::Tenor => (48, 67),
            Range::Bass => (40, 60),
        }
    }

    /// Its lowercase name.
    pub fn name(self) -> &'static str {
        match self {
            Range::Soprano => "soprano",
            Range::Alto => "alto",
            Range::Tenor => "tenor",
            Range::Bass => "bass",
        }
    }

    /// The range whose middle is nearest `midi`.
    pub fn nearest(midi: f64) -> Range {
        let middle = |r: Range| {
            let (low, high) = r.limits();
            f64::from(low + high) / 2.0
        };
        Range::ALL
            .into_iter()
            .min_by(|a, b| (middle(*a) - midi).abs().total_cmp(&(middle(*b) - midi).abs()))
            .unwrap_or(Range::Alto)
    }
}

/// A counterpoint species, or the cantus firmus itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The given melody in whole notes.
    Cantus,
    /// Note against note (whole notes).
    First,
    /// Two half notes against each note.
    Second,
    /// Four quarter notes against each note.
    Third,
    /// Half notes syncopated across the bar line (suspensions).
    Fourth,
    /// Florid: the other species mixed.
    Fifth,
}

impl Role {
    /// The species number, 0 for the cantus.
    pub fn species(self) -> u8 {
        match self {
            Role::Cantus => 0,
            Role::First => 1,
            Role::Second => 2,
            Role::Third => 3,
            Role::Fourth => 4,
            Role::Fifth => 5,
        }
    }

    /// The role of species `number` (1 to 5).
    pub fn of_species(number: u8) -> Option<Role> {
        [Role::First, Role::Second, Role::Third, Role::Fourth, Role::Fifth]
            .get(usize::from(number).checked_sub(1)?)
            .copied()
    }
}

/// A note or a rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    /// The pitch; `None` for a rest.
    pub pitch: Option<Pitch>,
    /// Onset in quarter notes from the start.
    pub start: u32,
    /// Length in quarter notes (a note tied across a bar line is one note).
    pub length: u32,
}

impl Note {
    /// A sounding note.
    pub fn new(pitch: Pitch, start: u32, length: u32) -> Self {
        Self { pitch: Some(pitch), start, length }
    }

    /// Where it ends.
    pub fn end(&self) -> u32 {
        self.start + self.length
    }
}

/// One voice: its name, range, role and notes in order (no overlaps).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Voice {
    /// Its range (and name).
    pub range: Range,
    /// Cantus or a species.
    pub role: Role,
    /// Notes and rests in order.
    pub notes: Vec<Note>,
}

impl Voice {
    /// The sounding notes (rests left out), with their index in `notes`.
    pub fn pitched(&self) -> impl Iterator<Item = (usize, &Note, Pitch)> {
        self.notes.iter().enumerate().filter_map(|(i, n)| n.pitch.map(|p| (i, n, p)))
    }

    /// The voice's notes in whole notes from `pitches`, one a bar.
    pub fn whole_notes(range: Range, role: Role, pitches: &[Pitch]) -> Self {
        let notes = pitches.iter().enumerate().map(|(bar, &p)| Note::new(p, bar as u32 * BAR, BAR)).collect();
        Self { range, role, notes }
    }
}

/// A piece of counterpoint: a key, a number of bars, voices top to bottom.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Piece {
    /// The mode and final.
    pub key: Key,
    /// Its length in bars.
    pub bars: u32,
    /// Voices, highest first.
    pub voices: Vec<Voice>,
}

impl Piece {
    /// Its length in quarter notes.
    pub fn length(&self) -> u32 {
        self.bars * BAR
    }

    /// Which voice is the cantus firmus, if one is.
    pub fn cantus(&self) -> Option<usize> {
        self.voices.iter().position(|v| v.role == Role::Cantus)
    }

    /// Every moment a note starts in some voice, in order.
    pub fn onsets(&self) -> Vec<u32> {
        let mut onsets: Vec<u32> =
            self.voices.iter().flat_map(|v| v.pitched().map(|(_, n, _)| n.start)).collect();
        onsets.sort_unstable();
        onsets.dedup();
        onsets
    }
}

/// The bar (1-based) and beat (1-based, in quarter notes) of quarter `time`.
pub fn bar_beat(time: u32) -> (u32, u32) {
    (time / BAR + 1, time % BAR + 1)
}

impl fmt::Display for Piece {
    /// One line a voice: its range and its notes (`D4:4` = D4 for four quarters; `r` a rest).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} · {} bars", self.key, self.bars)?;
        for voice in &self.voices {
            let notes: Vec<String> = voice
                .notes
                .iter()
                .map(|n| {
                    let pitch = n.pitch.map_or_else(|| "r".to_string(), |p| p.to_string());
                    if n.length == BAR { pitch } else { format!("{pitch}:{}", n.length) }
                })
                .collect();
            writeln!(f, "{:<8} {}", voice.range.name(), notes.join(" "))?;
        }
        Ok(())
    }
}
