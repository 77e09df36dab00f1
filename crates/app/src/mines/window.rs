//! `curio mines window`: a standalone game window with the classic look (raised grey cells,
//! coloured digits, flags, mine counter, face button to start again), playable by mouse. With a
//! log file it appends one JSON line per finished game: result, clicks, seed, rule, the true mine
//! layout and the final board. It is the bot's built-in target. With `--opened` every game starts
//! with an opening already revealed (the window makes the first click itself, at a cell drawn
//! from the game's seed), as some classic clones do: the bot's target for playing from a board in
//! progress. With `--skin SEED` it draws a skin generated from the seed instead of the classic
//! look (cell size, covered style, borders, colours, font, where the counter and the face sit,
//! whether games start opened): the bot's target for skins it never saw.

use crate::theme;
use curio_cli::facets::{GroupArgs, House};
use curio_cli::{CliError, usage};
use super::board::{BoardClick, BoardFills, MinesBoard};
use ::mines::{BoardConfig, FirstClickRule, Game, GameStatus, text};
use bot::mines::skin::{Skin, opened_game};
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
    /// A generated skin drawn instead of the classic look, and its picture of the game as
    /// last drawn (with the game's cells and state it shows).
    skin: Option<Skin>,
    picture: Option<(egui::TextureHandle, Vec<::mines::Cell>, GameStatus)>,
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
        Self {
            config,
            seed,
            game: opened_game(config, seed, opened),
            log,
            logged: false,
            error: None,
            opened,
            skin: None,
            picture: None,
        }
    }

    /// [`MinesWindow::new`] drawn in `skin` (its games opened if the skin or `opened` says so).
    pub fn skinned(config: BoardConfig, seed: u64, log: Option<PathBuf>, opened: bool, skin: Skin) -> Self {
        let opened = opened || skin.opened;
        Self { skin: Some(skin), ..Self::with_opening(config, seed, log, opened) }
    }

    /// The current game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Starts the next game (seed + 1).
    pub fn restart(&mut self) {
        self.seed = self.seed.wrapping_add(1);
        self.game = opened_game(self.config, self.seed, self.opened);
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
            "opened": self.opened,
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
        if self.skin.is_some() {
            self.draw_skinned(ui);
            return;
        }
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
        self.log_if_finished(before);
        self.show_error(ui, full);
    }

    /// Logs the game once when it has just finished.
    fn log_if_finished(&mut self, before: GameStatus) {
        if before == GameStatus::Playing && self.game.status() != GameStatus::Playing && !self.logged {
            self.logged = true;
            self.write_log();
        }
    }

    /// A log that could not be written, at the window's bottom left.
    fn show_error(&self, ui: &egui::Ui, full: egui::Rect) {
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

    /// The window in its generated skin: the skin's picture of the game, one image pixel to a
    /// screen pixel; a click on a cell or the face acts as in the classic look.
    fn draw_skinned(&mut self, ui: &mut egui::Ui) {
        let Some(skin) = &self.skin else { return };
        let full = ui.max_rect();
        let stale = self
            .picture
            .as_ref()
            .is_none_or(|(_, cells, status)| cells.as_slice() != self.game.cells() || *status != self.game.status());
        if stale {
            let image = skin.draw(&self.game);
            let color =
                egui::ColorImage::from_rgba_unmultiplied([image.width() as usize, image.height() as usize], image.as_raw());
            let texture = match self.picture.take() {
                Some((mut texture, _, _)) => {
                    texture.set(color, egui::TextureOptions::NEAREST);
                    texture
                }
                None => ui.ctx().load_texture("mines-skin", color, egui::TextureOptions::NEAREST),
            };
            self.picture = Some((texture, self.game.cells().to_vec(), self.game.status()));
        }
        let Some((texture, _, _)) = &self.picture else { return };
        let pixels = ui.ctx().pixels_per_point();
        let rect = egui::Rect::from_min_size(full.min, texture.size_vec2() / pixels);
        ui.painter().image(
            texture.id(),
            rect,
            egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
            Color32::WHITE,
        );
        let response = ui.interact(rect, ui.scope_id().with("skin"), egui::Sense::click());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Minesweeper board"));
        let Some(pointer) = response.interact_pointer_pos() else { return };
        let (x, y) = (f64::from((pointer.x - rect.min.x) * pixels), f64::from((pointer.y - rect.min.y) * pixels));
        let (width, height) = (self.config.width, self.config.height);
        let before = self.game.status();
        if response.clicked() && skin.on_face(x, y, width, height) {
            self.restart();
            return;
        }
        if let Some((row, column)) = skin.cell_at(x, y, width, height) {
            if response.clicked() {
                let _ = match self.game.cell(row, column) {
                    ::mines::Cell::Revealed(_) => self.game.chord(row, column),
                    _ => self.game.reveal(row, column),
                };
            } else if response.secondary_clicked() {
                let _ = self.game.toggle_flag(row, column);
            }
        }
        self.log_if_finished(before);
        self.show_error(ui, full);
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
        match &self.skin {
            Some(skin) => Color32::from_rgb(skin.window[0], skin.window[1], skin.window[2]).to_normalized_gamma_f32(),
            None => theme::MINES_COVERED.to_normalized_gamma_f32(),
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.draw(ui);
    }
}

/// Window size in points for a board.
pub fn window_size(config: BoardConfig) -> [f32; 2] {
    [config.width as f32 * CELL + 8.0, config.height as f32 * CELL + BAR + 8.0]
}

/// Opens the game window (in the skin generated from `skin`, if given) and runs until it is
/// closed.
pub fn run(config: BoardConfig, seed: u64, log: Option<PathBuf>, opened: bool, skin: Option<u64>) -> anyhow::Result<()> {
    let (size, window) = match skin.map(Skin::generate) {
        Some(skin) => {
            let (width, height) = skin.picture_size(config.width, config.height);
            ([width as f32, height as f32], MinesWindow::skinned(config, seed, log, opened, skin))
        }
        None => (window_size(config), MinesWindow::with_opening(config, seed, log, opened)),
    };
    crate::run_game_window("Curio Minesweeper", "curio-mines", size, window)
}

/// `curio mines window`: the game window's arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  curio mines window --level beginner --seed 1\n  curio mines window --level expert --rule opening --seed 7 --log games.jsonl\n  curio mines window --level intermediate --skin 42")]
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
    /// Draw the window in a skin generated from this seed (cell size, styles, colours, font,
    /// where the counter and the face sit; its games may start opened).
    #[arg(long, value_name = "SEED")]
    skin: Option<u64>,
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
        run(config, args.seed, args.log, args.opened, args.skin).map_err(CliError::Failure)
    }
}
