//! The Play Tetris panel: Tetris for a person on the engine's board (`tetris::human`), with the
//! keyboard (every key rebindable), the next piece, pause, Nintendo scoring by level, a flash
//! on cleared rows, the AI beside the player (a hint: the ghost of the placement the weights
//! would choose; "Take over" lets the AI play until "Give back"), high scores kept across
//! restarts, each game's record for `curio tetris replay`, and sound effects (move, turn, lock,
//! clear, game over) where a sound device exists.

use super::live::piece_color;
use crate::panels::{Family, Panel, PanelType, Settings};
use crate::theme;
use ::tetris::human::{Event, Input, LEVEL, Play, Record};
use ::tetris::{Generator, Policy, Preset};
use curio_platform::audio::{Sound, Speaker, SpeakerState};
use eframe::egui::{self, Color32, Key, Pos2, Rect, Stroke, Vec2};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A finished game in the high scores.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HighScore {
    /// Points.
    pub score: u64,
    /// Rows cleared.
    pub lines: u64,
    /// The level it ended at.
    pub level: u32,
}

/// High scores kept.
pub const HIGH_SCORES: usize = 10;

/// Persisted settings of the Play Tetris panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayPanelState {
    /// The level a game starts at.
    pub level: u32,
    /// Show the AI's hint.
    pub hint: bool,
    /// The key of each input, by egui's key names.
    pub keys: BTreeMap<String, String>,
    /// The best games, best first.
    pub high_scores: Vec<HighScore>,
    /// Where "Save record" writes the last game.
    pub record_path: String,
    /// Sound effects (off by themselves where no sound device exists).
    pub sound: bool,
    /// The weights the AI plays and hints with (a preset's name).
    pub weights: String,
}

/// The keys a new player gets.
fn default_key(input: Input) -> Option<Key> {
    match input {
        Input::Left => Some(Key::ArrowLeft),
        Input::Right => Some(Key::ArrowRight),
        Input::Clockwise => Some(Key::ArrowUp),
        Input::CounterClockwise => Some(Key::Z),
        Input::SoftDrop => Some(Key::ArrowDown),
        Input::HardDrop => Some(Key::Space),
        Input::Pause => Some(Key::P),
        Input::SoftDropEnd => None,
    }
}

/// The inputs a key can be bound to (letting go of soft drop is the soft-drop key's release).
const BOUND: [Input; 7] = [
    Input::Left,
    Input::Right,
    Input::Clockwise,
    Input::CounterClockwise,
    Input::SoftDrop,
    Input::HardDrop,
    Input::Pause,
];

/// An input's name for people and for the settings.
fn input_name(input: Input) -> &'static str {
    match input {
        Input::Left => "left",
        Input::Right => "right",
        Input::Clockwise => "turn clockwise",
        Input::CounterClockwise => "turn counter-clockwise",
        Input::SoftDrop => "soft drop",
        Input::SoftDropEnd => "soft drop end",
        Input::HardDrop => "hard drop",
        Input::Pause => "pause",
    }
}

impl Default for PlayPanelState {
    fn default() -> Self {
        Self {
            level: LEVEL.default,
            hint: false,
            keys: BOUND
                .iter()
                .filter_map(|&input| Some((input_name(input).to_string(), default_key(input)?.name().to_string())))
                .collect(),
            high_scores: Vec::new(),
            record_path: "tetris-game.json".into(),
            sound: true,
            weights: "bcts".into(),
        }
    }
}

impl Settings for PlayPanelState {
    fn sanitize(&mut self) {
        self.level = LEVEL.clamp(self.level);
        // Unknown keys or inputs go; inputs left without a key get their default.
        self.keys.retain(|input, key| BOUND.iter().any(|&bound| input_name(bound) == input) && Key::from_name(key).is_some());
        for input in BOUND {
            if let Some(key) = default_key(input) {
                self.keys.entry(input_name(input).to_string()).or_insert_with(|| key.name().to_string());
            }
        }
        self.high_scores.sort_by_key(|entry| std::cmp::Reverse(entry.score));
        self.high_scores.truncate(HIGH_SCORES);
        if Preset::named(&self.weights).is_none() {
            self.weights = PlayPanelState::default().weights;
        }
    }
}

