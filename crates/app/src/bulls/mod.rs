//! The Bulls and Cows panel: play both ways (the computer guesses while you score, catching an
//! answer that conflicts with earlier ones; or you guess while it scores), every strategy's
//! complete tree computed in the background with the guess counts side by side, the strategy
//! tree browsable with a secret's path highlighted, and the write-up's letters example.

use crate::domain::{Domain};
use curio_cli::facets::CommandGroup;
use crate::panels::PanelEntry;
use crate::panels::{Family, Panel, PanelType, Settings};
use crate::widgets::{Outcome, job_progress, outcome_label};
use crate::{background, theme};
use ::bulls::optimal::{OptimalOptions, OptimalResult, OptimalState};
use ::bulls::{
    Answers, Codes, Feedback, FeedbackTable, Strategy, StrategyError, Tree, TreeStats, Variant, build_tree,
    choose_guess, first_conflict, letters_example, random_consistent_runs,
};
use curio_core::jobs::{Job, Latest};
use curio_core::progress::Progress;
use eframe::egui;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Who guesses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayMode {
    /// The computer guesses; you score.
    #[default]
    ComputerGuesses,
    /// You guess; the computer scores its secret.
    YouGuess,
}

/// What the canvas shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BullsView {
    /// The game being played.
    #[default]
    Play,
    /// Every strategy's guess counts.
    Strategies,
    /// A strategy's tree.
    Tree,
    /// The write-up's letters example.
    Letters,
}

/// Persisted settings of the Bulls and Cows panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BullsPanelState {
    /// The variant's name (`4of10`, `4of10r`, `4of26`, `mastermind`).
    pub variant: String,
    /// The computer's strategy when it guesses, and the tree shown.
    pub strategy: Strategy,
    /// Who guesses.
    pub mode: PlayMode,
    /// Seed of the random guesser and of the computer's secret.
    pub seed: u64,
    /// Complete random-consistent trees to average over.
    pub random_runs: u32,
    /// What the canvas shows.
    pub view: BullsView,
    /// The optimum search's levels of guesses optimised (0: all, exact).
    pub optimal_depth: u32,
    /// The optimum search's guesses tried at a node (0: all).
    pub optimal_candidates: u32,
}

impl Default for BullsPanelState {
    fn default() -> Self {
        Self {
            variant: Variant::FOUR_OF_TEN.name.to_string(),
            strategy: Strategy::Entropy,
            mode: PlayMode::ComputerGuesses,
            seed: 1,
            random_runs: ::bulls::strategy::RUNS.default,
            view: BullsView::Play,
            optimal_depth: ::bulls::optimal::DEPTH.default,
            optimal_candidates: ::bulls::optimal::CANDIDATES.default,
        }
    }
}

impl Settings for BullsPanelState {
    fn sanitize(&mut self) {
        if Variant::named(&self.variant).is_none() {
            self.variant = Variant::FOUR_OF_TEN.name.to_string();
        }
        self.random_runs = ::bulls::strategy::RUNS.clamp(self.random_runs);
        self.optimal_depth = self.optimal_depth.min(::bulls::optimal::DEPTH.max);
        self.optimal_candidates = self.optimal_candidates.min(::bulls::optimal::CANDIDATES.max);
    }
}

impl BullsPanelState {
    /// The variant (the default where the name is unknown).
    pub fn variant(&self) -> Variant {
        Variant::named(&self.variant).unwrap_or(Variant::FOUR_OF_TEN)
    }
}

/// One strategy's figures and (for the scored ones) its tree.
#[derive(Clone, Debug)]
pub struct StrategyResult {
    /// The strategy.
    pub strategy: Strategy,
    /// Its guess counts (random-consistent: the mean histogram over the runs, rounded).
    pub stats: TreeStats,
    /// For random-consistent, the 95% interval of the average over the runs.
    pub interval: Option<[f64; 2]>,
    /// The tree (random-consistent: the first run's).
    pub tree: Tree,
}

type StrategiesResult = Result<Vec<StrategyResult>, StrategyError>;

/// One row of the letters example: the strategy, its guess counts and its first guess.
pub type LettersRow = (Strategy, TreeStats, String);

