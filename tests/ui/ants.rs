//! The Ants panel: an official replay opens and is viewed turn by turn and through one
//! player's sight, a new game between Curio's bots is played in the background, a bad replay
//! is named, the game and turn on view come back after a restart; snapshots at 1280x800 (the
//! board drawn by egui and by the panel's wgpu pipeline) and 800x600.

use crate::common::{RunSettled, harness, settle, snapshot_app};
use curio::app::CurioApp;
use curio::app::ants::{AntsPanel, AntsPanelState};
use curio::app::state::AppState;

fn fixture(name: &str) -> String {
    // Relative (tests run in the package folder), so that the snapshots do not hold the
    // checkout's path.
    format!("tests/fixtures/ants/official/{name}.replay")
}

fn ants_app(state: AntsPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<AntsPanel>().with::<AntsPanel>(&state), None)
}

fn panel<'a>(harness: &'a mut egui_kittest::Harness<'static, CurioApp>) -> &'a mut AntsPanel {
    harness.state_mut().panel_mut::<AntsPanel>()
}

fn viewing() -> AntsPanelState {
    AntsPanelState { replay_path: fixture("three-players"), turn: 60, sight: Some(0), ..AntsPanelState::default() }
}

#[test]
fn a_replay_opens_at_its_saved_turn_and_a_new_game_is_played() {
    let mut harness = harness(ants_app(viewing()));
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    let loaded = panel(&mut harness).loaded().expect("the saved replay reopened");
    assert_eq!(loaded.timeline.last_turn(), 174);
    assert_eq!(loaded.timeline.cutoff, "lone survivor");
    assert_eq!(loaded.names[0], "HunterBot.py");
    assert_eq!(panel(&mut harness).turn(), 60);
    // Three players' ants at the start, and deaths somewhere in the game.
    let timeline = &panel(&mut harness).loaded().unwrap().timeline;
    assert_eq!(timeline.frames[0].ants.len(), 3);
    assert!(timeline.frames.iter().any(|frame| !frame.dead.is_empty()));
    assert!(timeline.sight(60, 0).iter().any(|seen| !seen), "player 0 does not see the whole map");
    // A bad replay is named; the game on view stays.
    panel(&mut harness).set_replay_path("/no/such.replay");
    let ctx = harness.ctx.clone();
    panel(&mut harness).open(&ctx);
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    assert!(panel(&mut harness).loaded().is_some());
    // A new game between two of Curio's bots on a generated map.
    panel(&mut harness).set_bot(0, "builtin:curio");
    panel(&mut harness).set_bot(1, "builtin:random");
    panel(&mut harness).new_game(&ctx);
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    let game = panel(&mut harness).loaded().expect("a new game");
    assert_eq!(game.names, ["builtin:curio", "builtin:random"]);
    assert!(game.timeline.last_turn() > 10);
}

#[test]
fn ants_panel_snapshot() {
    snapshot_app("ants_panel", [1280.0, 800.0], |_| ants_app(viewing()));
}

/// The board drawn by the panel's wgpu pipeline (where the app has an adapter) looks as the
/// egui image does.
#[test]
fn ants_panel_board_on_gpu_snapshot() {
    snapshot_app("ants_panel_gpu", [1280.0, 800.0], |adapter| {
        let state = AppState::showing::<AntsPanel>().with::<AntsPanel>(&viewing());
        let mut app = CurioApp::with_state(state, Some(adapter));
        assert!(app.panel_mut::<AntsPanel>().board_on_gpu());
        app
    });
}

#[test]
fn ants_panel_small_window_snapshot() {
    snapshot_app("ants_panel_small", [800.0, 600.0], |_| ants_app(viewing()));
}
