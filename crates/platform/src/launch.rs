//! Launching the programs the bot plays, as processes of their own: the real [`Launcher`]. It
//! runs the [`LaunchCommand`](::bot::LaunchCommand) a game's program declares: Curio itself (the
//! running binary, or `CURIO_BIN`) or an installed program, with its settings files written into
//! a folder of its own and, where it asks, a session bus of its own; each the leader of a
//! process group ended as one.

use ::bot::ScreenSource;
use ::bot::targets::{
    Executable, LaunchRequest, Launcher, Target, TargetError, find_open_window, wait_for_window,
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
            // the program, its bus and portals): end the whole process group.
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

/// Writes a launch's settings files into a folder made for it.
fn write_settings(program: &str, files: &[(String, String)]) -> Result<PathBuf, TargetError> {
    let folder = curio_core::files::temporary_path("curio-launch");
    let written = files.iter().try_for_each(|(path, contents)| {
        let path = folder.join(path);
        std::fs::create_dir_all(path.parent().unwrap_or(&folder))
            .and_then(|()| curio_core::files::write_atomically(&path, contents.as_bytes()))
    });
    written.map(|()| folder.clone()).map_err(|error| {
        let _ = std::fs::remove_dir_all(&folder);
        TargetError::Launch {
            program: program.to_string(),
            error: format!("cannot write its settings in {}: {error}", folder.display()),
        }
    })
}

/// Starts `program` as the leader of a new process group (ended as one when the target drops),
/// with `environment` added to its environment.
fn spawn(
    program: &str,
    arguments: &[String],
    environment: &[(&str, &std::ffi::OsStr)],
) -> Result<Child, TargetError> {
    let mut command = Command::new(program);
    // The bot sees and clicks X11 windows only: on a Wayland session, the program starts on
    // XWayland.
    for (name, value) in crate::session::ON_X11 {
        match value {
            Some(value) => command.env(name, value),
            None => command.env_remove(name),
        };
    }
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

/// The executable's path: Curio itself (`CURIO_BIN` where the running program is not it, as in
/// tests), or the first installed path of a program.
fn executable(executable: &Executable) -> Result<String, TargetError> {
    match executable {
        Executable::Curio => match std::env::var_os("CURIO_BIN") {
            Some(path) => Ok(PathBuf::from(path).display().to_string()),
            None => std::env::current_exe()
                .map(|path| path.display().to_string())
                .map_err(|error| TargetError::Launch { program: "curio".into(), error: error.to_string() }),
        },
        Executable::Installed(paths) => Ok(paths
            .iter()
            .find(|path| std::path::Path::new(path).exists())
            .or(paths.last())
            .map(|path| path.to_string())
            .unwrap_or_default()),
    }
}

/// Whether `dbus-run-session` runs here.
fn has_session_bus_runner() -> bool {
    Command::new("dbus-run-session")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// Starts (or finds) the target of `request` and waits for its window.
fn launch(request: &LaunchRequest, screen: &mut dyn ScreenSource) -> Result<Target, TargetError> {
    let Some(program) = request.kind.program() else {
        let window = find_open_window(&request.kind, screen)?;
        return Ok(Target { kind: request.kind.clone(), window, process: None });
    };
    let command = (program.command)(request);
    let path = executable(&command.executable)?;
    // Windows open before the launch, by id and process: the X server hands a closed window's
    // id to the next client, so a new window can carry the id of one just closed.
    let existing: Vec<(u32, u32)> = screen.windows()?.iter().map(|window| (window.id, window.pid)).collect();
    let settings = if command.settings.is_empty() {
        None
    } else {
        Some(write_settings(program.label, &command.settings)?)
    };
    let mut environment: Vec<(&str, std::ffi::OsString)> =
        command.environment.iter().map(|(name, value)| (*name, value.into())).collect();
    if let Some(folder) = &settings {
        environment
            .extend(command.settings_variables.iter().map(|name| (*name, folder.clone().into_os_string())));
    }
    let environment: Vec<(&str, &std::ffi::OsStr)> =
        environment.iter().map(|(name, value)| (*name, value.as_os_str())).collect();
    // A program that needs a session bus gets one of its own where dbus-run-session is there.
    let launched = if command.session_bus && has_session_bus_runner() {
        let arguments: Vec<String> = ["--".to_string(), path].into_iter().chain(command.arguments).collect();
        spawn("dbus-run-session", &arguments, &environment)
    } else {
        spawn(&path, &command.arguments, &environment)
    };
    let process = launched.inspect_err(|_| {
        if let Some(folder) = &settings {
            let _ = std::fs::remove_dir_all(folder);
        }
    })?;
    // The guard owns the process from here: a window that never shows ends it.
    let guard = Launched { process: Some(process), settings };
    let window = wait_for_window(screen, program.title, &existing, Duration::from_secs(20))?;
    Ok(Target { kind: request.kind.clone(), window, process: Some(Box::new(guard)) })
}
