//! The `curio` binary: every star command, including bad input.

use std::path::Path;
use std::process::{Command, Output};

fn curio(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_curio")).args(args).output().expect("curio runs")
}

/// A temporary folder, removed when dropped.
fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("curio-cli-{name}-")).tempdir().expect("temp dir")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Bad input: exit code 2, one line on stderr containing every `needles`, no panic.
fn assert_bad_input(args: &[&str], needles: &[&str]) {
    let output = curio(args);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: stderr {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    for needle in needles {
        assert!(stderr.contains(needle), "{args:?}: expected {needle:?} in {stderr:?}");
    }
    assert!(output.stdout.is_empty(), "{args:?}: nothing on stdout, got {}", text(&output.stdout));
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("utf-8 temp path")
}

#[test]
fn render_writes_svg_for_every_style() {
    let dir = temp_dir("svg");
    let dir = dir.path();
    for style in ["outline", "polygram", "density"] {
        let out = dir.join(format!("star-{style}.svg"));
        let output =
            curio(&["star", "render", "--n", "7", "--d", "3", "--style", style, "--out", path_str(&out)]);
        assert!(output.status.success(), "{style}: {}", text(&output.stderr));
        let svg = std::fs::read_to_string(&out).expect("svg written");
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{style}");
        assert!(text(&output.stdout).contains("wrote"), "{style}");
    }
}

#[test]
fn render_writes_png_of_the_requested_size_and_reports_json() {
    let dir = temp_dir("png");
    let dir = dir.path();
    let out = dir.join("star.png");
    let output = curio(&[
        "star",
        "render",
        "--n",
        "12",
        "--d",
        "4",
        "--style",
        "density",
        "--size",
        "300",
        "--construction",
        "--out",
        path_str(&out),
        "--json",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    assert_eq!(report["n"], 12);
    assert_eq!(report["d"], 4);
    assert_eq!(report["compound_of"], 4);
    assert_eq!(report["width"], 300);
    let image = image::open(&out).expect("valid png").to_rgba8();
    assert_eq!(image.dimensions(), (300, 300));
    let distinct: std::collections::HashSet<_> = image.pixels().map(|p| p.0).collect();
    assert!(distinct.len() > 10, "an anti-aliased figure has many colours");
}

#[test]
fn stellar_prints_the_number_and_json() {
    let output = curio(&["star", "stellar", "--points", "6", "--stage", "5", "--json"]);
    assert!(output.status.success());
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(report, serde_json::json!({"points": 6, "stage": 5, "value": 121}));
    let plain = curio(&["star", "stellar", "--points", "6", "--stage", "3"]);
    assert_eq!(text(&plain.stdout).trim(), "S(6, 3) = 37");
}

#[test]
fn stellar_draws_its_dot_figure() {
    let dir = temp_dir("dots");
    let dir = dir.path();
    let out = dir.join("dots.svg");
    let output = curio(&["star", "stellar", "--points", "6", "--stage", "4", "--out", path_str(&out)]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let svg = std::fs::read_to_string(&out).expect("svg");
    // 73 dots, each a circle of four cubic arcs: count the sub-paths of the dot shape.
    let lines: Vec<&str> = svg.lines().collect();
    let dots_path = lines[lines.len() - 2];
    assert_eq!(dots_path.matches('M').count(), 73);
}

#[test]
fn density_out_of_range_is_a_clear_error() {
    assert_bad_input(
        &["star", "render", "--n", "8", "--d", "4", "--out", "x.svg"],
        &["d = 4", "n = 8", "1..=3"],
    );
    assert_bad_input(&["star", "render", "--n", "7", "--d", "0", "--out", "x.svg"], &["d = 0"]);
}

#[test]
fn too_few_points_is_a_clear_error() {
    assert_bad_input(&["star", "render", "--n", "2", "--d", "1", "--out", "x.svg"], &["n = 2", "between 3"]);
    assert_bad_input(&["star", "render", "--n", "-5", "--d", "1", "--out", "x.svg"], &["-5"]);
    assert_bad_input(&["star", "stellar", "--points", "2", "--stage", "3"], &["points = 2"]);
    assert_bad_input(&["star", "stellar", "--points", "6", "--stage", "0"], &["stage"]);
}

#[test]
fn png_size_out_of_range_is_a_clear_error() {
    assert_bad_input(
        &["star", "render", "--n", "5", "--d", "2", "--size", "0", "--out", "x.png"],
        &["size = 0", "16384"],
    );
    assert_bad_input(
        &["star", "render", "--n", "5", "--d", "2", "--size", "20000", "--out", "x.png"],
        &["size = 20000"],
    );
}

#[test]
fn unknown_extension_is_a_clear_error() {
    assert_bad_input(
        &["star", "render", "--n", "5", "--d", "2", "--out", "star.jpg"],
        &["star.jpg", ".svg or .png"],
    );
    assert_bad_input(&["star", "render", "--n", "5", "--d", "2", "--out", "star"], &[".svg or .png"]);
}

#[test]
fn unwritable_path_is_a_clear_error() {
    assert_bad_input(
        &["star", "render", "--n", "5", "--d", "2", "--out", "/no/such/folder/star.svg"],
        &["cannot write", "/no/such/folder"],
    );
    // /proc exists but accepts no new files, even for root.
    assert_bad_input(
        &["star", "render", "--n", "5", "--d", "2", "--out", "/proc/curio-star.svg"],
        &["cannot write"],
    );
}

#[test]
fn oversized_density_figure_is_refused_not_attempted() {
    assert_bad_input(
        &["star", "render", "--n", "10000", "--d", "4999", "--style", "density", "--out", "big.svg"],
        &["{10000/4999}", "path points"],
    );
}

#[test]
fn help_shows_examples() {
    let output = curio(&["star", "render", "--help"]);
    assert!(output.status.success());
    assert!(text(&output.stdout).contains("Examples:"));
    let top = curio(&["--help"]);
    assert!(text(&top.stdout).contains("star"));
}

#[test]
fn gui_without_a_display_says_so() {
    let output = Command::new(env!("CARGO_BIN_EXE_curio"))
        .arg("gui")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("no display"), "{stderr}");
    assert!(!stderr.contains("panicked"));
}

#[test]
fn gui_rejects_a_bad_window_size() {
    assert_bad_input(&["gui", "--size", "10x10"], &["10x10", "200..=8192"]);
}

#[test]
fn gui_rejects_unreadable_or_invalid_settings() {
    assert_bad_input(
        &["gui", "--settings", "/no/such/settings.json"],
        &["cannot read settings", "/no/such/settings.json"],
    );
    let dir = temp_dir("settings");
    let dir = dir.path();
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{ not json").expect("write");
    assert_bad_input(&["gui", "--settings", path_str(&bad)], &["not valid"]);
}

#[test]
fn bench_reports_every_reference_star() {
    let output = curio(&["star", "bench", "--size", "64", "--repeat", "1", "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    let cases = report["png_export"].as_array().expect("array");
    assert_eq!(cases.len(), 3);
    assert_eq!(cases[1]["star"], "{10000/4999}");
    assert!(cases.iter().all(|case| case["png_bytes"].as_u64().unwrap_or(0) > 0));
    assert_bad_input(&["star", "bench", "--size", "0"], &["size = 0"]);
}

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

fn json_of(args: &[&str]) -> serde_json::Value {
    let output = curio(args);
    assert!(output.status.success(), "{args:?}: {}", text(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

#[test]
fn fermat_point_reports_the_point_its_sum_and_the_vertex_case() {
    let inside = json_of(&["fermat", "point", "--a", "0,0", "--b", "4,0", "--c", "1,3", "--json"]);
    assert_eq!(inside["at_vertex"], serde_json::Value::Null);
    let sum = inside["sum"].as_f64().unwrap();
    for length in inside["line_lengths"].as_array().unwrap() {
        assert!((length.as_f64().unwrap() - sum).abs() < 1e-9);
    }
    let wide = json_of(&["fermat", "point", "--a", "0,0", "--b", "10,0", "--c", "5,1", "--json"]);
    assert_eq!(wide["at_vertex"], "C");
    assert_eq!((wide["x"].as_f64(), wide["y"].as_f64()), (Some(5.0), Some(1.0)));
    let negative = json_of(&["fermat", "point", "--a", "-3,-1", "--b", "4,0", "--c", "1,3", "--json"]);
    assert!(negative["sum"].as_f64().unwrap() > 0.0);
}

#[test]
fn fermat_median_and_the_two_searches_give_known_answers() {
    let median = json_of(&["fermat", "median", "--points", "0,0;4,0;1,3", "--json"]);
    let point = json_of(&["fermat", "point", "--a", "0,0", "--b", "4,0", "--c", "1,3", "--json"]);
    assert!((median["sum"].as_f64().unwrap() - point["sum"].as_f64().unwrap()).abs() < 1e-9);
    assert!(median["iterations"].as_u64().unwrap() > 0);
    let torricelli = json_of(&["fermat", "torricelli", "--limit", "120000", "--show", "2", "--json"]);
    assert_eq!(torricelli["sum"], 30_758_397);
    assert_eq!(torricelli["first"].as_array().unwrap().len(), 2);
    let pe299 = json_of(&["fermat", "pe299", "--limit", "100", "--json"]);
    assert_eq!(pe299["count"], 92);
}

#[test]
fn fermat_render_writes_the_figure_and_the_median() {
    let dir = temp_dir("fermat");
    let svg = dir.path().join("fermat.svg");
    let png = dir.path().join("median.png");
    let output = curio(&[
        "fermat",
        "render",
        "--a",
        "0,0",
        "--b",
        "4,0",
        "--c",
        "1,3",
        "--layers",
        "lines,angles",
        "--out",
        path_str(&svg),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(std::fs::read_to_string(&svg).expect("svg").contains("<svg"));
    let output = curio(&[
        "fermat",
        "render",
        "--points",
        "0,0;4,0;1,3,2;5,4",
        "--size",
        "300",
        "--out",
        path_str(&png),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(image::image_dimensions(&png).expect("png"), (300, 300));
}

#[test]
fn fermat_bad_input_is_a_clear_error() {
    assert_bad_input(
        &["fermat", "point", "--a", "0,0", "--b", "0,0", "--c", "1,1"],
        &["A and B are the same point"],
    );
    assert_bad_input(&["fermat", "point", "--a", "0,0", "--b", "1,1", "--c", "2,2"], &["lie on one line"]);
    assert_bad_input(&["fermat", "point", "--a", "0", "--b", "1,1", "--c", "2,2"], &["must be X,Y"]);
    assert_bad_input(&["fermat", "point", "--a", "nan,0", "--b", "1,1", "--c", "2,2"], &["not finite"]);
    assert_bad_input(&["fermat", "median", "--points", "0,0;1,x"], &["point 2", "'x' is not a number"]);
    assert_bad_input(&["fermat", "median", "--points", "0,0,-1;1,1"], &["weight -1"]);
    assert_bad_input(&["fermat", "median", "--points", "0,0,0;1,1,0"], &["every weight is 0"]);
    assert_bad_input(&["fermat", "torricelli", "--limit", "0"], &["--limit"]);
    assert_bad_input(&["fermat", "torricelli", "--limit", "60000000"], &["--limit"]);
    assert_bad_input(&["fermat", "pe299", "--limit", "-5"], &["--limit"]);
    assert_bad_input(
        &[
            "fermat", "render", "--a", "0,0", "--b", "4,0", "--c", "1,3", "--layers", "bogus", "--out",
            "x.svg",
        ],
        &["unknown layer 'bogus'"],
    );
    assert_bad_input(
        &["fermat", "render", "--a", "0,0", "--b", "4,0", "--c", "1,3", "--out", "x.gif"],
        &["unknown output format"],
    );
    assert_bad_input(&["fermat", "render", "--out", "x.svg"], &["give the triangle"]);
}

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
        &["population 2"],
    );
    assert_bad_input(&["tetris", "evolve", "--optimizer", "sgd", "--out", "r.json"], &["sgd"]);
    assert_bad_input(&["tetris", "evolve", "--generations", "3"], &["--out"]);
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
fn gregg_transcribe_lists_outline_source_and_phonemes() {
    let output = curio(&["gregg", "transcribe", "The cake, blorptastic!", "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let words: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    let words = words.as_array().expect("a list");
    assert_eq!(words.len(), 3);
    assert_eq!(words[0]["word"], "The");
    assert_eq!(words[0]["source"], "brief-form");
    assert_eq!(words[1]["outline"], "kak");
    assert_eq!(words[1]["phonemes"], "K EY1 K");
    assert_eq!(words[2]["source"], "letter-to-sound");
    let table = curio(&["gregg", "transcribe", "church", "--rules-only"]);
    assert!(text(&table.stdout).contains("che~ch"), "{}", text(&table.stdout));
    assert_bad_input(&["gregg", "transcribe", "123 ..."], &["no words"]);
}

#[test]
fn gregg_eval_reports_every_rate() {
    let dir = temp_dir("gregg-eval");
    let list = dir.path().join("words.tsv");
    std::fs::write(&list, "# words\ncake\tkak\nchurch\tche~ch | chrch\nblorp\tblorp\n").unwrap();
    let output = curio(&["gregg", "eval", path_str(&list), "--rules-only", "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(report["words"], 3);
    assert_eq!(report["known_words"], 2);
    for key in ["exact_rate", "exact_rate_known", "letters_rate", "consonants_rate", "consonants_rate_known"]
    {
        let rate = report[key].as_f64().expect(key);
        assert!((0.0..=1.0).contains(&rate), "{key} {rate}");
    }
    assert_eq!(report["exact_rate_known"], 1.0);
    assert!(report["by_class"]["exact"].as_u64().unwrap() >= 2);
    assert!(report["worst"].is_array());
    let broken = dir.path().join("broken.tsv");
    std::fs::write(&broken, "cake kak\n").unwrap();
    assert_bad_input(&["gregg", "eval", path_str(&broken)], &["line 1"]);
    assert_bad_input(&["gregg", "eval", "/nonexistent/words.tsv"], &["cannot read"]);
}

#[test]
fn gregg_render_writes_svg_and_png() {
    let dir = temp_dir("gregg-render");
    let svg = dir.path().join("page.svg");
    let output =
        curio(&["gregg", "render", "London bridge is falling down.", "--out", path_str(&svg), "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(report["words"], 5);
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let png = dir.path().join("page.png");
    let output = curio(&["gregg", "render", "cake", "--out", path_str(&png), "--width", "300", "--debug"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let image = image::open(&png).expect("a png");
    assert_eq!(image.width(), 300);
    assert_bad_input(&["gregg", "render", "cake", "--out", "page.gif"], &["gif"]);
    assert_bad_input(&["gregg", "render", "cake", "--out", path_str(&svg), "--unit", "0"], &["--unit"]);
    assert_bad_input(&["gregg", "render", "  ", "--out", path_str(&svg)], &["nothing to write"]);
}

#[test]
fn gregg_learn_writes_rewrites_that_eval_can_use() {
    let dir = temp_dir("gregg-learn");
    let list = dir.path().join("words.tsv");
    let words =
        ["agitate\tajta", "accelerate\takselra", "abdicate\tabdeka", "advocate\tavka", "celebrate\tselbra"];
    std::fs::write(&list, words.join("\n")).unwrap();
    let out = dir.path().join("rewrites.tsv");
    let output = curio(&[
        "gregg",
        "learn",
        path_str(&list),
        "--split",
        "all",
        "--min-gain",
        "2",
        "--out",
        path_str(&out),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let rewrites = std::fs::read_to_string(&out).unwrap();
    assert!(rewrites.starts_with("# Learned rewrites"), "{rewrites}");
}

#[test]
fn gregg_bench_reports_words_per_second() {
    let output = curio(&["gregg", "bench", "--words", "2000", "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert!(report["words"].as_u64().unwrap() >= 2000);
    assert!(report["words_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn gregg_eval_takes_a_rewrites_file_and_names_a_bad_one() {
    let dir = temp_dir("gregg-rewrites");
    let list = dir.path().join("words.tsv");
    std::fs::write(&list, "cake\tkk\n").unwrap();
    let rewrites = dir.path().join("rewrites.tsv");
    std::fs::write(&rewrites, "# mine\nanywhere\tkak\tkk\n").unwrap();
    let output = curio(&[
        "gregg",
        "eval",
        path_str(&list),
        "--rules-only",
        "--rewrites",
        path_str(&rewrites),
        "--json",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(report["exact_rate"], 1.0);
    std::fs::write(&rewrites, "middle\tk\tg\n").unwrap();
    assert_bad_input(
        &["gregg", "eval", path_str(&list), "--rewrites", path_str(&rewrites)],
        &["not a rewrites file"],
    );
}
