//! The Counterpoint panel: choose a mode, a species, the voices and a cantus firmus (Fux's, one
//! typed, or one generated), generate in the background (progress, Cancel), and read the score:
//! every violation is marked on its notes (red hard, orange soft) with the rule on hover. Click
//! a cantus note to raise it a step, right-click to lower it: the piece is checked again at
//! once. Play it through the SoundFont with a moving cursor (or hear that playback is off where
//! there is no sound device), and export MIDI, MusicXML, WAV, SVG or PNG. Its commands
//! (`curio counterpoint`) and the fuzz targets of MIDI and MusicXML files are declared here.

use crate::background;
use crate::domain::{Domain, Opener, panel_of};
use crate::panels::{Family, Panel, PanelEntry, PanelType, Settings};
use crate::theme;
use crate::widgets::{Outcome, SceneRaster, job_progress, outcome_label};
use ::counterpoint::engrave::{Engraving, engrave};
use ::counterpoint::files::{from_musicxml, to_midi, to_musicxml};
use ::counterpoint::sound::{Font, SAMPLE_RATE, SOUNDFONT_PATHS, quarter_seconds, render, wav};
use ::counterpoint::{GenerateError, Generated, Key, Mode, Piece, Request, Role, Severity, Violation, check, fux, generate};
use curio_cli::facets::CommandGroup;
use curio_cli::fuzz::Target as FuzzTarget;
use curio_core::geom::Point;
use curio_core::jobs::Job;
use curio_platform::audio::{Speaker, SpeakerState};
use eframe::egui::{self, Color32, Pos2, Stroke, Vec2};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::time::Instant;

/// Where the cantus firmus comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CantusSource {
    /// Fux's, in the mode.
    Fux,
    /// The notes typed.
    Given,
    /// Generated from the seed.
    Random,
}

/// General MIDI programs offered for a voice (0-based) and their names.
pub const INSTRUMENTS: [(u8, &str); 8] = [
    (52, "Choir aahs"),
    (19, "Church organ"),
    (0, "Piano"),
    (73, "Flute"),
    (40, "Violin"),
    (42, "Cello"),
    (71, "Clarinet"),
    (70, "Bassoon"),
];

/// Persisted settings and the piece shown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct CounterpointPanelState {
    /// The mode.
    pub mode: Mode,
    /// The final when not the mode's white key (empty: the white key).
    pub final_note: String,
    /// The species of the first counterpoint voice, 1 to 5.
    pub species: u8,
    /// Voices in all, 2 to 4.
    pub voices: u8,
    /// With two voices: the counterpoint below.
    pub below: bool,
    /// The search's seed.
    pub seed: u64,
    /// Where the cantus comes from.
    pub cantus_source: CantusSource,
    /// The cantus typed (for [`CantusSource::Given`]).
    pub cantus_text: String,
    /// A generated cantus's length.
    pub length: u32,
    /// Quarter notes a minute.
    pub tempo: f64,
    /// A General MIDI program a voice, top to bottom (0-based).
    pub programs: Vec<u8>,
    /// Where Export writes (its extension picks the format).
    pub export_path: String,
    /// The piece shown.
    pub piece: Option<Piece>,
}

impl Default for CounterpointPanelState {
    fn default() -> Self {
        Self {
            mode: Mode::Dorian,
            final_note: String::new(),
            species: 1,
            voices: 2,
            below: false,
            seed: 1,
            cantus_source: CantusSource::Fux,
            cantus_text: fux::CANTUS_FIRMI[0].1.to_string(),
            length: 11,
            tempo: 160.0,
            programs: vec![52, 42, 71, 70],
            export_path: "counterpoint.musicxml".to_string(),
            piece: None,
        }
    }
}

impl Settings for CounterpointPanelState {
    fn sanitize(&mut self) {
        self.species = self.species.clamp(1, 5);
        self.voices = self.voices.clamp(2, 4);
        self.length = self.length.clamp(8, 16);
        if !self.tempo.is_finite() {
            self.tempo = 160.0;
        }
        self.tempo = self.tempo.clamp(30.0, 300.0);
        self.programs.resize(4, 52);
        for program in &mut self.programs {
            *program = (*program).min(127);
        }
        // A saved piece that no longer reads as one (a hand-edited file) is dropped.
        if let Some(piece) = &self.piece
            && (piece.voices.is_empty() || piece.bars == 0 || piece.bars > 200)
        {
            self.piece = None;
        }
    }
}

