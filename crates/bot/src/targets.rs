//! The targets the bot plays: a program a game declares ([`Program`]: its built-in window, GNOME
//! Mines), launched by the bot, or any open window by title or id; how each is found. Launching
//! a program is the platform's work, behind the [`Launcher`] trait
//! (`platform::launch::ProcessLauncher`), from the [`LaunchCommand`] the program's declaration
//! gives.

use super::screen::{ScreenSource, WindowInfo};
use std::time::{Duration, Instant};

/// A program the bot launches to play a game, as the game declares it
/// ([`BotGame::programs`](crate::BotGame::programs)).
#[derive(Debug)]
pub struct Program {
    /// How `--target` names it (`builtin`, `gnome-mines`).
    pub name: &'static str,
    /// Its name for people (`GNOME Mines`).
    pub label: &'static str,
    /// (Part of) its window's title.
    pub title: &'static str,
    /// What to run for a launch.
    pub command: fn(&LaunchRequest) -> LaunchCommand,
    /// Whether it opens windows of its own over the board (a scores dialog after a win), which
    /// the loop closes with Escape before it reads on.
    pub opens_dialogs: bool,
    /// Where to click, in window pixels, while no board shows yet: the button of the size asked
    /// for on its start screen, if it opens on one.
    pub start_click: Option<fn(&WindowInfo, Level) -> [f64; 2]>,
    /// Whether it writes the truth log of each finished game (`LaunchRequest::log`: Curio's own
    /// windows), against which every read is checked.
    pub logs_truth: bool,
}

impl PartialEq for Program {
    fn eq(&self, other: &Program) -> bool {
        self.name == other.name && self.title == other.title
    }
}

impl Eq for Program {}

/// The executable of a [`LaunchCommand`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Executable {
    /// Curio itself (the running binary, or the one `CURIO_BIN` names).
    Curio,
    /// An installed program: the first of these paths that exists, else the last as a name
    /// looked up on the `PATH`.
    Installed(&'static [&'static str]),
}

/// What the platform runs to launch a [`Program`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaunchCommand {
    /// The executable.
    pub executable: Executable,
    /// Its arguments.
    pub arguments: Vec<String>,
    /// Files written, before the launch, into a settings folder made for it (path inside the
    /// folder, contents); the folder goes when the target does.
    pub settings: Vec<(String, String)>,
    /// Environment variables set to the settings folder's path.
    pub settings_variables: Vec<&'static str>,
    /// Other environment variables.
    pub environment: Vec<(&'static str, String)>,
    /// Whether it needs a session bus of its own (started with `dbus-run-session` where it is
    /// installed).
    pub session_bus: bool,
}

impl LaunchCommand {
    /// Runs `executable` with `arguments`, nothing else.
    pub fn new(executable: Executable, arguments: Vec<String>) -> LaunchCommand {
        LaunchCommand {
            executable,
            arguments,
            settings: Vec::new(),
            settings_variables: Vec::new(),
            environment: Vec::new(),
            session_bus: false,
        }
    }
}

/// Which target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// A program of the game's, launched by the bot.
    Program(&'static Program),
    /// A window already open, found by (part of) its title.
    Window(String),
    /// A window already open, by the id `curio bot windows` lists.
    WindowId(u32),
}

impl TargetKind {
    /// Parses the name of one of `programs`, a window id (decimal or `0x` hexadecimal, as
    /// `curio bot windows` and `xwininfo` list them) or a window title.
    pub fn parse(text: &str, programs: &'static [Program]) -> TargetKind {
        if let Some(program) = programs.iter().find(|program| program.name == text) {
            return TargetKind::Program(program);
        }
        let id = match text.strip_prefix("0x") {
            Some(hex) => u32::from_str_radix(hex, 16).ok(),
            None => text.parse().ok(),
        };
        match id {
            Some(id) => TargetKind::WindowId(id),
            None => TargetKind::Window(text.to_string()),
        }
    }

    /// The program the bot launches, if it launches one.
    pub fn program(&self) -> Option<&'static Program> {
        match self {
            TargetKind::Program(program) => Some(program),
            TargetKind::Window(_) | TargetKind::WindowId(_) => None,
        }
    }

    /// Whether the target is the program named `name`.
    pub fn is_program(&self, name: &str) -> bool {
        self.program().is_some_and(|program| program.name == name)
    }

    /// Whether the bot launched the target (and so restarts its games).
    pub fn is_launched(&self) -> bool {
        self.program().is_some()
    }

    /// The title its window has (part of it).
    pub fn title(&self) -> &str {
        match self {
            TargetKind::Program(program) => program.title,
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
        TargetKind::Program(program) => Err(TargetError::Launch {
            program: program.label.to_string(),
            error: "this launcher opens no programs".into(),
        }),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn command(_request: &LaunchRequest) -> LaunchCommand {
        LaunchCommand::new(Executable::Curio, Vec::new())
    }

    const PROGRAMS: &[Program] = &[Program {
        name: "builtin",
        label: "built-in window",
        title: "Curio Game",
        command,
        opens_dialogs: false,
        start_click: None,
        logs_truth: true,
    }];

    #[test]
    fn a_target_is_a_program_of_the_game_an_id_or_a_title() {
        let builtin = TargetKind::parse("builtin", PROGRAMS);
        assert_eq!(builtin, TargetKind::Program(&PROGRAMS[0]));
        assert!(builtin.is_launched() && builtin.is_program("builtin"));
        assert_eq!(builtin.title(), "Curio Game");
        // A program of another game is a window's title here.
        assert_eq!(TargetKind::parse("gnome-mines", PROGRAMS), TargetKind::Window("gnome-mines".into()));
        assert_eq!(TargetKind::parse("builtin", &[]), TargetKind::Window("builtin".into()));
        assert_eq!(TargetKind::parse("0x1a", PROGRAMS), TargetKind::WindowId(26));
        assert_eq!(TargetKind::parse("42", PROGRAMS), TargetKind::WindowId(42));
        assert!(!TargetKind::parse("Mines", PROGRAMS).is_launched());
    }
}
