//! The bot's loop, the same for every [`ScreenGame`]: capture, read, check against the last
//! read, decide, act, wait for the screen to change, and again; new games until the count is
//! reached.
//!
//! Safety fence: every click is checked to fall inside the calibrated board (a click outside is
//! refused, counted and ends the run); the run stops at once when the window moves, resizes or
//! closes, or when the pointer is not where the bot left it (the user took the mouse); clicks are
//! rate-limited; a dry run only reports the moves; the caller's [`BotObserver`] hears every
//! status and can stop the run at any capture.

use super::game::{Action, ScreenGame};
use super::input::{InputSink, MouseButton};
use super::screen::{Frame, ScreenSource, WindowInfo};
use super::targets::{self, TargetKind, to_screen};
use curio_core::bounds::Bounds;
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
    /// Chord where it saves clicks (minesweeper: flag a number's mines, then click the number to
    /// open its other neighbours), on targets that chord.
    pub chord: bool,
    /// Who decides the moves: the game's own policy, or a reference player to measure it
    /// against (the launcher game's idle player and random presser).
    pub policy: Policy,
}

/// Who decides a game's moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// The game's own policy (the solver; the launcher game's meter watcher).
    #[default]
    Own,
    /// A player who makes no optional move (the launcher game: never presses a power-up; the
    /// menus are still clicked through).
    Idle,
    /// A player who makes optional moves at random (the launcher game: presses a power-up at
    /// random times, once a second on average).
    Random,
}

impl Policy {
    /// Every policy.
    pub const ALL: [Policy; 3] = [Policy::Own, Policy::Idle, Policy::Random];

    /// Its name (what `--policy` takes).
    pub fn name(&self) -> &'static str {
        match self {
            Policy::Own => "own",
            Policy::Idle => "idle",
            Policy::Random => "random",
        }
    }
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
            chord: false,
            policy: Policy::Own,
        }
    }
}

/// How long after reading a loss the bot reads the board again to confirm it.
const LOSS_CONFIRMATION: Duration = Duration::from_millis(200);

/// Games (or levels) a run plays: `curio bot play --games` and the pane.
pub const GAMES: Bounds<u32> = Bounds::new(1, 100_000, 3);

/// Most moves a second: `curio bot play --max-moves-per-s` and the pane's speed.
pub const MOVES_PER_SECOND: Bounds<f64> = Bounds::new(0.5, 200.0, 40.0);

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

/// A status for the caller: what the bot sees and does, in the terms of game `G`.
#[derive(Clone, Debug)]
pub struct BotStatus<G: ScreenGame> {
    /// What happened.
    pub event: BotEvent,
    /// The last frame's image.
    pub frame: Option<Frame>,
    /// The calibration.
    pub calibration: Option<G::Calibration>,
    /// The last read.
    pub board: Option<G::Reading>,
    /// A chance per cell of the last read, where the game knows one.
    pub probabilities: Vec<Option<f64>>,
    /// The moves chosen last.
    pub moves: Vec<G::Move>,
    /// The counters.
    pub report: BotReport,
    /// One line about what happened last, for people.
    pub message: String,
}

