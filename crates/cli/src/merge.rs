//! `curio merge`: checks that a set of partial results (`--shard I/N`) is one whole job and
//! prints what a single run prints. It merges the commands it is given (each domain's
//! [`Merge`]s) and names none of them.

use crate::facets::{Merge, MergeResult};
use crate::shards::wall_seconds;
use crate::{CliError, usage};
use clap::Args;
use curio_core::shard::{Partial, complete_set};
use std::path::PathBuf;

/// `curio merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The partial results, one file a shard, in any order.
    #[arg(required = true, value_name = "PARTIAL.json")]
    files: Vec<PathBuf>,
    /// Print one JSON object on stdout (as the command itself does with --json).
    #[arg(long)]
    json: bool,
}

/// The help's epilogue: the commands of `merges`, and an example.
pub fn after_help(merges: &[&Merge]) -> String {
    let commands: Vec<&str> = merges.iter().map(|merge| merge.command).collect();
    format!(
        "Merges: {}.\n\nExamples:\n  curio mines bench --games 100000 --seed 1 --shard 0/2 --partial a.json\n  curio mines bench --games 100000 --seed 1 --shard 1/2 --partial b.json\n  curio merge a.json b.json --json",
        commands.join(", ")
    )
}

/// Runs `curio merge` with the commands of `merges`.
pub fn run(args: MergeArgs, merges: &[&Merge]) -> Result<(), CliError> {
    let mut parts = Vec::with_capacity(args.files.len());
    for path in &args.files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|error| usage(anyhow::anyhow!("cannot read '{name}': {error}")))?;
        let partial = Partial::parse(&text).map_err(|error| usage(anyhow::anyhow!("{name}: {error}")))?;
        parts.push((name, partial));
    }
    let parts = complete_set(parts).map_err(|error| usage(anyhow::anyhow!(error)))?;
    merged(&parts, merges)?.print(wall_seconds(&parts), args.json)
}

/// Merges a complete set of partials (see [`complete_set`]) by their command, one of `merges`.
pub fn merged(parts: &[Partial], merges: &[&Merge]) -> MergeResult {
    let command = parts[0].command.as_str();
    match merges.iter().find(|merge| merge.command == command) {
        Some(merge) => (merge.merge)(parts),
        None => Err(usage(anyhow::anyhow!("'{command}' is not a command whose partial results merge"))),
    }
}
