//! `curio bot ...`: read a minesweeper board from the screen or an image, play games by mouse.
use crate::facets::GroupArgs;

use super::{CliError, named, print_json, usage};
use ::bot::{
    self, BotEvent, BotSettings, BotStatus, LaunchRequest, Level, ScreenSource, SessionControl,
    SessionRequest, TargetKind, Theme,
};
use anyhow::Context;
use clap::{Args, Subcommand};
use curio_platform::{EnigoInput, ProcessLauncher, XcapScreen};
use serde_json::json;
use std::path::PathBuf;

/// `curio bot`.
#[derive(Debug, Args)]
pub struct BotArgs {
    #[command(subcommand)]
    command: BotCommand,
}

#[derive(Debug, Subcommand)]
enum BotCommand {
    /// Play games through the screen: capture, read, solve, click.
    #[command(
        after_help = "Targets: builtin (launches `curio mines window`), gnome-mines (launches GNOME Mines), or an open window by (part of) its title or by the id `curio bot windows` lists (decimal or 0x hexadecimal).\n\nSet CURIO_BOT_DUMP to a folder to keep the capture of a board that could not be read or found.\n\nExamples:\n  curio bot play --target builtin --games 5 --json\n  curio bot play --target gnome-mines --games 3 --level beginner\n  curio bot play --target \"Minesweeper\" --games 1 --dry-run\n  curio bot play --target 0x1a00007 --games 1"
    )]
    Play(PlayArgs),
    /// Find the board in a window (or a screenshot file) and print what each cell shows.
    #[command(
        after_help = "Examples:\n  curio bot read --window \"Curio Minesweeper\" --out annotated.png\n  curio bot read --window 0x1a00007 --json\n  curio bot read --image screenshot.png --theme tinted --json"
    )]
    Read(ReadArgs),
    /// List the windows the bot can see.
    Windows(WindowsArgs),
}

/// The game the bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum GameChoice {
    /// Minesweeper.
    Mines,
    /// Puzlogic (builtin: `curio puzlogic window`).
    Puzlogic,
}

