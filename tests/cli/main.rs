//! The `curio` binary, one file per command group (every command, its output and its bad
//! input). Every `.rs` file in this folder is a module: a new command group adds its file and
//! nothing else.

#[path = "../common/cli.rs"]
mod common;

automod::dir!("tests/cli");
