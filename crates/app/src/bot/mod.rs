//! The bot's control pane: pick a game (the declared bot games) and a target (one of the game's
//! programs, such as its built-in window, or an open window from the list), Calibrate (a screenshot with the detected grid and every cell's reading),
//! Start / Pause / Step / Stop, speed and dry run, a live view of what the bot sees with the
//! solver's probabilities, the counters and a log. The bot runs as a background job, one
//! [`bot::session`] like `curio bot play`'s.

use crate::domain::{Domain};
use curio_cli::facets::CommandGroup;
use crate::panels::PanelEntry;
use crate::panels::{Family, Panel, PanelType, Settings};
use crate::widgets::full_uv;
use crate::{background, theme};
use crate::domain::bot_games;
use ::bot::{
    self, Backends, BotEvent, BotGame, BotSettings, InputSink, LaunchRequest, Level, Mark, ScreenSource, Seen,
    SessionControl, SessionRequest, StopReason, TargetKind, WindowInfo,
};
use curio_core::jobs::Job;
use curio_platform::{EnigoInput, ProcessLauncher, XcapScreen};
use eframe::egui::{self, Color32, TextureHandle, TextureOptions, Vec2};
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use std::sync::mpsc;

/// The target that is an open window, chosen from a list (the others are programs of the game).
pub const WINDOW: &str = "window";

/// Persisted settings of the bot pane.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BotPanelState {
    /// The game, by its domain's name (one of the declared bot games).
    pub game: String,
    /// The target: one of the game's programs, by name, or [`WINDOW`].
    pub target: String,
    /// The window's title when the target is a window.
    pub window_title: String,
    /// Board size for launched targets.
    pub level: Level,
    /// Games to play.
    pub games: u32,
    /// The built-in window's first seed.
    pub seed: u64,
    /// Most clicks a second.
    pub max_moves_per_second: f64,
    /// Only show the moves.
    pub dry_run: bool,
    /// Chord where it saves clicks.
    pub chord: bool,
    /// Who decides the moves: the game's own policy or one of its reference players.
    pub policy: bot::Policy,
}

impl Default for BotPanelState {
    fn default() -> Self {
        Self {
            game: bot_games().first().map(|game| game.name.to_string()).unwrap_or_default(),
            target: bot_games()
                .first()
                .and_then(|game| game.builtin())
                .map(|program| program.name.to_string())
                .unwrap_or_default(),
            window_title: String::new(),
            level: Level::Beginner,
            games: bot::GAMES.default,
            seed: 1,
            max_moves_per_second: bot::MOVES_PER_SECOND.default,
            dry_run: false,
            chord: false,
            policy: bot::Policy::Own,
        }
    }
}

impl Settings for BotPanelState {
    /// Brings loaded or edited values back into range.
    fn sanitize(&mut self) {
        // Names saved as the enum variants of earlier versions (`Mines`, `GnomeMines`) read as
        // the names they were.
        self.game = kebab(&self.game);
        self.target = kebab(&self.target);
        let games = bot_games();
        let Some(game) = games.iter().find(|game| game.name == self.game).or(games.first()) else { return };
        self.game = game.name.to_string();
        if self.target != WINDOW && !game.programs.iter().any(|program| program.name == self.target) {
            self.target = game.builtin().map(|program| program.name.to_string()).unwrap_or(WINDOW.into());
        }
        if !game.reference_players {
            self.policy = bot::Policy::Own;
        }
        self.games = bot::GAMES.clamp(self.games);
        self.max_moves_per_second = bot::MOVES_PER_SECOND.clamp(self.max_moves_per_second);
    }
}

/// A policy as the pane names it.
fn policy_label(policy: bot::Policy) -> &'static str {
    match policy {
        bot::Policy::Own => "the bot (reads the meters)",
        bot::Policy::Idle => "idle player (menus only)",
        bot::Policy::Random => "random presser",
    }
}

