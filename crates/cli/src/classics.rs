//! `curio classics ...`: the tournament counterexample, sums of consecutive primes, IOI 2010
//! Quality of Living and the eight Code Jam 2018 problems (contest input on stdin, output on
//! stdout; the interactive two talk to a judge, or play this program's own judge with
//! `--judge`).
use crate::facets::{GroupArgs, House, MergeResult, merged};

use super::{CliError, named, print_json, usage};
use crate::shards::{ShardArgs, read_set};
use ::classics::codejam::{self, CodeJamProblem, JudgeSettings, bathroom_stalls};
use ::classics::{ClassicsError, primes, quality, tournaments};
use clap::{Args, Subcommand};
use curio_core::shard::Partial;
use serde_json::json;
use std::io::Read;
use std::time::Instant;

/// `curio classics`.
#[derive(Debug, Args)]
pub struct ClassicsArgs {
    #[command(subcommand)]
    command: ClassicsCommand,
}

#[derive(Debug, Subcommand)]
enum ClassicsCommand {
    /// Every tournament on N players: which cannot be split into two rooms without a cyclic
    /// triple, and their isomorphism classes.
    #[command(
        after_help = "Examples:\n  curio classics tournaments --players 7 --json\n  curio classics tournaments --players 6"
    )]
    Tournaments(TournamentsArgs),
    /// P(n, k): primes up to n that are a sum of at least (or exactly) k consecutive primes.
    #[command(
        after_help = "Examples:\n  curio classics primes --limit 2011 --at-least 3 --json\n  curio classics primes --limit 2011 --exactly 11\n  curio classics primes --limit 100000000 --at-least 3\n  curio classics primes --limit 2011 --table 12"
    )]
    Primes(PrimesArgs),
    /// Every way of writing a number as a sum of consecutive primes.
    #[command(after_help = "Examples:\n  curio classics prime-sums 2011")]
    PrimeSums(PrimeSumsArgs),
    /// IOI 2010 Quality of Living: the H x W rectangle with the smallest median rank.
    #[command(
        after_help = "The file is the task's input: R C H W, then R rows of C ranks (1..=R*C, each once).\n\nExamples:\n  curio classics quality grid.txt --json\n  curio classics quality --random 3000x3000 --window 1501x1501 --seed 1 --json"
    )]
    Quality(QualityArgs),
    /// A Code Jam 2018 problem: contest input on stdin, output on stdout.
    #[command(
        after_help = "Problems: number_guessing, senate_evacuation, steed_2_cruise_control, bathroom_stalls, saving_the_universe_again, trouble_sort, go_gopher, cubic_ufo. The interactive two (number_guessing, go_gopher) talk to a judge on stdin/stdout; --judge plays them against Curio's own judge instead.\n\nMethods: every problem has curio; the write-up's own programs (write-up) are there for number_guessing, bathroom_stalls, saving_the_universe_again, trouble_sort, go_gopher and cubic_ufo, and its first tries (write-up-first) for number_guessing and go_gopher.\n\nExamples:\n  curio classics codejam bathroom_stalls < input.txt > output.txt\n  curio classics codejam go_gopher --judge --cases 20 --test-set 2 --seed 1 --json\n  curio classics codejam go_gopher --method write-up --judge --cases 1 --games 1000 --test-set 2\n  curio classics codejam trouble_sort --generate --test-set 2 --cases 1 > large.txt\n  curio classics codejam trouble_sort --method write-up --verify < large.txt\n  curio classics codejam trouble_sort --sample"
    )]
    Codejam(CodejamArgs),
    /// Bathroom Stalls' answer in integers against the write-up's double arithmetic, and the
    /// runs the stalls split into, level by level.
    #[command(after_help = "Examples:\n  curio classics stalls 1000000000000000000 1 --json")]
    Stalls(StallsArgs),
}

