//! The Tetris panel: evolve weights in a background job with live fitness and weight curves,
//! and watch a policy play on a live board with the features of each move.
//!
//! This file holds the panel's state and its layout; the optimiser job and its charts live in
//! `evolution`, the live game and the board drawing in `live`.

mod evolution;
mod live;
pub mod play;

use crate::domain::{Domain, Opener, panel_of};
use curio_cli::facets::{CommandGroup, Merge};
use curio_cli::fuzz::Target;
use crate::panels::PanelEntry;
use crate::panels::{Family, Panel, PanelType, Settings};
use crate::theme;
use crate::widgets::{Outcome, outcome_label};
use ::tetris::{self, Depth, FeatureSet, Optimizer, Preset, Run, Weights};
use eframe::egui;
use evolution::EvolveJob;
use live::LiveGame;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The optimiser settings of a new run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EvolveSettings {
    /// The optimiser.
    pub optimizer: Optimizer,
    /// The features it weighs.
    pub features: FeatureSet,
    /// Training board width.
    pub width: usize,
    /// Training board height.
    pub height: usize,
    /// Candidates a generation.
    pub population: usize,
    /// Games a candidate plays each generation.
    pub games: usize,
    /// How far the candidates look ahead in their games.
    pub depth: Depth,
    /// The run's seed.
    pub seed: u64,
    /// Generations to reach before the run stops by itself.
    pub generations: usize,
    /// Minutes of wall time after which the run stops by itself (0: no limit).
    pub minutes: f64,
}

impl Default for EvolveSettings {
    fn default() -> Self {
        Self {
            optimizer: Optimizer::Ga,
            features: FeatureSet::Bcts,
            width: 10,
            height: 10,
            population: Optimizer::Ga.default_population(),
            games: Optimizer::Ga.default_games(),
            depth: Depth::One,
            seed: 1,
            generations: tetris::evolve::GENERATIONS.default,
            minutes: tetris::evolve::MINUTES.default,
        }
    }
}

/// Which weights the live board plays.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LiveWeights {
    /// The run's current answer (follows each generation).
    Run,
    /// A preset, by name.
    Preset(String),
    /// Weights loaded from a file: its name and the weights.
    Loaded(String, BTreeMap<String, f64>),
}

/// Persisted settings and results of the Tetris panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TetrisPanelState {
    /// Settings of the next new run.
    pub evolve: EvolveSettings,
    /// The current run with its history and what comes next: a restart resumes it. A result,
    /// not a setting: saved in its own file ([`PanelType::results`]).
    #[serde(skip)]
    pub run: Option<Run>,
    /// Weights the live board plays.
    pub live_weights: LiveWeights,
    /// Pieces a second on the live board.
    pub speed: f64,
    /// The live board's width.
    pub live_width: usize,
    /// The live board's height.
    pub live_height: usize,
    /// Search depth on the live board.
    pub live_depth: Depth,
    /// Whether the live board plays.
    pub playing: bool,
    /// The file that Load and Save use (weights or runs).
    pub file_path: String,
    /// What a narrow canvas shows.
    pub narrow_view: NarrowView,
}

impl Default for TetrisPanelState {
    fn default() -> Self {
        Self {
            evolve: EvolveSettings::default(),
            run: None,
            live_weights: LiveWeights::Preset("bcts".to_string()),
            speed: 20.0,
            live_width: 10,
            live_height: 20,
            live_depth: Depth::One,
            playing: true,
            file_path: "tetris-run.json".to_string(),
            narrow_view: NarrowView::Board,
        }
    }
}

/// What a canvas too narrow for the board and the charts side by side shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum NarrowView {
    /// The live board.
    #[default]
    Board,
    /// The fitness and weight charts.
    Charts,
}

/// The narrowest the charts get beside the board; below it the canvas shows one of the two.
const MIN_CHARTS_WIDTH: f32 = 280.0;