/// A WAV file being rendered: its bytes, or what went wrong.
type Rendering = Job<Result<Vec<u8>, String>>;

/// A playback: rendering, then playing from `started`.
enum Playback {
    Rendering(Job<Result<Vec<f32>, String>>),
    Playing { started: Instant, seconds: f64 },
}

/// The panel.
pub struct CounterpointPanel {
    /// Settings and the piece.
    pub state: CounterpointPanelState,
    /// The piece's violations.
    pub violations: Vec<Violation>,
    /// What the last action came to.
    pub message: Option<Outcome>,
    /// The last generation's search: nodes, whether it finished, seconds.
    pub search: Option<(u64, bool, f64)>,
    job: Option<(Instant, Job<Result<Generated, GenerateError>>)>,
    export: Option<(String, Rendering)>,
    playback: Option<Playback>,
    speaker: Speaker,
    font: Option<Font>,
    raster: SceneRaster,
    /// The score drawn, for (revision, bars a line).
    engraving: Option<((u64, u32), Engraving)>,
    /// Counts changes to the piece, so the score is engraved again only after one.
    revision: u64,
}

impl PanelType for CounterpointPanel {
    const KEY: &'static str = "counterpoint";
    const TITLE: &'static str = "Counterpoint";
    const FAMILY: Family = Family::Music;
    type State = CounterpointPanelState;

    fn new(state: CounterpointPanelState, _gpu_adapter: Option<&str>) -> Self {
        let mut panel = Self {
            state,
            violations: Vec::new(),
            message: None,
            search: None,
            job: None,
            export: None,
            playback: None,
            speaker: Speaker::default(),
            font: None,
            raster: SceneRaster::new("counterpoint-score"),
            engraving: None,
            revision: 0,
        };
        panel.recheck();
        panel
    }

    fn state(&self) -> &CounterpointPanelState {
        &self.state
    }
}

impl CounterpointPanel {
    /// The key the settings name.
    pub fn key(&self) -> Result<Key, String> {
        let final_note = self.state.final_note.trim();
        curio_cli::counterpoint::key_of(self.state.mode.name(), (!final_note.is_empty()).then_some(final_note))
    }

    /// The request the settings make, or what is wrong with them.
    pub fn request(&self) -> Result<Request, String> {
        let key = self.key()?;
        let cantus = match self.state.cantus_source {
            CantusSource::Fux if key != Key::white(key.mode) => {
                return Err("Fux's cantus firmi are on the white-key finals: clear the final".into());
            }
            CantusSource::Fux => Some(fux::cantus(key.mode).1),
            CantusSource::Given => Some(curio_cli::counterpoint::parse_cantus(&self.state.cantus_text).map_err(|e| format!("the cantus: {e}"))?),
            CantusSource::Random => None,
        };
        Ok(Request {
            key,
            species: self.state.species,
            voices: self.state.voices,
            below: self.state.below,
            cantus,
            length: self.state.length,
            seed: self.state.seed,
        })
    }

    /// Starts generating in the background.
    pub fn start_generate(&mut self, ctx: &egui::Context) {
        let request = match self.request() {
            Ok(request) => request,
            Err(error) => {
                self.message = Some(Err(error));
                return;
            }
        };
        if let Some((_, job)) = self.job.take() {
            job.cancel();
        }
        match background::spawn(ctx, "curio-counterpoint", move |reporter| generate(&request, reporter)) {
            Ok(job) => {
                self.job = Some((Instant::now(), job));
                self.message = None;
            }
            Err(error) => self.message = Some(Err(format!("cannot start the search: {error}"))),
        }
    }

    /// Whether a search runs.
    pub fn is_generating(&self) -> bool {
        self.job.is_some()
    }

    /// Checks the piece again (after an edit or a new piece).
    pub fn recheck(&mut self) {
        self.violations = self.state.piece.as_ref().map(check).unwrap_or_default();
        self.revision += 1;
    }

    /// Shows `piece` (checked).
    pub fn show(&mut self, piece: Piece) {
        self.stop();
        self.state.piece = Some(piece);
        self.recheck();
    }

