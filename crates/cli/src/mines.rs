//! `curio mines ...`: win-rate benchmark, board solving, random layouts for a board, and the
//! game window.
use crate::facets::{GroupArgs, House, MergeResult, merged};

use super::{CliError, named, print_json, run_job_with_bar, usage};
use crate::shards::{ShardArgs, check_block, read_set, wall_seconds};
use ::mines::bench::{ComparisonTally, Tally};
use ::mines::policy::Refinement;
use ::mines::write_up::Ladder;
use ::mines::{BenchSettings, BoardConfig, Cell, FirstClickRule, Policy, Tuning, analyze, solver, text};
use clap::{Args, Subcommand};
use curio_core::shard::Partial;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::path::PathBuf;

/// `curio mines`.
#[derive(Debug, Args)]
pub struct MinesArgs {
    #[command(subcommand)]
    command: MinesCommand,
}

#[derive(Debug, Subcommand)]
enum MinesCommand {
    /// Play N games with the solver and report the win rate with its 95% confidence interval.
    #[command(
        after_help = "Examples:\n  curio mines bench --level expert --rule safe --games 100000 --seed 1\n  curio mines bench --level 30x16/99 --rule opening --games 1000 --threads 2 --json"
    )]
    Bench(BenchArgs),
    /// Play the same N games with a changed solver and with the default one, and report the
    /// difference in win rate with its 95% confidence interval (paired: only the games the two
    /// decide differently count, so far fewer games tell them apart).
    #[command(
        after_help = "The flags --without, --cutoff, --off-frontier-cutoff, --blend, --risk-weight and\n--endgame-layouts change the candidate; the baseline is the default solver.\n\nExamples:\n  curio mines compare --level expert --rule safe --games 100000 --seed 21 --cutoff 0.95\n  curio mines compare --without long-term-risk --games 20000 --threads 2 --json"
    )]
    Compare(BenchArgs),
    /// Print the mine probability of every covered cell of a board file and the recommended move.
    #[command(
        after_help = "Board format: one row per line; . covered, F flag, 0-8 revealed, * mine;\nfirst line mines=N.\n\nExamples:\n  curio mines solve board.txt\n  curio mines solve board.txt --json"
    )]
    Solve(SolveArgs),
    /// Draw a mine layout that fits a board file's numbers and mine count (the draw the app's
    /// Import makes with the same seed) and print the board with its mines marked (*).
    #[command(
        after_help = "Every layout that fits is equally likely, unless the board is too big to count them:\nthen one part is found by a random search and mixed towards a uniform draw, which is\nnot proved, and the output says so.\nMines already marked in the file are not kept: the draw uses only the numbers and the\nmine count.\n\nExamples:\n  curio mines layout board.txt --seed 7 > solved.txt\n  curio mines layout board.txt --json"
    )]
    Layout(LayoutArgs),
}

/// `mines bench` and `mines compare` (whose solver flags change the candidate).
#[derive(Debug, Args)]
struct BenchArgs {
    #[command(flatten)]
    games: GamesArgs,
    #[command(flatten)]
    solver: SolverArgs,
    #[command(flatten)]
    shards: ShardArgs,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
}

/// What decides a sharded benchmark's result: the games and the solver (the candidate of a
/// comparison).
#[derive(Debug, Serialize, Deserialize)]
struct BenchJob {
    #[serde(flatten)]
    games: BenchSettings,
    without: Vec<Refinement>,
    tuning: Tuning,
    #[serde(default)]
    write_up: Option<Ladder>,
}

impl BenchJob {
    fn new(games: BenchSettings, solver: &Policy) -> Self {
        Self { games, without: solver.disabled(), tuning: solver.tuning(), write_up: solver.write_up }
    }

    fn solver(&self) -> Result<Policy, CliError> {
        self.tuning.check().map_err(|error| usage(anyhow::anyhow!("the partials' tuning: {error}")))?;
        let solver =
            self.without.iter().fold(Policy::default().tuned(self.tuning), |solver, &r| solver.without(r));
        Ok(Policy { write_up: self.write_up, ..solver })
    }
}

