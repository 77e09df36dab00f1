//! The Fermat panel's two searches as background jobs: Torricelli triangles (Project Euler
//! 143), with a table whose rows draw their triangle, and the Project Euler 299 count.

use super::{FermatMode, FermatPanel, SAVED_ROWS, SavedTorricelli, VIEW};
use crate::widgets::{job_progress, outcome_label};
use crate::{background, theme};
use ::fermat::{Pe299Result, TorricelliResult, TorricelliTriangle, pe299, torricelli};
use curio_core::geom::Point;
use curio_core::jobs::{Job, JobReporter};
use curio_core::progress::Cancelled;
use eframe::egui;
use std::time::Instant;

/// A Torricelli search: its result (or cancel) and its time in seconds.
pub(super) type TorricelliJob = Job<(Result<TorricelliResult, Cancelled>, f64)>;

/// A Project Euler 299 count: its result (or cancel) and its time in seconds.
pub(super) type Pe299Job = Job<(Result<Pe299Result, Cancelled>, f64)>;

/// Rows of the Torricelli table shown at once.
const TABLE_ROWS: usize = 200;

impl FermatPanel {
    /// Starts `work` as a job named `name` that also times it; a thread that cannot start is
    /// reported in the searches' message line.
    fn start_timed<T: Send + 'static>(
        &mut self,
        ctx: &egui::Context,
        name: &str,
        work: impl FnOnce(&mut JobReporter) -> T + Send + 'static,
    ) -> Option<Job<(T, f64)>> {
        let job = background::spawn(ctx, name, move |progress| {
            let started = Instant::now();
            let result = work(progress);
            (result, started.elapsed().as_secs_f64())
        });
        match job {
            Ok(job) => {
                self.search_message = None;
                Some(job)
            }
            Err(error) => {
                self.search_message = Some(Err(format!("cannot start {name}: {error}")));
                None
            }
        }
    }

    /// Starts the Torricelli search below `state.torricelli_limit`.
    pub fn start_torricelli(&mut self, ctx: &egui::Context) {
        let limit = self.state.torricelli_limit;
        self.torricelli_job = self
            .start_timed(ctx, "curio-torricelli", move |progress| torricelli::torricelli(limit, progress));
    }

    /// Starts the Project Euler 299 count below `state.pe299_limit`.
    pub fn start_pe299(&mut self, ctx: &egui::Context) {
        let limit = self.state.pe299_limit;
        self.pe299_job = self.start_timed(ctx, "curio-pe299", move |progress| pe299::pe299(limit, progress));
    }

    /// True while a search runs.
    pub fn is_searching(&self) -> bool {
        self.torricelli_job.is_some() || self.pe299_job.is_some()
    }

    /// Takes the results of finished searches into the saved state.
    pub(super) fn poll_searches(&mut self) {
        if let Some(job) = &mut self.torricelli_job
            && let Some(outcome) = job.poll()
        {
            self.torricelli_job = None;
            match outcome {
                Ok((Ok(result), seconds)) => {
                    self.state.last_torricelli = Some(SavedTorricelli {
                        limit: result.limit,
                        sum: result.sum,
                        triangles: result.triangles.len() as u64,
                        seconds,
                        rows: result.triangles.iter().take(SAVED_ROWS).copied().collect(),
                    });
                }
                Ok((Err(Cancelled), _)) => self.search_message = Some(Err("search cancelled".to_string())),
                Err(panicked) => self.search_message = Some(Err(panicked.to_string())),
            }
        }
        if let Some(job) = &mut self.pe299_job
            && let Some(outcome) = job.poll()
        {
            self.pe299_job = None;
            match outcome {
                Ok((Ok(result), seconds)) => self.state.last_pe299 = Some((result, seconds)),
                Ok((Err(Cancelled), _)) => self.search_message = Some(Err("count cancelled".to_string())),
                Err(panicked) => self.search_message = Some(Err(panicked.to_string())),
            }
        }
    }

    /// Puts the Torricelli triangle `t` on the canvas, to scale: its Fermat point at the centre
    /// of the view and the vertices at p, q and r from it, 120° apart.
    pub fn show_triangle(&mut self, t: TorricelliTriangle) {
        let center = (VIEW.min + VIEW.max) * 0.5;
        let scale = 0.42 * VIEW.width() / t.r as f64;
        let at = |distance: u64, degrees: f64| {
            center + Point::polar(distance as f64 * scale, degrees.to_radians())
        };
        let vertices = [at(t.p, 90.0), at(t.q, 210.0), at(t.r, 330.0)];
        self.state.vertices = vertices.map(|vertex| [vertex.x, vertex.y]);
        self.state.mode = FermatMode::Triangle;
        self.state.torricelli_shown = Some(t);
    }

    pub(super) fn torricelli_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        ui.horizontal(|ui| {
            let label = ui.label("p + q + r ≤");
            ui.add(
                egui::DragValue::new(&mut self.state.torricelli_limit)
                    .range(torricelli::LIMIT.range())
                    .speed(100.0),
            )
            .labelled_by(label.id);
            if ui.add_enabled(!self.is_searching(), egui::Button::new("Search")).clicked() {
                self.start_torricelli(&ctx);
            }
        });
        if let Some(job) = &self.torricelli_job {
            job_progress(ui, job);
        }
        let Some(saved) = &self.state.last_torricelli else { return };
        ui.label(format!(
            "p + q + r ≤ {}: sum of distinct sums {}, {} triangles, {:.3} s",
            saved.limit, saved.sum, saved.triangles, saved.seconds
        ));
        let mut picked = None;
        egui::ScrollArea::vertical().id_salt("torricelli-table").max_height(160.0).show(ui, |ui| {
            egui::Grid::new("torricelli-rows").striped(true).num_columns(3).show(ui, |ui| {
                ui.strong("p+q+r");
                ui.strong("p, q, r");
                ui.strong("a, b, c");
                ui.end_row();
                for t in saved.rows.iter().take(TABLE_ROWS) {
                    let selected = self.state.torricelli_shown.as_ref() == Some(t);
                    if ui.selectable_label(selected, t.sum().to_string()).clicked() {
                        picked = Some(*t);
                    }
                    ui.label(format!("{}, {}, {}", t.p, t.q, t.r));
                    ui.label(format!("{}, {}, {}", t.a, t.b, t.c));
                    ui.end_row();
                }
            });
        });
        if saved.triangles as usize > saved.rows.len().min(TABLE_ROWS) {
            ui.colored_label(
                theme::HINT,
                format!("the first {} by p + q + r", saved.rows.len().min(TABLE_ROWS)),
            );
        }
        if let Some(t) = picked {
            self.show_triangle(t);
        }
    }

    pub(super) fn pe299_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        ui.horizontal(|ui| {
            let label = ui.label("b + d <");
            ui.add(
                egui::DragValue::new(&mut self.state.pe299_limit).range(pe299::LIMIT.range()).speed(1000.0),
            )
            .labelled_by(label.id);
            if ui.add_enabled(!self.is_searching(), egui::Button::new("Count")).clicked() {
                self.start_pe299(&ctx);
            }
        });
        if let Some(job) = &self.pe299_job {
            job_progress(ui, job);
        }
        if let Some((result, seconds)) = &self.state.last_pe299 {
            ui.label(format!(
                "b + d < {}: {} triples ({} incenter, {} parallel), {:.3} s",
                result.limit, result.count, result.incenter, result.parallel, seconds
            ));
        }
        outcome_label(ui, self.search_message.as_ref());
    }
}
