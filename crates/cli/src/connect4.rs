//! `curio connect4 ...`: Connect-4 solved perfectly (scores in Pascal Pons's convention), a
//! check of scored positions with timing, and a game in the terminal against a player.
use crate::facets::{GroupArgs, House};

use super::{CliError, print_json, usage};
use ::arena::PlayerSpec;
use ::connect4::{Game, Outcome, Position, PositionError, Solver};
use clap::{Args, Subcommand};
use curio_core::progress::NoProgress;
use serde_json::json;
use std::io::BufRead;
use std::path::PathBuf;
use std::time::Instant;

/// `curio connect4`.
#[derive(Debug, Args)]
pub struct Connect4Args {
    #[command(subcommand)]
    command: Connect4Command,
}

#[derive(Debug, Subcommand)]
enum Connect4Command {
    /// Score positions: one a line (the columns played, 1-based, e.g. 4453), printed as
    /// `POSITION SCORE` in input order.
    #[command(
        after_help = "Scores are from the side to move: 0 a draw; a win scores 22 minus the winner's stones when the game ends (a win with the next stone, n moves played: (43 - n) / 2); a loss the negative. --weak prints 1, 0 or -1. --all prints each column's score instead, '-' for a full column. Positions must not be won already. A bad line names its number and the problem (exit 2).\n\nExamples:\n  echo 4453 | curio connect4 solve\n  curio connect4 solve --all positions.txt\n  curio connect4 solve --weak < positions.txt"
    )]
    Solve(SolveArgs),
    /// Check a file of scored positions (lines `POSITION SCORE`) and time the solver on them:
    /// positions, mean time and nodes a position.
    #[command(
        after_help = "Every score must match (exit 1 names the first that does not); the solver keeps its table from one position to the next.\n\nExamples:\n  curio connect4 bench crates/connect4/tests/data/middle.txt\n  curio connect4 bench scored.txt --weak --json"
    )]
    Bench(BenchArgs),
    /// Play a game in the terminal against a player: type a column (1-7) when it is your turn,
    /// `u` to take back your last move, `q` to stop.
    #[command(
        after_help = "Examples:\n  curio connect4 play\n  curio connect4 play --opponent flat --playouts 1000 --second\n  curio connect4 play --from 4453 --opponent random --seed 7\n  curio connect4 play --opponent uct:500"
    )]
    Play(PlayArgs),
}

