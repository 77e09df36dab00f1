//! The live board: a policy plays at a chosen speed, drawn cell by cell with egui shapes (crisp
//! at any size), with the last piece outlined and the features of its move listed.

use super::{MAX_SPEED, TetrisPanel, TetrisPanelState};
use crate::theme;
use ::tetris::{Board, Depth, Game, Piece, Policy, Rules, Step};
use eframe::egui;

/// Most pieces played in one frame (fast speeds catch up over several frames).
const MAX_PIECES_PER_FRAME: u64 = 20_000;

/// Finished games remembered for the live statistics.
const REMEMBERED_GAMES: usize = 1000;

/// The game on the live board and what it has played.
pub struct LiveGame {
    game: Game,
    policy: Policy,
    name: String,
    seed: u64,
    last: Option<(Board, Step)>,
    finished: Vec<u64>,
    credit: f64,
    last_time: Option<f64>,
    /// When the board was last drawn (egui time): the game plays only while it is on screen.
    painted_at: std::cell::Cell<Option<f64>>,
}

/// How long after its last drawing the board keeps playing (another tab is shown after that).
const VISIBLE_FOR: f64 = 0.5;

/// The colour of a piece's cells.
pub(super) fn piece_color(piece: Piece) -> egui::Color32 {
    match piece {
        Piece::I => egui::Color32::from_rgb(0x2f, 0xa7, 0xc9),
        Piece::O => egui::Color32::from_rgb(0xe3, 0xb5, 0x1b),
        Piece::T => egui::Color32::from_rgb(0x8e, 0x4f, 0xb5),
        Piece::S => egui::Color32::from_rgb(0x4c, 0xa6, 0x4c),
        Piece::Z => egui::Color32::from_rgb(0xd2, 0x4b, 0x3e),
        Piece::L => egui::Color32::from_rgb(0xe0, 0x7a, 0x1f),
        Piece::J => egui::Color32::from_rgb(0x3b, 0x5f, 0xc0),
    }
}

/// Filled cells on the board (their colour is lost once placed).
const STACK: egui::Color32 = egui::Color32::from_rgb(0x6b, 0x72, 0x80);
/// Empty cells.
const EMPTY: egui::Color32 = egui::Color32::from_rgb(0x1d, 0x21, 0x2b);

/// The width the board takes in `rect`: as tall as the canvas allows, at most half its width.
pub(super) fn board_width_for(state: &TetrisPanelState, rect: egui::Rect, share: f32) -> f32 {
    let cell = cell_size(state, rect, share);
    (cell * state.live_width as f32 + 8.0).max(150.0)
}

/// The side of a cell when the board is drawn in the canvas `rect`: as tall as the canvas
/// allows, at most `share` of its width, whole pixels.
pub(super) fn cell_size(state: &TetrisPanelState, rect: egui::Rect, share: f32) -> f32 {
    let by_height = (rect.height() - 50.0) / state.live_height as f32;
    let by_width = (rect.width() * share - 8.0) / state.live_width as f32;
    by_height.min(by_width).max(2.0).floor()
}

impl LiveGame {
    /// A game under the live settings with their weights.
    pub fn new(state: &TetrisPanelState) -> Self {
        let (name, weights) = state.live_policy_weights();
        let rules = live_rules(state);
        let game = Game::new(rules, 1)
            .unwrap_or_else(|_| Game::new(Rules::benchmark(10, 20).expect("valid"), 1).expect("valid"));
        Self {
            game,
            policy: Policy { weights, depth: state.live_depth },
            name,
            seed: 1,
            last: None,
            finished: Vec::new(),
            credit: 0.0,
            last_time: None,
            painted_at: std::cell::Cell::new(None),
        }
    }

    /// Starts over with the current settings and weights.
    pub fn restart(&mut self, state: &TetrisPanelState) {
        *self = Self::new(state);
    }

    /// Takes the run's new answer without ending the game in progress.
    pub fn follow(&mut self, state: &TetrisPanelState) {
        let (name, weights) = state.live_policy_weights();
        self.name = name;
        self.policy.weights = weights;
    }

    /// The game in progress.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Rows cleared in each finished game.
    pub fn finished(&self) -> &[u64] {
        &self.finished
    }

    /// Plays the pieces due since the last frame.
    pub(super) fn advance(&mut self, ctx: &egui::Context, state: &TetrisPanelState) {
        let now = ctx.input(|input| input.time);
        let elapsed = self.last_time.map_or(0.0, |last| (now - last).clamp(0.0, 0.5));
        self.last_time = Some(now);
        let visible = self.painted_at.get().is_some_and(|painted| now - painted <= VISIBLE_FOR);
        if !state.playing || !visible {
            return;
        }
        self.credit += elapsed * state.speed;
        let due = (self.credit.floor() as u64).min(MAX_PIECES_PER_FRAME);
        self.credit -= due as f64;
        self.credit = self.credit.min(MAX_PIECES_PER_FRAME as f64);
        for _ in 0..due {
            self.play_one();
        }
        ctx.request_repaint();
    }

    /// Plays one piece (starting the next game when this one ends).
    pub fn play_one(&mut self) {
        let before = *self.game.board();
        match self.game.step(&self.policy) {
            Some(step) if !self.game.is_over() => self.last = Some((before, step)),
            _ => {
                self.finished.push(self.game.lines);
                if self.finished.len() > REMEMBERED_GAMES {
                    self.finished.remove(0);
                }
                self.seed += 1;
                if let Ok(game) = Game::new(*self.game.rules(), self.seed) {
                    self.game = game;
                }
                self.last = None;
            }
        }
    }

