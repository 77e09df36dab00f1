//! The Puzlogic panel: edit a puzzle as text or generate one (a seed, a size, pieces, sums, or a
//! campaign level), count its solutions, step through the solver's search (each forced cell,
//! branch and dead end on the board), play it by hand (pick a piece from the tray, click a
//! cell; click a placed piece to take it back; wrong placements are allowed and shown red), and
//! export the board as SVG or PNG.

pub mod window;

use crate::domain::{Domain, GameWindow, Opener, panel_of};
use curio_cli::facets::CommandGroup;
use curio_cli::fuzz::Target;
use crate::panels::PanelEntry;
use crate::panels::{Family, Panel, PanelType, Settings};
use crate::theme;
use crate::widgets::{FigureExport, Outcome, outcome_label};
use ::puzlogic::generator::{self, Spec};
use ::puzlogic::solver::{self, Event};
use ::puzlogic::{Cell, Line, Placement, Puzzle, figure, level_3};
use eframe::egui::{self, Color32, Pos2, Rect, Stroke, Vec2};
use serde::{Deserialize, Serialize};

/// Persisted settings of the Puzlogic panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzlogicPanelState {
    /// The puzzle, as text.
    pub text: String,
    /// The pieces placed by hand.
    pub placed: Vec<Placement>,
    /// Generator: rows.
    pub rows: usize,
    /// Generator: columns.
    pub cols: usize,
    /// Generator: pieces.
    pub pieces: usize,
    /// Generator: sums.
    pub sums: bool,
    /// Generator: seed.
    pub seed: u64,
    /// Campaign level.
    pub level: usize,
    /// Where Export writes.
    pub export_path: String,
    /// PNG size of exports.
    pub export_size: u32,
}

impl Default for PuzlogicPanelState {
    fn default() -> Self {
        Self {
            text: level_3().text(),
            placed: Vec::new(),
            rows: generator::SIDE.default,
            cols: generator::SIDE.default,
            pieces: generator::PIECES.default,
            sums: true,
            seed: 1,
            level: generator::LEVEL.default,
            export_path: "puzlogic.svg".into(),
            export_size: 1200,
        }
    }
}

impl Settings for PuzlogicPanelState {
    fn sanitize(&mut self) {
        self.rows = generator::SIDE.clamp(self.rows);
        self.cols = generator::SIDE.clamp(self.cols);
        self.pieces = generator::PIECES.clamp(self.pieces);
        self.level = generator::LEVEL.clamp(self.level);
        self.export_size = self.export_size.clamp(1, curio_core::export::MAX_PNG_SIZE);
        match Puzzle::parse(&self.text) {
            Ok(puzzle) => self
                .placed
                .retain(|&(r, c, _)| r < puzzle.rows && c < puzzle.cols && puzzle.cell(r, c) == Cell::Empty),
            Err(_) => self.placed.clear(),
        }
    }
}

/// A cell the search filled: row, column, number, and whether it was a guess.
type Filled = (usize, usize, u8, bool);

/// The Puzlogic panel.
pub struct PuzlogicPanel {
    /// Persisted settings.
    pub state: PuzlogicPanelState,
    /// The puzzle the text reads as.
    pub puzzle: Option<Puzzle>,
    /// The last solve: its report and trace.
    pub solved: Option<(solver::Report, Vec<Event>)>,
    /// The trace step shown (0: the puzzle as given).
    pub step: usize,
    /// The board at a step of the trace, as last replayed.
    trace_cache: Option<(usize, Vec<Filled>)>,
    /// The tray piece picked up, by index in the tray.
    pub held: Option<usize>,
    /// The last outcome.
    pub message: Option<Outcome>,
    board: Option<(Rect, f32)>,
    export: FigureExport,
}

impl PanelType for PuzlogicPanel {
    const KEY: &'static str = "puzlogic";
    const TITLE: &'static str = "Puzlogic";
    const FAMILY: Family = Family::Puzzles;
    type State = PuzlogicPanelState;

    fn new(state: PuzlogicPanelState, _gpu_adapter: Option<&str>) -> Self {
        let puzzle = Puzzle::parse(&state.text).ok();
        Self {
            state,
            puzzle,
            solved: None,
            step: 0,
            trace_cache: None,
            held: None,
            message: None,
            board: None,
            export: FigureExport::default(),
        }
    }

