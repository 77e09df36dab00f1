//! `curio go ...`: Go on a board without lines: the exact integer square root, touching
//! placement, the six placement modes on a recorded game, self-play of the computer player, and
//! the position as SVG or PNG.
use crate::facets::{GroupArgs, House, MergeResult, merged};

use super::{CliError, named, print_json, usage};
use crate::shards::ShardArgs;
use ::go::ai::{self, Opponent, Strength};
use ::go::placement::{self, Mode, Request, Thing};
use ::go::square_roots::{Stop, babylonian, brent_fractions};
use ::go::{BOARD, DEFAULT_RADIUS, Edge, Game, Geometry, Point, figure, isqrt};
use clap::{Args, Subcommand};
use serde_json::json;

/// `curio go`.
#[derive(Debug, Args)]
pub struct GoArgs {
    #[command(subcommand)]
    command: GoCommand,
}

#[derive(Debug, Subcommand)]
enum GoCommand {
    /// floor(sqrt(N)), exact for every N up to 2^64 - 1; or by the write-up's Babylonian
    /// iteration with either of its stopping rules.
    #[command(
        after_help = "Methods: curio (a double's root corrected in integers, exact), babylonian (the write-up's iteration, stopping when X(n+1) = X(n) or X(n+1) = N / X(n)), babylonian-first-rule (stopping only when X(n+1) = X(n): it never stops on N = k^2 - 1).\n\nExamples:\n  curio go isqrt 18446744073709551615\n  curio go isqrt 80 --method babylonian-first-rule --steps"
    )]
    Isqrt(IsqrtArgs),
    /// Brent's integer recurrence for fractions near sqrt(N) (the write-up's talk page), each
    /// with its error against the claimed bound 1/(2b^2).
    #[command(
        after_help = "Examples:\n  curio go fractions 3 --terms 12\n  curio go fractions 2 --terms 20 --json"
    )]
    Fractions(FractionsArgs),
    /// The centre of a stone touching the stone at FROM, nearest the point TOWARD (Eq. 1 and
    /// Eq. 5 over the whole ring), on an empty unbounded plane.
    #[command(after_help = "Examples:\n  curio go touch --radius 10 --from 0,0 --toward 30,30 --json")]
    Touch(TouchArgs),
    /// The three ways to find a touching point compared all round a stone: exact (nearest the
    /// click over the whole ring), the write-up's Eq. 3-5, and the talk page's octant table.
    #[command(after_help = "Examples:\n  curio go touches --radius 1724 --directions 3600 --json")]
    Touches(TouchesArgs),
    /// A game record moved to K times the board's resolution (coordinates and radius scaled):
    /// the touching pairs of stones it loses and the chains that split, for a record or for
    /// random games of the computer's candidate moves.
    #[command(
        after_help = "Examples:\n  curio go rescale --record game.txt --factor 2\n  curio go rescale --games 100 --moves 60 --seed 1 --factor 2 --json"
    )]
    Rescale(RescaleArgs),
    /// Where a stone would go in a recorded game under a placement mode (a to f), following the
    /// fallback table; with --out, play it and write the game.
    #[command(
        after_help = "Modes: a at the point, b touching an edge, c touching a stone, d an edge and a stone, e two edges, f two stones. Stones are numbered from 0 in the order they stand on the board; missing stones and edges are the nearest to --toward.\n\nExamples:\n  curio go place --game game.txt --mode c --touch 0 --toward 40000,30000 --json\n  curio go place --game game.txt --mode a --toward 30000,30000 --out game.txt"
    )]
    Place(PlaceArgs),
    /// The computer (Monte Carlo tree search) against a random legal player or itself.
    #[command(
        after_help = "Examples:\n  curio go selfplay --opponent random --playouts 300 --games 100 --seed 1 --json\n  curio go selfplay --opponent ai --playouts 3000 --opponent-playouts 300 --games 20 --seed 1"
    )]
    Selfplay(SelfplayArgs),
    /// Draw a recorded game's position as SVG or PNG.
    #[command(after_help = "Examples:\n  curio go render --game game.txt --out board.svg --territory")]
    Render(RenderArgs),
}

#[derive(Debug, Args)]
struct IsqrtArgs {
    /// N, 0 to 18446744073709551615.
    number: String,
    /// How to take the root.
    #[arg(long, value_enum, default_value = "curio")]
    method: IsqrtMethod,
    /// Print the Babylonian iteration's values X(0), X(1), ... (the Babylonian methods).
    #[arg(long)]
    steps: bool,
}

