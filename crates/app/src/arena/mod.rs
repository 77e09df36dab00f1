//! The Arena panel: a round robin between named players of Connect-4 or Go (the players of
//! `curio arena`), run in the background with progress and Cancel, its table of pairs and its
//! ratings kept across restarts; and a live game between any two players, move by move, each
//! move thought in the background.

use crate::background;
use crate::domain::Domain;
use crate::panels::{Family, Panel, PanelEntry, PanelType, Settings};
use crate::theme;
use crate::widgets::job_progress;
use ::arena::{Game, PlayerSpec, Tally};
use curio_cli::arena::{ArenaGame, ArenaJob};
use curio_cli::facets::{CommandGroup, Merge};
use curio_core::jobs::Job;
use curio_core::progress::Cancelled;
use curio_core::shard::Shard;
use eframe::egui::{self, Rect, Vec2};
use serde::{Deserialize, Serialize};

/// Most games a pair the panel plays.
pub const MAX_GAMES: u64 = 10_000;

/// The players a game starts with in the panel.
pub fn default_players(game: ArenaGame) -> &'static str {
    match game {
        ArenaGame::Connect4 => "random,flat:200,uct:200,alphabeta:4",
        ArenaGame::Go => "random,flat:2,uct:2",
        ArenaGame::Conquest => "random,greedy,uct:2",
    }
}

/// A finished round robin.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArenaResult {
    /// What was played.
    pub job: ArenaJob,
    /// The pairs' games.
    pub tally: Tally,
    /// Seconds it took.
    pub seconds: f64,
}

/// Persisted settings and the last result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ArenaPanelState {
    /// The game.
    pub game: ArenaGame,
    /// The players, comma-separated (`random,flat:200,perfect`).
    pub players: String,
    /// Games each pair plays.
    pub games: u64,
    /// Seed of the games.
    pub seed: u64,
    /// The live game's first player (moves first).
    pub live_first: String,
    /// The live game's second player.
    pub live_second: String,
    /// The last round robin that finished.
    pub result: Option<ArenaResult>,
}

impl Default for ArenaPanelState {
    fn default() -> Self {
        Self {
            game: ArenaGame::Connect4,
            players: default_players(ArenaGame::Connect4).to_string(),
            games: 10,
            seed: 1,
            live_first: "flat:200".to_string(),
            live_second: "uct:200".to_string(),
            result: None,
        }
    }
}

impl Settings for ArenaPanelState {
    fn sanitize(&mut self) {
        self.games = self.games.clamp(1, MAX_GAMES);
    }
}

/// The game of a live game.
#[derive(Clone, Debug)]
pub enum LiveGame {
    /// Connect-4.
    Connect4(::connect4::Game),
    /// Go, capped.
    Go(::go::CappedGame),
    /// Conquest.
    Conquest(::conquest::Battle),
}

/// A move of a live game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LiveMove {
    /// A column, 0-based.
    Connect4(usize),
    /// A point or a pass.
    Go(Option<::go::Point>),
    /// A step of a turn.
    Conquest(::conquest::Step),
}

/// A new game of Conquest with the built-in rules and squads.
fn new_battle() -> ::conquest::Battle {
    ::conquest::Battle::standard(crate::conquest::rules())
}

impl LiveGame {
    fn new(game: ArenaGame) -> LiveGame {
        match game {
            ArenaGame::Connect4 => LiveGame::Connect4(::connect4::Game::new()),
            ArenaGame::Go => LiveGame::Go(::go::CappedGame::default()),
            ArenaGame::Conquest => LiveGame::Conquest(new_battle()),
        }
    }

    /// How it ended, if it has.
    pub fn outcome(&self) -> Option<::arena::Outcome> {
        match self {
            LiveGame::Connect4(game) => Game::outcome(game),
            LiveGame::Go(game) => game.outcome(),
            LiveGame::Conquest(game) => Game::outcome(game),
        }
    }

    /// The side to move.
    pub fn to_move(&self) -> ::arena::Side {
        match self {
            LiveGame::Connect4(game) => Game::to_move(game),
            LiveGame::Go(game) => game.to_move(),
            LiveGame::Conquest(game) => Game::to_move(game),
        }
    }

    /// Moves played.
    pub fn moves(&self) -> usize {
        match self {
            LiveGame::Connect4(game) => game.moves().len(),
            LiveGame::Go(game) => game.game.moves.len(),
            LiveGame::Conquest(game) => game.turn as usize,
        }
    }

