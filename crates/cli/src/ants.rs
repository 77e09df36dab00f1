//! `curio ants ...`: games of the 2011 AI Challenge between bot processes and Curio's bots,
//! replays in the official format, re-simulation of a replay's moves, maps, and the engine's
//! speed.

use super::{CliError, print_json, usage};
use crate::facets::{GroupArgs, House};
use ::ants::food::{FoodSource, Symmetric};
use ::ants::map::{Map, MapSpec};
use ::ants::play::{Outcome, Player, Recorded, play, play_with};
use ::ants::protocol::{Answer, Remote, split_command};
use ::ants::replay::{Replay, write};
use ::ants::rules::Settings;
use clap::{Args, Subcommand};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use std::time::Instant;

/// `curio ants`.
#[derive(Debug, Args)]
pub struct AntsArgs {
    #[command(subcommand)]
    command: AntsCommand,
}

#[derive(Debug, Subcommand)]
enum AntsCommand {
    /// Play a game between bots (commands that speak the official protocol, or builtin:NAME)
    /// and write its replay in the official format.
    #[command(
        after_help = "Each --bot is a command line run as a process (the official protocol on its standard input and output), or builtin:hold, builtin:random, builtin:greedy or builtin:curio. Give one a player of the map, in order. --food-from takes the food (square and turn) and the spawn order from an official replay on the same map, so that the same deterministic bots play the official game again exactly.\n\nExamples:\n  curio ants play --map maps/two.map --bot builtin:curio --bot builtin:greedy --replay game.replay\n  curio ants play --map two.map --bot \"python3 MyBot.py\" --bot builtin:curio --turns 500 --replay g.replay --json\n  curio ants play --map two.map --bot \"python3 a.py\" --bot \"python3 b.py\" --food-from official.replay --replay again.replay"
    )]
    Play(PlayArgs),
    /// Re-simulate a replay's moves (and its food) with Curio's rules and print the outcome.
    #[command(
        after_help = "Reads only the replay's inputs (map, hills, food, spawns, moves, crashes): its scores and other outcome fields may be blank.\n\nExamples:\n  curio ants replay game.replay\n  curio ants replay game.replay --json"
    )]
    Replay(ReplayArgs),
    /// Make a map: one strip of random water and hills a player, side by side (so that the
    /// official symmetric food works).
    #[command(
        after_help = "Examples:\n  curio ants map --players 2 --hills 2 --rows 40 --cols 40 --seed 1 --out two.map\n  curio ants map --players 4 --rows 60 --cols 30 --water 25 --seed 7"
    )]
    Map(MapArgs),
    /// Run one of Curio's bots as a process bot: the official protocol on standard input and
    /// output, so that it can play in the official engine (or in `ants play` as a command).
    #[command(
        after_help = "Examples:\n  curio ants bot curio\n  python3 playgame.py -m map.map \"curio ants bot curio\" \"python3 HunterBot.py\"\n  curio ants play --map two.map --bot \"curio ants bot greedy\" --bot builtin:curio --replay g.replay"
    )]
    Bot(BotArgs),
    /// A tournament: games between bots on the maps of a folder, rated with TrueSkill.
    #[command(
        after_help = "Game i is played on the i-th map (name order, cycling) with engine seed SEED+i, its seats a shuffle of the bots drawn from the seed and i, so a shard plays the same games as a whole run. Ratings are TrueSkill's, as the contest rated its entries: skill = mu - 3 sigma.\n\nExamples:\n  curio ants tournament --maps maps/ --bots builtin:curio builtin:greedy builtin:random --games 30 --seed 1\n  curio ants tournament --maps maps/ --bots builtin:curio \"python3 MyBot.py\" --games 100 --seed 1 --json\n  curio ants tournament --maps maps/ --bots builtin:curio builtin:greedy --games 100 --seed 1 --shard 0/4 --partial a.json"
    )]
    Tournament(TournamentArgs),
    /// The engine's speed on a replay's moves: turns a second re-simulating it.
    #[command(
        after_help = "Examples:\n  curio ants bench --replay game.replay --rounds 20\n  curio ants bench --replay game.replay --json"
    )]
    Bench(BenchArgs),
}