/// `curio go isqrt --method`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum IsqrtMethod {
    /// Curio's: a double's root corrected in 128-bit integers.
    Curio,
    /// The write-up's iteration with its corrected stopping rule.
    Babylonian,
    /// The write-up's iteration with its first stopping rule.
    BabylonianFirstRule,
}

#[derive(Debug, Args)]
struct FractionsArgs {
    /// N, 2 or more and not a square.
    number: u64,
    /// How many fractions, 1 to 60.
    #[arg(long, default_value_t = 10)]
    terms: usize,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct TouchArgs {
    /// Stone radius.
    #[arg(long, default_value_t = DEFAULT_RADIUS)]
    radius: i64,
    /// The stone touched, X,Y.
    #[arg(long, value_name = "X,Y", value_parser = parse_point)]
    from: Point,
    /// The direction point, X,Y.
    #[arg(long, value_name = "X,Y", value_parser = parse_point)]
    toward: Point,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct TouchesArgs {
    /// Stone radius.
    #[arg(long, default_value_t = DEFAULT_RADIUS)]
    radius: i64,
    /// Clicks evenly spread round the stone, three diameters out.
    #[arg(long, default_value_t = 3600, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    directions: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct RescaleArgs {
    /// A game record (otherwise random games).
    #[arg(long, conflicts_with_all = ["games", "moves", "seed"])]
    record: Option<std::path::PathBuf>,
    /// Times the resolution, 2 to 16.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(i64).range(2..=16))]
    factor: i64,
    /// Random games, each of --moves moves drawn from the computer's candidates.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games: u64,
    /// Moves of each random game.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=1000))]
    moves: u64,
    /// Seed of the random games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct PlaceArgs {
    /// The game record (a new empty game when absent).
    #[arg(long)]
    game: Option<std::path::PathBuf>,
    /// The mode to start with.
    #[arg(long, value_parser = named(&Mode::ALL, |m| m.letter()), default_value = "a")]
    mode: Mode,
    /// The click, X,Y.
    #[arg(long, value_name = "X,Y", value_parser = parse_point)]
    toward: Point,
    /// A stone to touch, by number (repeat for two).
    #[arg(long)]
    touch: Vec<usize>,
    /// An edge to touch (repeat for two).
    #[arg(long, value_parser = named(&Edge::ALL, |e| e.name()))]
    edge: Vec<Edge>,
    /// Play the placement and write the game here.
    #[arg(long)]
    out: Option<std::path::PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// The opponent of `selfplay`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum OpponentKind {
    /// A uniformly random legal move.
    Random,
    /// The same AI with --opponent-playouts.
    Ai,
}

#[derive(Debug, Args)]
struct SelfplayArgs {
    /// Who the AI plays.
    #[arg(long, value_enum, default_value = "random")]
    opponent: OpponentKind,
    /// Playouts a move of the AI.
    #[arg(long, default_value_t = ::go::PLAYOUTS.default, value_parser = |text: &str| ::go::PLAYOUTS.parse(text))]
    playouts: usize,
    /// Playouts a move of the opponent AI.
    #[arg(long, default_value_t = ::go::PLAYOUTS.default, value_parser = |text: &str| ::go::PLAYOUTS.parse(text))]
    opponent_playouts: usize,
    /// Moves a playout plays before it is scored.
    #[arg(long, default_value_t = 40)]
    playout_moves: usize,
    /// Games (the AI alternates colours).
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// Most moves a game (then it is scored); games end earlier on two passes.
    #[arg(long, default_value_t = 1000)]
    max_moves: usize,
    /// Stone radius.
    #[arg(long, default_value_t = ::go::RADIUS.default, value_parser = |text: &str| ::go::RADIUS.parse(text))]
    radius: i64,
    /// Komi for White, in sample points of the 64 x 64 score grid.
    #[arg(long, default_value_t = ::go::KOMI.default, value_parser = |text: &str| ::go::KOMI.parse(text))]
    komi: f64,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    shards: ShardArgs,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// What decides a sharded self-play match's result.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct SelfplayJob {
    opponent: String,
    playouts: usize,
    opponent_playouts: usize,
    playout_moves: usize,
    games: usize,
    max_moves: usize,
    radius: i64,
    komi: f64,
    seed: u64,
}

#[derive(Debug, Args)]
struct RenderArgs {
    /// The game record.
    #[arg(long)]
    game: std::path::PathBuf,
    /// The file to write (.svg or .png).
    #[arg(long)]
    out: std::path::PathBuf,
    /// PNG size in pixels.
    #[arg(long, default_value_t = 1600)]
    size: u64,
    /// Show the area score's territory.
    #[arg(long)]
    territory: bool,
    /// Join connected stones of a chain.
    #[arg(long)]
    chains: bool,
}

fn parse_point(text: &str) -> Result<Point, String> {
    let (x, y) =
        text.split_once(',').ok_or_else(|| format!("'{text}' must look like X,Y, e.g. 30000,30000"))?;
    let parse = |value: &str| {
        value
            .trim()
            .parse::<i64>()
            .ok()
            .filter(|v| v.abs() <= 4 * BOARD)
            .ok_or_else(|| format!("'{text}': '{value}' is not a whole number within ±{}", 4 * BOARD))
    };
    Ok(Point::new(parse(x)?, parse(y)?))
}

impl GroupArgs for GoArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        run(self)
    }
}

