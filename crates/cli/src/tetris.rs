//! `curio tetris ...`: evolve weights, play games with weights, time the evaluator.
use crate::facets::{GroupArgs, House, MergeResult, merged};

use super::{CliError, named, print_json, run_job_with_bar, usage};
use crate::shards::{ShardArgs, read_set, wall_seconds};
use ::tetris::evolve::{GAMES_PER_CANDIDATE, GENERATIONS, MINUTES, POPULATION};
use ::tetris::{
    self, Budget, Depth, EvolveConfig, FeatureSet, Generator, Optimizer, Policy, Rules, Run, Stopped,
};
use clap::{Args, Subcommand};
use curio_core::shard::Partial;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

/// `curio tetris`.
#[derive(Debug, Args)]
pub struct TetrisArgs {
    #[command(subcommand)]
    command: TetrisCommand,
}

#[derive(Debug, Subcommand)]
enum TetrisCommand {
    /// Evolve weights by playing games; saves the run after every generation.
    #[command(
        after_help = "Examples:\n  curio tetris evolve --generations 30 --board 10x10 --seed 1 --out run.json\n  curio tetris evolve --optimizer cem --minutes 30 --generations 1000 --out cem.json --json\n  curio tetris evolve --resume run.json --generations 60"
    )]
    Evolve(EvolveArgs),
    /// Play games with weights (a preset or a weights/run file); mean rows with a 95% interval.
    #[command(
        after_help = "Presets: dellacherie, bcts, seed-initial, seed-ga-1, seed-ga-2.\n\nExamples:\n  curio tetris play --weights bcts --board 10x10 --games 1000 --seed 1\n  curio tetris play --weights run.json --board 10x20 --games 20 --max-pieces 100000 --json"
    )]
    Play(PlayArgs),
    /// Play one shard of a run's next generation (what `evolve --shards` launches).
    #[command(
        after_help = "Examples:\n  curio tetris judge --run run.json --shard 0/4 --partial parts/gen-12-0.json"
    )]
    Judge(JudgeArgs),
    /// Candidate placements scored per second on one core.
    #[command(
        after_help = "Examples:\n  curio tetris bench\n  curio tetris bench --weights dellacherie --pieces 2000000 --json"
    )]
    Bench(BenchArgs),
    /// Play a game recorded in the Play Tetris panel again and check its score.
    #[command(
        after_help = "Examples:\n  curio tetris replay game.json\n  curio tetris replay game.json --json"
    )]
    Replay(ReplayArgs),
}