/// `GnomeMines` as `gnome-mines`: a name in words joined by hyphens, lower case.
fn kebab(name: &str) -> String {
    let mut out = String::new();
    for (index, letter) in name.char_indices() {
        if letter.is_uppercase() && index > 0 && !out.ends_with('-') {
            out.push('-');
        }
        out.extend(letter.to_lowercase());
    }
    out
}

impl BotPanelState {
    /// The game chosen, if any game is declared.
    pub fn game(&self) -> Option<&'static BotGame> {
        bot_games().into_iter().find(|game| game.name == self.game)
    }

    /// The target chosen, if it is one of the game's.
    pub fn kind(&self) -> Option<TargetKind> {
        if self.target == WINDOW {
            return Some(TargetKind::Window(self.window_title.clone()));
        }
        let program = self.game()?.programs.iter().find(|program| program.name == self.target)?;
        Some(TargetKind::Program(program))
    }
}

/// A session running as a job (a panic ends it with an error): its statuses and its control
/// (Pause, Step, Resume, Stop).
struct Run {
    job: Job<Result<bot::BotReport, String>>,
    statuses: mpsc::Receiver<Seen>,
    control: SessionControl,
}

/// The bot pane.
pub struct BotPanel {
    /// Persisted settings.
    pub state: BotPanelState,
    run: Option<Run>,
    /// The last status the bot sent.
    pub last: Option<Seen>,
    /// The last run's outcome.
    pub outcome: Option<Result<bot::BotReport, String>>,
    /// Lines of the log, newest last.
    pub log: Vec<String>,
    windows: Vec<WindowInfo>,
    view: Option<TextureHandle>,
    view_key: usize,
    frames: usize,
}

impl PanelType for BotPanel {
    const KEY: &'static str = "bot";
    const TITLE: &'static str = "Game bot";
    const FAMILY: Family = Family::Bots;
    type State = BotPanelState;

    fn new(state: BotPanelState, _gpu_adapter: Option<&str>) -> Self {
        Self {
            state,
            run: None,
            last: None,
            outcome: None,
            log: Vec::new(),
            windows: Vec::new(),
            view: None,
            view_key: usize::MAX,
            frames: 0,
        }
    }

    fn state(&self) -> &BotPanelState {
        &self.state
    }
}

fn say(log: &mut Vec<String>, line: String) {
    if log.last() != Some(&line) {
        log.push(line);
    }
    if log.len() > 300 {
        log.drain(..log.len() - 300);
    }
}

impl BotPanel {
    /// Whether a bot is running.
    pub fn is_running(&self) -> bool {
        self.run.is_some()
    }

    /// Starts the bot: launches or finds the target on the bot's thread, then plays.
    pub fn start(&mut self, ctx: &egui::Context, calibrate_only: bool) {
        if self.run.is_some() {
            return;
        }
        if let Err(message) = curio_platform::session::Session::current().bot_can_run() {
            self.outcome = Some(Err(message));
            return;
        }
        let (Some(game), Some(kind)) = (self.state.game(), self.state.kind()) else {
            self.outcome = Some(Err(format!("choose a game and one of its targets first ({})", self.state.game)));
            return;
        };
        if kind == TargetKind::Window(String::new()) {
            self.outcome = Some(Err("choose a window from the list first".into()));
            return;
        }
        let request = SessionRequest {
            launch: LaunchRequest { kind, level: self.state.level, seed: self.state.seed, log: None },
            settings: BotSettings {
                games: self.state.games as usize,
                dry_run: self.state.dry_run,
                chord: self.state.chord,
                policy: if game.reference_players { self.state.policy } else { bot::Policy::Own },
                max_moves_per_second: self.state.max_moves_per_second,
                level: self.state.level,
                ..BotSettings::default()
            },
            calibrate_only,
        };
        let (sender, statuses) = mpsc::channel();
        let control = SessionControl::default();
        let session_control = control.clone();
        let wake = ctx.clone();
        let spawned =
            background::spawn(ctx, "curio-bot", move |reporter| -> Result<bot::BotReport, String> {
                let mut observer = |status: &Seen| {
                    let _ = sender.send(status.clone());
                    wake.request_repaint();
                    if reporter.is_cancelled() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
                };
                let backends = Backends {
                    launcher: Box::new(ProcessLauncher),
                    screen: Box::new(XcapScreen::default()),
                    input: Box::new(|| EnigoInput::new().map(|input| Box::new(input) as Box<dyn InputSink>)),
                };
                (game.run)(&request, backends, &session_control, &mut observer)
                    .map(|outcome| outcome.report)
                    .map_err(|error| error.to_string())
            });
        match spawned {
            Ok(job) => {
                self.outcome = None;
                say(&mut self.log, if calibrate_only { "calibrating…".into() } else { "started".into() });
                self.run = Some(Run { job, statuses, control });
            }
            Err(error) => self.outcome = Some(Err(format!("cannot start the bot's thread: {error}"))),
        }
    }

