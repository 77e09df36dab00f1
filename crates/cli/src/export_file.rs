//! Writing a figure to a file from the command line: the checks before any work, and the export
//! itself as a job under a progress bar. Every domain's `render` uses these.

use super::{CliError, run_job_with_bar, usage};
use curio_core::export::{self, ExportError};
use std::path::PathBuf;

/// An export error as the CLI reports it: bad input (exit 2) unless encoding failed.
pub(super) fn export_error(error: ExportError) -> CliError {
    match error {
        ExportError::Encode { .. } | ExportError::Cancelled => CliError::Failure(error.into()),
        _ => CliError::Usage(error.into()),
    }
}

/// Checks the output path before any work: format, size and parent folder.
pub(super) fn check_output(path: &std::path::Path, size: u64) -> Result<export::Format, CliError> {
    let format = export::Format::from_path(path).map_err(export_error)?;
    if format == export::Format::Png {
        export::check_size(size).map_err(export_error)?;
    }
    super::check_folder(path, "the figure")?;
    Ok(format)
}

/// Writes `scene` to `out` (PNG of `size` px or SVG) under a progress bar; returns the PNG's
/// size in pixels.
pub(super) fn save_with_bar(
    scene: curio_core::geom::Scene,
    out: PathBuf,
    size: u64,
) -> Result<(u32, u32), CliError> {
    let job_out = out.clone();
    let result = run_job_with_bar("curio-export", move |progress| {
        export::save(&scene, &job_out, size, progress)?;
        let view = scene.view_box;
        let longest = view.width().max(view.height());
        let scale = size as f64 / longest;
        Ok(((view.width() * scale).round() as u32, (view.height() * scale).round() as u32))
    })?;
    result.map_err(|error| match error {
        // Write errors name the path; they come from bad input (an unwritable location).
        error @ export::ExportError::Write { .. } => usage(error),
        other => CliError::Failure(other.into()),
    })
}
