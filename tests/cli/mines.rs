//! The `curio mines` commands, including bad input and a closed stdout.

use crate::common::*;
use std::path::Path;
use std::process::Command;

/// `curio mines bench --level beginner ARGS --json`, checked for success, parsed.
fn mines_bench_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["mines", "bench", "--level", "beginner", "--json"];
    all.extend_from_slice(args);
    let output = curio(&all);
    assert!(output.status.success(), "{}", text(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("json")
}

#[test]
fn mines_bench_reports_json_with_the_seed_and_interval() {
    let report = mines_bench_json(&["--games", "200", "--seed", "5", "--threads", "1"]);
    for key in ["level", "rule", "games", "wins", "win_rate", "ci95", "games_per_second", "seed"] {
        assert!(report.get(key).is_some(), "missing {key} in {report}");
    }
    assert_eq!(report["games"], 200);
    assert_eq!(report["seed"], 5);
    assert_eq!(report["rule"], "safe");
    let rate = report["win_rate"].as_f64().expect("rate");
    let ci = report["ci95"].as_array().expect("interval");
    assert!(ci[0].as_f64().unwrap() <= rate && rate <= ci[1].as_f64().unwrap());
    assert_eq!(report["without"], serde_json::json!([]));
    // Every lost game is counted once, under the rule of its fatal move.
    let losses = report["losses"].as_object().expect("losses");
    let lost: u64 = losses.values().map(|count| count.as_u64().expect("count")).sum();
    assert_eq!(lost, 200 - report["wins"].as_u64().expect("wins"), "{report}");
    assert_eq!(report["losses"]["first_click"], 0, "a safe first click never loses");
    assert!(report["guesses_per_game"].as_f64().expect("guesses") > 0.0);
    assert!(report["guesses_per_win"].as_f64().expect("guesses per win") > 0.0);
    // Every lost game hit a mine on a risky reveal, and the stated chances come with their spread.
    let calibration = &report["calibration"];
    assert_eq!(calibration["mines_hit"], 200 - report["wins"].as_u64().expect("wins"), "{report}");
    assert!(calibration["expected_mines"].as_f64().expect("expected") > 0.0, "{report}");
    assert!(calibration["mines_variance"].as_f64().expect("variance") > 0.0, "{report}");
}

/// The write-up's ladder plays as `--method`: each rung wins more than the one below it on the
/// same games, all below Curio's solver; a method that does not exist is named.
#[test]
fn mines_bench_plays_the_write_ups_ladder() {
    let wins = |method: &str| {
        let output = curio(&[
            "mines", "bench", "--level", "intermediate", "--games", "300", "--seed", "2", "--method", method, "--json",
        ]);
        assert!(output.status.success(), "{}", text(&output.stderr));
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
        let expected = if method == "curio" { serde_json::Value::Null } else { serde_json::json!(method) };
        assert_eq!(report.get("write_up").cloned().unwrap_or(serde_json::Value::Null), expected, "{report}");
        report["wins"].as_u64().expect("wins")
    };
    let ladder: Vec<u64> =
        ["write-up-rules", "write-up-tank", "write-up-tank-endgame", "curio"].into_iter().map(wins).collect();
    assert!(ladder.windows(2).all(|pair| pair[0] < pair[1]), "{ladder:?}");
    assert_bad_input(&["mines", "bench", "--method", "tank"], &["--method", "'tank' is not a method"]);
}

#[test]
fn mines_bench_text_says_where_games_were_lost() {
    let output =
        curio(&["mines", "bench", "--level", "beginner", "--rule", "none", "--games", "300", "--seed", "3"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains(" per won game; ")
            && stdout.contains("games lost on: first click")
            && stdout.contains("stated chances against outcomes: "),
        "{stdout}"
    );
}

#[test]
fn mines_bench_switches_refinements_off() {
    let report = mines_bench_json(&["--games", "50", "--without", "endgame,lookahead,fifty-fifty,regions"]);
    assert_eq!(report["without"], serde_json::json!(["endgame", "lookahead", "fifty-fifty", "regions"]));
    assert_bad_input(&["mines", "bench", "--without", "magic"], &["magic", "endgame", "lookahead"]);
}

#[test]
fn mines_compare_reports_the_paired_difference() {
    let output = curio(&[
        "mines",
        "compare",
        "--level",
        "beginner",
        "--games",
        "150",
        "--seed",
        "2",
        "--threads",
        "1",
        "--without",
        "endgame,lookahead",
        "--json",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    let wins = |side: &str| report[side]["wins"].as_u64().expect("wins") as i64;
    let only = |key: &str| report[key].as_u64().expect("count") as i64;
    assert_eq!(
        wins("candidate") - wins("baseline"),
        only("candidate_only") - only("baseline_only"),
        "{report}"
    );
    assert_eq!(report["candidate"]["without"], serde_json::json!(["endgame", "lookahead"]));
    assert_eq!(report["baseline"]["without"], serde_json::json!([]));
    // The baseline is the default solver: its side is the plain benchmark of the same games.
    let alone = mines_bench_json(&["--games", "150", "--seed", "2", "--threads", "1"]);
    assert_eq!(report["baseline"]["wins"], alone["wins"]);
    let ci = report["difference_ci95"].as_array().expect("interval");
    let difference = report["difference"].as_f64().expect("difference");
    assert!(ci[0].as_f64().unwrap() <= difference && difference <= ci[1].as_f64().unwrap());
    // Text: the difference first, then both sides; changed settings are named.
    let output = curio(&["mines", "compare", "--level", "beginner", "--games", "40", "--cutoff", "0.95"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("candidate − baseline: ") && stdout.contains("cutoff 0.95"), "{stdout}");
}

#[test]
fn mines_solver_settings_out_of_range_are_clear_errors() {
    let report = mines_bench_json(&[
        "--games",
        "20",
        "--blend",
        "0.7",
        "--endgame-layouts",
        "2000",
        "--off-frontier-cutoff",
        "0.9",
    ]);
    assert_eq!(report["tuning"]["blend"], 0.7);
    assert_eq!(report["tuning"]["endgame_layouts"], 2000);
    assert_eq!(report["tuning"]["off_frontier_cutoff"], 0.9);
    assert_bad_input(
        &["mines", "bench", "--off-frontier-cutoff", "1.2"],
        &["--off-frontier-cutoff", "not between 0 and 1"],
    );
    assert_bad_input(&["mines", "bench", "--cutoff", "1.5"], &["--cutoff", "not between 0 and 1"]);
    assert_bad_input(&["mines", "compare", "--cutoff", "0"], &["cutoff must be above 0"]);
    assert_bad_input(&["mines", "bench", "--risk-weight", "-1"], &["risk weight must be between 0 and 10"]);
    assert_bad_input(&["mines", "compare", "--endgame-layouts", "0"], &["endgame layouts must be between 1"]);
    assert_bad_input(&["mines", "compare", "--blend", "x"], &["'x' is not a number"]);
}

/// `curio mines solve tests/fixtures/NAME --json`, parsed.
fn mines_solve_json(fixture: &str) -> serde_json::Value {
    let board = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(fixture);
    let output = curio(&["mines", "solve", path_str(&board), "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("json")
}

#[test]
fn mines_solve_shows_the_write_ups_tank_view() {
    let board = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mines-write-up-eleven-layouts.txt");
    let output = curio(&["mines", "solve", path_str(&board), "--write-up", "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    let tank = &report["write_up"];
    assert_eq!(tank["regions"][0]["layouts"], 11);
    assert_eq!(tank["rule_mines"].as_array().map(Vec::len), Some(3));
    let chance = tank["guess"]["mine_chance"].as_f64().expect("a guess");
    assert!((chance - 2.0 / 11.0).abs() < 1e-12, "{chance}");
    // Curio's exact weights pick a safer tile.
    assert!(report["best_move"]["reason"].as_str().expect("a reason").contains("0.0852"), "{}", report["best_move"]);
    let output = curio(&["mines", "solve", path_str(&board), "--write-up"]);
    assert!(text(&output.stdout).contains("a mine in 2 of 11 layouts (81.8% safe)"), "{}", text(&output.stdout));
}

#[test]
fn mines_solve_prints_probabilities_and_a_move() {
    let report = mines_solve_json("mines-beginner-midgame.txt");
    let rows = report["probabilities"].as_array().expect("rows");
    assert_eq!(rows.len(), 9);
    assert!(rows[0][0].is_null(), "revealed cells are null");
    assert_eq!(report["exact"], true);
    assert!(report["best_move"]["row"].is_u64());
    // The 1 at (0,2) has exactly two covered neighbours, (0,3) and (1,3): one of them is a mine.
    let p = |r: usize, c: usize| rows[r][c].as_f64().expect("covered");
    assert!((p(0, 3) + p(1, 3) - 1.0).abs() < 1e-9, "{} + {}", p(0, 3), p(1, 3));
}

#[test]
fn mines_solve_of_a_won_board_has_no_move() {
    let dir = temp_dir("mines-won");
    let won = dir.path().join("won.txt");
    std::fs::write(&won, "mines=1\n*1\n11\n").expect("write");
    let output = curio(&["mines", "solve", path_str(&won), "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert!(report["best_move"].is_null(), "{report}");
    assert_eq!(report["mines"], serde_json::json!([[0, 0]]));
    let output = curio(&["mines", "solve", path_str(&won)]);
    assert!(text(&output.stdout).contains("best move: none"), "{}", text(&output.stdout));
}

#[test]
fn mines_bad_input_is_a_clear_error() {
    assert_bad_input(&["mines", "bench", "--level", "huge"], &["unknown level 'huge'"]);
    assert_bad_input(&["mines", "bench", "--level", "3x3/9"], &["mines = 9", "at most 8"]);
    assert_bad_input(&["mines", "bench", "--games", "0"], &["0"]);
    assert_bad_input(&["mines", "solve", "/no/such/board.txt"], &["cannot read", "/no/such/board.txt"]);
    let dir = temp_dir("mines");
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "mines=1\n..\n.x\n").expect("write");
    assert_bad_input(&["mines", "solve", path_str(&bad)], &["line 3, column 2"]);
    let inconsistent = dir.path().join("inconsistent.txt");
    std::fs::write(&inconsistent, "mines=1\n3.\n..\n").expect("write");
    assert_bad_input(&["mines", "solve", path_str(&inconsistent)], &["inconsistent"]);
    // A board too big to count with a number that cannot be met: named, not hidden by the
    // approximation (before: `exact: false` and a move; the layout draw said "too complex").
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let tangled =
        std::fs::read_to_string(fixtures.join("mines-expert-too-big-to-count.txt")).expect("fixture");
    let row = "3.201.1012.3..6310111001.10022";
    assert!(tangled.contains(row));
    let unmet = dir.path().join("unmet.txt");
    std::fs::write(&unmet, tangled.replace(row, &row.replace("..6", "..7"))).expect("write");
    let named = "the board is inconsistent: the 7 at row 3, column 14 has only 6 covered neighbours";
    assert_bad_input(&["mines", "solve", path_str(&unmet)], &["unmet.txt", named]);
    assert_bad_input(&["mines", "layout", path_str(&unmet)], &["cannot draw a mine layout that fits", named]);
}

/// `curio mines layout`: the board with a drawn layout marked, which fits every number and the
/// mine count, the same for the same seed; JSON lists the mines; a board too big to count says
/// its layout was not drawn uniformly, unless taking its certain cells out lets it be counted; a
/// board no layout fits is a clear error.
#[test]
fn mines_layout_marks_mines_that_fit() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let board = fixtures.join("mines-beginner-midgame.txt");
    let output = curio(&["mines", "layout", path_str(&board), "--seed", "4"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let printed = text(&output.stdout);
    assert!(printed.starts_with("# ") && printed.contains("seed 4"), "{printed}");
    assert!(!printed.contains("not proved equally likely"), "{printed}");
    let drawn = curio::mines::text::parse(&printed).expect("the output is a board file");
    let layout = drawn.layout.expect("every mine marked");
    let original =
        curio::mines::text::parse(&std::fs::read_to_string(&board).expect("fixture")).expect("board");
    assert_eq!((drawn.width, drawn.height, drawn.mines), (9, 9, 10));
    assert_eq!(drawn.cells, original.cells);
    let again = curio(&["mines", "layout", path_str(&board), "--seed", "4", "--json"]);
    let report: serde_json::Value = serde_json::from_slice(&again.stdout).expect("json");
    let mines: Vec<usize> = report["mines"]
        .as_array()
        .expect("mines")
        .iter()
        .map(|pair| pair[0].as_u64().expect("row") as usize * 9 + pair[1].as_u64().expect("column") as usize)
        .collect();
    assert_eq!(mines, (0..81).filter(|&cell| layout[cell]).collect::<Vec<_>>(), "the same draw");
    assert_eq!(
        (report["uniform"].clone(), report["seed"].clone()),
        (serde_json::json!(true), serde_json::json!(4))
    );

    // Too big to count even with the certain cells taken out: not proved uniform.
    let tangled = fixtures.join("mines-too-big-to-count-without-certain-cells.txt");
    let output = curio(&["mines", "layout", path_str(&tangled)]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let printed = text(&output.stdout);
    assert!(printed.contains("not proved equally likely: the board is too big to count them"), "{printed}");
    let drawn = curio::mines::text::parse(&printed).expect("the output is a board file");
    let layout = drawn.layout.expect("every mine marked");
    assert_eq!(layout.iter().filter(|&&mine| mine).count(), 240);
    // Too big to count as it stands, counted once its certain cells are taken out: uniform.
    let expert = fixtures.join("mines-expert-too-big-to-count.txt");
    let output = curio(&["mines", "layout", path_str(&expert)]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let printed = text(&output.stdout);
    assert!(!printed.contains("not proved equally likely"), "{printed}");
    let drawn = curio::mines::text::parse(&printed).expect("the output is a board file");
    assert_eq!(drawn.layout.expect("every mine marked").iter().filter(|&&mine| mine).count(), 99);

    let dir = temp_dir("mines-layout");
    let inconsistent = dir.path().join("inconsistent.txt");
    std::fs::write(&inconsistent, "mines=1\n3.\n..\n").expect("write");
    assert_bad_input(
        &["mines", "layout", path_str(&inconsistent)],
        &["inconsistent.txt", "cannot draw a mine layout that fits", "inconsistent"],
    );
    assert_bad_input(&["mines", "layout", "/no/such/board.txt"], &["cannot read", "/no/such/board.txt"]);
}

#[test]
fn mines_window_bad_input_is_a_clear_error() {
    assert_bad_input(&["mines", "window", "--level", "200x100/10"], &["200x100", "at most 100x60"]);
    assert_bad_input(
        &["mines", "window", "--log", "/no/such/folder/games.jsonl"],
        &["cannot write log", "/no/such/folder"],
    );
    assert_bad_input(&["mines", "window", "--rule", "sometimes"], &["sometimes"]);
}

#[test]
fn mines_solve_plays_an_isolated_region_first() {
    // A wall of certain mines hides 32 cells from every number, so the board has far too many
    // layouts for the endgame search; the bottom-left pocket is a 50/50 nothing else can inform.
    let report = mines_solve_json("mines-isolated-region.txt");
    let best = &report["best_move"];
    assert_eq!((best["row"].as_u64(), best["col"].as_u64()), (Some(7), Some(0)), "{best}");
    let reason = best["reason"].as_str().expect("reason");
    assert!(reason.starts_with("isolated region") && reason.contains("wins 50.0%"), "{reason}");
}

#[test]
fn a_closed_stdout_ends_quietly() {
    use std::process::Stdio;
    // The reader closes the pipe before curio writes its result (`curio ... | head -0`).
    let mut child = Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(["mines", "bench", "--level", "beginner", "--games", "20"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("curio runs");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("curio ends");
    let stderr = text(&output.stderr);
    assert!(!stderr.contains("panicked"), "panicked on a closed pipe: {stderr}");
    assert_eq!(output.status.code(), Some(0), "stderr: {stderr}");
}
