//! `curio bot ...`: read a minesweeper board from the screen or an image, play games by mouse.

use super::{CliError, named, print_json, usage};
use crate::bot::{self, Theme};
use anyhow::Context;
use clap::{Args, Subcommand};
use serde_json::json;
use std::path::PathBuf;

/// `curio bot`.
#[derive(Debug, Args)]
pub struct BotArgs {
    #[command(subcommand)]
    command: BotCommand,
}

#[derive(Debug, Subcommand)]
enum BotCommand {
    /// Find the board in a screenshot and print what each cell shows.
    #[command(after_help = "Examples:\n  curio bot read --image screenshot.png\n  curio bot read --image gnome.png --theme tinted --json")]
    Read(ReadArgs),
}

#[derive(Debug, Args)]
struct ReadArgs {
    /// A screenshot file to read.
    #[arg(long, value_name = "FILE.png")]
    image: PathBuf,
    /// How the target draws its numbers.
    #[arg(long, default_value = "classic", value_parser = named(&Theme::ALL, Theme::name))]
    theme: Theme,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub(super) fn run(args: BotArgs) -> Result<(), CliError> {
    match args.command {
        BotCommand::Read(args) => read(args),
    }
}

fn read(args: ReadArgs) -> Result<(), CliError> {
    let image = image::open(&args.image)
        .with_context(|| format!("cannot read image {}", args.image.display()))
        .map_err(usage)?
        .to_rgba8();
    let calibration = bot::calibrate(&image, args.theme).map_err(|error| usage(anyhow::anyhow!("{error}")))?;
    let board = bot::read(&image, &calibration);
    if args.json {
        return print_json(&json!({ "calibration": calibration, "board": board.to_text() }));
    }
    say!(
        "{}x{} board, {:.1}-pixel cells at ({:.1}, {:.1})",
        calibration.columns,
        calibration.rows,
        calibration.pitch[0],
        calibration.origin[0],
        calibration.origin[1]
    );
    say!("{}", board.to_text());
    Ok(())
}