impl PlayPanelState {
    /// The key bound to `input`.
    pub fn key(&self, input: Input) -> Option<Key> {
        self.keys.get(input_name(input)).and_then(|name| Key::from_name(name))
    }
}

/// Seconds a cleared row flashes.
const FLASH: f64 = 0.3;
/// Seconds between the AI's pieces while it has taken over.
const AI_STEP: f64 = 0.25;

/// The Play Tetris panel.
pub struct PlayPanel {
    /// Persisted settings.
    pub state: PlayPanelState,
    /// The game.
    pub play: Play,
    games: u64,
    policy: Policy,
    /// The AI plays while true.
    pub taken_over: bool,
    /// Whether the game's clock runs: from the first key or "New game" on.
    pub started: bool,
    ai_clock: f64,
    last_time: Option<f64>,
    flashes: Vec<(u8, f64)>,
    /// The input waiting for a key to be bound to it.
    pub rebinding: Option<Input>,
    /// The last game's record, once it ended.
    pub last_record: Option<Record>,
    /// What the last save of a record did.
    pub message: Option<Result<String, String>>,
    hint: Option<(u64, Option<::tetris::Placement>)>,
    speaker: Speaker,
}

impl PanelType for PlayPanel {
    const KEY: &'static str = "tetris-play";
    const TITLE: &'static str = "Play Tetris";
    const FAMILY: Family = Family::Games;
    type State = PlayPanelState;

    fn new(state: PlayPanelState, _gpu_adapter: Option<&str>) -> Self {
        let policy = policy_for(&state.weights);
        let play = new_game(&state, 1);
        Self {
            state,
            play,
            games: 1,
            policy,
            taken_over: false,
            started: false,
            ai_clock: 0.0,
            last_time: None,
            flashes: Vec::new(),
            rebinding: None,
            last_record: None,
            message: None,
            hint: None,
            speaker: Speaker::default(),
        }
    }

    fn state(&self) -> &PlayPanelState {
        &self.state
    }
}

/// The AI of the preset named `name` (the first preset if there is none of that name).
fn policy_for(name: &str) -> Policy {
    Policy::new(Preset::named(name).unwrap_or(&::tetris::PRESETS[0]).weights())
}

/// A new 10 x 20 game with 7-bag pieces from game number `game`.
fn new_game(state: &PlayPanelState, game: u64) -> Play {
    Play::new(10, 20, Generator::Bag, game, state.level).expect("10 x 20 is a valid board")
}

impl PlayPanel {
    /// Starts a new game.
    pub fn new_game(&mut self) {
        self.games += 1;
        self.play = new_game(&self.state, self.games);
        self.started = true;
        self.taken_over = false;
        self.flashes.clear();
        self.hint = None;
    }

    /// The AI's placement for the falling piece (computed once a piece).
    pub fn hint(&mut self) -> Option<::tetris::Placement> {
        let key = self.play.pieces_placed;
        match self.hint {
            Some((at, placement)) if at == key => placement,
            _ => {
                let placement = self.play.hint(&self.policy);
                self.hint = Some((key, placement));
                placement
            }
        }
    }

    /// Whether sound plays, and if not, why.
    pub fn sound_state(&self) -> &SpeakerState {
        self.speaker.state()
    }

    /// Applies `input` to the game (what a key does).
    pub fn press(&mut self, input: Input) {
        self.started = true;
        if !self.taken_over || input == Input::Pause {
            self.play.input(input);
        }
    }

