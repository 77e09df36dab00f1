//! `curio counterpoint`: generate (every export), check a file (exit 1 on a hard fault, 2 on
//! an unreadable file), the rules, bad input named; and music21 as an independent checker of
//! 300 generated pieces (species 1, 2 and 4; 10 cantus firmi; above and below; 5 seeds).

use super::common::*;
use curio::counterpoint::files::to_musicxml;
use curio::counterpoint::generate::cantus;
use curio::counterpoint::{Key, Mode, Piece, Range, Request, Role, Voice, fux, generate, has_hard};
use curio::progress::NoProgress;
use std::path::Path;
use std::process::Command;

#[test]
fn generate_writes_every_format_and_check_reads_them_back() {
    let dir = temp_dir("counterpoint");
    let file = |name: &str| dir.path().join(name);
    let output = curio(&[
        "counterpoint", "generate", "--species", "2", "--fux", "--mode", "dorian", "--seed", "3",
        "--midi", path_str(&file("a.mid")), "--musicxml", path_str(&file("a.musicxml")),
        "--svg", path_str(&file("a.svg")), "--png", path_str(&file("a.png")), "--png-size", "400",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let printed = text(&output.stdout);
    assert!(printed.contains("alto     D4 F4 E4 D4 G4 F4 A4 G4 F4 E4 D4"), "{printed}");
    assert!(printed.contains("species 2"), "{printed}");
    for name in ["a.mid", "a.musicxml", "a.svg", "a.png"] {
        assert!(file(name).metadata().unwrap().len() > 100, "{name}");
    }
    let generated = json_of(&["counterpoint", "generate", "--species", "2", "--fux", "--seed", "3", "--json"]);
    for name in ["a.mid", "a.musicxml"] {
        let checked = json_of(&["counterpoint", "check", path_str(&file(name)), "--json"]);
        assert_eq!(checked["hard"], 0, "{name}");
        assert_eq!(checked["piece"]["voices"], generated["piece"]["voices"], "{name}");
    }
    let rules = json_of(&["counterpoint", "rules", "--json"]);
    assert_eq!(rules["rules"].as_array().unwrap().len(), 29);
}

#[test]
fn a_wav_renders_and_a_missing_soundfont_is_named() {
    let dir = temp_dir("counterpoint-wav");
    let wav = dir.path().join("a.wav");
    let output = curio(&["counterpoint", "generate", "--fux", "--tempo", "240", "--programs", "53,43", "--wav", path_str(&wav)]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let bytes = std::fs::read(&wav).unwrap();
    assert_eq!(&bytes[..4], b"RIFF");
    assert!(bytes.len() > 44_100 * 4 * 10, "{} bytes", bytes.len());
    assert_bad_input(
        &["counterpoint", "generate", "--fux", "--wav", path_str(&wav), "--soundfont", "/no/such.sf2"],
        &["cannot read '/no/such.sf2'"],
    );
}

#[test]
fn check_exits_1_on_a_hard_fault_and_2_on_an_unreadable_file() {
    let dir = temp_dir("counterpoint-check");
    // Fux's counterpoint with parallel fifths in bars 4-5.
    let (key, cantus) = fux::cantus(Mode::Dorian);
    let mut above = fux::pitches(fux::DORIAN_ABOVE);
    above[3] = curio::counterpoint::Pitch::parse("A4", 4).unwrap();
    above[4] = curio::counterpoint::Pitch::parse("D5", 4).unwrap();
    let piece = Piece {
        key,
        bars: 11,
        voices: vec![Voice::whole_notes(Range::Soprano, Role::First, &above), Voice::whole_notes(Range::Alto, Role::Cantus, &cantus)],
    };
    let file = dir.path().join("fifths.musicxml");
    std::fs::write(&file, to_musicxml(&piece, &[])).unwrap();
    let output = curio(&["counterpoint", "check", path_str(&file)]);
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stdout));
    assert!(text(&output.stdout).contains("HARD bar  5 beat 1 voices 1,2   parallel-fifths"), "{}", text(&output.stdout));
    let garbage = dir.path().join("garbage.mid");
    std::fs::write(&garbage, b"MThd\x00\x00").unwrap();
    assert_bad_input(&["counterpoint", "check", path_str(&garbage)], &["garbage.mid", "not a readable MIDI file"]);
    assert_bad_input(&["counterpoint", "check", "/no/such.musicxml"], &["cannot read"]);
}

#[test]
fn bad_input_is_named() {
    assert_bad_input(&["counterpoint", "generate", "--mode", "locrian"], &["'locrian' is not a mode"]);
    assert_bad_input(&["counterpoint", "generate", "--species", "7"], &["species 7"]);
    assert_bad_input(&["counterpoint", "generate", "--voices", "6"], &["6 voices"]);
    assert_bad_input(&["counterpoint", "generate", "--cantus", "D F H D"], &["--cantus", "'H' is not a pitch"]);
    assert_bad_input(&["counterpoint", "generate", "--cantus", "D F E D G F A G F E E"], &["the cantus breaks a hard rule", "cantus-ends"]);
    assert_bad_input(&["counterpoint", "generate", "--length", "30"], &["30 notes"]);
    assert_bad_input(&["counterpoint", "generate", "--tempo", "1000"], &["--tempo"]);
    assert_bad_input(&["counterpoint", "generate", "--programs", "0"], &["--programs"]);
    assert_bad_input(&["counterpoint", "generate", "--fux", "--final-note", "G"], &["--fux"]);
    assert_bad_input(&["counterpoint", "generate", "--midi", "/no/such/folder/a.mid"], &["/no/such/folder"]);
    // A cantus no counterpoint fits: said, exit 1, not a bent rule.
    let output = curio(&["counterpoint", "generate", "--cantus", "D4 E4 C4 D4"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).contains("the whole search space was searched"), "{}", text(&output.stderr));
}

/// The python with music21: the setup script's virtual environment, or the system's.
fn music21_python() -> Option<String> {
    let home = std::env::var("HOME").unwrap_or_default();
    let data = std::env::var("XDG_DATA_HOME").unwrap_or_else(|_| format!("{home}/.local/share"));
    let candidates = [format!("{data}/curio/music21/bin/python3"), "python3".to_string()];
    candidates.into_iter().find(|python| {
        Command::new(python).args(["-c", "import music21"]).output().is_ok_and(|o| o.status.success())
    })
}

fn run_music21(python: &str, folder: &Path) -> (bool, String) {
    let output = Command::new(python).arg("scripts/counterpoint/music21_check.py").arg(folder).output().unwrap();
    (output.status.success(), format!("{}{}", text(&output.stdout), text(&output.stderr)))
}

#[test]
fn music21_finds_no_fault_in_300_generated_pieces_and_finds_the_planted_ones() {
    let Some(python) = music21_python() else {
        assert!(
            std::env::var("CURIO_REQUIRE_MUSIC21").is_err(),
            "music21 is not installed: scripts/setup-debian.sh installs it (CURIO_REQUIRE_MUSIC21 is set)"
        );
        eprintln!("skipped: music21 is not installed (scripts/setup-debian.sh installs it)");
        return;
    };
    let dir = temp_dir("counterpoint-music21");
    let mut firmi: Vec<(Key, Vec<curio::counterpoint::Pitch>)> =
        fux::CANTUS_FIRMI.iter().map(|&(mode, _)| fux::cantus(mode)).collect();
    // Four generated: for each mode the first from seed 100 on that admits counterpoint in
    // species 1, 2 and 4, above and below (some admit none, and the generator says so).
    for (n, mode) in [Mode::Dorian, Mode::Aeolian, Mode::Ionian, Mode::Mixolydian].into_iter().enumerate() {
        let key = Key::white(mode);
        let admits = |pitches: &Vec<curio::counterpoint::Pitch>| {
            [1, 2, 4].iter().all(|&species| {
                [false, true].iter().all(|&below| {
                    let request = Request { key, species, below, cantus: Some(pitches.clone()), ..Request::default() };
                    generate(&request, &mut NoProgress).is_ok()
                })
            })
        };
        let pitches = (100..)
            .map(|seed| cantus(key, 9 + n as u32, Range::Alto, &[], seed, &mut NoProgress).unwrap().0)
            .find(admits)
            .unwrap();
        firmi.push((key, pitches));
    }
    let mut count = 0;
    for species in [1, 2, 4] {
        for (c, (key, pitches)) in firmi.iter().enumerate() {
            for below in [false, true] {
                for seed in 1..=5 {
                    let request = Request { key: *key, species, below, cantus: Some(pitches.clone()), seed, ..Request::default() };
                    let found = generate(&request, &mut NoProgress).unwrap();
                    assert!(!has_hard(&found.violations));
                    let name = format!("s{species}-c{c}-{}-{seed}.musicxml", if below { "below" } else { "above" });
                    std::fs::write(dir.path().join(name), to_musicxml(&found.piece, &[])).unwrap();
                    count += 1;
                }
            }
        }
    }
    assert_eq!(count, 300);
    let (ok, report) = run_music21(&python, dir.path());
    assert!(ok, "{report}");
    assert!(report.contains("music21 checked 300 pieces: 0 faults"), "{report}");
    // The independent checker is not blind: parallel fifths, a dissonant downbeat, a crossing
    // and a cadence without its leading tone are each reported.
    let planted = temp_dir("counterpoint-music21-planted");
    let (key, cantus) = fux::cantus(Mode::Dorian);
    let p = |text: &str| curio::counterpoint::Pitch::parse(text, 4).unwrap();
    // (folder, the counterpoint's notes changed (bar, note), what music21 must report)
    type Planted<'a> = (&'a str, Vec<(usize, &'a str)>, &'a str);
    let faults: [Planted; 4] = [
        ("fifths", vec![(3, "A4"), (4, "D5")], "parallel fifths"),
        ("downbeat", vec![(4, "C5")], "dissonant downbeat"),
        ("crossing", vec![(2, "C4")], "crossing"),
        ("cadence", vec![(9, "C5")], "is not a clausula"),
    ];
    for (name, changes, expected) in &faults {
        let mut above = fux::pitches(fux::DORIAN_ABOVE);
        for &(bar, note) in changes {
            above[bar] = p(note);
        }
        let piece = Piece {
            key,
            bars: 11,
            voices: vec![Voice::whole_notes(Range::Soprano, Role::First, &above), Voice::whole_notes(Range::Alto, Role::Cantus, &cantus)],
        };
        let folder = planted.path().join(name);
        std::fs::create_dir(&folder).unwrap();
        std::fs::write(folder.join(format!("{name}.musicxml")), to_musicxml(&piece, &[])).unwrap();
        let (ok, report) = run_music21(&python, &folder);
        assert!(!ok && report.contains(expected), "{name}: {report}");
    }
}
