//! `curio note`: the write-up's contract (standard input until `save` or `exit`, files named
//! `YYYY-MM-DD_k.txt` with the first free k of the day), eight processes saving at once without
//! losing a note, and search that finds a note by any of its words with the exact phrase first.

use super::common::*;
use std::path::Path;

/// Runs `curio note --dir DIR` with `input` on standard input.
fn note(dir: &Path, input: &str) -> std::process::Output {
    curio_with_input(&["note", "--dir", path_str(dir)], input)
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|entry| entry.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    names
}

#[test]
fn save_writes_the_days_first_free_name_and_exit_writes_nothing() {
    let dir = temp_dir("note");
    let first = note(dir.path(), "phone Ashley\n555 0199\nsave\nnot part of it\n");
    assert!(first.status.success(), "{}", text(&first.stderr));
    let path = text(&first.stdout).trim().to_string();
    let name = Path::new(&path).file_name().unwrap().to_str().unwrap().to_string();
    let (day, k) = curio::note::parse_name(&name).expect("a note's name");
    assert_eq!(k, 1);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "phone Ashley\n555 0199\n");
    // A gap is filled first, as the write-up's loop does.
    std::fs::write(dir.path().join(curio::note::file_name(day, 3)), "third\n").unwrap();
    let second = note(dir.path(), "second\nsave\n");
    assert!(text(&second.stdout).trim().ends_with(&curio::note::file_name(day, 2)));
    let discarded = note(dir.path(), "draft\nexit\n");
    assert!(discarded.status.success() && discarded.stdout.is_empty());
    assert_eq!(names(dir.path()).len(), 3);
    let next = note(dir.path(), "fourth\nsave\n");
    assert!(text(&next.stdout).trim().ends_with(&curio::note::file_name(day, 4)));
}

#[test]
fn eight_processes_saving_a_hundred_notes_each_lose_nothing() {
    let dir = temp_dir("note-race");
    std::thread::scope(|scope| {
        for writer in 0..8 {
            let dir = dir.path();
            scope.spawn(move || {
                for i in 0..100 {
                    let output = note(dir, &format!("writer {writer} note {i}\nsave\n"));
                    assert!(output.status.success(), "{}", text(&output.stderr));
                }
            });
        }
    });
    let names = names(dir.path());
    assert_eq!(names.len(), 800, "every note is a file, nothing else is left");
    let mut texts: Vec<String> =
        names.iter().map(|name| std::fs::read_to_string(dir.path().join(name)).unwrap()).collect();
    texts.sort();
    texts.dedup();
    assert_eq!(texts.len(), 800, "no note overwrote another");
    let numbers: std::collections::BTreeSet<u32> =
        names.iter().map(|name| curio::note::parse_name(name).expect("a note's name").1).collect();
    assert_eq!(numbers.len(), 800);
}

#[test]
fn search_finds_a_note_by_any_word_and_ranks_the_exact_phrase_first() {
    let dir = temp_dir("note-search");
    for text in [
        "ashley said to phone the bank\n",
        "Phone Ashley about the trip to Lisbon\n",
        "buy milk and bread\n",
        "ashley ashley ashley phone phone phone\n",
    ] {
        assert!(note(dir.path(), &format!("{text}save\n")).status.success());
    }
    let results = json_of(&["note", "search", "phone", "ashley", "--dir", path_str(dir.path()), "--json"]);
    let results = results["results"].as_array().expect("results");
    assert_eq!(results.len(), 3);
    let file = |index: usize| std::fs::read_to_string(results[index]["file"].as_str().unwrap()).unwrap();
    assert!(file(0).starts_with("Phone Ashley"), "{results:?}");
    let scores: Vec<f64> = results.iter().map(|result| result["score"].as_f64().unwrap()).collect();
    assert!(scores.windows(2).all(|pair| pair[0] >= pair[1]), "best first: {scores:?}");
    for word in ["milk", "BREAD", "lisbon", "bank"] {
        let found = json_of(&["note", "search", word, "--dir", path_str(dir.path()), "--json"]);
        assert_eq!(found["results"].as_array().unwrap().len(), 1, "{word}");
    }
    let prefix = json_of(&["note", "search", "lis*", "--dir", path_str(dir.path()), "--json"]);
    assert_eq!(prefix["results"][0]["snippet"], "… about the trip to [Lisbon]");
    let listed = json_of(&["note", "list", "--dir", path_str(dir.path()), "--json"]);
    assert_eq!(listed["notes"].as_array().unwrap().len(), 4);
}

#[test]
fn note_bad_input_is_one_clear_line() {
    let dir = temp_dir("note-bad");
    assert_bad_input(&["note", "search", ",,", "--dir", path_str(dir.path())], &["nothing to search for"]);
    let file = dir.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    assert_bad_input(&["note", "search", "x", "--dir", path_str(&file)], &["cannot read the notes folder"]);
    assert_bad_input(&["note", "bench", "--notes", "0"], &["--notes"]);
    let missing = json_of(&["note", "search", "x", "--dir", path_str(&dir.path().join("none")), "--json"]);
    assert_eq!(missing["results"].as_array().unwrap().len(), 0);
}