/// The fuzz target `go-record`: what this command group reads, from any bytes.
pub fn fuzz_go_record(input: &[u8]) {
    if let Ok(game) = ::go::Game::from_record(&crate::fuzz::text(input)) {
        let _ = game.record();
        let _ = ::go::game::score(&game.position, game.komi, 16);
    }
}

fn run(args: GoArgs) -> Result<(), CliError> {
    match args.command {
        GoCommand::Isqrt(args) => {
            let n: u64 = args.number.trim().parse().map_err(|_| {
                usage(anyhow::anyhow!("'{}' is not a whole number from 0 to {}", args.number, u64::MAX))
            })?;
            let stop = match args.method {
                IsqrtMethod::Curio => {
                    say!("{}", isqrt(n));
                    return Ok(());
                }
                IsqrtMethod::Babylonian => Stop::EqualOrQuotient,
                IsqrtMethod::BabylonianFirstRule => Stop::Equal,
            };
            let found = babylonian(n, stop);
            if args.steps {
                let steps: Vec<String> = found.steps.iter().map(u64::to_string).collect();
                say!("X: {}", steps.join(", "));
            }
            match found.root {
                Some(root) => {
                    say!("{root}");
                    Ok(())
                }
                None => Err(CliError::Failure(anyhow::anyhow!(
                    "the iteration does not stop on {n}: X(n+1) = X(n) never holds (it repeats {})",
                    found.steps.last().copied().unwrap_or(0)
                ))),
            }
        }
        GoCommand::Fractions(args) => fractions(args),
        GoCommand::Touch(args) => touch(args),
        GoCommand::Touches(args) => touches(args),
        GoCommand::Rescale(args) => rescale(args),
        GoCommand::Place(args) => place(args),
        GoCommand::Selfplay(args) => selfplay(args),
        GoCommand::Render(args) => render(args),
    }
}

fn fractions(args: FractionsArgs) -> Result<(), CliError> {
    if !(1..=60).contains(&args.terms) {
        return Err(usage(anyhow::anyhow!("--terms must be 1 to 60, not {}", args.terms)));
    }
    let Some(list) = brent_fractions(args.number, args.terms) else {
        return Err(usage(anyhow::anyhow!(
            "{} is below 2 or a perfect square: its root is whole",
            args.number
        )));
    };
    if args.json {
        let rows: Vec<_> = list
            .iter()
            .map(|f| json!({"a": f.a, "b": f.b, "error": f.error, "bound": f.bound, "within": f.within()}))
            .collect();
        return print_json(&json!({"n": args.number, "fractions": rows}));
    }
    say!("a/b, |a/b - sqrt({})|, 1/(2b^2), within", args.number);
    for f in &list {
        say!("{}/{} {:.3e} {:.3e} {}", f.a, f.b, f.error, f.bound, if f.within() { "yes" } else { "no" });
    }
    Ok(())
}

fn touch(args: TouchArgs) -> Result<(), CliError> {
    let geometry = Geometry::new(args.radius)
        .ok_or_else(|| usage(anyhow::anyhow!("--radius must be 1 to {}, not {}", BOARD / 4, args.radius)))?;
    if args.from == args.toward {
        return Err(usage(anyhow::anyhow!("--toward must differ from --from: it gives the direction")));
    }
    let at = geometry.touch(args.from, args.toward);
    let relaxed = geometry.touch_eq3(args.from, args.toward, true);
    let plain = geometry.touch_eq3(args.from, args.toward, false);
    let octant = geometry.touch_octant(&geometry.octant_table(), args.from, args.toward);
    if args.json {
        return print_json(&json!({
            "x": at.x, "y": at.y,
            "eq3_relaxed": relaxed.map(|p| [p.x, p.y]),
            "eq3": plain.map(|p| [p.x, p.y]),
            "octant": octant.map(|p| [p.x, p.y]),
        }));
    }
    say!("({}, {})", at.x, at.y);
    Ok(())
}

