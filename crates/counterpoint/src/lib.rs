//! Species counterpoint in the tradition of Fux's *Gradus ad Parnassum* (1725), after the
//! write-up "Algorithmic Counterpoint: How I Wrote a Computer Program to Generate Music at
//! Mathcamp 2011": melodies by rules, counterpoint under the same melodic rules plus rules of
//! harmony, and the result played.
//!
//! - [`pitch`], [`mode`], [`piece`]: the music model (spelled pitches, intervals, the church
//!   modes with their leading tones, voices with ranges, notes on a quarter-note grid).
//! - [`rules`], [`mod@check`]: the rules with their severity and source, and the checker.
//! - [`mod@generate`]: seeded generators of a cantus firmus and of counterpoint, species 1 to 5.
//! - [`engrave`]: the score as vector shapes (SVG, PNG, the panel).
//! - [`files`]: MIDI and MusicXML out and in; [`sound`]: a SoundFont rendering and WAV.
//! - [`fux`]: Fux's cantus firmi and a first-species solution of his, as published.

pub mod check;
pub mod engrave;
pub mod files;
pub mod fux;
pub mod generate;
pub mod mode;
pub mod piece;
pub mod pitch;
pub mod rules;
pub mod sound;

pub use check::{check, check_prefix, has_hard, soft_cost};
pub use files::FileError;
pub use generate::{GenerateError, Generated, Request, generate};
pub use mode::{Key, Mode};
pub use piece::{BAR, Note, Piece, Range, Role, Voice};
pub use pitch::{Interval, Pitch, PitchError};
pub use rules::{Rule, Severity, Violation};
