//! `curio ants`: official games re-simulated from their inputs alone (outcome fields blanked),
//! Curio's bots as processes speaking the official protocol (the same game as in process),
//! crashes and timeouts, generated maps, and bad input named.

use super::common::*;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

fn official_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ants/official")
}

#[test]
fn replay_reproduces_every_official_outcome_from_inputs_alone() {
    let dir = temp_dir("ants-replay");
    let mut games = 0;
    for entry in std::fs::read_dir(official_dir()).unwrap() {
        let path = entry.unwrap().path();
        let official: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let file = dir.path().join("blank.replay");
        std::fs::write(&file, curio::ants::replay::blank_outcome(&official).to_string()).unwrap();
        let ours = json_of(&["ants", "replay", path_str(&file), "--json"]);
        let data = &official["replaydata"];
        let length = official["game_length"].as_u64().unwrap();
        assert_eq!(ours["turns"], official["game_length"], "{}", path.display());
        assert_eq!(ours["cutoff"], data["cutoff"], "{}", path.display());
        assert_eq!(ours["scores"], official["score"], "{}", path.display());
        assert_eq!(ours["bonus"], data["bonus"], "{}", path.display());
        let ants: Vec<Value> = data["ants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|ant| {
                let death = ant[3].as_u64().unwrap();
                json!([ant[0], ant[1], ant[2], if death > length { Value::Null } else { json!(death) }, ant[4]])
            })
            .collect();
        assert_eq!(ours["ants"], Value::Array(ants), "{}", path.display());
        games += 1;
    }
    assert!(games >= 10);
}

fn curio_binary() -> String {
    env!("CARGO_BIN_EXE_curio").to_string()
}

