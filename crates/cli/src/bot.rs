//! `curio bot ...`: read a minesweeper board from the screen or an image, play the declared games
//! by mouse.
use crate::facets::{GroupArgs, House};

use super::{CliError, named, print_json, usage};
use ::bot::Policy;
use ::bot::{
    self, Backends, BotEvent, BotGame, BotSettings, InputSink, LaunchRequest, Level, ScreenSource, Seen,
    SessionControl, SessionRequest, TargetKind, Theme,
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
        after_help = "A target is a program of the game's, which the bot launches (builtin is the game's own window), or an open window by (part of) its title or by the id `curio bot windows` lists (decimal or 0x hexadecimal).\n\nSet CURIO_BOT_DUMP to a folder to keep the capture of a board that could not be read or found.\n\nExamples:\n  curio bot play --target builtin --games 5 --json\n  curio bot play --target gnome-mines --games 3 --level beginner\n  curio bot play --target \"Minesweeper\" --games 1 --dry-run\n  curio bot play --target 0x1a00007 --games 1"
    )]
    Play(PlayArgs),
    /// Find the board in a window (or a screenshot file) and print what each cell shows.
    #[command(
        after_help = "Examples:\n  curio bot read --window \"Curio Minesweeper\" --out annotated.png\n  curio bot read --window 0x1a00007 --json\n  curio bot read --image screenshot.png --theme tinted --json\n  curio bot read --window \"Some Mines\" --theme learned"
    )]
    Read(ReadArgs),
    /// List the windows the bot can see.
    Windows(WindowsArgs),
}

#[derive(Debug, Args)]
struct PlayArgs {
    /// The game (the first declared where not given).
    #[arg(long)]
    game: Option<String>,
    /// A program of the game's (builtin, ...), (part of) a window's title, or a window's id.
    #[arg(long)]
    target: String,
    /// Games to finish, 1..=100000.
    #[arg(long, default_value_t = bot::GAMES.default, value_parser = |text: &str| bot::GAMES.parse(text))]
    games: u32,
    /// Levels to solve (the same as --games, for games of levels).
    #[arg(long, value_parser = |text: &str| bot::GAMES.parse(text), conflicts_with = "games")]
    levels: Option<u32>,
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
    /// Chord where it saves clicks: flag a number's mines, then click the number to open its
    /// other neighbours (minesweeper targets that chord, as the built-in window does).
    #[arg(long)]
    chord: bool,
    /// Who decides the moves: the game's own policy, or a reference player to measure it against
    /// (games that have them: the launcher game's idle player, and its random presser).
    #[arg(long, default_value = "own", value_parser = named(&Policy::ALL, Policy::name))]
    policy: Policy,
    /// Most moves a second, 0.5..=200.
    #[arg(long, default_value_t = bot::MOVES_PER_SECOND.default, value_parser = |text: &str| bot::MOVES_PER_SECOND.parse(text))]
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
    fn run(self, house: &House) -> Result<(), CliError> {
        match self.command {
            BotCommand::Read(args) => read(args),
            BotCommand::Play(args) => play(args, house),
            BotCommand::Windows(args) => windows(args),
        }
    }

    /// `--game` takes the declared games' names; the help lists each game's programs.
    fn furnish(command: clap::Command, house: &House) -> clap::Command {
        let games: Vec<clap::builder::PossibleValue> = house
            .bot_games
            .iter()
            .map(|game| clap::builder::PossibleValue::new(game.name).help(game.title))
            .collect();
        let targets: String = house
            .bot_games
            .iter()
            .map(|game| format!("\n  {} ({}): {}", game.name, game.title, target_names(game)))
            .collect();
        let default = house.bot_games.first().map(|game| game.name);
        command.mut_subcommand("play", |play| {
            let play = play.mut_arg("game", |argument| {
                let argument = argument.value_parser(clap::builder::PossibleValuesParser::new(games));
                match default {
                    Some(name) => argument.default_value(name),
                    None => argument,
                }
            });
            let help = play.get_after_help().map(ToString::to_string).unwrap_or_default();
            play.after_help(format!("Games and their targets:{targets}\n\n{help}"))
        })
    }
}