    fn play(&mut self, step: LiveMove) -> Option<String> {
        match (self, step) {
            (LiveGame::Connect4(game), LiveMove::Connect4(column)) => {
                let text = game.move_text(column);
                Game::play(game, column);
                Some(text)
            }
            (LiveGame::Go(game), LiveMove::Go(point)) => {
                let text = game.move_text(point);
                game.play(point);
                Some(text)
            }
            (LiveGame::Conquest(game), LiveMove::Conquest(step)) => {
                let text = game.step_text(step);
                game.play(step);
                Some(text)
            }
            _ => None,
        }
    }
}

/// A live game: the game, its two players, and the moves as text.
pub struct Live {
    /// The game so far.
    pub game: LiveGame,
    /// The players, the first side's first.
    pub players: [PlayerSpec; 2],
    /// The moves played, as a person reads them.
    pub log: Vec<String>,
    seed: u64,
}

/// A move chosen by `spec` for `game` in the background.
fn choose_in_background<G: Game>(
    ctx: &egui::Context,
    game: G,
    spec: PlayerSpec,
    seed: u64,
    wrap: fn(G::Move) -> LiveMove,
) -> std::io::Result<Job<Result<LiveMove, Cancelled>>> {
    background::spawn(ctx, "curio-arena-move", move |reporter| {
        let mut player = spec.build::<G>();
        let mut rng = ::arena::rng(seed);
        player.choose(&game, &mut rng, reporter).map(wrap)
    })
}

/// The panel.
pub struct ArenaPanel {
    /// Persisted settings and the last result.
    pub state: ArenaPanelState,
    /// The live game, if one was started.
    pub live: Option<Live>,
    /// The last message (a bad player's name).
    pub message: Option<String>,
    /// The ratings of the last result (computed when it arrives).
    pub ratings: std::collections::BTreeMap<String, ::arena::Rating>,
    tournament: Option<Job<Result<ArenaResult, Cancelled>>>,
    live_job: Option<Job<Result<LiveMove, Cancelled>>>,
}

impl PanelType for ArenaPanel {
    const KEY: &'static str = "arena";
    const TITLE: &'static str = "Arena";
    const FAMILY: Family = Family::Games;
    type State = ArenaPanelState;

    fn new(state: ArenaPanelState, _gpu_adapter: Option<&str>) -> Self {
        let ratings = state.result.as_ref().map(|result| ::arena::ratings(&result.tally)).unwrap_or_default();
        Self { state, live: None, message: None, ratings, tournament: None, live_job: None }
    }

    fn state(&self) -> &ArenaPanelState {
        &self.state
    }
}

/// The job the settings name, checked with the game's players.
fn job_of(state: &ArenaPanelState) -> Result<ArenaJob, String> {
    let players: Vec<String> =
        state.players.split(',').map(str::trim).filter(|name| !name.is_empty()).map(str::to_string).collect();
    let job = ArenaJob {
        game: state.game,
        players,
        games: state.games,
        seed: state.seed,
        max_moves: ::go::players::ARENA_MOVES,
        radius: ::go::DEFAULT_RADIUS,
        rules: None,
    };
    job.tournament().map(|_| job).map_err(|error| error.message())
}

/// The spec `name` is for `game`.
fn spec_of(game: ArenaGame, name: &str) -> Result<PlayerSpec, String> {
    let parsed = match game {
        ArenaGame::Connect4 => PlayerSpec::parse(name.trim(), &::connect4::Game::new(), game.name()),
        ArenaGame::Go => PlayerSpec::parse(name.trim(), &::go::CappedGame::default(), game.name()),
        ArenaGame::Conquest => PlayerSpec::parse(name.trim(), &new_battle(), game.name()),
    };
    parsed.map_err(|error| error.to_string())
}

impl ArenaPanel {
    /// Starts the round robin of the settings, or names what is wrong with them.
    pub fn start_tournament(&mut self, ctx: &egui::Context) {
        if self.tournament.is_some() {
            return;
        }
        let job = match job_of(&self.state) {
            Ok(job) => job,
            Err(message) => {
                self.message = Some(message);
                return;
            }
        };
        self.message = None;
        let spawned = background::spawn(ctx, "curio-arena", move |reporter| {
            let started = std::time::Instant::now();
            let tally = job.play(Shard::WHOLE, reporter).expect("checked by job_of")?;
            Ok(ArenaResult { job, tally, seconds: started.elapsed().as_secs_f64() })
        });
        match spawned {
            Ok(job) => self.tournament = Some(job),
            Err(error) => self.message = Some(format!("cannot start the round robin: {error}")),
        }
    }