#[derive(Debug, Args)]
struct PlayArgs {
    /// The map file.
    #[arg(long, value_name = "FILE")]
    map: PathBuf,
    /// A bot a player: a command, or builtin:NAME.
    #[arg(long = "bot", value_name = "CMD", required = true)]
    bots: Vec<String>,
    /// The last turn (default 1,000).
    #[arg(long)]
    turns: Option<u32>,
    /// Milliseconds a process bot has a turn.
    #[arg(long, default_value_t = 1000)]
    turntime: u32,
    /// Milliseconds a process bot has to load.
    #[arg(long, default_value_t = 3000)]
    loadtime: u32,
    /// The engine's seed (food and spawn order).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    engine_seed: i64,
    /// The seed told to the bots.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    player_seed: i64,
    /// Take the food and spawn order from this replay (same map).
    #[arg(long, value_name = "REPLAY")]
    food_from: Option<PathBuf>,
    /// Write the replay here.
    #[arg(long, value_name = "FILE")]
    replay: PathBuf,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct ReplayArgs {
    /// The replay file.
    file: PathBuf,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct MapArgs {
    /// Players, 2 to 10.
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// Hills a player, 1 to 9.
    #[arg(long, default_value_t = 1)]
    hills: usize,
    /// Rows, 8 to 200.
    #[arg(long, default_value_t = 40)]
    rows: usize,
    /// Columns of each player's strip, 8 to 200.
    #[arg(long, default_value_t = 40)]
    cols: usize,
    /// Water in percent, 0 to 40.
    #[arg(long, default_value_t = 20)]
    water: usize,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the map here instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct TournamentArgs {
    /// A folder of map files (`*.map`), played in name order.
    #[arg(long, value_name = "DIR")]
    maps: PathBuf,
    /// The bots: commands or builtin:NAME, at least two.
    #[arg(long, value_name = "BOT", num_args = 1.., required = true)]
    bots: Vec<String>,
    /// Games, 1 to 100,000.
    #[arg(long, default_value_t = 10)]
    games: u64,
    /// Seed of the seats and the engine.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The last turn of each game.
    #[arg(long, default_value_t = 1000)]
    turns: u32,
    #[command(flatten)]
    shards: crate::shards::ShardArgs,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// A tournament's settings, as its partial results record them.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TournamentJob {
    /// The maps' folder.
    pub maps: PathBuf,
    /// The bots.
    pub bots: Vec<String>,
    /// Games.
    pub games: u64,
    /// Seed.
    pub seed: u64,
    /// The last turn of each game.
    pub turns: u32,
}

#[derive(Debug, Args)]
struct BotArgs {
    /// The bot: hold, random, greedy or curio.
    name: String,
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// The replay whose moves are re-simulated.
    #[arg(long, value_name = "FILE")]
    replay: PathBuf,
    /// Times it is re-simulated, 1 to 100,000.
    #[arg(long, default_value_t = 20)]
    rounds: u32,
    /// Also render every living player's view each turn, as a game with bots does (the
    /// official engine always does).
    #[arg(long)]
    views: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

impl GroupArgs for AntsArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        match self.command {
            AntsCommand::Play(args) => play_command(args),
            AntsCommand::Replay(args) => replay_command(args),
            AntsCommand::Map(args) => map_command(args),
            AntsCommand::Bench(args) => bench_command(args),
            AntsCommand::Bot(args) => bot_command(args),
            AntsCommand::Tournament(args) => tournament_command(args),
        }
    }
}

fn read_text(path: &Path, what: &str) -> Result<String, CliError> {
    std::fs::read_to_string(path)
        .map_err(|error| usage(anyhow::anyhow!("cannot read {what} '{}': {error}", path.display())))
}

/// The map in the file at `path`; a problem is one line naming the file.
pub fn read_map(path: &Path) -> Result<Map, CliError> {
    Map::parse(&read_text(path, "map")?)
        .map_err(|error| usage(anyhow::anyhow!("map '{}': {error}", path.display())))
}

/// The replay in the file at `path`; a problem is one line naming the file.
pub fn read_replay(path: &Path) -> Result<Replay, CliError> {
    Replay::parse(&read_text(path, "replay")?)
        .map_err(|error| usage(anyhow::anyhow!("replay '{}': {error}", path.display())))
}

/// Starts the players named by `bots` (commands or builtin:NAME); an error names the one that
/// cannot start.
pub fn start_players(bots: &[String]) -> Result<Vec<Player>, String> {
    bots.iter()
        .map(|bot| match bot.strip_prefix("builtin:") {
            Some(name) => ::ants::bots::builtin(name).map(Player::Builtin).ok_or_else(|| {
                format!("no built-in bot '{name}' (there are {})", ::ants::bots::NAMES.join(", "))
            }),
            None => Process::start(bot).map(|process| Player::Process(Box::new(process) as Box<dyn Remote>)),
        })
        .collect()
}

fn play_command(args: PlayArgs) -> Result<(), CliError> {
    let map = read_map(&args.map)?;
    if args.bots.len() != map.players {
        return Err(usage(anyhow::anyhow!(
            "the map has {} players and {} bots were given",
            map.players,
            args.bots.len()
        )));
    }
    crate::check_folder(&args.replay, "replay")?;
    let mut settings = Settings::official(args.engine_seed, args.player_seed);
    settings.turns = args.turns.unwrap_or(1000);
    settings.turntime = args.turntime;
    settings.loadtime = args.loadtime;
    settings.check().map_err(|error| usage(anyhow::anyhow!(error)))?;
    let food = match &args.food_from {
        Some(path) => {
            let recorded = read_replay(path)?;
            if recorded.map.water != map.water || recorded.map.hills != map.hills {
                return Err(usage(anyhow::anyhow!("replay '{}' was played on another map", path.display())));
            }
            settings.food_rate = recorded.settings.food_rate;
            settings.food_turn = recorded.settings.food_turn;
            settings.food_start = recorded.settings.food_start;
            FoodSource::Recorded(recorded.recorded())
        }
        None => FoodSource::Symmetric(Box::new(
            Symmetric::new(&map, &settings, args.engine_seed as u64)
                .map_err(|error| usage(anyhow::anyhow!("map '{}': {error}", args.map.display())))?,
        )),
    };
    let players = start_players(&args.bots).map_err(|error| usage(anyhow::anyhow!(error)))?;
    let names: Vec<String> = args.bots.clone();
    let outcome = play(&map, settings, food, players, |_| true);
    let replay = write(&outcome.game, &outcome.status, &outcome.player_turns, &names, Some(&outcome.errors));
    let text = serde_json::to_string(&replay).map_err(|error| CliError::Failure(error.into()))?;
    curio_core::files::write_atomically(&args.replay, text.as_bytes()).map_err(|error| {
        CliError::Failure(anyhow::anyhow!("cannot write replay '{}': {error}", args.replay.display()))
    })?;
    report(&outcome, &names, args.json)
}

fn summary(outcome: &Outcome) -> Value {
    let game = &outcome.game;
    json!({
        "turns": game.turn,
        "cutoff": game.cutoff,
        "scores": game.score,
        "bonus": game.bonus,
        "status": outcome.status,
    })
}

fn report(outcome: &Outcome, names: &[String], as_json: bool) -> Result<(), CliError> {
    if as_json {
        return print_json(&summary(outcome));
    }
    let game = &outcome.game;
    say!("{} turns, {}", game.turn, game.cutoff.as_deref().unwrap_or(""));
    for player in 0..game.players {
        say!(
            "player {player} {:<30} score {:>3} (bonus {:>2})  {}",
            names.get(player).map_or("", String::as_str),
            game.score[player],
            game.bonus[player],
            outcome.status[player]
        );
    }
    Ok(())
}

/// Re-simulates a replay: its map, food, spawns, moves and crashes through Curio's engine.
pub fn resimulate(replay: &Replay) -> Outcome {
    resimulate_with(replay, false)
}

/// [`resimulate`], rendering each living player's view every turn when `views` is set.
pub fn resimulate_with(replay: &Replay, views: bool) -> Outcome {
    let players =
        (0..replay.map.players).map(|player| Player::Recorded(Recorded::new(replay, player))).collect();
    play_with(
        &replay.map,
        replay.settings.clone(),
        FoodSource::Recorded(replay.recorded()),
        players,
        views,
        |_| true,
    )
}

fn replay_command(args: ReplayArgs) -> Result<(), CliError> {
    let replay = read_replay(&args.file)?;
    let outcome = resimulate(&replay);
    if args.json {
        let cols = outcome.game.cols;
        let mut value = summary(&outcome);
        value["ants"] = outcome
            .game
            .ants
            .iter()
            .map(|ant| json!([ant.start / cols, ant.start % cols, ant.spawn_turn, ant.death_turn, ant.owner]))
            .collect();
        return print_json(&value);
    }
    report(&outcome, &replay.names, false)
}

fn map_command(args: MapArgs) -> Result<(), CliError> {
    let spec = MapSpec {
        players: args.players,
        hills: args.hills,
        rows: args.rows,
        strip_cols: args.cols,
        water_percent: args.water,
    };
    spec.check().map_err(|error| usage(anyhow::anyhow!(error)))?;
    let map =
        ::ants::map::generate(&spec, args.seed).map_err(|error| CliError::Failure(anyhow::anyhow!(error)))?;
    match args.out {
        Some(path) => {
            crate::check_folder(&path, "map")?;
            curio_core::files::write_atomically(&path, map.to_text().as_bytes()).map_err(|error| {
                CliError::Failure(anyhow::anyhow!("cannot write map '{}': {error}", path.display()))
            })
        }
        None => {
            say!("{}", map.to_text().trim_end());
            Ok(())
        }
    }
}

/// The maps of a folder (`*.map`, name order), each checked for the symmetric food.
pub fn read_maps(folder: &Path) -> Result<Vec<(String, Map)>, CliError> {
    let entries = std::fs::read_dir(folder)
        .map_err(|error| usage(anyhow::anyhow!("cannot read map folder '{}': {error}", folder.display())))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "map"))
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(usage(anyhow::anyhow!("no .map files in '{}'", folder.display())));
    }
    paths
        .iter()
        .map(|path| {
            let map = read_map(path)?;
            Symmetric::new(&map, &Settings::official(1, 1), 1)
                .map_err(|error| usage(anyhow::anyhow!("map '{}': {error}", path.display())))?;
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            Ok((name, map))
        })
        .collect()
}

