//! `--shard I/N` and `curio merge`: for every command whose work splits, the shards' merged
//! result equals a single run's in every field but timings (and the thread count), and broken
//! sets of partials are refused with one line naming the problem.

use crate::common::*;

/// Runs `args` whole, then as `shards` shards (written out of order), merges them, and checks
/// the two results agree; returns the merged result.
fn shards_equal_a_single_run(args: &[&str], shards: u64) -> serde_json::Value {
    let dir = temp_dir("merge");
    let whole = json_of(&[args, &["--json"]].concat());
    let mut files = Vec::new();
    for index in (0..shards).rev() {
        let file = dir.path().join(format!("part-{index}.json"));
        let shard = format!("{index}/{shards}");
        let output = curio(&[args, &["--shard", &shard, "--partial", path_str(&file)]].concat());
        assert!(output.status.success(), "{args:?} shard {shard}: {}", text(&output.stderr));
        assert!(output.stdout.is_empty(), "the partial goes to its file");
        files.push(file);
    }
    let names: Vec<&str> = files.iter().map(|file| path_str(file)).collect();
    let merged = json_of(&[&["merge"], names.as_slice(), &["--json"]].concat());
    assert_eq!(without_timings(&merged), without_timings(&whole), "{args:?}");
    merged
}

#[test]
fn sharded_mines_bench_and_compare_equal_single_runs() {
    let merged = shards_equal_a_single_run(&["mines", "bench", "--level", "beginner", "--games", "300", "--seed", "5"], 3);
    assert_eq!(merged["games"], 300);
    assert!(merged["calibration"]["risky_reveals"].as_u64().unwrap() > 0);
    let args = ["mines", "compare", "--level", "9x9/14", "--games", "200", "--seed", "2", "--cutoff", "0.7"];
    let merged = shards_equal_a_single_run(&args, 4);
    assert_eq!(merged["candidate"]["games"], 200);
}

#[test]
fn sharded_tetris_play_torricelli_tournaments_go_and_arena_equal_single_runs() {
    let play = ["tetris", "play", "--weights", "bcts", "--board", "6x10", "--games", "40", "--seed", "3"];
    assert_eq!(shards_equal_a_single_run(&play, 4)["games"], 40);
    let torricelli = ["fermat", "torricelli", "--limit", "120000", "--show", "3"];
    assert_eq!(shards_equal_a_single_run(&torricelli, 3)["sum"], 30_758_397);
    let census = shards_equal_a_single_run(&["classics", "tournaments", "--players", "7"], 5);
    assert_eq!(census["counterexamples"], 7520);
    assert_eq!(census["classes"].as_array().unwrap().len(), 4);
    let go = ["go", "selfplay", "--games", "4", "--playouts", "20", "--max-moves", "60", "--seed", "2"];
    assert_eq!(shards_equal_a_single_run(&go, 2)["games"], 4);
    let arena = ["arena", "--game", "connect4", "--players", "random,flat:20,uct:20", "--games", "5", "--seed", "6"];
    assert_eq!(shards_equal_a_single_run(&arena, 4)["pairs"].as_array().unwrap().len(), 3);
}

#[test]
fn a_shard_without_a_file_prints_its_partial_and_bad_sets_are_named() {
    let dir = temp_dir("merge-bad");
    let args = ["tetris", "play", "--weights", "bcts", "--board", "6x8", "--games", "6"];
    let write = |shard: &str, seed: &str, name: &str| {
        let output = curio(&[args.as_slice(), &["--seed", seed, "--shard", shard]].concat());
        assert!(output.status.success(), "{}", text(&output.stderr));
        let path = dir.path().join(name);
        std::fs::write(&path, &output.stdout).unwrap();
        path_str(&path).to_string()
    };
    let (first, second, other_seed) = (write("0/2", "1", "a.json"), write("1/2", "1", "b.json"), write("1/2", "9", "c.json"));
    assert!(curio(&["merge", &first, &second]).status.success());
    assert_bad_input(&["merge", &first], &["shards 1 of 2 are missing"]);
    assert_bad_input(&["merge", &first, &first, &second], &["shard 0/2 appears twice"]);
    assert_bad_input(&["merge", &first, &other_seed], &["different settings", "seed 1 against 9"]);
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, "{\"format\": \"curio-partial 1\"").unwrap();
    assert_bad_input(&["merge", path_str(&broken)], &["broken.json", "not JSON"]);
    assert_bad_input(&["merge", "/no/such/file.json"], &["cannot read"]);
    assert_bad_input(&[args.as_slice(), &["--shard", "2/2"]].concat(), &["below the count"]);
    assert_bad_input(&[args.as_slice(), &["--shard", "x"]].concat(), &["I/N"]);
    assert_bad_input(&[args.as_slice(), &["--shard", "0/2", "--partial", "/no/such/dir/p.json"]].concat(), &["does not exist"]);
}

#[test]
fn partials_whose_data_cannot_be_refused_with_one_line() {
    let dir = temp_dir("merge-data");
    let partial = |args: &[&str]| -> serde_json::Value {
        let output = curio(&[args, &["--shard", "0/1"]].concat());
        assert!(output.status.success(), "{}", text(&output.stderr));
        serde_json::from_slice(&output.stdout).expect("a partial")
    };
    let write = |name: &str, value: &serde_json::Value| {
        let path = dir.path().join(name);
        std::fs::write(&path, value.to_string()).unwrap();
        path_str(&path).to_string()
    };
    let mut torricelli = partial(&["fermat", "torricelli", "--limit", "2000"]);
    torricelli["data"]["triangles"][0]["r"] = serde_json::json!(u64::MAX);
    assert_bad_input(&["merge", &write("t.json", &torricelli)], &["not a Torricelli triangle"]);
    let mut bench = partial(&["mines", "bench", "--level", "5x5/3", "--games", "6"]);
    bench["data"]["tally"]["games"] = serde_json::json!(5);
    assert_bad_input(&["merge", &write("m.json", &bench)], &["shard 0/1 holds 5 games", "has 6"]);
}
