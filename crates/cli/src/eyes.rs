//! `curio eyes ...`: draw the eyes looking at a point, at a moment of their blinking.
use crate::facets::{GroupArgs, House};

use super::export_file::{check_output, save_with_bar};
use super::{CliError, print_json, usage};
use clap::{Args, Subcommand};
use serde_json::json;
use std::path::PathBuf;

/// `curio eyes`.
#[derive(Debug, Args)]
pub struct EyesArgs {
    #[command(subcommand)]
    command: EyesCommand,
}

#[derive(Debug, Subcommand)]
enum EyesCommand {
    /// Draw eyes in a row looking at a point, to an SVG or PNG file.
    #[command(
        after_help = "Coordinates are the picture's, x right and y down from its top-left corner.\n\nExamples:\n  curio eyes draw --look 0,0 --out eyes.svg\n  curio eyes draw --eyes 5 --radius 30 --look 400,-50 --size 800x200 --out row.png\n  curio eyes draw --time 5.1 --seed 3 --out blinking.svg --json"
    )]
    Draw(DrawArgs),
}

#[derive(Debug, Args)]
struct DrawArgs {
    /// Eyes in the row, 1..=400.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=eyes::MAX_EYES as u64))]
    eyes: u64,
    /// Each eye's radius, 8..=400.
    #[arg(long, default_value_t = eyes::RADIUS.default, value_parser = |text: &str| eyes::RADIUS.parse(text))]
    radius: f64,
    /// The point the eyes look at, X,Y.
    #[arg(long, value_name = "X,Y", default_value = "0,0", value_parser = parse_look)]
    look: [f64; 2],
    /// The picture, WIDTHxHEIGHT (a PNG has these pixels).
    #[arg(long, default_value = "400x240", value_parser = super::parse_grid_size)]
    size: (usize, usize),
    /// The moment, in seconds, for the blinks.
    #[arg(long, default_value_t = 0.0)]
    time: f64,
    /// The seed of the blinks.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The file to write (.svg or .png).
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    out: PathBuf,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// `X,Y`, two finite numbers.
fn parse_look(text: &str) -> Result<[f64; 2], String> {
    let (x, y) = text.split_once(',').ok_or_else(|| format!("'{text}' must look like X,Y, e.g. 120,-40"))?;
    let parse = |value: &str| {
        value
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|number| number.is_finite() && number.abs() <= 1e9)
            .ok_or_else(|| format!("'{text}': '{value}' is not a number within ±1e9"))
    };
    Ok([parse(x)?, parse(y)?])
}

impl GroupArgs for EyesArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        let EyesCommand::Draw(args) = self.command;
        draw(args)
    }
}

fn draw(args: DrawArgs) -> Result<(), CliError> {
    let (width, height) = args.size;
    if !(16..=16_384).contains(&width) || !(16..=16_384).contains(&height) {
        return Err(usage(anyhow::anyhow!("--size {width}x{height}: each side must be 16..=16384")));
    }
    if !(args.time.is_finite() && args.time >= 0.0) {
        return Err(usage(anyhow::anyhow!("--time {}: give a number of seconds, 0 or more", args.time)));
    }
    let size = width.max(height) as u64;
    check_output(&args.out, size)?;
    let row = eyes::row(args.eyes as usize, width as f64, height as f64, args.radius);
    let scene = eyes::scene(
        &row,
        args.look,
        width as f64,
        height as f64,
        args.time,
        args.seed,
        &eyes::Palette::default(),
    );
    save_with_bar(scene, args.out.clone(), size)?;
    let pupils: Vec<[f64; 2]> = row.iter().map(|eye| eye.pupil(args.look)).collect();
    let open: Vec<f64> = (0..row.len()).map(|index| eyes::openness(args.time, index, args.seed)).collect();
    if args.json {
        return print_json(&json!({
            "file": args.out.display().to_string(),
            "eyes": row.iter().map(|eye| json!({ "center": eye.center, "radius": eye.radius })).collect::<Vec<_>>(),
            "pupils": pupils,
            "open": open,
        }));
    }
    say!(
        "{} eyes looking at ({}, {}) written to {}",
        row.len(),
        args.look[0],
        args.look[1],
        args.out.display()
    );
    Ok(())
}