/// Plays the games of `shard` of a tournament, reporting to `progress`.
pub fn play_tournament(
    job: &TournamentJob,
    maps: &[(String, Map)],
    shard: curio_core::shard::Shard,
    progress: &mut dyn curio_core::progress::Progress,
) -> Result<Vec<::ants::tournament::GameResult>, String> {
    let range = shard.range(job.games);
    let total = range.end - range.start;
    let mut results = Vec::new();
    for game in range {
        if progress.report(results.len() as u64, total, &format!("game {game}")).is_break() {
            return Err("cancelled".into());
        }
        let (name, map) = ::ants::tournament::map_of(maps, game);
        let bots = ::ants::tournament::seats(&job.bots, map.players, job.seed, game);
        let engine_seed = job.seed.wrapping_add(game) as i64;
        let mut settings = Settings::official(engine_seed, engine_seed);
        settings.turns = job.turns;
        let food = Symmetric::new(map, &settings, engine_seed as u64)
            .map_err(|error| format!("map '{name}': {error}"))?;
        let players = start_players(&bots)?;
        let outcome = play(map, settings, FoodSource::Symmetric(Box::new(food)), players, |_| true);
        results.push(::ants::tournament::GameResult {
            game,
            map: name.clone(),
            bots,
            scores: outcome.game.score.clone(),
            turns: outcome.game.turn,
            cutoff: outcome.game.cutoff.clone().unwrap_or_default(),
        });
    }
    Ok(results)
}