/// Most pieces a second on the live board.
pub const MAX_SPEED: f64 = 100_000.0;

impl Settings for TetrisPanelState {
    /// Brings loaded or edited values back into range.
    fn sanitize(&mut self) {
        let evolve = &mut self.evolve;
        evolve.width = evolve.width.clamp(tetris::board::MIN_WIDTH, tetris::board::MAX_WIDTH);
        evolve.height = evolve.height.clamp(tetris::board::MIN_HEIGHT, tetris::board::MAX_HEIGHT);
        evolve.population = tetris::evolve::POPULATION.clamp(evolve.population);
        evolve.games = tetris::evolve::GAMES_PER_CANDIDATE.clamp(evolve.games);
        evolve.generations = tetris::evolve::GENERATIONS.clamp(evolve.generations);
        evolve.minutes = tetris::evolve::MINUTES.clamp(evolve.minutes);
        self.live_width = self.live_width.clamp(tetris::board::MIN_WIDTH, tetris::board::MAX_WIDTH);
        self.live_height = self.live_height.clamp(tetris::board::MIN_HEIGHT, tetris::board::MAX_HEIGHT);
        self.speed = if self.speed.is_finite() { self.speed.clamp(1.0, MAX_SPEED) } else { 20.0 };
        if let LiveWeights::Preset(name) = &self.live_weights
            && Preset::named(name).is_none()
        {
            self.live_weights = LiveWeights::Preset("bcts".to_string());
        }
        if let LiveWeights::Loaded(_, map) = &self.live_weights
            && Weights::from_map(map).is_err()
        {
            self.live_weights = LiveWeights::Preset("bcts".to_string());
        }
    }
}

impl TetrisPanelState {
    /// The weights the live board plays, with their name.
    pub fn live_policy_weights(&self) -> (String, Weights) {
        let fallback = || Preset::named("bcts").expect("bcts is a preset").weights();
        match &self.live_weights {
            LiveWeights::Run => match self.run.as_ref().map(Run::answer) {
                Some(Ok(weights)) => ("the run's answer".to_string(), weights),
                _ => ("bcts (no run yet)".to_string(), fallback()),
            },
            LiveWeights::Preset(name) => {
                (name.clone(), Preset::named(name).map(Preset::weights).unwrap_or_else(fallback))
            }
            LiveWeights::Loaded(name, map) => {
                (name.clone(), Weights::from_map(map).unwrap_or_else(|_| fallback()))
            }
        }
    }
}

/// The Tetris panel.
pub struct TetrisPanel {
    /// Persisted settings and results.
    pub state: TetrisPanelState,
    job: Option<EvolveJob>,
    live: LiveGame,
    message: Option<Outcome>,
}

impl PanelType for TetrisPanel {
    const KEY: &'static str = "tetris";
    const TITLE: &'static str = "Tetris";
    const FAMILY: Family = Family::Games;
    type State = TetrisPanelState;

    fn new(state: TetrisPanelState, _gpu_adapter: Option<&str>) -> Self {
        let live = LiveGame::new(&state);
        Self { state, job: None, live, message: None }
    }

    fn state(&self) -> &TetrisPanelState {
        &self.state
    }

    fn results(&self) -> serde_json::Value {
        match &self.state.run {
            Some(run) => serde_json::json!({ "run": run }),
            None => serde_json::Value::Null,
        }
    }

    /// Takes a saved run back unless it does not check out.
    fn restore_results(&mut self, saved: &serde_json::Value) {
        if let Some(run) = crate::panels::saved_field::<Run>(saved, "run")
            && run.validate().and_then(|()| run.answer().map(|_| ())).is_ok()
        {
            self.state.run = Some(run);
            self.live = LiveGame::new(&self.state);
        }
    }
}

impl TetrisPanel {
    /// The outcome line of the last action (load, save, run ended).
    pub fn message(&self) -> Option<&Outcome> {
        self.message.as_ref()
    }

