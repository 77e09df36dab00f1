//! The bot's loop: capture, read, check against the last read, solve, click, wait for the
//! screen to change, and again; new games until the count is reached.
//!
//! Safety fence: every click is checked to fall inside the calibrated board (a click outside is
//! refused, counted and ends the run); the run stops at once when the window moves, resizes or
//! closes, or when the pointer is not where the bot left it (the user took the mouse); clicks are
//! rate-limited; a dry run only reports the moves; the caller's [`BotObserver`] hears every
//! status and can stop the run at any capture.

use super::input::{InputSink, MouseButton};
use super::screen::{Frame, ScreenSource, WindowInfo};
use super::targets::{self, TargetKind, to_screen};
use super::vision::{self, BoardRead, Calibration, CellRead};
use crate::mines::{Action, Cell, FirstClickRule, Move, Policy, solver::BoardView};
use serde::Serialize;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// How the bot plays.
#[derive(Clone, Debug, PartialEq)]
pub struct BotSettings {
    /// Games to finish.
    pub games: usize,
    /// Only report moves; click nothing.
    pub dry_run: bool,
    /// Most clicks a second.
    pub max_moves_per_second: f64,
    /// Mines on the board; `None` takes the standard count of the board's size.
    pub mines: Option<usize>,
    /// How long to wait for the screen to change after a click.
    pub settle_timeout: Duration,
    /// The size to pick where the target asks (GNOME Mines' size chooser).
    pub level: targets::Level,
    /// A folder to save the capture and calibration in when a board cannot be read or found
    /// (for looking into a failed run); `None` saves nothing.
    pub dump_folder: Option<std::path::PathBuf>,
}

impl Default for BotSettings {
    fn default() -> Self {
        BotSettings {
            games: 1,
            dry_run: false,
            max_moves_per_second: 40.0,
            mines: None,
            settle_timeout: Duration::from_millis(800),
            level: targets::Level::Beginner,
            dump_folder: None,
        }
    }
}

/// How long after reading a loss the bot reads the board again to confirm it.
const LOSS_CONFIRMATION: Duration = Duration::from_millis(200);

/// How long a click may take to show on the target before the bot moves on.
pub const CLICK_SHOWN_TIMEOUT: Duration = Duration::from_millis(1000);

/// Counters of a run.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct BotReport {
    /// Games finished.
    pub games: usize,
    /// Games won.
    pub wins: usize,
    /// Clicks made (reveals and flags).
    pub moves: usize,
    /// Boards read.
    pub reads: usize,
    /// Captures rejected before use (a cell that fits nothing, as mid-animation, or a cell that
    /// cannot change changed) and captured again.
    pub rejected_reads: usize,
    /// Accepted reads the solver then found impossible (read again before acting).
    pub misreads: usize,
    /// Clicks refused because they fell outside the board (the run stops at the first).
    pub outside_clicks: usize,
    /// Seconds of play.
    pub seconds: f64,
    /// Moves a second over the run.
    pub moves_per_second: f64,
    /// Seconds of each finished game.
    pub game_seconds: Vec<f64>,
    /// Each finished game's result: true won.
    pub results: Vec<bool>,
    /// Why the run stopped early, if it did, in words.
    pub stopped: Option<String>,
    /// Why the run stopped early, if it did.
    #[serde(skip)]
    pub stop_reason: Option<StopReason>,
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
                        let expected = crate::mines::board::neighbours(width, height, index)
                            .filter(|&n| mine[n])
                            .count();
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

/// Every board the bot accepted, game by game (for checking against a truth log).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ReadLog {
    /// The reads of each game, as text.
    pub games: Vec<Vec<String>>,
}

/// Why the run stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StopReason {
    /// Asked to stop.
    #[error("stopped")]
    Cancelled,
    /// The window moved, resized or closed.
    #[error("the window moved, resized or closed: {0}")]
    WindowChanged(String),
    /// The pointer was moved by someone else.
    #[error("the pointer moved away from where the bot left it (failsafe)")]
    Failsafe,
    /// No board found.
    #[error("no board found: {0}")]
    NoBoard(String),
    /// The mine count is unknown for the board found, or does not fit it.
    #[error("wrong mine count: {0}")]
    MineCount(String),
    /// The board cannot be read consistently.
    #[error("the board cannot be read consistently: {0}")]
    Unreadable(String),
    /// A click would fall outside the board.
    #[error("a click at ({0}, {1}) would fall outside the board")]
    OutsideClick(i32, i32),
    /// A backend failed.
    #[error("{0}")]
    Backend(String),
}

