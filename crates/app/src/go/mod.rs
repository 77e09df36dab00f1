//! The Go panel: a wooden board without lines. Hovering shows exactly where a stone would go
//! under the chosen placement mode (after the fallback table), with its halo and the stones and
//! edges it would touch; a click plays it. Chains are outlined, liberties and territory shown on
//! demand, captured stones fade out; undo and redo; hotseat or against the computer, whose
//! search runs in the background with progress and Cancel; games saved and loaded as text
//! records; the position exported as SVG or PNG.

use crate::domain::{Domain, Opener, panel_of};
use curio_cli::facets::{CommandGroup, Merge};
use curio_cli::fuzz::Target;
use crate::panels::PanelEntry;
use crate::panels::{Family, Panel, PanelType, Settings};
use crate::widgets::{FigureExport, Outcome, job_progress, outcome_label};
use crate::{background, theme};
use ::go::ai::{self, Strength, Thought};
use ::go::placement::{self, Mode, PlaceError, Placement, Request, Thing};
use ::go::square_roots::{Stop, babylonian, brent_fractions};
use ::go::{BOARD, Colour, Game, Move, Point, Stone, figure, game_geometry};
use curio_core::jobs::Job;
use curio_core::progress::Cancelled;
use eframe::egui::{self, Color32, Pos2, Rect, Stroke, Vec2};
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// Who plays the computer's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opponent {
    /// Two people at one board.
    #[default]
    Hotseat,
    /// The computer plays White.
    ComputerWhite,
    /// The computer plays Black.
    ComputerBlack,
}

impl Opponent {
    fn computer(self) -> Option<Colour> {
        match self {
            Opponent::Hotseat => None,
            Opponent::ComputerWhite => Some(Colour::White),
            Opponent::ComputerBlack => Some(Colour::Black),
        }
    }
}

/// Persisted settings of the Go panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GoPanelState {
    /// Stone radius of new games.
    pub radius: i64,
    /// Komi of new games (sample points).
    pub komi: f64,
    /// The placement mode clicks start with.
    pub mode: Mode,
    /// Hotseat or against the computer.
    pub opponent: Opponent,
    /// The computer's playouts a move.
    pub playouts: usize,
    /// Show chains joined.
    pub show_chains: bool,
    /// Show each stone's liberty (a free touching point).
    pub show_liberties: bool,
    /// Show the territory of the area score.
    pub show_territory: bool,
    /// The game in progress, as its record.
    pub record: String,
    /// Where Save and Load read and write records.
    pub record_path: String,
    /// Where Export writes.
    pub export_path: String,
    /// PNG size of exports.
    pub export_size: u32,
    /// The number whose square root the write-up's methods take.
    pub root_of: String,
}

impl Default for GoPanelState {
    fn default() -> Self {
        Self {
            radius: ::go::RADIUS.default,
            komi: ::go::KOMI.default,
            mode: Mode::Point,
            opponent: Opponent::ComputerWhite,
            playouts: ::go::PLAYOUTS.default,
            show_chains: true,
            show_liberties: false,
            show_territory: false,
            record: String::new(),
            record_path: "game.txt".into(),
            export_path: "go.svg".into(),
            export_size: 1600,
            root_of: "80".into(),
        }
    }
}

impl Settings for GoPanelState {
    fn sanitize(&mut self) {
        self.radius = ::go::RADIUS.clamp(self.radius);
        self.komi = ::go::KOMI.clamp(self.komi);
        self.playouts = ::go::PLAYOUTS.clamp(self.playouts);
        self.export_size = self.export_size.clamp(1, curio_core::export::MAX_PNG_SIZE);
        if !self.record.is_empty() && Game::from_record(&self.record).is_err() {
            self.record.clear();
        }
    }
}