    /// The live game.
    pub fn live(&self) -> &LiveGame {
        &self.live
    }

    /// Loads weights (a weights or run file) from `state.file_path` for the live board.
    pub fn load_weights(&mut self) {
        let path = self.state.file_path.trim().to_string();
        self.use_weights(tetris::load_weights(&path));
    }

    /// Uses the weights file at `path`, whose text is `text` (what Load weights does, the file
    /// already read).
    pub fn open_weights(&mut self, path: &std::path::Path, text: &str) {
        self.state.file_path = path.display().to_string();
        self.use_weights(tetris::parse_weights(text, &self.state.file_path));
    }

    /// Plays the weights read from the file path on the live board, or says why not.
    fn use_weights(&mut self, read: Result<tetris::Weights, tetris::FileError>) {
        let path = self.state.file_path.trim().to_string();
        match read {
            Ok(weights) => {
                let name = std::path::Path::new(&path)
                    .file_name()
                    .map(|name| name.to_string_lossy().into_owned())
                    .unwrap_or(path.clone());
                self.state.live_weights = LiveWeights::Loaded(name, weights.to_map());
                self.live.restart(&self.state);
                self.message = Some(Ok(format!("weights loaded from {path}")));
            }
            Err(error) => self.message = Some(Err(error.to_string())),
        }
    }

    /// Saves the live board's weights to `state.file_path`.
    pub fn save_weights(&mut self) {
        let path = self.state.file_path.trim().to_string();
        let (name, weights) = self.state.live_policy_weights();
        self.message = Some(match tetris::save_weights(std::path::Path::new(&path), &weights) {
            Ok(()) => Ok(format!("weights of {name} saved to {path}")),
            Err(error) => Err(error.to_string()),
        });
    }

    fn weights_ui(&mut self, ui: &mut egui::Ui) {
        let mut choice = self.state.live_weights.clone();
        let label = match &choice {
            LiveWeights::Run => "the run's answer".to_string(),
            LiveWeights::Preset(name) => name.clone(),
            LiveWeights::Loaded(name, _) => format!("file {name}"),
        };
        ui.horizontal(|ui| {
            let text = ui.label("play with");
            egui::ComboBox::from_id_salt("tetris-weights")
                .selected_text(label)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut choice, LiveWeights::Run, "the run's answer");
                    for preset in tetris::PRESETS {
                        ui.selectable_value(
                            &mut choice,
                            LiveWeights::Preset(preset.name.to_string()),
                            preset.name,
                        )
                        .on_hover_text(preset.source);
                    }
                    if let LiveWeights::Loaded(..) = &self.state.live_weights {
                        let loaded = self.state.live_weights.clone();
                        ui.selectable_value(&mut choice, loaded, "the loaded file");
                    }
                })
                .response
                .labelled_by(text.id);
        });
        if choice != self.state.live_weights {
            self.state.live_weights = choice;
            self.live.restart(&self.state);
        }
        if let LiveWeights::Preset(name) = &self.state.live_weights
            && let Some(preset) = Preset::named(name)
        {
            ui.colored_label(theme::HINT, preset.source);
        }
        ui.horizontal(|ui| {
            let label = ui.label("file");
            ui.add(egui::TextEdit::singleline(&mut self.state.file_path).desired_width(160.0))
                .labelled_by(label.id);
            if ui.button("…").on_hover_text("choose a file").clicked()
                && let Some(path) = rfd::FileDialog::new().add_filter("JSON", &["json"]).pick_file()
            {
                self.state.file_path = path.display().to_string();
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Load weights")
                .on_hover_text("a weights file or a run file, for the live board")
                .clicked()
            {
                self.load_weights();
            }
            if ui.button("Save weights").on_hover_text("the live board's weights").clicked() {
                self.save_weights();
            }
            let idle = self.job.is_none();
            if ui
                .add_enabled(idle, egui::Button::new("Load run"))
                .on_hover_text("go on with a saved run")
                .clicked()
            {
                self.load_run();
            }
            if ui.add_enabled(self.state.run.is_some(), egui::Button::new("Save run")).clicked() {
                self.save_run();
            }
        });
        outcome_label(ui, self.message.as_ref());
    }
}