#[derive(Debug, Args)]
struct ReplayArgs {
    /// A game record (the panel's "Save record…").
    #[arg(value_name = "FILE.json")]
    record: PathBuf,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct RulesArgs {
    /// Board size WIDTHxHEIGHT, width 4..=20, height 4..=40.
    #[arg(long, default_value = "10x10", value_parser = parse_board)]
    board: (usize, usize),
    /// Piece generator.
    #[arg(long, default_value = "uniform", value_parser = named(&Generator::ALL, Generator::name))]
    generator: Generator,
    /// Only drops a piece can reach by sliding sideways at the top.
    #[arg(long)]
    reachability: bool,
}

impl RulesArgs {
    fn rules(&self) -> Result<Rules, CliError> {
        let (width, height) = self.board;
        let rules = Rules::benchmark(width, height).map_err(usage)?;
        Ok(Rules { generator: self.generator, reachability: self.reachability, ..rules })
    }
}

#[derive(Debug, Args)]
struct EvolveArgs {
    /// The optimiser: ga (default: common random numbers, elitism, Gaussian mutation), cem
    /// (noisy cross-entropy) or seed-ga (the GA of the blog post "Coding a Tetris AI using a Genetic Algorithm", the baseline).
    #[arg(long, default_value = "ga", value_parser = named(&Optimizer::ALL, Optimizer::name))]
    optimizer: Optimizer,
    /// Stop when the run has this many generations, 1..=100000.
    #[arg(long, default_value_t = GENERATIONS.default, value_parser = |text: &str| GENERATIONS.parse(text))]
    generations: usize,
    /// Stop before a generation that would pass this many minutes of the run's wall time.
    #[arg(long, value_parser = parse_minutes)]
    minutes: Option<f64>,
    /// Candidates a generation, 4..=10000 (default: seed-ga 16, ga 50, cem 100).
    #[arg(long, value_parser = |text: &str| POPULATION.parse(text))]
    population: Option<usize>,
    /// Games a candidate plays each generation, 1..=1000 (default: seed-ga 1, ga and cem 10).
    #[arg(long, value_parser = |text: &str| GAMES_PER_CANDIDATE.parse(text))]
    games: Option<usize>,
    /// Features to weigh.
    #[arg(long, default_value = "bcts", value_parser = named(&FeatureSet::ALL, FeatureSet::name))]
    features: FeatureSet,
    /// The run's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// End training games after this many pieces.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_pieces: Option<u64>,
    /// The candidates' search depth in their games: 1 (current piece) or 2 (current and next,
    /// the write-up's setting).
    #[arg(long, default_value = "1", value_parser = named(&Depth::ALL, Depth::name))]
    depth: Depth,
    #[command(flatten)]
    rules: RulesArgs,
    /// Save the run here after every generation (default with --resume: the resumed file).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Go on with a saved run (its own settings; --generations and --minutes count from its start).
    #[arg(long, conflicts_with_all = ["optimizer", "population", "games", "features", "seed", "max_pieces", "depth", "board", "generator", "reachability"])]
    resume: Option<PathBuf>,
    /// Judge each generation in this many shards, each a process `tetris judge` started through
    /// --launcher, then merge them (the run file stays the one record: a stopped run resumes,
    /// reusing the shards of its unfinished generation already done).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1000))]
    shards: Option<u64>,
    /// The command that starts a shard, split at spaces (e.g. "srun --exclusive -n1 -N1");
    /// none: a child process here.
    #[arg(long, requires = "shards", default_value = "")]
    launcher: String,
    /// Where the shards write their partial results [default: RUN.parts beside the run file].
    #[arg(long, requires = "shards")]
    parts: Option<PathBuf>,
    /// One JSON object a generation on stdout.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct JudgeArgs {
    /// The run whose next generation to judge.
    #[arg(long)]
    run: PathBuf,
    #[command(flatten)]
    shards: ShardArgs,
}

#[derive(Debug, Args)]
struct PlayArgs {
    /// A preset (dellacherie, bcts, seed-initial, seed-ga-1, seed-ga-2) or a weights/run file.
    #[arg(long)]
    weights: String,
    #[command(flatten)]
    rules: RulesArgs,
    /// Games to play.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// Game i draws its pieces from a seed derived from SEED and i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// End each game after this many pieces (needed on tall boards, where good players rarely lose).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_pieces: Option<u64>,
    /// Search depth: 1 (current piece) or 2 (current and next).
    #[arg(long, default_value = "1", value_parser = named(&Depth::ALL, Depth::name))]
    depth: Depth,
    #[command(flatten)]
    shards: ShardArgs,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
}

/// What decides a sharded `tetris play`'s result.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct PlayJob {
    /// The preset or file named on the command line (shown in the result).
    weights_name: String,
    weights: BTreeMap<String, f64>,
    rules: Rules,
    depth: String,
    games: u64,
    seed: u64,
    max_pieces: Option<u64>,
}
#[derive(Debug, Args)]
struct BenchArgs {
    /// Weights to play (a preset or a file).
    #[arg(long, default_value = "bcts")]
    weights: String,
    /// Pieces to play on one thread.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pieces: u64,
    /// Board size WIDTHxHEIGHT.
    #[arg(long, default_value = "10x20", value_parser = parse_board)]
    board: (usize, usize),
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
}

fn parse_board(text: &str) -> Result<(usize, usize), String> {
    let (width, height) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("board '{text}' must look like WIDTHxHEIGHT, e.g. 10x20"))?;
    let number = |value: &str| -> Result<usize, String> {
        value.trim().parse().map_err(|_| format!("board '{text}': '{value}' is not a whole number"))
    };
    let (width, height) = (number(width)?, number(height)?);
    Rules::benchmark(width, height).map_err(|error| format!("board '{text}': {error}"))?;
    Ok((width, height))
}