    /// Lets `seconds` pass: the game, the AI when it plays, the effects; a finished game goes to
    /// the high scores.
    pub fn tick(&mut self, seconds: f64, now: f64) {
        if !self.started {
            return;
        }
        let was_over = self.play.is_over();
        if self.taken_over && !self.play.is_paused() && !self.play.is_over() {
            self.ai_clock += seconds;
            while self.ai_clock >= AI_STEP && !self.play.is_over() {
                self.ai_clock -= AI_STEP;
                if !self.play.play_hint(&self.policy) {
                    break;
                }
            }
        }
        self.play.advance(seconds);
        for event in self.play.take_events() {
            if let Event::Cleared { rows, .. } = event {
                self.flashes.extend(rows.iter().filter(|&&row| row != u8::MAX).map(|&row| (row, now)));
            }
            let sound = match event {
                Event::Moved => Some(Sound::Move),
                Event::Turned => Some(Sound::Turn),
                Event::Locked { .. } => Some(Sound::Lock),
                Event::Cleared { lines, .. } => Some(Sound::Clear(lines)),
                Event::GameOver => Some(Sound::GameOver),
                Event::LevelUp(_) => None,
            };
            if let Some(sound) = sound
                && self.state.sound
                && !self.taken_over
            {
                self.speaker.play(sound, 1.0);
            }
        }
        self.flashes.retain(|&(_, at)| now - at < FLASH);
        if self.play.is_over() && !was_over {
            self.finish();
        }
    }

    /// Puts the finished game in the high scores and keeps its record.
    fn finish(&mut self) {
        let entry = HighScore { score: self.play.score, lines: self.play.lines, level: self.play.level() };
        self.state.high_scores.push(entry);
        self.state.high_scores.sort_by_key(|entry| std::cmp::Reverse(entry.score));
        self.state.high_scores.truncate(HIGH_SCORES);
        self.last_record = Some(self.play.record());
    }

    /// Writes the last game's record (or the game so far) to the record path.
    pub fn save_record(&mut self) {
        let record = self.last_record.clone().unwrap_or_else(|| self.play.record());
        let path = std::path::PathBuf::from(self.state.record_path.trim());
        let written = serde_json::to_string_pretty(&record)
            .map_err(|error| error.to_string())
            .and_then(|text| curio_core::files::write_atomically(&path, text.as_bytes()).map_err(|error| error.to_string()));
        self.message = Some(match written {
            Ok(()) => Ok(format!("saved {} (curio tetris replay {})", path.display(), path.display())),
            Err(error) => Err(format!("not saved: {error}")),
        });
    }

    /// Reads the keys pressed this frame and applies what they are bound to (or binds one).
    fn keys(&mut self, ctx: &egui::Context) {
        // Typing in a text field (the record's path) is not playing.
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        // While a game runs the keys are the game's: a focused button would take Space, and
        // the arrows would move the focus over the controls.
        if self.started && !self.play.is_over() && !self.play.is_paused() {
            ctx.memory_mut(|memory| {
                if let Some(id) = memory.focused() {
                    memory.surrender_focus(id);
                }
            });
        }
        let events = ctx.input(|input| input.events.clone());
        for event in events {
            let egui::Event::Key { key, pressed, repeat, .. } = event else { continue };
            if let Some(input) = self.rebinding {
                if pressed && !repeat {
                    // A key already bound elsewhere moves to this input.
                    self.state.keys.retain(|_, bound| bound != key.name());
                    self.state.keys.insert(input_name(input).to_string(), key.name().to_string());
                    self.rebinding = None;
                }
                continue;
            }
            let Some(input) = BOUND.into_iter().find(|&input| self.state.key(input) == Some(key)) else { continue };
            match (input, pressed) {
                (Input::SoftDrop, true) if !repeat => self.press(Input::SoftDrop),
                (Input::SoftDrop, false) => self.press(Input::SoftDropEnd),
                (Input::Left | Input::Right, true) => self.press(input),
                (_, true) if !repeat => self.press(input),
                _ => {}
            }
        }
    }