#[derive(Debug, Args)]
struct TournamentsArgs {
    /// Players, 1 to 8 (8: 2^28 tournaments).
    #[arg(long, default_value_t = 7)]
    players: usize,
    #[command(flatten)]
    shards: ShardArgs,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct PrimesArgs {
    /// n: count primes up to this (at most 10^9).
    #[arg(long)]
    limit: u64,
    /// k: sums of at least k consecutive primes.
    #[arg(long, conflicts_with = "exactly")]
    at_least: Option<usize>,
    /// k: sums of exactly k consecutive primes.
    #[arg(long)]
    exactly: Option<usize>,
    /// Also a table of P(n, k) and the exactly-k count for k = 1..=K.
    #[arg(long, value_name = "K")]
    table: Option<usize>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct PrimeSumsArgs {
    /// The number (at most 10^9).
    number: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct QualityArgs {
    /// The task's input file.
    #[arg(required_unless_present = "random", conflicts_with = "random")]
    file: Option<std::path::PathBuf>,
    /// A random grid of ranks instead of a file, RxC.
    #[arg(long, value_parser = super::parse_grid_size, requires = "window")]
    random: Option<(usize, usize)>,
    /// The rectangle of a random grid, HxW (odd).
    #[arg(long, value_parser = super::parse_grid_size)]
    window: Option<(usize, usize)>,
    /// Seed of the random grid.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also check every rectangle by sorting (slow on large grids).
    #[arg(long)]
    brute_force: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("drawn").args(["judge", "generate"]).multiple(false)))]
struct CodejamArgs {
    /// The problem.
    #[arg(value_parser = named(&CodeJamProblem::ALL, |p| p.key()))]
    problem: CodeJamProblem,
    /// Whose method: curio, write-up (the write-up's program) or write-up-first (its first try:
    /// number_guessing, go_gopher); see each problem's list in the help below.
    #[arg(long, default_value = "curio", value_parser = named(&codejam::Method::ALL, |m| m.key()))]
    method: codejam::Method,
    /// Solve the statement's sample input instead of reading stdin.
    #[arg(long, conflicts_with = "drawn")]
    sample: bool,
    /// Interactive problems: play Curio's judge in this process and report.
    #[arg(long)]
    judge: bool,
    /// Print a random input at the test set's limits (trouble_sort, saving_the_universe_again,
    /// cubic_ufo, bathroom_stalls).
    #[arg(long)]
    generate: bool,
    /// Check each case of the method's answers: against Curio's, or (cubic_ufo) the contest's
    /// 1e-6; report the cases right and the time.
    #[arg(long, conflicts_with = "drawn")]
    verify: bool,
    /// Cases the judge plays (default 20) or the input holds (default 100).
    #[arg(long, requires = "drawn")]
    cases: Option<usize>,
    /// With --judge: games to play, each of --cases cases with a seed of its own; reports the
    /// games won with a 95% interval.
    #[arg(long, default_value_t = 1, requires = "judge", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games: u64,
    /// The judge's or the generator's seed.
    #[arg(long, default_value_t = 1, requires = "drawn")]
    seed: u64,
    /// The test set: 1 or 2 (the judge: B = 30 or 10^9, A = 20 or 200; the generator: the
    /// small or the large limits).
    #[arg(long, default_value_t = codejam::TEST_SET.default, value_parser = |text: &str| codejam::TEST_SET.parse(text), requires = "drawn")]
    test_set: u8,
    /// With --judge or --verify: print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct StallsArgs {
    /// N: stalls, 1 to 10^18.
    stalls: u64,
    /// K: people, 1 to N.
    people: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

impl GroupArgs for ClassicsArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        run(self)
    }
}

/// The fuzz target `quality-task`: what this command group reads, from any bytes.
pub fn fuzz_quality_task(input: &[u8]) {
    if let Ok(task) = ::classics::quality::Task::parse(&crate::fuzz::text(input))
        && task.grid.rows * task.grid.cols <= 10_000
    {
        let _ = ::classics::quality::solve(&task, None);
    }
}

/// The fuzz target `codejam-input`: what this command group reads, from any bytes.
pub fn fuzz_codejam_input(input: &[u8]) {
    let [which, rest @ ..] = input else { return };
    let problems = ::classics::codejam::CodeJamProblem::ALL;
    let problem = problems[usize::from(*which) % problems.len()];
    let _ = problem.solve(&crate::fuzz::text(rest));
}

