//! The Connect-4 panel: play against the perfect solver, flat Monte Carlo (the write-up's
//! method), a random player or another person; beside the board, each column's solved score
//! next to flat Monte Carlo's win rate, so one sees where random playouts mislead, and the
//! principal variation. The opponent's move and the analysis run in the background, with
//! progress and Cancel.

use crate::background;
use crate::domain::Domain;
use crate::panels::{Family, Panel, PanelEntry, PanelType, Settings};
use crate::theme;
use crate::widgets::job_progress;
use ::arena::{Player, PlayerSpec};
use ::connect4::{Game, HEIGHT, Outcome, Solver, WIDTH};
use curio_cli::facets::CommandGroup;
use curio_core::jobs::Job;
use curio_core::progress::Cancelled;
use eframe::egui::{self, Color32, Pos2, Rect, Stroke, Vec2};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex};

/// Who plays the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opponent {
    /// The strong solver: the first best column (early in a game, where a column's search
    /// passes the play budget (4,194,304 positions), the centre-most such column unless a solved
    /// one wins).
    Perfect,
    /// Flat Monte Carlo: random playouts after each column, the best win rate.
    FlatMonteCarlo,
    /// UCT Monte Carlo tree search with the same playouts in all as flat Monte Carlo.
    Uct,
    /// A random column.
    Random,
    /// Another person at the same screen.
    Person,
}

impl Opponent {
    /// Every opponent, in the menu's order.
    pub const ALL: [Opponent; 5] =
        [Opponent::Perfect, Opponent::FlatMonteCarlo, Opponent::Uct, Opponent::Random, Opponent::Person];

    /// The arena's player for this opponent with `playouts` a column (`None` for a person).
    pub fn player(self, playouts: u32) -> Option<PlayerSpec> {
        match self {
            Opponent::Perfect => Some(PlayerSpec::Named("perfect".to_string())),
            Opponent::FlatMonteCarlo => Some(PlayerSpec::Flat(playouts)),
            Opponent::Uct => Some(PlayerSpec::Uct(playouts)),
            Opponent::Random => Some(PlayerSpec::Random),
            Opponent::Person => None,
        }
    }

    /// The name in the menu.
    pub fn label(self) -> &'static str {
        match self {
            Opponent::Perfect => "perfect (solver)",
            Opponent::FlatMonteCarlo => "flat Monte Carlo",
            Opponent::Uct => "UCT tree search",
            Opponent::Random => "random",
            Opponent::Person => "another person",
        }
    }
}

/// The most random playouts a column the panel runs.
pub const MAX_PLAYOUTS: u32 = 100_000;

/// Persisted settings and the game in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Connect4PanelState {
    /// The game so far: the columns played, 1-based.
    pub moves: String,
    /// Who plays the other side.
    pub opponent: Opponent,
    /// Whether the person at the screen moves first (red).
    pub person_first: bool,
    /// Random playouts a column, for the flat Monte Carlo player and the analysis.
    pub playouts: u32,
    /// Whether the solved scores, the win rates and the principal variation are shown.
    pub analysis: bool,
    /// The seed of the random players.
    pub seed: u64,
}

impl Default for Connect4PanelState {
    fn default() -> Self {
        Self {
            moves: String::new(),
            opponent: Opponent::Perfect,
            person_first: true,
            playouts: 1000,
            analysis: true,
            seed: 1,
        }
    }
}

impl Settings for Connect4PanelState {
    fn sanitize(&mut self) {
        self.playouts = self.playouts.clamp(1, MAX_PLAYOUTS);
        if Game::parse(&self.moves).is_err() {
            self.moves.clear();
        }
    }
}

/// What the analysis found for one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The position analysed (the game's text).
    pub moves: String,
    /// Each column's exact score for the side to move (`None`: full, or unsolved).
    pub scores: [Option<i32>; WIDTH],
    /// The columns whose search went past the budget (the first moves of a game).
    pub unsolved: [bool; WIDTH],
    /// Each column's flat Monte Carlo win rate for the side to move.
    pub rates: [Option<f64>; WIDTH],
    /// The principal variation, 0-based columns (empty while a column is unsolved).
    pub line: Vec<usize>,
}

/// A computer opponent and the spec it was made from.
type KeptPlayer = (PlayerSpec, Box<dyn Player<Game>>);