fn tournament_command(args: TournamentArgs) -> Result<(), CliError> {
    if args.bots.len() < 2 {
        return Err(usage(anyhow::anyhow!("--bots needs at least two bots")));
    }
    if !(1..=100_000).contains(&args.games) {
        return Err(usage(anyhow::anyhow!("--games must be 1 to 100,000")));
    }
    args.shards.check()?;
    let maps = read_maps(&args.maps)?;
    // Every bot must start (a command that cannot run is bad input, not a crashed player).
    drop(start_players(&args.bots).map_err(|error| usage(anyhow::anyhow!(error)))?);
    let job = TournamentJob {
        maps: args.maps.clone(),
        bots: args.bots.clone(),
        games: args.games,
        seed: args.seed,
        turns: args.turns,
    };
    let shard = args.shards.shard();
    let started = Instant::now();
    let played = job.clone();
    let results = super::run_job_with_bar("curio-ants-tournament", move |reporter| {
        play_tournament(&played, &maps, shard, reporter)
    })?
    .map_err(|error| CliError::Failure(anyhow::anyhow!(error)))?;
    let seconds = started.elapsed().as_secs_f64();
    if args.shards.is_partial() {
        return args.shards.write("ants tournament", &job, seconds, &results);
    }
    print_tournament(&(job, results), seconds, args.json)
}