    /// Moves note `index` of `voice` (the cantus only) a scale step up (`up`) or down, and
    /// checks again. False when it is not a cantus note.
    pub fn step_note(&mut self, voice: usize, index: usize, up: bool) -> bool {
        let Some(piece) = &mut self.state.piece else { return false };
        let key = piece.key;
        let Some(line) = piece.voices.get_mut(voice).filter(|v| v.role == Role::Cantus) else { return false };
        let Some(pitch) = line.notes.get(index).and_then(|n| n.pitch) else { return false };
        // The scale note a letter above or below (its natural form in the key).
        let letter = pitch.diatonic() + if up { 1 } else { -1 };
        let candidates = key.pitches_between(0, 127, false);
        let Some(&next) = candidates.iter().find(|p| p.diatonic() == letter) else { return false };
        line.notes[index].pitch = Some(next);
        let texts: Vec<String> = line.pitched().map(|(_, _, p)| p.to_string()).collect();
        self.state.cantus_text = texts.join(" ");
        self.state.cantus_source = CantusSource::Given;
        self.recheck();
        true
    }

    fn soundfont(&mut self) -> Result<Font, String> {
        if let Some(font) = &self.font {
            return Ok(font.clone());
        }
        let path = SOUNDFONT_PATHS.iter().find(|p| Path::new(p).exists()).ok_or_else(|| {
            format!("no General MIDI SoundFont at {}: install timgm6mb-soundfont", SOUNDFONT_PATHS.join(", "))
        })?;
        let bytes = std::fs::read(path).map_err(|error| format!("cannot read {path}: {error}"))?;
        let font = Font::read(&bytes).map_err(|error| format!("{path}: {error}"))?;
        self.font = Some(font.clone());
        Ok(font)
    }

    /// Renders the piece and plays it.
    pub fn play(&mut self, ctx: &egui::Context) {
        self.stop();
        let Some(piece) = self.state.piece.clone() else { return };
        let font = match self.soundfont() {
            Ok(font) => font,
            Err(error) => {
                self.message = Some(Err(error));
                return;
            }
        };
        let (tempo, programs) = (self.state.tempo, self.state.programs.clone());
        match background::spawn(ctx, "curio-counterpoint-render", move |_| {
            render(&piece, tempo, &programs, &font).map_err(|error| error.to_string())
        }) {
            Ok(job) => self.playback = Some(Playback::Rendering(job)),
            Err(error) => self.message = Some(Err(format!("cannot start rendering: {error}"))),
        }
    }

    /// Stops playing.
    pub fn stop(&mut self) {
        if let Some(Playback::Rendering(job)) = &self.playback {
            job.cancel();
        }
        self.playback = None;
        self.speaker.stop();
    }

    /// The quarter being played, while playing.
    pub fn playing_at(&self) -> Option<f64> {
        match &self.playback {
            Some(Playback::Playing { started, .. }) => {
                Some(started.elapsed().as_secs_f64() / quarter_seconds(self.state.tempo))
            }
            _ => None,
        }
    }

    /// Whether sound plays, and if not why.
    pub fn sound_state(&self) -> &SpeakerState {
        self.speaker.state()
    }

    /// Writes the piece to the export path, in the format its extension names.
    pub fn export(&mut self, ctx: &egui::Context) {
        let Some(piece) = self.state.piece.clone() else {
            self.message = Some(Err("nothing to export: generate a piece first".into()));
            return;
        };
        let path = self.state.export_path.trim().to_string();
        let extension = Path::new(&path).extension().and_then(|e| e.to_str()).unwrap_or("").to_lowercase();
        let programs = self.state.programs.clone();
        let bytes: Result<Vec<u8>, String> = match extension.as_str() {
            "mid" | "midi" => Ok(to_midi(&piece, self.state.tempo, &programs)),
            "musicxml" | "xml" => Ok(to_musicxml(&piece, &programs).into_bytes()),
            "svg" => Ok(curio_core::export::to_svg(&engrave(&piece, 6).scene).into_bytes()),
            "png" => {
                let image = curio_core::export::rasterize(&engrave(&piece, 6).scene, 1600);
                curio_core::export::encode_png(&image)
            }
            "wav" => {
                let font = match self.soundfont() {
                    Ok(font) => font,
                    Err(error) => {
                        self.message = Some(Err(error));
                        return;
                    }
                };
                let tempo = self.state.tempo;
                match background::spawn(ctx, "curio-counterpoint-wav", move |_| {
                    render(&piece, tempo, &programs, &font).and_then(|samples| wav(&samples)).map_err(|e| e.to_string())
                }) {
                    Ok(job) => self.export = Some((path, job)),
                    Err(error) => self.message = Some(Err(format!("cannot start rendering: {error}"))),
                }
                return;
            }
            _ => Err(format!("'{path}': name a .mid, .musicxml, .wav, .svg or .png file")),
        };
        self.message = Some(bytes.and_then(|bytes| write(&path, &bytes)));
    }