/// The Go panel.
pub struct GoPanel {
    /// Persisted settings.
    pub state: GoPanelState,
    /// The game on the board.
    pub game: Game,
    /// Moves undone, most recent last.
    redo: Vec<Move>,
    /// What a click at the pointer would do.
    pub hover: Option<Result<Placement, PlaceError>>,
    think: Option<Job<Result<Thought, Cancelled>>>,
    /// The computer's last search.
    pub thought: Option<Thought>,
    fading: Vec<(Stone, Instant)>,
    /// The area score of the position with this hash (scored once a position, not a frame).
    score: Option<(u64, ::go::Score)>,
    /// Set when a search was cancelled: the computer waits until the next move or request.
    held: bool,
    board: Option<Rect>,
    /// The last outcome.
    pub message: Option<Outcome>,
    export: FigureExport,
    /// The three ways to find a touching point compared at the game's radius.
    pub touch_survey: Option<TouchFigures>,
    /// The comparison being worked out (at the largest radius, seconds).
    touch_job: Option<Job<Result<TouchFigures, String>>>,
    /// The current position moved to twice the resolution, and the move count it was taken at.
    pub rescaled: Option<(usize, ::go::game::Rescaled)>,
}

impl PanelType for GoPanel {
    const KEY: &'static str = "go";
    const TITLE: &'static str = "Go without lines";
    const FAMILY: Family = Family::Games;
    type State = GoPanelState;

    fn new(state: GoPanelState, _gpu_adapter: Option<&str>) -> Self {
        let game = Game::from_record(&state.record).unwrap_or_else(|_| Self::fresh_game(&state));
        Self {
            state,
            game,
            redo: Vec::new(),
            hover: None,
            think: None,
            thought: None,
            fading: Vec::new(),
            score: None,
            held: false,
            board: None,
            message: None,
            export: FigureExport::default(),
            touch_survey: None,
            touch_job: None,
            rescaled: None,
        }
    }

    fn state(&self) -> &GoPanelState {
        &self.state
    }
}

impl GoPanel {
    fn fresh_game(state: &GoPanelState) -> Game {
        let geometry = game_geometry(state.radius)
            .unwrap_or_else(|| game_geometry(::go::RADIUS.default).expect("the default radius is in range"));
        Game::new(geometry, state.komi)
    }

    /// The area score of the position on the board.
    fn current_score(&mut self) -> &::go::Score {
        let hash = self.game.position.hash();
        if self.score.as_ref().is_none_or(|(scored, _)| *scored != hash) {
            self.score = Some((hash, self.game.score()));
        }
        &self.score.as_ref().expect("just scored").1
    }

    /// Whether the computer is searching.
    pub fn is_busy_thinking(&self) -> bool {
        self.think.is_some()
    }

    /// Where the board was last drawn.
    pub fn board_rect(&self) -> Option<Rect> {
        self.board
    }

    /// The screen point of board point `p` on `board`.
    pub fn to_screen(board: Rect, p: Point) -> Pos2 {
        let scale = board.width() / (BOARD + 1) as f32;
        board.min + Vec2::new(p.x as f32, p.y as f32) * scale
    }

    /// The board point under screen point `pos`.
    pub fn to_board(board: Rect, pos: Pos2) -> Point {
        let scale = (BOARD + 1) as f32 / board.width();
        let v = (pos - board.min) * scale;
        Point::new(v.x.round() as i64, v.y.round() as i64)
    }

    /// Starts a new game with the settings' radius and komi.
    pub fn new_game(&mut self) {
        self.cancel_thinking();
        self.held = false;
        self.game = Self::fresh_game(&self.state);
        self.redo.clear();
        self.thought = None;
        self.message = None;
        self.saved();
    }

    fn saved(&mut self) {
        self.state.record = self.game.record();
    }

    fn cancel_thinking(&mut self) {
        if let Some(job) = self.think.take() {
            job.cancel();
        }
    }

    /// Plays the placement a click at `toward` asks for; returns whether a stone was placed.
    pub fn click(&mut self, toward: Point) -> bool {
        if self.think.is_some() {
            self.message = Some(Err("the computer is thinking: wait or Cancel".into()));
            return false;
        }
        if self.game.is_over() {
            self.message = Some(Err("the game is over (two passes): New game or Undo".into()));
            return false;
        }
        let request = Request { mode: self.state.mode, toward, stones: Vec::new(), edges: Vec::new() };
        match placement::place(&self.game.position, &request) {
            Ok(placed) => self.play(placed.at),
            Err(error) => {
                self.message = Some(Err(error.to_string()));
                false
            }
        }
    }

    fn play(&mut self, at: Point) -> bool {
        match self.game.play(at) {
            Ok(captured) => {
                self.held = false;
                let now = Instant::now();
                self.fading.extend(captured.iter().map(|&stone| (stone, now)));
                self.message =
                    (!captured.is_empty()).then(|| Ok(format!("{} stone(s) captured", captured.len())));
                self.redo.clear();
                self.saved();
                true
            }
            Err(error) => {
                self.message = Some(Err(error.to_string()));
                false
            }
        }
    }

