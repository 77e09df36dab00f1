//! The Notes panel: write a note and save it as the write-up names it (`YYYY-MM-DD_k.txt`, the
//! first free number of the day), list the notes newest first, search them as you type with the
//! matched words highlighted, and open one to read and edit it. The draft is kept with the
//! settings, so nothing typed is lost when the app closes.

use crate::background;
use crate::domain::Domain;
use crate::panels::{Family, Panel, PanelEntry, PanelType, Settings};
use crate::theme;
use curio_cli::facets::CommandGroup;
use curio_cli::fuzz::Target;
use curio_core::jobs::Job;
use eframe::egui::{self, Color32, RichText, text::LayoutJob};
use note::{Index, Note, Query};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Persisted settings of the Notes panel.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NotePanelState {
    /// The notes folder; empty: the default (`CURIO_NOTES_DIR`, else the data folder's `notes`).
    pub folder: String,
    /// The text being written.
    pub draft: String,
    /// The note the draft edits (its file name), or `None` for a new note.
    pub editing: Option<String>,
    /// The search.
    pub query: String,
}

impl Settings for NotePanelState {
    fn sanitize(&mut self) {
        // Only a note's own name, never a path elsewhere.
        if self.editing.as_deref().is_some_and(|name| note::parse_name(name).is_none() && !is_plain_name(name)) {
            self.editing = None;
        }
    }
}

/// A file name with no folder in it.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty() && !name.contains(['/', '\\']) && name != "." && name != ".." && name.ends_with(".txt")
}

/// The Notes panel.
pub struct NotePanel {
    /// Persisted settings.
    pub state: NotePanelState,
    index: Index,
    loading: Option<Job<Result<Vec<Note>, String>>>,
    /// The folder field as it was at the last reading (the folder is read again when it changes).
    read_for: Option<String>,
    /// The last save, or what went wrong.
    pub message: Option<Result<String, String>>,
}

impl PanelType for NotePanel {
    const KEY: &'static str = "note";
    const TITLE: &'static str = "Notes";
    const FAMILY: Family = Family::Writing;
    type State = NotePanelState;

    fn new(state: NotePanelState, _gpu_adapter: Option<&str>) -> Self {
        Self { state, index: Index::default(), loading: None, read_for: None, message: None }
    }

    fn state(&self) -> &NotePanelState {
        &self.state
    }
}

impl NotePanel {
    /// The folder notes go in, if one is known.
    pub fn folder(&self) -> Option<PathBuf> {
        if self.state.folder.trim().is_empty() {
            curio_platform::folders::notes_folder()
        } else {
            Some(PathBuf::from(self.state.folder.trim()))
        }
    }

    /// Reads the folder's notes again, in the background.
    pub fn reload(&mut self, ctx: &egui::Context) {
        self.read_for = Some(self.state.folder.clone());
        let Some(folder) = self.folder() else {
            self.message = Some(Err("no notes folder: type one, or set CURIO_NOTES_DIR or HOME".into()));
            return;
        };
        let spawned = background::spawn(ctx, "curio-notes", move |_| {
            if !folder.exists() {
                return Ok(Vec::new());
            }
            note::load(&folder).map_err(|error| error.to_string())
        });
        match spawned {
            Ok(job) => self.loading = Some(job),
            Err(error) => self.message = Some(Err(format!("cannot read the notes: {error}"))),
        }
    }

    /// Whether the notes are being read.
    pub fn is_loading(&self) -> bool {
        self.loading.is_some()
    }

    /// The notes read, newest first.
    pub fn notes(&self) -> &[Note] {
        self.index.notes()
    }

    /// Saves the draft: a new note under the day's first free name, or over the note it edits.
    pub fn save(&mut self, ctx: &egui::Context) {
        if self.state.draft.trim().is_empty() {
            self.message = Some(Err("nothing to save: the note is empty".into()));
            return;
        }
        let Some(folder) = self.folder() else {
            self.message = Some(Err("no notes folder: type one, or set CURIO_NOTES_DIR or HOME".into()));
            return;
        };
        let mut text = self.state.draft.clone();
        if !text.ends_with('\n') {
            text.push('\n');
        }
        let saved = match &self.state.editing {
            Some(name) => {
                let path = folder.join(name);
                curio_core::files::write_atomically(&path, text.as_bytes()).map(|()| path)
            }
            None => curio_cli::note::save(&folder, &text),
        };
        match saved {
            Ok(path) => {
                self.message = Some(Ok(format!("saved {}", path.display())));
                self.state.draft.clear();
                self.state.editing = None;
                self.reload(ctx);
            }
            Err(error) => self.message = Some(Err(format!("not saved: {error}"))),
        }
    }