    /// Reads a MIDI or MusicXML file into the panel and checks it.
    pub fn open_file(&mut self, path: &Path) {
        let read = std::fs::read(path)
            .map_err(|error| format!("cannot read '{}': {error}", path.display()))
            .and_then(|bytes| ::counterpoint::files::read(&bytes).map_err(|error| format!("{}: {error}", path.display())));
        match read {
            Ok(piece) => {
                self.show(piece);
                let hard = self.violations.iter().filter(|v| v.severity == Severity::Hard).count();
                self.message = Some(Ok(format!("read {}: {} violations, {hard} hard", path.display(), self.violations.len())));
            }
            Err(error) => self.message = Some(Err(error)),
        }
    }

    fn status(&self) -> String {
        let Some(piece) = &self.state.piece else { return "No piece yet: Generate writes one.".into() };
        let hard = self.violations.iter().filter(|v| v.severity == Severity::Hard).count();
        let soft: u32 = self.violations.iter().map(|v| v.rule.weight()).sum();
        let search = match self.search {
            Some((nodes, optimal, seconds)) => {
                let best = if optimal { "the best there is" } else { "the best found in the budget" };
                format!(" · {nodes} nodes in {seconds:.2} s, {best}")
            }
            None => String::new(),
        };
        format!("{} · {} bars · {hard} hard, soft cost {soft}{search}", piece.key, piece.bars)
    }

