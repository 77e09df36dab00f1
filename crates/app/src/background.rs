//! Background jobs of the GUI: jobs that repaint the window when they report or end, so that a
//! panel polling them in `logic` shows their progress and result without waiting for input.

use curio_core::jobs::{Job, JobReporter, Wake};
use eframe::egui;
use std::sync::Arc;

/// A [`Wake`] that asks egui to repaint.
pub fn repaint(ctx: &egui::Context) -> Wake {
    let ctx = ctx.clone();
    Arc::new(move || ctx.request_repaint())
}

/// Starts `work` as a job named `name` that repaints the window on each update and when it ends.
pub fn spawn<T: Send + 'static>(
    ctx: &egui::Context,
    name: &str,
    work: impl FnOnce(&mut JobReporter) -> T + Send + 'static,
) -> std::io::Result<Job<T>> {
    Job::spawn_with_wake(name, Some(repaint(ctx)), work)
}

/// The result of a finished job, which is taken out of `job`, or `None` while it runs (or when
/// there is none); a failure (the job's error or its panic) is one line naming `what` failed.
pub fn finished<T: Send + 'static, E: std::fmt::Display + Send + 'static>(
    job: &mut Option<Job<Result<T, E>>>,
    what: &str,
) -> Option<Result<T, String>> {
    let result = job.as_mut()?.poll()?;
    *job = None;
    Some(match result {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(error)) => Err(format!("{what}: {error}")),
        Err(panicked) => Err(format!("{what}: {panicked}")),
    })
}