#[test]
fn a_bot_process_plays_the_same_game_as_the_bot_in_process() {
    let dir = temp_dir("ants-play");
    let map = dir.path().join("two.map");
    let made = curio(&["ants", "map", "--players", "2", "--hills", "2", "--rows", "24", "--cols", "24", "--seed", "4", "--out", path_str(&map)]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let process = format!("{} ants bot greedy", curio_binary());
    let (first, second) = (dir.path().join("process.replay"), dir.path().join("builtin.replay"));
    // Generous time limits: a loaded test machine must not time the process out.
    let a = json_of(&["ants", "play", "--map", path_str(&map), "--bot", &process, "--bot", "builtin:curio", "--turns", "150", "--turntime", "20000", "--loadtime", "20000", "--replay", path_str(&first), "--json"]);
    let b = json_of(&["ants", "play", "--map", path_str(&map), "--bot", "builtin:greedy", "--bot", "builtin:curio", "--turns", "150", "--replay", path_str(&second), "--json"]);
    assert_eq!(a, b);
    let read = |path: &Path| -> Value { serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap() };
    let (a, b) = (read(&first), read(&second));
    for key in ["ants", "food", "hills", "scores", "cutoff"] {
        assert_eq!(a["replaydata"][key], b["replaydata"][key], "{key}");
    }
    assert!(a["replaydata"]["ants"].as_array().unwrap().len() > 4, "the bots gathered food");
    // The replay plays back to the same outcome.
    let again = json_of(&["ants", "replay", path_str(&first), "--json"]);
    assert_eq!(again["scores"], a["score"]);
}

#[test]
fn crashes_timeouts_and_bad_input_are_named() {
    let dir = temp_dir("ants-bad");
    let map = dir.path().join("two.map");
    std::fs::write(&map, "rows 8\ncols 16\nplayers 2\nm ..0.............\nm ................\nm ................\nm ................\nm ..........1.....\nm ................\nm ................\nm ................\n").unwrap();
    let replay = dir.path().join("g.replay");
    let report = json_of(&["ants", "play", "--map", path_str(&map), "--bot", "sh -c 'exit 3'", "--bot", "sleep 5", "--loadtime", "300", "--turns", "20", "--replay", path_str(&replay), "--json"]);
    assert_eq!(report["status"], json!(["crashed", "timeout"]));
    assert_eq!(report["cutoff"], "extermination");
    assert_bad_input(&["ants", "play", "--map", path_str(&map), "--bot", "/no/such/bot", "--bot", "builtin:hold", "--replay", path_str(&replay)], &["'/no/such/bot' cannot run"]);
    assert_bad_input(&["ants", "play", "--map", path_str(&map), "--bot", "builtin:nobody", "--bot", "builtin:hold", "--replay", path_str(&replay)], &["no built-in bot 'nobody'"]);
    assert_bad_input(&["ants", "play", "--map", path_str(&map), "--bot", "builtin:hold", "--replay", path_str(&replay)], &["2 players and 1 bots"]);
    std::fs::write(&map, "rows 2\ncols 2\nplayers 2\nm 0x\nm .1\n").unwrap();
    assert_bad_input(&["ants", "play", "--map", path_str(&map), "--bot", "builtin:hold", "--bot", "builtin:hold", "--replay", path_str(&replay)], &["two.map", "line 4", "'x'"]);
    std::fs::write(&replay, "{\"replaydata\": {\"players\": 2}}").unwrap();
    assert_bad_input(&["ants", "replay", path_str(&replay)], &["g.replay", "no 'map'"]);
    std::fs::write(&replay, "not json").unwrap();
    assert_bad_input(&["ants", "replay", path_str(&replay)], &["g.replay", "not JSON"]);
    assert_bad_input(&["ants", "replay", "/no/such.replay"], &["cannot read replay"]);
    assert_bad_input(&["ants", "map", "--players", "11"], &["players must be 2 to 10"]);
    assert_bad_input(&["ants", "bot", "nobody"], &["no built-in bot 'nobody'"]);
}

#[test]
fn food_from_needs_the_same_map_and_bench_times_the_engine() {
    let official = official_dir().join("hunter-lefty.replay");
    let dir = temp_dir("ants-food");
    let map = dir.path().join("other.map");
    assert!(curio(&["ants", "map", "--seed", "9", "--out", path_str(&map)]).status.success());
    let out = dir.path().join("g.replay");
    assert_bad_input(&["ants", "play", "--map", path_str(&map), "--bot", "builtin:hold", "--bot", "builtin:hold", "--food-from", path_str(&official), "--replay", path_str(&out)], &["another map"]);
    let bench = json_of(&["ants", "bench", "--replay", path_str(&official), "--rounds", "3", "--json"]);
    assert_eq!(bench["turns"], 75);
    assert!(bench["turns_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn a_tournament_rates_the_bots_and_its_shards_merge_to_the_whole() {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ants/maps");
    let flags = ["ants", "tournament", "--maps", path_str(&maps), "--bots", "builtin:curio", "builtin:random", "builtin:hold", "--games", "9", "--turns", "150", "--seed", "3"];
    let whole = json_of(&[&flags[..], &["--json"]].concat());
    assert_eq!(whole["games"], 9);
    let ratings = whole["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), 3);
    assert_eq!(ratings[0]["bot"], "builtin:curio", "{whole}");
    let dir = temp_dir("ants-tournament");
    let parts: Vec<String> = (0..3).map(|i| dir.path().join(format!("p{i}.json")).to_string_lossy().into_owned()).collect();
    for (i, part) in parts.iter().enumerate() {
        let shard = format!("{i}/3");
        let output = curio(&[&flags[..], &["--shard", &shard, "--partial", part]].concat());
        assert!(output.status.success(), "{}", text(&output.stderr));
    }
    let merged = json_of(&["merge", &parts[0], &parts[1], &parts[2], "--json"]);
    assert_eq!(without_timings(&merged), without_timings(&whole));
    assert_bad_input(&["ants", "tournament", "--maps", "/no/such/folder", "--bots", "builtin:curio", "builtin:hold"], &["cannot read map folder"]);
    assert_bad_input(&["ants", "tournament", "--maps", path_str(&maps), "--bots", "builtin:curio"], &["at least two bots"]);
    assert_bad_input(&["ants", "tournament", "--maps", path_str(&maps), "--bots", "builtin:curio", "/no/such/bot"], &["cannot run"]);
}
