//! The optimiser as a background job: start, pause (after the generation in progress), resume,
//! cancel (losing that generation); every generation's run comes back over a channel and
//! replaces the saved one, so the charts grow live and a restart of the app resumes the run.

use super::{LiveWeights, TetrisPanel};
use crate::background;
use crate::theme;
use crate::widgets::job_progress;
use ::tetris::{
    self, Budget, Depth, EvolveConfig, EvolveError, FeatureSet, Generator, Optimizer, Rules, Run, Stopped,
};
use eframe::egui;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// A running evolution: the job, what it sends after each generation, and its pause flag.
pub(super) struct EvolveJob {
    job: curio_core::jobs::Job<Result<Stopped, EvolveError>>,
    updates: Receiver<GenerationUpdate>,
    pause: Arc<AtomicBool>,
}

/// What a generation changed in the run (the history grows by one; sending the whole run each
/// time would copy a long history every generation).
struct GenerationUpdate {
    generation: tetris::Generation,
    state: tetris::SearchState,
    weights: std::collections::BTreeMap<String, f64>,
    seconds: f64,
}

impl GenerationUpdate {
    fn of(run: &Run) -> Option<Self> {
        Some(Self {
            generation: run.history.last()?.clone(),
            state: run.state.clone(),
            weights: run.weights.clone(),
            seconds: run.seconds,
        })
    }

    /// Applies the update to the panel's copy of the run (which is one generation behind).
    fn apply(self, run: &mut Run) {
        if self.generation.generation == run.history.len() {
            run.history.push(self.generation);
            run.state = self.state;
            run.weights = self.weights;
            run.seconds = self.seconds;
        }
    }
}

impl TetrisPanel {
    /// True while an evolution runs.
    pub fn is_evolving(&self) -> bool {
        self.job.is_some()
    }

    /// The settings of a new run from the panel's fields.
    pub fn new_run_config(&self) -> Result<EvolveConfig, String> {
        let settings = &self.state.evolve;
        let rules = Rules::benchmark(settings.width, settings.height).map_err(|error| error.to_string())?;
        Ok(EvolveConfig {
            optimizer: settings.optimizer,
            features: settings.features,
            rules: Rules { generator: Generator::Uniform, ..rules },
            population: settings.population,
            games: settings.games,
            seed: settings.seed,
            max_pieces: None,
            depth: settings.depth,
        })
    }

    /// Starts a new run from the settings (replacing the current one).
    pub fn start_new_run(&mut self, ctx: &egui::Context) {
        if self.job.is_some() {
            return;
        }
        match self.new_run_config().and_then(|config| Run::new(config).map_err(|error| error.to_string())) {
            Ok(run) => {
                self.state.run = Some(run);
                self.resume_run(ctx);
            }
            Err(error) => self.message = Some(Err(error)),
        }
    }

