//! `curio bulls ...`: Bulls and Cows (the AB game) and Mastermind: every strategy's exact cost
//! over every secret, a game played out, and the strategy tree as JSON.
use crate::facets::{GroupArgs, House};

use super::{CliError, named, print_json, usage};
use ::bulls::{Codes, FeedbackTable, Strategy, Tree, TreeStats, Variant, build_tree, random_consistent_runs};
use clap::{Args, Subcommand};
use curio_core::progress::NoProgress;
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

/// `curio bulls`.
#[derive(Debug, Args)]
pub struct BullsArgs {
    #[command(subcommand)]
    command: BullsCommand,
}

#[derive(Debug, Subcommand)]
enum BullsCommand {
    /// Every secret through a strategy: total guesses, average, worst, histogram.
    #[command(
        after_help = "Variants: 4of10 (4 digits, no repeats), 4of10r (repeats), 4of10w (repeats, scored as the write-up's program: its fits()), 4of26 (4 letters, no repeats; random-consistent only), mastermind (4 of 6 colours, repeats).\nStrategies: random-consistent, minimax, most-parts, expected-size, entropy.\n\nExamples:\n  curio bulls solve --variant 4of10 --strategy entropy --json\n  curio bulls solve --variant mastermind --strategy minimax\n  curio bulls solve --variant 4of10 --strategy random-consistent --runs 200 --seed 1 --json"
    )]
    Solve(SolveArgs),
    /// Play one game against a secret, printed as the write-up prints its sessions.
    #[command(
        after_help = "Examples:\n  curio bulls play --variant 4of10 --secret 8021 --strategy random-consistent --seed 3\n  curio bulls play --variant mastermind --secret 5432 --strategy minimax"
    )]
    Play(PlayArgs),
    /// The write-up's letters example: 4 letters of 26 with ABC known; each strategy's guesses.
    #[command(after_help = "Examples:\n  curio bulls letters\n  curio bulls letters --json")]
    Letters(LettersArgs),
    /// Search the strategy with the least total guesses (exact, or the best within a depth).
    #[command(
        after_help = "Exact unless --depth or --candidates limit the search; --minutes stops it and reports the best found. --state FILE saves the search after each first guess and resumes from it.\n\nExamples:\n  curio bulls optimal --variant mastermind --depth 2 --candidates 30 --json\n  curio bulls optimal --variant 4of10 --depth 2 --minutes 5\n  curio bulls optimal --variant mastermind --minutes 60 --state search.json"
    )]
    Optimal(OptimalArgs),
    /// Write a strategy's complete tree as JSON.
    #[command(
        after_help = "Examples:\n  curio bulls tree --variant 4of10 --strategy minimax --out tree.json"
    )]
    Tree(TreeArgs),
}

#[derive(Debug, Args)]
struct SolveArgs {
    /// The game.
    #[arg(long, value_parser = named(&Variant::ALL, Variant::name), default_value = "4of10")]
    variant: Variant,
    /// The strategy.
    #[arg(long, value_parser = named(&Strategy::ALL, Strategy::name))]
    strategy: Strategy,
    /// random-consistent: complete trees to build, each with its own seed, 1..=100000.
    #[arg(long, default_value_t = ::bulls::strategy::RUNS.default, value_parser = |text: &str| ::bulls::strategy::RUNS.parse(text))]
    runs: u32,
    /// random-consistent: the master seed (run i uses SplitMix64 of it and i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct PlayArgs {
    /// The game.
    #[arg(long, value_parser = named(&Variant::ALL, Variant::name), default_value = "4of10")]
    variant: Variant,
    /// The secret code.
    #[arg(long)]
    secret: String,
    /// The strategy.
    #[arg(long, value_parser = named(&Strategy::ALL, Strategy::name), default_value = "random-consistent")]
    strategy: Strategy,
    /// random-consistent: the seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct OptimalArgs {
    /// The game.
    #[arg(long, value_parser = named(&Variant::ALL, Variant::name), default_value = "4of10")]
    variant: Variant,
    /// Optimise only this many levels of guesses (below: the entropy strategy), 1..=20.
    #[arg(long, value_parser = |text: &str| ::bulls::optimal::DEPTH.parse(text))]
    depth: Option<u32>,
    /// Try only this many best-scored guesses at a node, 1..=100000.
    #[arg(long, value_parser = |text: &str| ::bulls::optimal::CANDIDATES.parse(text))]
    candidates: Option<u32>,
    /// Stop after this many minutes and report the best found.
    #[arg(long, default_value_t = 10.0)]
    minutes: f64,
    /// Save the search here after each first guess, and resume from it when it exists.
    #[arg(long, value_name = "FILE.json")]
    state: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct LettersArgs {
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct TreeArgs {
    /// The game.
    #[arg(long, value_parser = named(&Variant::ALL, Variant::name), default_value = "4of10")]
    variant: Variant,
    /// The strategy.
    #[arg(long, value_parser = named(&Strategy::ALL, Strategy::name))]
    strategy: Strategy,
    /// random-consistent: the seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where to write the tree (JSON).
    #[arg(long, value_name = "FILE.json")]
    out: PathBuf,
}

impl GroupArgs for BullsArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        run(self)
    }
}

