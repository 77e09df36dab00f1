//! The Notes panel: write and save a note into its folder under the write-up's name, search as
//! you type with the matched words highlighted, open a result and save it in place, a draft kept
//! across a restart, and snapshots.

use crate::common::{harness, settle, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::note::{NotePanel, NotePanelState};
use curio::app::state::AppState;
use eframe::egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

fn note_app(state: NotePanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<NotePanel>().with::<NotePanel>(&state), None)
}

fn state_in(folder: &std::path::Path) -> NotePanelState {
    NotePanelState { folder: folder.display().to_string(), ..NotePanelState::default() }
}

#[test]
fn a_note_typed_and_saved_is_found_opened_and_edited_in_place() {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("2026-01-02_1.txt"), "buy milk and bread\n").unwrap();
    let mut harness = harness(note_app(state_in(folder.path())));
    settle(&mut harness);
    assert_eq!(harness.state_mut().panel_mut::<NotePanel>().notes().len(), 1);
    harness.get_by_role(Role::MultilineTextInput).click();
    harness.run_settled();
    harness.get_by_role(Role::MultilineTextInput).type_text("Phone Ashley about the trip\n");
    harness.run_settled();
    assert_eq!(harness.state_mut().panel_mut::<NotePanel>().state.draft, "Phone Ashley about the trip\n");
    harness.get_by_role_and_label(Role::Button, "Save").click();
    settle(&mut harness);
    let files: Vec<String> = std::fs::read_dir(folder.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(files.len(), 2, "{files:?} {:?}", harness.state_mut().panel_mut::<NotePanel>().message);
    let saved = files.iter().find(|name| !name.starts_with("2026-01-02")).expect("the new note");
    assert_eq!(curio::note::parse_name(saved).map(|(_, k)| k), Some(1));
    assert_eq!(std::fs::read_to_string(folder.path().join(saved)).unwrap(), "Phone Ashley about the trip\n");
    assert!(harness.state_mut().panel_mut::<NotePanel>().state.draft.is_empty());
    // Search as you type: the result shows the note with its words marked; clicking opens it.
    harness.get_by_label("search").click();
    harness.run_settled();
    harness.get_by_label("search").type_text("ashley phone");
    harness.run_settled();
    harness.get_by_label_contains("Phone Ashley").click();
    harness.run_settled();
    let panel = harness.state_mut().panel_mut::<NotePanel>();
    assert_eq!(panel.state.editing.as_deref(), Some(saved.as_str()));
    assert_eq!(panel.state.draft, "Phone Ashley about the trip\n");
    panel.state.draft.push_str("and book the hotel\n");
    harness.get_by_role_and_label(Role::Button, "Save").click();
    settle(&mut harness);
    assert_eq!(
        std::fs::read_to_string(folder.path().join(saved)).unwrap(),
        "Phone Ashley about the trip\nand book the hotel\n"
    );
    assert_eq!(std::fs::read_dir(folder.path()).unwrap().count(), 2, "saved in place");
}

#[test]
fn the_draft_survives_a_restart_and_an_empty_note_is_not_saved() {
    let folder = tempfile::tempdir().unwrap();
    let state = NotePanelState { draft: "half a thought".into(), ..state_in(folder.path()) };
    let empty = NotePanelState { draft: String::new(), ..state.clone() };
    let mut harness = harness(note_app(empty));
    settle(&mut harness);
    harness.get_by_role_and_label(Role::Button, "Save").click();
    harness.run_settled();
    harness.get_by_label("nothing to save: the note is empty");
    assert_eq!(std::fs::read_dir(folder.path()).unwrap().count(), 0);
    let saved: AppState =
        serde_json::from_str(&serde_json::to_string(&AppState::default().with::<NotePanel>(&state)).unwrap()).unwrap();
    let restored = CurioApp::with_state(saved, None);
    assert_eq!(restored.state().settings::<NotePanel>().draft, "half a thought");
}

#[test]
fn note_panel_snapshot() {
    snapshot_app("note_panel", [1280.0, 800.0], |_| {
        let folder = std::env::temp_dir().join("curio-note-snapshot");
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        for (name, text) in [
            ("2026-11-25_1.txt", "Phone Ashley about the trip to Lisbon\n"),
            ("2026-11-26_1.txt", "buy milk, bread and coffee\n"),
            ("2026-11-26_2.txt", "Ashley's number: 555 0199\n"),
        ] {
            std::fs::write(folder.join(name), text).unwrap();
        }
        note_app(NotePanelState { query: "ashley".into(), draft: "A new thought".into(), ..state_in(&folder) })
    });
}

#[test]
fn note_panel_small_window_snapshot() {
    snapshot_app("note_panel_small", [800.0, 600.0], |_| note_app(NotePanelState { folder: "/nonexistent-notes".into(), ..NotePanelState::default() }));
}

