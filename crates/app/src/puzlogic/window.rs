//! `curio puzlogic window`: a standalone Puzlogic game window, playable by mouse: the board's
//! cells (givens dark, empty white), the sums beside their row and under their column, the
//! pieces in a tray below in up to two rows; drag a piece onto a cell, or back to the tray (a
//! piece dropped on a filled cell swaps with it). Wrong placements are allowed and shown red;
//! a solved board shows "Solved" and a Next button. With a log file it appends one JSON line per
//! thing shown or received (a level shown with its puzzle, each drop, solved): the bot's ground
//! truth.

use crate::theme;
use curio_cli::facets::{GroupArgs, House};
use curio_cli::{CliError, usage};
use ::puzlogic::generator::{self, Spec};
use ::puzlogic::{Cell, Line, Placement, Puzzle};
use eframe::egui::{self, Color32, Pos2, Rect, Vec2};
use std::path::PathBuf;

/// Pitch of cells and pieces in points.
pub const PITCH: f32 = 56.0;
/// Side of a cell or piece in points.
pub const SQUARE: f32 = 50.0;
/// Margin around the board in points.
pub const MARGIN: f32 = 16.0;
/// The window's size in points (room for a 9x9 board with sums and 30 pieces in two rows).
pub const WINDOW: [f32; 2] = [900.0, 800.0];

/// The background.
pub const BACKGROUND: Color32 = Color32::from_rgb(0xf4, 0xf1, 0xea);
/// An empty cell.
pub const EMPTY: Color32 = Color32::from_rgb(0xff, 0xff, 0xff);
/// A given cell.
pub const GIVEN: Color32 = Color32::from_rgb(0x40, 0x40, 0x48);
/// A piece.
pub const PIECE: Color32 = Color32::from_rgb(0x2f, 0x6e, 0xc8);
/// A piece that breaks a rule.
pub const WRONG: Color32 = Color32::from_rgb(0xd0, 0x30, 0x30);
/// The tray's band.
pub const TRAY: Color32 = Color32::from_rgb(0xdd, 0xe4, 0xee);
/// Sum labels.
pub const SUM: Color32 = Color32::from_rgb(0x8a, 0x5a, 0x10);
/// A piece being dragged (a colour of its own, so that a capture mid-drag does not show it as
/// placed).
pub const HELD: Color32 = Color32::from_rgb(0xe0, 0x7a, 0x1f);
/// The solved bar.
pub const SOLVED: Color32 = Color32::from_rgb(0x2e, 0x8b, 0x3e);

/// Where the window's puzzles come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The campaign, from this level (Next: the next level).
    Level(usize),
    /// Generated puzzles of a spec, from this seed (Next: the next seed).
    Seed(Spec, u64),
}

/// What the pointer holds.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Held {
    /// A tray piece, by its index in the tray.
    Tray(usize),
    /// The piece placed at a cell.
    Placed(usize, usize),
}

/// The game window.
pub struct PuzlogicWindow {
    source: Source,
    /// The puzzle shown.
    pub puzzle: Puzzle,
    /// The pieces on the board.
    pub placed: Vec<Placement>,
    held: Option<Held>,
    log: Option<PathBuf>,
    solved_logged: bool,
    error: Option<String>,
}

impl PuzlogicWindow {
    /// A window showing puzzles from `source`, logging to `log`.
    pub fn new(source: Source, log: Option<PathBuf>) -> Result<Self, String> {
        let puzzle = Self::make(source)?;
        let mut window =
            Self { source, puzzle, placed: Vec::new(), held: None, log, solved_logged: false, error: None };
        window.log_shown();
        Ok(window)
    }

    fn make(source: Source) -> Result<Puzzle, String> {
        match source {
            Source::Level(level) => generator::campaign_level(level),
            Source::Seed(spec, seed) => generator::generate(spec, seed),
        }
    }

    /// The level or seed shown.
    pub fn source(&self) -> Source {
        self.source
    }

