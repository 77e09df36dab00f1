//! `curio conquest`: the rules tables (built-in, the other published one, a file; bad files
//! named), the branching factor from real games, and Conquest in the arena.

use super::common::*;

#[test]
fn rules_print_both_tables_and_a_saved_file_loads_back() {
    let output = curio(&["conquest", "rules"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let printed = text(&output.stdout);
    assert!(printed.contains("RuneHQ's table: 20x20 board"), "{printed}");
    assert!(printed.contains("Foot soldier      50         4      1     100     300"), "{printed}");
    let other = json_of(&["conquest", "rules", "--table", "runeslayer", "--json"]);
    assert_eq!(other["troops"][1]["damage"], 300);
    let dir = temp_dir("conquest");
    let file = dir.path().join("rules.json");
    std::fs::write(&file, serde_json::to_string(&other).unwrap()).unwrap();
    let loaded = json_of(&["conquest", "rules", "--rules", path_str(&file), "--json"]);
    assert_eq!(loaded, other);
    let mut broken = other.clone();
    broken["budget"] = serde_json::json!(100);
    std::fs::write(&file, serde_json::to_string(&broken).unwrap()).unwrap();
    assert_bad_input(&["conquest", "rules", "--rules", path_str(&file)], &["rules.json", "over the budget of 100"]);
    std::fs::write(&file, "{\"board\": 20").unwrap();
    assert_bad_input(&["conquest", "rules", "--rules", path_str(&file)], &["rules.json", "not Conquest rules"]);
    assert_bad_input(&["conquest", "rules", "--rules", "/no/such/rules.json"], &["cannot read"]);
}

#[test]
fn branching_counts_turns_with_and_without_commands() {
    let report = json_of(&["conquest", "branching", "--games", "2", "--max-turns", "6", "--seed", "3", "--json"]);
    assert_eq!(report["with_commands"]["positions"], 12);
    let (with, without) = (&report["with_commands"], &report["without_commands"]);
    assert!(with["mean"].as_f64().unwrap() > without["mean"].as_f64().unwrap());
    assert!(without["median"].as_u64().unwrap() > 100, "{report}");
    assert!(with["max"].as_u64().unwrap() >= with["p95"].as_u64().unwrap());
    assert_bad_input(&["conquest", "branching", "--games", "0"], &["--games and --max-turns must be 1 to 1,000"]);
}

#[test]
fn conquest_plays_in_the_arena() {
    let report = json_of(&["arena", "--game", "conquest", "--players", "greedy,random", "--games", "2", "--seed", "1", "--json"]);
    assert_eq!(report["game"], "conquest");
    assert_eq!(report["pairs"][0]["a_wins"], 2, "{report}");
    assert_bad_input(&["arena", "--game", "conquest", "--players", "greedy,mcts:0"], &["'mcts:0' is not a player of conquest", "mcts:N"]);
    assert_bad_input(&["arena", "--game", "connect4", "--players", "random,flat:1", "--rules", "x.json"], &["--rules is Conquest's"]);
}
