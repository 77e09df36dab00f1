//! `curio hanoi ...`: Towers of Hanoi with any start and 3 to 16 pegs: optimal solutions, the
//! Frame–Stewart table against search, breadth-first search of every position, and the 3-peg
//! average distance against its formula.
use crate::facets::{GroupArgs, House};

use super::{CliError, named, print_json, usage};
use ::hanoi::search::Method;
use ::hanoi::{Position, frame_stewart, search, three};
use clap::{Args, Subcommand};
use curio_core::progress::NoProgress;
use serde_json::json;

/// `curio hanoi`.
#[derive(Debug, Args)]
pub struct HanoiArgs {
    #[command(subcommand)]
    command: HanoiCommand,
}

#[derive(Debug, Subcommand)]
enum HanoiCommand {
    /// The optimal moves from one position to another (3 pegs: any to any; more pegs: tower to
    /// tower by Frame–Stewart, other positions by search).
    #[command(
        after_help = "Positions: one digit per disk from the largest, naming its peg (0013: disks 4 and 3 on peg 0, disk 2 on peg 1, disk 1 on peg 3). Default: a tower on peg 0 to a tower on the last peg.\n\nExamples:\n  curio hanoi solve --pegs 3 --disks 5 --from 01210 --to 22222 --moves\n  curio hanoi solve --pegs 4 --disks 6 --moves --json\n  curio hanoi solve --pegs 4 --disks 8 --from 00130213 --to 33333333 --json"
    )]
    Solve(SolveArgs),
    /// Breadth-first search of every position from a start: eccentricity, distances to the
    /// perfect towers, positions at each distance, time and memory.
    #[command(
        after_help = "Examples:\n  curio hanoi search --pegs 4 --disks 12 --json\n  curio hanoi search --pegs 3 --disks 10 --from 0120120120"
    )]
    Search(SearchArgs),
    /// Frame–Stewart numbers and splits for 1..=N disks, against search where it fits.
    #[command(
        after_help = "Examples:\n  curio hanoi table --pegs 4 --max-disks 30\n  curio hanoi table --pegs 4 --max-disks 15 --search-disks 15 --json"
    )]
    Table(TableArgs),
    /// Draw the disks of a position, the 3-peg state graph or the Frame–Stewart table as SVG or
    /// PNG (the same file as the panel's Export).
    #[command(
        after_help = "Examples:\n  curio hanoi render --what disks --pegs 4 --disks 6 --from 001302 --out disks.svg\n  curio hanoi render --what graph --disks 6 --out graph.png --size 2048\n  curio hanoi render --what table --pegs 4 --disks 12 --out table.svg"
    )]
    Render(RenderArgs),
    /// The exact average distance between two 3-peg positions by search, against the formula.
    #[command(after_help = "Examples:\n  curio hanoi average --disks 6 --json")]
    Average(AverageArgs),
}

