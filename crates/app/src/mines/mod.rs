//! The Minesweeper panel: play by hand, probability heatmap with exact values on hover, Hint,
//! Step with its reason, Auto-play, new games by preset/custom/rule/seed, board text import and
//! export, and a win-rate benchmark job with a live chart and its 95% confidence interval.
//!
//! This file holds the panel's state and its layout; the sections live beside it: `play`
//! (games, moves, the board), `analysis` (the heatmap's probabilities), `board_file` (import
//! and export) and `benchmark`.

pub mod board;
pub mod heatmap;
pub mod window;

mod analysis;
mod benchmark;
mod board_file;
mod play;

use crate::domain::{Domain, GameWindow, Opener, panel_of};
use curio_cli::facets::{CommandGroup, Merge};
use curio_cli::fuzz::Target;
use crate::panels::PanelEntry;
pub use benchmark::SavedBenchmark;

use crate::panels::{Family, Panel, PanelType, Settings};
use crate::theme;
use crate::widgets::{Outcome, outcome_label};
use board::{BoardZoom, GpuBoard};
use curio_core::jobs::{Job, Latest};
use ::mines::bench::{BenchError, BenchResult, Comparison};
use ::mines::policy::{self, Tuning};
use ::mines::write_up::Ladder;
use ::mines::solver::Analysis;
use ::mines::{BoardConfig, FirstClickRule, Game, GameStatus, Move};
use benchmark::BenchOutcome;
use board_file::Imported;
use eframe::egui;
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// Boards with more cells than this are analysed on a background thread.
const BACKGROUND_ANALYSIS_CELLS: usize = 5_000;

/// Largest side of a board cell when the whole board is in view, in points.
const MAX_CELL: f32 = 36.0;

/// Persisted settings of the Minesweeper panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MinesPanelState {
    /// beginner, intermediate, expert or WxH/M.
    pub level: String,
    /// First-click rule.
    pub rule: FirstClickRule,
    /// Seed of the next game.
    pub seed: u64,
    /// Show the probability heatmap.
    pub heatmap: bool,
    /// Auto-play speed in moves per second.
    pub moves_per_second: f32,
    /// Games per benchmark run.
    pub bench_games: u64,
    /// Board text file for import and export.
    pub board_path: String,
    /// Guess with the two-move lookahead.
    pub lookahead: bool,
    /// Search the endgame exhaustively when few layouts remain.
    pub endgame: bool,
    /// Guess forced 50/50s before other guesses.
    pub fifty_fifty: bool,
    /// Search isolated regions exhaustively before other guesses.
    pub regions: bool,
    /// Favour lookahead guesses that settle a 50/50 that may form later.
    pub long_term_risk: bool,
    /// Numeric settings of the refinements.
    pub tuning: Tuning,
    /// One of the write-up's own solvers instead of Curio's (`None`: Curio's).
    pub write_up: Option<Ladder>,
    /// Benchmark runs play each game with these settings and with the default solver, and
    /// report the paired difference.
    pub bench_paired: bool,
    /// The last finished benchmark, shown again after a restart (a result: saved in its own
    /// file, [`PanelType::results`]).
    #[serde(skip)]
    pub last_benchmark: Option<SavedBenchmark>,
}

impl Default for MinesPanelState {
    fn default() -> Self {
        Self {
            level: "expert".to_string(),
            rule: FirstClickRule::Safe,
            seed: 1,
            heatmap: true,
            moves_per_second: 10.0,
            bench_games: ::mines::BENCH_GAMES.default,
            board_path: "board.txt".to_string(),
            lookahead: true,
            endgame: true,
            fifty_fifty: true,
            regions: true,
            long_term_risk: true,
            tuning: Tuning::default(),
            write_up: None,
            bench_paired: false,
            last_benchmark: None,
        }
    }
}

impl Settings for MinesPanelState {
    /// Brings loaded values back into range; an unknown level stays (the panel falls back to
    /// expert and names the problem).
    fn sanitize(&mut self) {
        self.moves_per_second =
            if self.moves_per_second.is_finite() { self.moves_per_second.clamp(0.5, 200.0) } else { 10.0 };
        self.bench_games = ::mines::BENCH_GAMES.clamp(self.bench_games);
    }
}

/// A solver move computed for a version of the game: what it is for, and the moves.
type MoveResult = (MoveRequest, Result<Vec<Move>, String>);