fn run(args: ClassicsArgs) -> Result<(), CliError> {
    match args.command {
        ClassicsCommand::Tournaments(args) => tournaments_command(args),
        ClassicsCommand::Primes(args) => primes_command(args),
        ClassicsCommand::PrimeSums(args) => prime_sums(args),
        ClassicsCommand::Quality(args) => quality_command(args),
        ClassicsCommand::Codejam(args) => codejam_command(args),
        ClassicsCommand::Stalls(args) => stalls(args),
    }
}

fn failure(error: ClassicsError) -> CliError {
    match error {
        ClassicsError::Input(_) => usage(error),
        ClassicsError::Cancelled => CliError::Failure(error.into()),
    }
}

fn tournaments_command(args: TournamentsArgs) -> Result<(), CliError> {
    if !(1..=tournaments::MAX_PLAYERS).contains(&args.players) {
        return Err(usage(anyhow::anyhow!(
            "--players must be 1 to {}, not {}",
            tournaments::MAX_PLAYERS,
            args.players
        )));
    }
    args.shards.check()?;
    let started = Instant::now();
    let (players, shard) = (args.players, args.shards.shard());
    let census = super::run_job_with_bar("curio-tournaments", move |reporter| {
        tournaments::enumerate_shard(players, true, shard, reporter)
    })?
    .map_err(failure)?;
    let seconds = started.elapsed().as_secs_f64();
    if args.shards.is_partial() {
        return args.shards.write("classics tournaments", &TournamentsJob { players }, seconds, &census);
    }
    print_census(&census, seconds, args.json)
}

/// `curio merge` of `classics tournaments` partials.
pub fn merge_tournaments(parts: &[Partial]) -> MergeResult {
    let (job, data): (TournamentsJob, Vec<tournaments::Census>) = read_set(parts)?;
    if !(1..=tournaments::MAX_PLAYERS).contains(&job.players) {
        return Err(usage(anyhow::anyhow!(
            "the partials are of {} players: 1 to {}",
            job.players,
            tournaments::MAX_PLAYERS
        )));
    }
    let total = 1u64 << tournaments::pair_count(job.players);
    let mut census = tournaments::Census {
        players: job.players,
        tournaments: 0,
        counterexamples: 0,
        classes: Vec::new(),
        codes: Vec::new(),
    };
    for (part, shard) in parts.iter().zip(data) {
        if shard.players != job.players {
            return Err(usage(anyhow::anyhow!(
                "shard {} is of {} players, the job of {}",
                part.shard.name(),
                shard.players,
                job.players
            )));
        }
        crate::shards::check_block(part, shard.tournaments, total, "tournaments")?;
        census.merge(shard);
    }
    Ok(merged(census, print_census))
}

/// What decides a sharded `classics tournaments`' result.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct TournamentsJob {
    players: usize,
}

pub(super) fn print_census(census: &tournaments::Census, seconds: f64, json: bool) -> Result<(), CliError> {
    if json {
        return print_json(&json!({
            "players": census.players,
            "tournaments": census.tournaments,
            "counterexamples": census.counterexamples,
            "classes": census.classes,
            "seconds": seconds,
        }));
    }
    say!(
        "{} players: {} tournaments, {} cannot be split into two rooms without a cyclic triple ({seconds:.2} s)",
        census.players,
        census.tournaments,
        census.counterexamples
    );
    for class in &census.classes {
        say!(
            "  class of {} labelled tournaments, scores {:?}, canonical code {}{}",
            class.size,
            class.scores,
            class.canonical,
            if class.official {
                " (the official solution: i beats j when i - j is 1, 2 or 4 mod 7)"
            } else {
                ""
            }
        );
    }
    Ok(())
}

