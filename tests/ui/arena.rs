//! The Arena panel: a round robin runs in the background from the Run button and its table and
//! ratings survive a restart; a live game is played move by move to its end and drawn; a bad
//! player's name is a message; snapshots at 1280x800 and 800x600.

use crate::common::{harness, settle, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::arena::{ArenaPanel, ArenaPanelState, LiveGame};
use curio::app::state::AppState;
use curio::cli::arena::ArenaGame;
use egui_kittest::kittest::{NodeT, Queryable};

fn arena_app(state: ArenaPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<ArenaPanel>().with::<ArenaPanel>(&state), None)
}

fn panel<'a>(harness: &'a mut egui_kittest::Harness<'static, CurioApp>) -> &'a mut ArenaPanel {
    harness.state_mut().panel_mut::<ArenaPanel>()
}

#[test]
fn a_round_robin_fills_the_table_and_survives_a_restart() {
    let state = ArenaPanelState { players: "random,flat:20,alphabeta:2".into(), games: 4, ..ArenaPanelState::default() };
    let mut harness = harness(arena_app(state));
    harness.run_settled();
    harness.get_by_label("Run round robin").click();
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    let result = panel(&mut harness).state.result.clone().expect("a result");
    assert_eq!(result.tally.games(), 12);
    assert_eq!(result.tally.pairs.len(), 3);
    harness.get_by_label("random vs flat:20");
    harness.get_by_label("alphabeta:2");
    // The result is in the settings, so it survives a restart.
    let saved = harness.state().state().settings::<ArenaPanel>();
    let restored = CurioApp::with_state(
        serde_json::from_str(&serde_json::to_string(&AppState::default().with::<ArenaPanel>(&saved)).unwrap()).unwrap(),
        None,
    );
    assert_eq!(restored.state().settings::<ArenaPanel>().result, Some(result));
}

#[test]
fn a_live_game_is_played_to_its_end_and_bad_names_are_messages() {
    let state = ArenaPanelState { live_first: "random".into(), live_second: "flat:30".into(), ..ArenaPanelState::default() };
    let mut harness = harness(arena_app(state));
    harness.run_settled();
    harness.get_by_label("Play live game").click();
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    let live = panel(&mut harness).live.as_ref().expect("a live game");
    assert!(live.game.outcome().is_some(), "played to the end");
    assert_eq!(live.log.len(), live.game.moves());
    let LiveGame::Connect4(game) = &live.game else { panic!("a Connect-4 game") };
    assert!(game.moves().len() >= 7);
    let status = panel(&mut harness).live_status().unwrap();
    assert!(status.contains("wins in") || status.contains("a draw"), "{status}");
    // A name that is not a player is named, and nothing starts.
    panel(&mut harness).state.live_first = "grandmaster".into();
    harness.get_by_label("Play live game").click();
    harness.run_settled();
    let message = panel(&mut harness).message.clone().unwrap_or_default();
    assert!(message.contains("'grandmaster' is not a player of connect4"), "{message}");
    panel(&mut harness).state.players = "random,perfect,oops".into();
    harness.get_by_label("Run round robin").click();
    harness.run_settled();
    let message = panel(&mut harness).message.clone().unwrap_or_default();
    assert!(message.contains("'oops'"), "{message}");
    assert!(panel(&mut harness).state.result.is_none());
}

#[test]
fn go_plays_live_through_the_same_players() {
    let state = ArenaPanelState { live_first: "random".into(), live_second: "random".into(), ..ArenaPanelState::default() };
    let mut harness = harness(arena_app(state));
    harness.run_settled();
    panel(&mut harness).state.game = ArenaGame::Go;
    panel(&mut harness).state.live_first = "random".into();
    panel(&mut harness).start_live();
    // A few moves, then Stop.
    for _ in 0..6 {
        harness.step();
        settle(&mut harness);
    }
    let moves = panel(&mut harness).live.as_ref().map(|live| live.game.moves()).unwrap_or(0);
    assert!(moves >= 3, "{moves} moves");
    harness.get_by_label("Stop").click();
    harness.run_settled();
    assert!(panel(&mut harness).live.is_none());
    assert!(harness.query_by_label("Stop").is_some_and(|stop| stop.accesskit_node().is_disabled()));
}

fn finished_state() -> ArenaPanelState {
    let mut app = harness(arena_app(ArenaPanelState {
        players: "random,flat:10,uct:10".into(),
        games: 4,
        seed: 3,
        ..ArenaPanelState::default()
    }));
    app.run_settled();
    let ctx = app.ctx.clone();
    panel(&mut app).start_tournament(&ctx);
    settle(&mut app);
    // Times vary from run to run: fixed ones keep the snapshot the same.
    let mut state = panel(&mut app).state.clone();
    let result = state.result.as_mut().expect("a result");
    result.seconds = 1.0;
    for pair in &mut result.tally.pairs {
        (pair.a_seconds, pair.b_seconds) = (0.001 * pair.a_moves as f64, 0.002 * pair.b_moves as f64);
    }
    state
}

#[test]
fn arena_panel_snapshot() {
    let state = finished_state();
    snapshot_app("arena_panel", [1280.0, 800.0], |_| arena_app(state));
}

#[test]
fn arena_panel_small_window_snapshot() {
    let state = finished_state();
    snapshot_app("arena_panel_small", [800.0, 600.0], |_| arena_app(state));
}

#[test]
fn conquest_plays_live_to_its_end() {
    let state = ArenaPanelState { live_first: "greedy".into(), live_second: "random".into(), ..ArenaPanelState::default() };
    let mut harness = harness(arena_app(state));
    harness.run_settled();
    panel(&mut harness).state.game = ArenaGame::Conquest;
    panel(&mut harness).start_live();
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    let live = panel(&mut harness).live.as_ref().expect("a live game");
    let LiveGame::Conquest(battle) = &live.game else { panic!("a game of Conquest") };
    assert_eq!(battle.ending, Some(curio::conquest::Ending::Won(0)), "greedy beats random");
    assert!(panel(&mut harness).live_status().unwrap().contains("greedy wins"));
}
