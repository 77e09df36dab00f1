//! Minesweeper: the game engine, the exact probability solver, move choice and benchmarks.
//!
//! Source: the blog post "How to Write your own Minesweeper AI" (its first section), and the
//! published solvers and analyses of the game (the probability formula with the global mine
//! count, component convolution, box merging; published win rates, D. N. Hill's among them).
//! See `solver` for the algorithm and its complexity, and docs/mines.md for the sources.
//!
//! ```
//! use mines::{text, analyze, solver};
//!
//! // A 1 in the corner with three covered neighbours and one mine on the board.
//! let board = text::parse("mines=1\n1.\n..\n").expect("valid board");
//! let view = board.view();
//! let analysis = analyze(&view, solver::DEFAULT_NODE_BUDGET).expect("consistent");
//! assert!((analysis.probabilities[1].unwrap() - 1.0 / 3.0).abs() < 1e-12);
//! ```

pub mod bench;
pub mod board;
pub mod endgame;
pub mod guess;
pub mod policy;
pub mod risk;
pub mod solver;
pub mod text;
pub mod write_up;

#[cfg(test)]
mod oracle_tests;

pub use bench::BENCH_GAMES;
pub use bench::{
    BenchResult, BenchSettings, Comparison, bench, bench_shard, compare, compare_shard, play_game,
};
pub use board::{BoardConfig, BoardError, Cell, FirstClickRule, Game, GameStatus, Level};
pub use policy::{Action, Move, MoveRule, Policy, Reason, Tuning};
pub use solver::{Analysis, BoardView, SolveError, analyze, deduce};