    fn settings_ui(&mut self, ui: &mut egui::Ui) {
        egui::Grid::new("counterpoint-settings").num_columns(2).show(ui, |ui| {
            let label = ui.label("mode");
            egui::ComboBox::from_id_salt("counterpoint-mode")
                .selected_text(self.state.mode.name())
                .show_ui(ui, |ui| {
                    for mode in Mode::ALL {
                        ui.selectable_value(&mut self.state.mode, mode, mode.name());
                    }
                })
                .response
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("final");
            ui.add(egui::TextEdit::singleline(&mut self.state.final_note).desired_width(80.0).hint_text("white key"))
                .on_hover_text("Another final transposes the mode (G for G dorian, one flat)")
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("species");
            ui.horizontal(|ui| {
                for species in 1..=5u8 {
                    ui.selectable_value(&mut self.state.species, species, species.to_string());
                }
            })
            .response
            .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("voices");
            ui.horizontal(|ui| {
                for voices in 2..=4u8 {
                    ui.selectable_value(&mut self.state.voices, voices, voices.to_string());
                }
                if self.state.voices == 2 {
                    ui.checkbox(&mut self.state.below, "below the cantus");
                }
            })
            .response
            .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("seed");
            ui.add(egui::DragValue::new(&mut self.state.seed)).labelled_by(label.id);
            ui.end_row();
            let label = ui.label("cantus");
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.state.cantus_source, CantusSource::Fux, "Fux's");
                ui.selectable_value(&mut self.state.cantus_source, CantusSource::Given, "typed");
                ui.selectable_value(&mut self.state.cantus_source, CantusSource::Random, "generated");
            })
            .response
            .labelled_by(label.id);
            ui.end_row();
        });
        match self.state.cantus_source {
            CantusSource::Given => {
                ui.add(egui::TextEdit::singleline(&mut self.state.cantus_text).desired_width(f32::INFINITY))
                    .on_hover_text("Notes, octave 4 unless written: D F E D G F A G F E D");
            }
            CantusSource::Random => {
                ui.horizontal(|ui| {
                    let label = ui.label("length");
                    ui.add(egui::Slider::new(&mut self.state.length, 8..=16).suffix(" bars")).labelled_by(label.id);
                });
            }
            CantusSource::Fux => {}
        }
    }

    fn sound_ui(&mut self, ui: &mut egui::Ui, ctx: &egui::Context) {
        ui.horizontal(|ui| {
            let playing = self.playback.is_some();
            if ui.add_enabled(self.state.piece.is_some() && !playing, egui::Button::new("▶ Play")).clicked() {
                self.play(ctx);
            }
            if ui.add_enabled(playing, egui::Button::new("■ Stop")).clicked() {
                self.stop();
            }
            let label = ui.label("tempo");
            ui.add(egui::Slider::new(&mut self.state.tempo, 30.0..=300.0).integer()).labelled_by(label.id);
        });
        if let SpeakerState::Off(reason) = self.speaker.state() {
            ui.colored_label(theme::HINT, format!("Playback is off ({reason}); Export .wav still renders."));
        }
        let names: Vec<&'static str> = self.state.piece.as_ref().map_or_else(
            || vec!["voice 1", "voice 2", "voice 3", "voice 4"],
            |piece| piece.voices.iter().map(|v| v.range.name()).collect(),
        );
        for (index, name) in names.into_iter().enumerate().take(4) {
            ui.horizontal(|ui| {
                let label = ui.label(format!("{name:<8}"));
                let current = INSTRUMENTS.iter().find(|(p, _)| *p == self.state.programs[index]).map_or("other", |(_, n)| n);
                egui::ComboBox::from_id_salt(("counterpoint-instrument", index))
                    .selected_text(current)
                    .show_ui(ui, |ui| {
                        for (program, instrument) in INSTRUMENTS {
                            ui.selectable_value(&mut self.state.programs[index], program, instrument);
                        }
                    })
                    .response
                    .labelled_by(label.id);
            });
        }
    }

    fn violations_ui(&mut self, ui: &mut egui::Ui) {
        ui.label(egui::RichText::new(format!("Violations ({})", self.violations.len())).strong());
        egui::ScrollArea::vertical().id_salt("counterpoint-violations").max_height(220.0).show(ui, |ui| {
            if self.violations.is_empty() && self.state.piece.is_some() {
                ui.colored_label(theme::SUCCESS, "none: every rule is kept");
            }
            for v in &self.violations {
                let color = if v.severity == Severity::Hard { theme::ERROR } else { SOFT };
                let voices: Vec<String> = v.voices.iter().map(|i| (i + 1).to_string()).collect();
                ui.colored_label(color, format!("bar {} beat {} · voices {} · {}: {}", v.bar, v.beat, voices.join(","), v.rule.name(), v.detail))
                    .on_hover_text(v.rule.source());
            }
        });
    }
}

/// Soft violations' colour.
const SOFT: Color32 = Color32::from_rgb(0xd0, 0x80, 0x10);

fn write(path: &str, bytes: &[u8]) -> Result<String, String> {
    if path.is_empty() {
        return Err("type a file name to export to".into());
    }
    curio_core::files::write_atomically(Path::new(path), bytes)
        .map(|()| format!("wrote {path} ({} bytes)", bytes.len()))
        .map_err(|error| format!("cannot write {path}: {error}"))
}