    /// Shows the next puzzle.
    pub fn next(&mut self) {
        let next = match self.source {
            Source::Level(level) => {
                Source::Level(if level >= generator::CAMPAIGN_LEVELS { 1 } else { level + 1 })
            }
            Source::Seed(spec, seed) => Source::Seed(spec, seed.wrapping_add(1)),
        };
        match Self::make(next) {
            Ok(puzzle) => {
                self.source = next;
                self.puzzle = puzzle;
                self.placed.clear();
                self.held = None;
                self.solved_logged = false;
                self.log_shown();
            }
            Err(error) => self.error = Some(error),
        }
    }

    /// The pieces still in the tray, ascending.
    pub fn tray(&self) -> Vec<u8> {
        let mut tray = self.puzzle.pieces.clone();
        for &(_, _, v) in &self.placed {
            if let Some(index) = tray.iter().position(|&t| t == v) {
                tray.remove(index);
            }
        }
        tray
    }

    /// Whether every piece is placed and the board keeps every rule.
    pub fn is_solved(&self) -> bool {
        self.placed.len() == self.puzzle.pieces.len() && self.puzzle.is_solved_by(&self.placed)
    }

    fn value_at(&self, r: usize, c: usize) -> Option<u8> {
        match self.puzzle.cell(r, c) {
            Cell::Given(v) => Some(v),
            Cell::Empty => self.placed.iter().find(|p| p.0 == r && p.1 == c).map(|p| p.2),
            Cell::Hole => None,
        }
    }

    /// Whether the piece at a cell repeats a number in its row or column.
    pub fn is_wrong(&self, r: usize, c: usize, v: u8) -> bool {
        [Line::Row(r), Line::Col(c)].iter().any(|&line| {
            self.puzzle
                .line_cells(line)
                .into_iter()
                .any(|(rr, cc)| (rr, cc) != (r, c) && self.value_at(rr, cc) == Some(v))
        })
    }

    fn write(&mut self, line: serde_json::Value) {
        let Some(path) = &self.log else { return };
        let written = curio_core::files::append_line(path, &line.to_string());
        if let Err(error) = written {
            self.error = Some(format!("cannot write log '{}': {error}", path.display()));
        }
    }

    fn log_shown(&mut self) {
        let (level, seed) = match self.source {
            Source::Level(level) => (Some(level), None),
            Source::Seed(_, seed) => (None, Some(seed)),
        };
        let line =
            serde_json::json!({"event": "shown", "level": level, "seed": seed, "puzzle": self.puzzle.text()});
        self.write(line);
    }

    /// The top-left of cell (r, c) in window points.
    pub fn cell_origin(&self, r: usize, c: usize) -> Pos2 {
        Pos2::new(MARGIN + c as f32 * PITCH, MARGIN + r as f32 * PITCH)
    }

    /// The top of the tray band.
    pub fn tray_top(&self) -> f32 {
        MARGIN + self.puzzle.rows as f32 * PITCH + 40.0
    }

    /// Tray pieces per row (two rows at most).
    pub fn tray_per_row(&self) -> usize {
        self.puzzle.pieces.len().div_ceil(2).max(self.puzzle.cols).max(1)
    }

    /// The top-left of tray slot `index`.
    pub fn tray_origin(&self, index: usize) -> Pos2 {
        let per_row = self.tray_per_row();
        Pos2::new(
            MARGIN + (index % per_row) as f32 * PITCH,
            self.tray_top() + 8.0 + (index / per_row) as f32 * PITCH,
        )
    }

    /// The Next button's rectangle.
    pub fn next_button(&self) -> Rect {
        Rect::from_min_size(Pos2::new(MARGIN, self.tray_top() + 2.0 * PITCH + 28.0), Vec2::new(120.0, 36.0))
    }

    fn cell_under(&self, pos: Pos2) -> Option<(usize, usize)> {
        let local = (pos - Pos2::new(MARGIN, MARGIN)) / PITCH;
        if local.x < 0.0 || local.y < 0.0 {
            return None;
        }
        let (r, c) = (local.y as usize, local.x as usize);
        let inside = (local.x - c as f32) * PITCH <= SQUARE && (local.y - r as f32) * PITCH <= SQUARE;
        (r < self.puzzle.rows && c < self.puzzle.cols && inside).then_some((r, c))
    }

    fn tray_under(&self, pos: Pos2) -> Option<usize> {
        (0..self.tray().len())
            .find(|&i| Rect::from_min_size(self.tray_origin(i), Vec2::splat(SQUARE)).contains(pos))
    }