    fn state(&self) -> &PuzlogicPanelState {
        &self.state
    }
}

impl PuzlogicPanel {
    /// Shows `puzzle` (its text replaces the editor's).
    pub fn set_puzzle(&mut self, puzzle: Puzzle) {
        self.state.text = puzzle.text();
        self.state.placed.clear();
        self.puzzle = Some(puzzle);
        self.solved = None;
        self.trace_cache = None;
        self.step = 0;
        self.held = None;
    }

    /// Reads the editor's text.
    pub fn read_text(&mut self) {
        match Puzzle::parse(&self.state.text) {
            Ok(puzzle) => {
                let text = std::mem::take(&mut self.state.text);
                self.set_puzzle(puzzle);
                self.state.text = text;
                self.message = None;
            }
            Err(error) => self.message = Some(Err(error.to_string())),
        }
    }

    /// Counts every solution and keeps the trace for stepping.
    pub fn solve(&mut self) {
        let Some(puzzle) = &self.puzzle else { return };
        let (report, trace) = solver::solve_traced(puzzle, usize::MAX, Some(20_000));
        self.message = Some(match report.solutions.len() {
            0 => Err(format!("no solution ({} nodes)", report.nodes)),
            1 => Ok(format!(
                "one solution, proven unique: {} nodes, {} guesses, {} cells propagated",
                report.nodes, report.guesses, report.propagated
            )),
            n => Err(format!("{n} solutions: not unique ({} nodes)", report.nodes)),
        });
        self.step = 0;
        self.trace_cache = None;
        self.solved = Some((report, trace));
    }

    /// The pieces not yet placed by hand, ascending.
    pub fn tray(&self) -> Vec<u8> {
        let Some(puzzle) = &self.puzzle else { return Vec::new() };
        let mut tray = puzzle.pieces.clone();
        for &(_, _, v) in &self.state.placed {
            if let Some(index) = tray.iter().position(|&t| t == v) {
                tray.remove(index);
            }
        }
        tray
    }

    /// Placed pieces that repeat a number in their row or column, or break a filled line's sum.
    pub fn wrong(&self) -> Vec<Placement> {
        let Some(puzzle) = &self.puzzle else { return Vec::new() };
        let value_at = |r: usize, c: usize| match puzzle.cell(r, c) {
            Cell::Given(v) => Some(v),
            Cell::Empty => self.state.placed.iter().find(|p| p.0 == r && p.1 == c).map(|p| p.2),
            Cell::Hole => None,
        };
        self.state
            .placed
            .iter()
            .copied()
            .filter(|&(r, c, v)| {
                let lines = [Line::Row(r), Line::Col(c)];
                lines.iter().any(|&line| {
                    let cells = puzzle.line_cells(line);
                    let repeats =
                        cells.iter().any(|&(rr, cc)| (rr, cc) != (r, c) && value_at(rr, cc) == Some(v));
                    let sum_broken = puzzle.sums.iter().find(|s| s.line == line).is_some_and(|s| {
                        let present: Vec<(usize, usize)> = cells
                            .iter()
                            .copied()
                            .filter(|&(rr, cc)| puzzle.cell(rr, cc) != Cell::Hole)
                            .collect();
                        let values: Vec<u8> =
                            present.iter().filter_map(|&(rr, cc)| value_at(rr, cc)).collect();
                        let total: u32 = values.iter().map(|&x| x as u32).sum();
                        total > s.target || (values.len() == present.len() && total != s.target)
                    });
                    repeats || sum_broken
                })
            })
            .collect()
    }

    /// Places the held tray piece at a cell, or takes a placed piece back.
    pub fn click_cell(&mut self, row: usize, col: usize) {
        let Some(puzzle) = &self.puzzle else { return };
        if puzzle.cell(row, col) != Cell::Empty {
            return;
        }
        if let Some(index) = self.state.placed.iter().position(|p| p.0 == row && p.1 == col) {
            self.state.placed.remove(index);
            return;
        }
        let tray = self.tray();
        if let Some(held) = self.held.take().filter(|&h| h < tray.len()) {
            self.state.placed.push((row, col, tray[held]));
            if self.tray().is_empty() {
                let solved = puzzle.is_solved_by(&self.state.placed);
                self.message = Some(if solved {
                    Ok("solved!".into())
                } else {
                    Err("every piece is placed, but the board breaks a rule".into())
                });
            }
        }
    }