/// The Bulls and Cows panel.
pub struct BullsPanel {
    /// Persisted settings.
    pub state: BullsPanelState,
    codes: Codes,
    /// The feedback table of the variant, built in the background.
    table: Option<Arc<FeedbackTable>>,
    table_job: Latest<&'static str, Option<Arc<FeedbackTable>>>,
    /// The game: guesses and their answers.
    pub history: Vec<(usize, Feedback)>,
    /// The codes still possible after the answers.
    pub possible: Vec<u32>,
    /// How many codes were still possible after each answer of the history.
    possible_after: Vec<usize>,
    /// The computer's next guess (computer-guesses mode), once chosen.
    pub proposal: Option<usize>,
    proposal_job: Latest<usize, Result<usize, String>>,
    answer: [u8; 2],
    /// The computer's secret (you-guess mode).
    secret: usize,
    guess_text: String,
    /// The last outcome of play.
    pub message: Option<Outcome>,
    strategies_job: Option<Job<StrategiesResult>>,
    /// Every strategy's figures, once computed.
    pub results: Option<Vec<StrategyResult>>,
    letters_job: Option<Job<Result<Vec<LettersRow>, StrategyError>>>,
    optimal_job: Option<Job<Result<OptimalResult, StrategyError>>>,
    /// The last optimum search's result, with the options it ran with.
    pub optimal: Option<(OptimalOptions, OptimalResult)>,
    /// The letters example's figures.
    pub letters: Option<Vec<LettersRow>>,
    search: String,
}

impl PanelType for BullsPanel {
    const KEY: &'static str = "bulls";
    const TITLE: &'static str = "Bulls and Cows";
    const FAMILY: Family = Family::Puzzles;
    type State = BullsPanelState;

    fn new(state: BullsPanelState, _gpu_adapter: Option<&str>) -> Self {
        let codes = state.variant().codes();
        let mut panel = Self {
            codes,
            table: None,
            table_job: Latest::default(),
            history: Vec::new(),
            possible: Vec::new(),
            possible_after: Vec::new(),
            proposal: None,
            proposal_job: Latest::default(),
            answer: [0, 0],
            secret: 0,
            guess_text: String::new(),
            message: None,
            strategies_job: None,
            results: None,
            letters_job: None,
            letters: None,
            optimal_job: None,
            optimal: None,
            search: String::new(),
            state,
        };
        panel.new_game();
        panel
    }

    fn state(&self) -> &BullsPanelState {
        &self.state
    }
}

