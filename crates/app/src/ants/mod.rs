//! The Ants panel: a viewer of 2011 AI Challenge games. Open a replay (the official format,
//! Curio's or the contest's) or play a new game between bots (Curio's built-in ones or any
//! command that speaks the official protocol) on a map file or a generated map; then play,
//! pause, step and scrub the game on a timeline, see it as any one player saw it (the
//! write-up's "green filter": everything out of that player's sight is dimmed), with the
//! turn's deaths and razed hills marked, and the scores and ant counts plotted over the game.
//! Opening and playing run in the background with progress and Cancel.

mod board;

use crate::background;
use crate::domain::{Domain, Opener, panel_of};
use crate::panels::{Family, Panel, PanelEntry, PanelType, Settings};
use crate::theme;
use crate::widgets::job_progress;
use ::ants::food::{FoodSource, Symmetric};
use ::ants::map::{Map, MapSpec};
use ::ants::play::play;
use ::ants::replay::{Replay, write};
use ::ants::rules::Settings as GameSettings;
use ::ants::timeline::Timeline;
use curio_cli::facets::{CommandGroup, Merge};
use curio_cli::fuzz::Target as FuzzTarget;
use curio_core::jobs::Job;
use curio_core::progress::Progress;
use eframe::egui::{self, Color32, Pos2, Rect, Stroke, Vec2};
use egui_plot::{Legend, Line, Plot, VLine};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Instant;

/// The players' colours, as the official visualizer's order of players.
pub const PLAYER_COLOURS: [Color32; 10] = [
    Color32::from_rgb(0xd6, 0x27, 0x28),
    Color32::from_rgb(0x1f, 0x77, 0xb4),
    Color32::from_rgb(0x2c, 0xa0, 0x2c),
    Color32::from_rgb(0xff, 0x7f, 0x0e),
    Color32::from_rgb(0x94, 0x67, 0xbd),
    Color32::from_rgb(0x8c, 0x56, 0x4b),
    Color32::from_rgb(0xe3, 0x77, 0xc2),
    Color32::from_rgb(0x17, 0xbe, 0xcf),
    Color32::from_rgb(0xbc, 0xbd, 0x22),
    Color32::from_rgb(0x40, 0x40, 0x40),
];
/// The colour of `player`.
pub fn colour(player: usize) -> Color32 {
    PLAYER_COLOURS[player % PLAYER_COLOURS.len()]
}

/// A colour channel of a square out of the chosen player's sight.
fn dim(channel: u8) -> u8 {
    (u16::from(channel) * 45 / 100) as u8
}

const LAND: Color32 = Color32::from_rgb(0xe8, 0xdc, 0xc0);
const WATER: Color32 = Color32::from_rgb(0x3c, 0x46, 0x50);
const FOOD: Color32 = Color32::from_rgb(0xf0, 0xf0, 0xf0);

/// Persisted settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AntsPanelState {
    /// The replay to open.
    pub replay_path: String,
    /// A map file for a new game (empty: a generated map).
    pub map_path: String,
    /// Players of a generated map.
    pub players: usize,
    /// Hills a player of a generated map.
    pub hills: usize,
    /// Rows of a generated map.
    pub rows: usize,
    /// Columns of each player's strip of a generated map.
    pub strip_cols: usize,
    /// Seed of a generated map and of the engine.
    pub seed: u64,
    /// The bots, one a player: `builtin:NAME` or a command.
    pub bots: Vec<String>,
    /// The last turn of a new game.
    pub turns: u32,
    /// Where a new game's replay is written (empty: not written).
    pub save_path: String,
    /// Turns a second when playing back.
    pub speed: f32,
    /// The player whose sight is shown (`None`: everything).
    pub sight: Option<usize>,
    /// The turn on view (the replay is opened again at it after a restart).
    pub turn: usize,
    /// Whether the game is playing back (it goes on after a restart).
    pub playing: bool,
}