/// A time budget: in [`MINUTES`], and more than none.
fn parse_minutes(text: &str) -> Result<f64, String> {
    match MINUTES.parse(text)? {
        0.0 => Err(format!("{text} minutes is out of range: give more than 0")),
        minutes => Ok(minutes),
    }
}

impl GroupArgs for TetrisArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        run(self)
    }
}

/// The fuzz target `tetris-weights`: what this command group reads, from any bytes.
pub fn fuzz_tetris_weights(input: &[u8]) {
    let _ = ::tetris::parse_weights(&crate::fuzz::text(input), "input");
}

/// The fuzz target `tetris-record`: a played game's record, parsed and played again.
pub fn fuzz_tetris_record(input: &[u8]) {
    if let Ok(record) = parse_record(&crate::fuzz::text(input)) {
        let _ = record.replay();
    }
}

/// The fuzz target `tetris-run`: what this command group reads, from any bytes.
pub fn fuzz_tetris_run(input: &[u8]) {
    if let Ok(run) = ::tetris::parse_run(&crate::fuzz::text(input), "input") {
        let _ = run.answer();
    }
}

fn run(args: TetrisArgs) -> Result<(), CliError> {
    match args.command {
        TetrisCommand::Evolve(args) => evolve(args),
        TetrisCommand::Play(args) => play(args),
        TetrisCommand::Judge(args) => judge(args),
        TetrisCommand::Bench(args) => bench(args),
        TetrisCommand::Replay(args) => replay(args),
    }
}

/// A record from its JSON text; the error says what is wrong.
fn parse_record(text: &str) -> Result<::tetris::human::Record, String> {
    serde_json::from_str(text).map_err(|error| format!("not a game record: {error}"))
}

fn replay(args: ReplayArgs) -> Result<(), CliError> {
    let text = std::fs::read_to_string(&args.record)
        .map_err(|error| usage(anyhow::anyhow!("cannot read {}: {error}", args.record.display())))?;
    let record =
        parse_record(&text).map_err(|error| usage(anyhow::anyhow!("{}: {error}", args.record.display())))?;
    let play =
        record.replay().map_err(|error| usage(anyhow::anyhow!("{}: {error}", args.record.display())))?;
    let same = play.score == record.score && play.lines == record.lines;
    if args.json {
        print_json(&json!({
            "score": play.score,
            "lines": play.lines,
            "level": play.level(),
            "pieces": play.pieces_placed,
            "seconds": play.seconds,
            "over": play.is_over(),
            "recorded_score": record.score,
            "recorded_lines": record.lines,
            "matches": same,
        }))?;
    } else {
        say!(
            "{} points, {} rows, level {}, {} pieces in {:.1} s{}",
            play.score,
            play.lines,
            play.level(),
            play.pieces_placed,
            play.seconds,
            if play.is_over() { ", game over" } else { "" }
        );
    }
    if same {
        Ok(())
    } else {
        Err(CliError::Failure(anyhow::anyhow!(
            "the replay scores {} points and {} rows; the record says {} and {}",
            play.score,
            play.lines,
            record.score,
            record.lines
        )))
    }
}