    /// Asks the bot to stop at its next capture.
    pub fn stop(&mut self) {
        if let Some(run) = &self.run {
            run.control.stop();
            run.job.cancel();
        }
    }

    fn control(&self) -> Option<&SessionControl> {
        self.run.as_ref().map(|run| &run.control)
    }

    fn is_paused(&self) -> bool {
        self.control().is_some_and(SessionControl::is_paused)
    }

    fn refresh_windows(&mut self) {
        match XcapScreen::default().windows() {
            Ok(list) => self.windows = list.into_iter().filter(|window| !window.title.is_empty()).collect(),
            Err(error) => self.outcome = Some(Err(error.to_string())),
        }
    }

    fn stats_ui(&self, ui: &mut egui::Ui) {
        let report = self
            .last
            .as_ref()
            .map(|status| status.report.clone())
            .or_else(|| self.outcome.as_ref().and_then(|outcome| outcome.as_ref().ok().cloned()))
            .unwrap_or_default();
        let words = self.state.game().map_or(bot::Words::PLAIN, |game| game.words);
        egui::Grid::new("bot-stats").num_columns(2).spacing([8.0, 4.0]).show(ui, |ui| {
            let rate = if report.games > 0 { 100.0 * report.wins as f64 / report.games as f64 } else { 0.0 };
            for (name, value) in [
                (words.games.to_string(), report.games.to_string()),
                (words.wins.to_string(), format!("{} ({rate:.0}%)", report.wins)),
                (words.moves.to_string(), report.moves.to_string()),
                (format!("{}/s", words.moves), format!("{:.1}", report.moves_per_second)),
                ("reads".into(), report.reads.to_string()),
                ("misreads".into(), report.misreads.to_string()),
                ("rejected reads".into(), report.rejected_reads.to_string()),
                (format!("outside {}", words.presses), report.outside_clicks.to_string()),
            ] {
                ui.label(name);
                ui.label(value);
                ui.end_row();
            }
        });
    }
}

impl Panel for BotPanel {
    fn is_busy(&self) -> bool {
        self.run.is_some()
    }