fn touches(args: TouchesArgs) -> Result<(), CliError> {
    let geometry = Geometry::new(args.radius)
        .ok_or_else(|| usage(anyhow::anyhow!("--radius must be 1 to {}, not {}", BOARD / 4, args.radius)))?;
    let survey = ::go::geometry::survey_touches(geometry, args.directions as usize);
    let pairs = ::go::geometry::pair_touches(geometry);
    if args.json {
        let mut value = serde_json::to_value(&survey).map_err(|error| CliError::Failure(error.into()))?;
        value["pairs"] = serde_json::to_value(&pairs).map_err(|error| CliError::Failure(error.into()))?;
        return print_json(&value);
    }
    let share = |count: usize| 100.0 * count as f64 / survey.directions as f64;
    say!("r = {}, {} directions three diameters out:", survey.radius, survey.directions);
    say!(
        "octant table: a touching point in {:.1}%, the exact one in {:.1}%, at most {:.2} units farther from the click",
        share(survey.octant_touching),
        share(survey.octant_exact),
        survey.octant_worst_extra
    );
    say!(
        "Eq. 3-5 relaxed: the exact point in {:.1}%; plain Eq. 3 empty in {:.1}%",
        share(survey.eq3_exact),
        share(survey.eq3_plain_empty)
    );
    let of_pairs = |count: usize| 100.0 * count as f64 / pairs.pairs.max(1) as f64;
    say!(
        "a third stone touching two touching stones: on both sides for {:.1}% of {} pairs, exactly one each side for {:.1}%, at most {} on a side",
        of_pairs(pairs.both_sides),
        pairs.pairs,
        of_pairs(pairs.exactly_one_each),
        pairs.most_on_a_side
    );
    Ok(())
}

fn rescale(args: RescaleArgs) -> Result<(), CliError> {
    use rand::SeedableRng;
    let games: Vec<Game> = match &args.record {
        Some(path) => vec![read_game(path)?],
        None => {
            let geometry = ::go::game_geometry(DEFAULT_RADIUS).expect("the default radius is in range");
            (0..args.games)
                .map(|game| {
                    let mut rng =
                        rand_pcg::Pcg64Mcg::seed_from_u64(curio_core::stats::game_seed(args.seed, game));
                    ::go::game::random_game(geometry, args.moves as usize, &mut rng)
                })
                .collect()
        }
    };
    let reports: Vec<::go::game::Rescaled> =
        games.iter().map(|game| ::go::game::rescaled(&game.position, args.factor)).collect();
    let connections: usize = reports.iter().map(|r| r.connections).sum();
    let lost: usize = reports.iter().map(|r| r.lost).sum();
    let split = reports.iter().filter(|r| r.chains_after > r.chains).count();
    let share = 100.0 * lost as f64 / connections.max(1) as f64;
    if args.json {
        return print_json(&json!({
            "factor": args.factor, "games": reports.len(), "connections": connections, "lost": lost,
            "lost_share": share / 100.0, "games_with_split_chains": split,
            "chains": reports.iter().map(|r| r.chains).sum::<usize>(),
            "chains_after": reports.iter().map(|r| r.chains_after).sum::<usize>(),
        }));
    }
    say!(
        "at {}x the resolution: {lost} of {connections} touching pairs no longer touch ({share:.1}%); chains split in {split} of {} games",
        args.factor,
        reports.len()
    );
    Ok(())
}

fn read_game(path: &std::path::Path) -> Result<Game, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| usage(anyhow::anyhow!("cannot read '{}': {error}", path.display())))?;
    Game::from_record(&text).map_err(|error| usage(anyhow::anyhow!("{}: {error}", path.display())))
}

fn place(args: PlaceArgs) -> Result<(), CliError> {
    let mut game = match &args.game {
        Some(path) => read_game(path)?,
        None => Game::new(::go::game_geometry(DEFAULT_RADIUS).expect("the default radius is in range"), 0.5),
    };
    if args.touch.len() > 2 || args.edge.len() > 2 {
        return Err(usage(anyhow::anyhow!("at most two --touch and two --edge")));
    }
    let request = Request {
        mode: args.mode,
        toward: args.toward,
        stones: args.touch.clone(),
        edges: args.edge.clone(),
    };
    let placed = placement::place(&game.position, &request).map_err(usage)?;
    let describe = |thing: &Thing| match thing {
        Thing::Edge(edge) => json!({"edge": edge.name()}),
        Thing::Stone(id) => json!({"stone": id}),
    };
    let mut played = None;
    if let Some(out) = &args.out {
        game.play(placed.at).map_err(|error| {
            usage(anyhow::anyhow!(
                "the placement ({}, {}) is not a legal move: {error}",
                placed.at.x,
                placed.at.y
            ))
        })?;
        curio_core::files::write_atomically(out, game.record().as_bytes())
            .map_err(|error| usage(anyhow::anyhow!("cannot write '{}': {error}", out.display())))?;
        played = Some(out.display().to_string());
    }
    if args.json {
        return print_json(&json!({
            "x": placed.at.x, "y": placed.at.y,
            "mode": placed.mode.letter(),
            "touches": placed.touches.iter().map(describe).collect::<Vec<_>>(),
            "tried": placed.tried.iter().map(|(mode, blocked)| json!({"mode": mode.letter(), "blocked_by": describe(blocked)})).collect::<Vec<_>>(),
            "written": played,
        }));
    }
    say!("({}, {}) by mode {} ({})", placed.at.x, placed.at.y, placed.mode.letter(), placed.mode.describe());
    Ok(())
}

