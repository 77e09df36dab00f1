//! The Launch panel and window: a run played by clicks and keys and logged, the players compared,
//! a snapshot, and the window as rendered read by the bot's templates.

use crate::common::{RunSettled, harness, snapshot_app};
use curio::app::CurioApp;
use curio::app::launch::window::{LaunchWindow, View};
use curio::app::launch::{LaunchPanel, LaunchPanelState};
use curio::app::state::AppState;
use curio::launch::{Game, Power, Screen, scene};
use eframe::egui::accesskit::Role;
use eframe::egui::{Event, Modifiers, PointerButton};
use egui_kittest::kittest::Queryable;

fn launch_app(state: LaunchPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<LaunchPanel>().with::<LaunchPanel>(&state), None)
}

#[test]
fn compare_shows_the_players_and_their_intervals() {
    let state = LaunchPanelState { runs: 60, ..LaunchPanelState::default() };
    let mut harness = harness(launch_app(state));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Compare").click();
    harness.run_settled();
    harness.get_by_label("meters");
    harness.get_by_label("random");
    harness.get_by_label_contains("clear of both others");
    let panel = harness.state_mut().panel_mut::<LaunchPanel>();
    let (seed, lines) = panel.comparison.clone().expect("a comparison");
    assert_eq!((seed, lines.len(), lines[0].summary.runs), (1, 3, 60));
}

/// A click of the picture (its pixels) as the harness's pointer.
fn click(harness: &mut egui_kittest::Harness<'_, LaunchWindow>, x: f32, y: f32) {
    let (rect, scale) = harness.state().view.shown.expect("drawn");
    let pos = rect.min + eframe::egui::Vec2::new(x, y) * scale;
    harness.event(Event::PointerMoved(pos));
    harness.event(Event::PointerButton { pos, button: PointerButton::Primary, pressed: true, modifiers: Modifiers::NONE });
    harness.step();
    harness.event(Event::PointerButton { pos, button: PointerButton::Primary, pressed: false, modifiers: Modifiers::NONE });
    harness.step();
}

fn centre(rect: scene::Rect) -> (f32, f32) {
    ((rect[0] + rect[2]) as f32 / 2.0, (rect[1] + rect[3]) as f32 / 2.0)
}

#[test]
fn the_window_plays_by_clicks_and_keys_and_logs_each_run() {
    let folder = tempfile::tempdir().unwrap();
    let log = folder.path().join("window.jsonl");
    let window = LaunchWindow { view: View::new(Game::new(6), Some(log.clone())) };
    let mut harness = egui_kittest::Harness::builder()
        .with_size([scene::WIDTH as f32, scene::HEIGHT as f32])
        .with_context_setup(curio::app::theme::install_fonts)
        .build_ui_state(|ui, window: &mut LaunchWindow| window.draw(ui), window);
    harness.step();
    // A click beside the button hits nothing; on it, the run starts.
    let button = scene::button_rect(&harness.state().view.game).expect("the ready screen's button");
    click(&mut harness, button[0] as f32 - 30.0, button[1] as f32 - 30.0);
    assert_eq!(harness.state().view.game.screen, Screen::Ready);
    let (x, y) = centre(button);
    click(&mut harness, x, y);
    assert_eq!(harness.state().view.game.screen, Screen::Flying);
    // An early press of the rocket fizzles; once its meter is full, key 1 uses it.
    let (x, y) = centre(scene::slot_rect(Power::Rocket));
    click(&mut harness, x, y);
    assert_eq!(harness.state().view.game.flight.fizzles, 1);
    harness.state_mut().view.game.flight.meters[0] = 1.0;
    harness.event(Event::Key { key: eframe::egui::Key::Num1, physical_key: None, pressed: true, repeat: false, modifiers: Modifiers::NONE });
    harness.step();
    assert_eq!(harness.state().view.game.flight.used, [1, 0]);
    // The run ends in its own time; Space goes through the result and the upgrades.
    harness.state_mut().view.game.flight.over = true;
    harness.step();
    harness.step();
    assert_eq!(harness.state().view.game.screen, Screen::Result);
    for _ in 0..2 {
        harness.event(Event::Key { key: eframe::egui::Key::Space, physical_key: None, pressed: true, repeat: false, modifiers: Modifiers::NONE });
        harness.step();
    }
    assert_eq!((harness.state().view.game.screen, harness.state().view.game.run), (Screen::Ready, 1));
    let lines: Vec<serde_json::Value> =
        std::fs::read_to_string(&log).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let events: Vec<&str> = lines.iter().filter_map(|l| l["event"].as_str()).collect();
    assert_eq!(events, ["missed", "button", "press", "press", "run", "button", "button"]);
    assert_eq!((lines[2]["result"].as_str(), lines[3]["result"].as_str()), (Some("fizzled"), Some("used")));
    assert_eq!((lines[4]["fizzles"].as_u64(), lines[4]["used"][0].as_u64()), (Some(1), Some(1)));
}

