//! The Minesweeper panel: play by hand, probability heatmap with exact values on hover, Hint,
//! Step with its reason, Auto-play, new games by preset/custom/rule/seed, board text import and
//! export, and a win-rate benchmark job with a live chart and its 95% confidence interval.

use super::{Panel, PanelId};
use crate::app::theme;
use crate::app::widgets::{
    BoardClick, BoardFills, BoardZoom, GpuBoard, MinesBoard, board_texels, job_progress, outcome_label,
};
use crate::jobs::{Job, JobError};
use crate::mines::play::{self, BenchResult, Comparison, Refinement, Tuning};
use crate::mines::solver::{self, Analysis, BoardView};
use crate::mines::text::BoardText;
use crate::mines::{BoardConfig, Cell, FirstClickRule, Game, GameStatus, Move, Solver, text};
use eframe::egui;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Instant;

/// Boards with more cells than this are analysed on a background thread.
const BACKGROUND_ANALYSIS_CELLS: usize = 5_000;

/// An imported board on its way in: its path, the board and its size, the mine layout it is
/// played on and where that came from.
struct Imported {
    path: String,
    board: BoardText,
    config: BoardConfig,
    layout: Vec<bool>,
    source: MinesSource,
}

/// Where the mines of an imported board come from.
#[derive(Clone, Copy, Debug, PartialEq)]
enum MinesSource {
    /// Marked in the file.
    File,
    /// Drawn at random among the layouts that fit: uniformly, or (a board too big to count)
    /// around a layout found by a random search (`solver::DrawnLayout::uniform`).
    Drawn {
        /// Every layout that fits was equally likely.
        uniform: bool,
    },
}

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
    /// Benchmark runs play each game with these settings and with the default solver, and
    /// report the paired difference.
    pub bench_paired: bool,
    /// The last finished benchmark, shown again after a restart.
    pub last_benchmark: Option<SavedBenchmark>,
}

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

impl Default for MinesPanelState {
    fn default() -> Self {
        Self {
            level: "expert".to_string(),
            rule: FirstClickRule::Safe,
            seed: 1,
            heatmap: true,
            moves_per_second: 10.0,
            bench_games: 1000,
            board_path: "board.txt".to_string(),
            lookahead: true,
            endgame: true,
            fifty_fifty: true,
            regions: true,
            long_term_risk: true,
            tuning: Tuning::default(),
            bench_paired: false,
            last_benchmark: None,
        }
    }
}

/// A solver move computed on a background thread.
type MoveJob = Job<Result<Vec<Move>, String>>;

/// What a benchmark job returns: one solver's result, or a paired comparison.
enum BenchOutcome {
    /// A plain benchmark of the panel's solver.
    Single(Box<BenchResult>),
    /// The panel's solver against the default one on the same games.
    Paired(Box<Comparison>),
}

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
    analysis_job: Option<Job<Result<Analysis, String>>>,
    last_move: Option<Move>,
    hint: Option<Move>,
    auto_play: bool,
    last_auto_step: Option<Instant>,
    message: Option<Result<String, String>>,
    bench_job: Option<Job<BenchOutcome>>,
    bench_result: Option<Result<BenchResult, String>>,
    /// The paired comparison of the last benchmark, when it was one.
    comparison: Option<Comparison>,
    /// Win-rate samples (games, rate) of the running or last benchmark; kept after it ends so
    /// the chart stays beside its result.
    bench_samples: Vec<[f64; 2]>,
    move_job: Option<(MoveRequest, u64, MoveJob)>,
    /// An imported board whose layout is being drawn, with the game version it was asked at.
    import_job: Option<(u64, Job<Result<Imported, String>>)>,
    gpu: bool,
    texels: Option<GpuBoard>,
    board_version: u64,
    /// Counts changes of the game itself (moves, new games), to drop stale background moves.
    game_version: u64,
    /// The part of the board in view.
    zoom: BoardZoom,
    /// A cell to bring into view at the next frame (the last solver move or hint).
    follow: Option<(usize, usize)>,
}