    /// Starts a live game between the two live players, or names what is wrong with them.
    pub fn start_live(&mut self) {
        let specs = spec_of(self.state.game, &self.state.live_first)
            .and_then(|first| spec_of(self.state.game, &self.state.live_second).map(|second| [first, second]));
        match specs {
            Ok(players) => {
                if let Some(job) = self.live_job.take() {
                    job.cancel();
                }
                self.live = Some(Live { game: LiveGame::new(self.state.game), players, log: Vec::new(), seed: self.state.seed });
                self.message = None;
            }
            Err(message) => self.message = Some(message),
        }
    }

    /// Stops the live game where it is.
    pub fn stop_live(&mut self) {
        if let Some(job) = self.live_job.take() {
            job.cancel();
        }
        self.live = None;
    }

    /// Starts the next move of the live game when it is due.
    fn step_live(&mut self, ctx: &egui::Context) {
        let Some(live) = &self.live else { return };
        if self.live_job.is_some() || live.game.outcome().is_some() {
            return;
        }
        let side = usize::from(live.game.to_move() == ::arena::Side::Second);
        let spec = live.players[side].clone();
        let seed = curio_core::stats::game_seed(live.seed, live.game.moves() as u64);
        let spawned = match &live.game {
            LiveGame::Connect4(game) => choose_in_background(ctx, game.clone(), spec, seed, LiveMove::Connect4),
            LiveGame::Go(game) => choose_in_background(ctx, game.clone(), spec, seed, LiveMove::Go),
            LiveGame::Conquest(game) => choose_in_background(ctx, game.clone(), spec, seed, LiveMove::Conquest),
        };
        match spawned {
            Ok(job) => self.live_job = Some(job),
            Err(error) => self.message = Some(format!("cannot start the player: {error}")),
        }
    }

    /// Takes in finished work.
    fn collect(&mut self) {
        match background::finished(&mut self.tournament, "the round robin") {
            Some(Ok(result)) => {
                self.ratings = ::arena::ratings(&result.tally);
                self.state.result = Some(result);
            }
            Some(Err(failed)) => self.message = Some(failed),
            None => {}
        }
        match background::finished(&mut self.live_job, "the player") {
            Some(Ok(step)) => {
                if let Some(live) = &mut self.live
                    && let Some(text) = live.game.play(step)
                {
                    live.log.push(text);
                }
            }
            Some(Err(failed)) => {
                self.message = Some(failed);
                self.live = None;
            }
            None => {}
        }
    }

    /// One line on the live game.
    pub fn live_status(&self) -> Option<String> {
        let live = self.live.as_ref()?;
        let name = |side: ::arena::Side| live.players[usize::from(side == ::arena::Side::Second)].name();
        Some(match live.game.outcome() {
            Some(::arena::Outcome::Win(side)) => format!("{} wins in {} moves", name(side), live.game.moves()),
            Some(::arena::Outcome::Draw) => format!("a draw after {} moves", live.game.moves()),
            None => format!("move {}: {} is thinking…", live.game.moves() + 1, name(live.game.to_move())),
        })
    }

    fn results_ui(&self, ui: &mut egui::Ui) {
        let ratings = &self.ratings;
        let Some(result) = &self.state.result else {
            ui.label(egui::RichText::new("No round robin played yet: name the players and press Run.").color(theme::HINT));
            return;
        };
        ui.label(format!(
            "{}: {} games a pair, seed {}, {} games in {:.1} s",
            result.job.game.name(),
            result.job.games,
            result.job.seed,
            result.tally.games(),
            result.seconds
        ));
        egui::Grid::new("arena-pairs").striped(true).spacing([12.0, 4.0]).show(ui, |ui| {
            for heading in ["pair", "wins", "draws", "losses", "score of the first", "95% interval"] {
                ui.label(egui::RichText::new(heading).strong());
            }
            ui.end_row();
            for pair in &result.tally.pairs {
                let (score, [low, high]) = pair.a_score();
                ui.label(format!("{} vs {}", pair.a, pair.b));
                ui.label(pair.a_wins.to_string());
                ui.label(pair.draws.to_string());
                ui.label(pair.b_wins.to_string());
                ui.label(format!("{:.1}%", 100.0 * score));
                ui.label(format!("{:.1}-{:.1}%", 100.0 * low, 100.0 * high));
                ui.end_row();
            }
        });
        ui.add_space(6.0);
        let thinking = curio_cli::arena::seconds_a_move(&result.tally);
        let mut by_rating: Vec<_> = ratings.iter().collect();
        by_rating.sort_by(|a, b| b.1.rating.total_cmp(&a.1.rating));
        egui::Grid::new("arena-ratings").striped(true).spacing([12.0, 4.0]).show(ui, |ui| {
            for heading in ["player", "rating", "95% interval", "seconds a move"] {
                ui.label(egui::RichText::new(heading).strong());
            }
            ui.end_row();
            for (name, rating) in by_rating {
                ui.label(name);
                ui.label(format!("{:.0}", rating.rating));
                ui.label(format!("{:.0}-{:.0}", rating.low, rating.high));
                ui.label(format!("{:.3}", thinking.get(name).copied().unwrap_or(0.0)));
                ui.end_row();
            }
        });
    }
}

