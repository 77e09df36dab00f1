//! The Puzlogic panel: solutions counted and the search stepped through, the write-up's level 3
//! played by hand to "solved", a wrong placement flagged, a bad text named, and a snapshot.

use crate::common::{harness, snapshot_app};
use curio::app::CurioApp;
use curio::app::panels::puzlogic_panel::{PuzlogicPanel, PuzlogicPanelState};
use curio::app::state::AppState;
use eframe::egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

fn puzlogic_app(state: PuzlogicPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<PuzlogicPanel>().with::<PuzlogicPanel>(&state), None)
}

#[test]
fn counting_proves_level_three_unique_and_the_search_steps() {
    let mut harness = harness(puzlogic_app(PuzlogicPanelState::default()));
    harness.run();
    harness.get_by_role_and_label(Role::Button, "Count solutions").click();
    harness.run();
    harness.get_by_label_contains("one solution, proven unique");
    let panel = harness.state_mut().panel_mut::<PuzlogicPanel>();
    let (_, trace) = panel.solved.clone().expect("a trace");
    panel.step = trace.len();
    harness.run();
}

#[test]
fn level_three_played_by_hand() {
    let mut harness = harness(puzlogic_app(PuzlogicPanelState::default()));
    harness.run();
    let panel = harness.state_mut().panel_mut::<PuzlogicPanel>();
    // The solution's moves, each by picking the piece from the tray and clicking the cell.
    for (r, c, v) in [(0, 0, 4), (0, 2, 6), (1, 3, 5), (2, 4, 4), (3, 1, 5), (4, 4, 6)] {
        let index = panel.tray().iter().position(|&t| t == v).unwrap();
        panel.held = Some(index);
        panel.click_cell(r, c);
    }
    assert!(panel.tray().is_empty());
    harness.run();
    harness.get_by_label("solved!");
    // A wrong placement is allowed and flagged: a 5 in row 0, which holds a given 5.
    let panel = harness.state_mut().panel_mut::<PuzlogicPanel>();
    panel.state.placed.clear();
    panel.held = panel.tray().iter().position(|&t| t == 5);
    panel.click_cell(0, 0);
    assert_eq!(panel.wrong(), vec![(0, 0, 5)]);
    // Clicking a placed piece takes it back to the tray.
    panel.click_cell(0, 0);
    assert!(panel.state.placed.is_empty() && panel.tray().len() == 6);
}

#[test]
fn a_bad_text_is_named() {
    let state = PuzlogicPanelState { text: "_ x\npieces: 1 2\n".into(), ..PuzlogicPanelState::default() };
    let mut harness = harness(puzlogic_app(state));
    harness.run();
    harness.get_by_role_and_label(Role::Button, "Read text").click();
    harness.run();
    harness.get_by_label_contains("line 1, column 3: 'x' is not");
}

#[test]
fn puzlogic_panel_snapshot() {
    snapshot_app("puzlogic_panel", [1000.0, 700.0], |_| puzlogic_app(PuzlogicPanelState::default()));
}