impl<G: ScreenGame> BotStatus<G> {
    /// A status without a decision: what happened, what was seen, the counters and a message.
    pub fn seen(
        event: BotEvent,
        frame: Option<Frame>,
        calibration: Option<G::Calibration>,
        board: Option<G::Reading>,
        report: BotReport,
        message: impl Into<String>,
    ) -> BotStatus<G> {
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
pub trait BotObserver<G: ScreenGame> {
    /// A new status.
    fn status(&mut self, status: &BotStatus<G>) -> ControlFlow<()>;
}

impl<G: ScreenGame, F: FnMut(&BotStatus<G>) -> ControlFlow<()>> BotObserver<G> for F {
    fn status(&mut self, status: &BotStatus<G>) -> ControlFlow<()> {
        self(status)
    }
}

/// The bot, with its backends and its game.
pub struct Bot<S: ScreenSource, I: InputSink, G: ScreenGame> {
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
    /// The game's rules, vision and policy.
    pub game: G,
    /// Where the bot last left the pointer.
    parked: Option<(i32, i32)>,
    last_click: Option<Instant>,
    started: Option<Instant>,
    /// When the bot last asked the target for a new game.
    new_game_at: Option<Instant>,
    /// Whether a board has been found in this run: GNOME Mines' size chooser comes only before.
    board_seen: bool,
}

impl<S: ScreenSource, I: InputSink, G: ScreenGame> Bot<S, I, G> {
    /// A bot that plays `game` in a window.
    pub fn with_game(
        screen: S,
        input: I,
        settings: BotSettings,
        kind: TargetKind,
        window: WindowInfo,
        game: G,
    ) -> Self {
        Bot {
            screen,
            input,
            settings,
            kind,
            window,
            game,
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

    /// Checks that the window is still where the bot found it: a window moved since the last
    /// capture would take the next press somewhere else.
    fn check_window(&mut self) -> Result<(), StopReason> {
        let now = self
            .screen
            .window(self.window.id)
            .map_err(|error| StopReason::WindowChanged(error.to_string()))?;
        if !now.same_place(&self.window) {
            return Err(StopReason::WindowChanged(format!(
                "moved to ({}, {}) before a press; it was at ({}, {})",
                now.x, now.y, self.window.x, self.window.y
            )));
        }
        Ok(())
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
    fn park(&mut self, calibration: &G::Calibration) -> Result<(), StopReason> {
        if self.settings.dry_run || !self.game.parks_pointer() {
            return Ok(());
        }
        let [left, top, _, _] = self.game.bounds(calibration);
        let pitch = self.game.pitch(calibration);
        let (x, y) = to_screen(&self.window, (left - pitch * 0.3).max(1.0), (top - 2.0).max(1.0));
        self.input.move_to(x, y).map_err(Self::backend)?;
        self.parked = Some((x, y));
        Ok(())
    }

    /// Makes a move's input through the fence and the rate limit: every point it presses or
    /// releases at must lie on the board, a fifth of a cell in.
    fn act(
        &mut self,
        calibration: &G::Calibration,
        action: Action,
        report: &mut BotReport,
    ) -> Result<(), StopReason> {
        let [left, top, right, bottom] = self.game.bounds(calibration);
        let margin = self.game.pitch(calibration) * 0.2;
        for [x, y] in action.points() {
            let inside =
                x >= left + margin && x <= right - margin && y >= top + margin && y <= bottom - margin;
            if !inside {
                report.outside_clicks += 1;
                let (screen_x, screen_y) = to_screen(&self.window, x, y);
                return Err(StopReason::OutsideClick(screen_x, screen_y));
            }
        }
        if let Some(last) = self.last_click {
            let gap = Duration::from_secs_f64(1.0 / self.settings.max_moves_per_second.max(0.1));
            let elapsed = last.elapsed();
            if elapsed < gap {
                std::thread::sleep(gap - elapsed);
            }
        }
        self.check_pointer()?;
        self.check_window()?;
        let at = match action {
            Action::Click { at: [x, y], button } => {
                let (screen_x, screen_y) = to_screen(&self.window, x, y);
                self.input.click(screen_x, screen_y, button).map_err(Self::backend)?;
                (screen_x, screen_y)
            }
            Action::Drag { from, to, button } => {
                let from = to_screen(&self.window, from[0], from[1]);
                let to = to_screen(&self.window, to[0], to[1]);
                self.input.drag(from, to, button).map_err(Self::backend)?;
                to
            }
        };
        self.parked = Some(at);
        self.last_click = Some(Instant::now());
        report.moves += 1;
        Ok(())
    }

    /// Holds the pointer where a move acted until the target shows it (the game sees a change
    /// from `before`) or [`CLICK_SHOWN_TIMEOUT`] passes, and returns the last capture. A target
    /// that hit-tests once a frame (egui does) would otherwise take the release and the
    /// pointer's next move in one frame and resolve the click where the pointer went.
    fn await_move(
        &mut self,
        calibration: &G::Calibration,
        chosen: &G::Move,
        before: &image::RgbaImage,
    ) -> Result<Frame, StopReason> {
        let deadline = Instant::now() + CLICK_SHOWN_TIMEOUT;
        loop {
            let frame = self.capture()?;
            if self.game.move_shown(calibration, before, &frame.image, chosen) || Instant::now() > deadline {
                return Ok(frame);
            }
            std::thread::sleep(Duration::from_millis(4));
        }
    }

    /// Reads the board until two reads in a row agree and pass the consistency check against
    /// `previous` (or `timeout` passes); counts rejected reads.
    fn stable_read(
        &mut self,
        calibration: &G::Calibration,
        previous: Option<&G::Reading>,
        must_differ: bool,
        timeout: Duration,
        report: &mut BotReport,
        observer: &mut impl BotObserver<G>,
    ) -> Result<(Frame, G::Reading), StopReason> {
        let deadline = Instant::now() + timeout;
        let mut candidate: Option<G::Reading> = None;
        let mut last_problem = String::new();
        loop {
            let frame = self.capture()?;
            let board = self.game.read(&frame.image, calibration);
            let late = Instant::now() > deadline;
            // The read drawn over the capture, for the screenshot saved if the bot gives up now.
            let annotated = (late && self.settings.dump_folder.is_some())
                .then(|| self.game.annotate(&frame.image, calibration, &board));
            report.reads += 1;
            let changed = previous.is_none_or(|previous| *previous != board);
            match self.game.consistent(previous, &board) {
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
            if late {
                if let Some(folder) = &self.settings.dump_folder {
                    save_png(&frame.image, &folder.join("unreadable.png"));
                    if let Some(annotated) = &annotated {
                        save_png(annotated, &folder.join("unreadable-annotated.png"));
                    }
                    let _ = curio_core::files::write_atomically(
                        &folder.join("unreadable.txt"),
                        format!("{calibration:?}\n{last_problem}").as_bytes(),
                    );
                }
                // Consistent but unchanged: the move changed nothing (yet); go on with it.
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

    /// Whether the target shows another window of its own (a program that opens dialogs, such
    /// as GNOME Mines' scores after a win).
    fn dialog_open(&mut self) -> bool {
        self.kind.program().is_some_and(|program| program.opens_dialogs)
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

    /// Asks the target for a new game the way a player would: a click on its control (the face,
    /// GNOME Mines' "Play Again"), outside the board.
    fn new_game(&mut self, calibration: &G::Calibration, report: &mut BotReport) -> Result<(), StopReason> {
        let shown = self.capture()?.image;
        let [x, y] = self.game.new_game_point(&self.kind, &self.window, calibration, &shown);
        let (screen_x, screen_y) = to_screen(&self.window, x, y);
        // The control must be inside the window (a board drawn with less room above it than the
        // face needs would put the guess outside).
        let (width, height) = (f64::from(self.window.width), f64::from(self.window.height));
        if !(x >= 1.0 && x <= width - 1.0 && y >= 1.0 && y <= height - 1.0) {
            report.outside_clicks += 1;
            return Err(StopReason::OutsideClick(screen_x, screen_y));
        }
        self.check_window()?;
        self.input.click(screen_x, screen_y, MouseButton::Left).map_err(Self::backend)?;
        self.parked = self.input.pointer();
        // The pointer stays on the control until the window changes (or a second passes): a
        // target that hit-tests once a frame would take a move away in the same frame as the
        // release and resolve the click where the pointer went.
        let deadline = Instant::now() + CLICK_SHOWN_TIMEOUT;
        while Instant::now() < deadline && self.capture()?.image == shown {
            std::thread::sleep(Duration::from_millis(4));
        }
        Ok(())
    }

    /// Captures and calibrates on a new game, starting a new game first when the board shows
    /// none (a game in progress is played on).
    fn fresh_board(
        &mut self,
        report: &mut BotReport,
        observer: &mut impl BotObserver<G>,
    ) -> Result<G::Calibration, StopReason> {
        let mut restarts = 0;
        // A new game just asked for gets time to show before it is asked for again (GNOME
        // Mines would take a second click for "Start Over" and ask to confirm).
        let mut last_restart: Option<Instant> = self.new_game_at.take();
        // Size-chooser clicks made, and when: the first click into a new window can be taken
        // for focus only, so it is repeated.
        let mut size_clicks = (0, None::<Instant>);
        let deadline = Instant::now() + Duration::from_secs(15);
        // The last capture's calibration, when it showed a new game.
        let mut fresh: Option<G::Calibration> = None;
        loop {
            let frame = self.capture()?;
            let found = self.game.calibrate(&frame.image);
            // A dialog that opened late (a scores dialog, after the next game was asked for)
            // hides the board: close it, as a player would.
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
            let start_click = self.kind.program().and_then(|program| program.start_click);
            if let Some(start_click) = start_click
                && found.is_err()
                && !self.board_seen
                && size_due
                && !self.settings.dry_run
            {
                // The program opens on a start screen (a size chooser): pick the size, as a
                // player would.
                let [x, y] = start_click(&self.window, self.settings.level);
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
                let board = self.game.read(&frame.image, calibration);
                if self.game.is_new_game(&board) {
                    // Two captures in a row must agree: a window still laying out its board
                    // can show part of it.
                    if fresh.as_ref() == Some(calibration) {
                        return Ok(calibration.clone());
                    }
                    fresh = Some(calibration.clone());
                } else {
                    fresh = None;
                    // A game in progress after a new game was asked for is played on rather
                    // than restarted (a second "Start Over" would only ask to confirm), and so
                    // is one in a window the bot did not launch: the player's game, from
                    // where it stands.
                    if self.game.is_in_progress(calibration, &board)
                        && (last_restart.is_some() || !self.kind.is_launched())
                    {
                        return Ok(calibration.clone());
                    }
                    let due = last_restart.is_none_or(|at| at.elapsed() > Duration::from_millis(2500));
                    if restarts < 4 && due && !self.settings.dry_run && self.kind.is_launched() {
                        self.park(calibration)?;
                        self.close_dialogs()?;
                        self.new_game(calibration, report)?;
                        restarts += 1;
                        last_restart = Some(Instant::now());
                    }
                }
            }
            if Instant::now() > deadline {
                if let Some(folder) = &self.settings.dump_folder {
                    save_png(&frame.image, &folder.join("no-board.png"));
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
    pub fn play(&mut self, observer: &mut impl BotObserver<G>) -> (BotReport, ReadLog) {
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
        observer: &mut impl BotObserver<G>,
    ) -> Result<(), StopReason> {
        while report.games < self.settings.games {
            let calibration = self.fresh_board(report, observer)?;
            self.game.start_game(&calibration)?;
            let game_started = Instant::now();
            log.games.push(Vec::new());
            let mut previous: Option<G::Reading> = None;
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
                    Err(StopReason::Unreadable(problem)) if self.dialog_open() => {
                        let Some(board) = previous.clone() else {
                            return Err(StopReason::Unreadable(problem));
                        };
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
                let won_by_finishing = board_hidden || (finishing && self.game.outcome(&board) == Some(true));
                let result = if won_by_finishing { Some(true) } else { self.game.outcome(&board) };
                // A loss is read once more a moment later before the game is given up: a tile
                // caught mid-animation can look like a mine in two quick captures.
                if result == Some(false) {
                    std::thread::sleep(LOSS_CONFIRMATION);
                    let capture = self.capture()?;
                    let again = self.game.read(&capture.image, &calibration);
                    if self.game.outcome(&again) != Some(false) {
                        report.rejected_reads += 1;
                        continue;
                    }
                }
                if let Some(reads) = log.games.last_mut() {
                    reads.push(self.game.describe(&board));
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
                    // The player starts the next game on a dry run or a window the bot did not
                    // launch.
                    if report.games < self.settings.games && !self.settings.dry_run && self.kind.is_launched()
                    {
                        self.park(&calibration)?;
                        // Let the target show its end of game before asking for a new one.
                        std::thread::sleep(Duration::from_millis(300));
                        self.close_dialogs()?;
                        self.new_game(&calibration, report)?;
                        self.new_game_at = Some(Instant::now());
                    }
                    break;
                }
                let decision = match self.game.decide(&calibration, &board) {
                    Ok(decision) => decision,
                    Err(error) => {
                        // A read the game finds impossible is a misread: read again.
                        report.misreads += 1;
                        previous = None;
                        must_differ = false;
                        if report.misreads > 50 {
                            return Err(StopReason::Unreadable(error));
                        }
                        continue;
                    }
                };
                if let Some(started) = self.started {
                    report.seconds = started.elapsed().as_secs_f64();
                    report.moves_per_second = report.moves as f64 / report.seconds.max(1e-9);
                }
                // The picture the moves are judged against.
                let mut shown = frame.image.clone();
                let status = BotStatus {
                    event: BotEvent::Decided,
                    frame: Some(frame),
                    calibration: Some(calibration.clone()),
                    board: Some(board.clone()),
                    probabilities: decision.probabilities,
                    moves: decision.moves.clone(),
                    report: report.clone(),
                    message: decision.message,
                };
                if observer.status(&status).is_break() {
                    return Err(StopReason::Cancelled);
                }
                // Moves that end the game: the target may then cover its board.
                finishing = self.game.finishes(&board, &decision.moves);
                if !self.settings.dry_run {
                    for chosen in &decision.moves {
                        let Some(action) = self.game.action(&calibration, &shown, chosen) else { continue };
                        self.act(&calibration, action, report)?;
                        shown = self.await_move(&calibration, chosen, &shown)?.image;
                    }
                }
                previous = Some(board);
                must_differ = true;
            }
        }
        Ok(())
    }
}

/// Writes a capture kept for debugging as PNG (atomically; a capture that cannot be written is
/// skipped: the bot goes on without it).
fn save_png(image: &image::RgbaImage, path: &std::path::Path) {
    if let Ok(bytes) = curio_core::export::encode_png(image) {
        let _ = curio_core::files::write_atomically(path, &bytes);
    }
}
