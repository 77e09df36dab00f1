//! The `curio story` commands: the checker's JSON contract (each kind of error at its line, exit
//! codes), the shipped story checked clean and walked whole, talk, fmt, export and bad input.

use crate::common::*;

const SCRIPT: &str = "tests/fixtures/story/speech.dat";
const MAPS: &str = "tests/fixtures/story/maps";

/// `story check --json` of `text`: the output and the exit code.
fn check(text: &str) -> (serde_json::Value, Option<i32>) {
    let folder = temp_dir("story-check");
    let path = folder.path().join("speech.dat");
    std::fs::write(&path, text).unwrap();
    let output = curio(&["story", "check", path_str(&path), "--json"]);
    (serde_json::from_slice(&output.stdout).expect("JSON"), output.status.code())
}

/// The fixture script with line `line` (from 1) replaced.
fn with_line(line: usize, replacement: &str) -> String {
    let text = std::fs::read_to_string(SCRIPT).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[line - 1] = replacement;
    lines.join("\n") + "\n"
}

fn errors(report: &serde_json::Value) -> Vec<(u64, String)> {
    report["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|error| (error["line"].as_u64().unwrap(), error["kind"].as_str().unwrap().to_string()))
        .collect()
}

#[test]
fn a_clean_script_reports_no_errors() {
    let report = json_of(&["story", "check", SCRIPT, "--maps", MAPS, "--json"]);
    assert_eq!(report, serde_json::json!({"errors": [], "strings": 9, "reachable": 9, "maps": 3}));
}

#[test]
fn each_planted_error_is_named_with_its_line() {
    // Line 3 is "1 chgspk 2": its target out of the table.
    let (report, code) = check(&with_line(3, "1 chgspk 99"));
    assert_eq!(code, Some(1));
    assert!(errors(&report).contains(&(3, "dangling-target".into())), "{report}");
    // A string added after the table's last: no start reaches it, at its own line (22).
    let (report, _) = check(&(std::fs::read_to_string(SCRIPT).unwrap() + "A line nobody says.\n"));
    assert_eq!(errors(&report), vec![(22, "unreachable-string".into())]);
    // Line 7 is "6 same 0": made to go back to 4, a loop no choice leaves (4 and 6).
    let (report, _) = check(&with_line(7, "6 same 4"));
    assert_eq!(errors(&report), vec![(6, "no-end".into()), (7, "no-end".into())]);
    // Line 4 is the choice: emptied.
    let (report, _) = check(&with_line(4, "2 choose"));
    assert!(errors(&report).contains(&(4, "empty-choice".into())), "{report}");
    // Line 8 ("5 same 0") made a second entry for string 4.
    let (report, _) = check(&with_line(8, "4 same 0"));
    assert!(errors(&report).contains(&(8, "duplicate-source".into())), "{report}");
    // Line 10 ("7 chgspk 8") with an opcode that is not one.
    let (report, _) = check(&with_line(10, "7 answers 8"));
    assert_eq!(report["errors"][0]["kind"], "syntax");
    assert_eq!((report["errors"][0]["line"].as_u64(), report["errors"][0]["column"].as_u64()), (Some(10), Some(3)));
}

#[test]
fn the_shipped_story_checks_clean_and_is_walked_whole() {
    let folder = temp_dir("story-export");
    let target = folder.path().join("siddhartha");
    let output = curio(&["story", "export", path_str(&target)]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let script = target.join("speech.dat");
    let maps = target.join("maps");
    let report = json_of(&["story", "check", path_str(&script), "--maps", path_str(&maps), "--json"]);
    assert_eq!(report["errors"], serde_json::json!([]));
    assert_eq!(report["maps"], 28);
    assert_eq!(report["reachable"], report["strings"]);
    let walk = json_of(&["story", "walk", "--json"]);
    assert_eq!(walk["maps"], 28);
    assert_eq!(walk["maps_visited"], 28);
    assert_eq!(walk["strings_shown"], report["strings"]);
    assert_eq!(walk["stuck"], serde_json::json!([]));
    // Export never overwrites.
    assert_bad_input(&["story", "export", path_str(&target)], &["already exists"]);
}

#[test]
fn talk_follows_the_choices_and_fmt_prints_a_script_that_checks_the_same() {
    let report = json_of(&["story", "talk", SCRIPT, "--start", "1", "--choices", "1,2", "--json"]);
    let strings: Vec<u64> = report["lines"].as_array().unwrap().iter().map(|line| line["string"].as_u64().unwrap()).collect();
    assert_eq!(strings, vec![1, 2, 3, 2, 4, 6]);
    assert_eq!(report["ended"], true);
    let waiting = json_of(&["story", "talk", SCRIPT, "--start", "1", "--json"]);
    assert_eq!((waiting["ended"].as_bool(), waiting["options"].clone()), (Some(false), serde_json::json!([3, 4, 5])));
    let output = curio(&["story", "fmt", SCRIPT]);
    assert!(output.status.success());
    let (report, code) = check(&text(&output.stdout));
    assert_eq!((report["strings"].as_u64(), report["reachable"].as_u64(), code), (Some(9), Some(9), Some(0)));
}

#[test]
fn bad_input_is_one_clear_line() {
    let output = curio(&["story", "check", "/nonexistent/speech.dat"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("cannot read script"));
    assert_bad_input(&["story", "check", SCRIPT, "--maps", "/nonexistent"], &["cannot read the maps folder"]);
    assert_bad_input(&["story", "talk", SCRIPT, "--start", "0"], &["cannot start a conversation"]);
    assert_bad_input(&["story", "talk", SCRIPT, "--start", "1", "--choices", "7"], &["option 7 of 3"]);
    assert_bad_input(&["story", "walk", "/nonexistent"], &["cannot read script"]);
    let folder = temp_dir("story-bad-map");
    std::fs::create_dir_all(folder.path().join("maps")).unwrap();
    std::fs::copy(SCRIPT, folder.path().join("speech.dat")).unwrap();
    std::fs::write(folder.path().join("maps/a.map"), "title A\nbackground b\nplatform 0 22 99\n").unwrap();
    assert_bad_input(&["story", "walk", path_str(folder.path())], &["map 'a', line 3, column 15"]);
}