impl Panel for ArenaPanel {
    fn is_busy(&self) -> bool {
        self.tournament.is_some() || self.live_job.is_some()
    }

    fn logic(&mut self, ctx: &egui::Context) {
        self.collect();
        self.step_live(ctx);
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Arena");
        ui.label("Round robins between players of a two-player game, rated; and a live game between any two.");
        ui.separator();
        let game_before = self.state.game;
        egui::Grid::new("arena-settings").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("game");
            egui::ComboBox::from_id_salt("arena-game")
                .selected_text(self.state.game.name())
                .show_ui(ui, |ui| {
                    for game in [ArenaGame::Connect4, ArenaGame::Go, ArenaGame::Conquest] {
                        ui.selectable_value(&mut self.state.game, game, game.name());
                    }
                })
                .response
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("players");
            ui.add(egui::TextEdit::multiline(&mut self.state.players).desired_rows(2).desired_width(220.0))
                .on_hover_text("comma-separated: random, flat:N, uct:N, alphabeta:D, and Connect-4's perfect")
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("games a pair");
            ui.add(egui::DragValue::new(&mut self.state.games).range(1..=MAX_GAMES)).labelled_by(label.id);
            ui.end_row();
            let label = ui.label("seed");
            ui.add(egui::DragValue::new(&mut self.state.seed)).labelled_by(label.id);
            ui.end_row();
        });
        if self.state.game != game_before {
            self.state.players = default_players(self.state.game).to_string();
            self.stop_live();
        }
        ui.horizontal(|ui| {
            if ui.add_enabled(self.tournament.is_none(), egui::Button::new("Run round robin")).clicked() {
                self.start_tournament(ui.ctx());
            }
        });
        if let Some(job) = &self.tournament {
            job_progress(ui, job);
        }
        if let Some(message) = &self.message {
            ui.label(egui::RichText::new(message).color(theme::ERROR));
        }
        ui.separator();
        ui.label(egui::RichText::new("Live game").strong());
        egui::Grid::new("arena-live").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("first");
            ui.add(egui::TextEdit::singleline(&mut self.state.live_first).desired_width(140.0)).labelled_by(label.id);
            ui.end_row();
            let label = ui.label("second");
            ui.add(egui::TextEdit::singleline(&mut self.state.live_second).desired_width(140.0)).labelled_by(label.id);
            ui.end_row();
        });
        ui.horizontal(|ui| {
            if ui.button("Play live game").clicked() {
                self.start_live();
            }
            if ui.add_enabled(self.live.is_some(), egui::Button::new("Stop")).clicked() {
                self.stop_live();
            }
        });
        if let Some(status) = self.live_status() {
            ui.label(egui::RichText::new(status).strong());
        }
        if let Some(job) = &self.live_job {
            job_progress(ui, job);
        }
        if let Some(live) = &self.live {
            let recent: Vec<&str> = live.log.iter().rev().take(12).rev().map(String::as_str).collect();
            ui.label(egui::RichText::new(format!("moves: {}", recent.join(" "))).color(theme::HINT));
        }
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let Some(rect) = crate::panels::canvas_rect(ui) else { return };
        egui::ScrollArea::vertical().id_salt("arena-results").max_height(rect.height() * 0.45).show(ui, |ui| {
            self.results_ui(ui);
        });
        ui.separator();
        let Some(rest) = crate::panels::canvas_rect(ui) else { return };
        let Some(live) = &self.live else {
            ui.label(egui::RichText::new("Press Play live game to watch two players here.").color(theme::HINT));
            if self.state.result.is_some()
                && let Some(chart) = crate::panels::canvas_rect(ui)
            {
                draw_ratings(&ui.painter_at(chart), chart, &self.ratings);
            }
            return;
        };
        let painter = ui.painter_at(rest);
        match &live.game {
            LiveGame::Connect4(game) => {
                let cell = (rest.width() / ::connect4::WIDTH as f32)
                    .min((rest.height() - 24.0) / ::connect4::HEIGHT as f32)
                    .max(4.0);
                let size = Vec2::new(cell * ::connect4::WIDTH as f32, cell * ::connect4::HEIGHT as f32);
                let board = Rect::from_center_size(rest.center() - Vec2::new(0.0, 10.0), size);
                crate::connect4::draw_board(&painter, board, game);
            }
            LiveGame::Go(game) => {
                let side = rest.width().min(rest.height());
                crate::go::draw_stones(&painter, Rect::from_center_size(rest.center(), Vec2::splat(side)), &game.game);
            }
            LiveGame::Conquest(game) => {
                let side = rest.width().min(rest.height());
                crate::conquest::draw_battle(&painter, Rect::from_center_size(rest.center(), Vec2::splat(side)), game);
            }
        }
        ui.allocate_rect(rest, egui::Sense::hover());
    }
}