fn primes_command(args: PrimesArgs) -> Result<(), CliError> {
    if args.at_least.is_none() && args.exactly.is_none() && args.table.is_none() {
        return Err(usage(anyhow::anyhow!("give --at-least K, --exactly K or --table K")));
    }
    if args.at_least == Some(0) || args.exactly == Some(0) || args.table == Some(0) {
        return Err(usage(anyhow::anyhow!("k must be at least 1")));
    }
    if !(2..=primes::MAX_LIMIT).contains(&args.limit) {
        return Err(usage(anyhow::anyhow!("--limit must be 2 to {}, not {}", primes::MAX_LIMIT, args.limit)));
    }
    let started = Instant::now();
    let limit = args.limit;
    let min_length = args.at_least.unwrap_or(2).min(args.table.map_or(usize::MAX, |_| 2)).max(2);
    let (table, sieve) = super::run_job_with_bar("curio-primes", move |reporter| {
        let sieve = primes::Sieve::new(limit, reporter)?;
        let table = primes::table_from(&sieve, min_length, reporter)?;
        Ok::<_, ClassicsError>((table, sieve))
    })?
    .map_err(failure)?;
    let (mode, k, count) = match (args.at_least, args.exactly) {
        (Some(k), _) => ("at_least", k, table.at_least(k)),
        (_, Some(k)) => ("exactly", k, primes::exactly(&sieve, k).map_err(failure)?),
        _ => ("at_least", 2, table.at_least(2)),
    };
    let seconds = started.elapsed().as_secs_f64();
    let rows: Vec<serde_json::Value> = match args.table {
        Some(top) => (1..=top)
            .map(|k| {
                Ok(json!({"k": k, "at_least": table.at_least(k), "exactly": primes::exactly(&sieve, k)?}))
            })
            .collect::<Result<_, ClassicsError>>()
            .map_err(failure)?,
        None => Vec::new(),
    };
    if args.json {
        let mut report = json!({
            "limit": limit, "primes": table.primes, "mode": mode, "k": k, "count": count,
            "longest": table.longest_length(), "seconds": seconds,
        });
        if args.table.is_some() {
            report["table"] = json!(rows);
        }
        return print_json(&report);
    }
    let phrase = if mode == "exactly" { "exactly" } else { "at least" };
    say!(
        "pi({limit}) = {}; {count} of them are a sum of {phrase} {k} consecutive primes ({:.1}%); longest sum {} primes; {seconds:.2} s",
        table.primes,
        100.0 * count as f64 / table.primes as f64,
        table.longest_length()
    );
    if !rows.is_empty() {
        say!("k  at least k  exactly k");
        for row in rows {
            say!("{:<2} {:>10}  {:>9}", row["k"], row["at_least"], row["exactly"]);
        }
    }
    Ok(())
}

fn prime_sums(args: PrimeSumsArgs) -> Result<(), CliError> {
    if !(2..=primes::MAX_LIMIT).contains(&args.number) {
        return Err(usage(anyhow::anyhow!(
            "the number must be 2 to {}, not {}",
            primes::MAX_LIMIT,
            args.number
        )));
    }
    let number = args.number;
    let ways = super::run_job_with_bar("curio-prime-sums", move |reporter| {
        primes::representations(number, reporter)
    })?
    .map_err(failure)?;
    if args.json {
        return print_json(&json!({ "number": number, "representations": ways }));
    }
    if ways.is_empty() {
        say!("{number} is not a sum of consecutive primes");
    }
    for way in ways {
        say!("{number} = {} + ... + {} ({} primes)", way.first, way.last, way.terms);
    }
    Ok(())
}