/// The panel.
pub struct Connect4Panel {
    /// Persisted settings and the game's moves.
    pub state: Connect4PanelState,
    /// The game.
    pub game: Game,
    /// The latest analysis (of the game's position when its `moves` match).
    pub analysis: Option<Analysis>,
    /// Text typed to load a position.
    pub typed: String,
    /// The last message (a bad position typed, a copied position).
    pub message: Option<String>,
    opponent_job: Option<Job<Result<(String, usize), Cancelled>>>,
    analysis_job: Option<Job<Result<Analysis, Cancelled>>>,
    /// The opponent, made on its first move and kept while the setting stays (the perfect
    /// player keeps its 64 MB table), shared with the job that moves for it.
    opponent_player: Arc<Mutex<Option<KeptPlayer>>>,
    /// The analysis's solver (allocated on first use), apart from the opponent's so that both
    /// can run at once.
    analysis_solver: Arc<Mutex<Option<Solver>>>,
    /// Moves the random players have made, mixed into their seeds.
    draws: u64,
}

impl PanelType for Connect4Panel {
    const KEY: &'static str = "connect4";
    const TITLE: &'static str = "Connect-4";
    const FAMILY: Family = Family::Games;
    type State = Connect4PanelState;

    fn new(state: Connect4PanelState, _gpu_adapter: Option<&str>) -> Self {
        let game = Game::parse(&state.moves).unwrap_or_default();
        Self {
            typed: game.text(),
            state,
            game,
            analysis: None,
            message: None,
            opponent_job: None,
            analysis_job: None,
            opponent_player: Arc::default(),
            analysis_solver: Arc::default(),
            draws: 0,
        }
    }

    fn state(&self) -> &Connect4PanelState {
        &self.state
    }
}

/// `work` with the solver in `slot`, made on first use.
fn with_solver<T>(slot: &Mutex<Option<Solver>>, work: impl FnOnce(&mut Solver) -> T) -> T {
    let mut guard = slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    work(guard.get_or_insert_with(Solver::new))
}

impl Connect4Panel {
    /// Whether the person (or, against another person, either side) moves now.
    pub fn person_to_move(&self) -> bool {
        let person = if self.state.person_first { 1 } else { 2 };
        self.state.opponent == Opponent::Person || self.game.to_move() == person
    }

    /// Plays `column` (0-based) for the side to move, when the game allows it.
    pub fn play(&mut self, column: usize) {
        if self.game.play(column).is_ok() {
            self.moved();
        }
    }

    /// Starts a new game.
    pub fn new_game(&mut self) {
        self.game = Game::new();
        self.moved();
    }

    /// Takes back the last move, and the opponent's before it, back to the person's turn.
    pub fn undo(&mut self) {
        if let Some(job) = &self.opponent_job {
            job.cancel();
        }
        self.opponent_job = None;
        self.game.undo();
        if !self.person_to_move() {
            self.game.undo();
        }
        self.moved();
    }

    /// Loads the position typed (a game whose last move may win).
    pub fn load_typed(&mut self) {
        match Game::parse(self.typed.trim()) {
            Ok(game) => {
                self.game = game;
                self.message = None;
                self.moved();
            }
            Err(error) => self.message = Some(format!("cannot load '{}': {error}", self.typed.trim())),
        }
    }

    /// After any change of the game: keep it, stop work for the old position.
    fn moved(&mut self) {
        self.state.moves = self.game.text();
        self.typed = self.state.moves.clone();
        if let Some(job) = self.analysis_job.take() {
            job.cancel();
        }
        if self.analysis.as_ref().is_some_and(|analysis| analysis.moves != self.state.moves) {
            self.analysis = None;
        }
    }

