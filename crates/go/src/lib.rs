//! Go on a board without lines (the write-up "Go On A Board Without Lines / Bildstein's
//! Implementation"): stones of radius r anywhere on a 0..=65535 integer square, connected when
//! their centres are just over 2r apart (its Eq. 1), placed touching edges and stones by exact
//! integer geometry, with captures, suicide, positional superko, area scoring, and a Monte Carlo
//! tree search player.
//!
//! - [`geometry`]: the integer square root, Eq. 1, the ring of touching points, Eq. 3–5.
//! - [`position`]: stones, the spatial index, chains, liberties, capture and suicide.
//! - [`placement`]: the six placement modes and the fallback table.
//! - [`game`]: moves, superko, passes, scoring, the text record.
//! - [`ai`]: candidates, random playouts and the tree search.
//! - [`players`]: the game in the arena (every generic player plays it).
//! - [`square_roots`]: the write-up's square-root methods (Babylonian, Brent's fractions).

pub mod ai;
pub mod figure;
pub mod game;
pub mod geometry;
pub mod placement;
pub mod players;
pub mod position;
pub mod square_roots;

pub use game::{Game, Move, Score};
pub use geometry::{BOARD, DEFAULT_RADIUS, Edge, Geometry, Point, isqrt};
pub use players::CappedGame;
pub use position::{Colour, Illegal, Position, Stone};

use curio_core::bounds::Bounds;

/// The smallest stone radius a game takes (about 95 stones across).
pub const MIN_RADIUS: i64 = 345;
/// The largest (about 6 stones across).
pub const MAX_RADIUS: i64 = 5461;

/// The stone radius of a game, [`MIN_RADIUS`] to [`MAX_RADIUS`].
pub const RADIUS: Bounds<i64> = Bounds::new(MIN_RADIUS, MAX_RADIUS, DEFAULT_RADIUS);
/// Komi for White, in sample points of the 64 x 64 score grid.
pub const KOMI: Bounds<f64> = Bounds::new(-4096.0, 4096.0, 0.5);
/// Playouts a move of the AI.
pub const PLAYOUTS: Bounds<usize> = Bounds::new(1, 1_000_000, 1000);

/// The geometry of a game with stones of `radius`, if it is in range.
pub fn game_geometry(radius: i64) -> Option<Geometry> {
    if RADIUS.contains(radius) { Geometry::new(radius) } else { None }
}
