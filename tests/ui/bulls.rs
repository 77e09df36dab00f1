//! The Bulls and Cows panel: the computer guesses a secret the test scores, an answer that
//! conflicts with earlier ones is named, you guess against its secret, every strategy's figures
//! and tree, the letters example, and snapshots.

use crate::common::{harness, settle, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::bulls::{BullsPanel, BullsPanelState, BullsView, PlayMode};
use curio::app::state::AppState;
use curio::bulls::{Feedback, Strategy, Variant};
use eframe::egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

fn bulls_app(state: BullsPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<BullsPanel>().with::<BullsPanel>(&state), None)
}

fn mastermind() -> BullsPanelState {
    BullsPanelState { variant: "mastermind".into(), strategy: Strategy::Minimax, ..BullsPanelState::default() }
}

#[test]
fn the_computer_finds_a_secret_scored_by_the_player() {
    let mut harness = harness(bulls_app(mastermind()));
    settle(&mut harness);
    let codes = Variant::MASTERMIND.codes();
    let secret = codes.parse("4153").unwrap();
    for _ in 0..6 {
        harness.run_settled();
        settle(&mut harness);
        let panel = harness.state_mut().panel_mut::<BullsPanel>();
        if panel.message.as_ref().is_some_and(|message| message.as_ref().is_ok_and(|text| text.starts_with("found"))) {
            break;
        }
        let guess = panel.proposal.expect("a guess is proposed");
        let answer = codes.variant.feedback(codes.code(guess), codes.code(secret));
        panel.answer(answer);
    }
    let panel = harness.state_mut().panel_mut::<BullsPanel>();
    assert_eq!(panel.message, Some(Ok(format!("found 4153 in {} guesses", panel.history.len()))));
    // Knuth's minimax needs at most five guesses.
    assert!(panel.history.len() <= 5, "{:?}", panel.history);
    harness.run_settled();
    harness.get_by_label_contains("found 4153");
}

#[test]
fn an_answer_that_conflicts_is_named() {
    let mut harness = harness(bulls_app(mastermind()));
    settle(&mut harness);
    // Knuth's first guess, 1122 (here 0011).
    let codes = Variant::MASTERMIND.codes();
    let panel = harness.state_mut().panel_mut::<BullsPanel>();
    assert_eq!(panel.proposal, Some(codes.parse("0011").unwrap()));
    // No 0, 1, 2, 3, 4 or 5 anywhere leaves no code of six colours: the third answer conflicts.
    panel.proposal = Some(codes.parse("0011").unwrap());
    panel.answer(Feedback { a: 0, b: 0 });
    panel.proposal = Some(codes.parse("2233").unwrap());
    panel.answer(Feedback { a: 0, b: 0 });
    panel.proposal = Some(codes.parse("4455").unwrap());
    panel.answer(Feedback { a: 0, b: 0 });
    assert_eq!(
        panel.message,
        Some(Err("no code fits these answers: answer 3 (4455 scored -) conflicts with the answers before it".into()))
    );
}

#[test]
fn the_player_guesses_and_bad_codes_are_named() {
    let state = BullsPanelState { mode: PlayMode::YouGuess, ..BullsPanelState::default() };
    let mut harness = harness(bulls_app(state));
    settle(&mut harness);
    harness.get_by_label("your guess").click();
    harness.run_settled();
    harness.get_by_label("your guess").type_text("1123");
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Guess").click();
    harness.run_settled();
    harness.get_by_label_contains("repeats '1'");
    let panel = harness.state_mut().panel_mut::<BullsPanel>();
    let feedback = panel.guess("0123").expect("a valid code");
    assert!(usize::from(feedback.a + feedback.b) <= 4);
    assert_eq!(panel.history.len(), 1);
    assert!(panel.possible.len() < 5040);
    // Guessing only codes still possible finds the secret.
    let codes = Variant::FOUR_OF_TEN.codes();
    for _ in 0..12 {
        let panel = harness.state_mut().panel_mut::<BullsPanel>();
        if panel.history.last().is_some_and(|(_, feedback)| feedback.a == 4) {
            break;
        }
        let next = codes.text(panel.possible[0] as usize);
        panel.guess(&next).unwrap();
    }
    let panel = harness.state_mut().panel_mut::<BullsPanel>();
    assert_eq!(panel.history.last().map(|(_, feedback)| feedback.a), Some(4));
}

#[test]
fn every_strategy_is_computed_and_its_tree_browsed() {
    let mut harness = harness(bulls_app(BullsPanelState { random_runs: 10, ..mastermind() }));
    settle(&mut harness);
    harness.get_by_role_and_label(Role::Button, "Compute every strategy").click();
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    let panel = harness.state_mut().panel_mut::<BullsPanel>();
    let results = panel.results.clone().expect("results");
    let minimax = results.iter().find(|result| result.strategy == Strategy::Minimax).expect("minimax");
    assert_eq!((minimax.stats.total, minimax.stats.worst), (5801, 5));
    assert_eq!(results.len(), 5);
    assert_eq!(panel.state.view, BullsView::Strategies);
    panel.state.view = BullsView::Tree;
    harness.run_settled();
    harness.get_by_label("find the secret").click();
    harness.run_settled();
    harness.get_by_label("find the secret").type_text("4153");
    harness.run_settled();
    harness.get_by_label_contains("guesses: 0011 → ");
}

#[test]
fn the_letters_example_compares_the_strategies() {
    let state = BullsPanelState { view: BullsView::Letters, ..BullsPanelState::default() };
    let mut harness = harness(bulls_app(state));
    settle(&mut harness);
    harness.get_by_role_and_label(Role::Button, "Compare the strategies").click();
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    let rows = harness.state_mut().panel_mut::<BullsPanel>().letters.clone().expect("rows");
    let random = rows.iter().find(|row| row.0 == Strategy::RandomConsistent).expect("random");
    let entropy = rows.iter().find(|row| row.0 == Strategy::Entropy).expect("entropy");
    assert_eq!(random.1.average, 12.0);
    assert_eq!(entropy.2, "DEFG");
    assert!(harness.query_all_by_label("DEFG").count() >= 1);
}

#[test]
fn bulls_panel_snapshot() {
    snapshot_app("bulls_panel", [1100.0, 700.0], |_| bulls_app(mastermind()));
}

#[test]
fn bulls_panel_small_window_snapshot() {
    snapshot_app("bulls_panel_small", [520.0, 400.0], |_| bulls_app(mastermind()));
}

#[test]
fn the_optimum_is_searched_in_the_background() {
    let state = BullsPanelState { optimal_depth: 1, optimal_candidates: 0, ..mastermind() };
    let mut harness = harness(bulls_app(state));
    settle(&mut harness);
    harness.get_by_role_and_label(Role::Button, "Search the optimum").click();
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    let (options, result) = harness.state_mut().panel_mut::<BullsPanel>().optimal.clone().expect("a result");
    assert_eq!(options.depth, Some(1));
    assert_eq!(result.tree.stats().total, result.total);
    assert!(result.total < 5801, "better than minimax's 5,801");
    harness.get_by_label_contains("best within 1 levels");
}
