//! The bot end to end under X: it launches `curio mines window`, plays five games through the
//! screen and the synthetic mouse, and every read agrees with the window's own log of the games.
//! Needs a display and a window manager (CI: Xvfb and openbox); fails instead of skipping under
//! CURIO_REQUIRE_DISPLAY=1. Also on a Wayland session (a headless weston beside the X display).

#[path = "common/display.rs"]
mod display;
#[path = "common/wayland.rs"]
mod wayland;

use std::process::Command;

/// The screen and its pointer, which one bot at a time may drive.
static SCREEN: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn the_bot_plays_the_builtin_window_with_no_misreads_and_no_clicks_outside() {
    if !display::available() {
        return;
    }
    let _screen = SCREEN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let report = display::bot_play(&["--target", "builtin", "--games", "5", "--seed", "3"]);
    display::assert_truthful(&report, 5);
}

/// Every game of the built-in window opened before the bot sees it (`--opened`): it calibrates
/// on a board in progress and plays from the first screen on, every read checked against the
/// window's log.
#[test]
fn the_bot_plays_boards_that_start_opened() {
    if !display::available() {
        return;
    }
    let _screen = SCREEN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let report = display::bot_play(&["--target", "builtin-opened", "--games", "3", "--seed", "7"]);
    display::assert_truthful(&report, 3);
}

/// Built-in windows in generated skins (here an opened one with a hatched cover and gaps, and
/// a fresh one with raised tiles and the face below the board, at its left): the bot learns
/// each skin on the spot, values its digits from the board, finds its face and plays, every
/// read checked against the window's log.
#[test]
fn the_bot_learns_generated_skins_and_plays_them() {
    if !display::available() {
        return;
    }
    let _screen = SCREEN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    for (seed, level) in [("106", "beginner"), ("14", "intermediate")] {
        let report = display::bot_play(&[
            "--target",
            "builtin-skinned",
            "--games",
            "2",
            "--seed",
            seed,
            "--level",
            level,
        ]);
        display::assert_truthful(&report, 2);
    }
}

/// The launcher game, in real time: the bot cuts its templates from the launched window, clicks
/// through its menus and presses the power-ups when their meters are full, never early (a
/// press on a meter not full would show in the window's log as a fizzle) and never on nothing;
/// an idle player on the same two courses, clicking the menus only, goes less far in all.
#[test]
fn the_bot_plays_the_launcher_game_in_real_time() {
    if !display::available() {
        return;
    }
    let _screen = SCREEN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let own = display::bot_play(&["--game", "launch", "--target", "builtin", "--games", "2", "--seed", "2"]);
    let idle = display::bot_play(&[
        "--game", "launch", "--target", "builtin", "--games", "2", "--seed", "2", "--policy", "idle",
    ]);
    for report in [&own, &idle] {
        assert_eq!((report["runs"].as_u64(), report["runs_logged"].as_u64()), (Some(2), Some(2)), "{report}");
        assert!(report["stopped"].is_null(), "{report}");
        assert_eq!(
            (report["misreads"].as_u64(), report["outside_clicks"].as_u64()),
            (Some(0), Some(0)),
            "{report}"
        );
        assert_eq!(
            (report["fizzles"].as_u64(), report["missed_clicks"].as_u64()),
            (Some(0), Some(0)),
            "{report}"
        );
    }
    assert!(own["power_ups_used"].as_u64().unwrap() >= 2, "{own}");
    assert_eq!(idle["power_ups_used"], 0, "{idle}");
    let total = |report: &serde_json::Value| {
        report["distances"].as_array().unwrap().iter().filter_map(|d| d.as_f64()).sum::<f64>()
    };
    assert!(total(&own) > total(&idle), "{own}\n{idle}");
}

/// On a Wayland session with an X server beside it (XWayland; here the tests' Xvfb stands in
/// for it, as weston's own XWayland lists no windows), the bot says it sees X11 windows only,
/// starts the window it launches on X11 although WAYLAND_DISPLAY is set, and plays it.
#[test]
fn on_a_wayland_session_the_bot_launches_its_target_on_x11_and_plays_it() {
    if !display::available() {
        return;
    }
    let Some(weston) = wayland::Weston::start() else { return };
    let _screen = SCREEN.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut command = Command::new(env!("CARGO_BIN_EXE_curio"));
    command.args(["bot", "play", "--target", "builtin", "--games", "2", "--seed", "5", "--json"]);
    let output = weston.client(&mut command, true).output().expect("curio runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "stdout {stdout}\nstderr {stderr}");
    assert!(stderr.contains("a Wayland session") && stderr.contains("X11"), "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("json");
    assert_eq!(report["games"], 2, "{report}");
    assert_eq!(report["misreads"], 0, "{report}");
    assert_eq!(report["target_logged_games"], 2, "{report}");
}

/// On a Wayland session without XWayland the bot stops before it starts, saying what it needs.
#[test]
fn on_wayland_without_xwayland_the_bot_says_what_it_needs() {
    let output = Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(["bot", "play", "--target", "builtin", "--games", "1"])
        .env_remove("DISPLAY")
        .env("WAYLAND_DISPLAY", "wayland-nowhere")
        .output()
        .expect("curio runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    for words in ["Wayland session without XWayland", "DISPLAY", "X11"] {
        assert!(stderr.contains(words), "{stderr}");
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
}
