//! The Towers of Hanoi panel: solve from a set-up position and step to the target, a disk moved
//! by dragging (and an illegal drop refused), the table against search, 4-peg searches in the
//! background, and snapshots.

use crate::common::{drag, harness, settle, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::hanoi::{HanoiPanel, HanoiPanelState};
use curio::app::state::AppState;
use curio::hanoi::{Position, three};
use eframe::egui::PointerButton;
use eframe::egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

fn hanoi_app(state: HanoiPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<HanoiPanel>().with::<HanoiPanel>(&state), None)
}

#[test]
fn solving_from_a_set_up_position_reaches_the_target_in_the_optimum() {
    let mut harness = harness(hanoi_app(HanoiPanelState::default()));
    harness.run_settled();
    harness.get_by_label("set up").click();
    harness.run_settled();
    harness.get_by_label("set up").type_text("01210");
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Set").click();
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Solve from here").click();
    harness.run_settled();
    let panel = harness.state_mut().panel_mut::<HanoiPanel>();
    let start = Position::parse("01210", 3, 5).unwrap();
    let optimum = three::distance(&start, &Position::tower(3, 5, 2));
    assert_eq!(panel.plan.len() as u64, optimum);
    assert_eq!(panel.optimum_from_start(), Some(optimum));
    for _ in 0..optimum {
        panel.step();
    }
    assert_eq!(panel.position, Position::tower(3, 5, 2));
    assert_eq!(panel.state.moves_made, optimum);
    harness.run_settled();
    harness.get_by_label_contains(&format!("{optimum} moves made from 01210"));
}

#[test]
fn a_disk_is_dragged_to_a_peg_and_an_illegal_drop_is_refused() {
    let mut harness = harness(hanoi_app(HanoiPanelState::default()));
    harness.run_settled();
    let board = harness.state_mut().panel_mut::<HanoiPanel>().board_rect().expect("the board is drawn");
    let column = board.width() / 3.0;
    let at = |peg: f32| eframe::egui::Pos2::new(board.left() + column * (peg + 0.5), board.bottom() - 20.0);
    assert_eq!(harness.state_mut().panel_mut::<HanoiPanel>().position.text(), "00000");
    // From peg 0 to peg 1: the top (smallest) disk moves.
    drag(&mut harness, at(0.0), at(1.0), PointerButton::Primary);
    let panel = harness.state_mut().panel_mut::<HanoiPanel>();
    assert_eq!(panel.position.text(), "00001", "{:?}", panel.message);
    assert_eq!(panel.state.moves_made, 1);
    // Disk 2 onto disk 1 is refused, and said so.
    drag(&mut harness, at(0.0), at(1.0), PointerButton::Primary);
    let panel = harness.state_mut().panel_mut::<HanoiPanel>();
    assert_eq!(panel.position.text(), "00001");
    assert!(panel.message.as_ref().is_some_and(|m| m.as_ref().is_err_and(|e| e.contains("cannot go on peg 1"))));
}

#[test]
fn the_table_is_searched_in_the_background() {
    let state = HanoiPanelState { pegs: 4, disks: 6, position: "000000".into(), start: "000000".into(), ..HanoiPanelState::default() };
    let mut harness = harness(hanoi_app(state));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Search the optimum of each n").click();
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    let panel = harness.state_mut().panel_mut::<HanoiPanel>();
    let (pegs, found) = panel.searched.clone().expect("searched");
    assert_eq!(pegs, 4);
    assert_eq!(found[6], Some(17));
    harness.get_by_role_and_label(Role::Button, "Search every position from here").click();
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    let report = harness.state_mut().panel_mut::<HanoiPanel>().report.clone().expect("report");
    assert_eq!(report.positions, 4096);
    assert_eq!(report.to_perfect[3], 17);
}

#[test]
fn hanoi_panel_snapshot() {
    snapshot_app("hanoi_panel", [1100.0, 700.0], |_| hanoi_app(HanoiPanelState::default()));
}

