//! Tetris: a bitboard engine under the research benchmark's rules, a library of placement
//! features, weighted-feature policies with depth-1 and depth-2 search, and optimisers that
//! evolve the weights by playing games.
//!
//! Source: the blog post "Coding a Tetris AI using a Genetic Algorithm" (the GA write-up: seven
//! features, Nintendo's line scores and a genetic algorithm, called "the write-up's" below and
//! `seed-ga` on the command line), Dellacherie's features, Thiery & Scherrer's additions and
//! BCTS, noisy cross-entropy (Szita & Lőrincz).
//!
//! - `piece`: the seven tetrominoes and their distinct rotations as column masks.
//! - `board`: column bitboards, straight drops, line clears, game over, reachability.
//! - `features`: every feature as a pure function of (board before, placement, board after).
//! - `policy`: weights, presets, depth-1/depth-2 choice (game-ending placements score −∞).
//! - `game`: rules, seeded uniform and 7-bag generators, a game step by step.
//! - `bench`: many games with a 95% interval; the evaluator's speed.
//! - `evolve`: the GA write-up's GA (`seed-ga`), the default GA and noisy cross-entropy as resumable runs.

pub mod bench;
pub mod board;
pub mod evolve;
pub mod features;
pub mod game;
pub mod human;
mod incremental;
pub mod piece;
pub mod policy;
pub mod run_file;

pub use bench::{PlayError, PlayReport, PlayTally, SpeedReport, evaluation_speed, play_games, play_shard};
pub use board::{Board, Drop, Placement, SizeError};
pub use evolve::{
    Budget, EvolveConfig, EvolveError, Generation, Optimizer, Run, SearchState, Stopped, evolve, evolve_with,
};
pub use features::{FEATURE_COUNT, Feature, FeatureMask};
pub use game::{Game, GameResult, Generator, Rules, Step, play_game};
pub use piece::Piece;
pub use policy::{Choice, Depth, FeatureSet, PRESETS, Policy, Preset, Weights, WeightsError};
pub use run_file::{FileError, load_run, load_weights, parse_run, parse_weights, save_run, save_weights};
