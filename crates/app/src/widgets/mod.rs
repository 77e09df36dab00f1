//! Small reusable widgets.

mod figure_export;
mod job_progress;
mod scene_raster;

pub use figure_export::FigureExport;
pub use job_progress::job_progress;
pub use scene_raster::{INLINE_RASTER_COST, RasterWork, SceneRaster, full_uv};

use eframe::egui;

/// What a panel's last action came to, shown under its controls: `Ok` done, with a line saying
/// what was done, or `Err` failed, with a line saying why. Every panel keeps its last one as
/// `Option<Outcome>` and shows it with [`outcome_label`].
pub type Outcome = Result<String, String>;

/// Shows an outcome line: done in green, failed in red, nothing for `None`.
pub fn outcome_label(ui: &mut egui::Ui, outcome: Option<&Outcome>) {
    match outcome {
        Some(Ok(text)) => {
            ui.colored_label(crate::theme::SUCCESS, text);
        }
        Some(Err(text)) => {
            ui.colored_label(crate::theme::ERROR, text);
        }
        None => {}
    }
}