/// One shard's games: their tally and the threads that played them.
#[derive(Debug, Serialize, Deserialize)]
struct ShardData<T> {
    tally: T,
    threads: usize,
}
/// The games of a benchmark.
#[derive(Debug, Args)]
struct GamesArgs {
    /// beginner (9x9/10), intermediate (16x16/40), expert (30x16/99) or WIDTHxHEIGHT/MINES.
    #[arg(long, default_value = "expert")]
    level: String,
    /// First-click rule.
    #[arg(long, value_parser = named(&FirstClickRule::ALL, FirstClickRule::name), default_value = "safe")]
    rule: FirstClickRule,
    /// Number of games (each solver plays them all), 1..=100000000.
    #[arg(long, default_value_t = ::mines::BENCH_GAMES.default, value_parser = |text: &str| ::mines::BENCH_GAMES.parse(text))]
    games: u64,
    /// Master seed; game i uses a seed derived from it, whatever the thread count.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores), 1..=256.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
}

impl GamesArgs {
    /// The board, game count, seed and threads; a bad level is a usage error.
    fn resolve(&self) -> Result<(BoardConfig, u64, u64, usize), CliError> {
        let config = BoardConfig::parse_level(&self.level, self.rule).map_err(usage)?;
        let threads = self.threads.map(usize::from).unwrap_or_else(rayon::current_num_threads);
        Ok((config, self.games, self.seed, threads))
    }
}

/// The solver's refinements and settings (defaults: the tuned solver).
#[derive(Debug, Args)]
struct SolverArgs {
    /// Switch guessing refinements off (comma-separated) to measure what each gains.
    #[arg(long, value_parser = named(&Refinement::ALL, Refinement::name), value_delimiter = ',')]
    without: Vec<Refinement>,
    /// Lookahead candidates must reach this fraction of the best safety, above 0 and at most 1
    /// [default: 0.9].
    #[arg(long, value_parser = fraction)]
    cutoff: Option<f64>,
    /// Off-frontier cells join the lookahead candidates only when their safety exceeds this
    /// fraction of the best safety, 0..=1 (at 1 they never do) [default: 0.95].
    #[arg(long, value_parser = fraction)]
    off_frontier_cutoff: Option<f64>,
    /// Weight of the safest next cell against the second safest in the lookahead score, 0..=1
    /// [default: 0.8].
    #[arg(long, value_parser = fraction)]
    blend: Option<f64>,
    /// Weight of long-term risk in the lookahead score, 0..=10 [default: 0.9].
    #[arg(long, allow_negative_numbers = true)]
    risk_weight: Option<f64>,
    /// Most layouts the endgame search takes on, 1..=100000 [default: 3000].
    #[arg(long)]
    endgame_layouts: Option<usize>,
    /// Curio's solver, or one of the write-up's: write-up-rules (its straightforward rules, then
    /// a random guess), write-up-tank (its Tank solver), write-up-tank-endgame (with its
    /// endgame tactics).
    #[arg(long, default_value = "curio")]
    method: String,
}

/// `--method`: `curio` (no ladder) or a rung of the write-up's ladder.
fn method(text: &str) -> Result<Option<Ladder>, String> {
    if text == "curio" {
        return Ok(None);
    }
    Ladder::ALL.into_iter().find(|ladder| ladder.name() == text).map(Some).ok_or_else(|| {
        let names: Vec<&str> = Ladder::ALL.iter().map(|ladder| ladder.name()).collect();
        format!("'{text}' is not a method: curio, {}", names.join(", "))
    })
}

impl SolverArgs {
    /// The solver these flags describe; a setting out of range is a usage error naming it.
    fn solver(&self) -> Result<Policy, CliError> {
        let default = Tuning::default();
        let tuning = Tuning {
            cutoff: self.cutoff.unwrap_or(default.cutoff),
            off_frontier_cutoff: self.off_frontier_cutoff.unwrap_or(default.off_frontier_cutoff),
            blend: self.blend.unwrap_or(default.blend),
            risk_weight: self.risk_weight.unwrap_or(default.risk_weight),
            endgame_layouts: self.endgame_layouts.unwrap_or(default.endgame_layouts),
        };
        tuning.check().map_err(|error| usage(anyhow::anyhow!(error)))?;
        let solver =
            self.without.iter().fold(Policy::default().tuned(tuning), |solver, &r| solver.without(r));
        let write_up =
            method(self.method.trim()).map_err(|error| usage(anyhow::anyhow!("--method: {error}")))?;
        Ok(Policy { write_up, ..solver })
    }
}

