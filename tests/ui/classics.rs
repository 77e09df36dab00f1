//! The Classics panel: the enumeration in the background and stepping through its
//! counterexamples and classes, a split found for a random tournament, P(n, k) computed, every
//! Code Jam problem's sample solved from the panel, the interactive two played against the
//! judge, and snapshots.

use crate::common::{harness, settle, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::classics::{ClassicsPanel, ClassicsPanelState};
use curio::app::state::AppState;
use curio::classics::Problem;
use curio::classics::codejam::{CodeJamProblem, Method};
use curio::classics::tournaments::Tournament;
use eframe::egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

fn classics_app(state: ClassicsPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<ClassicsPanel>().with::<ClassicsPanel>(&state), None)
}

#[test]
fn the_enumeration_runs_in_the_background_and_steps_through_counterexamples() {
    let mut harness = harness(classics_app(ClassicsPanelState::default()));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Enumerate all 2^21").click();
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    let census = harness.state_mut().panel_mut::<ClassicsPanel>().tournaments.census.clone().expect("the census");
    assert_eq!((census.counterexamples, census.classes.len()), (7520, 4));
    harness.get_by_label_contains("7520 of 2097152 tournaments have no split");
    harness.get_by_role_and_label(Role::Button, "▶").click();
    harness.run_settled();
    let panel = harness.state_mut().panel_mut::<ClassicsPanel>();
    assert_eq!(panel.state.tournaments.code, census.codes[0]);
    let shown = Tournament { players: 7, code: panel.state.tournaments.code };
    assert_eq!(shown.find_split(), None);
    harness.get_by_label_contains("240 labelled").click();
    harness.run_settled();
    let code = harness.state_mut().panel_mut::<ClassicsPanel>().state.tournaments.code;
    let official = census.classes.iter().find(|class| class.official).expect("the official class");
    assert_eq!(code, official.canonical);
}

#[test]
fn a_random_tournament_gets_a_split_when_it_has_one() {
    let mut harness = harness(classics_app(ClassicsPanelState::default()));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Random").click();
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Find a split").click();
    harness.run_settled();
    let settings = harness.state_mut().panel_mut::<ClassicsPanel>().state.tournaments.clone();
    let tournament = Tournament { players: 7, code: settings.code };
    assert_ne!(settings.code, Tournament::official().code);
    if tournament.find_split().is_some() {
        assert!(!tournament.room_has_cycle(settings.room) && !tournament.room_has_cycle(!settings.room & 0x7f));
        harness.get_by_label_contains("0 inside a room");
    }
}

#[test]
fn primes_count_from_the_panel() {
    let state = ClassicsPanelState { problem: Problem::Primes, ..ClassicsPanelState::default() };
    let mut harness = harness(classics_app(state));
    harness.run_settled();
    settle(&mut harness);
    assert!(harness.state_mut().panel_mut::<ClassicsPanel>().primes.lengths.is_some());
    harness.get_by_role_and_label(Role::Button, "P(n, k)").click();
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    harness.get_by_label_contains("P(2011, 3) = 147 of pi(2011) = 305");
}

#[test]
fn every_code_jam_sample_solves_from_the_panel() {
    let mut harness = harness(classics_app(ClassicsPanelState::default()));
    harness.run_settled();
    for problem in CodeJamProblem::ALL.into_iter().filter(|p| !p.is_interactive()) {
        harness.get_by_label(&format!("Code Jam 2018: {}", problem.title())).click();
        harness.run_settled();
        harness.get_by_role_and_label(Role::Button, "Sample").click();
        harness.run_settled();
        let panel = harness.state_mut().panel_mut::<ClassicsPanel>();
        assert_eq!(panel.state.problem, Problem::CodeJam(problem));
        let (solved, output) = panel.codejam.output.clone().expect("an output");
        assert_eq!((solved, output), (problem, Ok(problem.solve(problem.sample_input()).unwrap())));
    }
}

#[test]
fn the_interactive_problems_play_the_judge_from_the_panel() {
    for problem in [CodeJamProblem::GoGopher, CodeJamProblem::NumberGuessing] {
        let state = ClassicsPanelState { problem: Problem::CodeJam(problem), ..ClassicsPanelState::default() };
        let mut harness = harness(classics_app(state));
        harness.run_settled();
        harness.get_by_role_and_label(Role::Button, "Play 20 cases against the judge").click();
        harness.step();
        settle(&mut harness);
        harness.run_settled();
        harness.get_by_label_contains("won 20 of 20 cases against the judge");
        let panel = harness.state_mut().panel_mut::<ClassicsPanel>();
        let (played, report) = panel.codejam.report.clone().expect("a report");
        assert_eq!((played, report.won), (problem, 20));
        assert_eq!(panel.codejam.shown, report.first_case.len());
    }
}

#[test]
fn the_write_ups_methods_are_chosen_and_checked_in_the_panel() {
    // Saving the Universe Again by the write-up's program: chosen in the method list, its
    // answers checked against Curio's case by case.
    let problem = CodeJamProblem::SavingTheUniverseAgain;
    let mut state = ClassicsPanelState { problem: Problem::CodeJam(problem), ..ClassicsPanelState::default() };
    state.codejam.inputs.insert(problem.key().into(), format!("2\n11 {}{}\n1 CS\n", "C".repeat(10), "S".repeat(11)));
    let mut harness = harness(classics_app(state));
    harness.run_settled();
    harness.get_by_label("method").click();
    harness.run_settled();
    harness.get_by_label("write-up").click();
    harness.run_settled();
    harness.get_by_label_contains("at most 100 times");
    harness.get_by_role_and_label(Role::Button, "Solve").click();
    harness.run_settled();
    harness.get_by_label_contains("1 of 2 cases right (checked against Curio's answers)");
    harness.get_by_label_contains("case #1: 100 (Curio: 110)");
    // Number Guessing's first try plays the judge and loses the case that hides B.
    let problem = CodeJamProblem::NumberGuessing;
    let mut state = ClassicsPanelState { problem: Problem::CodeJam(problem), ..ClassicsPanelState::default() };
    state.codejam.method = Method::WriteUpFirst;
    let mut harness = crate::common::harness(classics_app(state));
    harness.run_settled();
    harness.get_by_label_contains("midpoint (low + high) // 2");
    harness.get_by_role_and_label(Role::Button, "Play 20 cases against the judge").click();
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    harness.get_by_label_contains("case 2: not found in 30 guesses");
}

#[test]
fn a_bad_input_is_named_in_the_panel() {
    let mut state = ClassicsPanelState { problem: Problem::CodeJam(CodeJamProblem::TroubleSort), ..ClassicsPanelState::default() };
    state.codejam.inputs.insert("trouble_sort".into(), "1\n3\n1 2 x\n".into());
    let mut harness = harness(classics_app(state));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Solve").click();
    harness.run_settled();
    harness.get_by_label_contains("line 3: 'x' is not a whole number");
}

#[test]
fn classics_tournament_snapshot() {
    snapshot_app("classics_tournaments", [1100.0, 700.0], |_| classics_app(ClassicsPanelState::default()));
}

#[test]
fn classics_stalls_snapshot() {
    let state = ClassicsPanelState {
        problem: Problem::CodeJam(CodeJamProblem::BathroomStalls),
        ..ClassicsPanelState::default()
    };
    snapshot_app("classics_stalls_small", [640.0, 480.0], |_| classics_app(state));
}