    /// Draws the board in `rect` with cells of side `cell`.
    pub(super) fn paint(&self, ui: &mut egui::Ui, rect: egui::Rect, cell: f32) {
        self.painted_at.set(Some(ui.input(|input| input.time)));
        let painter = ui.painter_at(rect);
        let board = self.game.board();
        let (width, height) = (board.width(), board.height());
        let origin = egui::pos2(rect.left() + 4.0, rect.top() + 24.0);
        painter.text(
            egui::pos2(rect.left() + 4.0, rect.top() + 2.0),
            egui::Align2::LEFT_TOP,
            format!(
                "rows {}  pieces {}  next {}",
                self.game.lines,
                self.game.pieces_placed,
                self.game.current().name()
            ),
            egui::FontId::proportional(13.0),
            ui.visuals().text_color(),
        );
        let frame = egui::Rect::from_min_size(origin, egui::vec2(cell * width as f32, cell * height as f32));
        painter.rect_filled(frame.expand(2.0), 2.0, theme::CANVAS_BORDER);
        painter.rect_filled(frame, 0.0, EMPTY);
        let last_cells: Vec<(usize, usize)> = match &self.last {
            Some((_, step)) => {
                let rotation = &step.piece.rotations()[step.placement.rotation as usize];
                rotation
                    .cells
                    .iter()
                    .map(|&(x, y)| {
                        (
                            step.placement.column as usize + x as usize,
                            step.choice.drop.row as usize + y as usize,
                        )
                    })
                    .collect()
            }
            None => Vec::new(),
        };
        let cleared = self.last.as_ref().is_some_and(|(_, step)| step.choice.drop.lines > 0);
        for x in 0..width {
            for y in 0..height {
                if !board.filled(x, y) {
                    continue;
                }
                let min = egui::pos2(origin.x + x as f32 * cell, origin.y + (height - 1 - y) as f32 * cell);
                let cell_rect = egui::Rect::from_min_size(min, egui::vec2(cell, cell)).shrink(0.5);
                let is_last = !cleared && last_cells.contains(&(x, y));
                let color = match (&self.last, is_last) {
                    (Some((_, step)), true) => piece_color(step.piece),
                    _ => STACK,
                };
                painter.rect_filled(cell_rect, 1.0, color);
            }
        }
        if let Some(average) = self.average() {
            painter.text(
                egui::pos2(origin.x, frame.bottom() + 6.0),
                egui::Align2::LEFT_TOP,
                format!("{} games, mean {:.0} rows", self.finished.len(), average),
                egui::FontId::proportional(12.0),
                ui.visuals().weak_text_color(),
            );
        }
    }

    fn average(&self) -> Option<f64> {
        (!self.finished.is_empty())
            .then(|| self.finished.iter().sum::<u64>() as f64 / self.finished.len() as f64)
    }
}

fn live_rules(state: &TetrisPanelState) -> Rules {
    Rules::benchmark(state.live_width, state.live_height)
        .unwrap_or_else(|_| Rules::benchmark(10, 20).expect("valid"))
}

impl TetrisPanel {
    pub(super) fn live_ui(&mut self, ui: &mut egui::Ui) {
        let mut restart = false;
        ui.horizontal_wrapped(|ui| {
            let text = if self.state.playing { "Pause" } else { "Play" };
            if ui.button(text).clicked() {
                self.state.playing = !self.state.playing;
            }
            if ui
                .add_enabled(!self.state.playing, egui::Button::new("Step"))
                .on_hover_text("play one piece")
                .clicked()
            {
                self.live.play_one();
            }
            if ui.button("New game").clicked() {
                restart = true;
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("pieces/s");
            ui.add(egui::Slider::new(&mut self.state.speed, 1.0..=MAX_SPEED).logarithmic(true).integer())
                .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let label = ui.label("width");
            let width = egui::DragValue::new(&mut self.state.live_width).range(::tetris::board::MIN_WIDTH..=::tetris::board::MAX_WIDTH);
            restart |= ui.add(width).labelled_by(label.id).changed();
            let label = ui.label("height");
            let height = egui::DragValue::new(&mut self.state.live_height).range(::tetris::board::MIN_HEIGHT..=::tetris::board::MAX_HEIGHT);
            restart |= ui.add(height).labelled_by(label.id).changed();
        });
        ui.horizontal(|ui| {
            ui.label("search depth");
            for depth in Depth::ALL {
                restart |= ui.selectable_value(&mut self.state.live_depth, depth, depth.name()).changed();
            }
        });
        if restart {
            self.live.restart(&self.state);
        }
        let live = &self.live;
        ui.label(format!("playing: {}", live.name));
        if let Some(average) = live.average() {
            ui.label(format!("{} games finished, mean {:.1} rows", live.finished.len(), average));
        }
        let Some((before, step)) = &live.last else {
            ui.colored_label(theme::HINT, "the features of each move appear here");
            return;
        };
        ui.label(format!(
            "last move: {} at column {}, rotation {} ({} rows cleared)",
            step.piece.name(),
            step.placement.column,
            step.placement.rotation,
            step.choice.drop.lines
        ));
        let values = Policy::features_of(before, step.piece, step.placement);
        egui::Grid::new("tetris-move-features").striped(true).num_columns(3).show(ui, |ui| {
            ui.strong("feature");
            ui.strong("value");
            ui.strong("× weight");
            ui.end_row();
            for &feature in live.policy.weights.features() {
                let value = values[feature.index()];
                ui.label(feature.name());
                ui.label(format!("{value}"));
                // Adding 0.0 turns −0.0 (a zero times a negative weight) into 0.0.
                ui.label(format!("{:.2}", value * live.policy.weights.weight(feature) + 0.0));
                ui.end_row();
            }
        });
    }
}
