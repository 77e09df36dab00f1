//! The `curio tetris` commands, including bad input and resumed runs.

use crate::common::*;

#[test]
fn tetris_play_reports_the_mean_and_its_interval() {
    let args = [
        "tetris",
        "play",
        "--weights",
        "dellacherie",
        "--board",
        "6x8",
        "--games",
        "30",
        "--seed",
        "4",
        "--json",
    ];
    let output = curio(&args);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(report["games"], 30);
    let mean = report["mean_lines"].as_f64().unwrap();
    let [low, high] = [report["ci95"][0].as_f64().unwrap(), report["ci95"][1].as_f64().unwrap()];
    assert!(low <= mean && mean <= high && mean > 0.0, "{report}");
    assert!(report["pieces_per_second"].as_f64().unwrap() > 0.0);
    // The same seed gives the same games.
    let again: serde_json::Value = serde_json::from_slice(&curio(&args).stdout).expect("json");
    assert_eq!(again["mean_lines"], report["mean_lines"]);
}

#[test]
fn tetris_evolve_writes_a_run_per_generation_and_resumes_it() {
    let dir = temp_dir("tetris");
    let run = dir.path().join("run.json");
    let args = |generations: &str| -> Vec<String> {
        [
            "tetris",
            "evolve",
            "--board",
            "6x6",
            "--population",
            "6",
            "--games",
            "2",
            "--seed",
            "9",
            "--json",
            "--generations",
            generations,
            "--out",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([path_str(&run).to_string()])
        .collect()
    };
    let first = curio(&args("2").iter().map(String::as_str).collect::<Vec<_>>());
    assert!(first.status.success(), "{}", text(&first.stderr));
    let lines: Vec<serde_json::Value> =
        text(&first.stdout).lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["generation"], 1);
    for key in ["best", "mean", "median", "worst", "weights"] {
        assert!(!lines[1][key].is_null(), "{key} missing: {}", lines[1]);
    }
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&run).unwrap()).unwrap();
    assert_eq!(saved["history"].as_array().unwrap().len(), 2);
    assert_eq!(saved["weights"].as_object().unwrap().len(), 8);
    let resumed = curio(&["tetris", "evolve", "--resume", path_str(&run), "--generations", "3", "--json"]);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(text(&resumed.stdout).lines().count(), 1);
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&run).unwrap()).unwrap();
    assert_eq!(saved["history"].as_array().unwrap().len(), 3);
    // The run file plays as weights.
    let play = curio(&["tetris", "play", "--weights", path_str(&run), "--board", "6x6", "--games", "2"]);
    assert!(play.status.success(), "{}", text(&play.stderr));
}