    /// Drops what the pointer holds at `pos`.
    fn drop_at(&mut self, held: Held, pos: Pos2) {
        let value = match held {
            Held::Tray(index) => match self.tray().get(index) {
                Some(&v) => v,
                None => return,
            },
            Held::Placed(r, c) => match self.placed.iter().position(|p| p.0 == r && p.1 == c) {
                Some(index) => self.placed.remove(index).2,
                None => return,
            },
        };
        match self.cell_under(pos).filter(|&(r, c)| self.puzzle.cell(r, c) == Cell::Empty) {
            Some((r, c)) => {
                // A piece already there goes back to the tray.
                self.placed.retain(|p| !(p.0 == r && p.1 == c));
                self.placed.push((r, c, value));
                self.write(serde_json::json!({"event": "drop", "piece": value, "to": [r, c]}));
            }
            None => self.write(serde_json::json!({"event": "returned", "piece": value})),
        }
        if self.is_solved() && !self.solved_logged {
            self.solved_logged = true;
            self.write(serde_json::json!({"event": "solved"}));
        }
    }

    fn square(painter: &egui::Painter, origin: Pos2, fill: Color32, text: Option<u8>, size: f32) {
        let rect = Rect::from_min_size(origin, Vec2::splat(SQUARE));
        painter.rect_filled(rect, 0.0, fill);
        if let Some(v) = text {
            painter.text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                v.to_string(),
                egui::FontId::new(size, egui::FontFamily::Name(theme::DEJAVU.into())),
                Color32::WHITE,
            );
        }
    }

    /// Draws the window and takes the mouse.
    pub fn draw(&mut self, ui: &mut egui::Ui) {
        let painter = ui.painter().clone();
        let digit = 32.0;
        let tray = self.tray();
        for r in 0..self.puzzle.rows {
            for c in 0..self.puzzle.cols {
                let origin = self.cell_origin(r, c);
                match self.puzzle.cell(r, c) {
                    Cell::Hole => {}
                    Cell::Given(v) => Self::square(&painter, origin, GIVEN, Some(v), digit),
                    Cell::Empty => {
                        let placed = self.placed.iter().find(|p| p.0 == r && p.1 == c).copied();
                        match placed {
                            Some(_) if self.held == Some(Held::Placed(r, c)) => {
                                Self::square(&painter, origin, EMPTY, None, digit)
                            }
                            Some((_, _, v)) => Self::square(
                                &painter,
                                origin,
                                if self.is_wrong(r, c, v) { WRONG } else { PIECE },
                                Some(v),
                                digit,
                            ),
                            None => Self::square(&painter, origin, EMPTY, None, digit),
                        }
                    }
                }
            }
        }
        for sum in &self.puzzle.sums {
            let at = match sum.line {
                Line::Row(r) => self.cell_origin(r, self.puzzle.cols) + Vec2::new(SQUARE * 0.5, SQUARE * 0.5),
                Line::Col(c) => self.cell_origin(self.puzzle.rows, c) + Vec2::new(SQUARE * 0.5, 12.0),
            };
            painter.text(
                at,
                egui::Align2::CENTER_CENTER,
                sum.target.to_string(),
                egui::FontId::new(22.0, egui::FontFamily::Name(theme::DEJAVU.into())),
                SUM,
            );
        }
        let band =
            Rect::from_min_size(Pos2::new(0.0, self.tray_top()), Vec2::new(WINDOW[0], 2.0 * PITCH + 16.0));
        painter.rect_filled(band, 0.0, TRAY);
        for (index, &v) in tray.iter().enumerate() {
            if self.held != Some(Held::Tray(index)) {
                Self::square(&painter, self.tray_origin(index), PIECE, Some(v), digit);
            }
        }
        let solved = self.is_solved();
        if solved {
            painter.text(
                self.next_button().right_center() + Vec2::new(20.0, 0.0),
                egui::Align2::LEFT_CENTER,
                "Solved!",
                egui::FontId::proportional(26.0),
                SOLVED,
            );
            let button =
                ui.put(self.next_button(), egui::Button::new(egui::RichText::new("Next").size(20.0)));
            if button.clicked() {
                self.next();
                return;
            }
        }
        // Dragging: press on a piece, release on a cell or anywhere else (back to the tray).
        // The button events are taken in order with their own positions: a fast drag can press
        // and release within one frame.
        let buttons: Vec<(bool, Pos2)> = ui.input(|i| {
            i.events
                .iter()
                .filter_map(|event| match event {
                    egui::Event::PointerButton {
                        pos, button: egui::PointerButton::Primary, pressed, ..
                    } => Some((*pressed, *pos)),
                    _ => None,
                })
                .collect()
        });
        for (pressed, pos) in buttons {
            if pressed && self.held.is_none() && !self.is_solved() {
                self.held = self.tray_under(pos).map(Held::Tray).or_else(|| {
                    self.cell_under(pos)
                        .filter(|&(r, c)| self.placed.iter().any(|p| p.0 == r && p.1 == c))
                        .map(|(r, c)| Held::Placed(r, c))
                });
            } else if !pressed && let Some(held) = self.held.take() {
                self.drop_at(held, pos);
            }
        }
        if let (Some(held), Some(pos)) = (self.held, ui.input(|i| i.pointer.latest_pos())) {
            let tray = self.tray();
            let value = match held {
                Held::Tray(index) => tray.get(index).copied(),
                Held::Placed(r, c) => self.placed.iter().find(|p| p.0 == r && p.1 == c).map(|p| p.2),
            };
            if let Some(v) = value {
                Self::square(&painter, pos - Vec2::splat(SQUARE / 2.0), HELD, Some(v), digit);
            }
            ui.ctx().request_repaint();
        }
        if let Some(error) = &self.error {
            painter.text(
                Pos2::new(MARGIN, WINDOW[1] - 12.0),
                egui::Align2::LEFT_BOTTOM,
                error,
                egui::FontId::proportional(13.0),
                theme::ERROR,
            );
        }
    }
}