#[derive(Debug, Args)]
struct SolveArgs {
    /// Pegs, 3 to 16.
    #[arg(long, default_value_t = 3)]
    pegs: usize,
    /// Disks, 1 to 30.
    #[arg(long)]
    disks: usize,
    /// The start (default: a tower on peg 0).
    #[arg(long)]
    from: Option<String>,
    /// The goal (default: a tower on the last peg).
    #[arg(long)]
    to: Option<String>,
    /// List the moves.
    #[arg(long)]
    moves: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct SearchArgs {
    /// Pegs, 3 to 16.
    #[arg(long, default_value_t = 4)]
    pegs: usize,
    /// Disks.
    #[arg(long)]
    disks: usize,
    /// The start (default: a tower on peg 0).
    #[arg(long)]
    from: Option<String>,
    /// How the search keeps what it saw: a visited bit and frontier lists (up to 2^32
    /// positions), two bits a position swept once a layer (4 pegs or more, up to 2^34: 4 pegs
    /// and 17 disks), or the first that fits.
    #[arg(long, default_value = "auto", value_parser = named(&Method::ALL, Method::name))]
    method: Method,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct TableArgs {
    /// Pegs, 3 to 16.
    #[arg(long, default_value_t = 4)]
    pegs: usize,
    /// Rows for 1..=N disks, N up to 30.
    #[arg(long)]
    max_disks: usize,
    /// Search the optimum for up to this many disks (default: while the graph has at most 4^10
    /// positions).
    #[arg(long)]
    search_disks: Option<usize>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// What `render` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Drawing {
    /// The pegs and disks of the position.
    Disks,
    /// The 3-peg state graph, coloured by distance from the position.
    Graph,
    /// The Frame–Stewart table.
    Table,
}

#[derive(Debug, Args)]
struct RenderArgs {
    /// What to draw.
    #[arg(long, value_enum, default_value = "disks")]
    what: Drawing,
    /// Pegs, 3 to 16.
    #[arg(long, default_value_t = 3)]
    pegs: usize,
    /// Disks.
    #[arg(long)]
    disks: usize,
    /// The position (default: a tower on peg 0).
    #[arg(long)]
    from: Option<String>,
    /// PNG size in pixels (longest side); ignored for SVG.
    #[arg(long, default_value_t = 1600)]
    size: u64,
    /// The file to write (.svg or .png).
    #[arg(long)]
    out: std::path::PathBuf,
}

#[derive(Debug, Args)]
struct AverageArgs {
    /// Disks, 1 to 8 (3^n positions, every ordered pair).
    #[arg(long)]
    disks: usize,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

impl GroupArgs for HanoiArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        run(self)
    }
}

/// The fuzz target `hanoi-position`: what this command group reads, from any bytes.
pub fn fuzz_hanoi_position(input: &[u8]) {
    let [pegs, disks, rest @ ..] = input else { return };
    let (pegs, disks) = (usize::from(*pegs % 9), usize::from(*disks % 70));
    let _ = ::hanoi::Position::parse(&crate::fuzz::text(rest), pegs, disks);
}

fn run(args: HanoiArgs) -> Result<(), CliError> {
    match args.command {
        HanoiCommand::Solve(args) => solve(args),
        HanoiCommand::Search(args) => search_command(args),
        HanoiCommand::Table(args) => table(args),
        HanoiCommand::Average(args) => average(args),
        HanoiCommand::Render(args) => render(args),
    }
}

fn position(text: Option<&str>, pegs: usize, disks: usize, default_peg: u8) -> Result<Position, CliError> {
    ::hanoi::check_size(pegs, disks).map_err(usage)?;
    match text {
        Some(text) => Position::parse(text, pegs, disks).map_err(usage),
        None => Ok(Position::tower(pegs, disks, default_peg)),
    }
}

fn solve(args: SolveArgs) -> Result<(), CliError> {
    let start = position(args.from.as_deref(), args.pegs, args.disks, 0)?;
    let goal = position(args.to.as_deref(), args.pegs, args.disks, (args.pegs - 1) as u8)?;
    let towers = start.disks.iter().all(|&peg| peg == start.disks[0])
        && goal.disks.iter().all(|&peg| peg == goal.disks[0]);
    let (count, moves, method) = if args.pegs == 3 {
        let count = three::distance(&start, &goal);
        (count, args.moves.then(|| three::solve(&start, &goal)), "3-peg recursion (optimal)")
    } else if towers && start.disks[0] != goal.disks[0] {
        let count = frame_stewart::table(args.pegs, args.disks)[args.disks].0;
        let moves =
            args.moves.then(|| frame_stewart::solve(args.pegs, args.disks, start.disks[0], goal.disks[0]));
        (count, moves, "Frame–Stewart")
    } else if start == goal {
        (0, args.moves.then(Vec::new), "already there")
    } else {
        let moves = search::path(&start, &goal, &mut NoProgress).map_err(usage)?;
        (moves.len() as u64, args.moves.then_some(moves), "search (optimal)")
    };
    if args.moves && count > 10_000_000 {
        return Err(usage(anyhow::anyhow!(
            "{count} moves are too many to list (at most 10,000,000); drop --moves"
        )));
    }
    if args.json {
        let mut report = json!({
            "pegs": args.pegs,
            "disks": args.disks,
            "from": start.text(),
            "to": goal.text(),
            "moves": count,
            "method": method,
        });
        if let Some(moves) = &moves {
            report["path"] =
                json!(moves.iter().map(|step| [step.disk + 1, step.from, step.to]).collect::<Vec<_>>());
        }
        return print_json(&report);
    }
    say!("{} to {}: {count} moves ({method})", start.text(), goal.text());
    if let Some(moves) = moves {
        for step in moves {
            say!("disk {}: peg {} -> peg {}", step.disk + 1, step.from, step.to);
        }
    }
    Ok(())
}

fn search_command(args: SearchArgs) -> Result<(), CliError> {
    let start = position(args.from.as_deref(), args.pegs, args.disks, 0)?;
    search::positions(args.pegs, args.disks, args.method).map_err(usage)?;
    let method = args.method;
    let report = super::run_job_with_bar("curio-hanoi-search", move |reporter| {
        search::search_with(&start, method, reporter)
    })?
    .map_err(|error| CliError::Failure(error.into()))?;
    if args.json {
        return print_json(&json!(report));
    }
    say!(
        "{} pegs, {} disks from {}: {} positions, eccentricity {} ({} positions that far), to the perfect towers {:?}; {} search, {:.2} s, {:.0} MB",
        report.pegs,
        report.disks,
        report.start,
        report.positions,
        report.eccentricity,
        report.layers.last().copied().unwrap_or(0),
        report.to_perfect,
        report.method,
        report.seconds,
        report.peak_bytes as f64 / 1e6
    );
    if !report.farthest.is_empty() && report.farthest.len() <= 20 {
        say!("farthest: {}", report.farthest.join(" "));
    }
    Ok(())
}

fn table(args: TableArgs) -> Result<(), CliError> {
    ::hanoi::check_size(args.pegs, args.max_disks).map_err(usage)?;
    let rows = frame_stewart::table(args.pegs, args.max_disks);
    let limit = args.search_disks.unwrap_or_else(|| {
        (1..=args.max_disks).take_while(|&n| (args.pegs as u128).pow(n as u32) <= 1 << 20).last().unwrap_or(0)
    });
    if limit > 0 {
        search::positions(args.pegs, limit.min(args.max_disks), Method::Auto).map_err(usage)?;
    }
    let mut out = Vec::new();
    for (disks, &(moves, split)) in rows.iter().enumerate().skip(1) {
        let searched = if disks <= limit {
            let report = search::search(&Position::tower(args.pegs, disks, 0), &mut NoProgress)
                .map_err(|error| CliError::Failure(error.into()))?;
            Some(report.to_perfect[args.pegs - 1])
        } else {
            None
        };
        // The write-up's guess for disks close to the pegs: 4n − 2m + 1 (n disks, m pegs).
        let guess = 4 * disks as i64 - 2 * args.pegs as i64 + 1;
        out.push(json!({
            "disks": disks,
            "frame_stewart": moves,
            "split": split,
            "searched": searched,
            "write_up_guess": guess,
            "guess_holds": guess == moves as i64,
        }));
    }
    if args.json {
        return print_json(&json!({ "pegs": args.pegs, "rows": out }));
    }
    say!(
        "{} pegs: disks, Frame–Stewart moves, split (disks moved aside first), searched optimum, the write-up's 4n-2m+1",
        args.pegs
    );
    for row in &out {
        say!(
            "{:>3} {:>12} {:>4} {:>6} {:>6}{}",
            row["disks"],
            row["frame_stewart"],
            row["split"],
            row["searched"].as_u64().map_or("-".to_string(), |d| d.to_string()),
            row["write_up_guess"],
            if row["guess_holds"] == true { " holds" } else { "" }
        );
    }
    Ok(())
}

fn average(args: AverageArgs) -> Result<(), CliError> {
    if !(1..=8).contains(&args.disks) {
        return Err(usage(anyhow::anyhow!(
            "{} disks: the average takes 1 to 8 (3^n positions, every pair)",
            args.disks
        )));
    }
    let searched = three::average_by_pairs(args.disks);
    let formula = three::average_formula(args.disks, 12.0 / 59.0);
    let write_up = three::average_formula(args.disks, 12.0 / 29.0);
    if args.json {
        return print_json(&json!({
            "disks": args.disks,
            "average": searched,
            "formula": formula,
            "write_up_formula": write_up,
        }));
    }
    say!(
        "{} disks: average distance {searched:.9} by every pair; formula with 12/59 {formula:.9}, with the write-up's 12/29 {write_up:.9}",
        args.disks
    );
    Ok(())
}

fn render(args: RenderArgs) -> Result<(), CliError> {
    use ::hanoi::figure;
    let position = position(args.from.as_deref(), args.pegs, args.disks, 0)?;
    super::export_file::check_output(&args.out, args.size)?;
    let scene = match args.what {
        Drawing::Disks => figure::disks_scene(&position),
        Drawing::Graph => figure::graph_scene(&position).ok_or_else(|| {
            usage(anyhow::anyhow!(
                "the graph is drawn for 3 pegs and up to {} disks, not {} pegs and {} disks",
                figure::MAX_GRAPH_DISKS,
                args.pegs,
                args.disks
            ))
        })?,
        Drawing::Table => figure::table_scene(args.pegs, args.disks, &[]),
    };
    super::export_file::save_with_bar(scene, args.out.clone(), args.size)?;
    say!("wrote {}", args.out.display());
    Ok(())
}
