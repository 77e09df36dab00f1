//! Launching the programs the bot plays, as processes of their own: the real [`Launcher`].
//! `curio mines window` (the running binary, or `CURIO_BIN`), or GNOME Mines in a session bus of
//! its own with settings of its own; each the leader of a process group ended as one.

use ::bot::ScreenSource;
use ::bot::targets::{
    LaunchRequest, Launcher, Level, Target, TargetError, TargetKind, find_open_window, wait_for_window,
};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Launches targets as processes ([`Launcher`] for the CLI and the app).
#[derive(Clone, Copy, Debug, Default)]
pub struct ProcessLauncher;

impl Launcher for ProcessLauncher {
    fn launch(
        &mut self,
        request: &LaunchRequest,
        screen: &mut dyn ScreenSource,
    ) -> Result<Target, TargetError> {
        launch(request, screen)
    }
}

/// A launched program and the settings folder made for it; dropping it ends the program's
/// whole process group and removes the folder.
struct Launched {
    process: Option<Child>,
    settings: Option<PathBuf>,
}

impl Drop for Launched {
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
fn gnome_settings(level: Level) -> Result<PathBuf, TargetError> {
    let folder = curio_core::files::temporary_path("curio-gnome-mines");
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

/// Starts (or finds) the target of `request` and waits for its window.
fn launch(request: &LaunchRequest, screen: &mut dyn ScreenSource) -> Result<Target, TargetError> {
    let LaunchRequest { kind, level, seed, log } = request;
    let (level, seed) = (*level, *seed);
    if !kind.is_launched() {
        let window = find_open_window(kind, screen)?;
        return Ok(Target { kind: kind.clone(), window, process: None });
    }
    // Windows open before the launch, by id and process: the X server hands a closed window's
    // id to the next client, so a new window can carry the id of one just closed.
    let existing: Vec<(u32, u32)> = screen.windows()?.iter().map(|window| (window.id, window.pid)).collect();
    let mut settings = None;
    let process = match kind {
        TargetKind::Builtin | TargetKind::BuiltinPuzlogic => {
            // `CURIO_BIN` names the curio binary where the running program is not it (tests).
            let exe = match std::env::var_os("CURIO_BIN") {
                Some(path) => PathBuf::from(path),
                None => std::env::current_exe().map_err(|error| TargetError::Launch {
                    program: "curio".into(),
                    error: error.to_string(),
                })?,
            };
            let mut arguments: Vec<String> = if *kind == TargetKind::BuiltinPuzlogic {
                // Generated levels of 7x7 with 14 pieces and sums, from the seed.
                ["puzlogic", "window", "--size", "7x7", "--pieces", "14", "--sums", "--seed"]
                    .map(String::from)
                    .to_vec()
            } else {
                vec!["mines".into(), "window".into(), "--level".into(), level.name().into(), "--seed".into()]
            };
            arguments.push(seed.to_string());
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
        TargetKind::Window(_) | TargetKind::WindowId(_) => None,
    };
    // The guard owns the process from here: a window that never shows ends it.
    let guard = Launched { process, settings };
    let window = wait_for_window(screen, kind.title(), &existing, Duration::from_secs(20))?;
    Ok(Target { kind: kind.clone(), window, process: Some(Box::new(guard)) })
}
