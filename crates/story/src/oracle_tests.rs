//! The checker against the interpreter: on random scripts, the strings the checker counts as
//! reachable are those that playing every conversation down every choice shows, and it reports
//! `no-end` exactly when some place the conversations reach has no way on to END_DIALOG (the
//! interpreter stops at a string without an entry, which counts as no way on).

use crate::script::{ErrorKind, Script, check};
use crate::talk::{Conversation, Moment};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap, VecDeque};

/// A script of `count` strings from `entries` (per string: none, or an opcode and targets) and
/// `starts`, written in the language.
fn script_text(count: usize, entries: &[Option<(u8, Vec<usize>)>], starts: &[usize]) -> String {
    let mut text = String::new();
    for start in starts {
        text.push_str(&format!("start {start}\n"));
    }
    for (source, entry) in entries.iter().enumerate().skip(1).take(count - 1) {
        let Some((opcode, targets)) = entry else { continue };
        let line = match opcode % 3 {
            0 => format!("{source} same {}\n", targets[0] % count),
            1 => format!("{source} chgspk {}\n", targets[0] % count),
            _ => {
                let options: Vec<String> =
                    targets.iter().map(|target| (1 + target % (count - 1)).to_string()).collect();
                format!("{source} choose {}\n", options.join(" "))
            }
        };
        text.push_str(&line);
    }
    text.push_str("%%\nEND_DIALOG\n");
    for string in 1..count {
        text.push_str(&format!("string {string}\n"));
    }
    text
}

/// Every place the conversations of `starts` reach, playing each choice: the strings shown,
/// whether one ended, and whether some place cannot reach an end.
fn play_everything(script: &Script, starts: &[usize]) -> (BTreeSet<usize>, bool, bool) {
    let mut shown = BTreeSet::new();
    let mut edges: HashMap<Conversation, Vec<Conversation>> = HashMap::new();
    let mut queue: VecDeque<Conversation> =
        starts.iter().filter_map(|&start| Conversation::new(script, start).ok()).collect();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut states = Vec::new();
    let mut dead_end = false;
    while let Some(state) = queue.pop_front() {
        if !seen.insert(format!("{state:?}")) {
            continue;
        }
        states.push(state);
        let mut next = Vec::new();
        match state.moment(script) {
            Moment::Says { string, .. } => {
                shown.insert(string);
                // A string without an entry stops the interpreter without END_DIALOG: no way
                // on, not an end.
                if script.entry(string).is_some() {
                    let mut after = state;
                    after.next(script);
                    next.push(after);
                } else {
                    dead_end = true;
                }
            }
            Moment::Choose { options } => {
                shown.extend(options.iter().copied());
                for (index, &option) in options.iter().enumerate() {
                    if script.entry(option).is_some() {
                        let mut after = state;
                        after.choose(script, index).expect("an offered option");
                        next.push(after);
                    } else {
                        dead_end = true;
                    }
                }
            }
            Moment::Ended => {}
        }
        queue.extend(next.iter().copied());
        edges.insert(state, next);
    }
    let ended = states.iter().any(Conversation::is_over);
    // Places that can reach an end: backwards from the ended ones.
    let mut can_end: BTreeSet<String> =
        states.iter().filter(|state| state.is_over()).map(|state| format!("{state:?}")).collect();
    loop {
        let before = can_end.len();
        for state in &states {
            if edges[state].iter().any(|next| can_end.contains(&format!("{next:?}"))) {
                can_end.insert(format!("{state:?}"));
            }
        }
        if can_end.len() == before {
            break;
        }
    }
    let trapped = dead_end || states.iter().any(|state| !can_end.contains(&format!("{state:?}")));
    (shown, ended, trapped)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn the_checker_agrees_with_playing_every_choice(
        count in 2usize..9,
        entries in proptest::collection::vec(
            proptest::option::weighted(0.8, (any::<u8>(), proptest::collection::vec(0usize..9, 1..4))),
            9,
        ),
        starts in proptest::collection::vec(1usize..9, 1..3),
    ) {
        let starts: Vec<usize> = starts.into_iter().map(|start| 1 + (start - 1) % (count - 1)).collect();
        let script = Script::parse(&script_text(count, &entries, &starts)).expect("the generator writes valid scripts");
        let report = check(&script);
        let (shown, ended, trapped) = play_everything(&script, &starts);
        let reachable = shown.len() + usize::from(ended);
        prop_assert_eq!(report.reachable, reachable);
        let no_end = report.errors.iter().any(|error| error.kind == ErrorKind::NoEnd);
        prop_assert_eq!(no_end, trapped, "{:?}", report.errors);
        let unreachable = report.errors.iter().filter(|error| error.kind == ErrorKind::UnreachableString).count();
        prop_assert_eq!(unreachable, count - 1 - shown.len());
    }
}
