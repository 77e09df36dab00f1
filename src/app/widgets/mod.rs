//! Small reusable widgets.

mod figure_export;
mod job_progress;
mod mines_board;
mod scene_raster;

pub use figure_export::FigureExport;
pub use job_progress::job_progress;
pub use mines_board::{BoardClick, BoardFills, BoardZoom, GpuBoard, MinesBoard, board_texels};
pub use scene_raster::{INLINE_RASTER_COST, RasterWork, SceneRaster, full_uv};

use eframe::egui;

/// Shows an outcome line: success in green, error in red, nothing for `None`.
pub fn outcome_label(ui: &mut egui::Ui, outcome: Option<&Result<String, String>>) {
    match outcome {
        Some(Ok(text)) => {
            ui.colored_label(crate::app::theme::SUCCESS, text);
        }
        Some(Err(text)) => {
            ui.colored_label(crate::app::theme::ERROR, text);
        }
        None => {}
    }
}