impl Default for AntsPanelState {
    fn default() -> Self {
        Self {
            replay_path: String::new(),
            map_path: String::new(),
            players: 2,
            hills: 2,
            rows: 40,
            strip_cols: 40,
            seed: 1,
            bots: vec!["builtin:curio".into(), "builtin:greedy".into()],
            turns: 500,
            save_path: String::new(),
            speed: 20.0,
            sight: None,
            turn: 0,
            playing: false,
        }
    }
}

impl Settings for AntsPanelState {
    fn sanitize(&mut self) {
        self.players = self.players.clamp(2, 10);
        self.hills = self.hills.clamp(1, 9);
        self.rows = self.rows.clamp(8, 200);
        self.strip_cols = self.strip_cols.clamp(8, 200);
        self.turns = self.turns.clamp(1, 5000);
        self.speed = self.speed.clamp(1.0, 200.0);
        self.bots.resize(10, "builtin:greedy".into());
        if !self.speed.is_finite() {
            self.speed = 20.0;
        }
    }
}

/// A game ready to view.
pub struct Loaded {
    /// The game turn by turn.
    pub timeline: Timeline,
    /// The players' names.
    pub names: Vec<String>,
    /// What was loaded, for the status line.
    pub source: String,
}

/// The panel.
pub struct AntsPanel {
    state: AntsPanelState,
    loaded: Option<Arc<Loaded>>,
    job: Option<Job<Result<Loaded, String>>>,
    message: Option<Result<String, String>>,
    turn: usize,
    playing: bool,
    last_tick: Option<Instant>,
    /// The board's colours, one a square, and the (turn, sight) they show.
    board: Option<BoardImage>,
    /// Where the last frame drew the board.
    drawn: Option<Rect>,
    /// Whether the board is drawn by the GPU pipeline (`board.rs`) rather than as an egui image.
    gpu: bool,
    /// Whether the saved replay is still to be opened (at start-up).
    reopen: bool,
    /// The turn to show once the game being loaded is in.
    resume_turn: usize,
    /// Whether to play it back once it is in.
    resume_playing: bool,
}

impl PanelType for AntsPanel {
    const KEY: &'static str = "ants";
    const TITLE: &'static str = "Ants";
    const FAMILY: Family = Family::Games;
    type State = AntsPanelState;

    fn new(state: AntsPanelState, gpu_adapter: Option<&str>) -> Self {
        let reopen = !state.replay_path.trim().is_empty();
        let (resume_turn, resume_playing) = (state.turn, state.playing);
        Self {
            state,
            loaded: None,
            job: None,
            message: None,
            turn: 0,
            playing: false,
            last_tick: None,
            board: None,
            drawn: None,
            gpu: gpu_adapter.is_some(),
            reopen,
            resume_turn,
            resume_playing,
        }
    }

    fn state(&self) -> &AntsPanelState {
        &self.state
    }

    fn install_gpu(render_state: &eframe::egui_wgpu::RenderState) {
        board::install(render_state);
    }
}

/// Reads and re-simulates a replay.
pub fn load_replay(path: &str) -> Result<Loaded, String> {
    let text = std::fs::read_to_string(path).map_err(|error| format!("cannot read '{path}': {error}"))?;
    let replay = Replay::parse(&text).map_err(|error| format!("replay '{path}': {error}"))?;
    let outcome = curio_cli::ants::resimulate(&replay);
    let names = (0..replay.map.players).map(|p| replay.names.get(p).cloned().unwrap_or_else(|| format!("player {p}"))).collect();
    Ok(Loaded { timeline: Timeline::of(&outcome.game), names, source: path.to_string() })
}

impl AntsPanel {
    /// The game on view.
    pub fn loaded(&self) -> Option<&Loaded> {
        self.loaded.as_deref()
    }

    /// Whether the board is drawn by the panel's wgpu pipeline (the app has an adapter).
    pub fn board_on_gpu(&self) -> bool {
        self.gpu
    }

    /// The turn on view.
    pub fn turn(&self) -> usize {
        self.turn
    }

