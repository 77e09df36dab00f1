//! The Connect-4 panel: a click in a column drops a disc there, the perfect opponent answers in
//! the background, the analysis shows each column's solved score beside flat Monte Carlo's win
//! rate, a won game stops play and Undo takes back to the person's turn, a bad position typed
//! is a message, the game survives a restart, and snapshots at 1280x800 and 800x600.

use crate::common::{harness, settle, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::connect4::{Connect4Panel, Connect4PanelState, Opponent};
use curio::app::state::AppState;
use curio::connect4::Outcome;
use eframe::egui::{Event, Modifiers, PointerButton, Pos2};

fn connect4_app(state: Connect4PanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<Connect4Panel>().with::<Connect4Panel>(&state), None)
}

fn panel<'a>(harness: &'a mut egui_kittest::Harness<'static, CurioApp>) -> &'a mut Connect4Panel {
    harness.state_mut().panel_mut::<Connect4Panel>()
}

#[test]
fn the_perfect_opponent_answers_and_the_analysis_matches_the_solver() {
    let state =
        Connect4PanelState { moves: "4265542147577".into(), person_first: false, playouts: 200, ..Connect4PanelState::default() };
    let mut harness = harness(connect4_app(state));
    harness.run_settled();
    settle(&mut harness);
    let analysis = panel(&mut harness).current_analysis().cloned().expect("the analysis of the position");
    // Pascal Pons's solver scores this position's columns -7 -6 -9 -4 -6 -14 -6.
    assert_eq!(analysis.scores, [Some(-7), Some(-6), Some(-9), Some(-4), Some(-6), Some(-14), Some(-6)]);
    assert!(analysis.rates.iter().all(|rate| rate.is_some_and(|rate| (0.0..=1.0).contains(&rate))));
    assert_eq!(analysis.line.first(), Some(&3), "the best line starts in column 4");
    // The person (yellow: 13 moves played) plays column 4 through the panel; the solver answers.
    panel(&mut harness).play(3);
    settle(&mut harness);
    let game = panel(&mut harness).game.clone();
    assert_eq!(game.moves().len(), 15, "the person's move and the opponent's answer: {}", game.text());
    assert!(panel(&mut harness).person_to_move());
}

#[test]
fn a_click_on_the_board_drops_a_disc_in_that_column() {
    let state = Connect4PanelState { opponent: Opponent::Person, analysis: false, ..Connect4PanelState::default() };
    let mut harness = harness(connect4_app(state));
    harness.run_settled();
    // Click across the canvas's width until a disc drops, then check it went under the click.
    let width = harness.ctx.content_rect().width();
    let y = harness.ctx.content_rect().center().y;
    let mut dropped = None;
    for step in 0..60 {
        let pos = Pos2::new(width * (0.3 + 0.7 * step as f32 / 60.0), y);
        harness.event(Event::PointerMoved(pos));
        harness.run_settled();
        harness.event(Event::PointerButton { pos, button: PointerButton::Primary, pressed: true, modifiers: Modifiers::NONE });
        harness.event(Event::PointerButton { pos, button: PointerButton::Primary, pressed: false, modifiers: Modifiers::NONE });
        harness.run_settled();
        if let Some(&column) = panel(&mut harness).game.moves().first() {
            dropped = Some((column, pos.x));
            break;
        }
    }
    let (column, _) = dropped.expect("a click on the board plays");
    assert!(column <= 2, "the first column reached from the left is one of the first: {column}");
    assert_eq!(panel(&mut harness).game.stone(column, 0), 1);
}

#[test]
fn a_won_game_stops_play_undo_goes_back_and_bad_positions_are_messages() {
    let state = Connect4PanelState { opponent: Opponent::Person, analysis: false, ..Connect4PanelState::default() };
    let mut harness = harness(connect4_app(state));
    harness.run_settled();
    panel(&mut harness).typed = "121212".into();
    panel(&mut harness).load_typed();
    panel(&mut harness).play(0);
    harness.run_settled();
    assert_eq!(panel(&mut harness).game.outcome(), Some(Outcome::Won(1)));
    assert!(panel(&mut harness).status().contains("Red wins"));
    panel(&mut harness).play(1);
    assert_eq!(panel(&mut harness).game.moves().len(), 7, "no move after the win");
    panel(&mut harness).undo();
    assert_eq!(panel(&mut harness).game.text(), "121212");
    panel(&mut harness).typed = "12x".into();
    panel(&mut harness).load_typed();
    let message = panel(&mut harness).message.clone().unwrap_or_default();
    assert!(message.contains("'x' is not a column"), "{message}");
    assert_eq!(panel(&mut harness).game.text(), "121212", "the game is kept");
    // The game survives a restart.
    let saved = harness.state().state().settings::<Connect4Panel>();
    assert_eq!(saved.moves, "121212");
    let restored = CurioApp::with_state(
        serde_json::from_str(&serde_json::to_string(&AppState::default().with::<Connect4Panel>(&saved)).unwrap()).unwrap(),
        None,
    );
    assert_eq!(restored.state().settings::<Connect4Panel>().moves, "121212");
}

#[test]
fn connect4_panel_snapshot() {
    snapshot_app("connect4_panel", [1280.0, 800.0], |_| {
        connect4_app(Connect4PanelState {
            moves: "4265542147577".into(),
            playouts: 300,
            opponent: Opponent::Person,
            ..Connect4PanelState::default()
        })
    });
}

#[test]
fn connect4_panel_small_window_snapshot() {
    snapshot_app("connect4_panel_small", [800.0, 600.0], |_| {
        connect4_app(Connect4PanelState {
            moves: "42655421475772".into(),
            playouts: 300,
            opponent: Opponent::Person,
            ..Connect4PanelState::default()
        })
    });
}
