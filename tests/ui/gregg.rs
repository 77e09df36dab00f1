//! The Gregg panel: typing updates the page, a click on a word shows its outline, source and
//! phonemes, the debug overlay and rules-only switch by label, export is identical to the CLI's,
//! settings survive a restart, and snapshots at a normal and a small size.

use crate::common::{harness, settle, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::gregg::{GreggPanel, GreggPanelState};
use curio::app::state::AppState;
use eframe::egui::accesskit::Role;
use eframe::egui::{Event, Modifiers, PointerButton};
use egui_kittest::kittest::Queryable;

fn gregg_app(state: GreggPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<GreggPanel>().with::<GreggPanel>(&state), None)
}

fn with_text(text: &str) -> GreggPanelState {
    GreggPanelState { text: text.to_string(), ..GreggPanelState::default() }
}

#[test]
fn typing_updates_the_page_and_counts_sources() {
    let mut harness = harness(gregg_app(with_text("cake")));
    harness.run_settled();
    harness.get_by_label_contains("1 words: 0 brief forms, 0 dictionary, 1 rules");
    harness.get_by_role_and_label(Role::MultilineTextInput, "Text").click();
    harness.run_settled();
    harness.key_press(eframe::egui::Key::End);
    harness.get_by_role_and_label(Role::MultilineTextInput, "Text").type_text(" the church");
    harness.run_settled();
    assert_eq!(harness.state().state().settings::<GreggPanel>().text, "cake the church");
    harness.get_by_label_contains("3 words: 1 brief forms, 1 dictionary, 1 rules");
    let page = harness.state_mut().panel_mut::<GreggPanel>().page().expect("a page").clone();
    assert_eq!(page.words.len(), 3);
    assert_eq!(page.words[2].word.outline, "che~ch");
}

#[test]
fn clicking_a_word_shows_its_outline_source_and_phonemes() {
    let mut harness = harness(gregg_app(with_text("the cake")));
    harness.run_settled();
    harness.get_by_label("Hover or click a word on the page.");
    let center = harness.state_mut().panel_mut::<GreggPanel>().word_center(1).expect("word drawn");
    harness.event(Event::PointerMoved(center));
    harness.event(Event::PointerButton {
        pos: center,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    harness.event(Event::PointerButton {
        pos: center,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.run_settled();
    assert_eq!(harness.state_mut().panel_mut::<GreggPanel>().selected, Some(1));
    assert!(harness.query_all_by_label("kak").count() >= 1);
    harness.get_by_label("rules (CMU phonemes)");
    harness.get_by_label("K EY1 K");
}

#[test]
fn debug_overlay_and_rules_only_switch_by_label() {
    let mut harness = harness(gregg_app(with_text("the church")));
    harness.run_settled();
    harness.get_by_label("debug overlay").click();
    harness.get_by_label("rules only").click();
    harness.run_settled();
    let settings = harness.state().state().settings::<GreggPanel>();
    assert!(settings.style.debug);
    assert!(settings.rules_only);
    harness.get_by_label_contains("2 words: 0 brief forms, 0 dictionary, 2 rules");
}

#[test]
fn gui_export_is_identical_to_cli_export() {
    let temporary = tempfile::tempdir().expect("temp dir");
    let gui_file = temporary.path().join("gui.svg");
    let cli_file = temporary.path().join("cli.svg");
    let mut state = with_text("London bridge is falling down.");
    state.style.unit = 12.0;
    state.export_path = gui_file.display().to_string();
    let mut harness = harness(gregg_app(state));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Export").click();
    settle(&mut harness);
    let message = harness.state_mut().panel_mut::<GreggPanel>().export_message().cloned();
    assert!(matches!(message, Some(Ok(ref text)) if text.contains("saved")), "{message:?}");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(["gregg", "render", "London bridge is falling down.", "--out"])
        .arg(&cli_file)
        .status()
        .expect("cli runs");
    assert!(status.success());
    assert!(
        std::fs::read(&gui_file).unwrap() == std::fs::read(&cli_file).unwrap(),
        "GUI and CLI exports differ"
    );
}

#[test]
fn settings_survive_a_restart_and_bad_values_are_clamped() {
    let mut state = with_text("deed");
    state.style.slant = 12.0;
    state.rules_only = true;
    let saved = AppState::default().with::<GreggPanel>(&state);
    let loaded: AppState = serde_json::from_str(&serde_json::to_string(&saved).unwrap()).unwrap();
    assert_eq!(loaded, saved);
    let partial: AppState = serde_json::from_str(r#"{"gregg":{"style":{"unit":-5,"slant":900}}}"#).unwrap();
    let app = CurioApp::with_state(partial, None);
    let settings = app.state().settings::<GreggPanel>();
    assert_eq!(settings.style.unit, 2.0);
    assert_eq!(settings.style.slant, 45.0);
}

#[test]
fn gregg_panel_snapshot() {
    snapshot_app("gregg_panel", [1100.0, 700.0], |_| gregg_app(GreggPanelState::default()));
}

#[test]
fn gregg_panel_small_window_snapshot() {
    snapshot_app("gregg_panel_small", [520.0, 400.0], |_| gregg_app(GreggPanelState::default()));
}
