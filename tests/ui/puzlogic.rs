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

#[test]
fn the_game_window_plays_by_dragging_and_logs_what_it_shows_and_receives() {
    use curio::app::puzlogic_window::{PuzlogicWindow, SQUARE, Source, WINDOW};
    use curio::puzlogic::solver;
    use eframe::egui::{Event, Modifiers, PointerButton, Pos2, Vec2};
    let folder = tempfile::tempdir().unwrap();
    let log = folder.path().join("window.jsonl");
    let window = PuzlogicWindow::new(Source::Level(3), Some(log.clone())).unwrap();
    let mut harness = egui_kittest::Harness::builder()
        .with_size(WINDOW)
        .with_context_setup(curio::app::theme::install_fonts)
        .build_ui_state(|ui, window: &mut PuzlogicWindow| window.draw(ui), window);
    harness.run();
    let drag = |harness: &mut egui_kittest::Harness<'_, PuzlogicWindow>, from: Pos2, to: Pos2| {
        harness.event(Event::PointerMoved(from));
        harness.event(Event::PointerButton { pos: from, button: PointerButton::Primary, pressed: true, modifiers: Modifiers::NONE });
        harness.step();
        harness.event(Event::PointerMoved(to));
        harness.step();
        harness.event(Event::PointerButton { pos: to, button: PointerButton::Primary, pressed: false, modifiers: Modifiers::NONE });
        harness.step();
    };
    let centre = |origin: Pos2| origin + Vec2::splat(SQUARE / 2.0);
    let solution = solver::solve(&harness.state().puzzle, 1).solutions.remove(0);
    // A piece dropped off the board goes back to the tray.
    let first = centre(harness.state().tray_origin(0));
    drag(&mut harness, first, Pos2::new(880.0, 20.0));
    assert!(harness.state().placed.is_empty());
    for &(r, c, v) in &solution {
        let index = harness.state().tray().iter().position(|&t| t == v).unwrap();
        let from = centre(harness.state().tray_origin(index));
        let to = centre(harness.state().cell_origin(r, c));
        drag(&mut harness, from, to);
    }
    assert!(harness.state().is_solved(), "{:?}", harness.state().placed);
    harness.run();
    harness.get_by_label("Next").click();
    harness.run();
    assert_eq!(harness.state().source(), Source::Level(4));
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&log).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["event"], "shown");
    assert_eq!(lines[0]["level"], 3);
    assert_eq!(lines[1]["event"], "returned");
    assert_eq!(lines.iter().filter(|l| l["event"] == "drop").count(), solution.len());
    assert!(lines.iter().any(|l| l["event"] == "solved"));
    assert_eq!(lines.last().unwrap()["level"], 4);
}