/// What a solver move is computed for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MoveRequest {
    /// Play it.
    Step,
    /// Show it.
    Hint,
}

/// The Minesweeper panel.
pub struct MinesPanel {
    /// Persisted settings.
    pub state: MinesPanelState,
    game: Game,
    analysis: Option<Result<Analysis, String>>,
    analysis_stale: bool,
    /// The analysis of the newest board, keyed by `game_version`.
    analysis_job: Latest<u64, Result<Analysis, String>>,
    last_move: Option<Move>,
    hint: Option<Move>,
    auto_play: bool,
    last_auto_step: Option<Instant>,
    message: Option<Outcome>,
    bench_job: Option<Job<Result<BenchOutcome, BenchError>>>,
    bench_result: Option<Result<BenchResult, String>>,
    /// The paired comparison of the last benchmark, when it was one.
    comparison: Option<Comparison>,
    /// Win-rate samples (games, rate) of the running or last benchmark; kept after it ends so
    /// the chart stays beside its result.
    bench_samples: Vec<[f64; 2]>,
    /// A Step or Hint of the newest board, keyed by `game_version`.
    move_job: Latest<u64, MoveResult>,
    /// An imported board whose layout is being drawn, with the game version it was asked at.
    import_job: Option<(u64, Job<Result<Imported, String>>)>,
    gpu: bool,
    texels: Option<GpuBoard>,
    board_version: u64,
    /// Counts changes of the game itself (moves, new games), to drop stale background moves.
    game_version: u64,
    /// The write-up's Tank view of the board as a line (shown with a write-up solver), keyed by
    /// `game_version`; `None` inside when the board has no border or the search gave up.
    tank: Option<(u64, Option<String>)>,
    /// The Tank view of the newest board, worked out in the background (searching the border
    /// at once, as it does to compare, can take many layouts).
    tank_job: Latest<u64, Option<String>>,
    /// The part of the board in view.
    zoom: BoardZoom,
    /// A cell to bring into view at the next frame (the last solver move or hint).
    follow: Option<(usize, usize)>,
}

impl PanelType for MinesPanel {
    const KEY: &'static str = "mines";
    const TITLE: &'static str = "Minesweeper";
    const FAMILY: Family = Family::Games;
    type State = MinesPanelState;

    /// Starts a game with the saved settings; the board's fills are drawn by the heatmap
    /// pipeline when there is a GPU, else on the CPU.
    fn new(state: MinesPanelState, gpu_adapter: Option<&str>) -> Self {
        let config = BoardConfig::parse_level(&state.level, state.rule)
            .or_else(|_| BoardConfig::parse_level("expert", state.rule))
            .or_else(|_| BoardConfig::parse_level("expert", FirstClickRule::Safe))
            .expect("expert is a valid board");
        let seed = state.seed;
        let bench_result = state.last_benchmark.as_ref().map(|saved| Ok(saved.result.clone()));
        let bench_samples =
            state.last_benchmark.as_ref().map(|saved| saved.samples.clone()).unwrap_or_default();
        let comparison = state.last_benchmark.as_ref().and_then(|saved| saved.comparison.clone());
        Self {
            state,
            game: Game::new(config, seed),
            analysis: None,
            analysis_stale: true,
            analysis_job: Latest::default(),
            last_move: None,
            hint: None,
            auto_play: false,
            last_auto_step: None,
            message: None,
            bench_job: None,
            bench_result,
            comparison,
            bench_samples,
            move_job: Latest::default(),
            import_job: None,
            gpu: gpu_adapter.is_some(),
            texels: None,
            board_version: 0,
            game_version: 0,
            tank: None,
            tank_job: Latest::default(),
            zoom: BoardZoom::default(),
            follow: None,
        }
    }

    fn state(&self) -> &MinesPanelState {
        &self.state
    }

    fn results(&self) -> serde_json::Value {
        match &self.state.last_benchmark {
            Some(benchmark) => serde_json::json!({ "last_benchmark": benchmark }),
            None => serde_json::Value::Null,
        }
    }

    /// Shows a saved benchmark again, with its chart and comparison.
    fn restore_results(&mut self, saved: &serde_json::Value) {
        if let Some(benchmark) = crate::panels::saved_field::<SavedBenchmark>(saved, "last_benchmark") {
            self.bench_result = Some(Ok(benchmark.result.clone()));
            self.bench_samples = benchmark.samples.clone();
            self.comparison = benchmark.comparison.clone();
            self.state.last_benchmark = Some(benchmark);
        }
    }

