//! Curio: a workbench for recreational-math solvers and game-playing AI.
//!
//! # Layers
//! Domain modules (one folder each) are pure: they never import egui, eframe, egui_wgpu, wgpu,
//! clap or indicatif (checked by `tests/layering.rs`). They build on `geom` (the shared vector
//! scene), `progress` (the sink long computations report to) and `stats` (win-rate intervals). `jobs` runs work on named
//! background threads; `export` turns scenes into SVG and PNG. `app` is the only place that knows
//! egui; `cli` is a thin clap front end.
//!
//! # Units and coordinates
//! Angles are radians inside the code, degrees only at the UI/CLI edge. Model space is x right,
//! y up; screen and pixel space are x right, y down.

#![warn(missing_docs)]

pub mod app;
pub mod bot;
pub mod bulls;
pub mod classics;
pub mod cli;
pub mod eugo;
pub mod export;
pub mod fermat;
pub mod files;
pub mod fuzz;
pub mod geom;
pub mod gregg;
pub mod hanoi;
pub mod jobs;
pub mod mines;
pub mod parallel;
pub mod platform;
pub mod progress;
pub mod puzlogic;
pub mod shard;
pub mod star;
pub mod stats;
pub mod tetris;