/// What a status is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotEvent {
    /// Reading the board again until two reads agree (after a click, or a rejected read).
    WaitingForScreen,
    /// Waiting for a new game (every cell covered) to show.
    WaitingForNewGame,
    /// The board was found (calibration only).
    Calibrated,
    /// Moves were chosen for the board read.
    Decided,
    /// A game ended.
    GameOver {
        /// Whether it was won.
        won: bool,
    },
}

/// A status for the caller: what the bot sees and does.
#[derive(Clone, Debug)]
pub struct BotStatus {
    /// What happened.
    pub event: BotEvent,
    /// The last frame's image.
    pub frame: Option<Frame>,
    /// The calibration.
    pub calibration: Option<Calibration>,
    /// The last read.
    pub board: Option<BoardRead>,
    /// Mine probabilities of the last read's cells, where the solver knows them.
    pub probabilities: Vec<Option<f64>>,
    /// The moves chosen last.
    pub moves: Vec<Move>,
    /// The counters.
    pub report: BotReport,
    /// One line about what happened last, for people.
    pub message: String,
}

impl BotStatus {
    /// A status without a decision: what happened, what was seen, the counters and a message.
    pub fn seen(
        event: BotEvent,
        frame: Option<Frame>,
        calibration: Option<Calibration>,
        board: Option<BoardRead>,
        report: BotReport,
        message: impl Into<String>,
    ) -> BotStatus {
        BotStatus {
            event,
            frame,
            calibration,
            board,
            probabilities: Vec::new(),
            moves: Vec::new(),
            report,
            message: message.into(),
        }
    }
}

/// Hears the bot's progress; returning `Break` stops the run at the next capture.
pub trait BotObserver {
    /// A new status.
    fn status(&mut self, status: &BotStatus) -> ControlFlow<()>;
}

impl<F: FnMut(&BotStatus) -> ControlFlow<()>> BotObserver for F {
    fn status(&mut self, status: &BotStatus) -> ControlFlow<()> {
        self(status)
    }
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

/// The bot, with its backends.
pub struct Bot<S: ScreenSource, I: InputSink> {
    /// Screenshots.
    pub screen: S,
    /// Clicks.
    pub input: I,
    /// Settings.
    pub settings: BotSettings,
    /// What it plays.
    pub kind: TargetKind,
    /// Its window.
    pub window: WindowInfo,
    /// Where the bot last left the pointer.
    parked: Option<(i32, i32)>,
    last_click: Option<Instant>,
    started: Option<Instant>,
    /// When the bot last asked the target for a new game.
    new_game_at: Option<Instant>,
    /// Whether a board has been found in this run: GNOME Mines' size chooser comes only before.
    board_seen: bool,
}

impl<S: ScreenSource, I: InputSink> Bot<S, I> {
    /// A bot for a window.
    pub fn new(screen: S, input: I, settings: BotSettings, kind: TargetKind, window: WindowInfo) -> Self {
        Bot {
            screen,
            input,
            settings,
            kind,
            window,
            parked: None,
            last_click: None,
            started: None,
            new_game_at: None,
            board_seen: false,
        }
    }

    fn backend(error: impl std::fmt::Display) -> StopReason {
        StopReason::Backend(error.to_string())
    }

    /// Captures the window, stopping when it moved or resized since the bot found it.
    fn capture(&mut self) -> Result<Frame, StopReason> {
        let frame = self
            .screen
            .capture(self.window.id)
            .map_err(|error| StopReason::WindowChanged(error.to_string()))?;
        if !frame.window.same_place(&self.window) {
            return Err(StopReason::WindowChanged(format!(
                "was {}x{} at ({}, {}), now {}x{} at ({}, {})",
                self.window.width,
                self.window.height,
                self.window.x,
                self.window.y,
                frame.window.width,
                frame.window.height,
                frame.window.x,
                frame.window.y
            )));
        }
        Ok(frame)
    }

    /// Checks the failsafe: the pointer must be where the bot left it.
    fn check_pointer(&mut self) -> Result<(), StopReason> {
        if let (Some(parked), Some(now)) = (self.parked, self.input.pointer())
            && ((parked.0 - now.0).abs() > 3 || (parked.1 - now.1).abs() > 3)
        {
            return Err(StopReason::Failsafe);
        }
        Ok(())
    }

