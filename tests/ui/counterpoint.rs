//! The Counterpoint panel: Generate writes a piece in the background and marks nothing hard;
//! a cantus note moved by the panel is checked again at once; a bad cantus is named; a
//! four-voice search can be cancelled; Play renders and plays or says playback is off; Export
//! and Open round-trip MusicXML; the piece survives a restart; snapshots at 1280x800 and 800x600.

use crate::common::{RunSettled, harness, settle, snapshot_app};
use curio::app::CurioApp;
use curio::app::counterpoint::{CantusSource, CounterpointPanel, CounterpointPanelState};
use curio::app::state::AppState;
use curio::counterpoint::{Request, Role, Severity, generate};
use curio::platform::audio::SpeakerState;
use curio::progress::NoProgress;
use egui_kittest::kittest::Queryable;

fn counterpoint_app(state: CounterpointPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<CounterpointPanel>().with::<CounterpointPanel>(&state), None)
}

fn panel<'a>(harness: &'a mut egui_kittest::Harness<'static, CurioApp>) -> &'a mut CounterpointPanel {
    harness.state_mut().panel_mut::<CounterpointPanel>()
}

/// Settings with a second-species piece over Fux's dorian cantus already written.
fn with_piece() -> CounterpointPanelState {
    let request = Request { species: 2, cantus: Some(curio::counterpoint::fux::cantus(curio::counterpoint::Mode::Dorian).1), seed: 3, ..Request::default() };
    let piece = generate(&request, &mut NoProgress).unwrap().piece;
    CounterpointPanelState { species: 2, seed: 3, piece: Some(piece), ..CounterpointPanelState::default() }
}

#[test]
fn generate_writes_a_piece_that_survives_a_restart_and_an_edit_is_checked_at_once() {
    let mut harness = harness(counterpoint_app(CounterpointPanelState { species: 4, ..CounterpointPanelState::default() }));
    harness.run_settled();
    harness.get_by_label("Generate").click();
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    let piece = panel(&mut harness).state.piece.clone().expect("a piece");
    assert_eq!(piece.voices[1].role, Role::Cantus);
    assert_eq!(piece.voices[0].role, Role::Fourth);
    assert!(panel(&mut harness).violations.iter().all(|v| v.severity == Severity::Soft));
    let saved = harness.state().state().settings::<CounterpointPanel>();
    assert_eq!(saved.piece.as_ref(), Some(&piece));
    let mut restored = crate::common::harness(counterpoint_app(saved));
    restored.run_settled();
    assert_eq!(panel(&mut restored).state.piece.as_ref(), Some(&piece));
    // The cantus's fifth note (G4) a step down: the piece is checked again and the typed
    // cantus follows.
    let index = 4;
    assert!(panel(&mut restored).step_note(1, index, false));
    restored.run_settled();
    let edited = panel(&mut restored).state.piece.clone().unwrap();
    assert_eq!(edited.voices[1].notes[index].pitch.unwrap().to_string(), "F4");
    assert_eq!(panel(&mut restored).state.cantus_text, "D4 F4 E4 D4 F4 F4 A4 G4 F4 E4 D4");
    assert_eq!(panel(&mut restored).state.cantus_source, CantusSource::Given);
    let rechecked = panel(&mut restored).violations.clone();
    assert_eq!(rechecked, curio::counterpoint::check(&edited));
    assert!(rechecked.iter().any(|v| v.rule == curio::counterpoint::Rule::RepeatedNote), "{rechecked:?}");
    // Counterpoint notes are not edited.
    assert!(!panel(&mut restored).step_note(0, 1, true));
}

#[test]
fn a_bad_cantus_is_named_and_a_four_voice_search_is_cancelled() {
    let state = CounterpointPanelState {
        cantus_source: CantusSource::Given,
        cantus_text: "D F H D".into(),
        ..CounterpointPanelState::default()
    };
    let mut harness = harness(counterpoint_app(state));
    harness.run_settled();
    harness.get_by_label("Generate").click();
    harness.run_settled();
    let message = panel(&mut harness).message.clone().unwrap().unwrap_err();
    assert!(message.contains("'H' is not a pitch"), "{message}");
    // Four voices in phrygian: a long search (no piece keeps every rule), cancelled.
    let panel_state = &mut panel(&mut harness).state;
    panel_state.cantus_source = CantusSource::Fux;
    panel_state.mode = curio::counterpoint::Mode::Phrygian;
    panel_state.voices = 4;
    harness.run_settled();
    harness.get_by_label("Generate").click();
    harness.step();
    assert!(panel(&mut harness).is_generating(), "{:?}", panel(&mut harness).message);
    harness.get_by_label("Cancel").click();
    harness.run_settled();
    assert!(!panel(&mut harness).is_generating());
    assert_eq!(panel(&mut harness).message.clone(), Some(Err("cancelled".into())));
}

#[test]
fn play_renders_or_says_playback_is_off_and_export_opens_back() {
    let mut harness = harness(counterpoint_app(with_piece()));
    harness.run_settled();
    harness.get_by_label("▶ Play").click();
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    match panel(&mut harness).sound_state().clone() {
        SpeakerState::Off(reason) => {
            assert!(harness.query_by_label_contains("Playback is off").is_some(), "{reason}");
        }
        SpeakerState::On => assert!(panel(&mut harness).playing_at().is_some()),
        SpeakerState::Unopened => panic!("Play opens the device"),
    }
    panel(&mut harness).stop();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("piece.musicxml");
    let piece = panel(&mut harness).state.piece.clone().unwrap();
    panel(&mut harness).state.export_path = file.display().to_string();
    harness.run_settled();
    harness.get_by_label("Export").click();
    harness.run_settled();
    assert!(file.exists(), "{:?}", panel(&mut harness).message);
    panel(&mut harness).state.piece = None;
    harness.run_settled();
    harness.get_by_label("Open").click();
    harness.run_settled();
    let opened = panel(&mut harness).state.piece.clone().unwrap_or_else(|| panic!("{:?}", panel(&mut harness).message));
    let notes = |p: &curio::counterpoint::Piece| p.voices.iter().map(|v| v.notes.iter().filter(|n| n.pitch.is_some()).copied().collect::<Vec<_>>()).collect::<Vec<_>>();
    assert_eq!(notes(&opened), notes(&piece));
    panel(&mut harness).state.export_path = dir.path().join("piece.doc").display().to_string();
    harness.run_settled();
    harness.get_by_label("Export").click();
    harness.run_settled();
    let message = panel(&mut harness).message.clone().unwrap().unwrap_err();
    assert!(message.contains("name a .mid, .musicxml, .wav, .svg or .png file"), "{message}");
}

/// The piece with the cantus's fifth note moved a step down, breaking rules to mark.
fn with_faults() -> CounterpointPanelState {
    let mut state = with_piece();
    let piece = state.piece.as_mut().unwrap();
    piece.voices[1].notes[4].pitch = curio::counterpoint::Pitch::parse("F4", 4).ok();
    state
}

#[test]
fn counterpoint_panel_snapshot() {
    let state = with_faults();
    snapshot_app("counterpoint_panel", [1280.0, 800.0], |_| counterpoint_app(state));
}

#[test]
fn counterpoint_panel_small_window_snapshot() {
    let state = with_piece();
    snapshot_app("counterpoint_panel_small", [800.0, 600.0], |_| counterpoint_app(state));
}
