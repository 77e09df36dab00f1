//! The `curio bulls` commands: every strategy's exact cost, a played game, the tree as JSON, and
//! bad input.

use crate::common::*;

#[test]
fn solve_reports_the_json_contract() {
    let report = json_of(&["bulls", "solve", "--variant", "mastermind", "--strategy", "minimax", "--json"]);
    assert_eq!(report["variant"], "mastermind");
    assert_eq!(report["strategy"], "minimax");
    assert_eq!(report["secrets"], 1296);
    assert_eq!(report["worst"], 5);
    // Knuth's minimax: 5,801 guesses over the 1,296 secrets.
    assert_eq!(report["total"], 5801);
    let histogram: Vec<u64> =
        report["histogram"].as_array().expect("histogram").iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(histogram.iter().sum::<u64>(), 1296);
    let total: u64 = histogram.iter().enumerate().map(|(d, n)| (d as u64 + 1) * n).sum();
    assert_eq!(total, 5801);
}

#[test]
fn random_consistent_reports_a_mean_over_complete_trees() {
    let report = json_of(&[
        "bulls", "solve", "--variant", "4of10", "--strategy", "random-consistent", "--runs", "20", "--seed", "1", "--json",
    ]);
    let average = report["average"].as_f64().expect("average");
    let interval = report["average_ci95"].as_array().expect("interval");
    assert!((5.3..5.6).contains(&average), "{report}");
    assert!(interval[0].as_f64().unwrap() <= average && average <= interval[1].as_f64().unwrap());
    assert_eq!(report["runs"], 20);
}

/// The write-up's program plays the repeats game with its own scoring (`4of10w`) and needs
/// fewer guesses than under Mastermind's rule (`4of10r`), same seed and runs.
#[test]
fn the_write_ups_scoring_is_a_variant() {
    let average = |variant: &str| {
        let report = json_of(&[
            "bulls", "solve", "--variant", variant, "--strategy", "random-consistent", "--runs", "20", "--seed", "1", "--json",
        ]);
        assert_eq!(report["variant"], variant);
        report["average"].as_f64().expect("average")
    };
    let (write_up, mastermind) = (average("4of10w"), average("4of10r"));
    assert!((5.9..6.3).contains(&write_up) && write_up < mastermind, "{write_up} {mastermind}");
}

#[test]
fn play_prints_a_session_as_the_write_up_does_and_ends_on_the_secret() {
    let output = curio(&["bulls", "play", "--variant", "4of10", "--secret", "8021", "--strategy", "entropy"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("Guess 1: 0123. Score: 5040\n"), "{stdout}");
    assert!(stdout.trim_end().ends_with("8021. Score: 1"), "{stdout}");
}

#[test]
fn tree_writes_every_secret_once() {
    let folder = temp_dir("bulls-tree");
    let out = folder.path().join("tree.json");
    let output = curio(&["bulls", "tree", "--variant", "mastermind", "--strategy", "most-parts", "--out", path_str(&out)]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let tree: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    fn leaves(node: &serde_json::Value) -> u64 {
        node["answers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|answer| match answer.get("next") {
                Some(next) => leaves(next),
                None => answer["secrets"].as_u64().unwrap(),
            })
            .sum()
    }
    assert_eq!(leaves(&tree["root"]), 1296);
    assert_eq!(tree["root"]["secrets"], 1296);
}

#[test]
fn bad_codes_variants_and_strategies_are_one_line() {
    assert_bad_input(&["bulls", "play", "--secret", "123"], &["'123' has 3 symbols", "4"]);
    assert_bad_input(&["bulls", "play", "--secret", "1123"], &["repeats '1'"]);
    assert_bad_input(&["bulls", "play", "--variant", "mastermind", "--secret", "1237"], &["'7'", "0 to 5"]);
    assert_bad_input(&["bulls", "solve", "--variant", "5of9", "--strategy", "minimax"], &["5of9"]);
    assert_bad_input(&["bulls", "solve", "--strategy", "greedy"], &["greedy"]);
    assert_bad_input(&["bulls", "solve", "--variant", "4of26", "--strategy", "minimax"], &["358800 codes", "minimax"]);
}

#[test]
fn optimal_searches_within_limits_and_resumes_from_its_state() {
    let folder = temp_dir("bulls-optimal");
    let state = folder.path().join("search.json");
    let args = [
        "bulls", "optimal", "--variant", "mastermind", "--depth", "1", "--json", "--state", path_str(&state),
    ];
    let first = json_of(&args);
    assert_eq!(first["complete"], true);
    assert_eq!(first["exact"], false);
    // Better than entropy's 5,722 with the best first guess, not better than the optimum 5,625.
    let total = first["total"].as_u64().expect("total");
    assert!((5625..5722).contains(&total), "{first}");
    let histogram: u64 = first["histogram"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(histogram, 1296);
    assert!(state.exists());
    // Resumed from the saved state: the same answer.
    assert_eq!(json_of(&args)["total"], total);
    // A state of other options is refused.
    assert_bad_input(
        &["bulls", "optimal", "--variant", "mastermind", "--depth", "2", "--state", path_str(&state)],
        &["other options"],
    );
    assert_bad_input(&["bulls", "optimal", "--variant", "mastermind", "--minutes", "0"], &["--minutes must be a positive number"]);
    assert_bad_input(&["bulls", "optimal", "--variant", "4of26"], &["358800 codes"]);
}