#[test]
fn launch_panel_snapshot() {
    snapshot_app("launch_panel", [1000.0, 700.0], |_| launch_app(LaunchPanelState::default()));
}

/// The window as the GPU renders it is the scene's picture pixel for pixel where it matters: the
/// bot calibrates on it, finds the button where the scene puts it and reads the meters.
#[test]
fn the_bot_reads_the_window_as_it_renders() {
    use curio::bot::launch::vision::{Shown, calibrate, read};
    let Some((renderer, _)) = crate::common::gpu_renderer() else { return };
    let mut renderer = Some(renderer);
    let mut render = |game: &Game| {
        let window = LaunchWindow { view: View::new(game.clone(), None) };
        let mut harness = egui_kittest::Harness::builder()
            .with_size([scene::WIDTH as f32, scene::HEIGHT as f32])
            .with_context_setup(curio::app::theme::install_fonts)
            .renderer(renderer.take().unwrap_or_else(|| crate::common::gpu_renderer().unwrap().0))
            .build_ui_state(|ui, window: &mut LaunchWindow| window.draw(ui), window);
        harness.step();
        harness.render().expect("the window renders")
    };
    let mut game = Game::new(12);
    let calibration = calibrate(&render(&game)).expect("calibrates on the rendered ready screen");
    assert_eq!(calibration.slots.len(), 2);
    let (x, y) = centre(scene::button_rect(&game).unwrap());
    assert_eq!(read(&render(&game), &calibration), Shown::Menu { button: [f64::from(x), f64::from(y)] });
    game.button();
    game.advance(0.5);
    game.flight.meters = [1.0, 0.4];
    assert_eq!(read(&render(&game), &calibration), Shown::Flying { ready: vec![true, false] });
}

#[test]
fn the_bot_pane_offers_the_launcher_game_and_its_reference_players() {
    use curio::app::bot::{BotPanel, BotPanelState};
    use curio::bot::{Policy, TargetKind};
    let state = BotPanelState { game: "launch".into(), policy: Policy::Random, ..BotPanelState::default() };
    assert_eq!(state.kind(), Some(TargetKind::Program(&curio::bot::launch::BUILTIN)));
    let app = CurioApp::with_state(AppState::showing::<BotPanel>().with::<BotPanel>(&state), None);
    let mut harness = harness(app);
    harness.run_settled();
    // The choice, labelled "player", opens on the three players.
    harness.get_by_label("player").click();
    harness.run_settled();
    harness.get_by_label("idle player (menus only)").click();
    harness.run_settled();
    assert_eq!(harness.state_mut().panel_mut::<BotPanel>().state.policy, Policy::Idle);
    // Minesweeper has no reference players: the choice goes, and a saved one is set back.
    let mines = BotPanelState { policy: Policy::Idle, ..BotPanelState::default() };
    let app = CurioApp::with_state(AppState::showing::<BotPanel>().with::<BotPanel>(&mines), None);
    let mut harness = crate::common::harness(app);
    harness.run_settled();
    assert!(harness.query_by_label("player").is_none());
    assert_eq!(harness.state_mut().panel_mut::<BotPanel>().state.policy, Policy::Own);
}
