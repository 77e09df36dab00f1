//! `curio puzlogic ...`: solve a puzzle file (every solution, with statistics), generate
//! puzzles with one solution, the campaign, and the solver's timing over many generated puzzles.
use crate::facets::{GroupArgs, House};

use super::{CliError, print_json, usage};
use ::puzlogic::generator::{self, Spec};
use ::puzlogic::{Puzzle, solver};
use clap::{Args, Subcommand};
use serde_json::json;
use std::time::Instant;

/// `curio puzlogic`.
#[derive(Debug, Args)]
pub struct PuzlogicArgs {
    #[command(subcommand)]
    command: PuzlogicCommand,
}

#[derive(Debug, Subcommand)]
enum PuzlogicCommand {
    /// Solve a puzzle file: the first solution, or every one with --all (a count of one proves
    /// it unique).
    #[command(
        after_help = "The file: one grid row a line ('.' no cell, '_' an empty cell, a number a given), then 'pieces: 1 2 ...', then 'row R = S' / 'col C = S' lines (0-based).\n\nExamples:\n  curio puzlogic solve level.txt --all --json"
    )]
    Solve(SolveArgs),
    /// Generate a puzzle with exactly one solution.
    #[command(
        after_help = "Examples:\n  curio puzlogic generate --seed 1 --size 9x9 --pieces 30 --sums --out hard.txt\n  curio puzlogic generate --level 12 --out level12.txt"
    )]
    Generate(GenerateArgs),
    /// Time the solver (every solution) over generated puzzles.
    #[command(
        after_help = "Examples:\n  curio puzlogic bench --puzzles 1000 --size 9x9 --pieces 30 --seed 1 --json"
    )]
    Bench(BenchArgs),
}

#[derive(Debug, Args)]
struct SolveArgs {
    /// The puzzle file.
    file: std::path::PathBuf,
    /// Every solution, not only the first.
    #[arg(long)]
    all: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct GenerateArgs {
    /// Seed.
    #[arg(long, default_value_t = 1, conflicts_with = "level")]
    seed: u64,
    /// Rows x columns, up to 9x9.
    #[arg(long, value_parser = super::parse_grid_size, default_value = "5x5", conflicts_with = "level")]
    size: (usize, usize),
    /// Pieces, up to 30.
    #[arg(long, default_value_t = 6, conflicts_with = "level")]
    pieces: usize,
    /// Add row and column sums.
    #[arg(long, conflicts_with = "level")]
    sums: bool,
    /// A level of the campaign (1 to 30) instead.
    #[arg(long)]
    level: Option<usize>,
    /// Write the puzzle here (default: print it).
    #[arg(long)]
    out: Option<std::path::PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// Puzzles.
    #[arg(long, default_value_t = 1000)]
    puzzles: usize,
    /// Rows x columns.
    #[arg(long, value_parser = super::parse_grid_size, default_value = "9x9")]
    size: (usize, usize),
    /// Pieces.
    #[arg(long, default_value_t = 30)]
    pieces: usize,
    /// Add sums.
    #[arg(long)]
    sums: bool,
    /// First seed (puzzle i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

impl GroupArgs for PuzlogicArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        run(self)
    }
}

/// The fuzz target `puzlogic-puzzle`: what this command group reads, from any bytes.
pub fn fuzz_puzlogic_puzzle(input: &[u8]) {
    let Ok(puzzle) = ::puzlogic::Puzzle::parse(&crate::fuzz::text(input)) else { return };
    let _ = ::puzlogic::solver::solve_bounded(&puzzle, 2, 2_000, None);
}

fn run(args: PuzlogicArgs) -> Result<(), CliError> {
    match args.command {
        PuzlogicCommand::Solve(args) => solve(args),
        PuzlogicCommand::Generate(args) => generate(args),
        PuzlogicCommand::Bench(args) => bench(args),
    }
}

/// Reads a puzzle file; errors name the file, line and column.
pub(super) fn read_puzzle(path: &std::path::Path) -> Result<Puzzle, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| usage(anyhow::anyhow!("cannot read '{}': {error}", path.display())))?;
    Puzzle::parse(&text).map_err(|error| usage(anyhow::anyhow!("{}: {error}", path.display())))
}

fn solve(args: SolveArgs) -> Result<(), CliError> {
    let puzzle = read_puzzle(&args.file)?;
    let started = Instant::now();
    let report = solver::solve(&puzzle, if args.all { usize::MAX } else { 1 });
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        return print_json(&json!({
            "count": report.solutions.len(),
            "solutions": report.solutions,
            "complete": report.complete && args.all,
            "unique": args.all && report.solutions.len() == 1,
            "nodes": report.nodes,
            "backtracks": report.backtracks,
            "guesses": report.guesses,
            "propagated": report.propagated,
            "seconds": seconds,
        }));
    }
    match report.solutions.len() {
        0 => say!("no solution ({} nodes, {seconds:.4} s)", report.nodes),
        count => {
            let what = if !args.all {
                "a solution".to_string()
            } else if count == 1 {
                "the only solution (proven unique)".to_string()
            } else {
                format!("{count} solutions, the first")
            };
            let moves: Vec<String> =
                report.solutions[0].iter().map(|(r, c, v)| format!("({r},{c},{v})")).collect();
            say!(
                "{what}: {} ({} nodes, {} guesses, {seconds:.4} s)",
                moves.join(" "),
                report.nodes,
                report.guesses
            );
        }
    }
    Ok(())
}

