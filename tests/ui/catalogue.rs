//! The navigation around the panels: the sidebar grouped by family, the header naming the panel
//! shown, the quick switcher (Ctrl+K), the menu that replaces the sidebar in small windows, and
//! the notice about a settings file that did not load.

use crate::common::{harness, harness_with, RunSettled};
use curio::app::CurioApp;
use curio::app::state::AppState;
use eframe::egui::{Event, Key, Modifiers};
use egui_kittest::kittest::Queryable;

fn fresh() -> CurioApp {
    CurioApp::with_state(AppState::default(), None)
}

#[test]
fn the_sidebar_lists_every_family_and_switches_panels() {
    let mut harness = harness(fresh());
    harness.run_settled();
    assert_eq!(harness.state().panel(), "star");
    for family in ["Geometry", "Games and AI", "Writing", "Bots"] {
        harness.get_by_label(family);
    }
    harness.get_by_label("Minesweeper").click();
    harness.run_settled();
    assert_eq!(harness.state().panel(), "mines");
    assert_eq!(harness.state().state().panel, "mines", "the panel shown is what is saved");
}

#[test]
fn ctrl_k_finds_a_panel_by_part_of_its_name() {
    let mut harness = harness(fresh());
    harness.run_settled();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::K);
    harness.run_settled();
    assert!(harness.state().switcher_open());
    harness.event(Event::Text("greg".into()));
    harness.run_settled();
    harness.get_by_label_contains("Gregg shorthand  ·  Writing");
    harness.key_press(Key::Enter);
    harness.run_settled();
    assert_eq!(harness.state().panel(), "gregg");
    assert!(!harness.state().switcher_open());

    // Arrows move through the matches; Escape closes without switching.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::K);
    harness.run_settled();
    harness.event(Event::Text("e".into()));
    harness.key_press(Key::ArrowDown);
    harness.run_settled();
    harness.key_press(Key::Escape);
    harness.run_settled();
    assert!(!harness.state().switcher_open());
    assert_eq!(harness.state().panel(), "gregg");
}

#[test]
fn a_small_window_lists_the_panels_in_a_menu() {
    let mut harness = harness_with(fresh(), [640.0, 480.0], curio::app::theme::install_fonts);
    harness.run_settled();
    assert!(harness.query_by_label("Games and AI").is_none(), "no sidebar in a small window");
    harness.get_by_label("☰ Panels").click();
    harness.run_settled();
    harness.get_by_label("Tetris").click();
    // The Tetris panel's live game repaints continuously: step rather than run to a standstill.
    harness.step();
    harness.step();
    assert_eq!(harness.state().panel(), "tetris");
}

#[test]
fn the_sidebar_can_be_hidden_and_stays_hidden_after_a_restart() {
    let mut harness = harness(fresh());
    harness.run_settled();
    harness.get_by_label("◀").click();
    harness.run_settled();
    assert!(harness.query_by_label("Games and AI").is_none());
    let saved = harness.state().state();
    assert!(saved.sidebar_hidden);
    let mut restarted = crate::common::harness(CurioApp::with_state(saved, None));
    restarted.run_settled();
    assert!(restarted.query_by_label("Games and AI").is_none());
    restarted.get_by_label("☰").click();
    restarted.run_settled();
    restarted.get_by_label("Games and AI");
}

#[test]
fn a_notice_shows_until_dismissed() {
    let app = fresh().with_notice("The settings file /tmp/app.ron did not load");
    let mut harness = harness(app);
    harness.run_settled();
    harness.get_by_label_contains("/tmp/app.ron did not load");
    harness.get_by_label("Dismiss").click();
    harness.run_settled();
    assert!(harness.query_by_label_contains("did not load").is_none());
    assert_eq!(harness.state().notice(), None);
}