    /// The side to move passes.
    pub fn pass(&mut self) {
        self.game.pass();
        self.redo.clear();
        self.saved();
        if self.game.is_over() {
            let score = self.current_score();
            self.message = Some(Ok(format!("game over: Black {} – White {}", score.black, score.white)));
        }
    }

    /// Takes back one move (against the computer: back to the person's turn).
    pub fn undo(&mut self) {
        self.cancel_thinking();
        loop {
            let Some(&last) = self.game.moves.last() else { return };
            match self.game.replayed(self.game.moves.len() - 1) {
                Ok(game) => self.game = game,
                Err(error) => {
                    self.message = Some(Err(error.to_string()));
                    return;
                }
            }
            self.redo.push(last);
            if self.state.opponent.computer() != Some(self.game.to_move) {
                break;
            }
        }
        self.saved();
    }

    /// Replays one undone move.
    pub fn redo(&mut self) {
        if let Some(step) = self.redo.pop() {
            let rest = std::mem::take(&mut self.redo);
            match step {
                Move::Place(_, at) => {
                    self.play(at);
                }
                Move::Pass(_) => self.pass(),
            }
            self.redo = rest;
        }
    }

    /// Starts the computer's search for the side to move.
    pub fn start_thinking(&mut self, ctx: &egui::Context) {
        self.held = false;
        let game = self.game.clone();
        let strength = Strength {
            playouts: self.state.playouts,
            seed: game.moves.len() as u64 + 1,
            ..Strength::default()
        };
        match background::spawn(ctx, "curio-go-think", move |reporter| ai::think(&game, strength, reporter)) {
            Ok(job) => self.think = Some(job),
            Err(error) => self.message = Some(Err(format!("cannot start the search: {error}"))),
        }
    }

    fn save_record(&mut self) {
        let path = std::path::PathBuf::from(self.state.record_path.trim());
        self.message = Some(
            curio_core::files::write_atomically(&path, self.game.record().as_bytes())
                .map(|()| format!("saved {}", path.display()))
                .map_err(|error| format!("cannot save '{}': {error}", path.display())),
        );
    }

    /// Loads the record at `path`, whose text is `text` (what Load does with the path typed,
    /// the file already read).
    pub fn open_record(&mut self, path: &std::path::Path, text: &str) {
        self.state.record_path = path.display().to_string();
        self.load_record_text(Ok(text));
    }

    fn load_record(&mut self) {
        let path = self.state.record_path.trim().to_string();
        let text = std::fs::read_to_string(&path).map_err(|error| format!("cannot read '{path}': {error}"));
        self.load_record_text(text.as_deref().map_err(Clone::clone));
    }

    /// Loads the record at the record path from its text (or the error reading it).
    fn load_record_text(&mut self, text: Result<&str, String>) {
        let path = self.state.record_path.trim().to_string();
        match text.and_then(|text| Game::from_record(text).map_err(|error| format!("{path}: {error}"))) {
            Ok(game) => {
                self.cancel_thinking();
                self.game = game;
                self.redo.clear();
                self.saved();
                self.message = Some(Ok(format!("loaded {path}")));
            }
            Err(error) => self.message = Some(Err(error)),
        }
    }
}

/// Draws the stones of `game` on `board` (a square) over the wood, the last stone placed ringed.
pub fn draw_stones(painter: &egui::Painter, board: Rect, game: &Game) {
    painter.rect_filled(board, 2.0, theme::color32(figure::WOOD));
    let scale = board.width() / (BOARD + 1) as f32;
    let radius = game.position.geometry.radius as f32 * scale;
    for stone in game.position.stones() {
        let (fill, edge) = match stone.colour {
            Colour::Black => (theme::color32(figure::BLACK), Color32::from_gray(90)),
            Colour::White => (theme::color32(figure::WHITE), Color32::from_gray(60)),
        };
        painter.circle(GoPanel::to_screen(board, stone.at), radius, fill, Stroke::new(1.0, edge));
    }
    if let Some(Move::Place(_, last)) = game.moves.iter().rev().find(|m| matches!(m, Move::Place(..))) {
        painter.circle_stroke(GoPanel::to_screen(board, *last), radius * 0.35, Stroke::new(2.0, theme::SELECTED));
    }
}