impl Panel for CounterpointPanel {
    fn logic(&mut self, ctx: &egui::Context) {
        self.raster.poll(ctx);
        if let Some((started, job)) = &mut self.job
            && let Some(result) = job.poll()
        {
            let seconds = started.elapsed().as_secs_f64();
            self.job = None;
            match result {
                Ok(Ok(generated)) => {
                    self.search = Some((generated.nodes, generated.optimal, seconds));
                    self.show(generated.piece);
                }
                Ok(Err(GenerateError::Cancelled)) => self.message = Some(Err("cancelled".into())),
                Ok(Err(error)) => self.message = Some(Err(error.to_string())),
                Err(panicked) => self.message = Some(Err(format!("the search failed: {panicked}"))),
            }
        }
        if let Some((path, job)) = &mut self.export
            && let Some(result) = job.poll()
        {
            let path = path.clone();
            self.export = None;
            self.message = Some(match result {
                Ok(Ok(bytes)) => write(&path, &bytes),
                Ok(Err(error)) => Err(error),
                Err(panicked) => Err(format!("rendering failed: {panicked}")),
            });
        }
        if let Some(Playback::Rendering(job)) = &mut self.playback
            && let Some(result) = job.poll()
        {
            self.playback = None;
            match result {
                Ok(Ok(samples)) => {
                    let seconds = samples.len() as f64 / 2.0 / f64::from(SAMPLE_RATE);
                    if self.speaker.play_samples(samples, 2, SAMPLE_RATE) {
                        self.playback = Some(Playback::Playing { started: Instant::now(), seconds });
                    }
                }
                Ok(Err(error)) => self.message = Some(Err(error)),
                Err(panicked) => self.message = Some(Err(format!("rendering failed: {panicked}"))),
            }
        }
        if let Some(Playback::Playing { started, seconds }) = &self.playback {
            if started.elapsed().as_secs_f64() > *seconds {
                self.playback = None;
            } else {
                ctx.request_repaint();
            }
        }
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        ui.heading("Counterpoint");
        ui.label("Species counterpoint after Fux: a cantus firmus, voices written against it by rule, checked, heard.");
        ui.separator();
        egui::ScrollArea::vertical().id_salt("counterpoint-controls").show(ui, |ui| {
            self.settings_ui(ui);
            ui.horizontal(|ui| {
                if ui.add_enabled(self.job.is_none(), egui::Button::new("Generate")).clicked() {
                    self.start_generate(&ctx);
                }
                if ui.button("Check again").on_hover_text("Check the piece shown against the rules").clicked() {
                    self.recheck();
                }
            });
            let mut cancel = false;
            if let Some((_, job)) = &self.job {
                cancel = job_progress(ui, job);
            }
            if cancel {
                self.job = None;
                self.message = Some(Err("cancelled".into()));
            }
            outcome_label(ui, self.message.as_ref());
            ui.separator();
            ui.label(egui::RichText::new(self.status()).strong());
            self.violations_ui(ui);
            ui.separator();
            self.sound_ui(ui, &ctx);
            ui.separator();
            ui.horizontal(|ui| {
                let label = ui.label("file");
                ui.add(egui::TextEdit::singleline(&mut self.state.export_path).desired_width(170.0))
                    .on_hover_text(".mid, .musicxml, .wav, .svg or .png")
                    .labelled_by(label.id);
            });
            ui.horizontal(|ui| {
                if ui.add_enabled(self.export.is_none(), egui::Button::new("Export")).clicked() {
                    self.export(&ctx);
                }
                if ui.button("Open").on_hover_text("Read a MIDI or MusicXML file and check it").clicked() {
                    let path = self.state.export_path.trim().to_string();
                    self.open_file(Path::new(&path));
                }
            });
        });
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let Some(piece) = &self.state.piece else {
            ui.centered_and_justified(|ui| ui.label("Generate a piece, or Open a MIDI or MusicXML file."));
            return;
        };
        let width = ui.available_width().max(100.0);
        // A staff space of about 7.5 points decides how many bars a line holds.
        let per_system = ::counterpoint::engrave::bars_per_line(f64::from(width) / 7.5).min(piece.bars.max(1));
        let key = (self.revision, per_system);
        if self.engraving.as_ref().is_none_or(|(k, _)| *k != key) {
            self.engraving = Some((key, engrave(piece, per_system)));
        }
        let Some((_, engraving)) = &self.engraving else { return };
        let view = engraving.scene.view_box;
        let scale = (width as f64 / view.width()).min(11.0);
        let size = Vec2::new((view.width() * scale) as f32, (view.height() * scale) as f32);
        let pixels = (size.x.max(size.y) * ui.ctx().pixels_per_point()).round() as u32;
        self.raster.ensure(ui.ctx(), format!("{}:{per_system}@{pixels}", self.revision), || {
            let scene = engraving.scene.clone();
            (scene.point_count(), Box::new(move || curio_core::export::rasterize(&scene, pixels)))
        });
        let paper = engraving.scene.background.map_or(Color32::WHITE, |c| Color32::from_rgb(c.r, c.g, c.b));
        let mut edit = None;
        egui::ScrollArea::vertical().id_salt("counterpoint-score").show(ui, |ui| {
            let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
            let painter = ui.painter_at(rect);
            painter.rect_filled(rect, 0.0, paper);
            self.raster.paint(&painter, rect);
            let to_screen = |p: Point| {
                Pos2::new(rect.left() + ((p.x - view.min.x) * scale) as f32, rect.top() + ((view.max.y - p.y) * scale) as f32)
            };
            let radius = (scale * 1.1) as f32;
            // Marks: a ring around each note a violation names, hard in red over soft in orange.
            let mut marks: Vec<(Pos2, &Violation)> = Vec::new();
            for v in &self.violations {
                let time = (v.bar - 1) * ::counterpoint::BAR + (v.beat - 1);
                for &voice in &v.voices {
                    for head in engraving.heads_at(voice, time, piece) {
                        marks.push((to_screen(head), v));
                    }
                }
            }
            marks.sort_by_key(|(_, v)| v.severity == Severity::Hard);
            for (at, v) in &marks {
                let color = if v.severity == Severity::Hard { theme::ERROR } else { SOFT };
                painter.circle_stroke(*at, radius, Stroke::new(2.0, color));
            }
            if let Some(quarter) = self.playing_at()
                && let Some((x, system)) = engraving.time_x(quarter)
            {
                let top = to_screen(Point::new(x, system.top + 1.0));
                let bottom = to_screen(Point::new(x, system.bottom - 1.0));
                painter.line_segment([top, bottom], Stroke::new(2.0, Color32::from_rgb(0x30, 0x70, 0xd0)));
            }
            if let Some(pointer) = response.hover_pos() {
                let here: Vec<&&Violation> = marks.iter().filter(|(at, _)| at.distance(pointer) <= radius).map(|(_, v)| v).collect();
                if !here.is_empty() {
                    let lines: Vec<String> = here
                        .iter()
                        .map(|v| {
                            let severity = if v.severity == Severity::Hard { "hard" } else { "soft" };
                            format!("{} ({severity}): {}", v.rule.name(), v.detail)
                        })
                        .collect();
                    response.clone().on_hover_text_at_pointer(lines.join("\n"));
                }
            }
            let clicked = if response.clicked() {
                Some(true)
            } else if response.secondary_clicked() {
                Some(false)
            } else {
                None
            };
            if let (Some(up), Some(pointer)) = (clicked, response.interact_pointer_pos()) {
                let nearest = engraving
                    .notes
                    .iter()
                    .filter(|n| piece.voices[n.voice].role == Role::Cantus)
                    .map(|n| (to_screen(n.center).distance(pointer), n))
                    .filter(|(d, _)| *d <= radius * 1.5)
                    .min_by(|a, b| a.0.total_cmp(&b.0))
                    .map(|(_, n)| (n.voice, n.index));
                edit = nearest.map(|(voice, index)| (voice, index, up));
            }
        });
        if let Some((voice, index, up)) = edit {
            self.step_note(voice, index, up);
        }
    }

