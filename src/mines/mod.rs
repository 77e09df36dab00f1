//! Minesweeper: the game engine, the exact probability solver, move choice and benchmarks.
//!
//! Source: "How to Write your own Minesweeper AI" (shared/seeds/000, first section) and
//! `shared/reference/minesweeper-research.md` (probability formula with the global mine count,
//! component convolution, box merging; published win rates). See `solver` for the algorithm and
//! its complexity.

pub mod board;
pub mod play;
pub mod solver;
pub mod text;

#[cfg(test)]
mod oracle_tests;

pub use board::{BoardConfig, BoardError, Cell, FirstClickRule, Game, GameStatus};
pub use play::{Action, BenchResult, Move, MoveRule, Reason, Solver, bench, play_game};
pub use solver::{Analysis, BoardView, SolveError, analyze, deduce};