/// Prints a tournament's games and standings.
pub fn print_tournament(
    (job, results): &(TournamentJob, Vec<::ants::tournament::GameResult>),
    seconds: f64,
    json: bool,
) -> Result<(), CliError> {
    let standings = ::ants::tournament::ratings(results);
    if json {
        return print_json(
            &json!({"games": results.len(), "seed": job.seed, "seconds": seconds, "results": results, "ratings": standings}),
        );
    }
    say!("{} games in {seconds:.1} s", results.len());
    say!(
        "{:<36} {:>7} {:>6} {:>7} {:>6} {:>5} {:>6}",
        "bot",
        "skill",
        "mu",
        "sigma",
        "games",
        "wins",
        "score"
    );
    for s in &standings {
        say!(
            "{:<36} {:>7.2} {:>6.2} {:>7.2} {:>6} {:>5} {:>6.2}",
            s.bot,
            s.skill,
            s.mu,
            s.sigma,
            s.games,
            s.wins,
            s.mean_score
        );
    }
    Ok(())
}

/// `curio merge` of `ants tournament` partials.
pub fn merge_tournament(parts: &[curio_core::shard::Partial]) -> crate::facets::MergeResult {
    let (job, data): (TournamentJob, Vec<Vec<::ants::tournament::GameResult>>) =
        crate::shards::read_set(parts)?;
    let mut results = Vec::new();
    for (part, shard) in parts.iter().zip(data) {
        crate::shards::check_block(part, shard.len() as u64, job.games, "games")?;
        results.extend(shard);
    }
    results.sort_by_key(|game| game.game);
    Ok(crate::facets::merged((job, results), print_tournament))
}

fn bot_command(args: BotArgs) -> Result<(), CliError> {
    let mut bot = ::ants::bots::builtin(&args.name).ok_or_else(|| {
        usage(anyhow::anyhow!(
            "no built-in bot '{}' (there are {})",
            args.name,
            ::ants::bots::NAMES.join(", ")
        ))
    })?;
    ::ants::protocol::serve(bot.as_mut(), std::io::stdin().lock(), std::io::stdout().lock())
        .map_err(|error| CliError::Failure(anyhow::anyhow!(error)))
}

fn bench_command(args: BenchArgs) -> Result<(), CliError> {
    if !(1..=100_000).contains(&args.rounds) {
        return Err(usage(anyhow::anyhow!("--rounds must be 1 to 100,000")));
    }
    let replay = read_replay(&args.replay)?;
    let mut seconds = Vec::new();
    let mut turns = 0;
    for _ in 0..args.rounds {
        let start = Instant::now();
        let outcome = resimulate_with(&replay, args.views);
        seconds.push(start.elapsed().as_secs_f64());
        turns = outcome.game.turn;
    }
    seconds.sort_by(f64::total_cmp);
    let median = seconds[seconds.len() / 2];
    if args.json {
        return print_json(
            &json!({"turns": turns, "rounds": args.rounds, "views": args.views, "seconds": seconds, "median_seconds": median, "turns_per_second": turns as f64 / median}),
        );
    }
    say!(
        "{turns} turns re-simulated {} times: median {:.3} ms a game, {:.0} turns a second",
        args.rounds,
        median * 1000.0,
        turns as f64 / median
    );
    Ok(())
}

