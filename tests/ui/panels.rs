//! Every panel of every domain, with nothing written per panel: it builds from defaults, draws at a
//! normal and a small window size without panic, settles, and its settings round-trip.

use crate::common::{harness_with, settle};
use curio::app::CurioApp;
use curio::app::domain::panels;
use curio::app::state::AppState;

fn showing(key: &str) -> AppState {
    AppState { panel: key.to_string(), ..AppState::default() }
}

#[test]
fn every_panel_builds_draws_at_two_sizes_and_settles() {
    for entry in panels() {
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
    for entry in panels() {
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
    let mut keys: Vec<&str> = panels().map(|entry| entry.key).collect();
    let mut titles: Vec<&str> = panels().map(|entry| entry.title).collect();
    keys.sort_unstable();
    titles.sort_unstable();
    keys.dedup();
    titles.dedup();
    assert_eq!(keys.len(), panels().count(), "two panels share a key");
    assert_eq!(titles.len(), panels().count(), "two panels share a title");
}

#[test]
fn results_are_saved_in_their_own_files_and_come_back() {
    use curio::app::fermat::FermatPanel;
    let folder = tempfile::tempdir().expect("temporary folder");
    let results = folder.path().join("results");
    let mut app = CurioApp::with_state(AppState::default(), None).with_results_folder(results.clone());
    assert!(app.save_results().is_empty());
    assert!(!results.join("fermat.json").exists(), "no results, no file");
    let count = curio::fermat::pe299::pe299(100, &mut curio::progress::NoProgress).expect("counts");
    app.panel_mut::<FermatPanel>().state.last_pe299 = Some((count, 0.5));
    assert!(app.save_results().is_empty());
    assert!(results.join("fermat.json").exists());
    let mut restarted = CurioApp::with_state(AppState::default(), None).with_results_folder(results.clone());
    assert_eq!(restarted.panel_mut::<FermatPanel>().state.last_pe299.map(|(count, _)| count.count), Some(92));
    // Cleared results lose their file.
    restarted.panel_mut::<FermatPanel>().state.last_pe299 = None;
    assert!(restarted.save_results().is_empty());
    assert!(!results.join("fermat.json").exists());
    // A broken results file is set aside and named in the notice.
    std::fs::write(results.join("mines.json"), "{ broken").expect("written");
    let broken = CurioApp::with_state(AppState::default(), None).with_results_folder(results.clone());
    assert!(broken.notice().is_some_and(|notice| notice.contains("mines.json")), "{:?}", broken.notice());
}