fn evolve(args: EvolveArgs) -> Result<(), CliError> {
    let (mut run, out) = match &args.resume {
        Some(path) => {
            let run = tetris::load_run(path).map_err(usage)?;
            (run, args.out.clone().unwrap_or_else(|| path.clone()))
        }
        None => {
            let out = args
                .out
                .clone()
                .ok_or_else(|| usage(anyhow::anyhow!("give --out FILE.json (or --resume FILE.json)")))?;
            let config = EvolveConfig {
                optimizer: args.optimizer,
                features: args.features,
                rules: args.rules.rules()?,
                population: args.population.unwrap_or(args.optimizer.default_population()),
                games: args.games.unwrap_or(args.optimizer.default_games()),
                seed: args.seed,
                max_pieces: args.max_pieces,
                depth: args.depth,
            };
            (Run::new(config).map_err(usage)?, out)
        }
    };
    // Fail on an unwritable file now, not after the first generation.
    tetris::save_run(&out, &run).map_err(|error| usage(anyhow::anyhow!("cannot write the run: {error}")))?;
    let budget = Budget {
        generations: args.generations,
        time: args.minutes.map(|minutes| Duration::from_secs_f64(minutes * 60.0)),
    };
    let json_lines = args.json;
    let out_path = out.clone();
    let cluster = match args.shards {
        Some(shards) => Some(ShardedJudge::new(&out, shards, &args.launcher, args.parts.clone())?),
        None => None,
    };
    let (result, run) = run_job_with_bar("tetris-evolve", move |reporter| {
        let mut save_error = None;
        let total = budget.generations;
        let judge = |run: &Run, reporter: &mut curio_core::jobs::JobReporter| match &cluster {
            Some(cluster) => cluster.judge(run, reporter),
            None => run.judge(curio_core::shard::Shard::WHOLE, total, reporter),
        };
        let result = tetris::evolve_with(&mut run, budget, reporter, judge, |run| {
            if let Err(error) = tetris::save_run(&out_path, run) {
                save_error = Some(error);
                return ControlFlow::Break(());
            }
            let generation = run.history.last().expect("a generation was just played");
            if json_lines {
                let line = json!({
                    "generation": generation.generation,
                    "best": generation.best,
                    "mean": generation.mean,
                    "median": generation.median,
                    "worst": generation.worst,
                    "weights": generation.weights,
                    "best_weights": generation.best_weights,
                    "games": generation.games,
                    "pieces": generation.pieces,
                    "seconds": generation.seconds,
                });
                say!("{line}");
            } else {
                say!(
                    "generation {:>4}  best {:>10.1}  mean {:>10.1}  median {:>10.1}  worst {:>10.1}  {:>7.1} s",
                    generation.generation,
                    generation.best,
                    generation.mean,
                    generation.median,
                    generation.worst,
                    generation.seconds
                );
            }
            ControlFlow::Continue(())
        });
        (result.map_err(|error| (error, save_error)), run)
    })?;
    match result {
        Ok(Stopped::Paused) => Err(CliError::Failure(anyhow::anyhow!("the run stopped: cannot save it"))),
        Ok(stopped) => {
            if !json_lines {
                let why = if stopped == Stopped::Time { "time budget spent" } else { "generations done" };
                say!(
                    "{why}: {} generations in {:.1} s, saved to {}",
                    run.history.len(),
                    run.seconds,
                    out.display()
                );
            }
            Ok(())
        }
        Err((error, Some(save))) => {
            Err(CliError::Failure(anyhow::anyhow!("{error}; cannot save the run: {save}")))
        }
        Err((error, None)) => Err(CliError::Failure(error.into())),
    }
}

fn play(args: PlayArgs) -> Result<(), CliError> {
    let weights = tetris::load_weights(&args.weights).map_err(usage)?;
    let rules = args.rules.rules()?;
    args.shards.check()?;
    let job = PlayJob {
        weights_name: args.weights.clone(),
        weights: weights.to_map(),
        rules,
        depth: args.depth.name().to_string(),
        games: args.games,
        seed: args.seed,
        max_pieces: args.max_pieces,
    };
    let policy = Policy { weights, depth: args.depth };
    let (games, seed, max_pieces, shard) = (args.games, args.seed, args.max_pieces, args.shards.shard());
    let (tally, seconds) = run_job_with_bar("tetris-play", move |reporter| {
        tetris::play_shard(&policy, rules, games, seed, max_pieces, shard, reporter)
    })?
    .map_err(|error| CliError::Failure(error.into()))?;
    if args.shards.is_partial() {
        return args.shards.write("tetris play", &job, seconds, &tally);
    }
    print_play(&job, &tally.report(seconds), args.json)
}

/// `curio merge` of `tetris play` partials (pieces/s: all shards together, if they ran side by
/// side).
pub fn merge_play(parts: &[Partial]) -> MergeResult {
    let (job, data): (PlayJob, Vec<tetris::PlayTally>) = read_set(parts)?;
    for (part, shard) in parts.iter().zip(&data) {
        crate::shards::check_block(part, shard.lines.count, job.games, "games")?;
    }
    let mut tally = tetris::PlayTally::default();
    data.iter().for_each(|shard| tally.merge(shard));
    let report = tally.report(wall_seconds(parts));
    Ok(merged((job, report), |(job, report), _, json| print_play(job, report, json)))
}

