//! The Go panel: clicks place stones for each side in turn, the hover shows the placement a
//! click would make, the computer answers in the background and can be cancelled, undo and
//! redo, records saved and loaded, and a snapshot.

use crate::common::{harness, settle, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::go::{GoPanel, GoPanelState, Opponent};
use curio::app::state::AppState;
use curio::go::{Colour, Point};
use eframe::egui::accesskit::Role;
use eframe::egui::{Event, Modifiers, PointerButton};
use egui_kittest::kittest::Queryable;

fn go_app(state: GoPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<GoPanel>().with::<GoPanel>(&state), None)
}

fn hotseat() -> GoPanelState {
    GoPanelState { opponent: Opponent::Hotseat, ..GoPanelState::default() }
}

fn click_board(harness: &mut egui_kittest::Harness<'static, CurioApp>, at: Point) {
    let board = harness.state_mut().panel_mut::<GoPanel>().board_rect().expect("the board is drawn");
    let pos = GoPanel::to_screen(board, at);
    harness.event(Event::PointerMoved(pos));
    harness.run_settled();
    harness.event(Event::PointerButton { pos, button: PointerButton::Primary, pressed: true, modifiers: Modifiers::NONE });
    harness.event(Event::PointerButton { pos, button: PointerButton::Primary, pressed: false, modifiers: Modifiers::NONE });
    harness.step();
}

#[test]
fn clicks_place_stones_in_turn_and_undo_redo_them() {
    let mut harness = harness(go_app(hotseat()));
    harness.run_settled();
    click_board(&mut harness, Point::new(20_000, 20_000));
    click_board(&mut harness, Point::new(40_000, 40_000));
    harness.run_settled();
    let panel = harness.state_mut().panel_mut::<GoPanel>();
    let stones = panel.game.position.stones().to_vec();
    assert_eq!(stones.len(), 2, "{:?}", panel.message);
    assert_eq!((stones[0].colour, stones[1].colour), (Colour::Black, Colour::White));
    // Clicks are exact to a screen point, not a board unit: the stone is within one point.
    let scale = 65_536.0 / panel.board_rect().unwrap().width() as f64;
    assert!(((stones[0].at.x - 20_000) as f64).abs() <= scale && ((stones[0].at.y - 20_000) as f64).abs() <= scale);
    harness.get_by_role_and_label(Role::Button, "Undo").click();
    harness.run_settled();
    assert_eq!(harness.state_mut().panel_mut::<GoPanel>().game.position.stones().len(), 1);
    harness.get_by_role_and_label(Role::Button, "Redo").click();
    harness.run_settled();
    let panel = harness.state_mut().panel_mut::<GoPanel>();
    assert_eq!(panel.game.position.stones().len(), 2);
    assert_eq!(panel.state.record, panel.game.record());
}

#[test]
fn a_click_on_a_stone_touches_it_instead() {
    let mut harness = harness(go_app(hotseat()));
    harness.run_settled();
    click_board(&mut harness, Point::new(30_000, 30_000));
    click_board(&mut harness, Point::new(30_500, 30_000));
    let panel = harness.state_mut().panel_mut::<GoPanel>();
    let stones = panel.game.position.stones().to_vec();
    assert_eq!(stones.len(), 2, "{:?}", panel.message);
    assert!(panel.game.position.geometry.connected(stones[0].at, stones[1].at));
}

#[test]
fn the_computer_answers_in_the_background_and_cancel_stops_it() {
    let state = GoPanelState { opponent: Opponent::ComputerWhite, playouts: 50, ..GoPanelState::default() };
    let mut harness = harness(go_app(state));
    harness.run_settled();
    click_board(&mut harness, Point::new(30_000, 30_000));
    harness.step();
    assert!(harness.state_mut().panel_mut::<GoPanel>().is_busy_thinking());
    settle(&mut harness);
    harness.run_settled();
    let panel = harness.state_mut().panel_mut::<GoPanel>();
    assert_eq!(panel.game.position.stones().len(), 2);
    assert_eq!(panel.game.to_move, Colour::Black);
    // A long search is cancelled by its Cancel button.
    panel.state.playouts = 100_000;
    click_board(&mut harness, Point::new(10_000, 50_000));
    harness.step();
    assert!(harness.state_mut().panel_mut::<GoPanel>().is_busy_thinking());
    harness.get_by_role_and_label(Role::Button, "Cancel").click();
    settle(&mut harness);
    let panel = harness.state_mut().panel_mut::<GoPanel>();
    assert_eq!(panel.game.position.stones().len(), 3, "the cancelled search played nothing");
    assert!(panel.message.as_ref().is_some_and(|m| m.as_ref().is_err_and(|e| e.contains("cancelled"))), "{:?}", panel.message);
}