impl MinesPanel {
    /// A panel with `state`, starting a game with its settings; `gpu` when the heatmap pipeline
    /// is installed (else the board is drawn on the CPU).
    pub fn new(state: MinesPanelState, gpu: bool) -> Self {
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
            analysis_job: None,
            last_move: None,
            hint: None,
            auto_play: false,
            last_auto_step: None,
            message: None,
            bench_job: None,
            bench_result,
            comparison,
            bench_samples,
            move_job: None,
            import_job: None,
            gpu,
            texels: None,
            board_version: 0,
            game_version: 0,
            zoom: BoardZoom::default(),
            follow: None,
        }
    }

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
        self.analysis_job.is_some() || self.analysis_stale
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

    /// Starts a new game with the current settings; a bad level is reported inline.
    pub fn new_game(&mut self) {
        match BoardConfig::parse_level(&self.state.level, self.state.rule) {
            Ok(config) => {
                self.game = Game::new(config, self.state.seed);
                self.forget_analysis();
                self.board_changed();
                self.last_move = None;
                self.auto_play = false;
                self.message = None;
            }
            Err(error) => self.message = Some(Err(error.to_string())),
        }
    }

    /// The part of the board in view.
    pub fn zoom(&self) -> BoardZoom {
        self.zoom
    }

    /// True when the board's fills are drawn by the GPU shader.
    pub fn heatmap_on_gpu(&self) -> bool {
        self.gpu
    }

    /// Drops the analysis of the previous board (and stops one in progress): a new game or an
    /// imported board has nothing in common with it, not even its size.
    fn forget_analysis(&mut self) {
        self.analysis = None;
        self.analysis_job = None;
        // Nor has the view: the new board is shown whole.
        self.zoom = BoardZoom::default();
        self.follow = None;
    }

    fn board_changed(&mut self) {
        self.analysis_stale = true;
        self.board_version += 1;
        self.game_version += 1;
        self.hint = None;
    }

    fn view(&self) -> BoardView<'_> {
        let config = self.game.config();
        BoardView {
            width: config.width,
            height: config.height,
            mines: config.mines,
            cells: self.game.cells(),
        }
    }

    fn refresh_analysis(&mut self, ctx: &egui::Context) {
        if let Some(job) = &mut self.analysis_job
            && let Some(result) = job.poll()
        {
            self.analysis_job = None;
            if let Ok(analysis) = result {
                self.analysis = Some(analysis);
                self.board_version += 1;
            }
        }
        if !self.analysis_stale {
            return;
        }
        self.analysis_stale = false;
        self.board_version += 1;
        // A newer board makes a running analysis useless: dropping the job cancels it.
        self.analysis_job = None;
        let has_numbers = self.game.cells().iter().any(|c| matches!(c, Cell::Revealed(_)));
        if self.game.status() != GameStatus::Playing || !has_numbers {
            self.analysis = None;
            return;
        }
        if self.game.cells().len() <= BACKGROUND_ANALYSIS_CELLS {
            self.analysis =
                Some(solver::analyze(&self.view(), solver::DEFAULT_NODE_BUDGET).map_err(|e| e.to_string()));
            return;
        }
        // Big boards: analyse on a background thread; the old heatmap stays until it is done.
        let config = self.game.config();
        let cells = self.game.cells().to_vec();
        let repaint = ctx.clone();
        let wake: Arc<dyn Fn() + Send + Sync> = Arc::new(move || repaint.request_repaint());
        let job = Job::spawn_with_wake("curio-mines-analysis", Some(wake), move |_| {
            let view =
                BoardView { width: config.width, height: config.height, mines: config.mines, cells: &cells };
            Ok(solver::analyze(&view, solver::DEFAULT_NODE_BUDGET).map_err(|e| e.to_string()))
        });
        match job {
            Ok(job) => self.analysis_job = Some(job),
            Err(error) => self.analysis = Some(Err(format!("cannot start analysis: {error}"))),
        }
    }

    /// The solver with the refinements switched on and the numeric settings of the panel
    /// (settings out of range, as a hand-edited settings file may hold, fall back to the defaults).
    pub fn solver(&self) -> Solver {
        let tuning = if self.state.tuning.check().is_ok() { self.state.tuning } else { Tuning::default() };
        [
            (self.state.lookahead, Refinement::Lookahead),
            (self.state.endgame, Refinement::Endgame),
            (self.state.fifty_fifty, Refinement::FiftyFifty),
            (self.state.regions, Refinement::Regions),
            (self.state.long_term_risk, Refinement::LongTermRisk),
        ]
        .into_iter()
        .filter(|(on, _)| !on)
        .fold(Solver::default().tuned(tuning), |solver, (_, refinement)| solver.without(refinement))
    }

    /// True while a Step or Hint is being computed on a background thread (big boards).
    pub fn is_thinking(&self) -> bool {
        self.move_job.is_some()
    }

    /// Plays one solver move (the first of its batch) and remembers why. Big boards think on a
    /// background thread and play when done (unless the board changed meanwhile).
    pub fn step(&mut self) {
        self.request_move(MoveRequest::Step);
    }

    /// Shows the solver's next move without playing it (in the background on big boards).
    pub fn hint(&mut self) {
        self.request_move(MoveRequest::Hint);
    }

    fn request_move(&mut self, request: MoveRequest) {
        if self.game.status() != GameStatus::Playing || self.move_job.is_some() {
            return;
        }
        let rule = self.game.config().rule;
        let solver = self.solver();
        if self.game.cells().len() <= BACKGROUND_ANALYSIS_CELLS {
            let result = solver.next_moves(&self.view(), rule).map_err(|e| e.to_string());
            self.apply_move(request, result);
            return;
        }
        let config = self.game.config();
        let cells = self.game.cells().to_vec();
        let job = Job::spawn("curio-mines-move", move |_| {
            let view =
                BoardView { width: config.width, height: config.height, mines: config.mines, cells: &cells };
            Ok(solver.next_moves(&view, rule).map_err(|e| e.to_string()))
        });
        match job {
            Ok(job) => self.move_job = Some((request, self.game_version, job)),
            Err(error) => self.message = Some(Err(format!("cannot start the solver: {error}"))),
        }
    }

    fn apply_move(&mut self, request: MoveRequest, result: Result<Vec<Move>, String>) {
        match (request, result) {
            (MoveRequest::Step, Ok(moves)) => {
                if let Some(item) = moves.first().copied() {
                    let _ = self.game.reveal(item.row, item.column);
                    self.last_move = Some(item);
                    self.board_changed();
                    self.follow = Some((item.row, item.column));
                }
            }
            (MoveRequest::Hint, Ok(moves)) => {
                self.hint = moves.first().copied();
                self.follow = self.hint.map(|hint| (hint.row, hint.column));
            }
            (_, Err(error)) => {
                self.message = Some(Err(error));
                self.auto_play = false;
            }
        }
    }

    fn poll_move(&mut self) {
        let Some((request, version, job)) = &mut self.move_job else { return };
        let Some(result) = job.poll() else { return };
        let (request, version) = (*request, *version);
        self.move_job = None;
        // A move for a board that has changed since is stale: drop it.
        if version == self.game_version {
            let result = result.unwrap_or_else(|error| Err(error.to_string()));
            self.apply_move(request, result);
        }
    }

    /// Left click on a cell: reveal a covered cell, chord on a number.
    pub fn click_cell(&mut self, row: usize, column: usize) {
        let _ = match self.game.cell(row, column) {
            Cell::Covered => self.game.reveal(row, column),
            Cell::Revealed(_) => self.game.chord(row, column),
            _ => Ok(self.game.status()),
        };
        self.board_changed();
    }

    /// Right click: toggle a flag.
    pub fn flag_cell(&mut self, row: usize, column: usize) {
        let _ = self.game.toggle_flag(row, column);
        self.board_changed();
    }

    fn import(&mut self) {
        if self.import_job.is_some() {
            return;
        }
        let path = self.state.board_path.trim().to_string();
        let loaded = std::fs::read_to_string(&path)
            .map_err(|error| format!("cannot read '{path}': {error}"))
            .and_then(|content| text::parse(&content).map_err(|error| format!("{path}: {error}")))
            .and_then(|board| {
                let config = BoardConfig::new(board.width, board.height, board.mines, FirstClickRule::None)
                    .map_err(|error| format!("{path}: {error}"))?;
                Ok((board, config))
            });
        let (mut board, config) = match loaded {
            Ok(loaded) => loaded,
            Err(error) => {
                self.message = Some(Err(error));
                return;
            }
        };
        if let Some(layout) = board.layout.take() {
            self.finish_import(Imported { path, board, config, layout, source: MinesSource::File });
            return;
        }
        // Without its mines marked, the board is played on a layout drawn at random (seeded)
        // from those that fit its numbers, on a background thread (about one analysis: 0.08 s
        // on a 1000x1000 board with 180,000 mines).
        let seed = self.state.seed;
        let job = Job::spawn("curio-mines-import", move |_| {
            let view = board.view();
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
            Ok(match solver::sample_layout(&view, solver::DEFAULT_NODE_BUDGET, &mut rng) {
                Ok(drawn) => Ok(Imported {
                    path,
                    board,
                    config,
                    layout: drawn.mines,
                    source: MinesSource::Drawn { uniform: drawn.uniform },
                }),
                Err(error) => Err(format!("{path}: cannot draw a mine layout that fits: {error}")),
            })
        });
        match job {
            Ok(job) => {
                self.import_job = Some((self.game_version, job));
                self.message = None;
            }
            Err(error) => self.message = Some(Err(format!("cannot start the import: {error}"))),
        }
    }

    fn poll_import(&mut self) {
        let Some((version, job)) = &mut self.import_job else { return };
        let Some(result) = job.poll() else { return };
        let version = *version;
        self.import_job = None;
        match result.unwrap_or_else(|error| Err(error.to_string())) {
            // A game played or started meanwhile stays: the import is dropped, and says so.
            Ok(imported) if version != self.game_version => {
                self.message =
                    Some(Err(format!("{}: not loaded, the game changed while it was drawn", imported.path)));
            }
            Ok(imported) => self.finish_import(imported),
            Err(error) => self.message = Some(Err(error)),
        }
    }

    /// Plays on an imported board.
    fn finish_import(&mut self, imported: Imported) {
        let Imported { path, board, config, layout, source } = imported;
        let mut game = Game::with_mines(config, layout);
        game.set_visible(board.cells);
        self.game = game;
        self.forget_analysis();
        self.board_changed();
        self.last_move = None;
        self.auto_play = false;
        let seed = self.state.seed;
        self.message = Some(Ok(match source {
            MinesSource::File => format!("loaded {path}"),
            MinesSource::Drawn { uniform: true } => {
                format!(
                    "loaded {path}; its mines were drawn at random (seed {seed}) among the layouts that fit"
                )
            }
            MinesSource::Drawn { uniform: false } => format!(
                "loaded {path}; its mines were drawn at random (seed {seed}) among the layouts that fit, \
                 not proved equally likely: the board is too big to count them"
            ),
        }));
    }

    fn export(&mut self) {
        let path = self.state.board_path.trim().to_string();
        let config = self.game.config();
        // With the mines marked, so that importing the file plays on the same game.
        let content = text::format(config.width, config.mines, self.game.cells(), self.game.mine_layout());
        self.message = Some(
            std::fs::write(&path, content)
                .map(|_| format!("saved {path}"))
                .map_err(|error| format!("cannot write '{path}': {error}")),
        );
    }

    fn start_bench(&mut self, ctx: &egui::Context) {
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
        let repaint = ctx.clone();
        let wake: Arc<dyn Fn() + Send + Sync> = Arc::new(move || repaint.request_repaint());
        let job = Job::spawn_with_wake("curio-mines-bench", Some(wake), move |progress| {
            let outcome = if paired {
                play::compare(config, &solver, &Solver::default(), games, seed, threads, progress)
                    .map(|comparison| BenchOutcome::Paired(Box::new(comparison)))
            } else {
                play::bench(config, &solver, games, seed, threads, progress)
                    .map(|result| BenchOutcome::Single(Box::new(result)))
            };
            outcome.map_err(JobError::from)
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
                    egui::DragValue::new(&mut tuning.endgame_layouts).range(1..=play::MAX_ENDGAME_LAYOUTS).speed(10.0),
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

    fn bench_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        ui.horizontal(|ui| {
            let label = ui.label("games");
            ui.add(egui::DragValue::new(&mut self.state.bench_games).range(1..=10_000_000).speed(10.0))
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

    fn board_ui(&mut self, ui: &mut egui::Ui, rect: egui::Rect) {
        let analysis = match &self.analysis {
            Some(Ok(analysis)) if self.state.heatmap => Some(analysis),
            _ => None,
        };
        // Fills are rebuilt only when the board, the analysis or the heatmap switch changed.
        let version = self.board_version * 2 + u64::from(self.state.heatmap);
        let fills = if self.gpu {
            let texels = match self.texels.take() {
                Some(kept) if kept.version == version => kept,
                _ => GpuBoard { version, texels: Arc::new(board_texels(&self.game, analysis)) },
            };
            self.texels = Some(texels.clone());
            BoardFills::Gpu(texels)
        } else {
            BoardFills::Cpu { version: Some(version) }
        };
        let config = self.game.config();
        if let Some((row, column)) = self.follow.take() {
            self.zoom.reveal_cell(rect, [config.width, config.height], MAX_CELL, row, column);
        }
        let click = MinesBoard {
            game: &self.game,
            analysis,
            hint: self.hint.as_ref(),
            max_cell: MAX_CELL,
            fills,
            zoom: Some(&mut self.zoom),
        }
        .show(ui, rect);
        match click {
            Some(BoardClick { row, column, secondary: false }) => self.click_cell(row, column),
            Some(BoardClick { row, column, secondary: true }) => self.flag_cell(row, column),
            None => {}
        }
    }
}

fn win_rate_chart(ui: &mut egui::Ui, samples: &[[f64; 2]]) {
    use egui_plot::{FilledArea, Line, Plot, PlotPoints};
    // Samples are (games, win rate); the band is the Wilson 95% interval at each point.
    let xs: Vec<f64> = samples.iter().map(|s| s[0]).collect();
    let bands: Vec<[f64; 2]> =
        samples.iter().map(|s| play::wilson_interval((s[1] * s[0]).round() as u64, s[0] as u64)).collect();
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

impl Panel for MinesPanel {
    fn id(&self) -> PanelId {
        PanelId::Mines
    }

    fn logic(&mut self, ctx: &egui::Context) {
        let finished = self.bench_job.as_mut().and_then(|job| job.poll());
        if let Some(job) = &self.bench_job {
            // Only the samples that arrived since the last frame are copied.
            let new = job.samples().get(self.bench_samples.len()..).unwrap_or_default();
            self.bench_samples.extend(new.iter().map(|s| [s.x, s.y]));
        }
        if let Some(result) = finished {
            self.bench_result = match result {
                Ok(outcome) => {
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
                Err(JobError::Cancelled) => Some(Err("benchmark cancelled".to_string())),
                Err(error) => Some(Err(error.to_string())),
            };
            self.bench_job = None;
        }
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
        if self.analysis_job.is_some() || self.move_job.is_some() || self.import_job.is_some() {
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
        ui.horizontal_wrapped(|ui| {
            ui.label("solver");
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
        if self.analysis_job.is_some() {
            ui.colored_label(theme::HINT, "analysing…");
        }
        if self.move_job.is_some() {
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
