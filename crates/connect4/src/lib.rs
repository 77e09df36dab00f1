//! Connect-4 on the standard 7x6 board: a bitboard engine ([`Position`], positions written as
//! the columns played, 1-based, Pascal Pons's notation) and a strong solver ([`Solver`]) whose
//! scores follow his convention (from the side to move: 0 a draw; a win scores 22 minus the
//! winner's stones at the end; a loss the negative), with a weak mode (win, draw or loss).
//!
//! Tested against plain minimax on endgames and against Pons's solver on positions it scored
//! (`tests/`); `docs/connect4.md` has the design and the measurements.

pub mod game;
pub mod players;
pub mod position;
pub mod solver;

pub use game::{Game, MoveError, Outcome, best_rate, random_column, random_playout};
pub use players::{PLAYERS, Perfect, evaluate};
pub use position::{CELLS, HEIGHT, Position, PositionError, WIDTH};
pub use solver::{ColumnScores, PLAY_BUDGET, Solver, best_column, immediate_win};