/// Fails, naming what is missing and how to get it, where the bot cannot see or click windows.
fn need_display() -> Result<(), CliError> {
    let session = curio_platform::session::Session::current();
    session.bot_can_run().map_err(|message| CliError::Failure(anyhow::anyhow!(message)))?;
    if let Some(note) = session.bot_note() {
        eprintln!("note: {note}");
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

fn play(args: PlayArgs, house: &House) -> Result<(), CliError> {
    let names = || house.bot_games.iter().map(|game| game.name).collect::<Vec<_>>().join(", ");
    let game = match &args.game {
        Some(name) => house.bot_games.iter().find(|game| game.name == name),
        None => house.bot_games.first(),
    }
    .copied()
    .ok_or_else(|| {
        usage(anyhow::anyhow!(
            "no bot game '{}' (the games: {})",
            args.game.as_deref().unwrap_or(""),
            names()
        ))
    })?;
    if let Some(other) = house.bot_games.iter().find(|other| {
        other.name != game.name
            && !game.programs.iter().any(|program| program.name == args.target)
            && other.programs.iter().any(|program| program.name == args.target)
    }) {
        return Err(usage(anyhow::anyhow!(
            "{} is a target of {}, not of {}: give --game {} (targets of {}: {})",
            args.target,
            other.title,
            game.title,
            other.name,
            game.title,
            target_names(game)
        )));
    }
    if args.policy != Policy::Own && !game.reference_players {
        return Err(usage(anyhow::anyhow!(
            "--policy {} needs a game with reference players; {} has none (give --policy own)",
            args.policy.name(),
            game.title
        )));
    }
    need_display()?;
    let kind = TargetKind::parse(&args.target, game.programs);
    let open_window = !kind.is_launched();
    // Curio's own windows log each finished game: every read is checked against it.
    let truth = kind
        .program()
        .is_some_and(|program| program.logs_truth)
        .then(|| curio_core::files::temporary_path("curio-bot-truth").with_extension("jsonl"));
    let request = SessionRequest {
        launch: LaunchRequest { kind, level: args.level, seed: args.seed, log: truth.clone() },
        settings: BotSettings {
            games: args.levels.unwrap_or(args.games) as usize,
            dry_run: args.dry_run,
            max_moves_per_second: args.max_moves_per_s,
            mines: args.mines,
            level: args.level,
            dump_folder: std::env::var_os("CURIO_BOT_DUMP").map(PathBuf::from),
            chord: args.chord,
            policy: args.policy,
            ..BotSettings::default()
        },
        calibrate_only: false,
    };
    let words = game.words;
    let json_output = args.json;
    let mut observer = |status: &Seen| {
        if json_output {
            return std::ops::ControlFlow::Continue(());
        }
        match status.event {
            BotEvent::GameOver { won } => {
                let result = if won { words.won } else { "lost" };
                eprintln!(
                    "{} {}: {result} ({} {} so far)",
                    words.game, status.report.games, status.report.moves, words.moves
                );
            }
            BotEvent::Decided if args.dry_run && !status.message.is_empty() => {
                eprintln!("advice: {}", status.message);
            }
            _ => {}
        }
        std::ops::ControlFlow::Continue(())
    };
    let backends = Backends {
        launcher: Box::new(ProcessLauncher),
        screen: Box::new(XcapScreen::default()),
        input: Box::new(|| EnigoInput::new().map(|input| Box::new(input) as Box<dyn InputSink>)),
    };
    let outcome =
        (game.run)(&request, backends, &SessionControl::default(), &mut observer).map_err(|error| {
            match error {
                // A window named on the command line that is not there is bad input.
                bot::SessionError::Target(bot::targets::TargetError::NoWindow(_)) if open_window => {
                    usage(error)
                }
                error => CliError::Failure(error.into()),
            }
        })?;
    let check = truth.as_ref().map(|path| {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let _ = std::fs::remove_file(path);
        let lines: Vec<serde_json::Value> =
            text.lines().filter_map(|line| serde_json::from_str(line).ok()).collect();
        (game.check)(&outcome, &lines)
    });
    let report = outcome.report;
    let misreads = check.as_ref().map_or(report.misreads, |check| check.misreads);
    let checked = check.as_ref().map(|check| check.checked);
    let mean = |seconds: Vec<f64>| {
        if seconds.is_empty() { None } else { Some(seconds.iter().sum::<f64>() / seconds.len() as f64) }
    };
    let seconds_per_game = mean(report.game_seconds.clone()).unwrap_or(0.0);
    // A won game is played to its end: its length is the one to compare between targets.
    let seconds_per_won_game = mean(
        report.game_seconds.iter().zip(&report.results).filter(|(_, won)| **won).map(|(s, _)| *s).collect(),
    );
    if json_output {
        let mut object = serde_json::Map::new();
        let mut put = |key: String, value: serde_json::Value| {
            object.insert(key, value);
        };
        put("game".into(), game.name.into());
        put("target".into(), args.target.clone().into());
        put(words.games.into(), report.games.into());
        put(words.wins.into(), report.wins.into());
        put(words.moves.into(), report.moves.into());
        put("reads".into(), report.reads.into());
        put("misreads".into(), misreads.into());
        put("rejected_reads".into(), report.rejected_reads.into());
        put("reads_checked_against_truth".into(), json!(checked));
        put(format!("{}_per_second", words.moves), report.moves_per_second.into());
        put(format!("seconds_per_{}", words.game), seconds_per_game.into());
        put(format!("seconds_per_{}_{}", words.won, words.game), json!(seconds_per_won_game));
        put(format!("outside_{}", words.presses), report.outside_clicks.into());
        for (key, value) in check.iter().flat_map(|check| check.findings.clone()) {
            put(key.into(), value);
        }
        put("stopped".into(), json!(report.stopped));
        print_json(&serde_json::Value::Object(object))?;
    } else {
        say!(
            "{} {}, {} {}; {} {} at {:.1} a second, {:.1} s a {}; {} reads, {} misreads{}; {} {} outside the board",
            report.games,
            words.games,
            report.wins,
            words.won,
            report.moves,
            words.moves,
            report.moves_per_second,
            seconds_per_game,
            words.game,
            report.reads,
            misreads,
            checked.map(|n| format!(" (checked {n} reads against the window's log)")).unwrap_or_default(),
            report.outside_clicks,
            words.presses
        );
        for (key, value) in check.iter().flat_map(|check| check.findings.clone()) {
            say!("{}: {value}", key.replace('_', " "));
        }
        if let Some(reason) = &report.stopped {
            say!("stopped: {reason}");
        }
    }
    match &report.stopped {
        Some(reason) => Err(CliError::Failure(anyhow::anyhow!("the bot stopped: {reason}"))),
        None => Ok(()),
    }
}

/// The targets of a game, for people: its programs' names, or a window.
fn target_names(game: &BotGame) -> String {
    let mut names: Vec<&str> = game.programs.iter().map(|program| program.name).collect();
    names.push("a window's title or id");
    names.join(", ")
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
            let window = match TargetKind::parse(title, &[]) {
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
    // A learned skin: the digits seen are valued by the board where it tells them apart (with
    // the standard mine count of the size found); the others stay letters.
    let mut learned = ::bot::mines::learned::LearnedSkin::default();
    let mut board = if calibration.theme == Theme::Learned {
        learned.read(&image, &calibration)
    } else {
        bot::read(&image, &calibration)
    };
    let mut labelling = None;
    if calibration.theme == Theme::Learned
        && let Some(mines) = ::bot::targets::standard_mines(calibration.columns, calibration.rows)
    {
        labelling = Some(match ::bot::mines::learned::label(&mut learned, &board, mines) {
            Ok(_) => "the board values every digit it tells apart".to_string(),
            Err(problem) => problem,
        });
        board = learned.resolve(&board);
    }
    if let Some(out) = &args.out {
        let annotated = bot::annotate(&image, &calibration, &board);
        let bytes = curio_core::export::encode_png(&annotated)
            .map_err(|message| CliError::Failure(anyhow::anyhow!(message)))?;
        curio_core::export::write_atomically(out, &bytes)
            .with_context(|| format!("cannot write {}", out.display()))
            .map_err(CliError::Failure)?;
    }
    if args.json {
        return print_json(
            &json!({ "calibration": calibration, "board": board.to_text(), "labelling": labelling }),
        );
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
    if let Some(labelling) = labelling {
        say!("digits: {labelling}");
    }
    Ok(())
}