/// Draws each player's rating as a dot on its 95% interval, best first, on a shared scale.
fn draw_ratings(painter: &egui::Painter, rect: Rect, ratings: &std::collections::BTreeMap<String, ::arena::Rating>) {
    let mut rows: Vec<_> = ratings.iter().collect();
    rows.sort_by(|a, b| b.1.rating.total_cmp(&a.1.rating));
    if rows.is_empty() {
        return;
    }
    let low = rows.iter().map(|(_, rating)| rating.low).fold(f64::INFINITY, f64::min);
    let high = rows.iter().map(|(_, rating)| rating.high).fold(f64::NEG_INFINITY, f64::max);
    let (low, high) = ((low / 100.0).floor() * 100.0, (high / 100.0).ceil() * 100.0);
    let row_height = (rect.height() / (rows.len() + 2) as f32).clamp(12.0, 30.0);
    let names = 130.0;
    let left = rect.min.x + names;
    let width = (rect.width() - names - 60.0).max(10.0);
    let x_of = |value: f64| left + ((value - low) / (high - low).max(1.0)) as f32 * width;
    let font = egui::FontId::proportional(13.0);
    let top = rect.min.y + 12.0;
    painter.text(egui::pos2(rect.min.x, top), egui::Align2::LEFT_TOP, "rating, 95% interval", font.clone(), theme::HINT);
    for (index, (name, rating)) in rows.iter().enumerate() {
        let y = top + (index as f32 + 1.5) * row_height;
        painter.text(egui::pos2(rect.min.x, y), egui::Align2::LEFT_CENTER, name.as_str(), font.clone(), egui::Color32::LIGHT_GRAY);
        let stroke = egui::Stroke::new(2.0, theme::SELECTED);
        painter.line_segment([egui::pos2(x_of(rating.low), y), egui::pos2(x_of(rating.high), y)], stroke);
        painter.circle_filled(egui::pos2(x_of(rating.rating), y), 5.0, theme::SELECTED);
        painter.text(
            egui::pos2(x_of(rating.high) + 8.0, y),
            egui::Align2::LEFT_CENTER,
            format!("{:.0}", rating.rating),
            font.clone(),
            egui::Color32::LIGHT_GRAY,
        );
    }
    let axis = top + (rows.len() as f32 + 1.2) * row_height;
    painter.line_segment([egui::pos2(left, axis), egui::pos2(left + width, axis)], egui::Stroke::new(1.0, theme::HINT));
    let step = (((high - low) / 5.0 / 100.0).ceil() * 100.0).max(100.0);
    let mut tick = low;
    while tick <= high + 0.5 {
        painter.text(egui::pos2(x_of(tick), axis + 3.0), egui::Align2::CENTER_TOP, format!("{tick:.0}"), font.clone(), theme::HINT);
        tick += step;
    }
}

/// What the arena adds: `curio arena`, its panel and the merge of its shards.
pub const DOMAIN: Domain = Domain {
    name: "arena",
    about: "Round robins between players of two-player games (random, flat Monte Carlo, UCT, alpha-beta, perfect), rated.",
    commands: CommandGroup::of::<curio_cli::arena::ArenaArgs>(),
    panels: &[PanelEntry::of::<ArenaPanel>()],
    merges: &[Merge { command: "arena", merge: curio_cli::arena::merge_arena }],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[],
    opens: &[],
};