    /// The board at the current trace step: each cell's number and whether the search guessed
    /// it, and whether the step is a dead end.
    fn trace_board(&mut self) -> (Vec<Filled>, Option<Event>) {
        let Some((_, trace)) = &self.solved else { return (Vec::new(), None) };
        let event = self.step.checked_sub(1).and_then(|i| trace.get(i)).cloned();
        // Replayed when the step changes, not every frame.
        if let Some((step, board)) = &self.trace_cache
            && *step == self.step
        {
            return (board.clone(), event);
        }
        let mut board: Vec<Filled> = Vec::new();
        let mut stack: Vec<Vec<Filled>> = Vec::new();
        for event in &trace[..self.step.min(trace.len())] {
            match *event {
                Event::Forced(r, c, v, _) => board.push((r, c, v, false)),
                Event::Branch(r, c, v, _) => {
                    stack.push(board.clone());
                    board.push((r, c, v, true));
                }
                Event::Back(depth) => {
                    if let Some(saved) = stack.get(depth).cloned() {
                        board = saved;
                        stack.truncate(depth);
                    }
                }
                Event::DeadEnd | Event::Solved => {}
            }
        }
        self.trace_cache = Some((self.step, board.clone()));
        (board, event)
    }

    fn board_ui(&mut self, ui: &mut egui::Ui, rect: Rect) {
        let Some(puzzle) = self.puzzle.clone() else {
            ui.painter().text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                "the text does not read as a puzzle",
                egui::FontId::proportional(15.0),
                theme::ERROR,
            );
            return;
        };
        let tray = self.tray();
        let per_row = puzzle.cols.max(5);
        let tray_rows = tray.len().div_ceil(per_row).max(1);
        let units = Vec2::new(per_row as f32 + 1.5, (puzzle.rows + tray_rows) as f32 + 2.0);
        let size = (rect.width() / units.x).min(rect.height() / units.y).clamp(8.0, 72.0);
        let origin = rect.min + Vec2::new(10.0, 10.0);
        self.board = Some((
            Rect::from_min_size(origin, Vec2::new(puzzle.cols as f32, puzzle.rows as f32) * size),
            size,
        ));
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 4.0, theme::CANVAS_BACKGROUND);
        let response = ui.allocate_rect(rect, egui::Sense::click());
        let (trace_board, event) = self.trace_board();
        let wrong = self.wrong();
        let font = egui::FontId::proportional(size * 0.55);
        let cell_rect = |r: usize, c: usize| {
            Rect::from_min_size(origin + Vec2::new(c as f32, r as f32) * size, Vec2::splat(size - 3.0))
        };
        for r in 0..puzzle.rows {
            for c in 0..puzzle.cols {
                let cell = cell_rect(r, c);
                match puzzle.cell(r, c) {
                    Cell::Hole => {}
                    Cell::Given(v) => numbered(&painter, cell, Color32::from_rgb(0x40, 0x40, 0x48), v, &font),
                    Cell::Empty => {
                        painter.rect_filled(cell, 4.0, Color32::WHITE);
                        let shown = self
                            .state
                            .placed
                            .iter()
                            .find(|p| p.0 == r && p.1 == c)
                            .map(|p| (p.2, false, wrong.contains(p)))
                            .or_else(|| {
                                trace_board
                                    .iter()
                                    .rev()
                                    .find(|t| t.0 == r && t.1 == c)
                                    .map(|t| (t.2, t.3, false))
                            });
                        if let Some((v, guessed, is_wrong)) = shown {
                            let colour = if is_wrong {
                                theme::ERROR
                            } else if guessed {
                                theme::SELECTED
                            } else {
                                Color32::from_rgb(0x2f, 0x6e, 0xc8)
                            };
                            numbered(&painter, cell.shrink(size * 0.08), colour, v, &font);
                        }
                    }
                }
            }
        }
        for sum in &puzzle.sums {
            let (at, text) = match sum.line {
                Line::Row(r) => (
                    cell_rect(r, puzzle.cols - 1).right_center() + Vec2::new(size * 0.5, 0.0),
                    sum.target.to_string(),
                ),
                Line::Col(c) => (
                    cell_rect(puzzle.rows - 1, c).center_bottom() + Vec2::new(0.0, size * 0.35),
                    sum.target.to_string(),
                ),
            };
            painter.text(
                at,
                egui::Align2::CENTER_CENTER,
                text,
                egui::FontId::proportional(size * 0.4),
                Color32::from_rgb(0x8a, 0x5a, 0x10),
            );
        }
        // The tray under the board.
        let tray_top = origin.y + (puzzle.rows as f32 + 0.9) * size;
        let mut tray_rects = Vec::new();
        for (index, &v) in tray.iter().enumerate() {
            let piece = Rect::from_min_size(
                Pos2::new(
                    origin.x + (index % per_row) as f32 * size,
                    tray_top + (index / per_row) as f32 * size,
                ),
                Vec2::splat(size - 3.0),
            );
            let held = self.held == Some(index);
            let fill = if held { theme::SELECTED } else { Color32::from_rgb(0x2f, 0x6e, 0xc8) };
            numbered(&painter, piece, fill, v, &font);
            tray_rects.push(piece);
        }
        if let Some(Event::DeadEnd) = event {
            painter.text(
                rect.right_top() + Vec2::new(-10.0, 10.0),
                egui::Align2::RIGHT_TOP,
                "dead end: back up",
                egui::FontId::proportional(14.0),
                theme::ERROR,
            );
        }
        if response.clicked()
            && let Some(pointer) = response.interact_pointer_pos()
        {
            if let Some(index) = tray_rects.iter().position(|r| r.contains(pointer)) {
                self.held = if self.held == Some(index) { None } else { Some(index) };
            } else {
                let local = (pointer - origin) / size;
                if local.x >= 0.0
                    && local.y >= 0.0
                    && (local.x as usize) < puzzle.cols
                    && (local.y as usize) < puzzle.rows
                {
                    self.click_cell(local.y as usize, local.x as usize);
                }
            }
        }
        painter.rect_stroke(
            Rect::from_min_size(
                origin - Vec2::splat(2.0),
                Vec2::new(puzzle.cols as f32, puzzle.rows as f32) * size + Vec2::splat(1.0),
            ),
            4.0,
            Stroke::new(1.0, theme::CANVAS_BORDER),
            egui::StrokeKind::Outside,
        );
    }

    /// Where the board's cells were last drawn and their size.
    pub fn board_geometry(&self) -> Option<(Rect, f32)> {
        self.board
    }
}

