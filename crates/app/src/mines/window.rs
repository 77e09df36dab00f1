//! `curio mines window`: a standalone game window with the classic look (raised grey cells,
//! coloured digits, flags, mine counter, face button to start again), playable by mouse. With a
//! log file it appends one JSON line per finished game: result, clicks, seed, rule, the true mine
//! layout and the final board. It is the bot's built-in target. With `--opened` every game starts
//! with an opening already revealed (the window makes the first click itself, at a cell drawn
//! from the game's seed), as some classic clones do: the bot's target for playing from a board in
//! progress.

use crate::theme;
use curio_cli::facets::{GroupArgs, House};
use curio_cli::{CliError, usage};
use super::board::{BoardClick, BoardFills, MinesBoard};
use ::mines::{BoardConfig, FirstClickRule, Game, GameStatus, text};
use eframe::egui::{self, Color32, Vec2};
use std::path::PathBuf;

/// Side of one cell in points.
pub const CELL: f32 = 24.0;
/// Height of the counter/face bar in points.
const BAR: f32 = 44.0;

/// The game window.
pub struct MinesWindow {
    config: BoardConfig,
    seed: u64,
    game: Game,
    log: Option<PathBuf>,
    logged: bool,
    error: Option<String>,
    /// Each game starts with an opening revealed.
    opened: bool,
}

/// A new game of `config` from `seed`; with `opened`, its first click made at a cell drawn from
/// the seed (under the opening rule, so it opens an area).
fn new_game(config: BoardConfig, seed: u64, opened: bool) -> Game {
    let mut game = Game::new(config, seed);
    if opened {
        let cells = config.width * config.height;
        let cell = (seed.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33) as usize % cells.max(1);
        let _ = game.reveal(cell / config.width, cell % config.width);
    }
    game
}

impl MinesWindow {
    /// A window playing `config` games, the first with `seed` (each new game adds one).
    pub fn new(config: BoardConfig, seed: u64, log: Option<PathBuf>) -> Self {
        Self::with_opening(config, seed, log, false)
    }

    /// [`MinesWindow::new`], each game starting with an opening revealed when `opened` (under
    /// the opening rule).
    pub fn with_opening(config: BoardConfig, seed: u64, log: Option<PathBuf>, opened: bool) -> Self {
        let config = if opened { BoardConfig { rule: FirstClickRule::Opening, ..config } } else { config };
        Self { config, seed, game: new_game(config, seed, opened), log, logged: false, error: None, opened }
    }

    /// The current game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Starts the next game (seed + 1).
    pub fn restart(&mut self) {
        self.seed = self.seed.wrapping_add(1);
        self.game = new_game(self.config, self.seed, self.opened);
        self.logged = false;
    }

    /// The JSON line describing a finished game.
    pub fn log_line(&self) -> serde_json::Value {
        let width = self.config.width;
        let mines: Vec<[usize; 2]> = self
            .game
            .mine_layout()
            .map(|layout| {
                layout.iter().enumerate().filter(|(_, m)| **m).map(|(i, _)| [i / width, i % width]).collect()
            })
            .unwrap_or_default();
        let result = match self.game.status() {
            GameStatus::Won => "won",
            GameStatus::Lost => "lost",
            GameStatus::Playing => "playing",
        };
        serde_json::json!({
            "result": result,
            "clicks": self.game.clicks(),
            "seed": self.seed,
            "level": self.config.level_name(),
            "rule": self.config.rule.name(),
            "width": self.config.width,
            "height": self.config.height,
            "mines": mines,
            "board": text::format(width, self.config.mines, self.game.cells(), self.game.mine_layout()),
        })
    }

    fn write_log(&mut self) {
        let Some(path) = &self.log else { return };
        let line = self.log_line().to_string();
        let written = curio_core::files::append_line(path, &line.to_string());
        if let Err(error) = written {
            self.error = Some(format!("cannot write log '{}': {error}", path.display()));
        }
    }

    /// Draws the window contents.
    pub fn draw(&mut self, ui: &mut egui::Ui) {
        let full = ui.max_rect();
        let bar = egui::Rect::from_min_size(full.min, Vec2::new(full.width(), BAR));
        // Mine counter, classic red digits on black.
        let counter = egui::Rect::from_min_size(bar.min + Vec2::new(8.0, 7.0), Vec2::new(64.0, 30.0));
        ui.painter().rect_filled(counter, 2.0, Color32::BLACK);
        ui.painter().text(
            counter.center(),
            egui::Align2::CENTER_CENTER,
            format!("{:03}", self.game.mine_counter().clamp(-99, 999)),
            egui::FontId::monospace(24.0),
            theme::MINES_EXPLODED,
        );
        // Face button.
        let face = egui::Rect::from_center_size(bar.center(), Vec2::splat(34.0));
        let response = ui.interact(face, ui.scope_id().with("face"), egui::Sense::click());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, "New game"));
        draw_face(ui.painter(), face, self.game.status(), response.is_pointer_button_down_on());
        if response.clicked() {
            self.restart();
        }
        let board = egui::Rect::from_min_max(full.min + Vec2::new(0.0, BAR), full.max);
        // A fixed grid, not zoomed: the bot reads this window's cells at known places.
        let click = MinesBoard {
            game: &self.game,
            analysis: None,
            hint: None,
            max_cell: CELL,
            fills: BoardFills::Cpu { version: None },
            zoom: None,
        }
        .show(ui, board.shrink(4.0));
        let before = self.game.status();
        match click {
            Some(BoardClick { row, column, secondary: false }) => {
                let _ = match self.game.cell(row, column) {
                    ::mines::Cell::Revealed(_) => self.game.chord(row, column),
                    _ => self.game.reveal(row, column),
                };
            }
            Some(BoardClick { row, column, secondary: true }) => {
                let _ = self.game.toggle_flag(row, column);
            }
            None => {}
        }
        if before == GameStatus::Playing && self.game.status() != GameStatus::Playing && !self.logged {
            self.logged = true;
            self.write_log();
        }
        if let Some(error) = &self.error {
            ui.painter().text(
                full.left_bottom() + Vec2::new(6.0, -6.0),
                egui::Align2::LEFT_BOTTOM,
                error,
                egui::FontId::proportional(12.0),
                theme::ERROR,
            );
        }
    }
}