fn generate(args: GenerateArgs) -> Result<(), CliError> {
    let (puzzle, spec) = match args.level {
        Some(level) => {
            if !generator::LEVEL.contains(level) {
                return Err(usage(anyhow::anyhow!(
                    "--level must be {} to {}, not {level}",
                    generator::LEVEL.min,
                    generator::LEVEL.max
                )));
            }
            (
                generator::campaign_level(level).map_err(|e| CliError::Failure(anyhow::anyhow!(e)))?,
                generator::campaign_spec(level),
            )
        }
        None => {
            let spec = Spec { rows: args.size.0, cols: args.size.1, pieces: args.pieces, sums: args.sums };
            spec.check().map_err(|e| usage(anyhow::anyhow!(e)))?;
            (generator::generate(spec, args.seed).map_err(|e| CliError::Failure(anyhow::anyhow!(e)))?, spec)
        }
    };
    let rating = generator::difficulty(&puzzle);
    if let Some(out) = &args.out {
        curio_core::files::write_atomically(out, puzzle.text().as_bytes())
            .map_err(|error| usage(anyhow::anyhow!("cannot write '{}': {error}", out.display())))?;
    }
    if args.json {
        return print_json(&json!({
            "rows": spec.rows, "cols": spec.cols, "pieces": spec.pieces, "sums": puzzle.sums.len(),
            "difficulty": rating, "puzzle": puzzle.text(), "written": args.out.as_ref().map(|p| p.display().to_string()),
        }));
    }
    if args.out.is_none() {
        say!("{}", puzzle.text().trim_end());
    }
    say!(
        "difficulty {:.1} ({} guesses, {} hidden singles, {} naked singles)",
        rating.rating,
        rating.guesses,
        rating.hidden_singles,
        rating.naked_singles
    );
    Ok(())
}

fn bench(args: BenchArgs) -> Result<(), CliError> {
    let spec = Spec { rows: args.size.0, cols: args.size.1, pieces: args.pieces, sums: args.sums };
    spec.check().map_err(|e| usage(anyhow::anyhow!(e)))?;
    if !(1..=100_000).contains(&args.puzzles) {
        return Err(usage(anyhow::anyhow!("--puzzles must be 1 to 100,000")));
    }
    let (puzzles, seed) = (args.puzzles, args.seed);
    let times = super::run_job_with_bar("curio-puzlogic-bench", move |reporter| {
        curio_core::parallel::map_reporting(puzzles, reporter, "puzzles", (0, puzzles as u64), |index, _| {
            let puzzle = generator::generate(spec, seed + index as u64)?;
            let started = Instant::now();
            let report = solver::solve(&puzzle, usize::MAX);
            let seconds = started.elapsed().as_secs_f64();
            if report.solutions.len() != 1 {
                return Err(format!("seed {}: {} solutions", seed + index as u64, report.solutions.len()));
            }
            Ok((seconds, report.nodes))
        })
    })?
    .map_err(|error| CliError::Failure(error.into()))?
    .into_iter()
    .collect::<Result<Vec<_>, String>>()
    .map_err(|e| CliError::Failure(anyhow::anyhow!(e)))?;
    let mut seconds: Vec<f64> = times.iter().map(|t| t.0).collect();
    seconds.sort_by(f64::total_cmp);
    let at = |q: f64| seconds[((seconds.len() - 1) as f64 * q).round() as usize];
    let mean = seconds.iter().sum::<f64>() / seconds.len() as f64;
    let nodes_mean = times.iter().map(|t| t.1 as f64).sum::<f64>() / times.len() as f64;
    if args.json {
        return print_json(&json!({
            "puzzles": puzzles, "rows": spec.rows, "cols": spec.cols, "pieces": spec.pieces, "sums": spec.sums,
            "seconds_mean": mean, "seconds_median": at(0.5), "seconds_p99": at(0.99), "seconds_max": at(1.0),
            "nodes_mean": nodes_mean, "seed": seed,
        }));
    }
    say!(
        "{puzzles} puzzles {}x{}, {} pieces{}: every solution in mean {:.3} ms, median {:.3} ms, 99th percentile {:.3} ms, max {:.3} ms; {nodes_mean:.1} nodes a puzzle",
        spec.rows,
        spec.cols,
        spec.pieces,
        if spec.sums { " with sums" } else { "" },
        1e3 * mean,
        1e3 * at(0.5),
        1e3 * at(0.99),
        1e3 * at(1.0)
    );
    Ok(())
}
