//! Playing in the Minesweeper panel: new games, clicks and flags, the solver's Step and Hint (on a
//! background thread on big boards), and the board with its heatmap.

use super::{BACKGROUND_ANALYSIS_CELLS, MAX_CELL, MinesPanel, MoveRequest};
use super::board::{BoardClick, BoardFills, BoardZoom, GpuBoard, MinesBoard, board_texels};
use ::mines::policy::Refinement;
use ::mines::{BoardConfig, Cell, Game, GameStatus, Move, Policy, Tuning};
use eframe::egui;
use std::sync::Arc;

impl MinesPanel {
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

    /// Drops the analysis of the previous board (and stops one in progress): a new game or an
    /// imported board has nothing in common with it, not even its size.
    pub(super) fn forget_analysis(&mut self) {
        self.analysis = None;
        self.analysis_job.cancel();
        // Nor has the view: the new board is shown whole.
        self.zoom = BoardZoom::default();
        self.follow = None;
    }

    pub(super) fn board_changed(&mut self) {
        self.analysis_stale = true;
        self.board_version += 1;
        self.game_version += 1;
        self.hint = None;
    }

    /// The solver with the refinements switched on and the numeric settings of the panel
    /// (settings out of range, as a hand-edited settings file may hold, fall back to the defaults).
    pub fn solver(&self) -> Policy {
        let tuning = if self.state.tuning.check().is_ok() { self.state.tuning } else { Tuning::default() };
        let solver = [
            (self.state.lookahead, Refinement::Lookahead),
            (self.state.endgame, Refinement::Endgame),
            (self.state.fifty_fifty, Refinement::FiftyFifty),
            (self.state.regions, Refinement::Regions),
            (self.state.long_term_risk, Refinement::LongTermRisk),
        ]
        .into_iter()
        .filter(|(on, _)| !on)
        .fold(Policy::default().tuned(tuning), |solver, (_, refinement)| solver.without(refinement));
        Policy { write_up: self.state.write_up, ..solver }
    }

    /// True while a Step or Hint is being computed on a background thread (big boards).
    pub fn is_thinking(&self) -> bool {
        self.move_job.is_running()
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
        if self.game.status() != GameStatus::Playing || self.move_job.is_running() {
            return;
        }
        let rule = self.game.config().rule;
        let solver = self.solver();
        let inline = self.game.cells().len() <= BACKGROUND_ANALYSIS_CELLS;
        let game = self.game.clone();
        let work = move |_: &mut dyn curio_core::progress::Progress| {
            (request, solver.next_moves(&game.view(), rule).map_err(|e| e.to_string()))
        };
        match self.move_job.start(self.game_version, inline, "curio-mines-move", None, work) {
            Ok(Some((request, result))) => self.apply_move(request, result),
            Ok(None) => {}
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

    /// Plays or shows a move computed in the background; one for a board that has changed
    /// since is stale and dropped.
    pub(super) fn poll_move(&mut self) {
        match self.move_job.poll(&self.game_version) {
            Some(Ok((request, result))) => self.apply_move(request, result),
            Some(Err(panicked)) => self.apply_move(MoveRequest::Step, Err(panicked.to_string())),
            None => {}
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

    pub(super) fn board_ui(&mut self, ui: &mut egui::Ui, rect: egui::Rect) {
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