/// A number between 0 and 1 (clap value parser).
fn fraction(text: &str) -> Result<f64, String> {
    let value: f64 = text.trim().parse().map_err(|_| format!("'{text}' is not a number"))?;
    if (0.0..=1.0).contains(&value) { Ok(value) } else { Err(format!("{value} is not between 0 and 1")) }
}

#[derive(Debug, Args)]
struct SolveArgs {
    /// Board text file.
    file: PathBuf,
    /// Also the write-up's Tank view: each border layout equally likely, region by region, its
    /// guess, and what splitting into regions saves (combinations and backtracking nodes).
    #[arg(long)]
    write_up: bool,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct LayoutArgs {
    /// Board text file.
    file: PathBuf,
    /// Seed of the draw.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object on stdout: the mines as [row, column] pairs, whether every layout
    /// was equally likely, and the seed.
    #[arg(long)]
    json: bool,
}

impl GroupArgs for MinesArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        run(self)
    }
}

/// The fuzz target `mines-board`: what this command group reads, from any bytes.
pub fn fuzz_mines_board(input: &[u8]) {
    let Ok(board) = ::mines::text::parse(&crate::fuzz::text(input)) else { return };
    // What `mines solve` does next, with a small search budget so each run stays short.
    if board.cells.len() <= 2_000 {
        let _ = ::mines::analyze(&board.view(), 20_000);
    }
}

fn run(args: MinesArgs) -> Result<(), CliError> {
    match args.command {
        MinesCommand::Bench(args) => bench(args),
        MinesCommand::Compare(args) => compare(args),
        MinesCommand::Solve(args) => solve(args),
        MinesCommand::Layout(args) => layout(args),
    }
}

fn bench(args: BenchArgs) -> Result<(), CliError> {
    let (config, games, seed, threads) = args.games.resolve()?;
    let solver = args.solver.solver()?;
    args.shards.check()?;
    let settings = BenchSettings { config, games, seed };
    let shard = args.shards.shard();
    let (tally, seconds) = run_job_with_bar("curio-mines-bench", move |progress| {
        ::mines::bench_shard(&settings, &solver, shard, threads, progress)
    })?
    .map_err(|error| CliError::Failure(error.into()))?;
    if args.shards.is_partial() {
        let job = BenchJob::new(settings, &solver);
        return args.shards.write("mines bench", &job, seconds, &ShardData { tally, threads });
    }
    print_bench(&tally.result(&settings, &solver, threads, seconds), args.json)
}

pub(super) fn print_bench(result: &::mines::BenchResult, json: bool) -> Result<(), CliError> {
    if json {
        print_json(&serde_json::to_value(result).map_err(|error| CliError::Failure(error.into()))?)
    } else {
        say!("{}", result.summary());
        say!("{}", result.loss_summary());
        if let Some(calibration) = result.calibration.describe() {
            say!("{calibration}");
        }
        Ok(())
    }
}

/// `curio merge` of `mines bench` partials. Games/s: all shards together, if they ran side by
/// side; threads: all shards' threads.
pub fn merge_bench(parts: &[Partial]) -> MergeResult {
    let (job, data): (BenchJob, Vec<ShardData<Tally>>) = read_set(parts)?;
    for (part, shard) in parts.iter().zip(&data) {
        check_block(part, shard.tally.games, job.games.games, "games")?;
    }
    let mut tally = Tally::default();
    data.iter().for_each(|shard| tally.merge(&shard.tally));
    let threads = data.iter().map(|shard| shard.threads).fold(0usize, usize::saturating_add);
    Ok(merged(tally.result(&job.games, &job.solver()?, threads, wall_seconds(parts)), |result, _, json| {
        print_bench(result, json)
    }))
}