    /// Shows `turn` (clamped to the game).
    pub fn set_turn(&mut self, turn: usize) {
        self.turn = self.loaded.as_ref().map_or(0, |loaded| turn.min(loaded.timeline.last_turn()));
    }

    /// Shows the game as `player` saw it (`None`: everything).
    pub fn set_sight(&mut self, player: Option<usize>) {
        self.state.sight = player;
    }

    /// Opens the replay at `path` (an opener's call: `curio FILE`), in the background once the
    /// panel runs.
    pub fn open_replay(&mut self, path: &std::path::Path) {
        self.state.replay_path = path.display().to_string();
        self.resume_turn = 0;
        self.reopen = true;
    }

    /// Sets the replay file to open.
    pub fn set_replay_path(&mut self, path: &str) {
        self.state.replay_path = path.to_string();
    }

    /// Sets the bot of `player` for a new game.
    pub fn set_bot(&mut self, player: usize, bot: &str) {
        if player < self.state.bots.len() {
            self.state.bots[player] = bot.to_string();
        }
    }

    /// Opens the replay at the replay path, in the background (at the first turn, unless the
    /// panel is reopening its saved game).
    pub fn open(&mut self, ctx: &egui::Context) {
        let path = self.state.replay_path.trim().to_string();
        if path.is_empty() {
            self.message = Some(Err("no replay file given".into()));
            return;
        }
        self.message = None;
        self.job = background::spawn(ctx, "curio-ants-open", move |reporter| {
            let _ = reporter.report(0, 0, "reading and replaying");
            load_replay(&path)
        })
        .map_err(|error| self.message = Some(Err(format!("cannot start: {error}"))))
        .ok();
    }

    /// Plays a new game between the bots, in the background.
    pub fn new_game(&mut self, ctx: &egui::Context) {
        let state = self.state.clone();
        let map = if state.map_path.trim().is_empty() {
            let spec = MapSpec { players: state.players, hills: state.hills, rows: state.rows, strip_cols: state.strip_cols, water_percent: 20 };
            ::ants::map::generate(&spec, state.seed)
        } else {
            std::fs::read_to_string(state.map_path.trim())
                .map_err(|error| format!("cannot read map '{}': {error}", state.map_path.trim()))
                .and_then(|text| Map::parse(&text).map_err(|error| format!("map '{}': {error}", state.map_path.trim())))
        };
        let map = match map {
            Ok(map) => map,
            Err(error) => {
                self.message = Some(Err(error));
                return;
            }
        };
        let bots: Vec<String> = state.bots[..map.players].to_vec();
        let mut settings = GameSettings::official(state.seed as i64, state.seed as i64);
        settings.turns = state.turns;
        let food = match Symmetric::new(&map, &settings, state.seed) {
            Ok(food) => FoodSource::Symmetric(Box::new(food)),
            Err(error) => {
                self.message = Some(Err(error));
                return;
            }
        };
        let players = match curio_cli::ants::start_players(&bots) {
            Ok(players) => players,
            Err(error) => {
                self.message = Some(Err(error));
                return;
            }
        };
        let save = state.save_path.trim().to_string();
        if !save.is_empty() {
            // A saved game is the one opened again after a restart.
            self.state.replay_path = save.clone();
        }
        self.resume_turn = 0;
        self.message = None;
        self.job = background::spawn(ctx, "curio-ants-play", move |reporter| {
            let turns = u64::from(settings.turns);
            let outcome = play(&map, settings, food, players, |game| reporter.report(u64::from(game.turn), turns, &format!("turn {}", game.turn)).is_continue());
            if outcome.cancelled {
                return Err("cancelled".to_string());
            }
            let mut source = format!("a new game, {} turns", outcome.game.turn);
            if !save.is_empty() {
                let replay = write(&outcome.game, &outcome.status, &outcome.player_turns, &bots, Some(&outcome.errors));
                let text = serde_json::to_string(&replay).map_err(|error| error.to_string())?;
                curio_core::files::write_atomically(std::path::Path::new(&save), text.as_bytes()).map_err(|error| format!("cannot write replay '{save}': {error}"))?;
                source = format!("{source}, saved to {save}");
            }
            Ok(Loaded { timeline: Timeline::of(&outcome.game), names: bots, source })
        })
        .map_err(|error| self.message = Some(Err(format!("cannot start: {error}"))))
        .ok();
    }

