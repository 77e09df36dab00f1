//! Siddhartha, the write-up's role-playing platformer: its dialogue language (`script`: the
//! parser, the checker, the pretty printer; `talk`: the interpreter), its one-screen maps
//! (`map`), the engine that plays them (`world`: run-and-jump physics on a fixed time step,
//! portals, characters), a walker that plays a story headless through the engine's own input
//! (`walker`), and the shipped story (`siddhartha`: 28 maps, 26 conversations).
//!
//! The write-up keeps every conversation in one file, `speech.dat`: a script part (how each
//! conversation flows, by string number and opcode) and a string table numbered from 0, whose
//! string 0 is `END_DIALOG`. Curio's concrete syntax is in `script`'s documentation and in
//! docs/story.md.

pub mod map;
#[cfg(test)]
mod oracle_tests;
pub mod script;
pub mod siddhartha;
pub mod talk;
pub mod walker;
pub mod world;

pub use map::{Map, check_maps, conversation_starts};
pub use script::{Diagnostic, ErrorKind, Report, Script, Step, check, check_from};
pub use talk::{Conversation, Moment, Speaker};
pub use world::{Game, Input, Story};