    /// Moves the pointer off the board (targets highlight the tile under it) to a spot in the
    /// window left of the board.
    fn park(&mut self, calibration: &Calibration) -> Result<(), StopReason> {
        if self.settings.dry_run {
            return Ok(());
        }
        let [left, top, _, _] = calibration.bounds();
        let (x, y) =
            to_screen(&self.window, (left - calibration.pitch[0] * 0.3).max(1.0), (top - 2.0).max(1.0));
        self.input.move_to(x, y).map_err(Self::backend)?;
        self.parked = Some((x, y));
        Ok(())
    }

    /// Clicks a cell, through the fence and the rate limit.
    fn click_cell(
        &mut self,
        calibration: &Calibration,
        row: usize,
        column: usize,
        button: MouseButton,
        report: &mut BotReport,
    ) -> Result<(), StopReason> {
        let [x, y] = calibration.cell_center(row, column);
        let (screen_x, screen_y) = to_screen(&self.window, x, y);
        if row >= calibration.rows
            || column >= calibration.columns
            || !calibration.contains(x, y, calibration.pitch[0] * 0.2)
        {
            report.outside_clicks += 1;
            return Err(StopReason::OutsideClick(screen_x, screen_y));
        }
        if let Some(last) = self.last_click {
            let gap = Duration::from_secs_f64(1.0 / self.settings.max_moves_per_second.max(0.1));
            let elapsed = last.elapsed();
            if elapsed < gap {
                std::thread::sleep(gap - elapsed);
            }
        }
        self.check_pointer()?;
        self.input.click(screen_x, screen_y, button).map_err(Self::backend)?;
        self.parked = Some((screen_x, screen_y));
        self.last_click = Some(Instant::now());
        report.moves += 1;
        Ok(())
    }

    /// Holds the pointer on a clicked cell until the target shows the click (the cell looks
    /// different than in `before`) or [`CLICK_SHOWN_TIMEOUT`] passes, and returns the last
    /// capture. A target that hit-tests once a frame (egui does) would otherwise take the
    /// release and the pointer's next move in one frame and resolve the click where the
    /// pointer went.
    fn await_click(
        &mut self,
        calibration: &Calibration,
        row: usize,
        column: usize,
        before: &image::RgbaImage,
    ) -> Result<Frame, StopReason> {
        let deadline = Instant::now() + CLICK_SHOWN_TIMEOUT;
        loop {
            let frame = self.capture()?;
            if vision::cell_changed(before, &frame.image, calibration, row, column)
                || Instant::now() > deadline
            {
                return Ok(frame);
            }
            std::thread::sleep(Duration::from_millis(4));
        }
    }

