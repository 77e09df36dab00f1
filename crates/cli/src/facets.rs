//! The command-line facets a domain declares (in its `DOMAIN`, beside its panel in the app):
//! its command group ([`CommandGroup`]) and the merges of its sharded commands ([`Merge`]); and
//! what the declarations give the commands that serve every domain ([`House`]).

use crate::CliError;
use curio_core::shard::Partial;

/// What every domain's declaration gives the commands that serve them all: the games the bot
/// plays (`curio bot play --game`). The binary builds it from the declarations.
#[derive(Default)]
pub struct House {
    /// The declared bot games, in declaration order.
    pub bot_games: Vec<&'static bot::BotGame>,
}

/// A domain's command group: its arguments type, as clap builds and parses it.
pub struct CommandGroup {
    /// Adds the group's arguments and subcommands to the `clap::Command` it is given.
    pub augment: fn(clap::Command, &House) -> clap::Command,
    /// Runs the group from what clap parsed.
    pub run: fn(&clap::ArgMatches, &House) -> Result<(), CliError>,
}

/// The arguments of a domain's command group.
pub trait GroupArgs: clap::Args + clap::FromArgMatches {
    /// Runs the command the arguments name.
    fn run(self, house: &House) -> Result<(), CliError>;

    /// Adds to the arguments clap derived what only the house knows (the values an argument
    /// takes, its help); by default nothing.
    fn furnish(command: clap::Command, _house: &House) -> clap::Command {
        command
    }
}

impl CommandGroup {
    /// The group whose arguments are `A`.
    pub const fn of<A: GroupArgs>() -> Self {
        Self { augment: augment_group::<A>, run: run_group::<A> }
    }
}

fn augment_group<A: GroupArgs>(command: clap::Command, house: &House) -> clap::Command {
    A::furnish(A::augment_args(command), house)
}

fn run_group<A: GroupArgs>(matches: &clap::ArgMatches, house: &House) -> Result<(), CliError> {
    A::from_arg_matches(matches).map_err(|error| CliError::Usage(error.into()))?.run(house)
}

/// A command whose shards' partial results merge into what one run prints.
pub struct Merge {
    /// The command as its partials name it (`"mines bench"`).
    pub command: &'static str,
    /// Merges a complete set of partials (each checked to hold its block of the job).
    pub merge: fn(&[Partial]) -> MergeResult,
}

/// What a [`Merge`] gives: the merged result, or why the set does not merge.
pub type MergeResult = Result<Box<dyn Merged>, CliError>;

/// A merged result, ready to print as its command prints it.
pub trait Merged {
    /// Prints it; `seconds` is the job's wall time had its shards run side by side.
    fn print(&self, seconds: f64, json: bool) -> Result<(), CliError>;
}

struct PrintWith<T> {
    value: T,
    print: fn(&T, f64, bool) -> Result<(), CliError>,
}

impl<T> Merged for PrintWith<T> {
    fn print(&self, seconds: f64, json: bool) -> Result<(), CliError> {
        (self.print)(&self.value, seconds, json)
    }
}

/// A merged `value` that `print` prints (given the job's wall time and `--json`).
pub fn merged<T: 'static>(value: T, print: fn(&T, f64, bool) -> Result<(), CliError>) -> Box<dyn Merged> {
    Box::new(PrintWith { value, print })
}