    fn install_gpu(render_state: &eframe::egui_wgpu::RenderState) {
        crate::mines::heatmap::install(render_state);
    }
}

impl MinesPanel {
    /// The game on the board.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The explanation of the last solver move.
    pub fn last_move(&self) -> Option<&Move> {
        self.last_move.as_ref()
    }

    /// The analysis the heatmap shows, if any (an error when the board could not be analysed).
    pub fn analysis(&self) -> Option<&Result<Analysis, String>> {
        self.analysis.as_ref()
    }

    /// True while a background analysis runs.
    pub fn is_analysing(&self) -> bool {
        self.analysis_job.is_running() || self.analysis_stale || self.tank_job.is_running()
    }

    /// True while an imported board's mine layout is being drawn.
    pub fn is_importing(&self) -> bool {
        self.import_job.is_some()
    }

    /// True while a benchmark runs.
    pub fn is_benchmarking(&self) -> bool {
        self.bench_job.is_some()
    }

    /// The last benchmark's result (the candidate's, for a paired run).
    pub fn bench_result(&self) -> Option<&Result<BenchResult, String>> {
        self.bench_result.as_ref()
    }

    /// The last benchmark's comparison with the default solver, when it was a paired run.
    pub fn comparison(&self) -> Option<&Comparison> {
        self.comparison.as_ref()
    }

    /// Win-rate samples (games, rate) of the running or last benchmark, as charted.
    pub fn bench_samples(&self) -> &[[f64; 2]] {
        &self.bench_samples
    }

    /// The part of the board in view.
    pub fn zoom(&self) -> BoardZoom {
        self.zoom
    }

    /// True when the board's fills are drawn by the GPU shader.
    pub fn heatmap_on_gpu(&self) -> bool {
        self.gpu
    }

    /// The numeric settings of the refinements, folded away by default.
    fn tuning_ui(&mut self, ui: &mut egui::Ui) {
        let changed = self.state.tuning != Tuning::default();
        let title = if changed { "solver settings (changed)" } else { "solver settings" };
        egui::CollapsingHeader::new(title).id_salt("mines-solver-settings").show(ui, |ui| {
            let tuning = &mut self.state.tuning;
            egui::Grid::new("mines-tuning").num_columns(2).spacing([8.0, 4.0]).show(ui, |ui| {
                let fraction = |value| egui::DragValue::new(value).speed(0.005).max_decimals(3);
                setting_row(
                    ui,
                    "lookahead cut-off",
                    fraction(&mut tuning.cutoff).range(0.01..=1.0),
                    "lookahead candidates must reach this fraction of the best safety",
                );
                setting_row(
                    ui,
                    "off-frontier cut-off",
                    fraction(&mut tuning.off_frontier_cutoff).range(0.0..=1.0),
                    "cells away from every number join the lookahead candidates only when their safety exceeds this fraction of the best safety",
                );
                setting_row(
                    ui,
                    "next-cell blend",
                    fraction(&mut tuning.blend).range(0.0..=1.0).speed(0.01),
                    "weight of the safest next cell against the second safest in the lookahead score",
                );
                setting_row(
                    ui,
                    "long-term risk weight",
                    fraction(&mut tuning.risk_weight).range(0.0..=10.0).speed(0.01),
                    "a lookahead score is multiplied by 1 + weight · influence / safety",
                );
                setting_row(
                    ui,
                    "endgame layouts",
                    egui::DragValue::new(&mut tuning.endgame_layouts).range(1..=policy::MAX_ENDGAME_LAYOUTS).speed(10.0),
                    "the endgame search takes over with at most this many layouts left",
                );
            });
            if ui.add_enabled(changed, egui::Button::new("Defaults")).clicked() {
                self.state.tuning = Tuning::default();
            }
        });
        if let Err(error) = self.state.tuning.check() {
            // Only a hand-edited settings file gets here: the fields above keep their ranges.
            ui.colored_label(theme::ERROR, format!("solver settings: {error}; the defaults are used"));
        }
    }
}

impl Panel for MinesPanel {
    fn is_busy(&self) -> bool {
        self.is_analysing() || self.is_thinking() || self.is_importing() || self.is_benchmarking()
    }

