//! The `curio launch` commands: the reference players compared on the same courses, and bad
//! input.

use crate::common::*;

#[test]
fn simulate_compares_the_players_on_the_same_courses() {
    let report = json_of(&["launch", "simulate", "--runs", "100", "--seed", "1", "--json"]);
    let players = report["players"].as_array().expect("players");
    let names: Vec<&str> = players.iter().filter_map(|p| p["player"].as_str()).collect();
    assert_eq!(names, ["idle", "random", "meters"]);
    let interval = |i: usize, end: usize| players[i]["distance_interval"][end].as_f64().unwrap();
    // The meter watcher's interval is clear of both others'.
    assert!(interval(2, 0) > interval(0, 1) && interval(2, 0) > interval(1, 1), "{report}");
    assert_eq!(players[0]["power_ups_used"], 0);
    assert_eq!(players[2]["fizzles"], 0);
    assert!(players[1]["fizzles"].as_u64().unwrap() > 0, "the random presser presses early");
    // The same seed, the same runs.
    let again = json_of(&["launch", "simulate", "--runs", "100", "--seed", "1", "--player", "meters", "--json"]);
    assert_eq!(again["players"][0], players[2]);
}

#[test]
fn simulate_prints_a_table() {
    let output = curio(&["launch", "simulate", "--runs", "5"]);
    assert!(output.status.success());
    let text = text(&output.stdout);
    for word in ["player", "idle", "random", "meters", "95% interval"] {
        assert!(text.contains(word), "{text}");
    }
}

#[test]
fn bad_input_is_named() {
    assert_bad_input(&["launch", "simulate", "--rate=-1"], &["--rate"]);
    assert_bad_input(&["launch", "simulate", "--reaction", "99"], &["--reaction", "0 to 10"]);
    assert_bad_input(&["launch", "simulate", "--runs", "0"], &["runs"]);
    assert_bad_input(&["launch", "simulate", "--player", "lucky"], &["lucky"]);
    // Reference players are the launcher game's: minesweeper has none.
    assert_bad_input(&["bot", "play", "--target", "builtin", "--policy", "idle"], &["--policy idle", "reference players"]);
}
