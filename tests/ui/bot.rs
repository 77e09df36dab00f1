//! The bot pane: settings by label, kept across a restart and clamped, snapshots, and both
//! targets played end to end from the pane (the bot's thread reads and clicks the Xvfb screen;
//! skipped without a display, a failure under CURIO_REQUIRE_DISPLAY=1).

use crate::common::{harness, settle, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::bot::{BotPanel, BotPanelState, WINDOW};
use curio::app::state::AppState;
use curio::bot::Level;
use eframe::egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

fn bot_app(state: BotPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<BotPanel>().with::<BotPanel>(&state), None)
}

fn display_or_skip() -> bool {
    if std::env::var_os("DISPLAY").is_some() {
        return true;
    }
    let required = std::env::var("CURIO_REQUIRE_DISPLAY").is_ok_and(|value| value == "1");
    assert!(!required, "CURIO_REQUIRE_DISPLAY=1 but DISPLAY is not set");
    eprintln!("skipping: no DISPLAY");
    false
}

/// The built-in target is `curio mines window`; the test binary is not curio, so name it.
fn use_curio_binary() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: set once, before any bot thread starts, to a value that never changes; the
        // other tests of this binary do not touch the environment.
        unsafe { std::env::set_var("CURIO_BIN", env!("CARGO_BIN_EXE_curio")) };
    });
}

#[test]
fn settings_change_by_label_and_survive_a_restart() {
    let mut harness = harness(bot_app(BotPanelState::default()));
    harness.run_settled();
    harness.get_by_label("GNOME Mines").click();
    harness.get_by_label("expert").click();
    harness.get_by_label("dry run (advise only, click nothing)").click();
    harness.run_settled();
    let settings = harness.state().state().settings::<BotPanel>();
    assert_eq!(settings.target, "gnome-mines");
    assert_eq!(settings.level, Level::Expert);
    assert!(settings.dry_run);
    let saved = AppState::default().with::<BotPanel>(&settings);
    let loaded: AppState = serde_json::from_str(&serde_json::to_string(&saved).unwrap()).unwrap();
    assert_eq!(loaded, saved);
    let partial: AppState =
        serde_json::from_str(r#"{"bot":{"games":0,"max_moves_per_second":1e9}}"#).expect("partial loads");
    let app = CurioApp::with_state(partial, None);
    let settings = app.state().settings::<BotPanel>();
    assert_eq!(settings.games, 1);
    assert_eq!(settings.max_moves_per_second, 200.0);
}

#[test]
fn settings_saved_by_earlier_versions_keep_their_game_and_target() {
    for (saved, game, target) in [
        (r#"{"game":"Mines","target":"GnomeMines"}"#, "mines", "gnome-mines"),
        (r#"{"game":"Puzlogic","target":"Window"}"#, "puzlogic", WINDOW),
        // GNOME Mines is not a Puzlogic program: the game's built-in window instead.
        (r#"{"game":"Puzlogic","target":"GnomeMines"}"#, "puzlogic", "builtin"),
        (r#"{"game":"chess","target":"builtin"}"#, "mines", "builtin"),
    ] {
        let state: AppState = serde_json::from_str(&format!(r#"{{"bot":{saved}}}"#)).expect("loads");
        let settings = CurioApp::with_state(state, None).state().settings::<BotPanel>();
        assert_eq!((settings.game.as_str(), settings.target.as_str()), (game, target), "{saved}");
    }
}

#[test]
fn choosing_a_game_offers_its_programs_only() {
    let mut harness = harness(bot_app(BotPanelState::default()));
    harness.run_settled();
    harness.get_by_label("GNOME Mines").click();
    harness.run_settled();
    harness.get_all_by_label("Puzlogic").last().expect("the pane's game choice").click();
    harness.run_settled();
    assert!(harness.query_by_label("GNOME Mines").is_none(), "Puzlogic has no GNOME Mines target");
    let settings = harness.state().state().settings::<BotPanel>();
    assert_eq!((settings.game.as_str(), settings.target.as_str()), ("puzlogic", "builtin"));
}

#[test]
fn a_window_target_needs_a_window() {
    let mut state = BotPanelState::default();
    state.target = WINDOW.into();
    let mut harness = harness(bot_app(state));
    harness.run_settled();
    if std::env::var_os("DISPLAY").is_none() {
        return;
    }
    harness.get_by_role_and_label(Role::Button, "Start").click();
    harness.run_settled();
    harness.get_by_label("choose a window from the list first");
}

/// One bot at a time: they share the screen's pointer.
static POINTER: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn play_from_the_pane(target: &str, games: u32) {
    play_game_from_the_pane("mines", target, games);
}

fn play_game_from_the_pane(game: &str, target: &str, games: u32) {
    if !display_or_skip() {
        return;
    }
    let _pointer = POINTER.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    use_curio_binary();
    let mut state = BotPanelState::default();
    state.game = game.into();
    state.target = target.into();
    state.games = games;
    state.max_moves_per_second = 40.0;
    let mut harness = harness(bot_app(state));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Start").click();
    settle(&mut harness);
    let panel = harness.state_mut().panel_mut::<BotPanel>();
    let outcome = panel.outcome.clone().expect("finished");
    let report = outcome.unwrap_or_else(|error| panic!("{error}\nlog: {:?}", panel.log));
    assert_eq!(report.stopped, None, "log: {:?}", panel.log);
    assert_eq!(report.games, games as usize);
    assert_eq!(report.misreads, 0);
    assert_eq!(report.outside_clicks, 0);
}

#[test]
fn the_pane_plays_the_builtin_window() {
    play_from_the_pane("builtin", 2);
}

#[test]
fn the_pane_plays_the_builtin_puzlogic_window() {
    play_game_from_the_pane("puzlogic", "builtin", 2);
}

#[test]
fn the_pane_plays_gnome_mines() {
    play_from_the_pane("gnome-mines", 1);
}

#[test]
fn bot_panel_snapshot() {
    snapshot_app("bot_panel", [1100.0, 700.0], |_| bot_app(BotPanelState::default()));
}

#[test]
fn bot_panel_small_window_snapshot() {
    snapshot_app("bot_panel_small", [520.0, 400.0], |_| bot_app(BotPanelState::default()));
}
