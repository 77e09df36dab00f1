//! The Launch panel: play the launcher game (the character flung from the slingshot, the
//! power-ups pressed when their meters are full, the menus between runs: a click or Space for
//! the button, 1 and 2 or a click for the power-ups), and compare the reference players
//! headless on the same courses (idle, random presser, meter watcher: mean distance and its
//! 95% interval), as `curio launch simulate` does. The screen bot plays the game's window
//! from the bot's pane.

pub mod window;

use crate::domain::{Domain, GameWindow};
use crate::panels::{Family, Panel, PanelEntry, PanelType, Settings};
use crate::theme;
use curio_cli::facets::CommandGroup;
use eframe::egui;
use launch::{Game, Policy, RUNS, Summary, simulate, summarize};
use serde::{Deserialize, Serialize};
use window::View;

/// Persisted settings and progress of the Launch panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LaunchPanelState {
    /// The game's seed.
    pub seed: u64,
    /// The game in progress (its runs so far).
    pub game: Game,
    /// Runs each player plays in a comparison.
    pub runs: u32,
    /// The random presser's presses a second.
    pub rate: f64,
    /// The meter watcher's reaction, seconds.
    pub reaction: f64,
}

impl Default for LaunchPanelState {
    fn default() -> Self {
        Self { seed: 1, game: Game::new(1), runs: RUNS.default, rate: 1.0, reaction: 0.1 }
    }
}

impl Settings for LaunchPanelState {
    fn sanitize(&mut self) {
        self.runs = RUNS.clamp(self.runs);
        self.rate = if self.rate.is_finite() { self.rate.clamp(0.0, 60.0) } else { 1.0 };
        self.reaction = if self.reaction.is_finite() { self.reaction.clamp(0.0, 10.0) } else { 0.1 };
        // A saved game from another seed, or one that does not hold together, starts again.
        if self.game.seed != self.seed || self.game.flight.seed != launch::run_seed(self.seed, self.game.run) {
            self.game = Game::new(self.seed);
        }
        // A run saved mid-flight is shown from its start screen again.
        if self.game.screen == launch::Screen::Flying {
            let run = self.game.run;
            self.game.flight = launch::Flight::new(launch::run_seed(self.seed, run));
            self.game.screen = launch::Screen::Ready;
        }
    }
}

/// One player's line of a comparison.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Line {
    /// The player's name.
    pub player: String,
    /// What its runs came to.
    pub summary: Summary,
}

/// The Launch panel.
pub struct LaunchPanel {
    /// Persisted settings and progress.
    pub state: LaunchPanelState,
    /// The game as a widget.
    pub view: View,
    /// The last comparison of the players, with its seed.
    pub comparison: Option<(u64, Vec<Line>)>,
}

impl PanelType for LaunchPanel {
    const KEY: &'static str = "launch";
    const TITLE: &'static str = "Launch";
    const FAMILY: Family = Family::Games;
    type State = LaunchPanelState;

    fn new(state: LaunchPanelState, _gpu_adapter: Option<&str>) -> Self {
        let view = View::new(state.game.clone(), None);
        Self { state, view, comparison: None }
    }

    fn state(&self) -> &LaunchPanelState {
        &self.state
    }

    fn results(&self) -> serde_json::Value {
        serde_json::json!({ "comparison": self.comparison })
    }

    fn restore_results(&mut self, saved: &serde_json::Value) {
        if let Ok(comparison) = serde_json::from_value(saved["comparison"].clone()) {
            self.comparison = comparison;
        }
    }
}

impl LaunchPanel {
    /// Plays the comparison: each reference player on the same courses.
    pub fn compare(&mut self) {
        let policies =
            [Policy::Idle, Policy::Random { rate: self.state.rate }, Policy::Meters { reaction: self.state.reaction }];
        let lines = policies
            .iter()
            .map(|&policy| Line {
                player: policy.name().to_string(),
                summary: summarize(&simulate(self.state.seed, self.state.runs, policy)),
            })
            .collect();
        self.comparison = Some((self.state.seed, lines));
    }
}

impl Panel for LaunchPanel {
    fn is_busy(&self) -> bool {
        false
    }

