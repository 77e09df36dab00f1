//! The Fermat panel: handles dragged by mouse move the point and its sum, median mode adds and
//! removes points, the searches run as jobs whose table draws its triangle, export equals the
//! CLI's, and snapshots with the field on the GPU and on the CPU.

use crate::common::{drag, harness, settle, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::fermat::{FermatMode, FermatPanel, FermatPanelState};
use curio::app::state::AppState;
use eframe::egui::accesskit::Role;
use eframe::egui::{Event, Modifiers, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn fermat_app(state: FermatPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<FermatPanel>().with::<FermatPanel>(&state), None)
}

fn click_at(harness: &mut Harness<'static, CurioApp>, pos: Pos2, button: PointerButton) {
    harness.event(Event::PointerMoved(pos));
    harness.event(Event::PointerButton { pos, button, pressed: true, modifiers: Modifiers::NONE });
    harness.event(Event::PointerButton { pos, button, pressed: false, modifiers: Modifiers::NONE });
    harness.run_settled();
}

#[test]
fn dragging_a_vertex_moves_the_point_and_its_sum() {
    let mut harness = harness(fermat_app(FermatPanelState::default()));
    harness.run_settled();
    harness.get_by_label_contains("PA + PB + PC = 10.909798");
    let handle = harness.get_by_label("vertex C").rect().center();
    drag(&mut harness, handle, handle + Vec2::new(0.0, 60.0), PointerButton::Primary);
    settle(&mut harness);
    let state = &harness.state_mut().panel_mut::<FermatPanel>().state;
    assert!(state.vertices[2][1] < 8.0 - 0.5, "C moved down: {:?}", state.vertices);
    assert!((state.vertices[0][0] - 2.0).abs() < 1e-12, "A stayed: {:?}", state.vertices);
    assert!(harness.query_by_label_contains("PA + PB + PC = 10.909798").is_none());
    harness.get_by_label_contains("apex-to-vertex lines");
}

#[test]
fn a_wide_angle_says_the_point_is_its_vertex_and_a_degenerate_triangle_is_reported() {
    let state =
        FermatPanelState { vertices: [[1.0, 1.0], [9.0, 1.0], [5.0, 2.0]], ..FermatPanelState::default() };
    let mut harness = harness(fermat_app(state));
    harness.run_settled();
    harness.get_by_label_contains("the angle at C is 120° or more");
    harness.state_mut().panel_mut::<FermatPanel>().state.vertices = [[1.0, 1.0], [5.0, 5.0], [9.0, 9.0]];
    harness.run_settled();
    harness.get_by_label_contains("the three vertices lie on one line");
}

#[test]
fn median_mode_adds_a_point_by_click_and_removes_one_by_right_click() {
    let state = FermatPanelState { mode: FermatMode::Median, ..FermatPanelState::default() };
    let mut harness = harness(fermat_app(state));
    harness.run_settled();
    harness.get_by_label_contains("median = (");
    let before = harness.state_mut().panel_mut::<FermatPanel>().state.points.len();
    // An empty spot of the canvas: beside point 1, a few handles away.
    let spot = harness.get_by_label("point 1").rect().center() + Vec2::new(60.0, -40.0);
    click_at(&mut harness, spot, PointerButton::Primary);
    assert_eq!(harness.state_mut().panel_mut::<FermatPanel>().state.points.len(), before + 1);
    let handle = harness.get_by_label("point 2").rect().center();
    click_at(&mut harness, handle, PointerButton::Secondary);
    let points = harness.state_mut().panel_mut::<FermatPanel>().state.points.clone();
    assert_eq!(points.len(), before);
    assert_eq!(points[1], FermatPanelState::default().points[2], "point 2 was removed");
}

#[test]
fn a_torricelli_search_fills_the_table_and_a_row_draws_its_triangle() {
    let state = FermatPanelState { torricelli_limit: 1000, pe299_limit: 100, ..FermatPanelState::default() };
    let mut harness = harness(fermat_app(state));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Search").click();
    settle(&mut harness);
    harness.run_settled();
    harness.get_by_label_contains("p + q + r ≤ 1000: sum of distinct sums");
    harness.get_by_label("784").click();
    harness.run_settled();
    harness.get_by_label_contains("p, q, r = 195, 264, 325; sides a, b, c = 511, 455, 399");
    let panel = harness.state_mut().panel_mut::<FermatPanel>();
    let vertices = panel.state.triangle();
    // Drawn to scale: the sides are in the ratio 511 : 455 : 399.
    let a = vertices[1].distance(vertices[2]);
    let c = vertices[0].distance(vertices[1]);
    assert!((a / c - 511.0 / 399.0).abs() < 1e-9, "{a} {c}");
    harness.get_by_role_and_label(Role::Button, "Count").click();
    settle(&mut harness);
    harness.run_settled();
    harness.get_by_label_contains("b + d < 100: 92 triples");
    // The results are kept apart from the settings, and come back after a restart.
    let results = harness.state().results();
    assert_eq!(results["fermat"]["last_torricelli"]["limit"], 1000);
    assert!(harness.state().state().panels["fermat"].get("last_torricelli").is_none());
    let mut restarted = CurioApp::with_state(harness.state().state(), None);
    restarted.restore_results(&results);
    let saved = &restarted.panel_mut::<FermatPanel>().state;
    assert_eq!(saved.last_torricelli.as_ref().map(|t| t.limit), Some(1000));
    assert_eq!(saved.last_pe299.map(|(result, _)| result.count), Some(92));
}

#[test]
fn gui_export_is_identical_to_cli_render() {
    let temporary = tempfile::tempdir().expect("temp dir");
    let gui_file = temporary.path().join("gui.svg");
    let cli_file = temporary.path().join("cli.svg");
    let state = FermatPanelState {
        vertices: [[0.0, 0.0], [4.0, 0.0], [1.0, 3.0]],
        export_path: gui_file.display().to_string(),
        ..FermatPanelState::default()
    };
    let mut harness = harness(fermat_app(state));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Export").click();
    settle(&mut harness);
    let message = harness.state_mut().panel_mut::<FermatPanel>().export_message().cloned();
    assert!(matches!(message, Some(Ok(ref text)) if text.contains("saved")), "{message:?}");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(["fermat", "render", "--a", "0,0", "--b", "4,0", "--c", "1,3", "--out"])
        .arg(&cli_file)
        .status()
        .expect("cli runs");
    assert!(status.success());
    assert!(std::fs::read(&gui_file).expect("gui file") == std::fs::read(&cli_file).expect("cli file"));
}

#[test]
fn fermat_panel_field_on_gpu_snapshot() {
    snapshot_app("fermat_panel_gpu", [900.0, 640.0], |adapter| {
        let mut app = CurioApp::with_state(
            AppState::showing::<FermatPanel>().with::<FermatPanel>(&FermatPanelState::default()),
            Some(adapter),
        );
        assert!(app.panel_mut::<FermatPanel>().field_on_gpu());
        app
    });
}

#[test]
fn fermat_panel_median_on_cpu_small_window_snapshot() {
    snapshot_app("fermat_panel_median_cpu_small", [520.0, 400.0], |_| {
        let state = FermatPanelState { mode: FermatMode::Median, ..FermatPanelState::default() };
        let mut app = fermat_app(state);
        assert!(!app.panel_mut::<FermatPanel>().field_on_gpu());
        app
    });
}