    fn logic(&mut self, ctx: &egui::Context) {
        self.poll_bench();
        self.poll_move();
        self.poll_import();
        if self.auto_play {
            let interval = 1.0 / self.state.moves_per_second.max(0.5);
            let due = self.last_auto_step.is_none_or(|last| last.elapsed().as_secs_f32() >= interval);
            if due {
                self.step();
                self.last_auto_step = Some(Instant::now());
            }
            if self.game.status() != GameStatus::Playing {
                self.auto_play = false;
            }
            ctx.request_repaint_after(std::time::Duration::from_secs_f32(interval));
        }
        if self.bench_job.is_some() {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        self.refresh_analysis(ctx);
        self.refresh_tank_view(ctx);
        if self.analysis_job.is_running() || self.move_job.is_running() || self.import_job.is_some() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Minesweeper");
        egui::Grid::new("mines-new-game").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("level");
            ui.add(egui::TextEdit::singleline(&mut self.state.level).desired_width(110.0))
                .labelled_by(label.id)
                .on_hover_text("beginner, intermediate, expert or WIDTHxHEIGHT/MINES (up to 1000x1000)");
            ui.end_row();
            ui.label("");
            ui.horizontal(|ui| {
                for preset in ["beginner", "intermediate", "expert"] {
                    if ui.small_button(preset).clicked() {
                        self.state.level = preset.to_string();
                    }
                }
            });
            ui.end_row();
            ui.label("first click");
            ui.horizontal(|ui| {
                for rule in [FirstClickRule::Safe, FirstClickRule::Opening, FirstClickRule::None] {
                    ui.selectable_value(&mut self.state.rule, rule, rule.name());
                }
            });
            ui.end_row();
            let label = ui.label("seed");
            ui.add(egui::DragValue::new(&mut self.state.seed)).labelled_by(label.id);
            ui.end_row();
        });
        if ui.button("New game").clicked() {
            self.new_game();
        }
        ui.separator();
        let status = match self.game.status() {
            GameStatus::Playing => format!("mines left {}", self.game.mine_counter()),
            GameStatus::Won => "won".to_string(),
            GameStatus::Lost => "lost".to_string(),
        };
        let config = self.game.config();
        ui.label(format!(
            "{}x{} / {} mines, first click {} — {status}",
            config.width,
            config.height,
            config.mines,
            config.rule.name()
        ));
        ui.horizontal(|ui| {
            if ui.button("Hint").clicked() {
                self.hint();
            }
            if ui.button("Step").clicked() {
                self.step();
            }
            let label = if self.auto_play { "Stop" } else { "Auto-play" };
            if ui.button(label).clicked() {
                self.auto_play = !self.auto_play;
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("speed");
            ui.add(
                egui::Slider::new(&mut self.state.moves_per_second, 0.5..=200.0)
                    .logarithmic(true)
                    .suffix(" moves/s"),
            )
            .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            ui.checkbox(&mut self.state.heatmap, "probability heatmap");
            ui.label(format!("zoom {:.1}×", self.zoom.factor))
                .on_hover_text("the wheel over the board zooms in and out; a drag pans");
            if !self.zoom.is_fitted()
                && ui.small_button("Fit").on_hover_text("show the whole board").clicked()
            {
                self.zoom = BoardZoom::default();
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("solver");
            let name = |choice: Option<Ladder>| choice.map_or("Curio's", Ladder::label);
            egui::ComboBox::from_id_salt("mines-method")
                .selected_text(name(self.state.write_up))
                .show_ui(ui, |ui| {
                    for choice in std::iter::once(None).chain(Ladder::ALL.map(Some)) {
                        ui.selectable_value(&mut self.state.write_up, choice, name(choice));
                    }
                })
                .response
                .labelled_by(label.id)
                .on_hover_text("Curio's solver, or one of the write-up's, to watch or measure what it did");
        });
        ui.add_enabled_ui(self.state.write_up.is_none(), |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label("refinements");
            ui.checkbox(&mut self.state.lookahead, "lookahead").on_hover_text(
                "among near-safest guesses, pick the best chance of surviving this guess and the next move",
            );
            ui.checkbox(&mut self.state.endgame, "endgame search")
                .on_hover_text(format!(
                    "with few layouts left (solver settings: {} by default), search the game tree for the best move",
                    Tuning::default().endgame_layouts
                ));
            ui.checkbox(&mut self.state.fifty_fifty, "50/50 first")
                .on_hover_text("guess a 50/50 that no later move can resolve before any other guess");
            ui.checkbox(&mut self.state.regions, "isolated regions").on_hover_text(
                "search a region that no move elsewhere can inform for its best move, before other guesses",
            );
            ui.add_enabled(
                self.state.lookahead,
                egui::Checkbox::new(&mut self.state.long_term_risk, "long-term risk"),
            )
            .on_hover_text("lookahead: favour guesses that settle a 50/50 that may form later");
        });
        });
        self.tuning_ui(ui);
        if let Some(item) = &self.last_move {
            ui.label(format!(
                "last move: row {}, column {} — {}",
                item.row,
                item.column,
                item.reason.describe()
            ));
        }
        if let Some(item) = &self.hint {
            ui.colored_label(
                theme::SELECTED,
                format!("hint: row {}, column {} — {}", item.row, item.column, item.reason.describe()),
            );
        }
        match &self.analysis {
            Some(Ok(analysis)) => {
                let exact = if analysis.exact { "exact" } else { "approximate" };
                ui.label(format!(
                    "{} certain safe, {} certain mines ({exact})",
                    analysis.safe.len(),
                    analysis.mines.len()
                ));
            }
            Some(Err(error)) => {
                ui.colored_label(theme::ERROR, error);
            }
            None => {}
        }
        if self.state.write_up.is_some()
            && let Some((version, Some(summary))) = &self.tank
            && *version == self.game_version
        {
            ui.label(egui::RichText::new(format!("the write-up's Tank view: {summary}")).color(theme::HINT));
        }
        if self.analysis_job.is_running() {
            ui.colored_label(theme::HINT, "analysing…");
        }
        if self.move_job.is_running() {
            ui.colored_label(theme::HINT, "thinking…");
        }
        ui.separator();
        ui.strong("Board text");
        ui.horizontal(|ui| {
            let label = ui.label("file");
            ui.add(
                egui::TextEdit::singleline(&mut self.state.board_path)
                    .desired_width((ui.available_width() - 8.0).max(60.0)),
            )
            .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let importing = self.import_job.is_some();
            if ui.add_enabled(!importing, egui::Button::new("Import")).clicked() {
                self.import();
            }
            if ui.button("Export board").clicked() {
                self.export();
            }
        });
        if self.import_job.is_some() {
            ui.colored_label(theme::HINT, "drawing a mine layout that fits…");
        }
        outcome_label(ui, self.message.as_ref());
        ui.separator();
        ui.strong("Benchmark");
        self.bench_ui(ui);
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let rect = ui.available_rect_before_wrap();
        ui.allocate_rect(rect, egui::Sense::hover());
        ui.painter().rect_filled(rect, 4.0, theme::CANVAS_BACKGROUND);
        self.board_ui(ui, rect.shrink(8.0));
    }
}

