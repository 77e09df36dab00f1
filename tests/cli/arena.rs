//! `curio arena`: a round robin's JSON (pairs and ratings, names as given), every pair's games
//! counted once with colours alternating, Go through the same players, and bad names, counts
//! and flags named.

use super::common::*;

#[test]
fn a_round_robin_reports_each_pair_and_rates_every_player() {
    let report = json_of(&[
        "arena", "--game", "connect4", "--players", "random,flat:50,alphabeta:3", "--games", "6", "--seed", "4", "--json",
    ]);
    assert_eq!(report["game"], "connect4");
    let pairs = report["pairs"].as_array().unwrap();
    let names: Vec<(&str, &str)> = pairs.iter().map(|pair| (pair["a"].as_str().unwrap(), pair["b"].as_str().unwrap())).collect();
    assert_eq!(names, [("random", "flat:50"), ("random", "alphabeta:3"), ("flat:50", "alphabeta:3")]);
    for pair in pairs {
        let games = pair["a_wins"].as_u64().unwrap() + pair["draws"].as_u64().unwrap() + pair["b_wins"].as_u64().unwrap();
        assert_eq!(games, 6, "{pair}");
    }
    // Random play loses to both searches nearly always.
    assert!(pairs[0]["a_wins"].as_u64().unwrap() <= 1 && pairs[1]["a_wins"].as_u64().unwrap() <= 1, "{report}");
    let ratings = report["ratings"].as_object().unwrap();
    assert_eq!(ratings.len(), 3);
    for rating in ratings.values() {
        assert!(rating["low"].as_f64().unwrap() < rating["rating"].as_f64().unwrap());
        assert!(rating["rating"].as_f64().unwrap() < rating["high"].as_f64().unwrap());
    }
    assert!(ratings["random"]["rating"].as_f64().unwrap() < ratings["flat:50"]["rating"].as_f64().unwrap());
    // The same seed plays the same games.
    let again = json_of(&[
        "arena", "--game", "connect4", "--players", "random,flat:50,alphabeta:3", "--games", "6", "--seed", "4", "--json",
    ]);
    assert_eq!(without_timings(&again), without_timings(&report));
}

#[test]
fn the_perfect_player_never_loses_and_go_plays_through_the_same_players() {
    // Early in a game each of the perfect player's moves searches up to 7 x 4 million positions:
    // two games (one on each side) keep this test short.
    let output = curio(&["arena", "--game", "connect4", "--players", "perfect,random", "--games", "2"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let printed = text(&output.stdout);
    assert!(printed.contains("perfect vs random: 2-0-0"), "{printed}");
    assert!(printed.contains("ratings (Elo scale, all games at once, 95% interval)"), "{printed}");
    let go = json_of(&[
        "arena", "--game", "go", "--players", "random,flat:1", "--games", "2", "--seed", "3", "--max-moves", "30", "--radius", "5000", "--json",
    ]);
    assert_eq!(go["game"], "go");
    let pair = &go["pairs"][0];
    assert_eq!(pair["a_wins"].as_u64().unwrap() + pair["draws"].as_u64().unwrap() + pair["b_wins"].as_u64().unwrap(), 2);
    assert!(pair["moves_per_game"].as_f64().unwrap() <= 30.0, "{go}");
}

#[test]
fn bad_players_counts_and_flags_are_named() {
    let base = ["arena", "--game", "connect4", "--games", "2", "--players"];
    assert_bad_input(&[base.as_slice(), &["random,grandmaster"]].concat(), &["'grandmaster' is not a player of connect4", "perfect"]);
    assert_bad_input(&[base.as_slice(), &["random,flat:0"]].concat(), &["'flat:0'", "1 to 1000000"]);
    assert_bad_input(&[base.as_slice(), &["random"]].concat(), &["at least two players"]);
    assert_bad_input(&[base.as_slice(), &["random,random"]].concat(), &["each named once"]);
    assert_bad_input(&["arena", "--game", "go", "--players", "random,perfect"], &["'perfect' is not a player of go"]);
    assert_bad_input(&["arena", "--game", "connect4", "--players", "random,flat:1", "--games", "0"], &["--games must be 1 to 100,000"]);
    assert_bad_input(&["arena", "--game", "connect4", "--players", "random,flat:1", "--max-moves", "10"], &["do not apply to connect4"]);
    assert_bad_input(&["arena", "--game", "go", "--players", "random,flat:1", "--radius", "5"], &["--radius must be"]);
    assert_bad_input(&["arena", "--game", "chess", "--players", "random,flat:1"], &["chess"]);
}