impl eframe::App for PuzlogicWindow {
    fn clear_color(&self, _visuals: &egui::Visuals) -> [f32; 4] {
        BACKGROUND.to_normalized_gamma_f32()
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.draw(ui);
    }
}

/// Opens the game window and runs until it is closed.
pub fn run(source: Source, log: Option<PathBuf>) -> anyhow::Result<()> {
    let window = PuzlogicWindow::new(source, log).map_err(|error| anyhow::anyhow!(error))?;
    crate::run_game_window("Curio Puzlogic", "curio-puzlogic", WINDOW, window)
}

/// `curio puzlogic window`: the game window's arguments.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  curio puzlogic window --level 1\n  curio puzlogic window --seed 5 --size 6x6 --pieces 10 --sums --log moves.jsonl")]
pub struct WindowArgs {
    /// Start at this campaign level (1 to 30).
    #[arg(long, conflicts_with = "seed")]
    level: Option<usize>,
    /// Generated puzzles from this seed instead.
    #[arg(long)]
    seed: Option<u64>,
    /// Rows x columns of generated puzzles.
    #[arg(long, value_parser = curio_cli::parse_grid_size, default_value = "6x6")]
    size: (usize, usize),
    /// Pieces of generated puzzles.
    #[arg(long, default_value_t = 10)]
    pieces: usize,
    /// Sums in generated puzzles.
    #[arg(long)]
    sums: bool,
    /// Append what the window shows and receives here (JSON lines).
    #[arg(long)]
    log: Option<std::path::PathBuf>,
}

impl GroupArgs for WindowArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        let args = self;
                let source = match (args.level, args.seed) {
            (Some(level), _) => {
                if !(1..=generator::CAMPAIGN_LEVELS).contains(&level) {
                    return Err(usage(anyhow::anyhow!("--level must be 1 to {}, not {level}", generator::CAMPAIGN_LEVELS)));
                }
                Source::Level(level)
            }
            (None, Some(seed)) => {
                let spec = Spec { rows: args.size.0, cols: args.size.1, pieces: args.pieces, sums: args.sums };
                spec.check().map_err(|e| usage(anyhow::anyhow!(e)))?;
                Source::Seed(spec, seed)
            }
            (None, None) => Source::Level(1),
        };
        if let Some(path) = &args.log {
            curio_cli::check_folder(path, "the log")?;
        }
        run(source, args.log).map_err(CliError::Failure)
    }
}