    fn draw(&mut self, ui: &mut egui::Ui, rect: Rect, now: f64) {
        let painter = ui.painter_at(rect);
        // A background: a dusk gradient of bands.
        for band in 0..16 {
            let top = rect.top() + rect.height() * band as f32 / 16.0;
            let shade = 30 + band * 3;
            painter.rect_filled(
                Rect::from_min_max(Pos2::new(rect.left(), top), Pos2::new(rect.right(), top + rect.height() / 16.0 + 1.0)),
                0.0,
                Color32::from_rgb(shade as u8 / 2, shade as u8 / 2, shade as u8),
            );
        }
        let (columns, rows) = (self.play.board().width() as f32, self.play.board().height() as f32);
        let cell = ((rect.height() - 24.0) / rows).min((rect.width() * 0.6 - 24.0) / columns).max(4.0);
        let board = Rect::from_min_size(rect.min + Vec2::new(12.0, 12.0), Vec2::new(cell * columns, cell * rows));
        painter.rect_filled(board, 2.0, Color32::from_rgb(0x1d, 0x21, 0x2b));
        let at = |column: i32, row: i32| {
            Rect::from_min_size(
                Pos2::new(board.left() + column as f32 * cell, board.bottom() - (row + 1) as f32 * cell),
                Vec2::splat(cell),
            )
            .shrink(cell * 0.05)
        };
        for row in 0..self.play.board().height() {
            for column in 0..self.play.board().width() {
                if self.play.board().filled(column, row) {
                    painter.rect_filled(at(column as i32, row as i32), 2.0, Color32::from_rgb(0x6b, 0x72, 0x80));
                }
            }
        }
        let falling = self.play.falling();
        if !self.play.is_over() {
            // The hint: where the AI would put the piece.
            if self.state.hint
                && let Some(placement) = self.hint()
            {
                let shape = &falling.piece.rotations()[placement.rotation as usize];
                let row = self.play.board().landing_row(shape, placement.column as usize) as i32;
                for (x, y) in shape.cells {
                    painter.rect_stroke(
                        at(i32::from(placement.column) + i32::from(x), row + i32::from(y)),
                        2.0,
                        Stroke::new(2.0, theme::SELECTED),
                        egui::StrokeKind::Inside,
                    );
                }
            }
            // The ghost: where a hard drop lands.
            let ghost = self.play.ghost_row();
            for (x, y) in falling.cells() {
                painter.rect_stroke(
                    at(x, y - falling.row + ghost),
                    2.0,
                    Stroke::new(1.0, Color32::from_white_alpha(90)),
                    egui::StrokeKind::Inside,
                );
                if y < self.play.board().height() as i32 {
                    painter.rect_filled(at(x, y), 2.0, piece_color(falling.piece));
                }
            }
        }
        for &(row, since) in &self.flashes {
            let fade = (1.0 - (now - since) / FLASH).clamp(0.0, 1.0);
            let band = Rect::from_min_max(at(0, i32::from(row)).left_top(), at(columns as i32 - 1, i32::from(row)).right_bottom());
            painter.rect_filled(band.expand(cell * 0.05), 0.0, Color32::from_white_alpha((fade * 220.0) as u8));
        }
        // Beside the board: the next piece and the numbers.
        let side = Pos2::new(board.right() + 20.0, board.top());
        let text = |y: f32, line: String, size: f32| {
            painter.text(side + Vec2::new(0.0, y), egui::Align2::LEFT_TOP, line, egui::FontId::proportional(size), Color32::WHITE);
        };
        text(0.0, "Next".into(), 14.0);
        let next = &self.play.next().rotations()[0];
        for (x, y) in next.cells {
            let small = cell * 0.8;
            let min = side + Vec2::new(f32::from(x) * small, 22.0 + (1.0 - f32::from(y)) * small + small);
            painter.rect_filled(Rect::from_min_size(min, Vec2::splat(small * 0.92)), 2.0, piece_color(self.play.next()));
        }
        let top = 22.0 + cell * 4.0;
        text(top, format!("Score {}", self.play.score), 18.0);
        text(top + 26.0, format!("Rows {}", self.play.lines), 14.0);
        text(top + 46.0, format!("Level {}", self.play.level()), 14.0);
        if self.taken_over {
            text(top + 72.0, "The AI is playing".into(), 14.0);
        }
        let banner = if self.play.is_over() {
            Some("Game over")
        } else if !self.started {
            Some("Press a key to start")
        } else if self.play.is_paused() {
            Some("Paused")
        } else {
            None
        };
        if let Some(banner) = banner {
            painter.rect_filled(Rect::from_center_size(board.center(), Vec2::new(board.width(), 48.0)), 4.0, Color32::from_black_alpha(200));
            painter.text(board.center(), egui::Align2::CENTER_CENTER, banner, egui::FontId::proportional(24.0), Color32::WHITE);
        }
    }
}