impl BullsPanel {
    fn answers(&self) -> Answers<'_> {
        match &self.table {
            Some(table) => Answers::Table(table),
            None => Answers::Computed(&self.codes),
        }
    }

    /// Starts a new game of the current variant and mode (the computer's secret from the seed).
    pub fn new_game(&mut self) {
        if self.codes.variant != self.state.variant() {
            self.codes = self.state.variant().codes();
            self.table = None;
            self.results = None;
            self.strategies_job = None;
        }
        self.history.clear();
        self.possible_after.clear();
        self.possible = (0..self.codes.len() as u32).collect();
        self.proposal = None;
        self.proposal_job.cancel();
        self.message = None;
        let mut random = Pcg64Mcg::seed_from_u64(self.state.seed);
        self.secret = random.random_range(0..self.codes.len());
    }

    /// Whether the strategy can choose without a table for this many codes.
    fn needs_table(&self) -> bool {
        self.state.strategy != Strategy::RandomConsistent
    }

    /// Asks for the computer's next guess (in the background when the work is big).
    fn request_proposal(&mut self, ctx: &egui::Context) {
        if self.proposal.is_some()
            || self.possible.is_empty()
            || self.proposal_job.running_key() == Some(&self.history.len())
            || (self.needs_table() && self.table.is_none())
        {
            return;
        }
        let strategy = self.state.strategy;
        let table = self.table.clone();
        let codes = self.codes.clone();
        let possible = self.possible.clone();
        let mut random =
            Pcg64Mcg::seed_from_u64(curio_core::stats::game_seed(self.state.seed, self.history.len() as u64));
        let inline =
            possible.len().saturating_mul(codes.len()) < 2_000_000 || strategy == Strategy::RandomConsistent;
        let work = move |_: &mut dyn curio_core::progress::Progress| {
            let answers = match &table {
                Some(table) => Answers::Table(table),
                None => Answers::Computed(&codes),
            };
            choose_guess(answers, strategy, &possible, &mut random).map_err(|error| error.to_string())
        };
        match self.proposal_job.start(
            self.history.len(),
            inline,
            "curio-bulls-guess",
            Some(background::repaint(ctx)),
            work,
        ) {
            Ok(Some(Ok(guess))) => self.proposal = Some(guess),
            Ok(Some(Err(error))) => self.message = Some(Err(error)),
            Ok(None) => {}
            Err(error) => self.message = Some(Err(format!("cannot start the guesser: {error}"))),
        }
    }

    /// Adds a guess and its answer to the game: the codes still possible keep only those that
    /// give that answer, and their number is kept beside the history.
    fn record(&mut self, guess: usize, answer: Feedback) {
        self.history.push((guess, answer));
        let key = answer.key(self.codes.variant.positions);
        let answers = self.answers();
        let filtered: Vec<u32> =
            self.possible.iter().copied().filter(|&code| answers.key(guess, code as usize) == key).collect();
        self.possible = filtered;
        self.possible_after.push(self.possible.len());
    }

    /// Scores the computer's proposal with `answer` (computer-guesses mode).
    pub fn answer(&mut self, answer: Feedback) {
        let Some(guess) = self.proposal.take() else { return };
        self.record(guess, answer);
        if usize::from(answer.a) == self.codes.variant.positions {
            self.message =
                Some(Ok(format!("found {} in {} guesses", self.codes.text(guess), self.history.len())));
            return;
        }
        if self.possible.is_empty() {
            let conflict = first_conflict(self.answers(), &self.history).unwrap_or(self.history.len() - 1);
            let (guess, feedback) = self.history[conflict];
            self.message = Some(Err(format!(
                "no code fits these answers: answer {} ({} scored {}) conflicts with the answers before it",
                conflict + 1,
                self.codes.text(guess),
                feedback.letters()
            )));
        } else {
            self.message = Some(Ok(format!("{} codes still possible", self.possible.len())));
        }
    }

    /// Makes a guess against the computer's secret (you-guess mode); the error names a bad code.
    pub fn guess(&mut self, text: &str) -> Result<Feedback, String> {
        let guess = self.codes.parse(text).map_err(|error| error.to_string())?;
        let feedback = self.codes.variant.feedback(self.codes.code(guess), self.codes.code(self.secret));
        self.record(guess, feedback);
        let positions = self.codes.variant.positions;
        self.message = Some(Ok(if usize::from(feedback.a) == positions {
            format!("right: {} in {} guesses", self.codes.text(guess), self.history.len())
        } else {
            format!("{}: {} codes still possible", feedback.letters(), self.possible.len())
        }));
        Ok(feedback)
    }

    /// Computes every strategy's complete tree of the variant in the background.
    pub fn start_strategies(&mut self, ctx: &egui::Context) {
        if self.strategies_job.is_some() {
            return;
        }
        let variant = self.state.variant();
        let (runs, seed) = (self.state.random_runs as usize, self.state.seed);
        let table = self.table.clone();
        let spawned = background::spawn(ctx, "curio-bulls-strategies", move |reporter| -> StrategiesResult {
            let codes = variant.codes();
            let mut results = Vec::new();
            let random = random_consistent_runs(&codes, runs, seed, reporter)?;
            let averages: Vec<f64> = random.iter().map(|stats| stats.average).collect();
            let (average, interval, _) = curio_core::stats::mean_interval(&averages);
            let depth = random.iter().map(|stats| stats.histogram.len()).max().unwrap_or(0);
            let histogram: Vec<u64> = (0..depth)
                .map(|d| {
                    let sum: u64 =
                        random.iter().map(|stats| stats.histogram.get(d).copied().unwrap_or(0)).sum();
                    (sum as f64 / random.len() as f64).round() as u64
                })
                .collect();
            let first = ::bulls::strategy::build_random_tree(
                &codes,
                curio_core::stats::game_seed(seed, 0),
                reporter,
            )?;
            results.push(StrategyResult {
                strategy: Strategy::RandomConsistent,
                stats: TreeStats {
                    secrets: codes.len() as u64,
                    total: (average * codes.len() as f64).round() as u64,
                    average,
                    worst: random.iter().map(|stats| stats.worst).max().unwrap_or(0),
                    histogram,
                },
                interval: Some(interval),
                tree: first,
            });
            let Some(table) = table else { return Ok(results) };
            for strategy in
                Strategy::ALL.into_iter().filter(|strategy| *strategy != Strategy::RandomConsistent)
            {
                curio_core::progress::check(reporter.report(0, 0, &format!("{} tree", strategy.name())))?;
                let tree = build_tree(&table, strategy, seed, reporter)?;
                results.push(StrategyResult { strategy, stats: tree.stats(), interval: None, tree });
            }
            Ok(results)
        });
        match spawned {
            Ok(job) => self.strategies_job = Some(job),
            Err(error) => self.message = Some(Err(format!("cannot start the strategies: {error}"))),
        }
    }

    /// The optimum search's options as set.
    pub fn optimal_options(&self) -> OptimalOptions {
        OptimalOptions {
            depth: (self.state.optimal_depth > 0).then_some(self.state.optimal_depth as usize),
            candidates: (self.state.optimal_candidates > 0).then_some(self.state.optimal_candidates as usize),
        }
    }

    /// Searches the strategy with the least total guesses in the background (Cancel stops it).
    pub fn start_optimal(&mut self, ctx: &egui::Context) {
        if self.optimal_job.is_some() {
            return;
        }
        let Some(table) = self.table.clone() else {
            self.message = Some(Err(
                "the optimum needs the feedback table: wait for it, or pick a smaller variant".into(),
            ));
            return;
        };
        let options = self.optimal_options();
        let spawned = background::spawn(ctx, "curio-bulls-optimal", move |reporter| {
            ::bulls::optimal::search(&table, options, OptimalState::default(), reporter, |_| {})
        });
        match spawned {
            Ok(job) => self.optimal_job = Some(job),
            Err(error) => self.message = Some(Err(format!("cannot start the search: {error}"))),
        }
    }

    /// Computes the letters example for every strategy in the background.
    pub fn start_letters(&mut self, ctx: &egui::Context) {
        if self.letters_job.is_some() {
            return;
        }
        let spawned = background::spawn(ctx, "curio-bulls-letters", move |reporter| {
            let mut rows = Vec::new();
            for strategy in Strategy::ALL {
                curio_core::progress::check(reporter.report(rows.len() as u64, 5, strategy.name()))?;
                let (tree, codes) = letters_example(strategy, 1, reporter)?;
                rows.push((strategy, tree.stats(), codes.text(tree.nodes[0].guess as usize)));
            }
            Ok(rows)
        });
        match spawned {
            Ok(job) => self.letters_job = Some(job),
            Err(error) => self.message = Some(Err(format!("cannot start the letters example: {error}"))),
        }
    }

    fn play_controls(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let before = self.state.mode;
            ui.selectable_value(&mut self.state.mode, PlayMode::ComputerGuesses, "computer guesses");
            ui.selectable_value(&mut self.state.mode, PlayMode::YouGuess, "you guess");
            if self.state.mode != before {
                self.new_game();
            }
        });
        if ui.button("New game").clicked() {
            self.new_game();
        }
        match self.state.mode {
            PlayMode::ComputerGuesses => match self.proposal {
                Some(guess) => {
                    ui.label(egui::RichText::new(format!("guess: {}", self.codes.text(guess))).strong());
                    let positions = self.codes.variant.positions as u8;
                    ui.horizontal(|ui| {
                        let label = ui.label("A");
                        ui.add(egui::DragValue::new(&mut self.answer[0]).range(0..=positions))
                            .labelled_by(label.id);
                        let label = ui.label("B");
                        ui.add(egui::DragValue::new(&mut self.answer[1]).range(0..=positions))
                            .labelled_by(label.id);
                        if ui.button("Answer").clicked() {
                            let answer = Feedback { a: self.answer[0], b: self.answer[1] };
                            if usize::from(answer.a + answer.b) > usize::from(positions) {
                                self.message = Some(Err(format!(
                                    "A + B is at most {positions}, not {}",
                                    answer.a + answer.b
                                )));
                            } else {
                                self.answer = [0, 0];
                                self.answer(answer);
                            }
                        }
                    });
                }
                None if self.needs_table() && self.table.is_none() && self.codes.variant.has_table() => {
                    ui.colored_label(theme::HINT, "building the feedback table…");
                }
                None if self.needs_table() && !self.codes.variant.has_table() => {
                    ui.colored_label(
                        theme::HINT,
                        "this variant is too big to score every guess: pick random-consistent",
                    );
                }
                None => {}
            },
            PlayMode::YouGuess => {
                ui.horizontal(|ui| {
                    let label = ui.label("your guess");
                    let edit = ui
                        .add(egui::TextEdit::singleline(&mut self.guess_text).desired_width(80.0))
                        .labelled_by(label.id);
                    let entered = edit.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter));
                    if ui.button("Guess").clicked() || entered {
                        let text = std::mem::take(&mut self.guess_text);
                        if let Err(error) = self.guess(&text) {
                            self.guess_text = text;
                            self.message = Some(Err(error));
                        }
                    }
                });
            }
        }
        outcome_label(ui, self.message.as_ref());
    }

    fn strategies_controls(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let label = ui.label("random runs");
            ui.add(egui::DragValue::new(&mut self.state.random_runs).range(::bulls::strategy::RUNS.range())).labelled_by(label.id);
        });
        if let Some(job) = &self.strategies_job {
            job_progress(ui, job);
        } else if ui.button("Compute every strategy").clicked() {
            self.start_strategies(&ui.ctx().clone());
            self.state.view = BullsView::Strategies;
        }
        if let Some(results) = &self.results {
            egui::Grid::new("bulls-results").num_columns(4).striped(true).show(ui, |ui| {
                for header in ["strategy", "total", "average", "worst"] {
                    ui.strong(header);
                }
                ui.end_row();
                for result in results {
                    ui.label(result.strategy.name());
                    ui.label(result.stats.total.to_string());
                    ui.label(match result.interval {
                        Some([low, high]) => format!("{:.4} ({low:.3}–{high:.3})", result.stats.average),
                        None => format!("{:.4}", result.stats.average),
                    });
                    ui.label(result.stats.worst.to_string());
                    ui.end_row();
                }
            });
        }
    }

    fn optimal_controls(&mut self, ui: &mut egui::Ui) {
        egui::Grid::new("bulls-optimal").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("levels optimised");
            ui.add(egui::DragValue::new(&mut self.state.optimal_depth).range(0..=::bulls::optimal::DEPTH.max))
                .labelled_by(label.id)
                .on_hover_text("0: every level (exact, may take very long)");
            ui.end_row();
            let label = ui.label("guesses tried");
            ui.add(egui::DragValue::new(&mut self.state.optimal_candidates).range(0..=::bulls::optimal::CANDIDATES.max))
                .labelled_by(label.id)
                .on_hover_text("at each node, the best-scored; 0: every guess");
            ui.end_row();
        });
        if let Some(job) = &self.optimal_job {
            job_progress(ui, job);
        } else if ui.button("Search the optimum").clicked() {
            self.start_optimal(&ui.ctx().clone());
        }
        if let Some((options, result)) = &self.optimal {
            let kind = if result.exact {
                "the least there is (proven)".to_string()
            } else {
                format!(
                    "best within {} levels, {} guesses a node",
                    options.depth.map_or("all".to_string(), |d| d.to_string()),
                    options.candidates.map_or("all".to_string(), |k| k.to_string())
                )
            };
            ui.label(format!(
                "optimum: {} guesses ({:.4} a game), first guess {}: {kind}",
                result.total,
                result.total as f64 / self.codes.len() as f64,
                self.codes.text(result.first_guess as usize)
            ));
        }
    }

    fn play_canvas(&self, ui: &mut egui::Ui) {
        let variant = self.codes.variant;
        ui.label(format!(
            "{}: {} positions, {} symbols{}; {} codes",
            variant.name,
            variant.positions,
            variant.symbols,
            if variant.repeats { ", repeats" } else { "" },
            self.codes.len()
        ));
        ui.separator();
        let big = |text: String| egui::RichText::new(text).size(28.0).monospace();
        match (self.state.mode, self.proposal) {
            (PlayMode::ComputerGuesses, Some(guess)) => {
                ui.label(format!("Guess {}: score it with A and B on the left", self.history.len() + 1));
                ui.label(big(self.codes.text(guess)));
            }
            (PlayMode::YouGuess, _) => {
                ui.label(format!(
                    "Guess the computer's secret: {} codes are still possible",
                    self.possible.len()
                ));
            }
            _ => {}
        }
        ui.add_space(8.0);
        egui::Grid::new("bulls-history").num_columns(3).striped(true).show(ui, |ui| {
            ui.strong("guess");
            ui.strong("answer");
            ui.strong("still possible");
            ui.end_row();
            for (&(guess, feedback), possible) in self.history.iter().zip(&self.possible_after) {
                ui.monospace(self.codes.text(guess));
                ui.monospace(feedback.letters());
                ui.label(possible.to_string());
                ui.end_row();
            }
        });
        if self.possible.len() <= 24
            && !self.possible.is_empty()
            && self.state.mode == PlayMode::ComputerGuesses
        {
            let list: Vec<String> =
                self.possible.iter().map(|&code| self.codes.text(code as usize)).collect();
            ui.label(format!("possible: {}", list.join(" ")));
        }
    }

    fn strategies_canvas(&self, ui: &mut egui::Ui) {
        use egui_plot::{Bar, BarChart, Legend, Plot};
        let Some(results) = &self.results else {
            ui.colored_label(theme::HINT, "Compute every strategy to compare their guess counts.");
            return;
        };
        ui.label("secrets found with 1, 2, 3, … guesses, every strategy side by side");
        let count = results.len() as f64;
        let width = 0.8 / count;
        Plot::new("bulls-histograms").legend(Legend::default()).allow_scroll(false).allow_drag(false).show(
            ui,
            |plot| {
                for (index, result) in results.iter().enumerate() {
                    let offset = (index as f64 - (count - 1.0) / 2.0) * width;
                    let bars: Vec<Bar> = result
                        .stats
                        .histogram
                        .iter()
                        .enumerate()
                        .map(|(depth, &secrets)| {
                            Bar::new(depth as f64 + 1.0 + offset, secrets as f64).width(width)
                        })
                        .collect();
                    plot.bar_chart(BarChart::new(result.strategy.name(), bars));
                }
            },
        );
    }

    fn tree_canvas(&mut self, ui: &mut egui::Ui) {
        let Some(results) = &self.results else {
            ui.colored_label(theme::HINT, "Compute every strategy to browse its tree.");
            return;
        };
        let Some(result) = results.iter().find(|result| result.strategy == self.state.strategy) else {
            ui.colored_label(
                theme::HINT,
                "This strategy needs the feedback table, which this variant is too big for.",
            );
            return;
        };
        ui.horizontal(|ui| {
            let label = ui.label("find the secret");
            ui.add(egui::TextEdit::singleline(&mut self.search).desired_width(80.0)).labelled_by(label.id);
        });
        let path: Vec<u32> = match self.codes.parse(&self.search) {
            Ok(secret) => {
                let mut nodes = vec![0u32];
                if let Some(steps) = result.tree.path(&self.codes, secret) {
                    let mut node = 0u32;
                    let positions = self.codes.variant.positions;
                    for (_, feedback, _) in &steps {
                        let key = feedback.key(positions);
                        match result.tree.nodes[node as usize].answers.iter().find(|answer| answer.0 == key) {
                            Some((_, _, Some(next))) => {
                                node = *next;
                                nodes.push(node);
                            }
                            _ => break,
                        }
                    }
                    let guesses: Vec<String> =
                        steps.iter().map(|(guess, _, _)| self.codes.text(*guess)).collect();
                    ui.colored_label(
                        theme::SELECTED,
                        format!("{} guesses: {}", steps.len(), guesses.join(" → ")),
                    );
                }
                nodes
            }
            Err(error) if !self.search.trim().is_empty() => {
                ui.colored_label(theme::ERROR, error.to_string());
                Vec::new()
            }
            Err(_) => Vec::new(),
        };
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            tree_node(ui, &result.tree, &self.codes, 0, &path, "");
        });
    }

    fn letters_canvas(&mut self, ui: &mut egui::Ui) {
        ui.label(
            "The write-up's example: 4 letters of 26, the first three known to be ABC. A guesser that only \
             tries codes still possible rules out one letter a guess; a guess of four new letters rules out four.",
        );
        if let Some(job) = &self.letters_job {
            job_progress(ui, job);
        } else if ui.button("Compare the strategies").clicked() {
            self.start_letters(&ui.ctx().clone());
        }
        if let Some(rows) = &self.letters {
            egui::Grid::new("bulls-letters").num_columns(4).striped(true).show(ui, |ui| {
                for header in ["strategy", "guesses a game", "worst", "first guess"] {
                    ui.strong(header);
                }
                ui.end_row();
                for (strategy, stats, first) in rows {
                    ui.label(strategy.name());
                    ui.label(format!("{:.2}", stats.average));
                    ui.label(stats.worst.to_string());
                    ui.monospace(first);
                    ui.end_row();
                }
            });
        }
    }
}

