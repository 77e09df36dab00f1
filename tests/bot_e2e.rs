//! The bot end to end under X: it launches `curio mines window`, plays five games through the
//! screen and the synthetic mouse, and every read agrees with the window's own log of the games.
//! Needs a display and a window manager (CI: Xvfb and openbox); fails instead of skipping under
//! CURIO_REQUIRE_DISPLAY=1.

#[path = "common/display.rs"]
mod display;

use std::process::Command;

#[test]
fn the_bot_plays_the_builtin_window_with_no_misreads_and_no_clicks_outside() {
    if !display::available() {
        return;
    }
    let output = Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(["bot", "play", "--target", "builtin", "--games", "5", "--seed", "3", "--json"])
        .output()
        .expect("curio runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "stdout {stdout}\nstderr {}", String::from_utf8_lossy(&output.stderr));
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("json");
    assert_eq!(report["games"], 5, "{report}");
    assert_eq!(report["misreads"], 0, "{report}");
    assert_eq!(report["outside_clicks"], 0, "{report}");
    assert!(report["reads_checked_against_truth"].as_u64().unwrap() >= 5, "{report}");
    assert!(report["stopped"].is_null(), "{report}");
    // The games and wins the bot counted are the ones the window logged.
    assert_eq!(report["target_logged_games"], report["games"], "{report}");
    assert_eq!(report["target_logged_wins"], report["wins"], "{report}");
}
