//! `curio connect4`: solve prints `POSITION SCORE` a line in input order (exact, weak, each
//! column), bench checks a scored file and fails on a wrong score, play runs a game from
//! standard input, and bad lines name their number.

use super::common::*;

#[test]
fn solve_prints_each_position_with_its_score_in_order() {
    // Scores as Pascal Pons's solver gives them for these positions.
    let output = curio_with_input(&["connect4", "solve"], "42655421475772\n121212\n4265542147577\n");
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), "42655421475772 6\n121212 18\n4265542147577 -4\n");
    let output = curio_with_input(&["connect4", "solve", "--weak"], "4265542147577\n121212\n");
    assert_eq!(text(&output.stdout), "4265542147577 -1\n121212 1\n");
    let output = curio_with_input(&["connect4", "solve", "--all"], "4265542147577\n1111112\n");
    assert_eq!(text(&output.stdout).lines().next(), Some("4265542147577 -7 -6 -9 -4 -6 -14 -6"));
    assert!(text(&output.stdout).lines().nth(1).unwrap().starts_with("1111112 - "), "a full column shows '-'");
}

#[test]
fn bench_checks_every_score_and_names_a_wrong_one() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/crates/connect4/tests/data/end.txt");
    let report = json_of(&["connect4", "bench", data, "--json"]);
    assert_eq!(report["positions"], 200);
    assert_eq!(report["all_correct"], true);
    assert!(report["mean_nodes"].as_f64().unwrap() > 0.0);
    let dir = temp_dir("connect4");
    let wrong = dir.path().join("wrong.txt");
    std::fs::write(&wrong, "121212 18\n4265542147577 5\n").unwrap();
    let output = curio(&["connect4", "bench", path_str(&wrong)]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("line 2: 4265542147577 scores -4, the file says 5"), "{}", text(&output.stderr));
}

#[test]
fn play_answers_the_person_until_the_game_ends() {
    // Against the random player (seed 3) the person stacks column 4 and then column 1..4
    // wherever it can; the game ends one way or another, and the moves are printed.
    let moves = "4\n4\n4\n4\n3\n3\n3\n5\n5\n5\n2\n2\n2\n6\n6\n6\n1\n1\n1\n7\n7\n7\nq\n";
    let output = curio_with_input(&["connect4", "play", "--opponent", "random", "--seed", "3"], moves);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert!(stdout.contains("The opponent plays"), "{stdout}");
    assert!(stdout.contains(" 1 2 3 4 5 6 7"));
    // The perfect opponent to move in a won end game (Pons's score +5) wins whatever the
    // person plays.
    let output = curio_with_input(
        &["connect4", "play", "--second", "--from", "161145751235766227515125664763"],
        &"1\n2\n3\n4\n5\n6\n7\n".repeat(4),
    );
    let stdout = text(&output.stdout);
    assert!(stdout.contains("The opponent wins"), "{stdout}");
}

#[test]
fn connect4_bad_input_is_one_clear_line() {
    let dir = temp_dir("connect4-bad");
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "4459\n").unwrap();
    assert_bad_input(&["connect4", "solve", path_str(&bad)], &["line 1", "move 4", "'9' is not a column"]);
    std::fs::write(&bad, "1212121\n").unwrap();
    assert_bad_input(&["connect4", "solve", path_str(&bad)], &["line 1", "wins the game"]);
    std::fs::write(&bad, "4453 x\n").unwrap();
    assert_bad_input(&["connect4", "bench", path_str(&bad)], &["line 1", "not a whole number"]);
    assert_bad_input(&["connect4", "bench", "/nonexistent/scores.txt"], &["cannot read"]);
    assert_bad_input(&["connect4", "play", "--from", "1111111"], &["--from", "column 1 is full"]);
    assert_bad_input(&["connect4", "play", "--playouts", "0"], &["--playouts"]);
    // Lines before the bad one are answered; the bad one names its number.
    let output = curio_with_input(&["connect4", "solve"], "121212\n448\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(text(&output.stdout), "121212 18\n");
    assert!(text(&output.stderr).contains("line 2: move 3: '8' is not a column"));
}