    fn is_busy(&self) -> bool {
        self.job.is_some() || self.export.is_some() || matches!(self.playback, Some(Playback::Rendering(_))) || self.raster.is_busy()
    }
}

/// What Counterpoint adds: `curio counterpoint`, its panel, MusicXML files opened in it, and
/// the fuzz targets of the MIDI and MusicXML readers.
pub const DOMAIN: Domain = Domain {
    name: "counterpoint",
    about: "Species counterpoint after Fux: a cantus firmus, counterpoint by rule in species 1-5, a checker, MIDI, MusicXML, WAV.",
    commands: CommandGroup::of::<curio_cli::counterpoint::CounterpointArgs>(),
    panels: &[PanelEntry::of::<CounterpointPanel>()],
    merges: &[],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[
        FuzzTarget { name: "counterpoint-midi", reads: "MIDI files (counterpoint check)", run: curio_cli::counterpoint::fuzz_midi },
        FuzzTarget {
            name: "counterpoint-musicxml",
            reads: "MusicXML files (counterpoint check, the panel's Open)",
            run: curio_cli::counterpoint::fuzz_musicxml,
        },
    ],
    opens: &[Opener {
        kind: "a MusicXML score",
        panel: CounterpointPanel::KEY,
        accepts: |name, text| {
            let lower = name.to_lowercase();
            (lower.ends_with(".musicxml") || lower.ends_with(".xml")) && from_musicxml(text).is_ok()
        },
        open: |panel, path, _| panel_of::<CounterpointPanel>(panel).open_file(path),
    }],
};
