//! The `curio go` commands: the JSON contracts of isqrt, touch, place and selfplay, the render,
//! and bad input (coordinates, overlapping placements, unknown modes, bad records).

use crate::common::*;

fn game_file(folder: &tempfile::TempDir, moves: &str) -> std::path::PathBuf {
    let path = folder.path().join("game.txt");
    std::fs::write(&path, format!("eugo 1\nradius 1724\nkomi 0.5\n{moves}")).unwrap();
    path
}

#[test]
fn isqrt_is_exact_at_the_top_of_u64() {
    for (n, root) in [("18446744073709551615", "4294967295"), ("18446744065119617025", "4294967295"), ("18446744065119617024", "4294967294"), ("0", "0")] {
        let output = curio(&["go", "isqrt", n]);
        assert!(output.status.success());
        assert_eq!(text(&output.stdout).trim(), root, "{n}");
    }
}

#[test]
fn touch_finds_the_talk_page_points() {
    let report = json_of(&["go", "touch", "--radius", "10", "--from", "0,0", "--toward", "30,30", "--json"]);
    let point = (report["x"].as_i64().unwrap(), report["y"].as_i64().unwrap());
    assert!([(14, 15), (15, 14)].contains(&point), "{report}");
    assert!(report["eq3"].is_null(), "plain Eq. 3 is empty there: {report}");
    assert!(report["octant"].is_array(), "the octant table always answers: {report}");
    let survey = json_of(&["go", "touches", "--radius", "10", "--directions", "360", "--json"]);
    assert_eq!(survey["octant_touching"], 360, "{survey}");
    assert!(survey["octant_exact"].as_u64() < Some(360), "{survey}");
    assert_eq!((survey["pairs"]["pairs"].as_u64(), survey["pairs"]["both_sides"].as_u64()), (Some(15), Some(12)), "{survey}");
    let rescaled = json_of(&["go", "rescale", "--games", "3", "--moves", "30", "--seed", "1", "--json"]);
    assert!(rescaled["lost"].as_u64() > Some(0), "{rescaled}");
    assert!(rescaled["lost"].as_u64() <= rescaled["connections"].as_u64(), "{rescaled}");
}

#[test]
fn place_follows_the_modes_and_writes_the_game() {
    let folder = temp_dir("go-place");
    let path = game_file(&folder, "B 30000 30000\n");
    let report = json_of(&["go", "place", "--game", path_str(&path), "--mode", "c", "--touch", "0", "--toward", "40000,30000", "--json"]);
    assert_eq!(report["mode"], "c");
    let (x, y) = (report["x"].as_i64().unwrap(), report["y"].as_i64().unwrap());
    let d2 = (x - 30_000).pow(2) + (y - 30_000).pow(2);
    assert!(4 * 1724 * 1724 < d2 && d2 <= 3449 * 3449, "touching: {report}");
    let report = json_of(&["go", "place", "--game", path_str(&path), "--mode", "a", "--toward", "30500,30000", "--out", path_str(&path), "--json"]);
    assert_eq!(report["mode"], "c", "a stone in the way falls back to c: {report}");
    let record = std::fs::read_to_string(&path).unwrap();
    assert!(record.lines().last().unwrap().starts_with("W "), "{record}");
}

#[test]
fn selfplay_and_render_follow_the_contract() {
    let report = json_of(&["go", "selfplay", "--opponent", "random", "--playouts", "20", "--games", "2", "--radius", "4000", "--max-moves", "60", "--seed", "3", "--json"]);
    assert_eq!(report["games"], 2);
    assert!(report["ai_wins"].as_u64().unwrap() <= 2);
    assert!(report["playouts_per_second"].as_f64().unwrap() > 0.0 && report["moves_per_game"].as_f64().unwrap() > 0.0);
    let folder = temp_dir("go-render");
    let path = game_file(&folder, "B 30000 30000\nW 33449 30000\n");
    let out = folder.path().join("board.svg");
    let output = curio(&["go", "render", "--game", path_str(&path), "--out", path_str(&out), "--territory", "--chains"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(std::fs::read_to_string(&out).unwrap().contains("<svg"));
}

/// The write-up's Babylonian iteration: its first stopping rule never stops on 63 = 8^2 - 1
/// (an even k; the write-up says odd), its corrected rule does; Brent's fractions for 3 break
/// the claimed bound 1/(2b^2) at 5/3.
#[test]
fn the_write_ups_square_root_methods() {
    let first = curio(&["go", "isqrt", "63", "--method", "babylonian-first-rule", "--steps"]);
    assert_eq!(first.status.code(), Some(1));
    assert!(text(&first.stdout).contains("X: 8, 7, 8"), "{}", text(&first.stdout));
    assert!(text(&first.stderr).contains("does not stop on 63"), "{}", text(&first.stderr));
    let corrected = curio(&["go", "isqrt", "63", "--method", "babylonian"]);
    assert!(corrected.status.success());
    assert_eq!(text(&corrected.stdout).trim(), "7");
    let fractions = curio(&["go", "fractions", "3", "--terms", "5", "--json"]);
    assert!(fractions.status.success(), "{}", text(&fractions.stderr));
    let report: serde_json::Value = serde_json::from_slice(&fractions.stdout).expect("json");
    let rows = report["fractions"].as_array().expect("a list");
    let pairs: Vec<(u64, u64, bool)> = rows
        .iter()
        .map(|row| (row["a"].as_u64().unwrap(), row["b"].as_u64().unwrap(), row["within"].as_bool().unwrap()))
        .collect();
    assert_eq!(pairs, [(1, 1, false), (2, 1, true), (5, 3, false), (7, 4, true), (19, 11, false)]);
    assert_bad_input(&["go", "fractions", "16"], &["perfect square"]);
    assert_bad_input(&["go", "fractions", "3", "--terms", "0"], &["--terms must be 1 to 60"]);
}

#[test]
fn bad_input_gets_one_line() {
    let folder = temp_dir("go-bad");
    let path = game_file(&folder, "B 30000 30000\n");
    assert_bad_input(&["go", "isqrt", "18446744073709551616"], &["is not a whole number"]);
    assert_bad_input(&["go", "touch", "--from", "0,0", "--toward", "x,3"], &["'x' is not a whole number"]);
    assert_bad_input(&["go", "touches", "--radius", "0"], &["--radius must be 1 to"]);
    assert_bad_input(&["go", "rescale", "--factor", "1"], &["--factor"]);
    assert_bad_input(&["go", "place", "--game", path_str(&path), "--mode", "z", "--toward", "1,1"], &["z"]);
    assert_bad_input(&["go", "place", "--game", path_str(&path), "--mode", "c", "--touch", "5", "--toward", "1,1"], &["there is no stone 5"]);
    assert_bad_input(&["go", "place", "--game", path_str(&path), "--mode", "e", "--toward", "30000,30000", "--edge", "left", "--edge", "right"], &["do not meet"]);
    let overlapping = game_file(&folder, "B 30000 30000\nW 30001 30000\n");
    assert_bad_input(&["go", "render", "--game", path_str(&overlapping), "--out", "/tmp/x.svg"], &["line 5", "overlap"]);
    assert_bad_input(&["go", "selfplay", "--radius", "5"], &["--radius", "out of range 345..=5461"]);
    assert_bad_input(&["go", "selfplay", "--playouts", "0"], &["--playouts", "out of range 1..=1000000"]);
    assert_bad_input(&["go", "selfplay", "--komi", "NaN"], &["--komi", "out of range"]);
}
