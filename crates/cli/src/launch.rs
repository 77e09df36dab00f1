//! `curio launch ...`: the launcher game's runs played headless by the reference players (idle,
//! random presser, meter watcher), compared on the same courses. The game window (`curio launch
//! window`) is the app's; the screen bot plays it with `curio bot play --game launch`.
use crate::facets::{GroupArgs, House};

use super::{CliError, print_json, usage};
use ::launch::{Policy, RUNS, RunResult, simulate, summarize};
use clap::{Args, Subcommand};
use serde_json::json;

/// `curio launch`.
#[derive(Debug, Args)]
pub struct LaunchArgs {
    #[command(subcommand)]
    command: LaunchCommand,
}

#[derive(Debug, Subcommand)]
enum LaunchCommand {
    /// Play runs headless with each reference player on the same courses: the mean distance with
    /// its 95% interval, the seconds a run, presses and fizzles (presses on a meter not full).
    #[command(
        after_help = "Players: idle (never presses a power-up), random (presses one at random times, --rate a second on average), meters (presses each as soon as its meter has been full for --reaction seconds). Run n of seed s plays the course the window shows as run n of `curio launch window --seed s`.\n\nExamples:\n  curio launch simulate --runs 100 --seed 1\n  curio launch simulate --player meters --reaction 0.25 --runs 1000 --json"
    )]
    Simulate(SimulateArgs),
}

/// Who plays a headless run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Player {
    /// Every player, one after another.
    All,
    /// Never presses a power-up.
    Idle,
    /// Presses a power-up at random times.
    Random,
    /// Presses each power-up once its meter is full.
    Meters,
}

#[derive(Debug, Args)]
struct SimulateArgs {
    /// Who plays.
    #[arg(long, value_enum, default_value_t = Player::All)]
    player: Player,
    /// Runs, 1..=100000.
    #[arg(long, default_value_t = RUNS.default, value_parser = |text: &str| RUNS.parse(text))]
    runs: u32,
    /// The game's seed (run n plays course n of it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The random presser's presses a second, 0 to 60.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// The meter watcher's reaction in seconds, 0 to 10.
    #[arg(long, default_value_t = 0.1)]
    reaction: f64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

impl GroupArgs for LaunchArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        match self.command {
            LaunchCommand::Simulate(args) => simulate_command(args),
        }
    }
}

/// A player's runs summed up ([`summarize`]), with its name, as `--json` prints them.
fn summary(policy: Policy, results: &[RunResult]) -> serde_json::Value {
    let mut value = serde_json::to_value(summarize(results)).unwrap_or_default();
    value["player"] = policy.name().into();
    value
}

fn simulate_command(args: SimulateArgs) -> Result<(), CliError> {
    if !(0.0..=60.0).contains(&args.rate) {
        return Err(usage(anyhow::anyhow!("--rate must be 0 to 60 presses a second, not {}", args.rate)));
    }
    if !(0.0..=10.0).contains(&args.reaction) {
        return Err(usage(anyhow::anyhow!("--reaction must be 0 to 10 seconds, not {}", args.reaction)));
    }
    let policies: Vec<Policy> = match args.player {
        Player::All => {
            vec![Policy::Idle, Policy::Random { rate: args.rate }, Policy::Meters { reaction: args.reaction }]
        }
        Player::Idle => vec![Policy::Idle],
        Player::Random => vec![Policy::Random { rate: args.rate }],
        Player::Meters => vec![Policy::Meters { reaction: args.reaction }],
    };
    let rows: Vec<serde_json::Value> =
        policies.iter().map(|&policy| summary(policy, &simulate(args.seed, args.runs, policy))).collect();
    if args.json {
        return print_json(&json!({ "seed": args.seed, "players": rows }));
    }
    say!(
        "{:<8} {:>5} {:>10} {:>20} {:>9} {:>8} {:>8}",
        "player",
        "runs",
        "mean m",
        "95% interval",
        "s a run",
        "presses",
        "fizzles"
    );
    for row in rows {
        say!(
            "{:<8} {:>5} {:>10.1} {:>20} {:>9.2} {:>8} {:>8}",
            row["player"].as_str().unwrap_or(""),
            row["runs"],
            row["mean_distance"].as_f64().unwrap_or(0.0),
            format!(
                "{:.1} to {:.1}",
                row["distance_interval"][0].as_f64().unwrap_or(0.0),
                row["distance_interval"][1].as_f64().unwrap_or(0.0)
            ),
            row["seconds_per_run"].as_f64().unwrap_or(0.0),
            row["power_ups_used"].as_u64().unwrap_or(0),
            row["fizzles"].as_u64().unwrap_or(0)
        );
    }
    Ok(())
}
