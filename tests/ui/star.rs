//! The Star panel: symbol, gallery, styles and views by label, export identical to the CLI's,
//! settings across a restart, and snapshots.

use crate::common::{harness, settle, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::panels::PanelType;
use curio::app::star::{StarPanel, StarPanelState, StarView};
use curio::app::state::AppState;
use curio::star::StarStyle;
use eframe::egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// Settles the UI once an export was asked for; returns the export's message.
fn wait_for_export(harness: &mut Harness<'static, CurioApp>) -> Option<Result<String, String>> {
    settle(harness);
    harness.state_mut().panel_mut::<StarPanel>().export_message().cloned()
}

fn fresh_app() -> CurioApp {
    CurioApp::with_state(AppState::default(), None)
}

#[test]
fn star_panel_opens_by_default() {
    let mut harness = harness(fresh_app());
    harness.run_settled();
    assert_eq!(harness.state().panel(), StarPanel::KEY);
    // The header names the panel shown, as the catalogue lists it.
    assert!(harness.query_all_by_label("Star polygons").count() >= 2);
    harness.get_by_label("n (tips)");
}

#[test]
fn changing_n_and_d_by_label_updates_the_star() {
    let mut harness = harness(fresh_app());
    harness.run_settled();
    harness.get_by_label("n (tips)").set_value_accesskit(9.0);
    harness.run_settled();
    assert_eq!(harness.state().state().settings::<StarPanel>().n, 9);
    harness.get_by_role_and_label(Role::Slider, "d (density)").set_value_accesskit(4.0);
    harness.run_settled();
    assert_eq!(harness.state().state().settings::<StarPanel>().d, 4);
    harness.get_by_label_contains("{9/4}: single polygram");
    // Only valid d are offered: asking for more than floor((n-1)/2) is clamped.
    harness.get_by_role_and_label(Role::Slider, "d (density)").set_value_accesskit(40.0);
    harness.run_settled();
    assert_eq!(harness.state().state().settings::<StarPanel>().d, 4);
    // Lowering n pulls d back into range.
    harness.get_by_label("n (tips)").set_value_accesskit(5.0);
    harness.run_settled();
    assert_eq!(harness.state().state().settings::<StarPanel>().n, 5);
    assert_eq!(harness.state().state().settings::<StarPanel>().d, 2);
}

#[test]
fn gallery_marks_compounds_and_selects_on_click() {
    let mut star = StarPanelState::default();
    star.n = 12;
    star.d = 1;
    let state = AppState::default().with::<StarPanel>(&star);
    let mut harness = harness(CurioApp::with_state(state, None));
    harness.run_settled();
    harness.get_by_label("{12/5}");
    harness.get_by_label("{12/4} ◆").click();
    harness.run_settled();
    assert_eq!(harness.state().state().settings::<StarPanel>().d, 4);
    harness.get_by_label_contains("compound of 4 × {3/1}");
}

#[test]
fn style_and_view_switch_by_label() {
    let mut harness = harness(fresh_app());
    harness.run_settled();
    harness.get_by_label("density").click();
    harness.run_settled();
    assert_eq!(harness.state().state().settings::<StarPanel>().figure.style, StarStyle::Density);
    harness.get_by_label_contains("density drawn on the CPU");
    harness.get_by_label("construction overlay").click();
    harness.run_settled();
    assert!(harness.state().state().settings::<StarPanel>().figure.construction);
    harness.get_by_label("stellar dots").click();
    harness.run_settled();
    assert_eq!(harness.state().state().settings::<StarPanel>().view, StarView::Stellar);
    harness.get_by_label("S(6, 4) = 73");
}

#[test]
fn gui_export_is_identical_to_cli_export() {
    let temporary = tempfile::tempdir().expect("temp dir");
    let dir = temporary.path();
    let gui_file = dir.join("gui.svg");
    let cli_file = dir.join("cli.svg");
    let mut harness = harness(fresh_app());
    harness.run_settled();
    harness.state_mut().panel_mut::<StarPanel>().state.export_path = gui_file.display().to_string();
    harness.get_by_role_and_label(Role::Button, "Export").click();
    let message = wait_for_export(&mut harness);
    assert!(matches!(message, Some(Ok(ref text)) if text.contains("saved")), "{message:?}");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(["star", "render", "--n", "7", "--d", "3", "--out"])
        .arg(&cli_file)
        .status()
        .expect("cli runs");
    assert!(status.success());
    let gui = std::fs::read(&gui_file).expect("gui file");
    let cli = std::fs::read(&cli_file).expect("cli file");
    assert!(gui == cli, "GUI and CLI exports differ");
}

#[test]
fn gui_export_reports_a_bad_path_inline() {
    let mut harness = harness(fresh_app());
    harness.run_settled();
    harness.state_mut().panel_mut::<StarPanel>().state.export_path = "/no/such/folder/star.png".to_string();
    harness.get_by_role_and_label(Role::Button, "Export").click();
    let message = wait_for_export(&mut harness);
    assert!(matches!(message, Some(Err(ref text)) if text.contains("cannot write")), "{message:?}");
    harness.get_by_label_contains("cannot write");
}

#[test]
fn settings_survive_a_restart_round_trip() {
    let mut star = StarPanelState::default();
    star.n = 11;
    star.d = 4;
    star.figure.style = StarStyle::Outline;
    let state = AppState::default().with::<StarPanel>(&star);
    let text = serde_json::to_string(&state).expect("serializes");
    let loaded: AppState = serde_json::from_str(&text).expect("deserializes");
    assert_eq!(loaded, state);
    // Old or partial files load with defaults; out-of-range values are brought back into range.
    let partial: AppState = serde_json::from_str(r#"{"star":{"n":2,"d":9}}"#).expect("partial loads");
    let app = CurioApp::with_state(partial, None);
    assert_eq!((app.state().settings::<StarPanel>().n, app.state().settings::<StarPanel>().d), (3, 1));
}

fn snapshot(name: &str, state: AppState, size: [f32; 2]) {
    snapshot_app(name, size, |adapter| CurioApp::with_state(state, Some(adapter)));
}

#[test]
fn star_panel_polygram_snapshot() {
    let mut star = StarPanelState::default();
    star.figure.construction = true;
    let state = AppState::default().with::<StarPanel>(&star);
    snapshot("star_panel_polygram", state, [900.0, 640.0]);
}

#[test]
fn star_panel_density_on_gpu_snapshot() {
    let mut star = StarPanelState::default();
    star.n = 9;
    star.d = 4;
    star.figure.style = StarStyle::Density;
    let state = AppState::default().with::<StarPanel>(&star);
    snapshot("star_panel_density_gpu", state, [640.0, 480.0]);
}

#[test]
fn star_panel_outline_small_window_snapshot() {
    let mut star = StarPanelState::default();
    star.n = 5;
    star.d = 2;
    star.figure.style = StarStyle::Outline;
    star.figure.construction = true;
    let state = AppState::default().with::<StarPanel>(&star);
    snapshot("star_panel_outline_small", state, [480.0, 360.0]);
}

#[test]
fn stellar_dot_figure_snapshot() {
    let mut star = StarPanelState::default();
    star.view = StarView::Stellar;
    star.stellar_points = 6;
    star.stellar_stage = 5;
    let state = AppState::default().with::<StarPanel>(&star);
    snapshot("stellar_dots", state, [720.0, 480.0]);
}
