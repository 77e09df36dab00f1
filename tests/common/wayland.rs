//! A headless Wayland compositor for the tests that need one: Debian's weston with its headless
//! backend and CPU renderer, on a socket of its own in a runtime folder of its own. A test
//! skips without weston, and fails instead under CURIO_REQUIRE_WAYLAND=1 (which `.ci/run` sets).

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running weston, ended when dropped.
pub struct Weston {
    process: Child,
    /// Its runtime folder (`XDG_RUNTIME_DIR` for its clients).
    runtime: tempfile::TempDir,
    /// Its socket's name (`WAYLAND_DISPLAY` for its clients).
    pub socket: String,
}

impl Weston {
    /// Starts weston and waits for its socket; `None` (the test skips) where weston is not
    /// installed and CURIO_REQUIRE_WAYLAND is not 1.
    pub fn start() -> Option<Weston> {
        let required = std::env::var("CURIO_REQUIRE_WAYLAND").as_deref() == Ok("1");
        if Command::new("weston").arg("--version").output().is_err() {
            assert!(!required, "CURIO_REQUIRE_WAYLAND=1 but weston is not installed");
            eprintln!("skipping: no weston (set CURIO_REQUIRE_WAYLAND=1 to fail instead)");
            return None;
        }
        let runtime = tempfile::tempdir().expect("runtime folder");
        let socket = "wayland-curio-test".to_string();
        let log = std::fs::File::create(runtime.path().join("weston.log")).expect("log");
        let process = Command::new("weston")
            .args(["--backend=headless-backend.so", "--use-pixman", "--no-config", "--idle-time=0"])
            .args(["--width=1280", "--height=820", &format!("--socket={socket}")])
            .env("XDG_RUNTIME_DIR", runtime.path())
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("weston starts");
        let weston = Weston { process, runtime, socket };
        let deadline = Instant::now() + Duration::from_secs(20);
        while !weston.socket_path().exists() {
            assert!(Instant::now() < deadline, "weston made no socket in 20 s: {}", weston.log());
            std::thread::sleep(Duration::from_millis(100));
        }
        Some(weston)
    }

    /// Its runtime folder.
    pub fn runtime(&self) -> &std::path::Path {
        self.runtime.path()
    }

    fn socket_path(&self) -> PathBuf {
        self.runtime.path().join(&self.socket)
    }

    /// What weston logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.runtime.path().join("weston.log")).unwrap_or_default()
    }

    /// Points `command` at this compositor: a Wayland session (with the X display kept, if
    /// `keep_x` and one is set, as XWayland would be).
    pub fn client<'a>(&self, command: &'a mut Command, keep_x: bool) -> &'a mut Command {
        if !keep_x {
            command.env_remove("DISPLAY");
        }
        command
            .env("WAYLAND_DISPLAY", &self.socket)
            .env("XDG_RUNTIME_DIR", self.runtime.path())
            .env("XDG_SESSION_TYPE", "wayland")
    }
}

impl Drop for Weston {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}
