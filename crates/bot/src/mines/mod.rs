//! Minesweeper as a [`ScreenGame`]: the grid found by [`vision`], cells read by colour, moves
//! chosen by the minesweeper solver's [`Policy`], reveals clicked with the left button.

pub mod vision;

use self::vision::{BoardRead, Calibration, CellRead, Theme, VisionError};
use crate::game::{Action, Decision, ScreenGame};
use crate::input::{InputSink, MouseButton};
use crate::player::{Bot, BotSettings, ReadLog, StopReason};
use crate::screen::{ScreenSource, WindowInfo};
use crate::targets::{self, TargetKind};
use ::mines::{Action as MinesAction, Cell, FirstClickRule, Move, Policy, solver::BoardView};
use image::RgbaImage;

/// Minesweeper on a target's screen.
#[derive(Clone, Debug)]
pub struct MinesGame {
    /// How the target draws its cells.
    pub theme: Theme,
    /// The target's first-click rule (the solver's first move depends on it).
    pub rule: FirstClickRule,
    /// Mines on the board as set; `None` takes the standard count of the size found.
    pub mines_setting: Option<usize>,
    /// Mines on the board of the game being played.
    mines: usize,
    policy: Policy,
}

impl MinesGame {
    /// The game as `kind` draws it, with `mines` mines (`None`: the standard count of the size
    /// found).
    pub fn new(kind: &TargetKind, mines: Option<usize>) -> MinesGame {
        let rule = match kind {
            TargetKind::GnomeMines => FirstClickRule::Opening,
            _ => FirstClickRule::Safe,
        };
        MinesGame { theme: kind.theme(), rule, mines_setting: mines, mines: 0, policy: Policy::default() }
    }

    /// The mine count of a board of the size found: as set, else the standard one.
    pub fn mines_for(&self, calibration: &Calibration) -> Option<usize> {
        self.mines_setting.or_else(|| targets::standard_mines(calibration.columns, calibration.rows))
    }
}

/// Checks every accepted read against the built-in window's truth log (one JSON line a
/// finished game, with its `mines` as `[row, column]` pairs): a number must be a safe cell with
/// that many mines around it, a mine or exploded cell a mine. Returns (reads checked, reads with
/// a wrong cell).
pub fn check_reads(log: &ReadLog, truth: &[serde_json::Value]) -> (usize, usize) {
    let (mut checked, mut wrong) = (0, 0);
    for (reads, game) in log.games.iter().zip(truth) {
        let width = game["width"].as_u64().unwrap_or(0) as usize;
        let height = game["height"].as_u64().unwrap_or(0) as usize;
        let mut mine = vec![false; width * height];
        for pair in game["mines"].as_array().into_iter().flatten() {
            let (row, column) =
                (pair[0].as_u64().unwrap_or(0) as usize, pair[1].as_u64().unwrap_or(0) as usize);
            if row < height && column < width {
                mine[row * width + column] = true;
            }
        }
        for read in reads {
            checked += 1;
            let cells: Vec<char> = read.lines().flat_map(str::chars).collect();
            let bad = cells.len() != width * height
                || cells.iter().enumerate().any(|(index, symbol)| match symbol {
                    '.' | '1'..='8' => {
                        let expected =
                            ::mines::board::neighbours(width, height, index).filter(|&n| mine[n]).count();
                        let shown =
                            if *symbol == '.' { 0 } else { symbol.to_digit(10).unwrap_or(0) as usize };
                        mine[index] || expected != shown
                    }
                    'X' | '*' => !mine[index],
                    _ => false,
                });
            wrong += usize::from(bad);
        }
    }
    (checked, wrong)
}

fn to_cells(board: &BoardRead) -> Vec<Cell> {
    board
        .cells
        .iter()
        .map(|cell| match cell {
            CellRead::Number(n) => Cell::Revealed(*n),
            CellRead::Flag => Cell::Flagged,
            CellRead::Exploded | CellRead::Mine => Cell::Exploded,
            CellRead::Covered | CellRead::Unknown => Cell::Covered,
        })
        .collect()
}

/// Whether `next` can follow `previous` in one game: revealed numbers stay, nothing returns to
/// covered except a flag the bot removed, and every cell is something the theme knows.
pub fn consistent(previous: Option<&BoardRead>, next: &BoardRead) -> Result<(), String> {
    if let Some(index) = next.cells.iter().position(|cell| *cell == CellRead::Unknown) {
        return Err(format!("cell {index} fits nothing"));
    }
    if let Some(previous) = previous {
        if previous.cells.len() != next.cells.len() {
            return Err("the board changed size".into());
        }
        for (index, (before, after)) in previous.cells.iter().zip(&next.cells).enumerate() {
            let fine = match (before, after) {
                (CellRead::Number(a), CellRead::Number(b)) => a == b,
                (CellRead::Number(_), _) => false,
                (CellRead::Exploded, other) => *other == CellRead::Exploded,
                _ => true,
            };
            if !fine {
                return Err(format!("cell {index} was {before:?} and now reads {after:?}"));
            }
        }
    }
    Ok(())
}

/// The game's state from a read with `mines` mines.
fn outcome(board: &BoardRead, mines: usize) -> Option<bool> {
    if board.cells.iter().any(|cell| matches!(cell, CellRead::Exploded | CellRead::Mine)) {
        return Some(false);
    }
    let unrevealed =
        board.cells.iter().filter(|cell| matches!(cell, CellRead::Covered | CellRead::Flag)).count();
    (unrevealed == mines).then_some(true)
}

impl ScreenGame for MinesGame {
    type Calibration = Calibration;
    type Reading = BoardRead;
    type Move = Move;

    fn calibrate(&self, image: &RgbaImage) -> Result<Calibration, VisionError> {
        vision::calibrate(image, self.theme)
    }

