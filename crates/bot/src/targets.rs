//! The games the bot plays: the built-in window (`curio mines window`), GNOME Mines, or any open
//! window by title or id; how each is found and restarted the way a player would. Launching a
//! program is the platform's work, behind the [`Launcher`] trait
//! (`platform::launch::ProcessLauncher`).

use super::mines::vision::Theme;
use super::screen::{ScreenSource, WindowInfo};
use std::time::{Duration, Instant};

/// Which game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// `curio mines window`, launched by the bot.
    Builtin,
    /// `curio puzlogic window`, launched by the bot.
    BuiltinPuzlogic,
    /// GNOME Mines, launched by the bot.
    GnomeMines,
    /// A window already open, found by (part of) its title.
    Window(String),
    /// A window already open, by the id `curio bot windows` lists.
    WindowId(u32),
}

impl TargetKind {
    /// Parses `builtin`, `gnome-mines`, a window id (decimal or `0x` hexadecimal, as `curio bot
    /// windows` and `xwininfo` list them) or a window title.
    pub fn parse(text: &str) -> TargetKind {
        let id = match text.strip_prefix("0x") {
            Some(hex) => u32::from_str_radix(hex, 16).ok(),
            None => text.parse().ok(),
        };
        match (text, id) {
            ("builtin", _) => TargetKind::Builtin,
            ("gnome-mines", _) => TargetKind::GnomeMines,
            (_, Some(id)) => TargetKind::WindowId(id),
            (title, None) => TargetKind::Window(title.to_string()),
        }
    }

    /// Whether the bot launched the target (and so restarts its games).
    pub fn is_launched(&self) -> bool {
        matches!(self, TargetKind::Builtin | TargetKind::BuiltinPuzlogic | TargetKind::GnomeMines)
    }

    /// How the target draws numbers.
    pub fn theme(&self) -> Theme {
        match self {
            TargetKind::GnomeMines => Theme::Tinted,
            _ => Theme::Classic,
        }
    }

    /// The title its window has (part of it).
    pub fn title(&self) -> &str {
        match self {
            TargetKind::Builtin => "Curio Minesweeper",
            TargetKind::BuiltinPuzlogic => "Curio Puzlogic",
            TargetKind::GnomeMines => "Mines",
            TargetKind::Window(title) => title,
            TargetKind::WindowId(_) => "",
        }
    }
}

pub use ::mines::Level;

/// The standard mine count of a board size: a classic level's, in either orientation, or GNOME
/// Mines' small board (8x8 with 10).
pub fn standard_mines(columns: usize, rows: usize) -> Option<usize> {
    if (columns, rows) == (8, 8) {
        return Some(10);
    }
    Level::ALL
        .iter()
        .find(|level| level.size() == (columns, rows) || level.size() == (rows, columns))
        .map(|level| level.mines())
}