    fn logic(&mut self, _ctx: &egui::Context) {
        let Some(run) = &mut self.run else { return };
        let mut latest = None;
        while let Ok(status) = run.statuses.try_recv() {
            latest = Some(status);
        }
        let finished =
            run.job.poll().map(|result| result.unwrap_or_else(|panicked| Err(panicked.to_string())));
        if let Some(status) = latest {
            if !status.message.is_empty() && status.event != BotEvent::WaitingForScreen {
                let line = format!(
                    "[{} games, {} moves] {}",
                    status.report.games, status.report.moves, status.message
                );
                say(&mut self.log, line);
            }
            self.frames += 1;
            // Keep the last frame when a status carries none.
            let frame =
                status.frame.clone().or_else(|| self.last.as_ref().and_then(|last| last.frame.clone()));
            let sketch = match (&status.frame, &self.last) {
                (None, Some(last)) => last.sketch.clone(),
                _ => status.sketch.clone(),
            };
            self.last = Some(Seen { frame, sketch, ..status });
        }
        if let Some(result) = finished {
            match &result {
                Ok(report) => say(
                    &mut self.log,
                    match &report.stop_reason {
                        Some(StopReason::Cancelled) => "stopped".to_string(),
                        Some(reason) => format!("stopped: {reason}"),
                        None => {
                            let words = self.state.game().map(|game| game.words);
                            let (games, won) = words.map_or(("games", "won"), |words| (words.games, words.won));
                            format!("done: {} {games}, {} {won}", report.games, report.wins)
                        }
                    },
                ),
                Err(error) => say(&mut self.log, format!("error: {error}")),
            }
            self.outcome = Some(result);
            self.run = None;
        }
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Game bot");
        if let Some(note) = curio_platform::session::Session::current().bot_note() {
            ui.colored_label(theme::HINT, note);
        }
        let running = self.run.is_some();
        ui.add_enabled_ui(!running, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label("game");
                for game in bot_games() {
                    if ui.selectable_label(self.state.game == game.name, game.title).clicked() {
                        self.state.game = game.name.to_string();
                        self.state.sanitize();
                    }
                }
            });
            ui.horizontal_wrapped(|ui| {
                for program in self.state.game().map_or(&[][..], |game| game.programs) {
                    ui.selectable_value(&mut self.state.target, program.name.to_string(), program.label);
                }
                ui.selectable_value(&mut self.state.target, WINDOW.to_string(), "a window");
            });
            if self.state.target == WINDOW {
                ui.horizontal(|ui| {
                    if ui.button("Refresh list").clicked() {
                        self.refresh_windows();
                    }
                    ui.label(if self.state.window_title.is_empty() {
                        "none chosen"
                    } else {
                        &self.state.window_title
                    });
                });
                egui::ScrollArea::vertical().id_salt("bot-windows").max_height(120.0).show(ui, |ui| {
                    for window in &self.windows {
                        let label = format!("{} ({}x{})", window.title, window.width, window.height);
                        if ui.selectable_label(self.state.window_title == window.title, label).clicked() {
                            self.state.window_title = window.title.clone();
                        }
                    }
                });
            }
            egui::Grid::new("bot-settings").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
                ui.label("size");
                ui.horizontal(|ui| {
                    for level in Level::ALL {
                        ui.selectable_value(&mut self.state.level, level, level.name());
                    }
                });
                ui.end_row();
                let label = ui.label("games");
                ui.add(egui::DragValue::new(&mut self.state.games).range(bot::GAMES.range())).labelled_by(label.id);
                ui.end_row();
                let label = ui.label("seed");
                ui.add(egui::DragValue::new(&mut self.state.seed)).labelled_by(label.id);
                ui.end_row();
                let label = ui.label("speed");
                ui.add(
                    egui::Slider::new(&mut self.state.max_moves_per_second, bot::MOVES_PER_SECOND.range())
                        .logarithmic(true)
                        .suffix(" moves/s"),
                )
                .labelled_by(label.id);
                ui.end_row();
            });
            ui.checkbox(&mut self.state.dry_run, "dry run (advise only, click nothing)");
            // Chording is minesweeper's.
            if self.state.game == ::bot::mines::GAME.name {
                ui.checkbox(&mut self.state.chord, "chord (flag a number's mines, click the number)");
            }
            // Reference players, for games that have them (the launcher game's).
            if self.state.game().is_some_and(|game| game.reference_players) {
                ui.horizontal(|ui| {
                    let label = ui.label("player");
                    egui::ComboBox::from_id_salt("bot-policy")
                        .selected_text(policy_label(self.state.policy))
                        .show_ui(ui, |ui| {
                            for policy in bot::Policy::ALL {
                                ui.selectable_value(&mut self.state.policy, policy, policy_label(policy));
                            }
                        })
                        .response
                        .labelled_by(label.id);
                });
            }
        });
        ui.horizontal_wrapped(|ui| {
            if ui.add_enabled(!running, egui::Button::new("Calibrate")).clicked() {
                self.start(&ui.ctx().clone(), true);
            }
            if ui.add_enabled(!running, egui::Button::new("Start")).clicked() {
                self.start(&ui.ctx().clone(), false);
            }
            let paused = self.is_paused();
            if ui.add_enabled(running && !paused, egui::Button::new("Pause")).clicked()
                && let Some(control) = self.control()
            {
                control.pause();
            }
            if ui.add_enabled(running && paused, egui::Button::new("Resume")).clicked()
                && let Some(control) = self.control()
            {
                control.resume();
            }
            if ui.add_enabled(running, egui::Button::new("Step")).clicked()
                && let Some(control) = self.control()
            {
                control.pause();
                control.step();
            }
            if ui.add_enabled(running, egui::Button::new("Stop")).clicked() {
                self.stop();
            }
        });
        if let Some(Err(error)) = &self.outcome {
            ui.colored_label(theme::ERROR, error);
        }
        ui.separator();
        self.stats_ui(ui);
        ui.separator();
        ui.strong("Log");
        egui::ScrollArea::vertical().id_salt("bot-log").max_height(200.0).stick_to_bottom(true).show(
            ui,
            |ui| {
                for line in &self.log {
                    ui.add(egui::Label::new(egui::RichText::new(line).small()).wrap());
                }
            },
        );
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let rect = ui.available_rect_before_wrap();
        ui.painter().rect_filled(rect, 4.0, theme::CANVAS_BACKGROUND);
        let Some(status) = &self.last else {
            ui.painter().text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                "Press Calibrate or Start",
                egui::FontId::proportional(14.0),
                theme::HINT,
            );
            return;
        };
        let Some(frame) = &status.frame else { return };
        if self.view_key != self.frames || self.view.is_none() {
            let image = status.sketch.annotated.as_ref().unwrap_or(&frame.image);
            let color = egui::ColorImage::from_rgba_unmultiplied(
                [image.width() as usize, image.height() as usize],
                image.as_raw(),
            );
            match &mut self.view {
                Some(texture) => texture.set(color, TextureOptions::LINEAR),
                None => self.view = Some(ui.ctx().load_texture("bot-view", color, TextureOptions::LINEAR)),
            }
            self.view_key = self.frames;
        }
        let Some(texture) = &self.view else { return };
        let size = texture.size_vec2();
        let scale = (rect.width() / size.x).min(rect.height() / size.y).min(2.0);
        let shown = egui::Rect::from_center_size(rect.center(), size * scale);
        let painter = ui.painter_at(rect);
        painter.image(texture.id(), shown, full_uv(), Color32::WHITE);
        // The game's marks: a chance per cell, green safe to red mine; the cells chosen.
        let pitch = status.sketch.pitch as f32 * scale;
        let place = |[x, y]: [f64; 2]| shown.min + Vec2::new(x as f32, y as f32) * scale;
        for mark in &status.sketch.marks {
            match *mark {
                Mark::Chance { at, chance } => {
                    painter.circle_filled(place(at), (pitch * 0.22).max(2.0), theme::heat(chance as f32));
                }
                Mark::Chosen { at } => {
                    painter.rect_stroke(
                        egui::Rect::from_center_size(place(at), Vec2::splat(pitch * 0.9)),
                        2.0,
                        egui::Stroke::new(2.0, theme::SELECTED),
                        egui::StrokeKind::Inside,
                    );
                }
            }
        }
    }
}

/// What the bot domain adds: `curio bot`, its panel.
pub const DOMAIN: Domain = Domain {
    name: "bot",
    about: "The vision/click bot: play games through the screen (bot play --help lists them) and read a minesweeper board.",
    commands: CommandGroup::of::<curio_cli::bot::BotArgs>(),
    panels: &[PanelEntry::of::<BotPanel>()],
    merges: &[],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[],
    opens: &[],
};