#[derive(Debug, Args)]
struct PlayArgs {
    /// The game.
    #[arg(long, value_enum, default_value = "mines")]
    game: GameChoice,
    /// builtin, gnome-mines, (part of) a window's title, or a window's id.
    #[arg(long)]
    target: String,
    /// Games to finish.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=100000))]
    games: u64,
    /// Puzlogic levels to solve (the same as --games).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100000), conflicts_with = "games")]
    levels: Option<u64>,
    /// Board size for the launched targets.
    #[arg(long, default_value = "beginner", value_parser = named(&Level::ALL, Level::name))]
    level: Level,
    /// First game's seed (builtin target).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Mines on the board (default: the standard count of the board's size).
    #[arg(long)]
    mines: Option<usize>,
    /// Only print the moves; click nothing.
    #[arg(long)]
    dry_run: bool,
    /// Most clicks a second.
    #[arg(long, default_value_t = 40.0)]
    max_moves_per_s: f64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct WindowsArgs {
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct ReadArgs {
    /// A window to capture, by (part of) its title or its id.
    #[arg(long, conflicts_with = "image", required_unless_present = "image")]
    window: Option<String>,
    /// A screenshot file to read instead.
    #[arg(long, value_name = "FILE.png")]
    image: Option<PathBuf>,
    /// Write the image with the grid and readings drawn over it.
    #[arg(long, value_name = "FILE.png")]
    out: Option<PathBuf>,
    /// How the target draws its numbers.
    #[arg(long, default_value = "classic", value_parser = named(&Theme::ALL, Theme::name))]
    theme: Theme,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

impl GroupArgs for BotArgs {
    fn run(self) -> Result<(), CliError> {
        run(self)
    }
}

fn run(args: BotArgs) -> Result<(), CliError> {
    match args.command {
        BotCommand::Read(args) => read(args),
        BotCommand::Play(args) => play(args),
        BotCommand::Windows(args) => windows(args),
    }
}

fn need_display() -> Result<(), CliError> {
    if std::env::var_os("DISPLAY").is_none() {
        return Err(CliError::Failure(anyhow::anyhow!(
            "no display: DISPLAY is not set; the bot reads and clicks an X11 screen (run under a desktop session or Xvfb)"
        )));
    }
    Ok(())
}

fn windows(args: WindowsArgs) -> Result<(), CliError> {
    need_display()?;
    let list = XcapScreen::default().windows().map_err(|error| CliError::Failure(error.into()))?;
    if args.json {
        return print_json(&json!({ "windows": list }));
    }
    for window in list {
        say!(
            "{:>10}  {:>5}x{:<5} at ({}, {})  {}",
            window.id,
            window.width,
            window.height,
            window.x,
            window.y,
            window.title
        );
    }
    Ok(())
}

fn play(args: PlayArgs) -> Result<(), CliError> {
    if !(args.max_moves_per_s.is_finite() && args.max_moves_per_s > 0.0) {
        return Err(usage(anyhow::anyhow!(
            "--max-moves-per-s must be a positive number, got {}",
            args.max_moves_per_s
        )));
    }
    need_display()?;
    if args.game == GameChoice::Puzlogic {
        return play_puzlogic(args);
    }
    let kind = TargetKind::parse(&args.target);
    let open_window = !kind.is_launched();
    let truth = if kind == TargetKind::Builtin {
        Some(curio_core::files::temporary_path("curio-bot-truth").with_extension("jsonl"))
    } else {
        None
    };
    let request = SessionRequest {
        launch: LaunchRequest { kind, level: args.level, seed: args.seed, log: truth.clone() },
        settings: BotSettings {
            games: args.games as usize,
            dry_run: args.dry_run,
            max_moves_per_second: args.max_moves_per_s,
            mines: args.mines,
            level: args.level,
            dump_folder: std::env::var_os("CURIO_BOT_DUMP").map(PathBuf::from),
            ..BotSettings::default()
        },
        calibrate_only: false,
    };
    let json_output = args.json;
    let mut observer = |status: &BotStatus<bot::MinesGame>| {
        if let BotEvent::GameOver { won } = status.event
            && !json_output
        {
            let result = if won { "won" } else { "lost" };
            eprintln!("game {}: {result} ({} moves so far)", status.report.games, status.report.moves);
        }
        if args.dry_run
            && !json_output
            && status.event == BotEvent::Decided
            && let Some(first) = status.moves.first()
        {
            eprintln!(
                "advice: reveal row {}, column {}: {}",
                first.row,
                first.column,
                first.reason.describe()
            );
        }
        std::ops::ControlFlow::Continue(())
    };
    let game = bot::MinesGame::new(&request.launch.kind, request.settings.mines);
    let outcome = run_session(&request, game, open_window, &mut observer)?;
    let (report, log) = (outcome.report, outcome.log);
    // The built-in window logs each finished game: check every read against it.
    // Its games and wins are the ones the bot's own counts must match.
    let (checked, wrong, solver_wins, logged) = match &truth {
        Some(path) => {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let lines: Vec<serde_json::Value> =
                text.lines().filter_map(|line| serde_json::from_str(line).ok()).collect();
            let _ = std::fs::remove_file(path);
            let result = bot::check_reads(&log, &lines);
            let wins = lines.iter().filter(|line| line["result"] == "won").count();
            (Some(result.0), Some(result.1), Some(solver_wins_on(&lines)), Some((lines.len(), wins)))
        }
        None => (None, None, None, None),
    };
    let misreads = wrong.unwrap_or(report.misreads);
    let mean = |seconds: Vec<f64>| {
        if seconds.is_empty() { None } else { Some(seconds.iter().sum::<f64>() / seconds.len() as f64) }
    };
    let seconds_per_game = mean(report.game_seconds.clone()).unwrap_or(0.0);
    // A won game is played to its end: its length is the one to compare between targets.
    let seconds_per_won_game = mean(
        report.game_seconds.iter().zip(&report.results).filter(|(_, won)| **won).map(|(s, _)| *s).collect(),
    );
    if json_output {
        print_json(&json!({
            "target": args.target,
            "games": report.games,
            "wins": report.wins,
            "moves": report.moves,
            "reads": report.reads,
            "misreads": misreads,
            "rejected_reads": report.rejected_reads,
            "reads_checked_against_truth": checked,
            "moves_per_second": report.moves_per_second,
            "seconds_per_game": seconds_per_game,
            "seconds_per_won_game": seconds_per_won_game,
            "outside_clicks": report.outside_clicks,
            "solver_wins_same_games": solver_wins,
            "target_logged_games": logged.map(|(games, _)| games),
            "target_logged_wins": logged.map(|(_, wins)| wins),
            "stopped": report.stopped,
        }))?;
    } else {
        say!(
            "{} games, {} won; {} moves at {:.1} moves/s, {:.1} s a game; {} reads, {} misreads{}; {} clicks outside the board",
            report.games,
            report.wins,
            report.moves,
            report.moves_per_second,
            seconds_per_game,
            report.reads,
            misreads,
            checked.map(|n| format!(" (checked {n} reads against the window's log)")).unwrap_or_default(),
            report.outside_clicks
        );
        if let Some(reason) = &report.stopped {
            say!("stopped: {reason}");
        }
    }
    match &report.stopped {
        Some(reason) => Err(CliError::Failure(anyhow::anyhow!("the bot stopped: {reason}"))),
        None => Ok(()),
    }
}

/// Runs one session on the real screen and mouse; a window named on the command line that is
/// not there is bad input.
fn run_session<G: bot::ScreenGame>(
    request: &SessionRequest,
    game: G,
    open_window: bool,
    observer: &mut impl bot::BotObserver<G>,
) -> Result<bot::SessionOutcome, CliError> {
    bot::session::run(
        request,
        game,
        &mut ProcessLauncher,
        XcapScreen::default(),
        EnigoInput::new,
        &SessionControl::default(),
        observer,
    )
    .map_err(|error| match error {
        bot::SessionError::Target(bot::targets::TargetError::NoWindow(_)) if open_window => usage(error),
        error => CliError::Failure(error.into()),
    })
}

/// `bot play --game puzlogic`: solves levels through the screen, dragging each piece; with the
/// built-in window, every level's first read is checked against the puzzle the window logged.
fn play_puzlogic(args: PlayArgs) -> Result<(), CliError> {
    let kind = match TargetKind::parse(&args.target) {
        TargetKind::Builtin => TargetKind::BuiltinPuzlogic,
        TargetKind::GnomeMines => return Err(usage(anyhow::anyhow!("gnome-mines is not a Puzlogic target"))),
        other => other,
    };
    let open_window = !kind.is_launched();
    let truth = (kind == TargetKind::BuiltinPuzlogic)
        .then(|| curio_core::files::temporary_path("curio-puzlogic-truth").with_extension("jsonl"));
    let levels = args.levels.unwrap_or(args.games) as usize;
    let request = SessionRequest {
        launch: LaunchRequest { kind, level: args.level, seed: args.seed, log: truth.clone() },
        settings: BotSettings {
            games: levels,
            dry_run: args.dry_run,
            max_moves_per_second: args.max_moves_per_s,
            dump_folder: std::env::var_os("CURIO_BOT_DUMP").map(PathBuf::from),
            ..BotSettings::default()
        },
        calibrate_only: false,
    };
    let json_output = args.json;
    let mut observer = |status: &bot::BotStatus<bot::puzlogic::PuzlogicGame>| {
        if let BotEvent::GameOver { .. } = status.event
            && !json_output
        {
            eprintln!("level {} solved ({} moves so far)", status.report.games, status.report.moves);
        }
        std::ops::ControlFlow::Continue(())
    };
    let outcome = run_session(&request, bot::puzlogic::PuzlogicGame::new(), open_window, &mut observer)?;
    let (report, log) = (outcome.report, outcome.log);
    let (checked, wrong) = match &truth {
        Some(path) => {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let _ = std::fs::remove_file(path);
            let lines: Vec<serde_json::Value> =
                text.lines().filter_map(|line| serde_json::from_str(line).ok()).collect();
            let first_reads: Vec<String> =
                log.games.iter().filter_map(|reads| reads.first().cloned()).collect();
            let (checked, wrong) = bot::puzlogic::check_first_reads(&first_reads, &lines);
            (Some(checked), Some(wrong))
        }
        None => (None, None),
    };
    let misreads = report.misreads + wrong.unwrap_or(0);
    let seconds_per_level = if report.game_seconds.is_empty() {
        0.0
    } else {
        report.game_seconds.iter().sum::<f64>() / report.game_seconds.len() as f64
    };
    if json_output {
        print_json(&json!({
            "levels": report.games,
            "solved": report.wins,
            "misreads": misreads,
            "outside_presses": report.outside_clicks,
            "seconds_per_level": seconds_per_level,
            "drags": report.moves,
            "drags_per_second": report.moves_per_second,
            "reads": report.reads,
            "reads_checked_against_truth": checked,
            "reads_unlike_truth": wrong,
            "reads_not_solvable": report.misreads,
            "target": args.target,
            "stopped": report.stopped,
        }))?;
    } else {
        say!(
            "{} levels, {} solved; {} drags at {:.2} a second, {:.1} s a level; {} misreads{}; {} presses outside the board",
            report.games,
            report.wins,
            report.moves,
            report.moves_per_second,
            seconds_per_level,
            misreads,
            checked.map(|n| format!(" (checked {n} levels against the window's log)")).unwrap_or_default(),
            report.outside_clicks
        );
    }
    match &report.stopped {
        Some(reason) => Err(CliError::Failure(anyhow::anyhow!("the bot stopped: {reason}"))),
        None => Ok(()),
    }
}

/// How many of the logged games the solver wins when it plays them itself (same board, rule
/// and seed, no screen).
fn solver_wins_on(lines: &[serde_json::Value]) -> usize {
    use ::mines::{BoardConfig, FirstClickRule, Policy, play_game};
    lines
        .iter()
        .filter(|line| {
            let number = |key: &str| line[key].as_u64().unwrap_or(0) as usize;
            let mines = line["mines"].as_array().map_or(0, Vec::len);
            let rule = FirstClickRule::ALL
                .into_iter()
                .find(|rule| Some(rule.name()) == line["rule"].as_str())
                .unwrap_or_default();
            BoardConfig::new(number("width"), number("height"), mines, rule)
                .ok()
                .and_then(|config| {
                    play_game(config, line["seed"].as_u64().unwrap_or(0), &Policy::default()).ok()
                })
                .is_some_and(|record| record.won)
        })
        .count()
}

fn read(args: ReadArgs) -> Result<(), CliError> {
    let image = match (&args.image, &args.window) {
        (Some(path), _) => image::open(path)
            .with_context(|| format!("cannot read image {}", path.display()))
            .map_err(usage)?
            .to_rgba8(),
        (None, Some(title)) => {
            need_display()?;
            let mut screen = XcapScreen::default();
            let list = screen.windows().map_err(|error| CliError::Failure(error.into()))?;
            let window = match TargetKind::parse(title) {
                TargetKind::WindowId(id) => list.into_iter().find(|window| window.id == id),
                _ => list.into_iter().find(|window| window.title.contains(title.as_str())),
            }
            .ok_or_else(|| usage(anyhow::anyhow!("no window '{title}' (see curio bot windows)")))?;
            screen.capture(window.id).map_err(|error| CliError::Failure(error.into()))?.image
        }
        (None, None) => return Err(usage(anyhow::anyhow!("give --window TITLE or --image FILE"))),
    };
    let calibration =
        bot::calibrate(&image, args.theme).map_err(|error| usage(anyhow::anyhow!("{error}")))?;
    let board = bot::read(&image, &calibration);
    if let Some(out) = &args.out {
        let annotated = bot::annotate(&image, &calibration, &board);
        let bytes = curio_core::export::encode_png(&annotated)
            .map_err(|message| CliError::Failure(anyhow::anyhow!(message)))?;
        curio_core::export::write_atomically(out, &bytes)
            .with_context(|| format!("cannot write {}", out.display()))
            .map_err(CliError::Failure)?;
    }
    if args.json {
        return print_json(&json!({ "calibration": calibration, "board": board.to_text() }));
    }
    say!(
        "{}x{} board, {:.1}-pixel cells at ({:.1}, {:.1})",
        calibration.columns,
        calibration.rows,
        calibration.pitch[0],
        calibration.origin[0],
        calibration.origin[1]
    );
    say!("{}", board.to_text());
    Ok(())
}