#[test]
fn tetris_bench_reports_evaluations_per_second() {
    let output = curio(&["tetris", "bench", "--pieces", "2000", "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert!(report["evaluations_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn tetris_bad_input_is_one_clear_line() {
    let dir = temp_dir("tetris-bad");
    let bad = dir.path().join("bad.json");
    assert_bad_input(&["tetris", "play", "--weights", "nothing-here.json"], &["nothing-here.json"]);
    std::fs::write(&bad, "{\"weights\": {\"holes\": -1, \"height\": 2}}").unwrap();
    assert_bad_input(&["tetris", "play", "--weights", path_str(&bad)], &["unknown feature 'height'"]);
    std::fs::write(&bad, "{\"weights\": {\"holes\": null}}").unwrap();
    assert_bad_input(&["tetris", "play", "--weights", path_str(&bad)], &["'holes'", "not a number"]);
    std::fs::write(&bad, "not json").unwrap();
    assert_bad_input(&["tetris", "play", "--weights", path_str(&bad)], &["not a weights file"]);
    assert_bad_input(&["tetris", "evolve", "--resume", path_str(&bad)], &["not a saved run"]);
    assert_bad_input(
        &["tetris", "play", "--weights", "bcts", "--board", "30x10"],
        &["board '30x10'", "4..=20"],
    );
    assert_bad_input(&["tetris", "play", "--weights", "bcts", "--board", "10"], &["WIDTHxHEIGHT"]);
    assert_bad_input(&["tetris", "play", "--weights", "bcts", "--games", "0"], &["--games"]);
    assert_bad_input(
        &["tetris", "evolve", "--population", "2", "--out", path_str(&dir.path().join("r.json"))],
        &["--population", "2 is out of range 4..=10000"],
    );
    assert_bad_input(&["tetris", "evolve", "--optimizer", "sgd", "--out", "r.json"], &["sgd"]);
    assert_bad_input(&["tetris", "evolve", "--generations", "3"], &["--out"]);
    assert_bad_input(&["tetris", "evolve", "--depth", "3", "--out", "r.json"], &["--depth", "3"]);
    assert_bad_input(
        &["tetris", "evolve", "--minutes", "0", "--out", "r.json"],
        &["0 minutes is out of range"],
    );
}

#[test]
fn tetris_resume_refuses_settings_of_its_own() {
    assert_bad_input(
        &["tetris", "evolve", "--resume", "run.json", "--population", "20"],
        &["--population", "--resume"],
    );
}

#[test]
fn tetris_evolve_judged_in_shards_equals_a_run_in_one_process() {
    let dir = temp_dir("tetris-shards");
    // At depth 2 (the write-up's GA looks at the next piece): the shards must play as deep.
    let settings =
        ["--board", "6x10", "--population", "8", "--games", "2", "--max-pieces", "200", "--seed", "3", "--depth", "2"];
    let (plain, sharded) = (dir.path().join("plain.json"), dir.path().join("sharded.json"));
    let output = curio(&[&["tetris", "evolve", "--generations", "3", "--out", path_str(&plain)], &settings[..]].concat());
    assert!(output.status.success(), "{}", text(&output.stderr));
    // Two generations in 3 shards, then one more resumed in 2: the shard count is free.
    let first = ["tetris", "evolve", "--generations", "2", "--shards", "3", "--out", path_str(&sharded)];
    let output = curio(&[&first[..], &settings[..]].concat());
    assert!(output.status.success(), "{}", text(&output.stderr));
    // A shard of the next generation judged ahead of time is reused, not played again.
    let early = dir.path().join("sharded.json.parts").join("gen-2-0-of-2.json");
    let judged = curio(&["tetris", "judge", "--run", path_str(&sharded), "--shard", "0/2", "--partial", path_str(&early)]);
    assert!(judged.status.success(), "{}", text(&judged.stderr));
    let resumed = curio(&["tetris", "evolve", "--resume", path_str(&sharded), "--generations", "3", "--shards", "2"]);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert!(!early.exists(), "a merged generation's shard files are removed");
    assert_eq!(run_without_seconds(&sharded), run_without_seconds(&plain));
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&plain).unwrap()).unwrap();
    assert_eq!(saved["config"]["depth"], "Two");
    // A launcher that cannot start is one clear error, and the run is kept.
    let broken = curio(&["tetris", "evolve", "--resume", path_str(&sharded), "--generations", "4", "--shards", "2", "--launcher", "/no/such/launcher"]);
    assert_eq!(broken.status.code(), Some(1));
    assert!(text(&broken.stderr).contains("cannot start shard 0"), "{}", text(&broken.stderr));
    assert_bad_input(&["tetris", "judge", "--run", path_str(&sharded)], &["--shard"]);
}

#[test]
fn a_recorded_game_replays_to_its_score_and_a_changed_score_is_caught() {
    use curio::tetris::human::{Input, Play};
    let dir = temp_dir("tetris-replay");
    let mut play = Play::new(10, 20, curio::tetris::Generator::Bag, 4, 3).unwrap();
    for index in 0..60 {
        play.advance(0.1);
        play.input([Input::Left, Input::Clockwise, Input::Right, Input::HardDrop][index % 4]);
    }
    let record = play.record();
    let path = dir.path().join("game.json");
    std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
    let replayed = json_of(&["tetris", "replay", path_str(&path), "--json"]);
    assert_eq!(replayed["matches"], true, "{replayed}");
    assert_eq!(replayed["score"], record.score);
    assert_eq!(replayed["pieces"], play.pieces_placed);
    let mut changed = record.clone();
    changed.score += 40;
    std::fs::write(&path, serde_json::to_string(&changed).unwrap()).unwrap();
    let output = curio(&["tetris", "replay", path_str(&path)]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("the record says"), "{}", text(&output.stderr));
    std::fs::write(&path, "{\"width\": 3}").unwrap();
    assert_bad_input(&["tetris", "replay", path_str(&path)], &["not a game record"]);
    assert_bad_input(&["tetris", "replay", "no-such-game.json"], &["cannot read no-such-game.json"]);
}