fn quality_command(args: QualityArgs) -> Result<(), CliError> {
    let task = match (&args.file, args.random, args.window) {
        (Some(path), _, _) => {
            let text = std::fs::read_to_string(path)
                .map_err(|error| usage(anyhow::anyhow!("cannot read '{}': {error}", path.display())))?;
            quality::Task::parse(&text)
                .map_err(|error| usage(anyhow::anyhow!("{}: {error}", path.display())))?
        }
        (None, Some((rows, cols)), Some((height, width))) => {
            let grid = quality::Grid::random(rows, cols, args.seed).map_err(failure)?;
            quality::Task::new(grid, height, width).map_err(failure)?
        }
        _ => return Err(usage(anyhow::anyhow!("give a FILE, or --random RxC with --window HxW"))),
    };
    let started = Instant::now();
    let mut steps = Vec::new();
    let answer = quality::solve(&task, Some(&mut steps));
    let seconds = started.elapsed().as_secs_f64();
    let brute = args.brute_force.then(|| quality::brute_force(&task));
    if args.json {
        let mut report = json!({
            "median": answer.median, "row": answer.row, "col": answer.col,
            "rows": task.grid.rows, "cols": task.grid.cols, "height": task.height, "width": task.width,
            "steps": steps.len(), "seconds": seconds,
        });
        if let Some(brute) = brute {
            report["brute_force"] = json!(brute);
        }
        return print_json(&report);
    }
    say!(
        "{} x {} grid, {} x {} rectangles: smallest median {} at row {}, column {} ({} bisection steps, {seconds:.3} s)",
        task.grid.rows,
        task.grid.cols,
        task.height,
        task.width,
        answer.median,
        answer.row,
        answer.col,
        steps.len()
    );
    if let Some(brute) = brute {
        say!("brute force: median {} at row {}, column {}", brute.median, brute.row, brute.col);
    }
    Ok(())
}

fn codejam_command(args: CodejamArgs) -> Result<(), CliError> {
    let problem = args.problem;
    let method = args.method;
    problem.check_method(method).map_err(usage)?;
    if args.generate {
        let cases = args.cases.unwrap_or(100);
        if !(1..=100).contains(&cases) {
            return Err(usage(anyhow::anyhow!("--cases must be 1 to 100 for --generate, not {cases}")));
        }
        let input = problem.generate(args.test_set, cases, args.seed).ok_or_else(|| {
            usage(anyhow::anyhow!(
                "{} has no generator: trouble_sort, saving_the_universe_again, cubic_ufo and bathroom_stalls have",
                problem.key()
            ))
        })?;
        print!("{input}");
        return Ok(());
    }
    if args.judge {
        if !problem.is_interactive() {
            return Err(usage(anyhow::anyhow!(
                "{} is not interactive: give it input on stdin",
                problem.key()
            )));
        }
        let cases = args.cases.unwrap_or(20);
        if !(1..=1000).contains(&cases) {
            return Err(usage(anyhow::anyhow!("--cases must be 1 to 1000, not {cases}")));
        }
        return judge_games(&args, cases);
    }
    if args.json && !args.verify {
        return Err(usage(anyhow::anyhow!("--json goes with --judge or --verify")));
    }
    if problem.is_interactive() {
        if args.sample || args.verify {
            return Err(usage(anyhow::anyhow!("{} is interactive: use --judge to play it", problem.key())));
        }
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut output = std::io::stdout().lock();
        return codejam::play(problem, method, &mut input, &mut output).map_err(failure);
    }
    let input = if args.sample {
        problem.sample_input().to_string()
    } else {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|error| usage(anyhow::anyhow!("cannot read stdin: {error}")))?;
        text
    };
    if args.verify {
        let verification = problem.verify(method, &input).map_err(failure)?;
        if args.json {
            return print_json(&json!({
                "problem": problem.key(), "method": method.key(), "cases": verification.cases,
                "right": verification.right, "first_wrong": verification.first_wrong,
                "worst_error": verification.worst_error, "seconds": verification.seconds,
            }));
        }
        say!(
            "{} by {}: {} of {} cases right in {:.3} s",
            problem.title(),
            method.key(),
            verification.right,
            verification.cases,
            verification.seconds
        );
        if problem == CodeJamProblem::CubicUfo {
            say!("largest error: {:.3e} (the contest allows 1e-6)", verification.worst_error);
        }
        if let Some((case, got, want)) = verification.first_wrong {
            let want = if problem == CodeJamProblem::CubicUfo { want } else { format!("Curio: {want}") };
            say!("first wrong: case #{case}: {} ({want})", got.replace('\n', " / "));
        }
        return Ok(());
    }
    let output = problem.solve_with(method, &input).map_err(failure)?;
    say!("{}", output.trim_end());
    Ok(())
}