    fn collect(&mut self) {
        if let Some(result) = background::finished(&mut self.job, "ants") {
            match result {
                Ok(loaded) => {
                    self.message = Some(Ok(format!("{}: {} turns, {}", loaded.source, loaded.timeline.last_turn(), loaded.timeline.cutoff)));
                    self.turn = std::mem::take(&mut self.resume_turn).min(loaded.timeline.last_turn());
                    self.loaded = Some(Arc::new(loaded));
                    self.playing = std::mem::take(&mut self.resume_playing);
                    self.board = None;
                }
                Err(error) => self.message = Some(Err(error)),
            }
        }
    }

    fn tick(&mut self, ctx: &egui::Context) {
        let Some(loaded) = &self.loaded else { return };
        if !self.playing {
            self.last_tick = None;
            return;
        }
        let now = Instant::now();
        let last = *self.last_tick.get_or_insert(now);
        let steps = (now.duration_since(last).as_secs_f32() * self.state.speed) as usize;
        if steps > 0 {
            self.turn = (self.turn + steps).min(loaded.timeline.last_turn());
            self.last_tick = Some(now);
            if self.turn == loaded.timeline.last_turn() {
                // Playing loops, so that a long watch (and a frame-rate measure) goes on.
                self.turn = 0;
            }
        }
        ctx.request_repaint();
    }