#[test]
fn records_save_and_load() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("game.txt");
    let state = GoPanelState { record_path: path.display().to_string(), ..hotseat() };
    let mut harness = harness(go_app(state));
    harness.run_settled();
    click_board(&mut harness, Point::new(20_000, 20_000));
    harness.get_by_role_and_label(Role::Button, "Save").click();
    harness.run_settled();
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.starts_with("eugo 1\n") && saved.contains("\nB "));
    harness.get_by_role_and_label(Role::Button, "New game").click();
    harness.run_settled();
    assert!(harness.state_mut().panel_mut::<GoPanel>().game.position.stones().is_empty());
    harness.get_by_role_and_label(Role::Button, "Load").click();
    harness.run_settled();
    assert_eq!(harness.state_mut().panel_mut::<GoPanel>().game.record(), saved);
    std::fs::write(&path, "eugo 1\nradius 1724\nkomi 0.5\nB 1 1\n").unwrap();
    harness.get_by_role_and_label(Role::Button, "Load").click();
    harness.run_settled();
    harness.get_by_label_contains("line 4: a stone at (1, 1) would not lie fully on the board");
}

#[test]
fn go_panel_snapshot() {
    let record = "eugo 1\nradius 1724\nkomi 0.5\nB 20000 20000\nW 23449 20000\nB 21725 22987\nW 40000 45000\n";
    let state = GoPanelState { record: record.into(), show_liberties: true, ..hotseat() };
    snapshot_app("go_panel", [1000.0, 700.0], |_| go_app(state));
}

#[test]
fn the_write_ups_square_roots_are_shown_beside_curios() {
    let state = GoPanelState { root_of: "63".into(), ..hotseat() };
    let mut harness = harness(go_app(state));
    harness.run_settled();
    harness.get_by_label("Square roots: the write-up's methods").click();
    harness.run_settled();
    harness.get_by_label("Curio: floor(sqrt(N)) = 7");
    harness.get_by_label_contains("Babylonian, stop at X(n+1) = X(n) or N / X(n): 7");
    harness.get_by_label_contains("Babylonian, stop at X(n+1) = X(n) only: never stops");
    harness.get_by_label_contains("1/1 ✗  32/1 ✗");
    harness.get_by_label("N").click();
    harness.run_settled();
    harness.get_by_label("N").type_text("x");
    harness.run_settled();
    harness.get_by_label_contains("'63x' is not a whole number");
}

#[test]
fn the_talk_pages_octant_table_is_compared_in_the_panel() {
    let mut harness = harness(go_app(hotseat()));
    harness.run_settled();
    harness.get_by_label("Touching points: the write-up's methods").click();
    harness.run_settled();
    harness.get_by_label_contains("Compare at r = ").click();
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    harness.get_by_label_contains("the octant table gives a touching point in 100.0% of directions");
    harness.get_by_label_contains("Eq. 3-5 relaxed: the nearest in ");
    harness.get_by_label_contains("a third stone touching two touching stones: on both sides for 94.3% of 2726 pairs");
    harness.get_by_label("This game at 2x the resolution").click();
    harness.run_settled();
    harness.get_by_label_contains(", at 2x the resolution: ");
    let panel = harness.state_mut().panel_mut::<GoPanel>();
    let (_, shown) = panel.rescaled.clone().expect("the rescaled figures");
    assert_eq!(shown.factor, 2);
    assert!(shown.lost <= shown.connections);
}