fn compare(args: BenchArgs) -> Result<(), CliError> {
    let (config, games, seed, threads) = args.games.resolve()?;
    let candidate = args.solver.solver()?;
    args.shards.check()?;
    let settings = BenchSettings { config, games, seed };
    let shard = args.shards.shard();
    let job = BenchJob::new(settings, &candidate);
    let (tally, seconds) = run_job_with_bar("curio-mines-compare", move |progress| {
        ::mines::compare_shard(&settings, &candidate, &Policy::default(), shard, threads, progress)
    })?
    .map_err(|error| CliError::Failure(error.into()))?;
    if args.shards.is_partial() {
        return args.shards.write("mines compare", &job, seconds, &ShardData { tally, threads });
    }
    print_comparison(&tally.result(&settings, &job.solver()?, &Policy::default(), threads), args.json)
}

pub(super) fn print_comparison(comparison: &::mines::Comparison, json: bool) -> Result<(), CliError> {
    if json {
        print_json(&serde_json::to_value(comparison).map_err(|error| CliError::Failure(error.into()))?)
    } else {
        say!("{}", comparison.summary());
        say!("candidate: {}", comparison.candidate.summary());
        say!("baseline:  {}", comparison.baseline.summary());
        Ok(())
    }
}

/// `curio merge` of `mines compare` partials.
pub fn merge_compare(parts: &[Partial]) -> MergeResult {
    let (job, data): (BenchJob, Vec<ShardData<ComparisonTally>>) = read_set(parts)?;
    for (part, shard) in parts.iter().zip(&data) {
        check_block(part, shard.tally.candidate.games, job.games.games, "games")?;
        check_block(part, shard.tally.baseline.games, job.games.games, "games")?;
    }
    let mut tally = ComparisonTally::default();
    data.iter().for_each(|shard| tally.merge(&shard.tally));
    let threads = data.iter().map(|shard| shard.threads).fold(0usize, usize::saturating_add);
    Ok(merged(
        tally.result(&job.games, &job.solver()?, &Policy::default(), threads),
        |comparison, _, json| print_comparison(comparison, json),
    ))
}

/// The board in the text file at `path`; a file that cannot be read or parsed is bad input.
fn read_board(path: &std::path::Path) -> Result<text::BoardText, CliError> {
    let content = std::fs::read_to_string(path)
        .map_err(|error| usage(anyhow::anyhow!("cannot read '{}': {error}", path.display())))?;
    text::parse(&content).map_err(|error| usage(anyhow::anyhow!("{}: {error}", path.display())))
}

/// The write-up's Tank view as text: its chances on the border, its guess, the region split.
/// The write-up's Tank view as text: its chances on the border, then the summary.
fn print_tank_view(board: &text::BoardText, tank: &mines::write_up::TankView) {
    say!("the write-up's Tank solver (each layout of a region equally likely):");
    for row in 0..board.height {
        let line: String = (0..board.width)
            .map(|column| {
                let cell = row * board.width + column;
                if tank.rule_mines.contains(&cell) {
                    "  mine".to_string()
                } else {
                    tank.chance(cell).map_or("   .  ".to_string(), |chance| format!("{chance:>6.3}"))
                }
            })
            .collect();
        say!("{line}");
    }
    for part in tank.summary(board.width).split("; ") {
        say!("{part}");
    }
}