    /// Reads the board until two reads in a row agree and pass the consistency check against
    /// `previous` (or `timeout` passes); counts rejected reads as misreads.
    fn stable_read(
        &mut self,
        calibration: &Calibration,
        previous: Option<&BoardRead>,
        must_differ: bool,
        timeout: Duration,
        report: &mut BotReport,
        observer: &mut impl BotObserver,
    ) -> Result<(Frame, BoardRead), StopReason> {
        let deadline = Instant::now() + timeout;
        let mut candidate: Option<BoardRead> = None;
        let mut last_problem = String::new();
        loop {
            let frame = self.capture()?;
            let board = vision::read(&frame.image, calibration);
            report.reads += 1;
            let changed = previous.is_none_or(|previous| *previous != board);
            match consistent(previous, &board) {
                Ok(()) if candidate.as_ref() == Some(&board) && (changed || !must_differ) => {
                    return Ok((frame, board));
                }
                Ok(()) => candidate = Some(board),
                Err(problem) => {
                    report.rejected_reads += 1;
                    last_problem = problem;
                    candidate = None;
                }
            }
            if Instant::now() > deadline {
                if let Some(folder) = &self.settings.dump_folder {
                    let _ = frame.image.save(folder.join("unreadable.png"));
                    let _ = std::fs::write(
                        folder.join("unreadable.txt"),
                        format!("{calibration:?}\n{last_problem}"),
                    );
                }
                // Consistent but unchanged: the click changed nothing (yet); go on with it.
                return match candidate {
                    Some(board) => Ok((frame, board)),
                    None => Err(StopReason::Unreadable(last_problem)),
                };
            }
            let status = BotStatus::seen(
                BotEvent::WaitingForScreen,
                None,
                Some(calibration.clone()),
                None,
                report.clone(),
                "waiting for the screen",
            );
            if observer.status(&status).is_break() {
                return Err(StopReason::Cancelled);
            }
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    /// Whether the target shows another window (GNOME Mines opens its scores dialog only on a
    /// win).
    fn dialog_open(&mut self) -> bool {
        self.kind == TargetKind::GnomeMines
            && self.screen.windows().is_ok_and(|windows| {
                windows.iter().any(|window| {
                    window.id != self.window.id
                        && window.app_name == self.window.app_name
                        && !window.minimized
                })
            })
    }

    /// Closes the target's other windows (GNOME Mines' scores dialog after a win) as a player
    /// would, with Escape (a new dialog has the focus), waiting up to a second for each to go.
    /// Nothing is clicked: a dialog that is closing may already have left the place a click would
    /// go.
    fn close_dialogs(&mut self) -> Result<(), StopReason> {
        for _ in 0..3 {
            if !self.dialog_open() {
                return Ok(());
            }
            self.input.escape().map_err(Self::backend)?;
            let deadline = Instant::now() + Duration::from_secs(1);
            while Instant::now() < deadline && self.dialog_open() {
                std::thread::sleep(Duration::from_millis(100));
            }
        }
        Ok(())
    }

    /// Captures and calibrates on a fresh board (every cell covered), starting a new game first
    /// when the board is not fresh.
    fn fresh_board(
        &mut self,
        report: &mut BotReport,
        observer: &mut impl BotObserver,
    ) -> Result<Calibration, StopReason> {
        let theme = self.kind.theme();
        let mut restarts = 0;
        // A new game just asked for gets time to show before it is asked for again (GNOME
        // Mines would take a second click for "Start Over" and ask to confirm).
        let mut last_restart: Option<Instant> = self.new_game_at.take();
        // Size-chooser clicks made, and when: the first click into a new window can be taken
        // for focus only, so it is repeated.
        let mut size_clicks = (0, None::<Instant>);
        let deadline = Instant::now() + Duration::from_secs(15);
        // The last capture's calibration, when it showed a new game.
        let mut fresh: Option<Calibration> = None;
        loop {
            let frame = self.capture()?;
            let found = vision::calibrate(&frame.image, theme);
            // A dialog that opened late (GNOME Mines' scores, after the next game was asked
            // for) hides the board: close it, as a player would.
            if found.is_err() && !self.settings.dry_run && self.dialog_open() {
                self.close_dialogs()?;
                if Instant::now() > deadline {
                    return Err(StopReason::NoBoard("a dialog of the game kept covering the board".into()));
                }
                continue;
            }
            let size_due = size_clicks.0 < 4
                && size_clicks.1.is_none_or(|at| at.elapsed() > Duration::from_millis(1500));
            // Only before the first board: a click there later would land on the board.
            if found.is_err()
                && self.kind == TargetKind::GnomeMines
                && !self.board_seen
                && size_due
                && !self.settings.dry_run
            {
                // GNOME Mines opens on its size chooser: pick the size, as a player would.
                let (x, y) = targets::gnome_level_button(&self.window, self.settings.level);
                let (screen_x, screen_y) = to_screen(&self.window, x, y);
                self.input.click(screen_x, screen_y, MouseButton::Left).map_err(Self::backend)?;
                size_clicks = (size_clicks.0 + 1, Some(Instant::now()));
                std::thread::sleep(Duration::from_millis(500));
                // Off the board that replaces the chooser: a tile under the pointer is lit and
                // would not read as covered.
                let (corner_x, corner_y) = to_screen(&self.window, 8.0, 8.0);
                self.input.move_to(corner_x, corner_y).map_err(Self::backend)?;
                self.parked = self.input.pointer();
                continue;
            }
            if let Ok(calibration) = &found {
                self.board_seen = true;
                let board = vision::read(&frame.image, calibration);
                if board.count(CellRead::Covered) == board.cells.len() {
                    // Two captures in a row must agree: a window still laying out its board
                    // can show part of it.
                    if fresh.as_ref() == Some(calibration) {
                        return Ok(calibration.clone());
                    }
                    fresh = Some(calibration.clone());
                } else {
                    fresh = None;
                    // A game in progress (readable, nothing lost, cells still to open) is played
                    // on rather than restarted: a second "Start Over" would only ask to confirm.
                    // The last game, finished, can still be on screen while the target draws
                    // the new one: that is no game in progress, nor is a board of a size with
                    // no known mine count (a finished board's flags and digits can fool the
                    // calibration into a part of the board).
                    let unfinished = self
                        .settings
                        .mines
                        .or_else(|| targets::standard_mines(calibration.columns, calibration.rows))
                        .is_some_and(|mines| outcome(&board, mines).is_none());
                    let in_progress = consistent(None, &board).is_ok()
                        && board.count(CellRead::Mine) + board.count(CellRead::Exploded) == 0
                        && board.count(CellRead::Covered) > 0
                        && unfinished
                        && last_restart.is_some();
                    if in_progress {
                        return Ok(calibration.clone());
                    }
                    let due = last_restart.is_none_or(|at| at.elapsed() > Duration::from_millis(2500));
                    if restarts < 4 && due && !self.settings.dry_run && self.kind.is_launched() {
                        self.park(calibration)?;
                        self.close_dialogs()?;
                        targets::new_game(&self.kind, &self.window, calibration, &mut self.input)
                            .map_err(Self::backend)?;
                        self.parked = self.input.pointer();
                        restarts += 1;
                        last_restart = Some(Instant::now());
                    }
                }
            }
            if Instant::now() > deadline {
                if let Some(folder) = &self.settings.dump_folder {
                    let _ = frame.image.save(folder.join("no-board.png"));
                }
                return Err(match found {
                    Err(error) => StopReason::NoBoard(error.to_string()),
                    Ok(_) => StopReason::NoBoard("the board never showed a new game".into()),
                });
            }
            let status = BotStatus::seen(
                BotEvent::WaitingForNewGame,
                Some(frame),
                found.ok(),
                None,
                report.clone(),
                "waiting for a new game",
            );
            if observer.status(&status).is_break() {
                return Err(StopReason::Cancelled);
            }
            // A new game seen once is looked at again soon.
            std::thread::sleep(Duration::from_millis(if fresh.is_some() { 40 } else { 150 }));
        }
    }

    /// Plays `settings.games` games; the report says how it went, the read log what it saw.
    pub fn play(&mut self, observer: &mut impl BotObserver) -> (BotReport, ReadLog) {
        let mut report = BotReport::default();
        let mut log = ReadLog::default();
        let started = Instant::now();
        self.started = Some(started);
        // The window's true place comes with its first capture.
        let result = match self.screen.capture(self.window.id) {
            Ok(frame) => {
                self.window = frame.window;
                self.play_games(&mut report, &mut log, observer)
            }
            Err(error) => Err(StopReason::WindowChanged(error.to_string())),
        };
        if let Err(reason) = result {
            report.stopped = Some(reason.to_string());
            report.stop_reason = Some(reason);
        }
        report.seconds = started.elapsed().as_secs_f64();
        report.moves_per_second =
            if report.seconds > 0.0 { report.moves as f64 / report.seconds } else { 0.0 };
        (report, log)
    }

    fn play_games(
        &mut self,
        report: &mut BotReport,
        log: &mut ReadLog,
        observer: &mut impl BotObserver,
    ) -> Result<(), StopReason> {
        let policy = Policy::default();
        let rule = match self.kind {
            TargetKind::GnomeMines => FirstClickRule::Opening,
            _ => FirstClickRule::Safe,
        };
        while report.games < self.settings.games {
            let calibration = self.fresh_board(report, observer)?;
            let mines = self
                .settings
                .mines
                .or_else(|| targets::standard_mines(calibration.columns, calibration.rows))
                .ok_or_else(|| {
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
            let game_started = Instant::now();
            log.games.push(Vec::new());
            let mut previous: Option<BoardRead> = None;
            let mut must_differ = false;
            let mut finishing = false;
            let mut unreadable_in_a_row = 0;
            loop {
                self.park(&calibration)?;
                let read = self.stable_read(
                    &calibration,
                    previous.as_ref(),
                    must_differ,
                    self.settings.settle_timeout,
                    report,
                    observer,
                );
                let mut board_hidden = false;
                let (frame, board) = match read {
                    // The last safe cell was clicked and the target covered its board (GNOME
                    // Mines flags the mines and opens its scores dialog): a win.
                    Err(StopReason::Unreadable(_)) if self.dialog_open() => {
                        let board = previous.clone().unwrap_or_else(|| BoardRead {
                            columns: 0,
                            rows: 0,
                            cells: Vec::new(),
                        });
                        let frame = self.capture()?;
                        board_hidden = true;
                        (frame, board)
                    }
                    // Unreadable for a while (a long animation): read again, up to five times.
                    Err(StopReason::Unreadable(problem)) => {
                        unreadable_in_a_row += 1;
                        if unreadable_in_a_row >= 5 {
                            return Err(StopReason::Unreadable(problem));
                        }
                        continue;
                    }
                    other => other?,
                };
                unreadable_in_a_row = 0;
                let won_by_finishing = board_hidden || (finishing && outcome(&board, mines) == Some(true));
                let result = if won_by_finishing { Some(true) } else { outcome(&board, mines) };
                // A loss is read once more a moment later before the game is given up: a tile
                // caught mid-animation can look like a mine in two quick captures.
                if result == Some(false) {
                    std::thread::sleep(LOSS_CONFIRMATION);
                    let again = vision::read(&self.capture()?.image, &calibration);
                    if outcome(&again, mines) != Some(false) {
                        report.rejected_reads += 1;
                        continue;
                    }
                }
                if let Some(reads) = log.games.last_mut() {
                    reads.push(board.to_text());
                }
                if let Some(won) = result {
                    report.games += 1;
                    report.wins += usize::from(won);
                    report.results.push(won);
                    report.game_seconds.push(game_started.elapsed().as_secs_f64());
                    let message = if won { "won" } else { "lost" };
                    let status = BotStatus::seen(
                        BotEvent::GameOver { won },
                        Some(frame),
                        Some(calibration.clone()),
                        Some(board),
                        report.clone(),
                        message,
                    );
                    if observer.status(&status).is_break() {
                        return Err(StopReason::Cancelled);
                    }
                    if report.games < self.settings.games {
                        if self.settings.dry_run || !self.kind.is_launched() {
                            // The player starts the next game.
                        } else {
                            self.park(&calibration)?;
                            // Let the target show its end of game before asking for a new one.
                            std::thread::sleep(Duration::from_millis(300));
                            self.close_dialogs()?;
                            targets::new_game(&self.kind, &self.window, &calibration, &mut self.input)
                                .map_err(Self::backend)?;
                            self.parked = self.input.pointer();
                            self.new_game_at = Some(Instant::now());
                        }
                    }
                    break;
                }
                let cells = to_cells(&board);
                let view =
                    BoardView { width: calibration.columns, height: calibration.rows, mines, cells: &cells };
                let analysis = crate::mines::analyze(&view, crate::mines::solver::DEFAULT_NODE_BUDGET).ok();
                let moves = match policy.next_moves(&view, rule) {
                    Ok(moves) => moves,
                    Err(error) => {
                        // An inconsistent board is a misread: read again.
                        report.misreads += 1;
                        previous = None;
                        must_differ = false;
                        if report.misreads > 50 {
                            return Err(StopReason::Unreadable(error.to_string()));
                        }
                        continue;
                    }
                };
                if let Some(started) = self.started {
                    report.seconds = started.elapsed().as_secs_f64();
                    report.moves_per_second = report.moves as f64 / report.seconds.max(1e-9);
                }
                // The picture the clicks are judged against.
                let mut shown = frame.image.clone();
                let status = BotStatus {
                    event: BotEvent::Decided,
                    frame: Some(frame),
                    calibration: Some(calibration.clone()),
                    board: Some(board.clone()),
                    probabilities: analysis.map(|a| a.probabilities).unwrap_or_default(),
                    moves: moves.clone(),
                    report: report.clone(),
                    message: moves.first().map(|m| m.reason.describe()).unwrap_or_default(),
                };
                if observer.status(&status).is_break() {
                    return Err(StopReason::Cancelled);
                }
                // Revealing every safe cell left ends the game: the target may then cover its board.
                let reveals = moves.iter().filter(|m| m.action == Action::Reveal).count();
                let unrevealed = board
                    .cells
                    .iter()
                    .filter(|cell| matches!(cell, CellRead::Covered | CellRead::Flag))
                    .count();
                finishing = reveals > 0 && reveals == unrevealed.saturating_sub(mines);
                if !self.settings.dry_run {
                    for chosen in moves.iter().filter(|m| m.action == Action::Reveal) {
                        let (row, column) = (chosen.row, chosen.column);
                        // A cell an earlier click of this batch opened needs no click.
                        if matches!(vision::read_cell(&shown, &calibration, row, column), CellRead::Number(_))
                        {
                            continue;
                        }
                        self.click_cell(&calibration, row, column, MouseButton::Left, report)?;
                        shown = self.await_click(&calibration, row, column, &shown)?.image;
                    }
                }
                previous = Some(board);
                must_differ = true;
            }
        }
        Ok(())
    }
}
