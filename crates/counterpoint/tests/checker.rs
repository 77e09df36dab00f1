//! The checker against Fux: his cantus firmi and his first-species counterpoint pass, and a
//! broken variant of it for each hard rule is caught by that rule.

use counterpoint::{Mode, Note, Piece, Pitch, Range, Role, Rule, Severity, Voice, check, fux};

fn p(text: &str) -> Pitch {
    Pitch::parse(text, 4).unwrap()
}

fn hard(piece: &Piece) -> Vec<Rule> {
    check(piece).into_iter().filter(|v| v.severity == Severity::Hard).map(|v| v.rule).collect()
}

/// Fux's dorian cantus with his counterpoint above, `change` applied to the counterpoint.
fn fux_above(change: impl FnOnce(&mut Vec<Pitch>)) -> Piece {
    let (key, cantus) = fux::cantus(Mode::Dorian);
    let mut above = fux::pitches(fux::DORIAN_ABOVE);
    change(&mut above);
    Piece {
        key,
        bars: cantus.len() as u32,
        voices: vec![
            Voice::whole_notes(Range::Soprano, Role::First, &above),
            Voice::whole_notes(Range::Alto, Role::Cantus, &cantus),
        ],
    }
}

#[test]
fn fux_cantus_firmi_and_his_first_species_pass() {
    for (mode, _) in fux::CANTUS_FIRMI {
        let (key, cantus) = fux::cantus(mode);
        let range =
            Range::nearest(cantus.iter().map(|p| f64::from(p.midi())).sum::<f64>() / cantus.len() as f64);
        let piece = Piece {
            key,
            bars: cantus.len() as u32,
            voices: vec![Voice::whole_notes(range, Role::Cantus, &cantus)],
        };
        assert_eq!(hard(&piece), [], "{mode}: {:?}", check(&piece));
    }
    let piece = fux_above(|_| {});
    assert_eq!(hard(&piece), [], "{:?}", check(&piece));
    // His two repeated notes and the climax reached twice are soft faults, reported.
    let soft: Vec<Rule> = check(&piece).into_iter().map(|v| v.rule).collect();
    assert_eq!(soft, [Rule::RepeatedNote, Rule::RepeatedNote, Rule::Climax]);
}

#[test]
fn each_hard_rule_catches_its_broken_variant() {
    let set = |bar: usize, note: &'static str| move |line: &mut Vec<Pitch>| line[bar] = p(note);
    let cases: Vec<(Rule, Piece)> = vec![
        // B4 (bar 5) to A5: a seventh.
        (Rule::ForbiddenMove, fux_above(set(5, "A5"))),
        (Rule::Range, fux_above(|l| l.iter_mut().for_each(|p| p.octave += 1))),
        (Rule::Chromatic, fux_above(set(4, "Bb4"))),
        // A fourth above the cantus's G4 on the downbeat of bar 5.
        (Rule::DissonantDownbeat, fux_above(set(4, "C5"))),
        // Starting on a third.
        (Rule::Opening, fux_above(set(0, "F4"))),
        // Ending on a fifth: D5 becomes A4.
        (Rule::Final, fux_above(set(10, "A4"))),
        // The cantus's F4 doubled at the unison in bar 6.
        (Rule::Unison, fux_above(set(5, "F4"))),
        // Fifths in bars 4-5: A4 over D4, then D5 over G4.
        (
            Rule::ParallelFifths,
            fux_above(|l| {
                l[3] = p("A4");
                l[4] = p("D5");
            }),
        ),
        // Octaves in bars 4-5: D5 over D4, then G5 over G4.
        (
            Rule::ParallelOctaves,
            fux_above(|l| {
                l[3] = p("D5");
                l[4] = p("G5");
            }),
        ),
        // Both voices rise into a fifth in bars 6-7: A4 over F4 (third), then E5 over A4.
        (
            Rule::DirectPerfect,
            fux_above(|l| {
                l[5] = p("A4");
                l[6] = p("E5");
            }),
        ),
        (Rule::Crossing, fux_above(set(2, "C4"))),
        // The leading tone left out: C5 for C#5 in bar 10.
        (Rule::Cadence, fux_above(set(9, "C5"))),
    ];
    for (rule, piece) in &cases {
        let found = hard(piece);
        assert!(found.contains(rule), "{}: found {found:?}\n{piece}", rule.name());
    }
    // The cantus's own rule: a cantus ending on E.
    let (key, mut cantus) = fux::cantus(Mode::Dorian);
    *cantus.last_mut().unwrap() = p("E4");
    let piece = Piece { key, bars: 11, voices: vec![Voice::whole_notes(Range::Alto, Role::Cantus, &cantus)] };
    assert!(hard(&piece).contains(&Rule::CantusEnds));
}

/// Second and fourth species: a leaped dissonance off the beat, and an unresolved suspension.
#[test]
fn weak_beat_dissonance_and_suspensions_are_judged() {
    let (key, cantus) = fux::cantus(Mode::Dorian);
    let half =
        |notes: &[(&str, u32, u32)]| notes.iter().map(|&(n, s, l)| Note::new(p(n), s, l)).collect::<Vec<_>>();
    let piece = |role: Role, notes: Vec<Note>| Piece {
        key,
        bars: 3,
        voices: vec![
            Voice { range: Range::Soprano, role, notes },
            Voice::whole_notes(Range::Alto, Role::Cantus, &cantus[..3]),
        ],
    };
    // Over D4 F4 E4: G4 (a fourth over D4) passes from A4 down to F4.
    let passing =
        piece(Role::Second, half(&[("A4", 0, 2), ("G4", 2, 2), ("F4", 4, 2), ("A4", 6, 2), ("G4", 8, 4)]));
    assert!(!hard(&passing).contains(&Rule::WeakDissonance), "{:?}", check(&passing));
    let leaped =
        piece(Role::Second, half(&[("A4", 0, 2), ("G4", 2, 2), ("D5", 4, 2), ("G4", 6, 2), ("G4", 8, 4)]));
    assert!(hard(&leaped).contains(&Rule::WeakDissonance), "{:?}", check(&leaped));
    // Fourth species, a 7-6: D5 on beat 3 of bar 2 over F4 (a sixth), held into bar 3 over E4
    // (a seventh), down to C5 (a sixth); or up to E5 (an octave), unresolved.
    let resolved = piece(Role::Fourth, half(&[("A4", 2, 4), ("D5", 6, 4), ("C5", 10, 2)]));
    assert!(!hard(&resolved).contains(&Rule::Suspension), "{:?}", check(&resolved));
    let unresolved = piece(Role::Fourth, half(&[("A4", 2, 4), ("D5", 6, 4), ("E5", 10, 2)]));
    assert!(hard(&unresolved).contains(&Rule::Suspension), "{:?}", check(&unresolved));
}