/// Fuzz target: a map file's text must read or be refused, never panic.
pub fn fuzz_map(data: &[u8]) {
    if let Ok(map) = Map::parse(&crate::fuzz::text(data)) {
        assert_eq!(Map::parse(&map.to_text()).as_ref(), Ok(&map));
    }
}

/// Fuzz target: a replay's text must read or be refused, and what reads must re-simulate,
/// never panic.
pub fn fuzz_replay(data: &[u8]) {
    if let Ok(mut replay) = Replay::parse(&crate::fuzz::text(data))
        && replay.map.rows * replay.map.cols <= 10_000
    {
        replay.settings.turns = replay.settings.turns.min(200);
        let _ = resimulate(&replay);
    }
}

const KEPT_LINES: usize = 100;

/// The first and last lines of a bot's standard error.
#[derive(Debug, Default)]
struct ErrorLog {
    head: Vec<String>,
    tail: std::collections::VecDeque<String>,
    dropped: usize,
}

impl ErrorLog {
    fn push(&mut self, line: String) {
        if self.head.len() < KEPT_LINES {
            self.head.push(line);
            return;
        }
        self.tail.push_back(line);
        if self.tail.len() > KEPT_LINES {
            self.tail.pop_front();
            self.dropped += 1;
        }
    }

    fn text(&self) -> String {
        let mut lines = self.head.clone();
        if self.dropped > 0 {
            lines.push(format!("... {} lines left out ...", self.dropped));
        }
        lines.extend(self.tail.iter().cloned());
        lines.join("\n")
    }
}

/// A bot process: its standard output read line by line on a thread of its own (so that a turn
/// can wait with a deadline), its standard error kept the same way.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    errors: Arc<Mutex<ErrorLog>>,
    ended: bool,
}

impl Process {
    /// Starts a bot; an error names the command when it cannot run at all.
    pub fn start(command: &str) -> Result<Process, String> {
        let words = split_command(command).map_err(|error| format!("bot command '{command}': {error}"))?;
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| format!("bot command '{command}' cannot run: {error}"))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let errors = Arc::new(Mutex::new(ErrorLog::default()));
        let sink = Arc::clone(&errors);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Ok(mut log) = sink.lock() {
                    log.push(line);
                }
            }
        });
        Ok(Process { stdin: child.stdin.take(), child, lines, errors, ended: false })
    }
}

impl Remote for Process {
    /// Sends `input` and collects the answer until `go`, within `limit`.
    fn exchange(&mut self, input: &str, limit: Duration) -> Answer {
        if self.ended {
            return Answer::Crashed;
        }
        let written = self
            .stdin
            .as_mut()
            .is_some_and(|stdin| stdin.write_all(input.as_bytes()).and_then(|()| stdin.flush()).is_ok());
        if !written {
            return Answer::Crashed;
        }
        let deadline = Instant::now() + limit;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let line = line.trim().to_string();
                    if line.eq_ignore_ascii_case("go") {
                        return Answer::Lines(lines);
                    }
                    if lines.len() < 40_000 {
                        lines.push(line);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return Answer::Crashed,
                Err(RecvTimeoutError::Timeout) => {
                    if let Ok(Some(_)) = self.child.try_wait() {
                        return Answer::Crashed;
                    }
                    self.end();
                    return Answer::Timeout;
                }
            }
        }
    }

    /// Sends the last message (if it can) and ends the process.
    fn finish(&mut self, message: &str) {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = stdin.write_all(message.as_bytes());
            let _ = stdin.flush();
        }
        self.end();
    }

    /// Ends the process now.
    fn end(&mut self) {
        if !self.ended {
            self.ended = true;
            self.stdin = None;
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }

    /// The bot's standard error so far (its first and last lines).
    fn errors(&self) -> String {
        self.errors.lock().map(|log| log.text()).unwrap_or_default()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.end();
    }
}
