//! Two-player games behind one interface ([`Game`]), players generic over it ([`players`]:
//! random, flat Monte Carlo, UCT Monte Carlo tree search, alpha-beta) and round-robin
//! tournaments between named players with ratings ([`tournament`]).
//!
//! A game implements [`Game`] in its own crate (Connect-4, Go on a board without lines) and may
//! add players only it has (Connect-4's perfect player) through [`Game::player`]. Everything
//! here is deterministic given a seed: a player draws its randomness from the [`Rng`] it is
//! handed, and a tournament seeds each game from its number.

pub mod players;
pub mod tournament;

pub use players::{AlphaBeta, FlatMonteCarlo, Player, RandomPlayer, Uct, flat_rates, uct_visits};
pub use tournament::{
    PairTally, PlayerSpec, Rating, SpecError, Tally, Tournament, play_game, play_shard, ratings,
};

/// The random number generator every player and playout draws from.
pub type Rng = rand_pcg::Pcg64Mcg;

/// A seeded [`Rng`].
pub fn rng(seed: u64) -> Rng {
    <Rng as rand::SeedableRng>::seed_from_u64(seed)
}

/// Who moves: the side that opened the game or the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Side {
    /// The side that moves first (Connect-4's first player, Go's Black).
    First,
    /// The side that moves second.
    Second,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// This side won.
    Win(Side),
    /// Neither did.
    Draw,
}

impl Outcome {
    /// What the game is worth to `side`: 1 a win, ½ a draw, 0 a loss.
    pub fn value_for(self, side: Side) -> f64 {
        match self {
            Outcome::Win(winner) if winner == side => 1.0,
            Outcome::Win(_) => 0.0,
            Outcome::Draw => 0.5,
        }
    }
}

/// A two-player game of alternating moves that ends in a win or a draw.
///
/// A value is a position together with whatever history the rules need; players copy it
/// (`Clone`) to look ahead, so a copy should be cheap. Only moves from [`Game::moves`] and
/// [`Game::random_move`] are ever played.
pub trait Game: Clone + Send + Sync + 'static {
    /// A move.
    type Move: Copy + PartialEq + std::fmt::Debug + Send + Sync + 'static;

    /// The side to move.
    fn to_move(&self) -> Side;

    /// The moves a search considers, in a fixed order (best first when the game knows a good
    /// order); empty exactly when the game is over.
    fn moves(&self) -> Vec<Self::Move>;

    /// Plays a move from [`Game::moves`] or [`Game::random_move`].
    fn play(&mut self, step: Self::Move);

    /// The outcome once the game is over, `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// A hash of the position and whatever else decides the legal moves (for transposition
    /// tables).
    fn hash(&self) -> u64;

    /// The move a random player makes, a legal one but not always one of [`Game::moves`] (a
    /// game whose moves are a sample of a larger set draws from all of it); by default one of
    /// [`Game::moves`], uniformly. `None` when the game is over.
    fn random_move(&self, rng: &mut Rng) -> Option<Self::Move> {
        use rand::RngExt;
        let moves = self.moves();
        (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
    }

    /// The end of a game of random moves from here (Monte Carlo's playout); a game may play a
    /// faster or capped one.
    fn playout(&self, rng: &mut Rng) -> Outcome {
        let mut game = self.clone();
        loop {
            if let Some(outcome) = game.outcome() {
                return outcome;
            }
            match game.random_move(rng) {
                Some(step) => game.play(step),
                None => return Outcome::Draw,
            }
        }
    }

    /// A heuristic value of the position for the side to move, in -1 (lost) to 1 (won), for
    /// alpha-beta's leaves; `None` when the game has none (alpha-beta is then not offered).
    fn evaluate(&self) -> Option<f64> {
        None
    }

    /// The move as a person reads it (Connect-4's column number, Go's point).
    fn move_text(&self, step: Self::Move) -> String;

    /// A player only this game has, by its name (`perfect`), or `None`.
    fn player(name: &str) -> Option<Box<dyn Player<Self>>> {
        let _ = name;
        None
    }

    /// The names [`Game::player`] knows, with a line on each.
    fn player_names() -> &'static [(&'static str, &'static str)] {
        &[]
    }
}
