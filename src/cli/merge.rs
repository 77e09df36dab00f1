//! `curio merge` and the `--shard I/N` flags of the commands whose work splits: a shard writes a
//! partial result, `merge` checks that a set of them is one whole job and prints what a single
//! run prints (see `shard`).

use super::{CliError, usage};
use crate::shard::{Partial, Shard, complete_set};
use clap::Args;
use std::path::PathBuf;

/// `curio merge`.
#[derive(Debug, Args)]
#[command(
    after_help = "Merges: mines bench, mines compare, tetris play, fermat torricelli, classics tournaments,\ngo selfplay.\n\nExamples:\n  curio mines bench --games 100000 --seed 1 --shard 0/2 --partial a.json\n  curio mines bench --games 100000 --seed 1 --shard 1/2 --partial b.json\n  curio merge a.json b.json --json"
)]
pub struct MergeArgs {
    /// The partial results, one file a shard, in any order.
    #[arg(required = true, value_name = "PARTIAL.json")]
    files: Vec<PathBuf>,
    /// Print one JSON object on stdout (as the command itself does with --json).
    #[arg(long)]
    json: bool,
}

/// The flags that run one shard of a job.
#[derive(Debug, Clone, Args)]
pub(crate) struct ShardArgs {
    /// Run only shard I of N (0-based) and write a partial result for `curio merge` instead of
    /// the result; what each game or item does does not depend on the shard.
    #[arg(long, value_name = "I/N", value_parser = Shard::parse)]
    shard: Option<Shard>,
    /// Write the partial result to this file (replaced whole, never half-written) instead of
    /// standard output.
    #[arg(long, value_name = "FILE.json", requires = "shard")]
    partial: Option<PathBuf>,
}

impl ShardArgs {
    /// The shard to run (the whole job without --shard).
    pub(crate) fn shard(&self) -> Shard {
        self.shard.unwrap_or(Shard::WHOLE)
    }

    /// Whether a partial result is wanted.
    pub(crate) fn is_partial(&self) -> bool {
        self.shard.is_some()
    }

    /// Fails early when the partial result's folder does not exist.
    pub(crate) fn check(&self) -> Result<(), CliError> {
        self.partial.as_deref().map_or(Ok(()), |path| super::check_folder(path, "partial result"))
    }

    /// Writes the partial result of `command` to the file or stdout.
    pub(crate) fn write(
        &self,
        command: &str,
        settings: &impl serde::Serialize,
        seconds: f64,
        data: &impl serde::Serialize,
    ) -> Result<(), CliError> {
        let partial = Partial::new(command, settings, self.shard(), seconds, data)
            .map_err(|error| CliError::Failure(error.into()))?;
        let text = serde_json::to_string(&partial).map_err(|error| CliError::Failure(error.into()))?;
        match &self.partial {
            Some(path) => {
                crate::files::write_atomically(path, format!("{text}\n").as_bytes()).map_err(|error| {
                    CliError::Failure(anyhow::anyhow!(
                        "cannot write partial result '{}': {error}",
                        path.display()
                    ))
                })
            }
            None => {
                say!("{text}");
                Ok(())
            }
        }
    }
}

/// The settings and data of a complete set of partials, as the command's own types.
pub(crate) fn read_set<S, D>(parts: &[Partial]) -> Result<(S, Vec<D>), CliError>
where
    S: serde::de::DeserializeOwned,
    D: serde::de::DeserializeOwned,
{
    let settings = parts[0].settings().map_err(|error| usage(anyhow::anyhow!(error)))?;
    let data = parts
        .iter()
        .map(|part| part.data().map_err(|error| usage(anyhow::anyhow!(error))))
        .collect::<Result<Vec<D>, CliError>>()?;
    Ok((settings, data))
}

/// Refuses a partial that holds `found` of `what` (games, tournaments) when its shard's block
/// of the job's `total` has another count: with every shard checked, the blocks of a complete
/// set add up to the job.
pub(crate) fn check_block(part: &Partial, found: u64, total: u64, what: &str) -> Result<(), CliError> {
    let range = part.shard.range(total);
    let expected = range.end - range.start;
    if found == expected {
        return Ok(());
    }
    Err(usage(anyhow::anyhow!(
        "shard {} holds {found} {what}, but its block of the job's {total} has {expected}",
        part.shard.name()
    )))
}

/// The job's wall time if its shards ran side by side: the slowest shard's.
pub(crate) fn wall_seconds(parts: &[Partial]) -> f64 {
    parts.iter().map(|part| part.seconds).fold(0.0, f64::max)
}

pub(super) fn run(args: MergeArgs) -> Result<(), CliError> {
    let mut parts = Vec::with_capacity(args.files.len());
    for path in &args.files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|error| usage(anyhow::anyhow!("cannot read '{name}': {error}")))?;
        let partial = Partial::parse(&text).map_err(|error| usage(anyhow::anyhow!("{name}: {error}")))?;
        parts.push((name, partial));
    }
    let parts = complete_set(parts).map_err(|error| usage(anyhow::anyhow!(error)))?;
    let seconds = wall_seconds(&parts);
    match merged(&parts)? {
        Merged::MinesBench(result) => super::mines::print_bench(&result, args.json),
        Merged::MinesCompare(comparison) => super::mines::print_comparison(&comparison, args.json),
        Merged::TetrisPlay(job, report) => super::tetris::print_play(&job, &report, args.json),
        Merged::Torricelli(job, result) => super::fermat::print_torricelli(&job, *result, seconds, args.json),
        Merged::Tournaments(census) => super::classics::print_census(&census, seconds, args.json),
        Merged::GoSelfplay(job, report) => super::go::print_match(&job, &report, args.json),
    }
}

/// A merged result, ready to print as its command prints it.
pub(crate) enum Merged {
    MinesBench(Box<crate::mines::BenchResult>),
    MinesCompare(Box<crate::mines::Comparison>),
    TetrisPlay(Box<super::tetris::PlayJob>, Box<crate::tetris::PlayReport>),
    Torricelli(Box<super::fermat::TorricelliJob>, Box<crate::fermat::torricelli::TorricelliResult>),
    Tournaments(Box<crate::classics::tournaments::Census>),
    GoSelfplay(Box<super::go::SelfplayJob>, Box<crate::eugo::ai::MatchReport>),
}

/// Merges a complete set of partials (see [`complete_set`]) by their command.
pub(crate) fn merged(parts: &[Partial]) -> Result<Merged, CliError> {
    Ok(match parts[0].command.as_str() {
        "mines bench" => Merged::MinesBench(Box::new(super::mines::merge_bench(parts)?)),
        "mines compare" => Merged::MinesCompare(Box::new(super::mines::merge_compare(parts)?)),
        "tetris play" => {
            let (job, report) = super::tetris::merge_play(parts)?;
            Merged::TetrisPlay(Box::new(job), Box::new(report))
        }
        "fermat torricelli" => {
            let (job, result) = super::fermat::merge_torricelli(parts)?;
            Merged::Torricelli(Box::new(job), Box::new(result))
        }
        "classics tournaments" => Merged::Tournaments(Box::new(super::classics::merge_tournaments(parts)?)),
        "go selfplay" => {
            let (job, report) = super::go::merge_selfplay(parts)?;
            Merged::GoSelfplay(Box::new(job), Box::new(report))
        }
        other => {
            return Err(usage(anyhow::anyhow!("'{other}' is not a command whose partial results merge")));
        }
    })
}
