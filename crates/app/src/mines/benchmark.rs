//! The benchmark section of the Minesweeper panel: a win-rate job (or a paired comparison with
//! the default solver) with a live chart and its 95% interval, saved with the settings.

use super::MinesPanel;
use crate::widgets::job_progress;
use crate::{background, theme};
use ::mines::bench::{self, BenchError, BenchResult, Comparison};
use ::mines::{BoardConfig, Policy};
use curio_core::stats;
use eframe::egui;
use serde::{Deserialize, Serialize};

/// A finished benchmark as saved with the settings: its result and its win-rate curve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedBenchmark {
    /// The result.
    pub result: BenchResult,
    /// Win-rate samples (games, rate), thinned to at most `SAVED_SAMPLES` points.
    pub samples: Vec<[f64; 2]>,
    /// For a paired run, the comparison with the default solver (`result` is its candidate).
    #[serde(default)]
    pub comparison: Option<Comparison>,
}

/// Most win-rate samples saved with a benchmark (a million-game run reports thousands).
const SAVED_SAMPLES: usize = 500;

/// Every k-th sample so that at most `limit` remain, always keeping the last one.
fn thin_samples(samples: &[[f64; 2]], limit: usize) -> Vec<[f64; 2]> {
    if samples.len() <= limit {
        return samples.to_vec();
    }
    let step = samples.len().div_ceil(limit.max(2) - 1);
    let mut thinned: Vec<[f64; 2]> = samples.iter().step_by(step).copied().collect();
    if thinned.last() != samples.last() {
        thinned.extend(samples.last());
    }
    thinned
}

/// What a benchmark job returns: one solver's result, or a paired comparison.
pub(super) enum BenchOutcome {
    /// A plain benchmark of the panel's solver.
    Single(Box<BenchResult>),
    /// The panel's solver against the default one on the same games.
    Paired(Box<Comparison>),
}

impl MinesPanel {
    pub(super) fn start_bench(&mut self, ctx: &egui::Context) {
        let config = match BoardConfig::parse_level(&self.state.level, self.state.rule) {
            Ok(config) => config,
            Err(error) => {
                self.bench_result = Some(Err(error.to_string()));
                return;
            }
        };
        let games = self.state.bench_games.max(1);
        let seed = self.state.seed;
        let threads = rayon::current_num_threads();
        let solver = self.solver();
        let paired = self.state.bench_paired;
        let job = background::spawn(ctx, "curio-mines-bench", move |progress| {
            if paired {
                bench::compare(config, &solver, &Policy::default(), games, seed, threads, progress)
                    .map(|comparison| BenchOutcome::Paired(Box::new(comparison)))
            } else {
                bench::bench(config, &solver, games, seed, threads, progress)
                    .map(|result| BenchOutcome::Single(Box::new(result)))
            }
        });
        match job {
            Ok(job) => {
                self.bench_job = Some(job);
                self.bench_result = None;
                self.comparison = None;
                self.bench_samples.clear();
            }
            Err(error) => self.bench_result = Some(Err(error.to_string())),
        }
    }

    /// Takes the samples and, once it ends, the result of the running benchmark.
    pub(super) fn poll_bench(&mut self) {
        let finished = self.bench_job.as_mut().and_then(|job| job.poll());
        if let Some(job) = &self.bench_job {
            // Only the samples that arrived since the last frame are copied.
            let new = job.samples().get(self.bench_samples.len()..).unwrap_or_default();
            self.bench_samples.extend(new.iter().map(|s| [s.x, s.y]));
        }
        if let Some(result) = finished {
            self.bench_result = match result {
                Ok(Ok(outcome)) => {
                    let (result, comparison) = match outcome {
                        BenchOutcome::Single(result) => (*result, None),
                        BenchOutcome::Paired(comparison) => (comparison.candidate.clone(), Some(*comparison)),
                    };
                    self.comparison = comparison.clone();
                    self.state.last_benchmark = Some(SavedBenchmark {
                        result: result.clone(),
                        samples: thin_samples(&self.bench_samples, SAVED_SAMPLES),
                        comparison,
                    });
                    Some(Ok(result))
                }
                Ok(Err(BenchError::Cancelled)) => Some(Err("benchmark cancelled".to_string())),
                Ok(Err(error)) => Some(Err(error.to_string())),
                Err(panicked) => Some(Err(panicked.to_string())),
            };
            self.bench_job = None;
        }
    }