    fn logic(&mut self, _ctx: &egui::Context) {
        // The game in the settings follows the view's (saved on exit), except mid-flight.
        if self.view.game.screen != launch::Screen::Flying {
            self.state.game.clone_from(&self.view.game);
        }
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Launch");
        ui.label("A launcher game in the spirit of the write-up's Burrito Bison: the character is flung from the slingshot and bounces on; jelly bouncers throw it up again. Press a power-up (click, or 1 and 2) when its meter is full; an early press empties it. Space or a click on the yellow button goes through the menus.");
        ui.separator();
        let game = &self.view.game;
        ui.label(format!("run {}; runs finished: {}", game.run + 1, game.results.len()));
        // Always one line, so that the controls below do not move when the first run ends.
        match game.results.last() {
            Some(last) => ui.label(format!("last run: {:.1} m; best: {:.1} m", last.distance, game.best())),
            None => ui.label("last run: none yet"),
        };
        ui.horizontal(|ui| {
            let label = ui.label("seed");
            ui.add(egui::DragValue::new(&mut self.state.seed)).labelled_by(label.id);
            if ui.button("New game").clicked() {
                self.view.game = Game::new(self.state.seed);
            }
        });
        ui.separator();
        ui.label("Compare the reference players on the same courses (headless):");
        ui.horizontal(|ui| {
            let label = ui.label("runs");
            ui.add(egui::DragValue::new(&mut self.state.runs).range(RUNS.min..=RUNS.max)).labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let label = ui.label("random presses a second");
            ui.add(egui::DragValue::new(&mut self.state.rate).range(0.0..=60.0).speed(0.05)).labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let label = ui.label("meter watcher's reaction (s)");
            ui.add(egui::DragValue::new(&mut self.state.reaction).range(0.0..=10.0).speed(0.01)).labelled_by(label.id);
        });
        if ui.button("Compare").on_hover_text("Plays the runs with each player, as curio launch simulate does").clicked() {
            self.compare();
        }
        if let Some((seed, lines)) = &self.comparison {
            ui.label(format!("seed {seed}:"));
            egui::Grid::new("launch-comparison").striped(true).show(ui, |ui| {
                for heading in ["player", "runs", "mean m", "95% interval", "s a run", "fizzles"] {
                    ui.strong(heading);
                }
                ui.end_row();
                for Line { player, summary } in lines {
                    ui.label(player);
                    ui.label(summary.runs.to_string());
                    ui.label(format!("{:.1}", summary.mean_distance));
                    ui.label(format!("{:.1} to {:.1}", summary.distance_interval[0], summary.distance_interval[1]));
                    ui.label(format!("{:.2}", summary.seconds_per_run));
                    ui.label(summary.fizzles.to_string());
                    ui.end_row();
                }
            });
            if let [idle, random, meters] = lines.as_slice() {
                let upper = |line: &Line| line.summary.distance_interval[1];
                let apart = meters.summary.distance_interval[0] > upper(idle).max(upper(random));
                let (colour, text) = if apart {
                    (theme::SUCCESS, "the meter watcher's interval is clear of both others")
                } else {
                    (theme::ERROR, "the intervals overlap: play more runs")
                };
                ui.colored_label(colour, text);
            }
        }
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let Some(rect) = crate::panels::canvas_rect(ui) else { return };
        self.view.ui(ui, rect, false);
    }
}

/// What the launch domain adds: `curio launch`, its panel, its window and the bot's third game.
pub const DOMAIN: Domain = Domain {
    name: "launch",
    about: "Launch: a real-time launcher game (power-up meters, menus between runs) and its reference players.",
    commands: CommandGroup::of::<curio_cli::launch::LaunchArgs>(),
    panels: &[PanelEntry::of::<LaunchPanel>()],
    merges: &[],
    game_window: Some(GameWindow {
        about: "Open the game window: the yellow button (or Space) through the menus, the power-ups by click (or 1 and 2) when full. --log appends one JSON line per thing received and per finished run.",
        commands: CommandGroup::of::<window::WindowArgs>(),
    }),
    bot_game: Some(&bot::launch::GAME),
    fuzz_targets: &[],
    opens: &[],
};
