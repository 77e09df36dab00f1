//! The command line's commands: one module per domain with its command group (parse,
//! validate, call the domain, print), the merges of its sharded commands and its fuzz targets;
//! `merge`, the shard flags and what the commands share. No UI: the binary assembles the
//! command line from the domains' declarations (in the app crate), `gui` included. Results go to stdout (one JSON object with `--json`), progress bars to stderr.
//! Exit codes: 0 success, 2 bad input, 1 failure.

/// `println!` that ends the process quietly when the reader of stdout has gone (see `print_line`).
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::print_line(format_args!($($arg)*))
    };
}

mod export_file;
pub mod facets;
pub mod fuzz;
pub mod merge;
mod progress_bar;
mod shards;

pub use progress_bar::run_job_with_bar;

// Each domain's command group, its merges and fuzz targets; the domain's `DOMAIN` (in the app)
// names them.
pub mod ants;
pub mod arena;
pub mod bot;
pub mod bulls;
pub mod classics;
pub mod connect4;
pub mod conquest;
pub mod counterpoint;
pub mod eyes;
pub mod fermat;
pub mod go;
pub mod gregg;
pub mod hanoi;
pub mod launch;
pub mod mines;
pub mod note;
pub mod puzlogic;
pub mod star;
pub mod story;
pub mod tetris;

/// Lets every value of `command` and its subcommands start with '-' when it is a number
/// (`--radius -3`) or a pair, an argument whose value name holds a comma (`X,Y`: `--toward
/// -7,31`).
pub fn negative_values(command: clap::Command) -> clap::Command {
    let names: Vec<String> = command.get_subcommands().map(|sub| sub.get_name().to_string()).collect();
    let mut command = command.allow_negative_numbers(true).mut_args(|arg| {
        let pair =
            arg.get_value_names().is_some_and(|names| names.iter().any(|name| name.as_str().contains(',')));
        arg.allow_hyphen_values(pair)
    });
    for name in names {
        command = command.mut_subcommand(name, negative_values);
    }
    command
}

/// A clap parser of the values in `all`, each written as `name` gives it: domain enums stay
/// free of clap, and the CLI lists their names in `--help` and error messages.
pub fn named<T: Copy + Send + Sync + 'static>(
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
pub fn parse_grid_size(text: &str) -> Result<(usize, usize), String> {
    let (a, b) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("'{text}' must look like ROWSxCOLUMNS, e.g. 9x9"))?;
    let parse = |value: &str| {
        value.trim().parse::<usize>().map_err(|_| format!("'{text}': '{value}' is not a whole number"))
    };
    Ok((parse(a)?, parse(b)?))
}

/// Parses `WIDTHxHEIGHT` (each side 200..=8192), for clap.
pub fn parse_window_size(text: &str) -> Result<(f32, f32), String> {
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

/// Bad input (exit code 2) when the folder `path` would be written in does not exist, naming
/// `what` is written ("log", "partial result"): checked before the work starts, not after.
pub fn check_folder(path: &std::path::Path, what: &str) -> Result<(), CliError> {
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
pub fn usage(error: impl Into<anyhow::Error>) -> CliError {
    CliError::Usage(error.into())
}

/// Prints `value` as one JSON object on stdout.
pub fn print_json(value: &serde_json::Value) -> Result<(), CliError> {
    let text = serde_json::to_string(value).map_err(|error| CliError::Failure(error.into()))?;
    print_line(format_args!("{text}"));
    Ok(())
}

/// Prints one line on stdout. When the reader has gone (`curio ... | head -1`) the process ends
/// quietly, as Unix tools do; any other write error ends it with a message and exit code 1.
pub fn print_line(line: std::fmt::Arguments<'_>) {
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
