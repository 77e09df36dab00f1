//! Conquest, RuneScape's chess-like minigame (the write-up "My attempt at a Conquest AI"): two
//! squads on a 20 x 20 board; a turn uses any of the side's ready commands, then moves one troop
//! (king steps around other troops) and lets it attack an enemy in range; a side wins when every
//! enemy troop is dead.
//!
//! - [`rules`]: the rules as data (JSON), the built-in tables and their sources.
//! - [`battle`]: a game, its turn as steps, the effects of commands and attacks.
//! - [`mod@turns`]: every distinct legal turn, and the branching factor's spread.
//! - [`players`]: the game in the arena, the greedy player, the capped playout.

pub mod battle;
pub mod players;
pub mod rules;
pub mod turns;

pub use battle::{Battle, Ending, Snapshot, Stage, Step, Troop, distance};
pub use players::{Candidate, Greedy, Mcts, PLAYOUT_TURNS, TurnSearch};
pub use rules::{CommandKind, Effect, RUNEHQ, RUNESLAYER, Rules, RulesError, Squad, Target, TroopKind};
pub use turns::{Spread, Turn, spread, turns};