    fn describe_calibration(&self, calibration: &Calibration) -> String {
        format!("{}x{} cells of {:.1} px", calibration.columns, calibration.rows, calibration.pitch[0])
    }

    fn read(&self, image: &RgbaImage, calibration: &Calibration) -> BoardRead {
        vision::read(image, calibration)
    }

    fn consistent(&self, previous: Option<&BoardRead>, next: &BoardRead) -> Result<(), String> {
        consistent(previous, next)
    }

    fn bounds(&self, calibration: &Calibration) -> [f64; 4] {
        calibration.bounds()
    }

    fn pitch(&self, calibration: &Calibration) -> f64 {
        calibration.pitch[0]
    }

    fn is_new_game(&self, reading: &BoardRead) -> bool {
        reading.count(CellRead::Covered) == reading.cells.len()
    }

    /// Readable, nothing lost, cells still to open, and at a size whose mine count is known and
    /// unfinished at it: the last game, finished, can still be on screen while the target draws
    /// the new one, and a finished board's flags and digits can fool the calibration into a
    /// part of the board.
    fn is_in_progress(&self, calibration: &Calibration, reading: &BoardRead) -> bool {
        let unfinished = self.mines_for(calibration).is_some_and(|mines| outcome(reading, mines).is_none());
        consistent(None, reading).is_ok()
            && reading.count(CellRead::Mine) + reading.count(CellRead::Exploded) == 0
            && reading.count(CellRead::Covered) > 0
            && unfinished
    }

    fn start_game(&mut self, calibration: &Calibration) -> Result<(), StopReason> {
        let mines = self.mines_for(calibration).ok_or_else(|| {
            StopReason::MineCount(format!(
                "a {}x{} board has no standard mine count; say how many",
                calibration.columns, calibration.rows
            ))
        })?;
        let cells = calibration.columns * calibration.rows;
        if mines == 0 || mines >= cells {
            return Err(StopReason::MineCount(format!(
                "{mines} mines do not fit the {}x{} board found (1 to {})",
                calibration.columns,
                calibration.rows,
                cells - 1
            )));
        }
        self.mines = mines;
        Ok(())
    }

    fn outcome(&self, reading: &BoardRead) -> Option<bool> {
        outcome(reading, self.mines)
    }

    fn decide(&mut self, calibration: &Calibration, reading: &BoardRead) -> Result<Decision<Move>, String> {
        let cells = to_cells(reading);
        let view = BoardView {
            width: calibration.columns,
            height: calibration.rows,
            mines: self.mines,
            cells: &cells,
        };
        let moves = self.policy.next_moves(&view, self.rule).map_err(|error| error.to_string())?;
        let probabilities = ::mines::analyze(&view, ::mines::solver::DEFAULT_NODE_BUDGET)
            .map(|analysis| analysis.probabilities)
            .unwrap_or_default();
        let message = moves.first().map(|first| first.reason.describe()).unwrap_or_default();
        Ok(Decision { moves, probabilities, message })
    }

    /// Reveals are left-clicks on their cell's centre; flags need no input (the solver keeps
    /// them itself); a cell an earlier click of the batch opened needs no click.
    fn action(&self, calibration: &Calibration, shown: &RgbaImage, chosen: &Move) -> Option<Action> {
        if chosen.action != MinesAction::Reveal {
            return None;
        }
        if matches!(vision::read_cell(shown, calibration, chosen.row, chosen.column), CellRead::Number(_)) {
            return None;
        }
        Some(Action::Click {
            at: calibration.cell_center(chosen.row, chosen.column),
            button: MouseButton::Left,
        })
    }

    fn move_shown(
        &self,
        calibration: &Calibration,
        before: &RgbaImage,
        after: &RgbaImage,
        chosen: &Move,
    ) -> bool {
        vision::cell_changed(before, after, calibration, chosen.row, chosen.column)
    }

    /// Revealing every safe cell left ends the game.
    fn finishes(&self, reading: &BoardRead, moves: &[Move]) -> bool {
        let reveals = moves.iter().filter(|chosen| chosen.action == MinesAction::Reveal).count();
        let unrevealed =
            reading.cells.iter().filter(|cell| matches!(cell, CellRead::Covered | CellRead::Flag)).count();
        reveals > 0 && reveals == unrevealed.saturating_sub(self.mines)
    }

    fn describe(&self, reading: &BoardRead) -> String {
        reading.to_text()
    }

    /// The face above the board (built-in and classic clones) or GNOME Mines' "Play Again"
    /// button (the top button of the column right of the board).
    fn new_game_point(&self, kind: &TargetKind, window: &WindowInfo, calibration: &Calibration) -> [f64; 2] {
        let [left, top, right, bottom] = calibration.bounds();
        match kind {
            // The button column starts a tile's gap right of the board; "Play Again" / "Start
            // Over" is its first button, level with the board's middle.
            TargetKind::GnomeMines => {
                [right + (f64::from(window.width) - right) / 2.0, top + (bottom - top) * 0.59]
            }
            _ => {
                // The face: centred over the board, in the bar above it.
                let scale = calibration.pitch[1] / 24.0;
                [(left + right) / 2.0, top - 4.0 * scale - 22.0 * scale]
            }
        }
    }
}

impl<S: ScreenSource, I: InputSink> Bot<S, I, MinesGame> {
    /// A minesweeper bot for a window (the mine count from `settings.mines`, else the standard
    /// count of the size found).
    pub fn mines(screen: S, input: I, settings: BotSettings, kind: TargetKind, window: WindowInfo) -> Self {
        let game = MinesGame::new(&kind, settings.mines);
        Bot::with_game(screen, input, settings, kind, window, game)
    }
}