impl GoPanel {
    fn board_ui(&mut self, ui: &mut egui::Ui, rect: Rect) {
        let side = rect.width().min(rect.height());
        let board = Rect::from_center_size(rect.center(), Vec2::splat(side));
        self.board = Some(board);
        let response = ui.allocate_rect(board, egui::Sense::click());
        let painter = ui.painter_at(board);
        painter.rect_filled(board, 2.0, theme::color32(figure::WOOD));
        let scale = board.width() / (BOARD + 1) as f32;
        let radius = self.game.position.geometry.radius as f32 * scale;
        if self.state.show_territory {
            let score = self.current_score().clone();
            let samples = ::go::game::SAMPLES;
            let cell = board.width() / samples as f32;
            for (index, &owner) in score.owners.iter().enumerate() {
                if owner == 0 {
                    continue;
                }
                let centre = board.min
                    + Vec2::new((index % samples) as f32 + 0.5, (index / samples) as f32 + 0.5) * cell;
                let colour =
                    if owner == 1 { Color32::from_black_alpha(150) } else { Color32::from_white_alpha(200) };
                painter.rect_filled(Rect::from_center_size(centre, Vec2::splat(cell * 0.36)), 0.0, colour);
            }
        }
        let stones = self.game.position.stones().to_vec();
        for stone in &stones {
            let (fill, edge) = match stone.colour {
                Colour::Black => (theme::color32(figure::BLACK), Color32::from_gray(90)),
                Colour::White => (theme::color32(figure::WHITE), Color32::from_gray(60)),
            };
            painter.circle(Self::to_screen(board, stone.at), radius, fill, Stroke::new(1.0, edge));
        }
        if self.state.show_chains {
            for (a, first) in stones.iter().enumerate() {
                for second in &stones[a + 1..] {
                    if first.colour == second.colour
                        && self.game.position.geometry.connected(first.at, second.at)
                    {
                        painter.line_segment(
                            [Self::to_screen(board, first.at), Self::to_screen(board, second.at)],
                            Stroke::new((radius * 0.18).max(1.5), Color32::from_rgb(0xd0, 0x40, 0x30)),
                        );
                    }
                }
            }
        }
        if let Some(Move::Place(_, last)) =
            self.game.moves.iter().rev().find(|m| matches!(m, Move::Place(..)))
        {
            painter.circle_stroke(
                Self::to_screen(board, *last),
                radius * 0.35,
                Stroke::new(2.0, theme::SELECTED),
            );
        }
        if self.state.show_liberties {
            for (id, stone) in stones.iter().enumerate() {
                match self.game.position.free_touch(id) {
                    Some(p) => {
                        painter.circle_filled(
                            Self::to_screen(board, p),
                            (radius * 0.2).max(2.0),
                            theme::SUCCESS,
                        );
                    }
                    None => {
                        painter.circle_stroke(
                            Self::to_screen(board, stone.at),
                            radius * 0.6,
                            Stroke::new(2.0, theme::ERROR),
                        );
                    }
                }
            }
        }
        // Captured stones fade out over half a second.
        self.fading.retain(|(_, since)| since.elapsed().as_secs_f32() < 0.5);
        for (stone, since) in &self.fading {
            let alpha = 1.0 - since.elapsed().as_secs_f32() / 0.5;
            let base = if stone.colour == Colour::Black { Color32::BLACK } else { Color32::WHITE };
            painter.circle_filled(
                Self::to_screen(board, stone.at),
                radius * (1.0 + 0.5 * (1.0 - alpha)),
                base.gamma_multiply(alpha.max(0.0)),
            );
        }
        if !self.fading.is_empty() {
            ui.ctx().request_repaint();
        }
        // Hover: where a click would place, its halo, and what it touches.
        self.hover = None;
        if let Some(pointer) = response.hover_pos()
            && self.think.is_none()
            && !self.game.is_over()
        {
            let toward = Self::to_board(board, pointer);
            let request = Request { mode: self.state.mode, toward, stones: Vec::new(), edges: Vec::new() };
            let found = placement::place(&self.game.position, &request);
            match &found {
                Ok(placed) => {
                    let centre = Self::to_screen(board, placed.at);
                    let colour = if self.game.to_move == Colour::Black {
                        Color32::from_black_alpha(120)
                    } else {
                        Color32::from_white_alpha(170)
                    };
                    painter.circle_filled(centre, radius, colour);
                    painter.circle_stroke(
                        centre,
                        radius * 2.0 + scale,
                        Stroke::new(1.0, Color32::from_rgba_unmultiplied(60, 60, 200, 160)),
                    );
                    for thing in &placed.touches {
                        match *thing {
                            Thing::Stone(id) => {
                                painter.circle_stroke(
                                    Self::to_screen(board, stones[id].at),
                                    radius + 2.0,
                                    Stroke::new(2.5, Color32::from_rgb(0x30, 0x60, 0xe0)),
                                );
                            }
                            Thing::Edge(edge) => {
                                let (a, b) = match edge {
                                    ::go::Edge::Left => (board.left_top(), board.left_bottom()),
                                    ::go::Edge::Right => (board.right_top(), board.right_bottom()),
                                    ::go::Edge::Top => (board.left_top(), board.right_top()),
                                    ::go::Edge::Bottom => (board.left_bottom(), board.right_bottom()),
                                };
                                painter.line_segment(
                                    [a, b],
                                    Stroke::new(4.0, Color32::from_rgb(0x30, 0x60, 0xe0)),
                                );
                            }
                        }
                    }
                    painter.text(
                        board.left_bottom() + Vec2::new(6.0, -6.0),
                        egui::Align2::LEFT_BOTTOM,
                        format!(
                            "({}, {}) mode {}: {}",
                            placed.at.x,
                            placed.at.y,
                            placed.mode.letter(),
                            placed.mode.describe()
                        ),
                        egui::FontId::proportional(12.0),
                        Color32::BLACK,
                    );
                }
                Err(error) => {
                    painter.text(
                        board.left_bottom() + Vec2::new(6.0, -6.0),
                        egui::Align2::LEFT_BOTTOM,
                        error.to_string(),
                        egui::FontId::proportional(12.0),
                        theme::ERROR,
                    );
                }
            }
            self.hover = Some(found);
            if response.clicked() {
                self.click(toward);
            }
        }
    }
}