    /// Opens a note in the editor (the draft, if any, is replaced).
    pub fn open(&mut self, name: &str) {
        if let Some(note) = self.index.notes().iter().find(|note| note.name == name) {
            self.state.draft = note.text.clone();
            self.state.editing = Some(note.name.clone());
            self.message = None;
        }
    }

    fn result_list(&mut self, ui: &mut egui::Ui) {
        let query = Query::parse(&self.state.query);
        let mut open = None;
        egui::ScrollArea::vertical().id_salt("note-list").auto_shrink([false, true]).show(ui, |ui| {
            if query.is_empty() {
                for note in self.index.notes() {
                    let first = note.text.lines().find(|line| !line.trim().is_empty()).unwrap_or("(empty)");
                    let selected = self.state.editing.as_deref() == Some(note.name.as_str());
                    let label = format!("{}  {}", note.name.trim_end_matches(".txt"), first);
                    if ui.selectable_label(selected, label).clicked() {
                        open = Some(note.name.clone());
                    }
                }
                if self.index.is_empty() && !self.is_loading() {
                    ui.label(RichText::new("No notes yet: write one and press Save.").color(theme::HINT));
                }
                return;
            }
            let hits = self.index.search(&query, 200);
            if hits.is_empty() {
                ui.label(RichText::new("No note holds those words.").color(theme::HINT));
            }
            for hit in hits {
                let mut job = LayoutJob::default();
                let plain = egui::TextFormat { color: ui.visuals().text_color(), ..Default::default() };
                let strong = egui::TextFormat {
                    color: Color32::BLACK,
                    background: theme::SELECTED,
                    ..Default::default()
                };
                job.append(&format!("{}\n", hit.name.trim_end_matches(".txt")), 0.0, plain.clone());
                for piece in &hit.snippet.pieces {
                    job.append(&piece.text, 0.0, if piece.marked { strong.clone() } else { plain.clone() });
                }
                job.wrap.max_width = ui.available_width();
                let selected = self.state.editing.as_deref() == Some(hit.name.as_str());
                if ui.add(egui::Button::selectable(selected, job)).clicked() {
                    open = Some(hit.name.clone());
                }
            }
        });
        if let Some(name) = open {
            self.open(&name);
        }
    }
}

impl Panel for NotePanel {
    fn is_busy(&self) -> bool {
        self.loading.is_some()
    }

    fn logic(&mut self, ctx: &egui::Context) {
        if self.loading.is_none() && self.read_for.as_ref() != Some(&self.state.folder) {
            self.reload(ctx);
        }
        match background::finished(&mut self.loading, "reading the notes") {
            Some(Ok(notes)) => self.index = Index::new(notes),
            Some(Err(error)) => self.message = Some(Err(error)),
            None => {}
        }
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Notes");
        ui.horizontal(|ui| {
            let label = ui.label("folder");
            let hint = self.folder().map(|folder| folder.display().to_string()).unwrap_or_default();
            ui.add(egui::TextEdit::singleline(&mut self.state.folder).hint_text(hint).desired_width(f32::INFINITY))
                .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let label = ui.label("search");
            ui.add(
                egui::TextEdit::singleline(&mut self.state.query)
                    .hint_text("words, pre*, \"a phrase\"")
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            if ui.button("Reload").clicked() {
                self.reload(ui.ctx());
            }
            let count = self.index.len();
            ui.label(if self.is_loading() { "reading…".to_string() } else { format!("{count} notes") });
        });
        ui.separator();
        self.result_list(ui);
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.strong(match &self.state.editing {
                Some(name) => format!("Editing {name}"),
                None => "Writing a new note".to_string(),
            });
            if ui.button("Save").clicked() {
                self.save(ui.ctx());
            }
            if ui.button("New note").clicked() {
                self.state.draft.clear();
                self.state.editing = None;
                self.message = None;
            }
        });
        crate::widgets::outcome_label(ui, self.message.as_ref());
        egui::ScrollArea::vertical().id_salt("note-editor").show(ui, |ui| {
            ui.add_sized(
                ui.available_size(),
                egui::TextEdit::multiline(&mut self.state.draft)
                    .hint_text("Type a note; Save keeps it as today's next file.")
                    .desired_width(f32::INFINITY)
                    .font(egui::TextStyle::Monospace),
            );
        });
    }
}

/// What the notes domain adds: `curio note`, its panel, its query as a fuzz target.
pub const DOMAIN: Domain = Domain {
    name: "note",
    about: "Notes as the write-up keeps them: type until `save`, one dated file each; ranked full-text search.",
    commands: CommandGroup::of::<curio_cli::note::NoteArgs>(),
    panels: &[PanelEntry::of::<NotePanel>()],
    merges: &[],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[Target {
        name: "note-query",
        reads: "search queries and note text (note search, the panel's search)",
        run: curio_cli::note::fuzz_note_query,
    }],
    opens: &[],
};
