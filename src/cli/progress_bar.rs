//! Runs a background job while an indicatif bar on stderr shows its progress.

use crate::jobs::{Job, JobError, JobReporter};
use indicatif::{ProgressBar, ProgressStyle};

/// Runs `work` as a named job, drawing a progress bar on stderr (hidden when stderr is not a
/// terminal) until it ends.
pub fn run_job_with_bar<T: Send + 'static>(
    name: &str,
    work: impl FnOnce(&mut JobReporter) -> Result<T, JobError> + Send + 'static,
) -> Result<T, JobError> {
    let job =
        Job::spawn(name, work).map_err(|error| JobError::Failed(format!("cannot start thread: {error}")))?;
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
    result
}