/// A filled square with a number in white.
fn numbered(painter: &egui::Painter, rect: Rect, fill: Color32, value: u8, font: &egui::FontId) {
    painter.rect_filled(rect, 4.0, fill);
    painter.text(rect.center(), egui::Align2::CENTER_CENTER, value.to_string(), font.clone(), Color32::WHITE);
}

fn describe(event: &Event) -> String {
    match *event {
        Event::Forced(r, c, v, hidden) => format!(
            "({r}, {c}) must be {v}: {}",
            if hidden { "the only place left for that number" } else { "its only candidate" }
        ),
        Event::Branch(r, c, v, mask) => {
            let options: Vec<String> =
                (1..=9).filter(|&x| mask & (1 << x) != 0).map(|x: u8| x.to_string()).collect();
            format!("guess {v} at ({r}, {c}) of {}", options.join(", "))
        }
        Event::DeadEnd => "dead end: a cell with no candidate, or a number with too few places".into(),
        Event::Solved => "a solution".into(),
        Event::Back(depth) => format!("back to depth {depth}"),
    }
}

impl Panel for PuzlogicPanel {
    fn logic(&mut self, _ctx: &egui::Context) {
        self.export.poll();
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Puzlogic");
        ui.label("Place every piece; no number twice in a row or column; sums beside a row or under a column must be reached.");
        let label = ui.label("puzzle (text)");
        ui.add(
            egui::TextEdit::multiline(&mut self.state.text)
                .font(egui::TextStyle::Monospace)
                .desired_rows(6)
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
        ui.horizontal_wrapped(|ui| {
            if ui.button("Read text").clicked() {
                self.read_text();
            }
            if ui.button("Count solutions").clicked() {
                self.solve();
            }
            if ui.button("Clear board").clicked() {
                self.state.placed.clear();
                self.held = None;
            }
        });
        if let Some((_, trace)) = &self.solved {
            let last = trace.len();
            let label = ui.label("search step");
            ui.add(egui::Slider::new(&mut self.step, 0..=last)).labelled_by(label.id);
            if let Some(event) = self.step.checked_sub(1).and_then(|i| trace.get(i)) {
                ui.label(describe(event));
            }
        }
        outcome_label(ui, self.message.as_ref());
        ui.separator();
        ui.strong("Generate");
        egui::Grid::new("puzlogic-generate").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("rows x columns");
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut self.state.rows).range(generator::SIDE.range())).labelled_by(label.id);
                ui.add(egui::DragValue::new(&mut self.state.cols).range(generator::SIDE.range())).labelled_by(label.id);
            });
            ui.end_row();
            let label = ui.label("pieces");
            ui.add(egui::DragValue::new(&mut self.state.pieces).range(generator::PIECES.range())).labelled_by(label.id);
            ui.end_row();
            let label = ui.label("seed");
            ui.add(egui::DragValue::new(&mut self.state.seed)).labelled_by(label.id);
            ui.end_row();
            let label = ui.label("campaign level");
            ui.add(egui::DragValue::new(&mut self.state.level).range(generator::LEVEL.range()))
                .labelled_by(label.id);
            ui.end_row();
        });
        ui.checkbox(&mut self.state.sums, "sums");
        ui.horizontal_wrapped(|ui| {
            if ui.button("Generate").clicked() {
                let spec = Spec {
                    rows: self.state.rows,
                    cols: self.state.cols,
                    pieces: self.state.pieces,
                    sums: self.state.sums,
                };
                match spec.check().and_then(|()| generator::generate(spec, self.state.seed)) {
                    Ok(puzzle) => {
                        let rating = generator::difficulty(&puzzle).rating;
                        self.set_puzzle(puzzle);
                        self.message = Some(Ok(format!("difficulty {rating:.1}")));
                    }
                    Err(error) => self.message = Some(Err(error)),
                }
            }
            if ui.button("Campaign level").clicked() {
                match generator::campaign_level(self.state.level) {
                    Ok(puzzle) => {
                        let rating = generator::difficulty(&puzzle).rating;
                        self.set_puzzle(puzzle);
                        self.message =
                            Some(Ok(format!("level {}: difficulty {rating:.1}", self.state.level)));
                    }
                    Err(error) => self.message = Some(Err(error)),
                }
            }
        });
        ui.separator();
        ui.strong("Export");
        if self.export.ui(ui, &mut self.state.export_path, &mut self.state.export_size) {
            match &self.puzzle {
                Some(puzzle) => {
                    let (puzzle, placed, wrong, tray) =
                        (puzzle.clone(), self.state.placed.clone(), self.wrong(), self.tray());
                    self.export.start(
                        &ui.ctx().clone(),
                        &self.state.export_path,
                        self.state.export_size,
                        move || Ok(figure::scene(&puzzle, &placed, &wrong, &tray)),
                    );
                }
                None => self.export.refuse("the text does not read as a puzzle".into()),
            }
        }
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        if let Some(rect) = crate::panels::canvas_rect(ui) {
            self.board_ui(ui, rect);
        }
    }

    fn is_busy(&self) -> bool {
        self.export.is_busy()
    }
}