    fn playback_ui(&mut self, ui: &mut egui::Ui) {
        let Some(loaded) = self.loaded.clone() else { return };
        let last = loaded.timeline.last_turn();
        ui.horizontal(|ui| {
            if ui.button("First").on_hover_text("first turn").clicked() {
                self.turn = 0;
            }
            if ui.button("Back").on_hover_text("a turn back").clicked() {
                self.turn = self.turn.saturating_sub(1);
            }
            let label = if self.playing { "Pause" } else { "Play" };
            if ui.button(label).clicked() {
                if !self.playing && self.turn == last {
                    self.turn = 0;
                }
                self.playing = !self.playing;
            }
            if ui.button("Next").on_hover_text("a turn on").clicked() {
                self.turn = (self.turn + 1).min(last);
            }
            if ui.button("Last").on_hover_text("last turn").clicked() {
                self.turn = last;
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("turn");
            ui.add(egui::Slider::new(&mut self.turn, 0..=last)).labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let label = ui.label("speed");
            ui.add(egui::Slider::new(&mut self.state.speed, 1.0..=200.0).logarithmic(true).suffix(" turns/s")).labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let label = ui.label("sight");
            let name = |sight: Option<usize>| sight.map_or("everything".to_string(), |p| format!("player {p}'s view"));
            egui::ComboBox::from_id_salt("ants-sight")
                .selected_text(name(self.state.sight))
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.state.sight, None, name(None));
                    for player in 0..loaded.timeline.players {
                        ui.selectable_value(&mut self.state.sight, Some(player), name(Some(player)));
                    }
                })
                .response
                .on_hover_text("dim every square out of one player's sight, as that bot saw the game")
                .labelled_by(label.id);
        });
        let timeline = &loaded.timeline;
        let turn = self.turn.min(last);
        egui::Grid::new("ants-scores").striped(true).show(ui, |ui| {
            ui.label("player");
            ui.label("bot");
            ui.label("score");
            ui.label("ants");
            ui.end_row();
            for player in 0..timeline.players {
                ui.colored_label(colour(player), format!("■ {player}"));
                ui.label(loaded.names.get(player).map_or("", String::as_str));
                ui.label(timeline.scores[player][turn].to_string());
                ui.label(timeline.ant_counts[player][turn].to_string());
                ui.end_row();
            }
        });
        let deaths = timeline.frames[turn].dead.len();
        let razed = timeline.razed_on(turn).count();
        ui.label(format!("turn {turn} of {last}: {deaths} ants died (×), {razed} hills razed (orange ring); ended: {}", timeline.cutoff));
        let chart = |id: &str| Plot::new(id.to_string()).height(110.0).legend(Legend::default()).allow_scroll(false).allow_zoom(false).allow_drag(false).allow_boxed_zoom(false);
        ui.label("score");
        chart("ants-score-plot").show(ui, |plot| {
            for player in 0..timeline.players {
                let points: Vec<[f64; 2]> = timeline.scores[player].iter().enumerate().map(|(t, &s)| [t as f64, f64::from(s)]).collect();
                plot.line(Line::new(format!("{player}"), points).color(colour(player)));
            }
            plot.vline(VLine::new("turn", turn as f64).color(theme::HINT));
        });
        ui.label("ants");
        chart("ants-count-plot").show(ui, |plot| {
            for player in 0..timeline.players {
                let points: Vec<[f64; 2]> = timeline.ant_counts[player].iter().enumerate().map(|(t, &n)| [t as f64, f64::from(n)]).collect();
                plot.line(Line::new(format!("{player}"), points).color(colour(player)));
            }
            plot.vline(VLine::new("turn", turn as f64).color(theme::HINT));
        });
    }

    fn new_game_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let label = ui.label("map file");
            ui.add(egui::TextEdit::singleline(&mut self.state.map_path).desired_width(150.0).hint_text("empty: a generated map")).labelled_by(label.id);
            if ui.button("…").on_hover_text("choose a map file").clicked()
                && let Some(path) = rfd::FileDialog::new().add_filter("map", &["map", "txt"]).pick_file()
            {
                self.state.map_path = path.display().to_string();
            }
        });
        if self.state.map_path.trim().is_empty() {
            ui.horizontal(|ui| {
                let label = ui.label("players");
                ui.add(egui::DragValue::new(&mut self.state.players).range(2..=10)).labelled_by(label.id);
                let label = ui.label("hills");
                ui.add(egui::DragValue::new(&mut self.state.hills).range(1..=9)).labelled_by(label.id);
                let label = ui.label("seed");
                ui.add(egui::DragValue::new(&mut self.state.seed)).labelled_by(label.id);
            });
            ui.horizontal(|ui| {
                let label = ui.label("rows");
                ui.add(egui::DragValue::new(&mut self.state.rows).range(8..=200)).labelled_by(label.id);
                let label = ui.label("columns a player");
                ui.add(egui::DragValue::new(&mut self.state.strip_cols).range(8..=200)).labelled_by(label.id);
            });
        }
        let players = if self.state.map_path.trim().is_empty() {
            self.state.players
        } else {
            std::fs::read_to_string(self.state.map_path.trim()).ok().and_then(|text| Map::parse(&text).ok()).map_or(2, |map| map.players)
        };
        for player in 0..players {
            ui.horizontal(|ui| {
                let label = ui.colored_label(colour(player), format!("bot {player}"));
                ui.add(egui::TextEdit::singleline(&mut self.state.bots[player]).desired_width(190.0))
                    .on_hover_text("builtin:hold, builtin:random, builtin:greedy, builtin:curio, or a command that speaks the official protocol")
                    .labelled_by(label.id);
            });
        }
        ui.horizontal(|ui| {
            let label = ui.label("turns");
            ui.add(egui::DragValue::new(&mut self.state.turns).range(1..=5000)).labelled_by(label.id);
            let label = ui.label("save replay to");
            ui.add(egui::TextEdit::singleline(&mut self.state.save_path).desired_width(110.0).hint_text("optional")).labelled_by(label.id);
        });
        if ui.add_enabled(self.job.is_none(), egui::Button::new("Play a new game")).clicked() {
            self.new_game(ui.ctx());
        }
    }

    fn paint(&mut self, ui: &mut egui::Ui) {
        self.drawn = None;
        let Some(loaded) = self.loaded.clone() else {
            ui.centered_and_justified(|ui| ui.label("Open a replay or play a new game."));
            return;
        };
        let timeline = &loaded.timeline;
        let (rows, cols) = (timeline.rows, timeline.cols);
        let available = ui.available_size();
        let cell = (available.x / cols as f32).min(available.y / rows as f32).max(0.5);
        let size = Vec2::new(cell * cols as f32, cell * rows as f32);
        let (response, painter) = ui.allocate_painter(size, egui::Sense::hover());
        let board = response.rect;
        let turn = self.turn.min(timeline.last_turn());
        let sight = self.state.sight.filter(|&p| p < timeline.players);
        // The board (water, land, food, ants and the dimmed squares out of sight) is one image
        // a square a pixel, made again when the turn or the sight changes: thousands of ants
        // cost no more to draw than a few.
        let key = (turn, sight);
        if self.board.as_ref().is_none_or(|image| image.key != key) {
            let mut pixels: Vec<Color32> = timeline.water.iter().map(|&water| if water { WATER } else { LAND }).collect();
            for at in timeline.food_at(turn) {
                pixels[at] = FOOD;
            }
            for &(at, owner) in &timeline.frames[turn].ants {
                pixels[at as usize] = colour(owner as usize);
            }
            if let Some(player) = sight {
                for (pixel, seen) in pixels.iter_mut().zip(timeline.sight(turn, player)) {
                    if !seen {
                        let [r, g, b, _] = pixel.to_array();
                        *pixel = Color32::from_rgb(dim(r), dim(g), dim(b));
                    }
                }
            }
            let version = self.board.as_ref().map_or(0, |image| image.version + 1);
            let fill = match self.board.take().map(|image| image.fill) {
                _ if self.gpu => BoardFill::Gpu(Arc::new(pixels)),
                Some(BoardFill::Egui(mut handle)) => {
                    handle.set(board_image(cols, rows, pixels), egui::TextureOptions::NEAREST);
                    BoardFill::Egui(handle)
                }
                _ => BoardFill::Egui(ui.ctx().load_texture(
                    "ants-board",
                    board_image(cols, rows, pixels),
                    egui::TextureOptions::NEAREST,
                )),
            };
            self.board = Some(BoardImage { key, version, fill });
        }
        if let Some(image) = &self.board {
            self.drawn = Some(board);
            match &image.fill {
                BoardFill::Egui(handle) => {
                    let uv = Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0));
                    painter.image(handle.id(), board, uv, Color32::WHITE);
                }
                BoardFill::Gpu(colours) => {
                    let callback = board::BoardCallback {
                        origin: board.min,
                        cell,
                        size: [cols as u32, rows as u32],
                        colours: Arc::clone(colours),
                        version: image.version,
                    };
                    board::paint(&painter, board.intersect(ui.clip_rect()), callback);
                }
            }
        }
        let square = |at: usize| -> Rect {
            let (r, c) = (at / cols, at % cols);
            Rect::from_min_size(board.min + Vec2::new(c as f32 * cell, r as f32 * cell), Vec2::splat(cell))
        };
        for &(at, owner, end) in &timeline.hills {
            let standing = end.is_none_or(|end| turn < end as usize);
            let colour = if standing { colour(owner) } else { colour(owner).gamma_multiply(0.3) };
            painter.circle_stroke(square(at).center(), cell * 0.9, Stroke::new((cell * 0.25).max(1.0), colour));
        }
        for &(at, owner) in &timeline.frames[turn].dead {
            let rect = square(at as usize);
            let stroke = Stroke::new((cell * 0.2).max(1.0), colour(owner as usize));
            painter.line_segment([rect.left_top(), rect.right_bottom()], stroke);
            painter.line_segment([rect.right_top(), rect.left_bottom()], stroke);
        }
        for at in timeline.razed_on(turn) {
            painter.circle_stroke(square(at).center(), cell * 2.5, Stroke::new((cell * 0.3).max(1.5), theme::SELECTED));
        }
        painter.rect_stroke(board, 0.0, Stroke::new(1.0, theme::CANVAS_BORDER), egui::StrokeKind::Outside);
    }
}

