//! Games played by the official 2011 engine (`scripts/peers/ants-official-games.sh`, with the
//! official sample bots on Curio's test maps) replayed with Curio's engine from their inputs
//! alone: every ant's start, death and moves, every food, every hill, the score and hive
//! histories, the bonus, the cutoff and the length must come out the same.

use ants::play::{Player, Recorded, play};
use ants::replay::{Replay, write};
use serde_json::Value;
use std::path::PathBuf;

fn official_games() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/ants/official");
    let mut games: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("the official games are in tests/fixtures/ants/official")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "replay"))
        .map(|path| {
            (
                path.file_stem().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&path).unwrap(),
            )
        })
        .collect();
    games.sort();
    assert!(games.len() >= 10, "at least ten official games");
    games
}

/// The replay's text with every outcome field blanked: what is left is the game's inputs.
fn blanked(text: &str) -> String {
    ants::replay::blank_outcome(&serde_json::from_str(text).unwrap()).to_string()
}

#[test]
fn official_games_replay_exactly() {
    let mut cutoffs = std::collections::BTreeSet::new();
    for (name, text) in official_games() {
        let official: Value = serde_json::from_str(&text).unwrap();
        let replay = Replay::parse(&blanked(&text)).unwrap_or_else(|error| panic!("{name}: {error}"));
        let players =
            (0..replay.map.players).map(|player| Player::Recorded(Recorded::new(&replay, player))).collect();
        let food = ants::food::FoodSource::Recorded(replay.recorded());
        let outcome = play(&replay.map, replay.settings.clone(), food, players, |_| true);
        let ours = write(&outcome.game, &outcome.status, &outcome.player_turns, &replay.names, None);
        for key in ["status", "playerturns", "score", "rank", "game_length"] {
            assert_eq!(ours[key], official[key], "{name}: {key}");
        }
        for key in [
            "ants",
            "food",
            "hills",
            "scores",
            "bonus",
            "hive_history",
            "winning_turn",
            "ranking_turn",
            "cutoff",
            "map",
        ] {
            let (a, b) = (&ours["replaydata"][key], &official["replaydata"][key]);
            if a != b {
                let (a, b) = (a.to_string(), b.to_string());
                let at = a.bytes().zip(b.bytes()).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
                let from = at.saturating_sub(80);
                panic!(
                    "{name}: {key} differs at {at}:\n ours: {}\n official: {}",
                    &a[from..(at + 80).min(a.len())],
                    &b[from..(at + 80).min(b.len())]
                );
            }
        }
        cutoffs.insert(official["replaydata"]["cutoff"].as_str().unwrap().to_string());
    }
    assert!(cutoffs.len() >= 4, "the games end in several ways: {cutoffs:?}");
}
