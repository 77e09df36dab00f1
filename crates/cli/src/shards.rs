//! The `--shard I/N` flags of the commands whose work splits, and what their merges share:
//! reading a set of partials as a command's own types and checking each shard's block.

use crate::{CliError, usage};
use clap::Args;
use curio_core::shard::{Partial, Shard};
use std::path::PathBuf;

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
        self.partial.as_deref().map_or(Ok(()), |path| crate::check_folder(path, "partial result"))
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
                curio_core::files::write_atomically(path, format!("{text}\n").as_bytes()).map_err(|error| {
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