impl Panel for GoPanel {
    fn logic(&mut self, ctx: &egui::Context) {
        self.export.poll();
        match background::finished(&mut self.touch_job, "comparison") {
            Some(Ok(figures)) => self.touch_survey = Some(figures),
            Some(Err(message)) => self.message = Some(Err(message)),
            None => {}
        }
        if let Some(result) = background::finished(&mut self.think, "search") {
            match result {
                Ok(thought) => {
                    match thought.best {
                        Some(p) => {
                            self.play(p);
                        }
                        None => self.pass(),
                    }
                    self.thought = Some(thought);
                }
                Err(message) => {
                    self.held = true;
                    self.message = Some(Err(format!("{message}; the computer waits for Computer move")));
                }
            }
        }
        let computer_to_move = self.state.opponent.computer() == Some(self.game.to_move);
        if computer_to_move
            && !self.held
            && self.think.is_none()
            && !self.game.is_over()
            && self.redo.is_empty()
        {
            self.start_thinking(ctx);
        }
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Go without lines");
        ui.label("Stones go anywhere; two stones connect when they just touch. Hover to see where a stone would go, click to play.");
        ui.strong("Placement");
        for mode in Mode::ALL {
            ui.radio_value(&mut self.state.mode, mode, format!("{}: {}", mode.letter(), mode.describe()));
        }
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut self.state.opponent, Opponent::Hotseat, "Hotseat");
            ui.selectable_value(&mut self.state.opponent, Opponent::ComputerWhite, "Computer: White");
            ui.selectable_value(&mut self.state.opponent, Opponent::ComputerBlack, "Computer: Black");
        });
        ui.horizontal(|ui| {
            let label = ui.label("playouts a move");
            ui.add(egui::DragValue::new(&mut self.state.playouts).range(::go::PLAYOUTS.range())).labelled_by(label.id);
        });
        if let Some(job) = &self.think {
            job_progress(ui, job);
        }
        ui.horizontal_wrapped(|ui| {
            let idle = self.think.is_none();
            if ui.add_enabled(idle && !self.game.is_over(), egui::Button::new("Pass")).clicked() {
                self.pass();
            }
            if ui.add_enabled(!self.game.moves.is_empty(), egui::Button::new("Undo")).clicked() {
                self.undo();
            }
            if ui.add_enabled(idle && !self.redo.is_empty(), egui::Button::new("Redo")).clicked() {
                self.redo();
            }
            if ui.add_enabled(idle && !self.game.is_over(), egui::Button::new("Computer move")).clicked() {
                self.start_thinking(&ui.ctx().clone());
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.state.show_chains, "chains");
            ui.checkbox(&mut self.state.show_liberties, "liberties");
            ui.checkbox(&mut self.state.show_territory, "territory");
        });
        let score = self.current_score().clone();
        ui.label(format!(
            "{} to move · move {} · captures B {} W {} · area B {} W {}",
            if self.game.to_move == Colour::Black { "Black" } else { "White" },
            self.game.moves.len(),
            self.game.captures[0],
            self.game.captures[1],
            score.black,
            score.white
        ));
        if let Some(thought) = &self.thought {
            ui.label(format!(
                "computer: {} playouts in {:.2} s, win rate {:.0}%",
                thought.playouts,
                thought.seconds,
                100.0 * thought.win_rate
            ));
        }
        outcome_label(ui, self.message.as_ref());
        ui.separator();
        ui.strong("New game");
        ui.horizontal(|ui| {
            let label = ui.label("radius");
            ui.add(
                egui::DragValue::new(&mut self.state.radius)
                    .range(::go::RADIUS.range()),
            )
            .labelled_by(label.id);
            let label = ui.label("komi");
            ui.add(egui::DragValue::new(&mut self.state.komi).range(::go::KOMI.range()).speed(0.5))
                .labelled_by(label.id);
        });
        if ui.button("New game").clicked() {
            self.new_game();
        }
        ui.horizontal(|ui| {
            let label = ui.label("record");
            ui.add(egui::TextEdit::singleline(&mut self.state.record_path).desired_width(110.0))
                .labelled_by(label.id);
            if ui.button("Save").clicked() {
                self.save_record();
            }
            if ui.button("Load").clicked() {
                self.load_record();
            }
        });
        ui.separator();
        ui.strong("Export");
        if self.export.ui(ui, &mut self.state.export_path, &mut self.state.export_size) {
            let position = self.game.position.clone();
            let (territory, chains, komi) =
                (self.state.show_territory, self.state.show_chains, self.game.komi);
            self.export.start(
                &ui.ctx().clone(),
                &self.state.export_path,
                self.state.export_size,
                move || Ok(figure::scene(&position, territory, chains, komi)),
            );
        }
        ui.separator();
        egui::CollapsingHeader::new("Square roots: the write-up's methods").show(ui, |ui| {
            square_roots_ui(ui, &mut self.state.root_of);
        });
        egui::CollapsingHeader::new("Touching points: the write-up's methods").show(ui, |ui| {
            let geometry = self.game.position.geometry;
            ui.horizontal_wrapped(|ui| {
                if ui
                    .add_enabled(self.touch_job.is_none(), egui::Button::new(format!("Compare at r = {}", geometry.radius)))
                    .on_hover_text("720 clicks round a stone: the exact touching point, Eq. 3-5, the talk page's octant table; and where a third stone touches two")
                    .clicked()
                {
                    let work = move |_: &mut curio_core::jobs::JobReporter| {
                        Ok((::go::geometry::survey_touches(geometry, 720), ::go::geometry::pair_touches(geometry)))
                    };
                    match background::spawn(ui.ctx(), "curio-go-touches", work) {
                        Ok(job) => self.touch_job = Some(job),
                        Err(error) => self.message = Some(Err(format!("cannot start the comparison: {error}"))),
                    }
                }
                if ui
                    .button("This game at 2x the resolution")
                    .on_hover_text("every coordinate and the radius doubled: which touching stones still touch")
                    .clicked()
                {
                    self.rescaled = Some((self.game.moves.len(), ::go::game::rescaled(&self.game.position, 2)));
                }
            });
            if let Some((survey, pairs)) = &self.touch_survey {
                let share = |count: usize| 100.0 * count as f64 / survey.directions as f64;
                ui.label(format!(
                    "r = {}: the octant table gives a touching point in {:.1}% of directions, the one nearest the click in {:.1}% (at most {:.2} units farther)",
                    survey.radius,
                    share(survey.octant_touching),
                    share(survey.octant_exact),
                    survey.octant_worst_extra
                ));
                ui.label(format!(
                    "Eq. 3-5 relaxed: the nearest in {:.1}%; plain Eq. 3 finds nothing in {:.1}%",
                    share(survey.eq3_exact),
                    share(survey.eq3_plain_empty)
                ));
                let of_pairs = |count: usize| 100.0 * count as f64 / pairs.pairs.max(1) as f64;
                ui.label(format!(
                    "a third stone touching two touching stones: on both sides for {:.1}% of {} pairs, exactly one each side for {:.1}%",
                    of_pairs(pairs.both_sides),
                    pairs.pairs,
                    of_pairs(pairs.exactly_one_each)
                ));
            }
            if let Some((moves, rescaled)) = &self.rescaled {
                ui.label(format!(
                    "after move {moves}, at 2x the resolution: {} of {} touching pairs no longer touch; chains {} → {}",
                    rescaled.lost, rescaled.connections, rescaled.chains, rescaled.chains_after
                ));
            }
        });
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        if let Some(rect) = crate::panels::canvas_rect(ui) {
            self.board_ui(ui, rect);
        }
    }

    fn is_busy(&self) -> bool {
        self.think.is_some() || self.export.is_busy() || self.touch_job.is_some()
    }
}

