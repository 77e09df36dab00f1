//! The Tetris panel: a run started from the panel grows its history and survives a restart
//! (resumed from the saved settings), Pause stops after a generation and Cancel drops the one in
//! progress, weights and runs load and save, the live board steps with the move's features,
//! and snapshots at a normal and a small window.

use crate::common::{harness, settle, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::tetris::{EvolveSettings, LiveWeights, TetrisPanel, TetrisPanelState};
use curio::app::state::AppState;
use curio::tetris::{self, Budget, EvolveConfig, FeatureSet, Optimizer, Rules, Run};
use eframe::egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use std::ops::ControlFlow;

/// The app showing the Tetris panel with `state`, its run (a result, saved apart from the
/// settings) given back as a restart would.
fn tetris_app(state: TetrisPanelState) -> CurioApp {
    let mut app = CurioApp::with_state(AppState::showing::<TetrisPanel>().with::<TetrisPanel>(&state), None);
    let results = [("tetris".to_string(), serde_json::json!({ "run": state.run }))].into_iter().collect();
    app.restore_results(&results);
    app
}

/// Quick runs: a small board, few candidates and games.
fn small_settings(generations: usize) -> TetrisPanelState {
    TetrisPanelState {
        evolve: EvolveSettings {
            optimizer: Optimizer::Ga,
            features: FeatureSet::Bcts,
            width: 6,
            height: 6,
            population: 8,
            games: 2,
            depth: tetris::Depth::One,
            seed: 3,
            generations,
            minutes: 0.0,
        },
        playing: false,
        ..TetrisPanelState::default()
    }
}

#[test]
fn a_run_grows_its_history_and_resumes_after_a_restart() {
    // The candidates look at the next piece too, as the write-up's GA did.
    let mut settings = small_settings(3);
    settings.evolve.depth = tetris::Depth::Two;
    let mut harness = harness(tetris_app(settings));
    harness.run_settled();
    harness.get_by_label("no run yet");
    harness.get_by_role_and_label(Role::Button, "Start new run").click();
    settle(&mut harness);
    harness.run_settled();
    harness.get_by_label_contains("run done: 3 generations");
    harness.get_by_label_contains("2 games each, depth 2, seed 3");
    harness.get_by_label_contains("generation 2: best");
    // The settings and the run as the app saves them on exit, read back by a new app.
    let mut saved = harness.state_mut().state().settings::<TetrisPanel>();
    assert!(saved.run.is_none(), "the run is a result, not a setting");
    let results: std::collections::BTreeMap<String, serde_json::Value> =
        serde_json::from_str(&serde_json::to_string(&harness.state().results()).unwrap()).unwrap();
    assert_eq!(results["tetris"]["run"]["history"].as_array().map(Vec::len), Some(3));
    saved.evolve.generations = 5;
    let mut app = CurioApp::with_state(AppState::showing::<TetrisPanel>().with::<TetrisPanel>(&saved), None);
    app.restore_results(&results);
    let mut harness = crate::common::harness(app);
    harness.run_settled();
    harness.get_by_label_contains("generation 2: best");
    harness.get_by_role_and_label(Role::Button, "Resume").click();
    settle(&mut harness);
    harness.run_settled();
    harness.get_by_label_contains("run done: 5 generations");
    let resumed = harness.state_mut().panel_mut::<TetrisPanel>().state.run.clone().expect("a run");
    // Resuming in the app equals running 5 generations at once.
    let mut whole = Run::new(resumed.config.clone()).unwrap();
    tetris::evolve(
        &mut whole,
        Budget { generations: 5, time: None },
        &mut curio::progress::NoProgress,
        |_| ControlFlow::Continue(()),
    )
    .unwrap();
    let figures =
        |run: &Run| run.history.iter().map(|g| (g.best, g.mean, g.weights.clone())).collect::<Vec<_>>();
    assert_eq!(figures(&resumed), figures(&whole));
}

#[test]
fn pause_stops_after_a_generation_and_cancel_drops_the_one_in_progress() {
    let mut state = small_settings(100_000);
    state.evolve.width = 10;
    state.evolve.height = 10;
    state.evolve.games = 4;
    let mut harness = harness(tetris_app(state));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Start new run").click();
    harness.step();
    harness.get_by_role_and_label(Role::Button, "Pause").click();
    settle(&mut harness);
    harness.run_settled();
    harness.get_by_label_contains("paused after");
    let kept = harness.state_mut().panel_mut::<TetrisPanel>().state.run.as_ref().unwrap().history.len();
    assert!((1..100).contains(&kept), "{kept} generations");
    harness.get_by_role_and_label(Role::Button, "Resume").click();
    harness.step();
    harness.get_by_role_and_label(Role::Button, "Cancel").click();
    settle(&mut harness);
    harness.run_settled();
    harness.get_by_label_contains("cancelled: the generation in progress was dropped");
    let after = harness.state_mut().panel_mut::<TetrisPanel>().state.run.as_ref().unwrap().history.len();
    assert!(after >= kept);
}

#[test]
fn weights_save_and_load_and_a_bad_file_is_reported() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("weights.json");
    let mut state = small_settings(1);
    state.live_weights = LiveWeights::Preset("dellacherie".to_string());
    state.file_path = path.display().to_string();
    let mut harness = harness(tetris_app(state));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Save weights").click();
    harness.run_settled();
    harness.get_by_label_contains("weights of dellacherie saved to");
    assert_eq!(
        tetris::load_weights(path.to_str().unwrap()).unwrap(),
        tetris::Preset::named("dellacherie").unwrap().weights()
    );
    harness.get_by_role_and_label(Role::Button, "Load weights").click();
    harness.run_settled();
    let panel = harness.state_mut().panel_mut::<TetrisPanel>();
    assert!(matches!(&panel.state.live_weights, LiveWeights::Loaded(name, _) if name == "weights.json"));
    std::fs::write(&path, r#"{"weights": {"holes": "many"}}"#).unwrap();
    harness.get_by_role_and_label(Role::Button, "Load weights").click();
    harness.run_settled();
    harness.get_by_label_contains("not a number");
    harness.get_by_role_and_label(Role::Button, "Load run").click();
    harness.run_settled();
    harness.get_by_label_contains("not a saved run");
}

#[test]
fn a_run_saved_by_the_panel_loads_in_the_cli_format() {
    let directory = tempfile::tempdir().unwrap();
    let path = directory.path().join("run.json");
    let mut state = small_settings(2);
    state.file_path = path.display().to_string();
    let mut harness = harness(tetris_app(state));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Start new run").click();
    settle(&mut harness);
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Save run").click();
    harness.run_settled();
    harness.get_by_label_contains("run saved to");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(["tetris", "play", "--board", "6x6", "--games", "3", "--json", "--weights"])
        .arg(&path)
        .output()
        .expect("cli runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["games"], 3);
}

#[test]
fn the_live_board_steps_and_lists_the_moves_features() {
    let mut harness = harness(tetris_app(small_settings(1)));
    harness.run_settled();
    harness.get_by_label("the features of each move appear here");
    for _ in 0..12 {
        harness.get_by_role_and_label(Role::Button, "Step").click();
        harness.run_settled();
    }
    let pieces = harness.state_mut().panel_mut::<TetrisPanel>().live().game().pieces_placed;
    assert_eq!(pieces, 12);
    harness.get_by_label_contains("last move:");
    harness.get_by_label("rows_with_holes");
    harness.get_by_label("× weight");
}

/// A state with a short run already in it, and the live board a few pieces in.
fn state_with_run() -> TetrisPanelState {
    let config = EvolveConfig {
        optimizer: Optimizer::Ga,
        features: FeatureSet::Bcts,
        rules: Rules::benchmark(6, 6).unwrap(),
        population: 8,
        games: 2,
        seed: 5,
        max_pieces: None,
        depth: tetris::Depth::One,
    };
    let mut run = Run::new(config).unwrap();
    tetris::evolve(&mut run, Budget { generations: 8, time: None }, &mut curio::progress::NoProgress, |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    TetrisPanelState { run: Some(run), playing: false, ..TetrisPanelState::default() }
}

#[test]
fn tetris_panel_snapshot() {
    snapshot_app("tetris_panel", [1100.0, 700.0], |_| tetris_app(state_with_run()));
}

#[test]
fn tetris_panel_small_window_snapshot() {
    snapshot_app("tetris_panel_small", [520.0, 400.0], |_| tetris_app(state_with_run()));
}

#[test]
fn a_narrow_canvas_shows_the_board_or_the_charts() {
    let app = tetris_app(state_with_run());
    let mut harness = crate::common::harness_with(app, [560.0, 420.0], curio::app::theme::install_fonts);
    harness.run_settled();
    assert!(harness.query_by_label_contains("fitness (rows a game)").is_none());
    harness.get_by_label("Charts").click();
    harness.run_settled();
    harness.get_by_label_contains("fitness (rows a game)");
    assert_eq!(
        harness.state_mut().panel_mut::<TetrisPanel>().state.narrow_view,
        curio::app::tetris::NarrowView::Charts
    );
}
