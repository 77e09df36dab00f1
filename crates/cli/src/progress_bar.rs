//! Runs a background job while an indicatif bar on stderr shows its progress.

use super::CliError;
use curio_core::jobs::{Job, JobReporter};
use indicatif::{ProgressBar, ProgressStyle};

/// Runs `work` as a named job, drawing a progress bar on stderr (hidden when stderr is not a
/// terminal) until it ends; returns what `work` returned. A thread that cannot start or that
/// panics is a failure (exit code 1).
pub fn run_job_with_bar<T: Send + 'static>(
    name: &str,
    work: impl FnOnce(&mut JobReporter) -> T + Send + 'static,
) -> Result<T, CliError> {
    let job = Job::spawn(name, work)
        .map_err(|error| CliError::Failure(anyhow::anyhow!("cannot start thread '{name}': {error}")))?;
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let result = job.wait(|status| {
        bar.set_length(status.total);
        bar.set_position(status.done);
        bar.set_message(status.message.clone());
    });
    bar.finish_and_clear();
    result.map_err(|panicked| CliError::Failure(panicked.into()))
}
