//! Launches the real binary under the X display, captures the screen and checks that the window
//! was drawn; renders frames on X11 and natively on Wayland (a headless weston). Skips without a
//! display (or weston) unless CURIO_REQUIRE_DISPLAY=1 (CURIO_REQUIRE_WAYLAND=1), where it fails
//! instead.

#[path = "common/display.rs"]
mod display;
#[path = "common/wayland.rs"]
mod wayland;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The X screen, which one test's window at a time may take (two captures would see both).
static SCREEN: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn screen() -> std::sync::MutexGuard<'static, ()> {
    SCREEN.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Distinct colours and the fraction of pixels that are not the empty-screen black.
fn drawn_measure(image: &image::RgbaImage) -> (usize, f64) {
    let mut colours = std::collections::HashSet::new();
    let mut lit = 0usize;
    for pixel in image.pixels() {
        colours.insert(pixel.0);
        if pixel.0[..3] != [0, 0, 0] {
            lit += 1;
        }
    }
    (colours.len(), lit as f64 / f64::from(image.width() * image.height()))
}

#[test]
fn the_app_window_is_drawn_under_x() {
    if !display::available() {
        return;
    }
    let _screen = screen();
    let data_home = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(["gui", "--fresh", "--quit-after", "60", "--size", "1000x700"])
        .env("XDG_DATA_HOME", data_home.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("curio starts");
    let deadline = Instant::now() + Duration::from_secs(45);
    let mut best = (0, 0.0);
    let mut screenshot = None;
    while Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(700));
        if let Ok(Some(status)) = child.try_wait() {
            let mut stderr = String::new();
            if let Some(mut pipe) = child.stderr.take() {
                use std::io::Read;
                let _ = pipe.read_to_string(&mut stderr);
            }
            panic!("curio exited early with {status}: {stderr}");
        }
        let monitors = xcap::Monitor::all().expect("xcap lists monitors");
        let monitor = monitors.first().expect("one monitor");
        let image = monitor.capture_image().expect("screen capture");
        let measure = drawn_measure(&image);
        best = measure;
        screenshot = Some(image);
        if measure.0 > 40 && measure.1 > 0.3 {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    if let Some(image) = screenshot {
        let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("gui_smoke.png");
        let _ = image.save(&path);
        eprintln!("screenshot: {}", path.display());
    }
    assert!(best.0 > 40 && best.1 > 0.3, "window not drawn: {} colours, {:.0}% lit", best.0, best.1 * 100.0);
}

#[test]
fn the_mines_window_is_drawn_under_x() {
    if !display::available() {
        return;
    }
    let _screen = screen();
    let mut child = Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(["mines", "window", "--level", "expert", "--seed", "3"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("curio starts");
    let deadline = Instant::now() + Duration::from_secs(45);
    let mut grey = 0usize;
    while Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(700));
        let monitors = xcap::Monitor::all().expect("xcap lists monitors");
        let image = monitors.first().expect("one monitor").capture_image().expect("screen capture");
        // The covered cells' classic grey (0xc0c0c0) fills most of a 30x16 board.
        grey = image.pixels().filter(|p| p.0[..3] == [0xc0, 0xc0, 0xc0]).count();
        if grey > 30 * 16 * 200 {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(grey > 30 * 16 * 200, "game window not drawn: {grey} grey pixels");
}

/// Runs `curio gui --fresh --measure-fps 3` with `extra` arguments through `prepare`; returns
/// its JSON report.
fn measured(extra: &[&str], prepare: impl FnOnce(&mut Command) -> &mut Command) -> serde_json::Value {
    let data_home = tempfile::tempdir().expect("temp dir");
    let mut command = Command::new(env!("CARGO_BIN_EXE_curio"));
    command.args(["gui", "--fresh", "--measure-fps", "3", "--size", "1000x700"]).args(extra);
    command.env("XDG_DATA_HOME", data_home.path());
    let output = prepare(&mut command).output().expect("curio runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "stdout {stdout}\nstderr {stderr}");
    serde_json::from_str(stdout.trim()).unwrap_or_else(|error| panic!("{error}: {stdout}\nstderr {stderr}"))
}

#[test]
fn the_app_renders_on_x11_and_opens_a_file_in_its_panel() {
    if !display::available() {
        return;
    }
    let _screen = screen();
    let folder = tempfile::tempdir().expect("temp dir");
    let board = folder.path().join("board.txt");
    std::fs::write(&board, "mines=1\n1.\n..\n").expect("write");
    let report = measured(&[board.to_str().unwrap()], |command| command.env_remove("WAYLAND_DISPLAY"));
    assert_eq!(report["window_system"], "x11", "{report}");
    assert_eq!(report["panel"], "Minesweeper", "the file's panel is shown: {report}");
    assert!(report["frames"].as_u64().unwrap() >= 3, "{report}");
}

#[test]
fn the_app_renders_natively_on_wayland() {
    let Some(weston) = wayland::Weston::start() else { return };
    let report = measured(&[], |command| weston.client(command, false));
    assert_eq!(report["window_system"], "wayland", "not XWayland: {report}\n{}", weston.log());
    assert!(report["frames"].as_u64().unwrap() >= 3, "{report}");
}
