//! The bot's second game end to end under X: it launches `curio puzlogic window`, solves three
//! generated levels in a row by dragging pieces through the synthetic mouse, and its first read
//! of every level agrees with the puzzle the window logged. Needs a display and a window
//! manager (CI: Xvfb and openbox); fails instead of skipping under CURIO_REQUIRE_DISPLAY=1.

#[path = "common/display.rs"]
mod display;

#[test]
fn the_bot_solves_puzlogic_levels_in_the_builtin_window() {
    if !display::available() {
        return;
    }
    let report =
        display::bot_play(&["--game", "puzlogic", "--target", "builtin", "--levels", "3", "--seed", "4"]);
    assert_eq!(report["levels"], 3, "{report}");
    assert_eq!(report["solved"], 3, "{report}");
    assert_eq!(report["misreads"], 0, "{report}");
    assert_eq!(report["outside_presses"], 0, "{report}");
    assert_eq!(report["reads_checked_against_truth"], 3, "{report}");
    assert!(report["seconds_per_level"].as_f64().unwrap() > 0.0, "{report}");
}