/// One node of a strategy tree, headed by the answer that leads to it (`answer`, empty for the
/// root), and, when opened, its answers; the nodes of `path` are opened and coloured.
fn tree_node(ui: &mut egui::Ui, tree: &Tree, codes: &Codes, index: u32, path: &[u32], answer: &str) {
    let node = &tree.nodes[index as usize];
    let on_path = path.contains(&index);
    let plural = if node.secrets == 1 { "" } else { "s" };
    let text = format!("{answer}guess {} · {} secret{plural}", codes.text(node.guess as usize), node.secrets);
    let text =
        if on_path { egui::RichText::new(text).color(theme::SELECTED) } else { egui::RichText::new(text) };
    egui::CollapsingHeader::new(text)
        .id_salt(("bulls-node", index))
        .default_open(index == 0)
        .open(on_path.then_some(true))
        .show(ui, |ui| {
            for &(key, _, next) in &node.answers {
                let feedback = Feedback::from_key(key, codes.variant.positions);
                match next {
                    None => {
                        ui.label(format!("{}: right", feedback.letters()));
                    }
                    Some(child) => {
                        tree_node(ui, tree, codes, child, path, &format!("{} → ", feedback.letters()))
                    }
                }
            }
        });
}

impl BullsPanel {
    /// Starts building the current variant's feedback table when it has none.
    fn start_table(&mut self, ctx: &egui::Context) {
        let variant = self.state.variant();
        if self.table.is_some() || !variant.has_table() || self.table_job.running_key() == Some(&variant.name) {
            return;
        }
        let work =
            move |_: &mut dyn curio_core::progress::Progress| FeedbackTable::new(variant).ok().map(Arc::new);
        if let Ok(Some(table)) =
            self.table_job.start(variant.name, false, "curio-bulls-table", Some(background::repaint(ctx)), work)
        {
            self.table = table;
        }
    }
}

