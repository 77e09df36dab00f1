//! The Play Tetris panel driven by keys as a person plays: moves, turns, pause, hard drops to a
//! game over that lands in the high scores (kept across a restart); the hint is the AI's
//! placement; the AI takes over and gives back; a key rebound; snapshots.

use crate::common::{harness, snapshot_app};
use curio::app::CurioApp;
use curio::app::state::AppState;
use curio::app::tetris::play::{PlayPanel, PlayPanelState};
use eframe::egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn play_app(state: PlayPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<PlayPanel>().with::<PlayPanel>(&state), None)
}

fn panel<'a>(harness: &'a mut Harness<'static, CurioApp>) -> &'a mut PlayPanel {
    harness.state_mut().panel_mut::<PlayPanel>()
}

fn press(harness: &mut Harness<'static, CurioApp>, key: Key) {
    harness.key_press(key);
    harness.step();
}

#[test]
fn a_whole_game_played_by_keys_ends_in_the_high_scores() {
    let mut harness = harness(play_app(PlayPanelState::default()));
    harness.step();
    let start = panel(&mut harness).play.falling();
    press(&mut harness, Key::ArrowLeft);
    assert_eq!(panel(&mut harness).play.falling().column, start.column - 1, "left moves");
    press(&mut harness, Key::ArrowUp);
    let turned = panel(&mut harness).play.falling();
    assert!(turned.rotation != start.rotation || turned.piece.rotations().len() == 1, "up turns");
    press(&mut harness, Key::P);
    assert!(panel(&mut harness).play.is_paused());
    let paused = panel(&mut harness).play.falling();
    for _ in 0..30 {
        harness.step();
    }
    assert_eq!(panel(&mut harness).play.falling(), paused, "nothing falls while paused");
    press(&mut harness, Key::P);
    let mut drops = 0;
    while !panel(&mut harness).play.is_over() && drops < 200 {
        press(&mut harness, Key::Space);
        drops += 1;
    }
    let panel = panel(&mut harness);
    assert!(panel.play.is_over(), "hard drops in the middle end the game");
    // The sounds were asked for: with a device they play, without one the game went on silent.
    assert_ne!(*panel.sound_state(), curio::platform::audio::SpeakerState::Unopened);
    assert!(panel.play.pieces_placed >= drops as u64 - 1, "{} pieces, {drops} drops", panel.play.pieces_placed);
    let best = panel.state.high_scores.first().expect("the game is in the high scores").clone();
    assert_eq!((best.score, best.lines), (panel.play.score, panel.play.lines));
    let record = panel.last_record.clone().expect("the game's record");
    let replayed = record.replay().expect("the record plays again");
    assert_eq!((replayed.score, replayed.pieces_placed), (record.score, panel.play.pieces_placed));
    // Kept across a restart.
    let saved = harness.state().state().settings::<PlayPanel>();
    let text = serde_json::to_string(&AppState::default().with::<PlayPanel>(&saved)).unwrap();
    let restored = CurioApp::with_state(serde_json::from_str(&text).unwrap(), None);
    assert_eq!(restored.state().settings::<PlayPanel>().high_scores.len(), 1);
}

#[test]
fn the_hint_is_the_ais_placement_and_the_ai_takes_over_and_gives_back() {
    let mut harness = harness(play_app(PlayPanelState::default()));
    harness.step();
    harness.get_by_label("hint: where the AI would put the piece").click();
    harness.step();
    let policy = curio::tetris::Policy::new(curio::tetris::Preset::named("bcts").unwrap().weights());
    let expected = panel(&mut harness).play.hint(&policy);
    assert!(panel(&mut harness).state.hint);
    assert_eq!(panel(&mut harness).hint(), expected);
    harness.get_by_label("Take over").click();
    for _ in 0..120 {
        harness.step();
    }
    let placed = panel(&mut harness).play.pieces_placed;
    assert!(placed >= 2, "the AI played {placed} pieces");
    panel(&mut harness).press(curio::tetris::human::Input::HardDrop);
    assert_eq!(panel(&mut harness).play.pieces_placed, placed, "keys do nothing while the AI plays");
    harness.get_by_label("Give back").click();
    harness.step();
    let given = panel(&mut harness).play.pieces_placed;
    press(&mut harness, Key::Space);
    assert_eq!(panel(&mut harness).play.pieces_placed, given + 1, "the player plays again");
}

#[test]
fn a_key_can_be_rebound() {
    let mut harness = harness(play_app(PlayPanelState::default()));
    harness.step();
    harness.get_by_label("Space").click();
    harness.step();
    press(&mut harness, Key::H);
    assert_eq!(panel(&mut harness).state.key(curio::tetris::human::Input::HardDrop), Some(Key::H));
    press(&mut harness, Key::H);
    assert_eq!(panel(&mut harness).play.pieces_placed, 1);
    press(&mut harness, Key::Space);
    assert_eq!(panel(&mut harness).play.pieces_placed, 1, "space is free now");
}

#[test]
fn play_panel_snapshot() {
    snapshot_app("tetris_play_panel", [1280.0, 800.0], |_| play_app(PlayPanelState { hint: true, ..PlayPanelState::default() }));
}

#[test]
fn play_panel_small_window_snapshot() {
    snapshot_app("tetris_play_panel_small", [800.0, 600.0], |_| play_app(PlayPanelState::default()));
}
