//! Background jobs of the GUI: jobs that repaint the window when they report or end, so that a
//! panel polling them in `logic` shows their progress and result without waiting for input.

use crate::jobs::{Job, JobReporter, Wake};
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