impl Panel for BullsPanel {
    fn logic(&mut self, ctx: &egui::Context) {
        let variant = self.state.variant();
        if self.codes.variant != variant {
            self.new_game();
        }
        // The table, built once per variant (started by `start_table` while the panel is shown).
        if self.table.is_none()
            && self.table_job.running_key() == Some(&variant.name)
            && let Some(result) = self.table_job.poll(&variant.name)
        {
            self.table = result.ok().flatten();
        }
        if self.state.mode == PlayMode::ComputerGuesses {
            let key = self.history.len();
            if let Some(result) = self.proposal_job.poll(&key) {
                match result {
                    Ok(Ok(guess)) => self.proposal = Some(guess),
                    Ok(Err(error)) => self.message = Some(Err(error)),
                    Err(panicked) => self.message = Some(Err(panicked.to_string())),
                }
            }
            let solved =
                self.history.last().is_some_and(|(_, f)| usize::from(f.a) == self.codes.variant.positions);
            if !solved {
                self.request_proposal(ctx);
            }
        }
        match background::finished(&mut self.strategies_job, "strategies") {
            Some(Ok(results)) => self.results = Some(results),
            Some(Err(message)) => self.message = Some(Err(message)),
            None => {}
        }
        match background::finished(&mut self.optimal_job, "optimum search") {
            Some(Ok(found)) => self.optimal = Some((self.optimal_options(), found)),
            Some(Err(message)) => self.message = Some(Err(message)),
            None => {}
        }
        match background::finished(&mut self.letters_job, "letters example") {
            Some(Ok(rows)) => self.letters = Some(rows),
            Some(Err(message)) => self.message = Some(Err(message)),
            None => {}
        }
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Bulls and Cows");
        egui::Grid::new("bulls-settings").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("variant");
            egui::ComboBox::from_id_salt("bulls-variant")
                .selected_text(self.state.variant.clone())
                .show_ui(ui, |ui| {
                    for variant in Variant::ALL {
                        let scoring = match variant.scoring {
                            ::bulls::Scoring::Standard => "",
                            ::bulls::Scoring::WriteUp => ", scored as the write-up's program does",
                        };
                        let text = format!("{} ({} codes{scoring})", variant.name, variant.code_count());
                        if ui.selectable_label(self.state.variant == variant.name, text).clicked() {
                            self.state.variant = variant.name.to_string();
                        }
                    }
                })
                .response
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("strategy");
            let before = self.state.strategy;
            egui::ComboBox::from_id_salt("bulls-strategy")
                .selected_text(self.state.strategy.name())
                .show_ui(ui, |ui| {
                    for strategy in Strategy::ALL {
                        ui.selectable_value(&mut self.state.strategy, strategy, strategy.name());
                    }
                })
                .response
                .labelled_by(label.id);
            if self.state.strategy != before {
                self.proposal = None;
            }
            ui.end_row();
            let label = ui.label("seed");
            ui.add(egui::DragValue::new(&mut self.state.seed)).labelled_by(label.id);
            ui.end_row();
        });
        ui.separator();
        ui.strong("Play");
        self.play_controls(ui);
        ui.separator();
        ui.strong("Strategies");
        self.strategies_controls(ui);
        ui.separator();
        ui.strong("Optimum");
        self.optimal_controls(ui);
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        // The table is built only once the panel is shown: a hidden panel keeps the cores free.
        self.start_table(ui.ctx());
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut self.state.view, BullsView::Play, "Game");
            ui.selectable_value(&mut self.state.view, BullsView::Strategies, "Guess counts");
            ui.selectable_value(&mut self.state.view, BullsView::Tree, "Tree");
            ui.selectable_value(&mut self.state.view, BullsView::Letters, "Letters example");
        });
        ui.separator();
        match self.state.view {
            BullsView::Play => self.play_canvas(ui),
            BullsView::Strategies => self.strategies_canvas(ui),
            BullsView::Tree => self.tree_canvas(ui),
            BullsView::Letters => self.letters_canvas(ui),
        }
    }

    fn is_busy(&self) -> bool {
        self.table_job.is_running()
            || self.proposal_job.is_running()
            || self.strategies_job.is_some()
            || self.letters_job.is_some()
            || self.optimal_job.is_some()
    }
}

/// What the bulls domain adds: `curio bulls`, its panel.
pub const DOMAIN: Domain = Domain {
    name: "bulls",
    about: "Bulls and Cows and Mastermind: every strategy's exact cost over every secret.",
    commands: CommandGroup::of::<curio_cli::bulls::BullsArgs>(),
    panels: &[PanelEntry::of::<BullsPanel>()],
    merges: &[],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[],
    opens: &[],
};
