//! Export of a panel's figure to SVG or PNG: the file and size fields, Export and Save as…
//! (the native dialog, absent under Xvfb, with the typed path as the fallback), and the export
//! itself as a job with progress, Cancel and its outcome line. Writes through `curio_core::export`,
//! as the CLI's `render` commands do, so both write the same bytes.

use crate::background;
use crate::widgets::{Outcome, job_progress, outcome_label};
use curio_core::export;
use curio_core::geom::Scene;
use curio_core::jobs::Job;
use eframe::egui;
use std::path::PathBuf;

/// The export of one panel: the running job and the last outcome.
#[derive(Default)]
pub struct FigureExport {
    job: Option<Job<Result<PathBuf, String>>>,
    message: Option<Outcome>,
}

impl FigureExport {
    /// Starts writing the scene that `make_scene` builds (on the job's thread) to the file
    /// `path` (.svg or .png, `size` px on the longest side); a bad path is reported at once.
    pub fn start(
        &mut self,
        ctx: &egui::Context,
        path: &str,
        size: u32,
        make_scene: impl FnOnce() -> Result<Scene, String> + Send + 'static,
    ) {
        let path = PathBuf::from(path.trim());
        if path.as_os_str().is_empty() {
            self.message = Some(Err("type a file name ending in .svg or .png".to_string()));
            return;
        }
        if let Err(error) = export::Format::from_path(&path) {
            self.message = Some(Err(error.to_string()));
            return;
        }
        let job = background::spawn(ctx, "curio-export", move |progress| {
            let scene = make_scene()?;
            export::save(&scene, &path, u64::from(size), progress).map_err(|error| match error {
                export::ExportError::Cancelled => "export cancelled".to_string(),
                other => other.to_string(),
            })?;
            Ok(std::fs::canonicalize(&path).unwrap_or(path))
        });
        match job {
            Ok(job) => {
                self.job = Some(job);
                self.message = None;
            }
            Err(error) => self.message = Some(Err(format!("cannot start export: {error}"))),
        }
    }

    /// Reports a problem found before the export could start.
    pub fn refuse(&mut self, message: String) {
        self.message = Some(Err(message));
    }

    /// Takes the outcome of a finished export; call each frame.
    pub fn poll(&mut self) {
        if let Some(job) = &mut self.job
            && let Some(result) = job.poll()
        {
            self.message = Some(match result {
                Ok(Ok(path)) => Ok(format!("saved {}", path.display())),
                Ok(Err(message)) => Err(message),
                Err(panicked) => Err(panicked.to_string()),
            });
            self.job = None;
        }
    }

    /// True while an export runs.
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// The last export's outcome: Ok(message) or Err(error).
    pub fn message(&self) -> Option<&Outcome> {
        self.message.as_ref()
    }

    /// The file and size fields, Export and Save as…, and the progress or outcome. Returns true
    /// when an export was asked for (the caller then calls [`FigureExport::start`] with its
    /// scene, to `path`).
    pub fn ui(&mut self, ui: &mut egui::Ui, path: &mut String, size: &mut u32) -> bool {
        let mut asked = false;
        ui.horizontal(|ui| {
            let label = ui.label("file");
            ui.add(egui::TextEdit::singleline(path).desired_width((ui.available_width() - 8.0).max(60.0)))
                .labelled_by(label.id)
                .on_hover_text("Path of the exported file; .svg or .png picks the format");
        });
        ui.horizontal(|ui| {
            let label = ui.label("PNG size");
            ui.add(egui::DragValue::new(size).range(1..=export::MAX_PNG_SIZE).suffix(" px"))
                .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let busy = self.job.is_some();
            if ui.add_enabled(!busy, egui::Button::new("Export")).clicked() {
                asked = true;
            }
            if ui.add_enabled(!busy, egui::Button::new("Save as…")).clicked() {
                let dialog = rfd::FileDialog::new().add_filter("SVG or PNG", &["svg", "png"]).set_file_name(path.clone());
                match dialog.save_file() {
                    Some(chosen) => {
                        *path = chosen.display().to_string();
                        asked = true;
                    }
                    None => self.refuse(
                        "no file chosen (or no file dialog on this system): type a path above and press Export"
                            .to_string(),
                    ),
                }
            }
        });
        if let Some(job) = &self.job {
            job_progress(ui, job);
        }
        outcome_label(ui, self.message.as_ref());
        asked
    }
}