    /// Starts the opponent's move or the analysis when they are due.
    fn start_work(&mut self, ctx: &egui::Context) {
        let over = self.game.outcome().is_some();
        if !over && !self.person_to_move() && self.opponent_job.is_none() {
            let game = self.game.clone();
            let moves = self.game.text();
            let Some(spec) = self.state.opponent.player(self.state.playouts) else { return };
            let seed = self.state.seed ^ self.draws.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            self.draws += 1;
            let kept = Arc::clone(&self.opponent_player);
            let spawned = background::spawn(ctx, "curio-connect4-opponent", move |reporter| {
                let mut rng = ::arena::rng(seed);
                // The panel keeps its opponent (the perfect player's table) from move to move.
                let mut guard = kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                if guard.as_ref().is_none_or(|(kept, _)| *kept != spec) {
                    *guard = Some((spec.clone(), spec.build::<Game>()));
                }
                let (_, player) = guard.as_mut().expect("set above");
                Ok((moves, player.choose(&game, &mut rng, reporter)?))
            });
            match spawned {
                Ok(job) => self.opponent_job = Some(job),
                Err(error) => self.message = Some(format!("cannot start the opponent: {error}")),
            }
        }
        let analysed = self.analysis.as_ref().is_some_and(|analysis| analysis.moves == self.state.moves);
        if self.state.analysis && !over && !analysed && self.analysis_job.is_none() {
            let game = self.game.clone();
            let position = *self.game.position();
            let moves = self.game.text();
            let playouts = self.state.playouts;
            let seed = self.state.seed;
            let solver = Arc::clone(&self.analysis_solver);
            let spawned = background::spawn(ctx, "curio-connect4-analysis", move |reporter| {
                let mut rng = ::arena::rng(seed);
                let mut rates = [None; WIDTH];
                for (column, rate) in ::arena::flat_rates(&game, playouts, &mut rng, reporter)? {
                    rates[column] = Some(rate);
                }
                with_solver(&solver, |solver| {
                    let found = solver.solve_columns_within(&position, ::connect4::PLAY_BUDGET, reporter)?;
                    let line = if found.unsolved.contains(&true) {
                        Vec::new()
                    } else {
                        solver.principal_variation(&position, 12, reporter)?
                    };
                    Ok(Analysis { moves, scores: found.scores, unsolved: found.unsolved, rates, line })
                })
            });
            match spawned {
                Ok(job) => self.analysis_job = Some(job),
                Err(error) => self.message = Some(format!("cannot start the analysis: {error}")),
            }
        }
    }

    /// Takes in finished work.
    fn collect(&mut self) {
        match background::finished(&mut self.opponent_job, "the opponent") {
            Some(Ok((moves, column))) if moves == self.game.text() => self.play(column),
            Some(Err(failed)) => self.message = Some(failed),
            _ => {}
        }
        if let Some(result) = self.analysis_job.as_mut().and_then(|job| job.poll()) {
            self.analysis_job = None;
            match result {
                Ok(Ok(analysis)) => self.analysis = Some(analysis),
                Ok(Err(Cancelled)) => {
                    // Cancelled from the panel: leave the analysis off until asked again.
                    if self.analysis.is_none() {
                        self.state.analysis = false;
                    }
                }
                Err(panicked) => self.message = Some(format!("the analysis failed: {panicked}")),
            }
        }
    }

    /// The analysis of the position on the board, if done.
    pub fn current_analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref().filter(|analysis| analysis.moves == self.state.moves)
    }

    /// One line on how the game stands.
    pub fn status(&self) -> String {
        let name = |player: u8| if player == 1 { "Red" } else { "Yellow" };
        match self.game.outcome() {
            Some(Outcome::Won(player)) => format!("{} wins in {} moves", name(player), self.game.moves().len()),
            Some(Outcome::Draw) => "A draw: the board is full".to_string(),
            None if self.opponent_job.is_some() => format!("{} ({}) is thinking…", name(self.game.to_move()), self.state.opponent.label()),
            None => format!("{} to move (move {})", name(self.game.to_move()), self.game.moves().len() + 1),
        }
    }
}

/// Red (first player) and yellow (second).
const RED: Color32 = Color32::from_rgb(0xd6, 0x3a, 0x2f);
const YELLOW: Color32 = Color32::from_rgb(0xf2, 0xc4, 0x1b);
const BOARD_BLUE: Color32 = Color32::from_rgb(0x1f, 0x4e, 0xa8);

/// Draws `game` on `board` (a rect of 7 x 6 square cells): the discs, the winning four ringed,
/// the column numbers below.
pub fn draw_board(painter: &egui::Painter, board: Rect, game: &Game) {
    let cell = board.width() / WIDTH as f32;
    painter.rect_filled(board, cell * 0.12, BOARD_BLUE);
    let winning = game.winning_line();
    for column in 0..WIDTH {
        for row in 0..HEIGHT {
            let center = Pos2::new(board.min.x + (column as f32 + 0.5) * cell, board.max.y - (row as f32 + 0.5) * cell);
            let fill = match game.stone(column, row) {
                1 => RED,
                2 => YELLOW,
                _ => theme::CANVAS_BACKGROUND,
            };
            painter.circle_filled(center, cell * 0.4, fill);
            if winning.contains(&(column, row)) {
                painter.circle_stroke(center, cell * 0.42, Stroke::new((cell * 0.08).max(2.0), Color32::WHITE));
            }
        }
        painter.text(
            Pos2::new(board.min.x + (column as f32 + 0.5) * cell, board.max.y + 4.0),
            egui::Align2::CENTER_TOP,
            (column + 1).to_string(),
            egui::FontId::proportional(14.0),
            theme::HINT,
        );
    }
}

