//! Every panel of `PANELS`, with nothing written per panel: it builds from defaults, draws at a
//! normal and a small window size without panic, settles, and its settings round-trip.

use crate::common::{harness_with, settle};
use curio::app::CurioApp;
use curio::app::panels::PANELS;
use curio::app::state::AppState;

fn showing(key: &str) -> AppState {
    AppState { panel: key.to_string(), ..AppState::default() }
}

#[test]
fn every_panel_builds_draws_at_two_sizes_and_settles() {
    for entry in PANELS {
        for size in [[1280.0, 800.0], [640.0, 480.0]] {
            let app = CurioApp::with_state(showing(entry.key), None);
            assert_eq!(app.panel(), entry.key);
            let mut harness = harness_with(app, size, curio::app::theme::install_fonts);
            harness.run_steps(3);
            settle(&mut harness);
            assert_eq!(harness.state().panel(), entry.key, "{} at {size:?}", entry.key);
            // What a drawn and settled panel saves (settings and results) builds the same
            // panel again.
            let saved = harness.state().state();
            let results = harness.state().results();
            let mut rebuilt = CurioApp::with_state(saved.clone(), None);
            rebuilt.restore_results(&results);
            assert_eq!(rebuilt.state(), saved, "{} at {size:?}", entry.key);
            assert_eq!(rebuilt.results(), results, "{} at {size:?}", entry.key);
        }
    }
}

#[test]
fn every_panels_settings_round_trip() {
    for entry in PANELS {
        let first = CurioApp::with_state(showing(entry.key), None).state();
        let json = serde_json::to_string(&first).expect("settings serialize");
        let read: AppState = serde_json::from_str(&json).expect("settings parse");
        let rebuilt = CurioApp::with_state(read, None).state();
        assert_eq!(rebuilt.panels.get(entry.key), first.panels.get(entry.key), "{}", entry.key);
        assert_eq!(rebuilt, first, "{}", entry.key);
    }
}

#[test]
fn panel_keys_and_titles_are_unique() {
    let mut keys: Vec<&str> = PANELS.iter().map(|entry| entry.key).collect();
    let mut titles: Vec<&str> = PANELS.iter().map(|entry| entry.title).collect();
    keys.sort_unstable();
    titles.sort_unstable();
    keys.dedup();
    titles.dedup();
    assert_eq!(keys.len(), PANELS.len(), "two panels share a key");
    assert_eq!(titles.len(), PANELS.len(), "two panels share a title");
}