/// The touching-point comparison and the third-stone figures of one radius.
type TouchFigures = (::go::geometry::TouchSurvey, ::go::geometry::PairTouches);

/// The integer square root of a number typed in, by Curio's method and by the write-up's
/// Babylonian iteration with each of its stopping rules, and Brent's fractions near the root
/// against their claimed error bound.
fn square_roots_ui(ui: &mut egui::Ui, text: &mut String) {
    ui.horizontal(|ui| {
        let label = ui.label("N");
        ui.add(egui::TextEdit::singleline(text).desired_width(170.0)).labelled_by(label.id);
    });
    let Ok(n) = text.trim().parse::<u64>() else {
        ui.colored_label(theme::ERROR, format!("'{}' is not a whole number from 0 to {}", text.trim(), u64::MAX));
        return;
    };
    ui.label(format!("Curio: floor(sqrt(N)) = {}", ::go::isqrt(n)));
    for (name, stop) in [
        ("Babylonian, stop at X(n+1) = X(n) or N / X(n)", Stop::EqualOrQuotient),
        ("Babylonian, stop at X(n+1) = X(n) only", Stop::Equal),
    ] {
        let found = babylonian(n, stop);
        let steps: Vec<String> = found.steps.iter().take(12).map(u64::to_string).collect();
        let more = if found.steps.len() > 12 { ", …" } else { "" };
        match found.root {
            Some(root) => ui.label(format!("{name}: {root} (X: {}{more})", steps.join(", "))),
            None => ui.colored_label(
                theme::ERROR,
                format!("{name}: never stops (X: {}{more}, then repeats)", steps.join(", ")),
            ),
        };
    }
    match brent_fractions(n, 8) {
        Some(fractions) => {
            ui.label("Brent's fractions a/b, and whether |a/b − √N| < 1/(2b²):");
            let listed: Vec<String> = fractions
                .iter()
                .map(|f| format!("{}/{} {}", f.a, f.b, if f.within() { "✓" } else { "✗" }))
                .collect();
            ui.label(listed.join("  "));
        }
        None => {
            ui.label("Brent's fractions: N is below 2 or a square, so its root is whole.");
        }
    }
}

/// What the go domain adds: `curio go`, its panel, the merges of its sharded commands and its fuzz targets.
pub const DOMAIN: Domain = Domain {
    name: "go",
    about: "Go on a board without lines: exact integer placement, capture, and a Monte Carlo player.",
    commands: CommandGroup::of::<curio_cli::go::GoArgs>(),
    panels: &[PanelEntry::of::<GoPanel>()],
    merges: &[
        Merge { command: "go selfplay", merge: curio_cli::go::merge_selfplay },
    ],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[
        Target { name: "go-record", reads: "Go game records (go place, go render, the panel)", run: curio_cli::go::fuzz_go_record },
    ],
    opens: &[Opener {
        kind: "a Go record",
        panel: GoPanel::KEY,
        accepts: |_, text| ::go::Game::from_record(text).is_ok(),
        open: |panel, path, text| panel_of::<GoPanel>(panel).open_record(path, text),
    }],
};