/// A score as words for the side to move.
fn score_words(score: i32) -> &'static str {
    match score.signum() {
        1 => "wins",
        -1 => "loses",
        _ => "draws",
    }
}

impl Panel for Connect4Panel {
    fn is_busy(&self) -> bool {
        self.opponent_job.is_some() || self.analysis_job.is_some()
    }

    fn logic(&mut self, _ctx: &egui::Context) {
        self.collect();
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Connect-4");
        ui.label("Drop discs; four in a row wins. Click a column to play.");
        ui.separator();
        egui::Grid::new("connect4-settings").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("opponent");
            egui::ComboBox::from_id_salt("connect4-opponent")
                .selected_text(self.state.opponent.label())
                .show_ui(ui, |ui| {
                    for opponent in Opponent::ALL {
                        ui.selectable_value(&mut self.state.opponent, opponent, opponent.label());
                    }
                })
                .response
                .labelled_by(label.id);
            ui.end_row();
            ui.label("you play");
            ui.horizontal(|ui| {
                ui.radio_value(&mut self.state.person_first, true, "first (red)");
                ui.radio_value(&mut self.state.person_first, false, "second (yellow)");
            });
            ui.end_row();
            let label = ui.label("playouts a column");
            ui.add(egui::Slider::new(&mut self.state.playouts, 1..=MAX_PLAYOUTS).logarithmic(true))
                .on_hover_text("random games played after each column, by the flat Monte Carlo player and the analysis")
                .labelled_by(label.id);
            ui.end_row();
        });
        ui.horizontal(|ui| {
            if ui.button("New game").clicked() {
                self.new_game();
            }
            if ui.add_enabled(!self.game.moves().is_empty(), egui::Button::new("Undo")).clicked() {
                self.undo();
            }
        });
        ui.label(egui::RichText::new(self.status()).strong());
        if let Some(job) = &self.opponent_job {
            job_progress(ui, job);
        }
        ui.separator();
        ui.horizontal(|ui| {
            let label = ui.label("position");
            let response = ui.add(egui::TextEdit::singleline(&mut self.typed).desired_width(150.0)).labelled_by(label.id);
            if ui.button("Load").clicked() || (response.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter))) {
                self.load_typed();
            }
            if ui.button("Copy").on_hover_text("copy the moves, 1-based columns (Pons's notation)").clicked() {
                ui.ctx().copy_text(self.game.text());
                self.message = Some(format!("copied '{}'", self.game.text()));
            }
        });
        if let Some(message) = &self.message {
            ui.label(egui::RichText::new(message).color(theme::HINT));
        }
        ui.separator();
        ui.checkbox(&mut self.state.analysis, "analysis: solved scores, Monte Carlo win rates, best line");
        if let Some(job) = &self.analysis_job {
            job_progress(ui, job);
        }
        if let Some(analysis) = self.current_analysis() {
            let line: String = analysis.line.iter().map(|column| char::from(b'1' + *column as u8)).collect();
            let best = ::connect4::best_column(&analysis.scores);
            let monte = ::connect4::best_rate(&analysis.rates);
            if analysis.unsolved.contains(&true) {
                ui.label(
                    egui::RichText::new("'?': too early in the game to solve within about 4 million positions a column")
                        .color(theme::HINT),
                );
            } else if let Some(column) = best {
                let score = analysis.scores[column].unwrap_or(0);
                ui.label(format!(
                    "Best column {}: the side to move {} (score {score}). Best line: {}",
                    column + 1,
                    score_words(score),
                    if line.is_empty() { "-".to_string() } else { line }
                ));
            }
            if let (Some(best), Some(monte)) = (best, monte)
                && let (Some(top), Some(theirs)) = (analysis.scores[best], analysis.scores[monte])
                && top != theirs
            {
                let verdict = if top.signum() != theirs.signum() {
                    format!("it {}: random playouts mislead here", score_words(theirs))
                } else {
                    format!("the same result by a smaller margin (score {theirs} against {top})")
                };
                ui.label(
                    egui::RichText::new(format!(
                        "Flat Monte Carlo prefers column {} ({:.0}%): {verdict}.",
                        monte + 1,
                        analysis.rates[monte].unwrap_or(0.0) * 100.0,
                    ))
                    .color(theme::HINT),
                );
            }
        }
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        // New work starts only while the panel is shown: a hidden panel keeps the cores free.
        self.start_work(ui.ctx());
        let Some(rect) = crate::panels::canvas_rect(ui) else { return };
        let response = ui.allocate_rect(rect, egui::Sense::click());
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 4.0, theme::CANVAS_BACKGROUND);
        // Two rows of labels above the board (score, win rate) and column numbers below.
        let label_height = 40.0;
        // Room on both sides for the row labels ("score", "MC") left of the board.
        let side = 48.0;
        let cell = ((rect.width() - 2.0 * side - 16.0) / WIDTH as f32)
            .min((rect.height() - 2.0 * label_height - 16.0) / HEIGHT as f32)
            .max(8.0);
        let board = Rect::from_center_size(
            rect.center() + Vec2::new(0.0, label_height / 2.0 - 10.0),
            Vec2::new(cell * WIDTH as f32, cell * HEIGHT as f32),
        );
        let column_at = |pos: Pos2| {
            ((pos.x - board.min.x) / cell).floor() as isize
        };
        let hovered = response.hover_pos().map(column_at).filter(|column| (0..WIDTH as isize).contains(column));
        let can_play = self.game.outcome().is_none() && self.person_to_move() && self.opponent_job.is_none();
        if can_play && let Some(column) = hovered {
            painter.rect_filled(
                Rect::from_min_size(Pos2::new(board.min.x + column as f32 * cell, board.min.y), Vec2::new(cell, board.height())),
                0.0,
                Color32::from_rgba_unmultiplied(255, 255, 255, 40),
            );
        }
        draw_board(&painter, board, &self.game);
        if let Some(analysis) = self.current_analysis() {
            for column in 0..WIDTH {
                let x = board.min.x + (column as f32 + 0.5) * cell;
                if analysis.unsolved[column] {
                    painter.text(Pos2::new(x, board.min.y - label_height), egui::Align2::CENTER_TOP, "?", egui::FontId::proportional(16.0), theme::HINT);
                }
                if let Some(score) = analysis.scores[column] {
                    let color = match score.signum() {
                        1 => Color32::from_rgb(0x2e, 0x9e, 0x4f),
                        -1 => Color32::from_rgb(0xc0, 0x39, 0x2b),
                        _ => Color32::GRAY,
                    };
                    painter.text(Pos2::new(x, board.min.y - label_height), egui::Align2::CENTER_TOP, score.to_string(), egui::FontId::proportional(16.0), color);
                }
                if let Some(rate) = analysis.rates[column] {
                    painter.text(
                        Pos2::new(x, board.min.y - label_height / 2.0),
                        egui::Align2::CENTER_TOP,
                        format!("{:.0}%", rate * 100.0),
                        egui::FontId::proportional(13.0),
                        theme::HINT,
                    );
                }
            }
            painter.text(
                Pos2::new(board.min.x - 6.0, board.min.y - label_height),
                egui::Align2::RIGHT_TOP,
                "score",
                egui::FontId::proportional(12.0),
                theme::HINT,
            );
            painter.text(
                Pos2::new(board.min.x - 6.0, board.min.y - label_height / 2.0),
                egui::Align2::RIGHT_TOP,
                "MC",
                egui::FontId::proportional(12.0),
                theme::HINT,
            );
        }
        if response.clicked() && can_play && let Some(column) = hovered {
            self.play(column as usize);
        }
    }
}

/// What Connect-4 adds: `curio connect4`, its panel.
pub const DOMAIN: Domain = Domain {
    name: "connect4",
    about: "Connect-4 solved perfectly: scores in Pons's convention, a timed check, a game in the terminal.",
    commands: CommandGroup::of::<curio_cli::connect4::Connect4Args>(),
    panels: &[PanelEntry::of::<Connect4Panel>()],
    merges: &[],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[curio_cli::fuzz::Target {
        name: "connect4-position",
        reads: "Connect-4 positions and games (connect4 solve, the panel's Load)",
        run: curio_cli::connect4::fuzz_position,
    }],
    opens: &[],
};