pub(super) fn print_play(job: &PlayJob, report: &tetris::PlayReport, json: bool) -> Result<(), CliError> {
    let rules = job.rules;
    if json {
        print_json(&json!({
            "weights": job.weights_name,
            "board": format!("{}x{}", rules.width, rules.height),
            "generator": rules.generator.name(),
            "reachability": rules.reachability,
            "depth": job.depth,
            "seed": job.seed,
            "max_pieces": job.max_pieces,
            "games": report.games,
            "mean_lines": report.mean_lines,
            "ci95": report.ci95,
            "sd_lines": report.sd_lines,
            "min_lines": report.min_lines,
            "max_lines": report.max_lines,
            "mean_pieces": report.mean_pieces,
            "mean_score": report.mean_score,
            "capped_games": report.capped_games,
            "pieces_per_second": report.pieces_per_second,
            "seconds": report.seconds,
        }))
    } else {
        say!(
            "{}: {} games on {}x{} ({}, depth {}): mean {:.1} rows, 95% CI [{:.1}, {:.1}], {:.0} pieces/s{}",
            job.weights_name,
            report.games,
            rules.width,
            rules.height,
            rules.generator.name(),
            job.depth,
            report.mean_lines,
            report.ci95[0],
            report.ci95[1],
            report.pieces_per_second,
            if report.capped_games > 0 {
                format!(", {} games hit the piece cap", report.capped_games)
            } else {
                String::new()
            }
        );
        Ok(())
    }
}

fn judge(args: JudgeArgs) -> Result<(), CliError> {
    if !args.shards.is_partial() {
        return Err(usage(anyhow::anyhow!("give --shard I/N: judge plays one shard of a generation")));
    }
    args.shards.check()?;
    let run = tetris::load_run(&args.run).map_err(usage)?;
    let shard = args.shards.shard();
    let started = std::time::Instant::now();
    let settings = run.judging_settings();
    let results = run_job_with_bar("tetris-judge", move |reporter| run.judge(shard, 0, reporter))?
        .map_err(|error| CliError::Failure(error.into()))?;
    args.shards.write("tetris judge", &settings, started.elapsed().as_secs_f64(), &results)
}

/// Judges a generation in shards: starts `tetris judge` for each shard not already done
/// (through the launcher), waits, and merges their partial results in order.
struct ShardedJudge {
    run: PathBuf,
    shards: u64,
    launcher: Vec<String>,
    parts: PathBuf,
}

impl ShardedJudge {
    fn new(
        run: &std::path::Path,
        shards: u64,
        launcher: &str,
        parts: Option<PathBuf>,
    ) -> Result<Self, CliError> {
        let parts = parts.unwrap_or_else(|| {
            let name = run.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
            run.with_file_name(format!("{name}.parts"))
        });
        std::fs::create_dir_all(&parts).map_err(|error| {
            usage(anyhow::anyhow!(
                "cannot make the folder for the shards' results '{}': {error}",
                parts.display()
            ))
        })?;
        let launcher = launcher.split_whitespace().map(str::to_string).collect();
        Ok(Self { run: run.to_path_buf(), shards, launcher, parts })
    }

    fn part(&self, generation: usize, index: u64) -> PathBuf {
        self.parts.join(format!("gen-{generation}-{index}-of-{}.json", self.shards))
    }

    /// The shard's partial result if it is there and belongs to the generation whose judging
    /// settings are `settings`.
    fn done(
        &self,
        generation: usize,
        settings: &serde_json::Value,
        index: u64,
    ) -> Option<curio_core::shard::Partial> {
        let text = std::fs::read_to_string(self.part(generation, index)).ok()?;
        let partial = curio_core::shard::Partial::parse(&text).ok()?;
        (partial.command == "tetris judge" && partial.settings == *settings).then_some(partial)
    }