#[derive(Debug, Args)]
struct SolveArgs {
    /// Only win (1), draw (0) or loss (-1).
    #[arg(long)]
    weak: bool,
    /// Each column's score (from the side to move now), '-' for a full column.
    #[arg(long)]
    all: bool,
    /// The positions (standard input when left out).
    file: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// Lines `POSITION SCORE`.
    file: PathBuf,
    /// Check the scores' signs only, with the weak solver.
    #[arg(long)]
    weak: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct PlayArgs {
    /// The opponent, any player of `curio arena`: perfect (the strong solver: the best solved
    /// column; where a column's search passes about 4 million positions, the first moves, the
    /// centre-most such column unless a solved one wins), random, flat:N, uct:N, alphabeta:D;
    /// `flat` and `uct` alone take --playouts.
    #[arg(long, default_value = "perfect")]
    opponent: String,
    /// Random playouts a column for `--opponent flat` or `uct`, 1..=1000000.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    playouts: u32,
    /// Move second (the opponent starts).
    #[arg(long)]
    second: bool,
    /// Start from this position (columns played, 1-based).
    #[arg(long, default_value = "")]
    from: String,
    /// The seed of the random players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl GroupArgs for Connect4Args {
    fn run(self, _house: &House) -> Result<(), CliError> {
        match self.command {
            Connect4Command::Solve(args) => solve(args),
            Connect4Command::Bench(args) => bench(args),
            Connect4Command::Play(args) => play(args),
        }
    }
}

/// The lines of `file`, or of standard input.
fn lines(file: Option<&PathBuf>) -> Result<Box<dyn BufRead>, CliError> {
    Ok(match file {
        Some(path) => Box::new(std::io::BufReader::new(
            std::fs::File::open(path)
                .map_err(|error| usage(anyhow::anyhow!("cannot read '{}': {error}", path.display())))?,
        )),
        None => Box::new(std::io::stdin().lock()),
    })
}

/// A line's position, or a usage error naming the line.
fn position_of(number: usize, text: &str) -> Result<Position, CliError> {
    Position::parse(text).map_err(|error| usage(anyhow::anyhow!("line {number}: {error}")))
}

fn solve(args: SolveArgs) -> Result<(), CliError> {
    let mut solver = Solver::new();
    for (index, line) in lines(args.file.as_ref())?.lines().enumerate() {
        let number = index + 1;
        let line = line.map_err(|error| usage(anyhow::anyhow!("line {number}: {error}")))?;
        let text = line.trim();
        let position = position_of(number, text)?;
        if args.all {
            let scores = solver.solve_columns(&position, args.weak);
            let shown: Vec<String> =
                scores.iter().map(|score| score.map_or("-".to_string(), |score| score.to_string())).collect();
            say!("{text} {}", shown.join(" "));
        } else {
            let score = if args.weak { solver.solve_weak(&position) } else { solver.solve(&position) };
            say!("{text} {score}");
        }
    }
    Ok(())
}

fn bench(args: BenchArgs) -> Result<(), CliError> {
    let mut cases = Vec::new();
    for (index, line) in lines(Some(&args.file))?.lines().enumerate() {
        let number = index + 1;
        let line = line.map_err(|error| usage(anyhow::anyhow!("line {number}: {error}")))?;
        let Some((text, score)) = line.trim().split_once(' ') else {
            return Err(usage(anyhow::anyhow!("line {number}: '{line}' is not POSITION SCORE")));
        };
        let score: i32 = score
            .trim()
            .parse()
            .map_err(|_| usage(anyhow::anyhow!("line {number}: score '{score}' is not a whole number")))?;
        cases.push((number, text.to_string(), position_of(number, text)?, score));
    }
    if cases.is_empty() {
        return Err(usage(anyhow::anyhow!("'{}' has no positions", args.file.display())));
    }
    let mut solver = Solver::new();
    let started = Instant::now();
    for (number, text, position, expected) in &cases {
        let (score, expected) = if args.weak {
            (solver.solve_weak(position), expected.signum())
        } else {
            (solver.solve(position), *expected)
        };
        if score != expected {
            return Err(CliError::Failure(anyhow::anyhow!(
                "line {number}: {text} scores {score}, the file says {expected}"
            )));
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let count = cases.len() as f64;
    let (micros, nodes) = (seconds * 1e6 / count, solver.nodes() as f64 / count);
    if args.json {
        return print_json(&json!({
            "positions": cases.len(),
            "weak": args.weak,
            "all_correct": true,
            "seconds": seconds,
            "mean_microseconds": micros,
            "mean_nodes": nodes,
        }));
    }
    say!(
        "{} positions, every score correct{}: mean {micros:.1} µs and {nodes:.0} nodes a position ({seconds:.3} s in all)",
        cases.len(),
        if args.weak { " (weak)" } else { "" }
    );
    Ok(())
}

fn play(args: PlayArgs) -> Result<(), CliError> {
    let mut game =
        Game::parse(&args.from).map_err(|error: PositionError| usage(anyhow::anyhow!("--from: {error}")))?;
    let human = if args.second { 2 } else { 1 };
    let name = match args.opponent.as_str() {
        "flat" | "uct" => format!("{}:{}", args.opponent, args.playouts),
        other => other.to_string(),
    };
    let spec = PlayerSpec::parse(&name, &game, "connect4")
        .map_err(|error| usage(anyhow::anyhow!("--opponent: {error}")))?;
    let mut opponent = spec.build::<Game>();
    let mut rng = ::arena::rng(args.seed);
    let stdin = std::io::stdin();
    let mut input = stdin.lock().lines();
    say!(
        "You are {} ({}); the opponent is {}.",
        if human == 1 { "X" } else { "O" },
        if human == 1 { "first" } else { "second" },
        spec.name()
    );
    while game.outcome().is_none() {
        say!("{game}");
        if game.to_move() == human {
            say!("Your move (1-7, u to take back, q to stop):");
            let Some(line) = input.next() else { return Ok(()) };
            let line = line.map_err(|error| CliError::Failure(error.into()))?;
            match line.trim() {
                "q" => return Ok(()),
                "u" => {
                    game.undo();
                    if game.to_move() != human {
                        game.undo();
                    }
                }
                text => match text.parse::<usize>() {
                    Ok(column @ 1..=7) => {
                        if let Err(error) = game.play(column - 1) {
                            say!("{error}");
                        }
                    }
                    _ => say!("'{text}' is not a column: type 1-7, u or q"),
                },
            }
            continue;
        }
        let column = opponent
            .choose(&game, &mut rng, &mut NoProgress)
            .map_err(|error| CliError::Failure(error.into()))?;
        say!("The opponent plays {}.", column + 1);
        game.play(column).expect("a free column");
    }
    say!("{game}");
    match game.outcome() {
        Some(Outcome::Won(player)) if player == human => say!("You win: {}", game.text()),
        Some(Outcome::Won(_)) => say!("The opponent wins: {}", game.text()),
        _ => say!("A draw: {}", game.text()),
    }
    Ok(())
}

/// Fuzz target: a position or game text, parsed both ways; a short one is solved.
pub fn fuzz_position(input: &[u8]) {
    let text = crate::fuzz::text(input);
    let _ = Game::parse(&text);
    if let Ok(position) = Position::parse(&text)
        && position.moves() >= 30
    {
        let _ = Solver::new().solve(&position);
    }
}