/// Why a target could not be used.
#[derive(Debug, thiserror::Error)]
pub enum TargetError {
    /// Its program could not be started.
    #[error("cannot start {program}: {error}")]
    Launch {
        /// The program.
        program: String,
        /// What failed.
        error: String,
    },
    /// Its window did not appear: the window as named (`titled 'Mines'`, `with id 42`).
    #[error("no window {0} appeared (see curio bot windows)")]
    NoWindow(String),
    /// The screen backend failed.
    #[error(transparent)]
    Screen(#[from] super::screen::ScreenError),
    /// The input backend failed.
    #[error(transparent)]
    Input(#[from] super::input::InputError),
}

/// What a launch asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct LaunchRequest {
    /// The target.
    pub kind: TargetKind,
    /// The size a launched target starts at.
    pub level: Level,
    /// The built-in window's first seed.
    pub seed: u64,
    /// Where the built-in window logs each finished game (its truth log), if anywhere.
    pub log: Option<std::path::PathBuf>,
}

/// A running target: its window, and what keeps a launched program running (dropping the target
/// ends the program and removes what was made for it).
pub struct Target {
    /// What it is.
    pub kind: TargetKind,
    /// The window.
    pub window: WindowInfo,
    /// The launched program's handle, if the bot launched it; dropped with the target.
    pub process: Option<Box<dyn Send>>,
}

/// Starts the programs the bot plays, or finds their windows.
pub trait Launcher {
    /// Starts (or, for a window already open, finds) the target and waits for its window.
    fn launch(
        &mut self,
        request: &LaunchRequest,
        screen: &mut dyn ScreenSource,
    ) -> Result<Target, TargetError>;
}

/// Finds the open window a [`TargetKind::Window`] or [`TargetKind::WindowId`] names; launches
/// nothing (the launcher of tests and of windows already open).
#[derive(Clone, Copy, Debug, Default)]
pub struct OpenWindows;

impl Launcher for OpenWindows {
    fn launch(
        &mut self,
        request: &LaunchRequest,
        screen: &mut dyn ScreenSource,
    ) -> Result<Target, TargetError> {
        let window = find_open_window(&request.kind, screen)?;
        Ok(Target { kind: request.kind.clone(), window, process: None })
    }
}

/// The open window of a [`TargetKind::Window`] (waiting for it to settle) or
/// [`TargetKind::WindowId`]; an error for the kinds that are launched.
pub fn find_open_window(kind: &TargetKind, screen: &mut dyn ScreenSource) -> Result<WindowInfo, TargetError> {
    match kind {
        TargetKind::WindowId(id) => {
            screen.window(*id).map_err(|_| TargetError::NoWindow(format!("with id {id}")))
        }
        TargetKind::Window(title) => wait_for_window(screen, title, &[], Duration::from_secs(20)),
        TargetKind::Builtin | TargetKind::BuiltinPuzlogic | TargetKind::GnomeMines => {
            Err(TargetError::Launch {
                program: kind.title().to_string(),
                error: "this launcher opens no programs".into(),
            })
        }
    }
}

/// Waits for a window whose title contains `title` (and is not one of `exclude`, as window id
/// and process id) and whose place has stayed the same for half a second (window managers move new windows).
pub fn wait_for_window(
    screen: &mut dyn ScreenSource,
    title: &str,
    exclude: &[(u32, u32)],
    timeout: Duration,
) -> Result<WindowInfo, TargetError> {
    let deadline = Instant::now() + timeout;
    let mut last: Option<(WindowInfo, Instant)> = None;
    while Instant::now() < deadline {
        let found = screen
            .windows()?
            .into_iter()
            .filter(|window| {
                window.title.contains(title)
                    && !exclude.contains(&(window.id, window.pid))
                    && !window.minimized
            })
            .max_by_key(|window| window.width * window.height);
        match (found, &last) {
            (Some(window), Some((seen, since))) if window.same_place(seen) && window.id == seen.id => {
                if since.elapsed() > Duration::from_millis(500) {
                    return Ok(window);
                }
            }
            (Some(window), _) => last = Some((window, Instant::now())),
            (None, _) => last = None,
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Err(TargetError::NoWindow(format!("titled '{title}'")))
}

/// Screen position of a point of the window's image.
pub fn to_screen(window: &WindowInfo, x: f64, y: f64) -> (i32, i32) {
    (window.x + x.round() as i32, window.y + y.round() as i32)
}

/// For GNOME Mines' size chooser: where the button of `level` is, in window pixels (the four
/// buttons sit in a 2x2 grid centred under the header bar).
pub fn gnome_level_button(window: &WindowInfo, level: Level) -> (f64, f64) {
    let (width, height) = (f64::from(window.width), f64::from(window.height));
    let header = 50.0;
    let center = (width / 2.0, header + (height - header) / 2.0);
    let step = 102.0;
    match level {
        Level::Beginner => (center.0 - step, center.1 - step),
        Level::Intermediate => (center.0 + step, center.1 - step),
        Level::Expert => (center.0 - step, center.1 + step),
    }
}