/// `--judge`: one game, or `--games` games with seeds drawn from `--seed`.
fn judge_games(args: &CodejamArgs, cases: usize) -> Result<(), CliError> {
    let problem = args.problem;
    let started = Instant::now();
    let mut reports = Vec::new();
    for game in 0..args.games {
        let seed = if args.games == 1 { args.seed } else { curio_core::stats::game_seed(args.seed, game) };
        let settings = JudgeSettings { cases, seed, test_set: args.test_set };
        reports.push(codejam::play_against_judge(problem, args.method, settings).map_err(failure)?);
    }
    let seconds = started.elapsed().as_secs_f64();
    let exchanges: Vec<usize> = reports.iter().flat_map(|report| report.exchanges.iter().copied()).collect();
    let worst = exchanges.iter().max().copied().unwrap_or(0);
    let mean = exchanges.iter().sum::<usize>() as f64 / exchanges.len().max(1) as f64;
    if args.games == 1 {
        let report = &reports[0];
        if args.json {
            return print_json(&json!({
                "problem": problem.key(), "method": args.method.key(), "cases": report.cases, "won": report.won,
                "exchanges": report.exchanges, "mean_exchanges": mean, "worst_exchanges": worst,
                "verdict": report.verdict, "seed": args.seed, "test_set": args.test_set, "seconds": seconds,
            }));
        }
        say!(
            "{} ({}): won {} of {} cases against the judge (test set {}, seed {}); exchanges a case: mean {mean:.1}, worst {worst}{}",
            problem.title(),
            args.method.key(),
            report.won,
            report.cases,
            args.test_set,
            args.seed,
            report.verdict.as_ref().map(|v| format!("; {v}")).unwrap_or_default()
        );
        return Ok(());
    }
    let won = reports.iter().filter(|report| report.won == report.cases).count() as u64;
    let interval = curio_core::stats::wilson_interval(won, args.games);
    let first_lost = reports.iter().position(|report| report.won < report.cases);
    if args.json {
        return print_json(&json!({
            "problem": problem.key(), "method": args.method.key(), "games": args.games, "cases": cases,
            "games_won": won, "rate": won as f64 / args.games as f64, "interval": interval,
            "mean_exchanges": mean, "worst_exchanges": worst, "first_lost_game": first_lost,
            "seed": args.seed, "test_set": args.test_set, "seconds": seconds,
        }));
    }
    say!(
        "{} ({}): won {won} of {} games of {cases} cases ({:.1}%, 95% interval {:.1}-{:.1}%; test set {}, seed {}); exchanges a case: mean {mean:.1}, worst {worst}",
        problem.title(),
        args.method.key(),
        args.games,
        100.0 * won as f64 / args.games as f64,
        100.0 * interval[0],
        100.0 * interval[1],
        args.test_set,
        args.seed
    );
    Ok(())
}

fn stalls(args: StallsArgs) -> Result<(), CliError> {
    if !(1..=bathroom_stalls::MAX_STALLS).contains(&args.stalls) || !(1..=args.stalls).contains(&args.people)
    {
        return Err(usage(anyhow::anyhow!(
            "need 1 <= K <= N <= 10^18, not N = {}, K = {}",
            args.stalls,
            args.people
        )));
    }
    let exact = bathroom_stalls::answer(args.stalls, args.people);
    let float = bathroom_stalls::float_answer(args.stalls, args.people);
    let levels = bathroom_stalls::levels(args.stalls, args.people);
    if args.json {
        return print_json(&json!({
            "stalls": args.stalls, "people": args.people, "max": exact.0, "min": exact.1,
            "doubles": [float.0, float.1], "doubles_agree": float == exact, "levels": levels,
        }));
    }
    say!("N = {}, K = {}: {} {}", args.stalls, args.people, exact.0, exact.1);
    say!(
        "in doubles (the write-up's Python): {} {}{}",
        float.0,
        float.1,
        if float == exact { " (agrees)" } else { " (WRONG: doubles hold 53 bits)" }
    );
    Ok(())
}
