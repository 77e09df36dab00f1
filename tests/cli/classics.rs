//! The `curio classics` commands: the JSON contracts, the Code Jam problems over stdin and
//! stdout (samples against the statement's outputs, the interactive two against the judge as
//! a separate process would talk to them), and bad input.

use crate::common::*;
use curio::classics::codejam::{CodeJamProblem, JudgeSettings, go_gopher, number_guessing};
use std::io::Write;

/// `curio classics codejam PROBLEM` started with its standard streams piped.
fn spawn_codejam(problem: &str) -> std::process::Child {
    spawn_curio(&["classics", "codejam", problem])
}

/// `curio classics codejam PROBLEM` with `input` on stdin: its exit code, stdout and stderr.
fn codejam(problem: &str, input: &str) -> (Option<i32>, String, String) {
    let mut child = spawn_codejam(problem);
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    let output = child.wait_with_output().expect("curio ends");
    (output.status.code(), text(&output.stdout), text(&output.stderr))
}

#[test]
fn tournaments_follow_the_contract() {
    let report = json_of(&["classics", "tournaments", "--players", "7", "--json"]);
    assert_eq!(report["tournaments"], 1 << 21);
    assert_eq!(report["counterexamples"], 7520);
    let classes = report["classes"].as_array().expect("classes");
    let sizes: Vec<u64> = classes.iter().map(|class| class["size"].as_u64().unwrap()).collect();
    assert_eq!(sizes.iter().sum::<u64>(), 7520);
    assert_eq!(classes.iter().filter(|class| class["official"] == true).count(), 1);
    let report = json_of(&["classics", "tournaments", "--players", "6", "--json"]);
    assert_eq!((report["counterexamples"].as_u64(), report["classes"].as_array().map(Vec::len)), (Some(0), Some(0)));
}

#[test]
fn primes_follow_the_contract() {
    let report = json_of(&["classics", "primes", "--limit", "2011", "--at-least", "3", "--json"]);
    assert_eq!((report["primes"].as_u64(), report["count"].as_u64()), (Some(305), Some(147)));
    let report = json_of(&["classics", "primes", "--limit", "2011", "--at-least", "11", "--json"]);
    assert_eq!(report["count"], 56);
    let report = json_of(&["classics", "primes", "--limit", "2011", "--exactly", "11", "--json"]);
    assert_eq!(report["count"], 18);
    let report = json_of(&["classics", "prime-sums", "2011", "--json"]);
    assert_eq!(report["representations"][0]["terms"], 11);
}

#[test]
fn quality_reads_the_task_file() {
    let folder = temp_dir("quality");
    let path = folder.path().join("grid.txt");
    std::fs::write(&path, "5 5 3 3\n5 11 12 16 25\n17 18 2 7 10\n4 23 20 3 1\n24 21 19 14 9\n6 22 8 13 15\n").unwrap();
    let report = json_of(&["classics", "quality", path_str(&path), "--json"]);
    assert_eq!((report["median"].as_u64(), report["row"].as_u64(), report["col"].as_u64()), (Some(9), Some(1), Some(2)));
    let report = json_of(&["classics", "quality", "--random", "40x30", "--window", "7x5", "--seed", "3", "--brute-force", "--json"]);
    assert_eq!(report["median"], report["brute_force"]["median"]);
    std::fs::write(&path, "2 2 1 1\n1 2\n2 4\n").unwrap();
    assert_bad_input(&["classics", "quality", path_str(&path)], &["line 3: rank 2 appears twice"]);
}

#[test]
fn codejam_samples_match_the_statements() {
    let samples = [
        ("bathroom_stalls", "Case #1: 1 0\nCase #2: 1 0\nCase #3: 1 1\nCase #4: 0 0\nCase #5: 500 499\n"),
        ("steed_2_cruise_control", "Case #1: 101.000000\nCase #2: 100.000000\nCase #3: 33.333333\n"),
        ("saving_the_universe_again", "Case #1: 1\nCase #2: 0\nCase #3: IMPOSSIBLE\nCase #4: 2\nCase #5: 0\nCase #6: 5\n"),
        ("trouble_sort", "Case #1: OK\nCase #2: 1\n"),
    ];
    for (key, expected) in samples {
        let problem = CodeJamProblem::ALL.into_iter().find(|p| p.key() == key).unwrap();
        let (code, stdout, stderr) = codejam(key, problem.sample_input());
        assert_eq!(code, Some(0), "{key}: {stderr}");
        assert_eq!(stdout, expected, "{key}");
    }
    let (_, stdout, _) = codejam("bathroom_stalls", "1\n1000000000000000000 1\n");
    assert_eq!(stdout, "Case #1: 500000000000000000 499999999999999999\n");
    let (code, stdout, _) = codejam("cubic_ufo", "1\n1.7\n");
    assert_eq!((code, stdout.lines().count()), (Some(0), 4));
}