fn solve(args: SolveArgs) -> Result<(), CliError> {
    let board = read_board(&args.file)?;
    let view = board.view();
    let analysis = analyze(&view, solver::DEFAULT_NODE_BUDGET)
        .map_err(|error| usage(anyhow::anyhow!("{}: {error}", args.file.display())))?;
    let best = Policy::default()
        .next_moves(&view, FirstClickRule::Safe)
        .map_err(|error| usage(anyhow::anyhow!("{error}")))?;
    let best = best.first().copied();
    let position = |cell: usize| [cell / board.width, cell % board.width];
    let tank = if args.write_up {
        Some(mines::write_up::tank_view(&view).ok_or_else(|| {
            CliError::Failure(anyhow::anyhow!(
                "the write-up's Tank search passed its node limit on this board"
            ))
        })?)
    } else {
        None
    };
    let tank_guess = tank
        .as_ref()
        .and_then(|tank| tank.guess())
        .map(|(cell, mines, layouts)| (cell, mines as f64 / layouts.max(1) as f64));
    if args.json {
        let rows: Vec<Vec<Option<f64>>> =
            analysis.probabilities.chunks(board.width).map(|row| row.to_vec()).collect();
        let write_up = tank.as_ref().map(|tank| {
            let (at_once, by_region) = tank.combinations();
            json!({
                "rule_mines": tank.rule_mines.iter().map(|&c| position(c)).collect::<Vec<_>>(),
                "regions": tank.regions.iter().map(|region| json!({
                    "tiles": region.tiles.iter().map(|&c| position(c)).collect::<Vec<_>>(),
                    "layouts": region.layouts, "mines": region.mines,
                })).collect::<Vec<_>>(),
                "guess": tank_guess.map(|(cell, chance)| json!({"row": cell / board.width, "col": cell % board.width, "mine_chance": chance})),
                "combinations_at_once": at_once, "combinations_by_region": by_region,
                "joint_layouts": tank.joint_layouts, "joint_nodes": tank.joint_nodes, "split_nodes": tank.split_nodes,
            })
        });
        print_json(&json!({
            "write_up": write_up,
            "probabilities": rows,
            "safe": analysis.safe.iter().map(|&c| position(c)).collect::<Vec<_>>(),
            "mines": analysis.mines.iter().map(|&c| position(c)).collect::<Vec<_>>(),
            "best_move": best.map(|m| json!({"row": m.row, "col": m.column, "action": m.action, "reason": m.reason.describe()})),
            "exact": analysis.exact,
        }))
    } else {
        for row in analysis.probabilities.chunks(board.width) {
            let line: Vec<String> = row
                .iter()
                .map(|p| match p {
                    None => "   .  ".to_string(),
                    Some(p) => format!("{:>6.3}", p),
                })
                .collect();
            say!("{}", line.join(""));
        }
        say!(
            "certain safe: {}, certain mines: {}, exact: {}",
            analysis.safe.len(),
            analysis.mines.len(),
            analysis.exact
        );
        match best {
            Some(m) => {
                say!("best move: {:?} row {} column {} ({})", m.action, m.row, m.column, m.reason.describe())
            }
            None => say!("best move: none, every covered cell is a mine (the game is won)"),
        }
        if let Some(tank) = &tank {
            print_tank_view(&board, tank);
        }
        Ok(())
    }
}

fn layout(args: LayoutArgs) -> Result<(), CliError> {
    use rand::SeedableRng;
    let board = read_board(&args.file)?;
    let view = board.view();
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(args.seed);
    let drawn = solver::sample_layout(&view, solver::DEFAULT_NODE_BUDGET, &mut rng).map_err(|error| {
        usage(anyhow::anyhow!("{}: cannot draw a mine layout that fits: {error}", args.file.display()))
    })?;
    if args.json {
        let position = |cell: usize| [cell / board.width, cell % board.width];
        let mines: Vec<[usize; 2]> =
            (0..drawn.mines.len()).filter(|&cell| drawn.mines[cell]).map(position).collect();
        print_json(&json!({"mines": mines, "uniform": drawn.uniform, "seed": args.seed}))
    } else {
        say!(
            "# {}: mines drawn at random (seed {}) among the layouts that fit",
            args.file.display(),
            args.seed
        );
        if !drawn.uniform {
            say!("# not proved equally likely: the board is too big to count them");
        }
        // The format has no mark for a flagged mine: a flag on a drawn mine gives way to the mine.
        let cells: Vec<Cell> = board
            .cells
            .iter()
            .zip(&drawn.mines)
            .map(|(&cell, &mine)| if cell == Cell::Flagged && mine { Cell::Covered } else { cell })
            .collect();
        say!("{}", text::format(board.width, board.mines, &cells, Some(&drawn.mines)).trim_end());
        Ok(())
    }
}