    fn judge(
        &self,
        run: &Run,
        reporter: &mut curio_core::jobs::JobReporter,
    ) -> Result<Vec<tetris::GameResult>, tetris::EvolveError> {
        use curio_core::progress::Progress;
        let failed = |message: String| tetris::EvolveError::Judging(message);
        let generation = run.history.len();
        let program =
            std::env::current_exe().map_err(|error| failed(format!("cannot find curio itself: {error}")))?;
        let mut children = Vec::new();
        let settings = run.judging_settings();
        // Shards judged before (by a run that stopped mid-generation) are kept.
        let mut found: Vec<Option<curio_core::shard::Partial>> =
            (0..self.shards).map(|index| self.done(generation, &settings, index)).collect();
        for index in (0..self.shards).filter(|&index| found[index as usize].is_none()) {
            let mut command = match self.launcher.split_first() {
                Some((launcher, flags)) => {
                    let mut command = std::process::Command::new(launcher);
                    command.args(flags).arg(&program);
                    command
                }
                None => std::process::Command::new(&program),
            };
            command
                .args(["tetris", "judge", "--run"])
                .arg(&self.run)
                .arg("--shard")
                .arg(format!("{index}/{}", self.shards))
                .arg("--partial")
                .arg(self.part(generation, index))
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped());
            let child =
                command.spawn().map_err(|error| failed(format!("cannot start shard {index}: {error}")))?;
            children.push((index, child));
        }
        // Wait, reporting shards done; a cancel stops every shard still running.
        let mut problems = Vec::new();
        let total = children.len() as u64;
        while !children.is_empty() {
            let running = children.len() as u64;
            if reporter
                .report(total - running, total, &format!("generation {}: shards", generation + 1))
                .is_break()
            {
                for (_, child) in &mut children {
                    let _ = child.kill();
                    let _ = child.wait();
                }
                return Err(tetris::EvolveError::Cancelled(curio_core::progress::Cancelled));
            }
            let mut still = Vec::new();
            for (index, mut child) in children {
                match child.try_wait() {
                    Ok(None) => still.push((index, child)),
                    Ok(Some(status)) if status.success() => {}
                    Ok(Some(status)) => {
                        let mut stderr = String::new();
                        if let Some(mut pipe) = child.stderr.take() {
                            let _ = std::io::Read::read_to_string(&mut pipe, &mut stderr);
                        }
                        problems.push(format!("shard {index} {status}: {}", stderr.trim()));
                    }
                    Err(error) => problems.push(format!("shard {index}: {error}")),
                }
            }
            children = still;
            if !children.is_empty() {
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        if !problems.is_empty() {
            return Err(failed(problems.join("; ")));
        }
        let mut results = Vec::new();
        for (index, known) in found.iter_mut().enumerate() {
            let partial =
                known.take().or_else(|| self.done(generation, &settings, index as u64)).ok_or_else(|| {
                    failed(format!(
                        "shard {index} left no result for this generation in {}",
                        self.parts.display()
                    ))
                })?;
            let games: Vec<tetris::GameResult> = partial.data().map_err(failed)?;
            results.extend(games);
        }
        // The generation is merged: its shards' files are no longer needed.
        for index in 0..self.shards {
            let _ = std::fs::remove_file(self.part(generation, index));
        }
        Ok(results)
    }
}

fn bench(args: BenchArgs) -> Result<(), CliError> {
    let weights = tetris::load_weights(&args.weights).map_err(usage)?;
    let rules = Rules::benchmark(args.board.0, args.board.1).map_err(usage)?;
    let policy = Policy::new(weights);
    let report = tetris::evaluation_speed(&policy, rules, args.pieces, 1).map_err(usage)?;
    if args.json {
        print_json(&json!({
            "evaluations_per_second": report.evaluations_per_second,
            "pieces_per_second": report.pieces_per_second,
            "evaluations_per_piece": report.evaluations_per_piece,
            "pieces": report.pieces,
            "seconds": report.seconds,
            "weights": args.weights,
            "board": format!("{}x{}", rules.width, rules.height),
        }))
    } else {
        say!(
            "{:.2} M placements scored per second on one core ({:.0} pieces/s, {:.1} placements a piece, {} pieces in {:.2} s)",
            report.evaluations_per_second / 1e6,
            report.pieces_per_second,
            report.evaluations_per_piece,
            report.pieces,
            report.seconds
        );
        Ok(())
    }
}
