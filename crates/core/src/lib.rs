//! Curio's shared pieces, below every domain: the vector scene (`geom`) and its export to SVG
//! and PNG (`export`), the progress sink long work reports to and is cancelled through
//! (`progress`), per-game seeds and exact order-free statistics (`stats`), shards of a job and
//! their partial results (`shard`), parallel maps that report progress (`parallel`), atomic
//! file writes (`files`) and background jobs (`jobs`).
//!
//! # Units and coordinates
//! Angles are radians inside the code, degrees only at the UI/CLI edge. Model space is x right,
//! y up; screen and pixel space are x right, y down.

pub mod bounds;
pub mod export;
pub mod files;
pub mod geom;
pub mod jobs;
pub mod parallel;
pub mod progress;
pub mod shard;
pub mod stats;