/// The board of one turn as seen by one player (or by all), one colour a square.
struct BoardImage {
    /// The turn and sight shown.
    key: (usize, Option<usize>),
    /// Changes with every new image, so the GPU uploads each once.
    version: u64,
    fill: BoardFill,
}

/// The squares' colours, as the board is drawn.
enum BoardFill {
    /// Row by row, for the GPU pipeline.
    Gpu(Arc<Vec<Color32>>),
    /// As an egui texture, where there is no adapter.
    Egui(egui::TextureHandle),
}

/// An egui image of a board's colours.
fn board_image(cols: usize, rows: usize, pixels: Vec<Color32>) -> egui::ColorImage {
    egui::ColorImage { size: [cols, rows], pixels, source_size: Vec2::new(cols as f32, rows as f32) }
}

impl Panel for AntsPanel {
    fn is_busy(&self) -> bool {
        self.job.is_some() || self.reopen
    }

    fn logic(&mut self, ctx: &egui::Context) {
        if std::mem::take(&mut self.reopen) {
            self.open(ctx);
        }
        self.collect();
        self.tick(ctx);
        self.state.turn = self.turn;
        self.state.playing = self.playing;
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Ants");
        ui.label("The 2011 AI Challenge, by the official rules: watch a replay, or play bots against each other.");
        ui.separator();
        egui::ScrollArea::vertical().id_salt("ants-controls").show(ui, |ui| {
            ui.horizontal(|ui| {
                let label = ui.label("replay");
                ui.add(egui::TextEdit::singleline(&mut self.state.replay_path).desired_width(150.0)).labelled_by(label.id);
                if ui.button("…").on_hover_text("choose a replay").clicked()
                    && let Some(path) = rfd::FileDialog::new().add_filter("replay", &["replay", "json"]).pick_file()
                {
                    self.state.replay_path = path.display().to_string();
                }
                if ui.add_enabled(self.job.is_none(), egui::Button::new("Open")).clicked() {
                    self.resume_turn = 0;
                    self.open(ui.ctx());
                }
            });
            egui::CollapsingHeader::new("New game").id_salt("ants-new-game").show(ui, |ui| self.new_game_ui(ui));
            if let Some(job) = &self.job {
                job_progress(ui, job);
            }
            match &self.message {
                Some(Ok(text)) => {
                    ui.colored_label(theme::SUCCESS, text);
                }
                Some(Err(text)) => {
                    ui.colored_label(theme::ERROR, text);
                }
                None => {}
            }
            ui.separator();
            self.playback_ui(ui);
        });
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        self.paint(ui);
    }

    fn opaque_canvas(&self) -> Option<Rect> {
        self.drawn
    }
}

/// What Ants adds: `curio ants`, its panel, and the fuzz targets of maps and replays.
pub const DOMAIN: Domain = Domain {
    name: "ants",
    about: "Ants: the 2011 AI Challenge engine, its bot protocol and replays, Curio's bots.",
    commands: CommandGroup::of::<curio_cli::ants::AntsArgs>(),
    panels: &[PanelEntry::of::<AntsPanel>()],
    merges: &[Merge { command: "ants tournament", merge: curio_cli::ants::merge_tournament }],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[
        FuzzTarget { name: "ants-map", reads: "Ants map files (ants play --map)", run: curio_cli::ants::fuzz_map },
        FuzzTarget { name: "ants-replay", reads: "Ants replays (ants replay, --food-from, the panel's Open)", run: curio_cli::ants::fuzz_replay },
    ],
    opens: &[Opener {
        kind: "an Ants replay",
        panel: AntsPanel::KEY,
        accepts: |name, text| {
            (name.ends_with(".replay") || text.contains("\"replaydata\"")) && Replay::parse(text).is_ok()
        },
        open: |panel, path, _| panel_of::<AntsPanel>(panel).open_replay(path),
    }],
};