/// One labelled row of the solver settings grid.
fn setting_row(ui: &mut egui::Ui, label: &str, value: egui::DragValue<'_>, hover: &str) {
    let label = ui.label(label);
    ui.add(value).labelled_by(label.id).on_hover_text(hover);
    ui.end_row();
}

/// What the mines domain adds: `curio mines`, its panel, its game window, the merges of its sharded commands and its fuzz targets.
pub const DOMAIN: Domain = Domain {
    name: "mines",
    about: "Minesweeper: exact probability solver and win-rate benchmark.",
    commands: CommandGroup::of::<curio_cli::mines::MinesArgs>(),
    panels: &[PanelEntry::of::<MinesPanel>()],
    merges: &[
        Merge { command: "mines bench", merge: curio_cli::mines::merge_bench },
        Merge { command: "mines compare", merge: curio_cli::mines::merge_compare },
    ],
    game_window: Some(GameWindow {
        about: "Open a standalone classic game window (the bot's target); --log appends one JSON line per finished game.",
        commands: CommandGroup::of::<window::WindowArgs>(),
    }),
    bot_game: Some(&bot::mines::GAME),
    fuzz_targets: &[
        Target { name: "mines-board", reads: "minesweeper board files (mines solve, layout, the panel's Import)", run: curio_cli::mines::fuzz_mines_board },
    ],
    opens: &[Opener {
        kind: "a minesweeper board",
        panel: MinesPanel::KEY,
        accepts: |_, text| ::mines::text::parse(text).is_ok(),
        open: |panel, path, text| panel_of::<MinesPanel>(panel).open_board(path, text),
    }],
};