/// What the puzlogic domain adds: `curio puzlogic`, its panel, its game window and its fuzz targets.
pub const DOMAIN: Domain = Domain {
    name: "puzlogic",
    about: "Puzlogic: solve (every solution), generate unique puzzles, time the solver.",
    commands: CommandGroup::of::<curio_cli::puzlogic::PuzlogicArgs>(),
    panels: &[PanelEntry::of::<PuzlogicPanel>()],
    merges: &[],
    game_window: Some(GameWindow {
        about: "Open the game window: drag pieces onto cells; Next after a solved board. --log appends one JSON line per thing shown or received.",
        commands: CommandGroup::of::<window::WindowArgs>(),
    }),
    bot_game: Some(&bot::puzlogic::GAME),
    fuzz_targets: &[
        Target { name: "puzlogic-puzzle", reads: "Puzlogic puzzle files (puzlogic solve)", run: curio_cli::puzlogic::fuzz_puzlogic_puzzle },
    ],
    opens: &[Opener {
        kind: "a Puzlogic puzzle",
        panel: PuzlogicPanel::KEY,
        accepts: |_, text| Puzzle::parse(text).is_ok(),
        open: |panel, _, text| {
            let panel = panel_of::<PuzlogicPanel>(panel);
            panel.state.text = text.to_string();
            panel.read_text();
        },
    }],
};