#[test]
fn hanoi_panel_small_window_snapshot() {
    snapshot_app("hanoi_panel_small", [520.0, 400.0], |_| hanoi_app(HanoiPanelState::default()));
}

#[test]
fn the_panels_export_is_the_same_file_as_the_cli_render() {
    let folder = tempfile::tempdir().expect("temporary folder");
    let from_panel = folder.path().join("panel.svg");
    let state = HanoiPanelState {
        export_path: from_panel.display().to_string(),
        position: "01210".into(),
        start: "01210".into(),
        ..HanoiPanelState::default()
    };
    let mut harness = harness(hanoi_app(state));
    harness.run_settled();
    let ctx = harness.ctx.clone();
    harness.state_mut().panel_mut::<HanoiPanel>().start_export(&ctx);
    settle(&mut harness);
    harness.run_settled();
    let message = harness.state_mut().panel_mut::<HanoiPanel>().export_message().cloned();
    assert!(matches!(message, Some(Ok(_))), "{message:?}");
    let from_cli = folder.path().join("cli.svg");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(["hanoi", "render", "--what", "disks", "--disks", "5", "--from", "01210", "--out"])
        .arg(&from_cli)
        .output()
        .expect("curio runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(std::fs::read(&from_panel).unwrap(), std::fs::read(&from_cli).unwrap());
}

#[test]
fn hanoi_panel_four_pegs_snapshot() {
    let state = HanoiPanelState { pegs: 4, disks: 3, position: "013".into(), start: "013".into(), ..HanoiPanelState::default() };
    snapshot_app("hanoi_panel_four_pegs", [1100.0, 700.0], |_| hanoi_app(state));
}

#[test]
fn solving_to_a_set_up_goal_position() {
    let state = HanoiPanelState { goal: "21012".into(), ..HanoiPanelState::default() };
    let mut harness = harness(hanoi_app(state));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Solve from here").click();
    harness.run_settled();
    let panel = harness.state_mut().panel_mut::<HanoiPanel>();
    let goal = Position::parse("21012", 3, 5).unwrap();
    assert_eq!(panel.plan.len() as u64, three::distance(&Position::tower(3, 5, 0), &goal));
    let steps = panel.plan.len();
    for _ in 0..steps {
        panel.step();
    }
    assert_eq!(panel.position, goal);
    panel.state.goal = "2101".into();
    let ctx = harness.ctx.clone();
    harness.state_mut().panel_mut::<HanoiPanel>().solve(&ctx);
    let message = harness.state_mut().panel_mut::<HanoiPanel>().message.clone();
    assert!(message.is_some_and(|m| m.is_err_and(|e| e.contains("goal: position '2101' names 4 disks"))));
}

#[test]
fn eleven_pegs_move_ten_disks_in_19_moves_as_the_write_up_says() {
    let state = HanoiPanelState {
        pegs: 11,
        disks: 10,
        position: "0000000000".into(),
        start: "0000000000".into(),
        target: 10,
        ..HanoiPanelState::default()
    };
    let mut harness = harness(hanoi_app(state));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Solve from here").click();
    harness.run_settled();
    let panel = harness.state_mut().panel_mut::<HanoiPanel>();
    assert_eq!(panel.plan.len(), 19);
    for _ in 0..19 {
        panel.step();
    }
    assert_eq!(panel.position, Position::tower(11, 10, 10));
    assert_eq!(panel.position.text(), "aaaaaaaaaa");
    harness.run_settled();
    harness.get_by_label_contains("19 moves made from 0000000000");
}

#[test]
fn hanoi_panel_eleven_pegs_snapshot() {
    let state = HanoiPanelState {
        pegs: 11,
        disks: 10,
        position: "0000000000".into(),
        start: "0000000000".into(),
        ..HanoiPanelState::default()
    };
    snapshot_app("hanoi_panel_eleven_pegs", [1100.0, 700.0], |_| hanoi_app(state));
}
