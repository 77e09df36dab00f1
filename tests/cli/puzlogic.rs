//! The `curio puzlogic` commands: the write-up's levels solved and proven unique (the JSON
//! contract), generation, the bench, and bad files.

use crate::common::*;

#[test]
fn the_write_up_levels_solve_uniquely() {
    let report = json_of(&["puzlogic", "solve", "tests/fixtures/puzlogic/level-1.txt", "--all", "--json"]);
    assert_eq!(report["count"], 1);
    assert_eq!(report["solutions"], serde_json::json!([[[1, 0, 1], [1, 1, 2]]]));
    assert!(report["nodes"].as_u64().is_some() && report["seconds"].as_f64().is_some());
    let report = json_of(&["puzlogic", "solve", "tests/fixtures/puzlogic/level-3.txt", "--all", "--json"]);
    assert_eq!(report["count"], 1);
    assert_eq!(report["unique"], true);
    assert_eq!(report["solutions"], serde_json::json!([[[0, 0, 4], [0, 2, 6], [1, 3, 5], [2, 4, 4], [3, 1, 5], [4, 4, 6]]]));
}

#[test]
fn generated_puzzles_round_trip_through_solve() {
    let folder = temp_dir("puzlogic");
    let path = folder.path().join("p.txt");
    let report = json_of(&["puzlogic", "generate", "--seed", "7", "--size", "6x6", "--pieces", "12", "--sums", "--out", path_str(&path), "--json"]);
    assert_eq!(report["pieces"], 12);
    let solved = json_of(&["puzlogic", "solve", path_str(&path), "--all", "--json"]);
    assert_eq!(solved["count"], 1);
    let bench = json_of(&["puzlogic", "bench", "--puzzles", "5", "--size", "9x9", "--pieces", "30", "--json"]);
    assert!(bench["seconds_max"].as_f64().unwrap() > 0.0);
}

#[test]
fn bad_files_name_the_line_and_column() {
    let folder = temp_dir("puzlogic-bad");
    let path = folder.path().join("bad.txt");
    std::fs::write(&path, "_ _\n_ q\npieces: 1 2 3\n").unwrap();
    assert_bad_input(&["puzlogic", "solve", path_str(&path)], &["line 2, column 3", "'q'"]);
    assert_bad_input(&["puzlogic", "solve", "/nonexistent.txt"], &["cannot read"]);
    assert_bad_input(&["puzlogic", "generate", "--size", "10x9"], &["1x1 to 9x9"]);
    assert_bad_input(&["puzlogic", "generate", "--pieces", "31"], &["pieces must be 1 to 30"]);
}