impl Panel for PlayPanel {
    fn is_busy(&self) -> bool {
        false
    }

    fn logic(&mut self, _ctx: &egui::Context) {}

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Play Tetris");
        ui.horizontal_wrapped(|ui| {
            if ui.button("New game").clicked() {
                self.new_game();
            }
            let label = if self.play.is_paused() { "Resume" } else { "Pause" };
            if ui.add_enabled(!self.play.is_over(), egui::Button::new(label)).clicked() {
                self.play.input(Input::Pause);
            }
            let label = if self.taken_over { "Give back" } else { "Take over" };
            if ui.add_enabled(!self.play.is_over(), egui::Button::new(label)).clicked() {
                self.taken_over = !self.taken_over;
                self.started = true;
                self.ai_clock = 0.0;
            }
        });
        ui.checkbox(&mut self.state.hint, "hint: where the AI would put the piece");
        let before = self.state.weights.clone();
        egui::ComboBox::from_label("AI weights").selected_text(self.state.weights.clone()).show_ui(ui, |ui| {
            for preset in ::tetris::PRESETS {
                ui.selectable_value(&mut self.state.weights, preset.name.to_string(), preset.name)
                    .on_hover_text(preset.source);
            }
        });
        if self.state.weights != before {
            self.policy = policy_for(&self.state.weights);
            self.hint = None;
        }
        ui.horizontal(|ui| {
            ui.checkbox(&mut self.state.sound, "sound");
            match self.speaker.state() {
                SpeakerState::Off(reason) => {
                    ui.label(egui::RichText::new("off: no sound device").small().color(theme::HINT)).on_hover_text(reason);
                }
                SpeakerState::On | SpeakerState::Unopened => {}
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("start level");
            ui.add(egui::DragValue::new(&mut self.state.level).range(LEVEL.range())).labelled_by(label.id);
        });
        ui.separator();
        ui.strong("Keys");
        egui::Grid::new("tetris-keys").num_columns(2).spacing([8.0, 4.0]).show(ui, |ui| {
            for input in BOUND {
                ui.label(input_name(input));
                let shown = if self.rebinding == Some(input) {
                    "press a key…".to_string()
                } else {
                    self.state.key(input).map_or("none".to_string(), |key| key.name().to_string())
                };
                if ui.button(shown).on_hover_text("Click, then press the key to use").clicked() {
                    self.rebinding = Some(input);
                }
                ui.end_row();
            }
        });
        ui.separator();
        ui.strong("High scores");
        if self.state.high_scores.is_empty() {
            ui.label(egui::RichText::new("none yet").color(theme::HINT));
        }
        for (place, entry) in self.state.high_scores.iter().enumerate() {
            ui.label(format!("{}. {} points, {} rows, level {}", place + 1, entry.score, entry.lines, entry.level));
        }
        ui.separator();
        ui.horizontal(|ui| {
            let label = ui.label("record");
            ui.add(egui::TextEdit::singleline(&mut self.state.record_path).desired_width(140.0)).labelled_by(label.id);
            if ui.button("Save record").clicked() {
                self.save_record();
            }
        });
        crate::widgets::outcome_label(ui, self.message.as_ref());
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let Some(rect) = crate::panels::canvas_rect(ui) else { return };
        let ctx = ui.ctx().clone();
        let now = ctx.input(|input| input.time);
        let elapsed = self.last_time.map_or(0.0, |last| (now - last).clamp(0.0, 0.25));
        self.last_time = Some(now);
        self.keys(&ctx);
        self.tick(elapsed, now);
        let response = ui.allocate_rect(rect, egui::Sense::click());
        if response.clicked() {
            // A click on the board takes the keyboard back from the controls.
            ctx.memory_mut(|memory| {
                if let Some(id) = memory.focused() {
                    memory.surrender_focus(id);
                }
            });
        }
        self.draw(ui, rect, now);
        if self.started && !self.play.is_over() && !self.play.is_paused() || !self.flashes.is_empty() {
            ctx.request_repaint();
        }
    }
}
