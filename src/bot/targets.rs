//! The games the bot plays: the built-in window (`curio mines window`), GNOME Mines, or any window
//! by title; how each is launched, found, and restarted the way a player would.

use super::input::{InputSink, MouseButton};
use super::screen::{ScreenSource, WindowInfo};
use super::vision::{Calibration, Theme};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Which game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// `curio mines window`, launched by the bot.
    Builtin,
    /// GNOME Mines, launched by the bot.
    GnomeMines,
    /// A window already open, found by (part of) its title.
    Window(String),
}

impl TargetKind {
    /// Parses `builtin`, `gnome-mines` or a window title.
    pub fn parse(text: &str) -> TargetKind {
        match text {
            "builtin" => TargetKind::Builtin,
            "gnome-mines" => TargetKind::GnomeMines,
            title => TargetKind::Window(title.to_string()),
        }
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
            TargetKind::GnomeMines => "Mines",
            TargetKind::Window(title) => title,
        }
    }
}

pub use crate::mines::Level;

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
    /// Its window did not appear.
    #[error("no window titled '{0}' appeared")]
    NoWindow(String),
    /// The screen backend failed.
    #[error(transparent)]
    Screen(#[from] super::screen::ScreenError),
    /// The input backend failed.
    #[error(transparent)]
    Input(#[from] super::input::InputError),
}

/// A running target: its process (when the bot launched it) and its window.
pub struct Target {
    /// What it is.
    pub kind: TargetKind,
    /// The window.
    pub window: WindowInfo,
    /// The process the bot started, ended when the target is dropped.
    pub process: Option<Child>,
    /// A settings folder made for the process, removed when the target is dropped.
    pub settings: Option<std::path::PathBuf>,
}

impl Drop for Target {
    fn drop(&mut self) {
        if let Some(child) = &mut self.process {
            // The launcher may have started the game as its own child (dbus-run-session runs
            // GNOME Mines, its bus and portals): end the whole process group.
            #[cfg(unix)]
            if let Ok(group) = i32::try_from(child.id()) {
                // SAFETY: kill(2) takes plain integers and touches no memory of ours; the group
                // is the one `spawn` made with the child as its leader.
                unsafe {
                    libc::kill(-group, libc::SIGTERM);
                }
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        if let Some(folder) = &self.settings {
            let _ = std::fs::remove_dir_all(folder);
        }
    }
}

/// GNOME Mines' settings for a launch, in a folder of their own (GLib's keyfile backend): the
/// player's settings are neither read nor changed, the window is large enough for the size
/// asked for (GNOME Mines keeps its window size and would cut a 30x16 board off), and tiles
/// open without animation (as a player may set it), so no capture catches one half drawn.
fn gnome_settings(level: Level) -> Result<std::path::PathBuf, TargetError> {
    let folder = crate::files::temporary_path("curio-gnome-mines");
    let (width, height) = match level {
        Level::Beginner | Level::Intermediate => (600, 480),
        Level::Expert => (1000, 700),
    };
    let keyfile = folder.join("glib-2.0/settings/keyfile");
    std::fs::create_dir_all(keyfile.parent().unwrap_or(&folder))
        .and_then(|()| {
            std::fs::write(
                &keyfile,
                format!(
                    "[org/gnome/Mines]\nwindow-width={width}\nwindow-height={height}\nuse-animations=false\n"
                ),
            )
        })
        .map_err(|error| TargetError::Launch {
            program: "gnome-mines".into(),
            error: format!("cannot write its settings in {}: {error}", folder.display()),
        })?;
    Ok(folder)
}

/// Waits for a window whose title contains `title` (and is not one of `exclude`, as window id
/// and process id) and whose place has stayed the same for half a second (window managers move new windows).
pub fn wait_for_window(
    screen: &mut impl ScreenSource,
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
    Err(TargetError::NoWindow(title.to_string()))
}

/// Starts `program` as the leader of a new process group (ended as one when the target drops),
/// with `environment` added to its environment.
fn spawn(
    program: &str,
    arguments: &[String],
    environment: &[(&str, &std::ffi::OsStr)],
) -> Result<Child, TargetError> {
    let mut command = Command::new(program);
    command.envs(environment.iter().copied());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    command
        .args(arguments)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|error| TargetError::Launch { program: program.to_string(), error: error.to_string() })
}

/// Starts (or finds) the target and waits for its window. `log` is the built-in window's truth
/// log; `seed` its first game's seed.
pub fn launch(
    kind: &TargetKind,
    level: Level,
    seed: u64,
    log: Option<&std::path::Path>,
    screen: &mut impl ScreenSource,
) -> Result<Target, TargetError> {
    // Windows open before the launch, by id and process: the X server hands a closed window's
    // id to the next client, so a new window can carry the id of one just closed.
    let existing: Vec<(u32, u32)> = screen.windows()?.iter().map(|window| (window.id, window.pid)).collect();
    let mut settings = None;
    let process = match kind {
        TargetKind::Builtin => {
            // `CURIO_BIN` names the curio binary where the running program is not it (tests).
            let exe = match std::env::var_os("CURIO_BIN") {
                Some(path) => std::path::PathBuf::from(path),
                None => std::env::current_exe().map_err(|error| TargetError::Launch {
                    program: "curio".into(),
                    error: error.to_string(),
                })?,
            };
            let mut arguments: Vec<String> = vec![
                "mines".into(),
                "window".into(),
                "--level".into(),
                level.name().into(),
                "--seed".into(),
                seed.to_string(),
            ];
            if let Some(log) = log {
                arguments.push("--log".into());
                arguments.push(log.display().to_string());
            }
            Some(spawn(&exe.display().to_string(), &arguments, &[])?)
        }
        TargetKind::GnomeMines => {
            let program = ["/usr/games/gnome-mines", "/usr/bin/gnome-mines"]
                .into_iter()
                .find(|path| std::path::Path::new(path).exists())
                .unwrap_or("gnome-mines");
            let folder = gnome_settings(level)?;
            let environment = [
                ("XDG_CONFIG_HOME", folder.as_os_str()),
                ("GSETTINGS_BACKEND", std::ffi::OsStr::new("keyfile")),
            ];
            // GNOME Mines needs a session bus; start it in its own.
            let launched = if Command::new("dbus-run-session")
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok()
            {
                spawn("dbus-run-session", &["--".into(), program.into()], &environment)
            } else {
                spawn(program, &[], &environment)
            };
            let launched = launched.inspect_err(|_| {
                let _ = std::fs::remove_dir_all(&folder);
            })?;
            settings = Some(folder);
            Some(launched)
        }
        TargetKind::Window(_) => None,
    };
    let exclude = if process.is_some() { existing } else { Vec::new() };
    // The target owns the process from here: a window that never shows ends it.
    let mut target = Target { kind: kind.clone(), window: WindowInfo::default(), process, settings };
    target.window = wait_for_window(screen, kind.title(), &exclude, Duration::from_secs(20))?;
    Ok(target)
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

/// Starts the next game the way a player would: the face above the board (built-in and classic
/// clones) or GNOME Mines' "Play Again" button (the top button of the column right of the board).
pub fn new_game(
    kind: &TargetKind,
    window: &WindowInfo,
    calibration: &Calibration,
    input: &mut impl InputSink,
) -> Result<(), TargetError> {
    let [left, top, right, _bottom] = calibration.bounds();
    let (x, y) = match kind {
        TargetKind::GnomeMines => {
            // The button column starts a tile's gap right of the board; "Play Again" / "Start
            // Over" is its first button, level with the board's middle.
            let [_, _, _, bottom] = calibration.bounds();
            (right + (f64::from(window.width) - right) / 2.0, top + (bottom - top) * 0.59)
        }
        _ => {
            // The face: centred over the board, in the bar above it.
            let scale = calibration.pitch[1] / 24.0;
            ((left + right) / 2.0, top - 4.0 * scale - 22.0 * scale)
        }
    };
    let (screen_x, screen_y) = to_screen(window, x, y);
    input.click(screen_x, screen_y, MouseButton::Left)?;
    Ok(())
}
