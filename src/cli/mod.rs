//! The command-line interface: one subcommand group per domain. Thin: parse, validate, call the
//! domain, print. Results go to stdout (one JSON object with `--json`), progress bars to stderr.
//! Exit codes: 0 success, 2 bad input, 1 failure.

/// `println!` that ends the process quietly when the reader of stdout has gone (see `print_line`).
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::print_line(format_args!($($arg)*))
    };
}

mod export_file;
pub(crate) mod merge;
mod progress_bar;

pub use progress_bar::run_job_with_bar;

use clap::{Parser, Subcommand};

/// Curio: a workbench for recreational-math solvers and game-playing AI.
#[derive(Debug, Parser)]
#[command(name = "curio", version, about, long_about = None, after_help = "With no subcommand, opens the desktop app. Each command group lists its own examples: curio <COMMAND> --help.\n\nExamples:\n  curio                       open the workbench\n  curio gui --panel mines     open it on one panel\n  curio star render --n 7 --d 3 --out star.svg\n  curio mines bench --level expert --games 10000 --seed 1 --json")]
pub struct Cli {
    /// What to run; none opens the GUI.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Declares the domains' command groups, one line each: the module `cli/<module>.rs` (whose
/// `run` takes the parsed arguments), the subcommand's variant and its arguments type; the doc
/// comment is the subcommand's help. Expands to the `mod` lines, the [`Command`] enum (plus
/// `gui`) and [`run_domain`].
macro_rules! domain_commands {
    ($($(#[$doc:meta])* $module:ident :: $variant:ident($args:ident),)*) => {
        $(mod $module;)*

        /// Top-level subcommands.
        #[derive(Debug, Subcommand)]
        pub enum Command {
            $($(#[$doc])* $variant($module::$args),)*
            /// Merge the partial results of a sharded job (--shard I/N) into what one run prints.
            Merge(merge::MergeArgs),
            /// Open the desktop app (the default).
            Gui(GuiArgs),
        }

        /// Runs a domain's subcommand; `None` for `gui`, which [`run`] handles.
        fn run_domain(command: Command) -> Option<Result<(), CliError>> {
            match command {
                $(Command::$variant(args) => Some($module::run(args)),)*
                Command::Merge(args) => Some(merge::run(args)),
                Command::Gui(_) => None,
            }
        }
    };
}

domain_commands! {
    /// Star polygons {n/d} and stellar numbers.
    star::Star(StarArgs),
    /// Minesweeper: exact probability solver and win-rate benchmark.
    mines::Mines(MinesArgs),
    /// Fermat points, geometric medians, Torricelli triangles (PE143) and PE299.
    fermat::Fermat(FermatArgs),
    /// Tetris: evolve placement weights, play games, time the evaluator.
    tetris::Tetris(TetrisArgs),
    /// Gregg shorthand: English to outlines, rendered as connected strokes.
    gregg::Gregg(GreggArgs),
    /// The vision/click bot: read and play a minesweeper window through the screen.
    bot::Bot(BotArgs),
    /// Bulls and Cows and Mastermind: every strategy's exact cost over every secret.
    bulls::Bulls(BullsArgs),
    /// Towers of Hanoi: any start, 3 to 6 pegs, Frame–Stewart against search.
    hanoi::Hanoi(HanoiArgs),
    /// Classics: tournament rooms, consecutive-prime sums, Quality of Living, Code Jam 2018.
    classics::Classics(ClassicsArgs),
    /// Go on a board without lines: exact integer placement, capture, and a Monte Carlo player.
    go::Go(GoArgs),
    /// Puzlogic: solve (every solution), generate unique puzzles, time the solver.
    puzlogic::Puzlogic(PuzlogicArgs),
}

/// Options of `curio gui`.
#[derive(Debug, Clone, Default, clap::Args)]
#[command(
    after_help = "Examples:\n  curio gui\n  curio gui --panel star --size 800x600\n  curio gui --measure-fps 10   # repaint continuously, print frames per second, quit"
)]
pub struct GuiArgs {
    /// Panel to show first (overrides the saved choice).
    #[arg(long, value_parser = panel_keys())]
    pub panel: Option<String>,
    /// Initial window size in logical pixels, WIDTHxHEIGHT.
    #[arg(long, value_parser = parse_window_size)]
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
}

/// The names `--panel` takes: the panels' keys.
fn panel_keys() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        crate::app::panels::PANELS
            .iter()
            .map(|entry| clap::builder::PossibleValue::new(entry.key).help(entry.title)),
    )
}

impl From<GuiArgs> for crate::app::GuiOptions {
    fn from(args: GuiArgs) -> Self {
        Self {
            panel: args.panel,
            size: args.size,
            measure_fps: args.measure_fps,
            quit_after: args.quit_after,
            fresh: args.fresh,
            settings: args.settings,
            notice: None,
        }
    }
}

/// A clap parser of the values in `all`, each written as `name` gives it: domain enums stay
/// free of clap, and the CLI lists their names in `--help` and error messages.
pub(crate) fn named<T: Copy + Send + Sync + 'static>(
    all: &'static [T],
    name: fn(&T) -> &'static str,
) -> impl clap::builder::TypedValueParser<Value = T> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(all.iter().map(name)).try_map(move |text: String| {
        all.iter().copied().find(|value| name(value) == text).ok_or_else(|| format!("unknown value '{text}'"))
    })
}

