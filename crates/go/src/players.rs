//! Go in the arena: a game capped at a number of moves behind [`arena::Game`], its moves the
//! tree search's candidates ([`ai::candidates`](super::ai::candidates)), its playouts the AI's
//! (capped, scored by area on a 32 x 32 grid), its evaluation the area score.

use super::ai::{candidates, playout, random_legal};
use super::game::{Game, score};
use super::geometry::{DEFAULT_RADIUS, Point};
use super::position::Colour;
use arena::{Outcome, Rng, Side};

/// Moves a game of the arena lasts at most before it is scored (passes included).
pub const ARENA_MOVES: usize = 300;
/// Moves a playout plays before it is scored.
pub const PLAYOUT_MOVES: usize = 40;

/// A game of Go that ends after two passes in a row or `max_moves` moves, then scored by area.
#[derive(Clone, Debug)]
pub struct CappedGame {
    /// The game under the rules.
    pub game: Game,
    /// Moves it lasts at most.
    pub max_moves: usize,
    outcome: Option<Outcome>,
}

impl CappedGame {
    /// A new game with stones of `radius`, `komi` for White, ending after `max_moves` moves.
    pub fn new(radius: i64, komi: f64, max_moves: usize) -> Option<CappedGame> {
        let geometry = super::game_geometry(radius)?;
        Some(CappedGame { game: Game::new(geometry, komi), max_moves: max_moves.max(1), outcome: None })
    }
}

impl Default for CappedGame {
    /// The default board and komi, [`ARENA_MOVES`] moves.
    fn default() -> Self {
        CappedGame::new(DEFAULT_RADIUS, crate::KOMI.default, ARENA_MOVES)
            .expect("the default radius is in range")
    }
}

fn side(colour: Colour) -> Side {
    if colour == Colour::Black { Side::First } else { Side::Second }
}

fn outcome_of(winner: Option<Colour>) -> Outcome {
    winner.map_or(Outcome::Draw, |colour| Outcome::Win(side(colour)))
}

impl arena::Game for CappedGame {
    /// A point, or `None` to pass.
    type Move = Option<Point>;

    fn to_move(&self) -> Side {
        side(self.game.to_move)
    }

    fn moves(&self) -> Vec<Option<Point>> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut moves: Vec<Option<Point>> = candidates(&self.game.position)
            .into_iter()
            .filter(|step| step.is_none_or(|at| self.game.is_legal(at)))
            .collect();
        if moves.is_empty() {
            moves.push(None);
        }
        moves
    }

    fn play(&mut self, step: Option<Point>) {
        match step {
            Some(at) if self.game.play(at).is_ok() => {}
            _ => self.game.pass(),
        }
        if self.game.is_over() || self.game.moves.len() >= self.max_moves {
            self.outcome = Some(outcome_of(self.game.score().winner()));
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn hash(&self) -> u64 {
        self.game.position.hash() ^ u64::from(self.game.to_move == Colour::White)
    }

    fn random_move(&self, rng: &mut Rng) -> Option<Option<Point>> {
        self.outcome.is_none().then(|| random_legal(&self.game, rng))
    }

    fn playout(&self, rng: &mut Rng) -> Outcome {
        if let Some(outcome) = self.outcome {
            return outcome;
        }
        let moves = PLAYOUT_MOVES.min(self.max_moves - self.game.moves.len());
        outcome_of(playout(self.game.position.clone(), self.game.to_move, self.game.komi, moves, rng))
    }

    fn evaluate(&self) -> Option<f64> {
        let score = score(&self.game.position, self.game.komi, 32);
        let lead = if self.game.to_move == Colour::Black {
            score.black - score.white
        } else {
            score.white - score.black
        };
        Some((lead / 256.0).tanh())
    }

    fn move_text(&self, step: Option<Point>) -> String {
        step.map_or_else(|| "pass".to_string(), |at| format!("{},{}", at.x, at.y))
    }
}