impl Panel for TetrisPanel {
    fn logic(&mut self, ctx: &egui::Context) {
        self.poll_job();
        self.live.advance(ctx, &self.state);
        if self.is_busy() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Tetris");
        ui.strong("Evolve weights");
        self.evolve_ui(ui);
        ui.separator();
        ui.strong("Weights");
        self.weights_ui(ui);
        ui.separator();
        ui.strong("Live board");
        self.live_ui(ui);
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let rect = ui.available_rect_before_wrap();
        // Wide canvases show the board (as tall as the canvas) beside the charts; narrow ones
        // show one of the two, chosen above it.
        let board_width = live::board_width_for(&self.state, rect, 0.5);
        if rect.width() - board_width >= MIN_CHARTS_WIDTH {
            let split = rect.left() + board_width;
            let board_rect = egui::Rect::from_min_max(rect.min, egui::pos2(split, rect.bottom()));
            let charts_rect = egui::Rect::from_min_max(egui::pos2(split + 12.0, rect.top()), rect.max);
            self.live.paint(ui, board_rect, live::cell_size(&self.state, rect, 0.5));
            let mut charts = ui.new_child(egui::UiBuilder::new().max_rect(charts_rect));
            self.charts_ui(&mut charts);
            ui.allocate_rect(rect, egui::Sense::hover());
            return;
        }
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.state.narrow_view, NarrowView::Board, "Board");
            ui.selectable_value(&mut self.state.narrow_view, NarrowView::Charts, "Charts");
        });
        let rect = ui.available_rect_before_wrap();
        match self.state.narrow_view {
            NarrowView::Board => {
                self.live.paint(ui, rect, live::cell_size(&self.state, rect, 1.0));
                ui.allocate_rect(rect, egui::Sense::hover());
            }
            NarrowView::Charts => self.charts_ui(ui),
        }
    }

    fn is_busy(&self) -> bool {
        self.job.is_some()
    }
}

/// What the tetris domain adds: `curio tetris`, its panel, the merges of its sharded commands and its fuzz targets.
pub const DOMAIN: Domain = Domain {
    name: "tetris",
    about: "Tetris: evolve placement weights, play games, time the evaluator.",
    commands: CommandGroup::of::<curio_cli::tetris::TetrisArgs>(),
    panels: &[PanelEntry::of::<TetrisPanel>(), PanelEntry::of::<play::PlayPanel>()],
    merges: &[
        Merge { command: "tetris play", merge: curio_cli::tetris::merge_play },
    ],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[
        Target { name: "tetris-weights", reads: "Tetris weights files (tetris play --weights FILE)", run: curio_cli::tetris::fuzz_tetris_weights },
        Target { name: "tetris-run", reads: "Tetris run files (tetris evolve --resume, the panel)", run: curio_cli::tetris::fuzz_tetris_run },
        Target { name: "tetris-record", reads: "records of games played (tetris replay, the Play Tetris panel)", run: curio_cli::tetris::fuzz_tetris_record },
    ],
    opens: &[
        Opener {
            kind: "a Tetris run",
            panel: TetrisPanel::KEY,
            accepts: |name, text| tetris::parse_run(text, name).is_ok(),
            open: |panel, path, text| panel_of::<TetrisPanel>(panel).open_run(path, text),
        },
        Opener {
            kind: "Tetris weights",
            panel: TetrisPanel::KEY,
            accepts: |name, text| tetris::parse_weights(text, name).is_ok(),
            open: |panel, path, text| panel_of::<TetrisPanel>(panel).open_weights(path, text),
        },
    ],
};