    /// Goes on with the current run until the settings' generation count or time budget.
    pub fn resume_run(&mut self, ctx: &egui::Context) {
        let Some(mut run) = self.state.run.clone() else { return };
        if self.job.is_some() {
            return;
        }
        let settings = &self.state.evolve;
        let budget = Budget {
            generations: settings.generations,
            time: (settings.minutes > 0.0).then(|| Duration::from_secs_f64(settings.minutes * 60.0)),
        };
        let (sender, updates) = channel();
        let pause = Arc::new(AtomicBool::new(false));
        let paused = Arc::clone(&pause);
        let job = background::spawn(ctx, "curio-tetris-evolve", move |reporter| {
            tetris::evolve(&mut run, budget, reporter, |run| {
                let sent = GenerationUpdate::of(run).is_some_and(|update| sender.send(update).is_ok());
                if !sent || paused.load(Ordering::Relaxed) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
        });
        match job {
            Ok(job) => {
                self.job = Some(EvolveJob { job, updates, pause });
                self.message = None;
            }
            Err(error) => self.message = Some(Err(format!("cannot start the evolution: {error}"))),
        }
    }

    /// Asks the run to stop after the generation in progress.
    pub fn pause_run(&mut self) {
        if let Some(job) = &self.job {
            job.pause.store(true, Ordering::Relaxed);
        }
    }

    /// Stops the run now; the generation in progress is lost.
    pub fn cancel_run(&mut self) {
        if let Some(job) = &self.job {
            job.job.cancel();
        }
    }

    /// Takes the runs the job sent and its end.
    pub(super) fn poll_job(&mut self) {
        let Some(job) = &mut self.job else { return };
        let mut changed = false;
        while let Ok(update) = job.updates.try_recv() {
            if let Some(run) = &mut self.state.run {
                update.apply(run);
                changed = true;
            }
        }
        if changed && self.state.live_weights == LiveWeights::Run {
            self.live.follow(&self.state);
        }
        let Some(outcome) = job.job.poll() else { return };
        // The last generation may have arrived with the end.
        while let Ok(update) = job.updates.try_recv() {
            if let Some(run) = &mut self.state.run {
                update.apply(run);
            }
        }
        self.job = None;
        let generations = self.state.run.as_ref().map_or(0, |run| run.history.len());
        self.message = Some(match outcome {
            Ok(Ok(Stopped::Generations)) => Ok(format!("run done: {generations} generations")),
            Ok(Ok(Stopped::Time)) => Ok(format!("time budget spent after {generations} generations")),
            Ok(Ok(Stopped::Paused)) => Ok(format!("paused after {generations} generations")),
            Ok(Err(EvolveError::Cancelled(_))) => {
                Err(format!("cancelled: the generation in progress was dropped, {generations} kept"))
            }
            Ok(Err(error)) => Err(error.to_string()),
            Err(panicked) => Err(panicked.to_string()),
        });
    }

    /// Reads a run from `state.file_path` to go on with.
    pub fn load_run(&mut self) {
        if self.job.is_some() {
            return;
        }
        let path = self.state.file_path.trim().to_string();
        self.use_run(tetris::load_run(std::path::Path::new(&path)));
    }

    /// Goes on with the run file at `path`, whose text is `text` (what Load run does, the file
    /// already read).
    pub fn open_run(&mut self, path: &std::path::Path, text: &str) {
        if self.job.is_some() {
            return;
        }
        self.state.file_path = path.display().to_string();
        self.use_run(tetris::parse_run(text, &self.state.file_path));
    }

    /// Keeps the run read from the file path, or says why not.
    fn use_run(&mut self, read: Result<tetris::Run, tetris::FileError>) {
        let path = self.state.file_path.trim().to_string();
        match read {
            Ok(run) => {
                self.message = Some(Ok(format!("run loaded from {path}: {} generations", run.history.len())));
                self.state.run = Some(run);
                if self.state.live_weights == LiveWeights::Run {
                    self.live.restart(&self.state);
                }
            }
            Err(error) => self.message = Some(Err(error.to_string())),
        }
    }

    /// Writes the run to `state.file_path` (the format of `curio tetris evolve --out`).
    pub fn save_run(&mut self) {
        let Some(run) = &self.state.run else { return };
        let path = self.state.file_path.trim().to_string();
        self.message = Some(match tetris::save_run(std::path::Path::new(&path), run) {
            Ok(()) => Ok(format!("run saved to {path}")),
            Err(error) => Err(error.to_string()),
        });
    }

    pub(super) fn evolve_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let idle = self.job.is_none();
        ui.add_enabled_ui(idle, |ui| {
            let settings = &mut self.state.evolve;
            egui::Grid::new("tetris-evolve").num_columns(2).spacing([8.0, 4.0]).show(ui, |ui| {
                let before = settings.optimizer;
                combo(ui, "optimiser", &mut settings.optimizer, &Optimizer::ALL, Optimizer::name).on_hover_text(
                    "ga: common random numbers, elitism, Gaussian mutation; cem: noisy cross-entropy; seed-ga: the GA of the blog post \"Coding a Tetris AI using a Genetic Algorithm\"",
                );
                if settings.optimizer != before {
                    settings.population = settings.optimizer.default_population();
                    settings.games = settings.optimizer.default_games();
                }
                ui.end_row();
                combo(ui, "features", &mut settings.features, &FeatureSet::ALL, FeatureSet::name);
                ui.end_row();
                let label = ui.label("board width");
                ui.add(egui::DragValue::new(&mut settings.width).range(::tetris::board::MIN_WIDTH..=::tetris::board::MAX_WIDTH)).labelled_by(label.id);
                ui.end_row();
                let label = ui.label("board height");
                ui.add(egui::DragValue::new(&mut settings.height).range(::tetris::board::MIN_HEIGHT..=::tetris::board::MAX_HEIGHT)).labelled_by(label.id);
                ui.end_row();
                let label = ui.label("population");
                ui.add(egui::DragValue::new(&mut settings.population).range(::tetris::evolve::POPULATION.range())).labelled_by(label.id);
                ui.end_row();
                let label = ui.label("games each");
                ui.add(egui::DragValue::new(&mut settings.games).range(::tetris::evolve::GAMES_PER_CANDIDATE.range()))
                    .labelled_by(label.id)
                    .on_hover_text("games a candidate plays each generation");
                ui.end_row();
                combo(ui, "depth", &mut settings.depth, &Depth::ALL, Depth::name)
                    .on_hover_text("1: the current piece; 2: the current and the next (the write-up's GA played with the next piece known)");
                ui.end_row();
                let label = ui.label("seed");
                ui.add(egui::DragValue::new(&mut settings.seed)).labelled_by(label.id);
                ui.end_row();
                let label = ui.label("generations");
                ui.add(egui::DragValue::new(&mut settings.generations).range(::tetris::evolve::GENERATIONS.range())).labelled_by(label.id);
                ui.end_row();
                let label = ui.label("minutes");
                ui.add(egui::DragValue::new(&mut settings.minutes).range(::tetris::evolve::MINUTES.range()).speed(0.5))
                    .labelled_by(label.id)
                    .on_hover_text("stop before a generation that would pass this wall time (0: no limit)");
                ui.end_row();
            });
        });
        ui.horizontal_wrapped(|ui| {
            if ui.add_enabled(idle, egui::Button::new("Start new run")).clicked() {
                self.start_new_run(&ctx);
            }
            let resumable = idle && self.state.run.is_some();
            if ui
                .add_enabled(resumable, egui::Button::new("Resume"))
                .on_hover_text("go on with the current run")
                .clicked()
            {
                self.resume_run(&ctx);
            }
            let pausing = self.job.as_ref().is_some_and(|job| job.pause.load(Ordering::Relaxed));
            if ui
                .add_enabled(!idle && !pausing, egui::Button::new("Pause"))
                .on_hover_text("stop after the generation in progress")
                .clicked()
            {
                self.pause_run();
            }
        });
        if let Some(job) = &self.job {
            job_progress(ui, &job.job);
        }
        match &self.state.run {
            Some(run) => {
                let config = &run.config;
                ui.label(format!(
                    "run: {} on {}x{}, {} features, population {}, {} games each, depth {}, seed {}",
                    config.optimizer.name(),
                    config.rules.width,
                    config.rules.height,
                    config.features.name(),
                    config.population,
                    config.games,
                    config.depth.name(),
                    config.seed
                ));
                if let Some(last) = run.history.last() {
                    ui.label(format!(
                        "generation {}: best {:.1}, mean {:.1}, median {:.1}, worst {:.1} rows; {:.0} s",
                        last.generation, last.best, last.mean, last.median, last.worst, last.seconds
                    ));
                }
            }
            None => {
                ui.colored_label(theme::HINT, "no run yet");
            }
        }
    }

    /// The fitness curves and the weights over generations.
    pub(super) fn charts_ui(&mut self, ui: &mut egui::Ui) {
        use egui_plot::{Legend, Line, Plot, PlotPoints};
        let Some(run) = &self.state.run else {
            ui.colored_label(theme::HINT, "Start a run: its fitness curves and weights appear here.");
            return;
        };
        let height = ((ui.available_height() - 40.0) / 2.0).max(80.0);
        let fitness = if run.config.optimizer == Optimizer::SeedGa { "score" } else { "rows a game" };
        ui.label(format!("fitness ({fitness}) per generation"));
        let series = |pick: fn(&tetris::Generation) -> f64| -> PlotPoints<'static> {
            run.history.iter().map(|generation| [generation.generation as f64, pick(generation)]).collect()
        };
        // Fixed views: the charts sit beside scrolling controls, and a drag or wheel over them
        // would otherwise pan the curves away.
        let chart = |id: &str| {
            Plot::new(id)
                .height(height)
                .legend(Legend::default())
                .allow_scroll(false)
                .allow_zoom(false)
                .allow_drag(false)
                .allow_boxed_zoom(false)
        };
        chart("tetris-fitness").include_y(0.0).show(ui, |plot| {
            plot.line(Line::new("best", series(|g| g.best)).color(theme::SUCCESS));
            plot.line(Line::new("mean", series(|g| g.mean)).color(theme::SELECTED));
            plot.line(Line::new("median", series(|g| g.median)).color(theme::COMPOUND));
            plot.line(Line::new("worst", series(|g| g.worst)).color(theme::HINT));
        });
        ui.label("the answer's weights per generation (scaled to unit length)");
        let features = run.config.features.features();
        chart("tetris-weights").show(ui, |plot| {
            for feature in features {
                let points: PlotPoints<'static> = run
                    .history
                    .iter()
                    .map(|generation| {
                        let norm = generation
                            .weights
                            .values()
                            .map(|value| value * value)
                            .sum::<f64>()
                            .sqrt()
                            .max(1e-12);
                        let value = generation.weights.get(feature.name()).copied().unwrap_or(0.0);
                        [generation.generation as f64, value / norm]
                    })
                    .collect();
                plot.line(Line::new(feature.name(), points));
            }
        });
    }
}

/// A grid row's label and a drop-down of the values in `all`, each shown by `name`.
fn combo<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut T,
    all: &[T],
    name: fn(&T) -> &'static str,
) -> egui::Response {
    let text = ui.label(label);
    egui::ComboBox::from_id_salt(("tetris", label))
        .selected_text(name(value))
        .show_ui(ui, |ui| {
            for &option in all {
                ui.selectable_value(value, option, name(&option));
            }
        })
        .response
        .labelled_by(text.id)
}