#[test]
fn the_interactive_problems_talk_to_a_judge_over_stdin_and_stdout() {
    for problem in ["number_guessing", "go_gopher"] {
        let mut child = spawn_codejam(problem);
        let mut to_solver = child.stdin.take().expect("stdin");
        let mut from_solver = std::io::BufReader::new(child.stdout.take().expect("stdout"));
        let settings = JudgeSettings { cases: 5, seed: 9, test_set: 2 };
        let report = if problem == "go_gopher" {
            go_gopher::judge(settings, &mut from_solver, &mut to_solver)
        } else {
            number_guessing::judge(settings, &mut from_solver, &mut to_solver)
        }
        .expect("the judge runs");
        drop(to_solver);
        let status = child.wait().expect("curio ends");
        assert_eq!((report.won, report.verdict), (5, None), "{problem}");
        assert!(status.success(), "{problem}");
    }
    let report = json_of(&["classics", "codejam", "go_gopher", "--judge", "--cases", "10", "--seed", "4", "--json"]);
    assert_eq!(report["won"], 10);
}

/// `curio ARGS` with `input` on stdin: its exit code and stdout.
fn curio_with_input(args: &[&str], input: &str) -> (Option<i32>, String) {
    let mut child = spawn_curio(args);
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    let output = child.wait_with_output().expect("curio ends");
    (output.status.code(), text(&output.stdout))
}

#[test]
fn the_write_ups_methods_replay_its_results() {
    // Saving the Universe Again capped at 100 swaps: a generated input with a case that needs
    // more, checked case by case against Curio's answers.
    let generate = ["classics", "codejam", "saving_the_universe_again", "--generate", "--test-set", "2", "--cases", "100", "--seed", "1"];
    let (code, input) = curio_with_input(&generate, "");
    assert_eq!(code, Some(0));
    assert_eq!(input.lines().count(), 101);
    let verify = ["classics", "codejam", "saving_the_universe_again", "--method", "write-up", "--verify", "--json"];
    let (code, report) = curio_with_input(&verify, &input);
    assert_eq!(code, Some(0));
    let report: serde_json::Value = serde_json::from_str(&report).expect("JSON");
    assert_eq!((report["cases"].as_u64(), report["right"].as_u64()), (Some(100), Some(99)));
    assert_eq!(report["first_wrong"][1], "100");
    // Cubic UFO by hill climbing meets the contest's 1e-6.
    let (code, stdout) = curio_with_input(&["classics", "codejam", "cubic_ufo", "--method", "write-up", "--verify"], "2\n1.000000\n1.600000\n");
    assert_eq!(code, Some(0));
    assert!(stdout.contains("2 of 2 cases right"), "{stdout}");
    // Number Guessing with the midpoint rounded down: a single random case usually passes, a
    // whole test set (whose second case hides B) never does.
    let games = |method: &str, cases: &str| {
        json_of(&["classics", "codejam", "number_guessing", "--method", method, "--judge", "--cases", cases, "--games", "20", "--test-set", "1", "--json"])
    };
    assert_eq!(games("write-up-first", "20")["games_won"], 0);
    assert_eq!(games("write-up", "20")["games_won"], 20);
    // Go, Gopher! by the write-up's sweep loses A = 200.
    let gopher = json_of(&["classics", "codejam", "go_gopher", "--method", "write-up", "--judge", "--cases", "1", "--games", "5", "--test-set", "2", "--json"]);
    assert!(gopher["games_won"].as_u64() < Some(5), "{gopher}");
}

#[test]
fn bad_input_gets_one_line() {
    assert_bad_input(&["classics", "codejam", "senate_evacuation", "--method", "write-up"], &["has no method 'write-up'"]);
    assert_bad_input(&["classics", "codejam", "senate_evacuation", "--generate"], &["has no generator"]);
    assert_bad_input(&["classics", "codejam", "trouble_sort", "--generate", "--judge"], &["cannot be used with"]);
    assert_bad_input(&["classics", "codejam", "trouble_sort", "--games", "3"], &["--judge"]);
    assert_bad_input(&["classics", "tournaments", "--players", "9"], &["--players must be 1 to 8"]);
    assert_bad_input(&["classics", "primes", "--limit", "2011"], &["--at-least"]);
    assert_bad_input(&["classics", "primes", "--limit", "10000000000", "--at-least", "3"], &["--limit must be"]);
    assert_bad_input(&["classics", "quality", "--random", "3x3", "--window", "2x1"], &["odd by odd"]);
    assert_bad_input(&["classics", "quality", "/nonexistent/grid.txt"], &["cannot read"]);
    assert_bad_input(&["classics", "codejam", "fizz_buzz"], &["fizz_buzz"]);
    assert_bad_input(&["classics", "codejam", "trouble_sort", "--judge"], &["not interactive"]);
    assert_bad_input(&["classics", "stalls", "5", "6"], &["1 <= K <= N"]);
    let (code, stdout, stderr) = codejam("bathroom_stalls", "2\n4 2\n5 x\n");
    assert_eq!(code, Some(2));
    assert!(stdout.is_empty() && stderr.contains("line 3: 'x'"), "{stderr}");
    let (code, _, stderr) = codejam("number_guessing", "1\n0 30\n30\nMAYBE\n");
    assert_eq!(code, Some(2), "{stderr}");
}