    pub(super) fn bench_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        ui.horizontal(|ui| {
            let label = ui.label("games");
            ui.add(egui::DragValue::new(&mut self.state.bench_games).range(::mines::BENCH_GAMES.range()).speed(10.0))
                .labelled_by(label.id);
            if ui.add_enabled(self.bench_job.is_none(), egui::Button::new("Run benchmark")).clicked() {
                self.start_bench(&ctx);
            }
        });
        ui.checkbox(&mut self.state.bench_paired, "paired with the default solver").on_hover_text(
            "play every game with these settings and with the default solver, and report the difference in win rate with its 95% CI (only games decided differently count)",
        );
        if let Some(job) = &self.bench_job {
            job_progress(ui, job);
        }
        if self.bench_samples.len() >= 2 || self.bench_job.is_some() {
            win_rate_chart(ui, &self.bench_samples);
        }
        match &self.bench_result {
            Some(Ok(result)) => {
                if let Some(comparison) = &self.comparison {
                    ui.strong(comparison.summary());
                    ui.label(format!("candidate: {}", result.summary()));
                    ui.label(format!("candidate: {}", result.loss_summary()));
                    ui.label(format!("default: {}", comparison.baseline.summary()));
                } else {
                    ui.label(result.summary());
                    ui.label(result.loss_summary());
                }
                if let Some(calibration) = result.calibration.describe() {
                    let side = if self.comparison.is_some() { "candidate: " } else { "" };
                    ui.label(format!("{side}{calibration}")).on_hover_text(
                        "the solver's mine probabilities and endgame win chances, summed over the games, against what happened: exact chances stay within about ±3 standard deviations (z)",
                    );
                }
            }
            Some(Err(error)) => {
                ui.colored_label(theme::ERROR, error);
            }
            None => {}
        }
    }
}

fn win_rate_chart(ui: &mut egui::Ui, samples: &[[f64; 2]]) {
    use egui_plot::{FilledArea, Line, Plot, PlotPoints};
    // Samples are (games, win rate); the band is the Wilson 95% interval at each point.
    let xs: Vec<f64> = samples.iter().map(|s| s[0]).collect();
    let bands: Vec<[f64; 2]> =
        samples.iter().map(|s| stats::wilson_interval((s[1] * s[0]).round() as u64, s[0] as u64)).collect();
    let low: Vec<f64> = bands.iter().map(|b| b[0]).collect();
    let high: Vec<f64> = bands.iter().map(|b| b[1]).collect();
    // A fixed view: the chart sits in a scrolling side panel, so the wheel must scroll the panel
    // rather than zoom the chart away from its curve.
    Plot::new("mines-win-rate")
        .height(140.0)
        .include_y(0.0)
        .include_y(1.0)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_drag(false)
        .allow_boxed_zoom(false)
        .allow_axis_zoom_drag(false)
        .show(ui, |plot| {
            if xs.len() >= 2 {
                plot.add(FilledArea::new("95% CI", &xs, &low, &high));
            }
            plot.line(Line::new("win rate", PlotPoints::from(samples.to_vec())));
        });
}

#[cfg(test)]
mod tests {
    use super::thin_samples;

    #[test]
    fn thinning_keeps_the_ends_and_the_limit() {
        let samples: Vec<[f64; 2]> = (1..=7_813).map(|i| [f64::from(i) * 128.0, 0.4]).collect();
        let thinned = thin_samples(&samples, 500);
        assert!(thinned.len() <= 500, "{}", thinned.len());
        assert_eq!(thinned.first(), samples.first());
        assert_eq!(thinned.last(), samples.last());
        assert!(thinned.windows(2).all(|pair| pair[0][0] < pair[1][0]));
        assert_eq!(thin_samples(&samples[..3], 500), samples[..3].to_vec());
        assert!(thin_samples(&[], 500).is_empty());
    }
}
