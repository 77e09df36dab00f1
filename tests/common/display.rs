//! Whether a test that needs a display runs: it skips without one, and fails instead under
//! CURIO_REQUIRE_DISPLAY=1 (which `.ci/run` sets after starting Xvfb).

#![allow(dead_code)]

/// Whether CURIO_REQUIRE_DISPLAY=1: what would skip must fail instead.
pub fn required() -> bool {
    std::env::var("CURIO_REQUIRE_DISPLAY").as_deref() == Ok("1")
}

/// True when DISPLAY is set; otherwise says the test skips and returns false, or fails when a
/// display is required.
pub fn available() -> bool {
    if std::env::var_os("DISPLAY").is_some() {
        return true;
    }
    assert!(!required(), "CURIO_REQUIRE_DISPLAY=1 but DISPLAY is not set");
    eprintln!("skipping: no DISPLAY (set CURIO_REQUIRE_DISPLAY=1 to fail instead)");
    false
}

/// Checks a `curio bot play` report of a target with a truth log: `games` games finished, not
/// stopped, no misread in at least one read checked a game, no click outside, and the games and
/// wins the bot counted the ones the window logged.
pub fn assert_truthful(report: &serde_json::Value, games: u64) {
    assert_eq!(report["games"], games, "{report}");
    assert!(report["stopped"].is_null(), "{report}");
    assert_eq!(report["misreads"], 0, "{report}");
    assert_eq!(report["outside_clicks"], 0, "{report}");
    assert!(report["reads_checked_against_truth"].as_u64().unwrap() >= games, "{report}");
    assert_eq!(report["target_logged_games"], report["games"], "{report}");
    assert_eq!(report["target_logged_wins"], report["wins"], "{report}");
}

/// `curio bot play ARGS --json` run to its end: its report, once it has succeeded.
pub fn bot_play(args: &[&str]) -> serde_json::Value {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(["bot", "play"])
        .args(args)
        .arg("--json")
        .output()
        .expect("curio runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "stdout {stdout}\nstderr {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_str(&stdout).expect("json")
}