fn selfplay(args: SelfplayArgs) -> Result<(), CliError> {
    if !(1..=100_000).contains(&args.games)
        || !(1..=2000).contains(&args.max_moves)
        || !(1..=1000).contains(&args.playout_moves)
    {
        return Err(usage(anyhow::anyhow!(
            "--games must be 1 to 100,000, --max-moves 1 to 2,000 and --playout-moves 1 to 1,000"
        )));
    }
    let strength = Strength { playouts: args.playouts, playout_moves: args.playout_moves, seed: args.seed };
    let opponent = match args.opponent {
        OpponentKind::Random => Opponent::Random,
        OpponentKind::Ai => Opponent::Ai(args.opponent_playouts),
    };
    args.shards.check()?;
    let (games, max_moves, radius, komi) = (args.games, args.max_moves, args.radius, args.komi);
    let shard = args.shards.shard();
    let started = std::time::Instant::now();
    let tally = super::run_job_with_bar("curio-go-selfplay", move |reporter| {
        ai::play_match_shard(
            &ai::Match { strength, opponent, games, max_moves, radius, komi },
            shard,
            reporter,
        )
    })?
    .map_err(|error| CliError::Failure(error.into()))?;
    let job = SelfplayJob {
        opponent: format!("{:?}", args.opponent).to_lowercase(),
        playouts: args.playouts,
        opponent_playouts: args.opponent_playouts,
        playout_moves: args.playout_moves,
        games,
        max_moves,
        radius,
        komi,
        seed: args.seed,
    };
    if args.shards.is_partial() {
        return args.shards.write("go selfplay", &job, started.elapsed().as_secs_f64(), &tally);
    }
    print_match(&job, &tally.report(), args.json)
}

/// `curio merge` of `go selfplay` partials.
pub fn merge_selfplay(parts: &[curio_core::shard::Partial]) -> MergeResult {
    let (job, data): (SelfplayJob, Vec<ai::MatchTally>) = crate::shards::read_set(parts)?;
    for (part, shard) in parts.iter().zip(&data) {
        crate::shards::check_block(part, shard.games as u64, job.games as u64, "games")?;
    }
    let mut tally = ai::MatchTally::default();
    data.iter().for_each(|shard| tally.merge(shard));
    let report = tally.report();
    Ok(merged((job, report), |(job, report), _, json| print_match(job, report, json)))
}

pub(super) fn print_match(job: &SelfplayJob, report: &ai::MatchReport, json: bool) -> Result<(), CliError> {
    let interval = curio_core::stats::wilson_interval(report.ai_wins as u64, report.games as u64);
    if json {
        return print_json(&json!({
            "games": report.games, "ai_wins": report.ai_wins,
            "playouts_per_second": report.playouts_per_second, "moves_per_game": report.moves_per_game,
            "seconds_per_move": report.seconds_per_move, "win_rate_interval": interval,
            "playouts": job.playouts, "seed": job.seed,
        }));
    }
    say!(
        "AI ({} playouts) won {} of {} games (95% CI {:.1}–{:.1}%); {:.0} playouts/s, {:.2} s a move, {:.1} moves a game",
        job.playouts,
        report.ai_wins,
        report.games,
        100.0 * interval[0],
        100.0 * interval[1],
        report.playouts_per_second,
        report.seconds_per_move,
        report.moves_per_game
    );
    Ok(())
}

fn render(args: RenderArgs) -> Result<(), CliError> {
    super::export_file::check_output(&args.out, args.size)?;
    let game = read_game(&args.game)?;
    let scene = figure::scene(&game.position, args.territory, args.chains, game.komi);
    super::export_file::save_with_bar(scene, args.out.clone(), args.size)?;
    say!("wrote {}", args.out.display());
    Ok(())
}