/// The classic face: smiling while playing, sunglasses when won, crossed eyes when lost.
fn draw_face(painter: &egui::Painter, rect: egui::Rect, status: GameStatus, pressed: bool) {
    let border = if pressed { theme::MINES_RAISED_DARK } else { theme::MINES_RAISED_LIGHT };
    painter.rect_filled(rect, 2.0, theme::MINES_COVERED);
    painter.rect_stroke(rect, 2.0, egui::Stroke::new(2.0, border), egui::StrokeKind::Inside);
    let center = rect.center();
    let radius = rect.width() * 0.36;
    painter.circle(center, radius, theme::MINES_FACE, egui::Stroke::new(1.0, Color32::BLACK));
    let eye_y = center.y - radius * 0.3;
    let eyes = [center.x - radius * 0.38, center.x + radius * 0.38];
    let ink = egui::Stroke::new(1.5, Color32::BLACK);
    match status {
        GameStatus::Lost => {
            for x in eyes {
                let d = radius * 0.14;
                painter.line_segment([egui::pos2(x - d, eye_y - d), egui::pos2(x + d, eye_y + d)], ink);
                painter.line_segment([egui::pos2(x - d, eye_y + d), egui::pos2(x + d, eye_y - d)], ink);
            }
        }
        GameStatus::Won => {
            painter.line_segment(
                [egui::pos2(eyes[0] - radius * 0.3, eye_y), egui::pos2(eyes[1] + radius * 0.3, eye_y)],
                ink,
            );
            for x in eyes {
                painter.circle_filled(egui::pos2(x, eye_y + 1.0), radius * 0.2, Color32::BLACK);
            }
        }
        GameStatus::Playing => {
            for x in eyes {
                painter.circle_filled(egui::pos2(x, eye_y), radius * 0.1, Color32::BLACK);
            }
        }
    }
    let mouth_y = center.y + radius * 0.35;
    let (left, right) =
        (egui::pos2(center.x - radius * 0.4, mouth_y), egui::pos2(center.x + radius * 0.4, mouth_y));
    let bend = if status == GameStatus::Lost { -radius * 0.2 } else { radius * 0.2 };
    let middle = egui::pos2(center.x, mouth_y + bend);
    painter.line_segment([left, middle], ink);
    painter.line_segment([middle, right], ink);
}

impl eframe::App for MinesWindow {
    /// The window's background is the clear colour, not a filled shape: a software renderer
    /// (llvmpipe under Xvfb) pays for every pixel a shape covers, and the bot waits on frames.
    fn clear_color(&self, _visuals: &egui::Visuals) -> [f32; 4] {
        theme::MINES_COVERED.to_normalized_gamma_f32()
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.draw(ui);
    }
}

/// Window size in points for a board.
pub fn window_size(config: BoardConfig) -> [f32; 2] {
    [config.width as f32 * CELL + 8.0, config.height as f32 * CELL + BAR + 8.0]
}

/// Opens the game window and runs until it is closed.
pub fn run(config: BoardConfig, seed: u64, log: Option<PathBuf>, opened: bool) -> anyhow::Result<()> {
    crate::run_game_window(
        "Curio Minesweeper",
        "curio-mines",
        window_size(config),
        MinesWindow::with_opening(config, seed, log, opened),
    )
}

/// `curio mines window`: the game window's arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  curio mines window --level beginner --seed 1\n  curio mines window --level expert --rule opening --seed 7 --log games.jsonl")]
pub struct WindowArgs {
    /// beginner, intermediate, expert or WIDTHxHEIGHT/MINES (at most 100x60 in the window).
    #[arg(long, default_value = "beginner")]
    level: String,
    /// First-click rule.
    #[arg(long, value_parser = curio_cli::named(&FirstClickRule::ALL, FirstClickRule::name), default_value = "safe")]
    rule: FirstClickRule,
    /// Seed of the first game; each new game adds one.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Append one JSON line per finished game to this file.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Start every game with an opening already revealed (the window clicks first, under the
    /// opening rule), as some clones do.
    #[arg(long)]
    opened: bool,
}

impl GroupArgs for WindowArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        let args = self;
        let config = BoardConfig::parse_level(&args.level, args.rule).map_err(usage)?;
        if config.width > 100 || config.height > 60 {
            return Err(usage(anyhow::anyhow!(
                "board {}x{} is too large for the game window: at most 100x60 (use the app's Minesweeper panel)",
                config.width,
                config.height
            )));
        }
        if let Some(path) = &args.log {
            curio_cli::check_folder(path, "log")?;
        }
        run(config, args.seed, args.log, args.opened).map_err(CliError::Failure)
    }
}
