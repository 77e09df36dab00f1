//! Curio: a workbench for recreational-math solvers and game-playing AI.
//!
//! The code lives in the workspace's crates (`crates/`, see docs/architecture.md). This crate
//! is the thin top: it assembles the command line from the domains' declarations
//! ([`app::DOMAINS`]), adds `merge` and `gui`, and lists every fuzz target. For the integration
//! tests and benchmarks it is also one name for every crate: `curio::mines` is the `mines`
//! crate, `curio::app` the app, and so on.

pub use curio_app as app;
pub use curio_cli as cli;
pub use curio_core::{export, files, geom, jobs, parallel, progress, shard, stats};
pub use curio_platform as platform;
pub use {
    ants, arena, bot, bulls, classics, connect4, conquest, counterpoint, eyes, fermat, go, gregg, hanoi,
    launch, mines, note, puzlogic, star, story, tetris,
};

pub mod fuzz;
pub mod generate;

use app::DOMAINS;
use app::domain::{house, merges};
use clap::{Args, FromArgMatches};
use cli::CliError;

/// The version `curio --version` prints: the package's and the commit it was built from.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("CURIO_COMMIT"), ")");

const ABOUT: &str = "Curio: a workbench for recreational-math solvers and game-playing AI.";
const AFTER_HELP: &str = "With no subcommand, opens the desktop app, with each FILE in the panel of its kind (a minesweeper board, a Go record, a Puzlogic puzzle, a Tetris run or weights, a Code Jam input). Each command group lists its own examples: curio <COMMAND> --help.\n\nExamples:\n  curio                       open the workbench\n  curio board.txt             open a minesweeper board in its panel\n  curio gui --panel mines     open it on one panel\n  curio star render --n 7 --d 3 --out star.svg\n  curio mines bench --level expert --games 10000 --seed 1 --json";

/// The command line as clap builds it: each domain's command group (with `window` where the
/// domain has a game window), then `merge` and `gui`. Numbers and coordinates may be negative
/// wherever a value is expected (`--toward -7,31`).
pub fn command() -> clap::Command {
    let mut command = clap::Command::new("curio").version(VERSION).about(ABOUT).after_help(AFTER_HELP);
    let house = house();
    for domain in DOMAINS {
        let mut group =
            (domain.commands.augment)(clap::Command::new(domain.name), &house).about(domain.about);
        if let Some(window) = &domain.game_window {
            group = group.subcommand(
                (window.commands.augment)(clap::Command::new("window"), &house).about(window.about),
            );
        }
        command = command.subcommand(group);
    }
    command = command.args_conflicts_with_subcommands(true).arg(
        clap::Arg::new("file")
            .value_name("FILE")
            .num_args(0..)
            .value_parser(clap::value_parser!(std::path::PathBuf))
            .help("Files to open in the app, each in the panel of its kind"),
    );
    command = command
        .subcommand(
            cli::merge::MergeArgs::augment_args(clap::Command::new("merge"))
                .about("Merge the partial results of a sharded job (--shard I/N) into what one run prints.")
                .after_help(cli::merge::after_help(&merges())),
        )
        .subcommand(
            GuiArgs::augment_args(clap::Command::new("gui")).about("Open the desktop app (the default)."),
        )
        .subcommand(
            generate::GenerateArgs::augment_args(clap::Command::new("generate"))
                .about("Write the manual pages or a shell's completions (what a package installs)."),
        );
    cli::negative_values(command)
}

/// Parses `args` (the program's name first) and runs the command. clap's own output (help,
/// version, a malformed command line) is printed and ends the process as clap does.
pub fn run_from<I, T>(args: I) -> Result<(), CliError>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    run(&command().get_matches_from(args))
}

/// Runs a parsed command line.
pub fn run(matches: &clap::ArgMatches) -> Result<(), CliError> {
    let parsed = |error: clap::Error| CliError::Usage(error.into());
    match matches.subcommand() {
        None => {
            let open: Vec<std::path::PathBuf> =
                matches.get_many::<std::path::PathBuf>("file").into_iter().flatten().cloned().collect();
            if let Some(missing) = open.iter().find(|path| !path.exists()) {
                return Err(cli::usage(anyhow::anyhow!(
                    "no file '{}' and no command of that name (curio --help lists the commands)",
                    missing.display()
                )));
            }
            app::run(app::GuiOptions { open, ..app::GuiOptions::default() }).map_err(CliError::Failure)
        }
        Some(("gui", sub)) => {
            let args = GuiArgs::from_arg_matches(sub).map_err(parsed)?;
            if let Some(missing) = args.files.iter().find(|path| !path.exists()) {
                return Err(cli::usage(anyhow::anyhow!("no file '{}'", missing.display())));
            }
            if let Some(path) = &args.settings {
                app::load_settings(path).map_err(CliError::Usage)?;
            }
            app::run(args.into()).map_err(CliError::Failure)
        }
        Some(("generate", sub)) => {
            generate::run(generate::GenerateArgs::from_arg_matches(sub).map_err(parsed)?)
        }
        Some(("merge", sub)) => {
            cli::merge::run(cli::merge::MergeArgs::from_arg_matches(sub).map_err(parsed)?, &merges())
        }
        Some((name, sub)) => {
            let Some(domain) = DOMAINS.iter().find(|domain| domain.name == name) else {
                return Err(cli::usage(anyhow::anyhow!("unknown command '{name}'")));
            };
            let house = house();
            match (&domain.game_window, sub.subcommand()) {
                (Some(window), Some(("window", window_matches))) => {
                    (window.commands.run)(window_matches, &house)
                }
                _ => (domain.commands.run)(sub, &house),
            }
        }
    }
}

/// Options of `curio gui`.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(
    after_help = "Examples:\n  curio gui\n  curio gui --panel star --size 800x600\n  curio gui --measure-fps 10   # repaint continuously, print frames per second, quit\n  curio gui --panel go game.txt"
)]
pub struct GuiArgs {
    /// Panel to show first (overrides the saved choice).
    #[arg(long, value_parser = panel_keys())]
    pub panel: Option<String>,
    /// Initial window size in logical pixels, WIDTHxHEIGHT.
    #[arg(long, value_parser = cli::parse_window_size)]
    pub size: Option<(f32, f32)>,
    /// Repaint continuously for SECONDS, print the frame rate as JSON on stdout, then quit.
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..=600))]
    pub measure_fps: Option<u32>,
    /// Quit after SECONDS (for smoke tests).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..=3600))]
    pub quit_after: Option<u32>,
    /// Do not load or save settings (start from defaults).
    #[arg(long)]
    pub fresh: bool,
    /// Start from the settings in this JSON file (same fields as the saved state) and do not
    /// save on exit; for reproducible demos, screenshots and measurements.
    #[arg(long, value_name = "FILE.json")]
    pub settings: Option<std::path::PathBuf>,
    /// Files to open, each in the panel of its kind (the last one's panel is shown).
    #[arg(value_name = "FILE")]
    pub files: Vec<std::path::PathBuf>,
}

/// The names `--panel` takes: the panels' keys.
fn panel_keys() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        app::domain::panels().map(|entry| clap::builder::PossibleValue::new(entry.key).help(entry.title)),
    )
}

impl From<GuiArgs> for app::GuiOptions {
    fn from(args: GuiArgs) -> Self {
        Self {
            panel: args.panel,
            size: args.size,
            measure_fps: args.measure_fps,
            quit_after: args.quit_after,
            fresh: args.fresh,
            settings: args.settings,
            notice: None,
            open: args.files,
        }
    }
}