/// Parses `ROWSxCOLUMNS` (or `WIDTHxHEIGHT`) into two whole numbers, for clap; ranges are the
/// caller's to check.
pub(crate) fn parse_grid_size(text: &str) -> Result<(usize, usize), String> {
    let (a, b) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("'{text}' must look like ROWSxCOLUMNS, e.g. 9x9"))?;
    let parse = |value: &str| {
        value.trim().parse::<usize>().map_err(|_| format!("'{text}': '{value}' is not a whole number"))
    };
    Ok((parse(a)?, parse(b)?))
}

fn parse_window_size(text: &str) -> Result<(f32, f32), String> {
    let (width, height) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("size '{text}' must look like WIDTHxHEIGHT, e.g. 1280x800"))?;
    let parse = |value: &str| -> Result<f32, String> {
        let number: u32 =
            value.trim().parse().map_err(|_| format!("size '{text}': '{value}' is not a whole number"))?;
        if (200..=8192).contains(&number) {
            Ok(number as f32)
        } else {
            Err(format!("size '{text}': {number} is out of range, each side must be 200..=8192"))
        }
    };
    Ok((parse(width)?, parse(height)?))
}

/// An error with its exit code.
#[derive(Debug)]
pub enum CliError {
    /// Bad input: exit code 2.
    Usage(anyhow::Error),
    /// The work failed: exit code 1.
    Failure(anyhow::Error),
}

impl CliError {
    /// The process exit code.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Failure(_) => 1,
        }
    }

    /// The one-line message.
    pub fn message(&self) -> String {
        match self {
            CliError::Usage(error) | CliError::Failure(error) => format!("{error:#}"),
        }
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        None => crate::app::run(crate::app::GuiOptions::default()).map_err(CliError::Failure),
        Some(Command::Gui(args)) => {
            if let Some(path) = &args.settings {
                crate::app::load_settings(path).map_err(CliError::Usage)?;
            }
            crate::app::run(args.into()).map_err(CliError::Failure)
        }
        Some(command) => run_domain(command).unwrap_or(Ok(())),
    }
}

/// Bad input (exit code 2) when the folder `path` would be written in does not exist, naming
/// `what` is written ("log", "partial result"): checked before the work starts, not after.
pub(crate) fn check_folder(path: &std::path::Path, what: &str) -> Result<(), CliError> {
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    if parent.is_dir() {
        return Ok(());
    }
    Err(usage(anyhow::anyhow!(
        "cannot write {what} '{}': folder '{}' does not exist",
        path.display(),
        parent.display()
    )))
}

/// Bad input: the error with exit code 2.
pub(crate) fn usage(error: impl Into<anyhow::Error>) -> CliError {
    CliError::Usage(error.into())
}

/// Prints `value` as one JSON object on stdout.
pub(crate) fn print_json(value: &serde_json::Value) -> Result<(), CliError> {
    let text = serde_json::to_string(value).map_err(|error| CliError::Failure(error.into()))?;
    print_line(format_args!("{text}"));
    Ok(())
}

/// Prints one line on stdout. When the reader has gone (`curio ... | head -1`) the process ends
/// quietly, as Unix tools do; any other write error ends it with a message and exit code 1.
pub(crate) fn print_line(line: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(error) = writeln!(out, "{line}").and_then(|()| out.flush()) {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {error}");
        std::process::exit(1);
    }
}