fn run(args: BullsArgs) -> Result<(), CliError> {
    match args.command {
        BullsCommand::Solve(args) => solve(args),
        BullsCommand::Play(args) => play(args),
        BullsCommand::Tree(args) => tree(args),
        BullsCommand::Letters(args) => letters(args),
        BullsCommand::Optimal(args) => optimal(args),
    }
}

/// The complete tree of `strategy` (the table built first for the scored strategies).
fn build(variant: Variant, strategy: Strategy, seed: u64) -> Result<(Tree, Codes), CliError> {
    if strategy == Strategy::RandomConsistent {
        let codes = variant.codes();
        let tree = ::bulls::strategy::build_random_tree(&codes, seed, &mut NoProgress)
            .map_err(|error| CliError::Failure(error.into()))?;
        return Ok((tree, codes));
    }
    let table = FeedbackTable::new(variant)
        .map_err(|error| usage(anyhow::anyhow!("{error}; {} needs the table", strategy.name())))?;
    let tree = build_tree(&table, strategy, seed, &mut NoProgress)
        .map_err(|error| CliError::Failure(error.into()))?;
    Ok((tree, table.codes))
}

fn histogram_text(histogram: &[u64]) -> String {
    histogram
        .iter()
        .enumerate()
        .map(|(depth, count)| format!("{}: {count}", depth + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

fn solve(args: SolveArgs) -> Result<(), CliError> {
    let started = Instant::now();
    if args.strategy == Strategy::RandomConsistent {
        let codes = args.variant.codes();
        let runs = random_consistent_runs(&codes, args.runs as usize, args.seed, &mut NoProgress)
            .map_err(|error| CliError::Failure(error.into()))?;
        let averages: Vec<f64> = runs.iter().map(|stats| stats.average).collect();
        let (average, interval, _) = curio_core::stats::mean_interval(&averages);
        let worst = runs.iter().map(|stats| stats.worst).max().unwrap_or(0);
        let depth = runs.iter().map(|stats| stats.histogram.len()).max().unwrap_or(0);
        let histogram: Vec<f64> = (0..depth)
            .map(|d| {
                runs.iter().map(|stats| stats.histogram.get(d).copied().unwrap_or(0) as f64).sum::<f64>()
                    / runs.len() as f64
            })
            .collect();
        let total = average * codes.len() as f64;
        let seconds = started.elapsed().as_secs_f64();
        if args.json {
            return print_json(&json!({
                "variant": args.variant.name,
                "strategy": args.strategy.name(),
                "secrets": codes.len(),
                "runs": runs.len(),
                "seed": args.seed,
                "total": total,
                "average": average,
                "average_ci95": interval,
                "worst": worst,
                "histogram": histogram,
                "seconds": seconds,
            }));
        }
        say!(
            "{} random-consistent, {} complete trees (seed {}): {average:.4} guesses a game (95% CI {:.4}-{:.4}), worst {worst}; {seconds:.2} s",
            args.variant.name,
            runs.len(),
            args.seed,
            interval[0],
            interval[1]
        );
        return Ok(());
    }
    let (tree, codes) = build(args.variant, args.strategy, args.seed)?;
    let TreeStats { secrets, total, average, worst, histogram } = tree.stats();
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        return print_json(&json!({
            "variant": args.variant.name,
            "strategy": args.strategy.name(),
            "secrets": secrets,
            "total": total,
            "average": average,
            "worst": worst,
            "histogram": histogram,
            "first_guess": codes.text(tree.nodes[0].guess as usize),
            "nodes": tree.nodes.len(),
            "seconds": seconds,
        }));
    }
    say!(
        "{} {}: {total} guesses over {secrets} secrets, {average:.4} a game, worst {worst}; first guess {}; {seconds:.2} s",
        args.variant.name,
        args.strategy.name(),
        codes.text(tree.nodes[0].guess as usize)
    );
    say!("guesses: {}", histogram_text(&histogram));
    Ok(())
}

fn play(args: PlayArgs) -> Result<(), CliError> {
    let codes = args.variant.codes();
    let secret = codes.parse(&args.secret).map_err(usage)?;
    let (tree, codes) = build(args.variant, args.strategy, args.seed)?;
    let path = tree
        .path(&codes, secret)
        .ok_or_else(|| CliError::Failure(anyhow::anyhow!("the tree does not find {}", args.secret)))?;
    if args.json {
        let guesses: Vec<serde_json::Value> = path
            .iter()
            .map(|(guess, feedback, possible)| {
                json!({ "guess": codes.text(*guess), "possible": possible, "a": feedback.a, "b": feedback.b })
            })
            .collect();
        return print_json(&json!({
            "variant": args.variant.name,
            "strategy": args.strategy.name(),
            "secret": codes.text(secret),
            "guesses": guesses,
        }));
    }
    // As the write-up prints a session: each guess with the codes still possible before it,
    // then the answer it got; the last guess is the secret.
    for (number, (guess, feedback, possible)) in path.iter().enumerate() {
        say!("Guess {}: {}. Score: {possible}", number + 1, codes.text(*guess));
        if number + 1 < path.len() {
            say!("{}", feedback.letters());
        }
    }
    Ok(())
}

fn tree(args: TreeArgs) -> Result<(), CliError> {
    let (tree, codes) = build(args.variant, args.strategy, args.seed)?;
    let text =
        serde_json::to_string(&tree.to_json(&codes)).map_err(|error| CliError::Failure(error.into()))?;
    curio_core::files::write_atomically(&args.out, text.as_bytes())
        .map_err(|error| usage(anyhow::anyhow!("cannot write {}: {error}", args.out.display())))?;
    let stats = tree.stats();
    say!(
        "wrote {}: {} nodes, {} guesses over {} secrets",
        args.out.display(),
        tree.nodes.len(),
        stats.total,
        stats.secrets
    );
    Ok(())
}

fn letters(args: LettersArgs) -> Result<(), CliError> {
    let mut rows = Vec::new();
    for strategy in Strategy::ALL {
        let started = Instant::now();
        let (tree, codes) = ::bulls::letters_example(strategy, 1, &mut NoProgress)
            .map_err(|error| CliError::Failure(error.into()))?;
        let stats = tree.stats();
        rows.push(json!({
            "strategy": strategy.name(),
            "total": stats.total,
            "average": stats.average,
            "worst": stats.worst,
            "first_guess": codes.text(tree.nodes[0].guess as usize),
            "seconds": started.elapsed().as_secs_f64(),
        }));
    }
    if args.json {
        return print_json(
            &json!({ "variant": "4of26", "known": "ABC?", "secrets": 23, "strategies": rows }),
        );
    }
    say!("4 letters of 26, the first three known to be ABC: 23 secrets (ABCD to ABCZ)");
    for row in &rows {
        say!(
            "{:>17}: {:.2} guesses a game, worst {}, first guess {}",
            row["strategy"].as_str().unwrap_or_default(),
            row["average"].as_f64().unwrap_or_default(),
            row["worst"],
            row["first_guess"].as_str().unwrap_or_default()
        );
    }
    Ok(())
}

/// Asks the search to stop once the deadline passes.
struct Deadline(Instant);

impl curio_core::progress::Progress for Deadline {
    fn report(&mut self, _done: u64, _total: u64, _message: &str) -> std::ops::ControlFlow<()> {
        if Instant::now() >= self.0 {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    }
}

fn optimal(args: OptimalArgs) -> Result<(), CliError> {
    use ::bulls::optimal::{OptimalOptions, OptimalState, search};
    if !(args.minutes.is_finite() && args.minutes > 0.0) {
        return Err(usage(anyhow::anyhow!("--minutes must be a positive number, got {}", args.minutes)));
    }
    let options = OptimalOptions {
        depth: args.depth.map(|d| d as usize),
        candidates: args.candidates.map(|k| k as usize),
    };
    let state = match &args.state {
        Some(path) if path.exists() => {
            let text = std::fs::read_to_string(path)
                .map_err(|error| usage(anyhow::anyhow!("cannot read {}: {error}", path.display())))?;
            let state: OptimalState = serde_json::from_str(&text).map_err(|error| {
                usage(anyhow::anyhow!("{} is not a saved search: {error}", path.display()))
            })?;
            if state.variant != args.variant.name || state.options != options {
                return Err(usage(anyhow::anyhow!(
                    "{} is a search of {} with other options; start a new file or give the same --variant, --depth and --candidates",
                    path.display(),
                    state.variant
                )));
            }
            state
        }
        _ => OptimalState::default(),
    };
    let table = FeedbackTable::new(args.variant).map_err(|error| usage(anyhow::anyhow!("{error}")))?;
    let started = Instant::now();
    let mut deadline = Deadline(started + std::time::Duration::from_secs_f64(args.minutes * 60.0));
    let mut last = OptimalState::default();
    let save_path = args.state.clone();
    let mut save_error = None;
    let result = search(&table, options, state, &mut deadline, |state| {
        last = state.clone();
        if let Some(path) = &save_path
            && let Ok(text) = serde_json::to_string(state)
            && let Err(error) = curio_core::files::write_atomically(path, text.as_bytes())
        {
            save_error = Some(format!("cannot save the search to {}: {error}", path.display()));
        }
    });
    if let Some(error) = save_error {
        return Err(CliError::Failure(anyhow::anyhow!(error)));
    }
    let seconds = started.elapsed().as_secs_f64();
    let codes = &table.codes;
    let secrets = codes.len() as f64;
    match result {
        Ok(found) => {
            let stats = found.tree.stats();
            if args.json {
                return print_json(&json!({
                    "variant": args.variant.name,
                    "strategy": "optimal",
                    "secrets": stats.secrets,
                    "total": found.total,
                    "average": found.total as f64 / secrets,
                    "worst": stats.worst,
                    "histogram": stats.histogram,
                    "first_guess": codes.text(found.first_guess as usize),
                    "exact": found.exact,
                    "lower_bound": found.lower_bound,
                    "complete": true,
                    "depth": args.depth,
                    "candidates": args.candidates,
                    "nodes": found.nodes,
                    "seconds": seconds,
                }));
            }
            say!(
                "{} {}: {} guesses over {} secrets, {:.4} a game, worst {}, first guess {}; {} nodes, {seconds:.1} s",
                args.variant.name,
                if found.exact { "optimal (proven)" } else { "best within the limits" },
                found.total,
                stats.secrets,
                found.total as f64 / secrets,
                stats.worst,
                codes.text(found.first_guess as usize),
                found.nodes
            );
            Ok(())
        }
        Err(::bulls::StrategyError::Cancelled(_)) => {
            let best = last.best();
            if args.json {
                return print_json(&json!({
                    "variant": args.variant.name,
                    "strategy": "optimal",
                    "complete": false,
                    "total": best.map(|(_, total)| total),
                    "average": best.map(|(_, total)| total as f64 / secrets),
                    "first_guess": best.map(|(guess, _)| codes.text(guess as usize)),
                    "first_guesses_done": last.done.len(),
                    "exact": false,
                    "seconds": seconds,
                }));
            }
            match best {
                Some((guess, total)) => say!(
                    "stopped after {seconds:.0} s: best so far {total} guesses ({:.4} a game) from {}; {} first guesses done",
                    total as f64 / secrets,
                    codes.text(guess as usize),
                    last.done.len()
                ),
                None => say!("stopped after {seconds:.0} s before the first guess was searched"),
            }
            Ok(())
        }
        Err(error) => Err(CliError::Failure(error.into())),
    }
}
