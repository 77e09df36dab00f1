//! Connect-4 in the arena: the game behind [`arena::Game`] (moves centre first, the bitboard's
//! random playout, an evaluation for alpha-beta) and the player only Connect-4 has, `perfect`.

use super::game::{Game, Outcome, random_playout};
use super::position::{HEIGHT, WIDTH};
use super::solver::{CENTRE_FIRST, PLAY_BUDGET, Solver};
use arena::{Player, Rng, Side};
use curio_core::progress::{Cancelled, Progress};

/// The players only Connect-4 has.
pub const PLAYERS: &[(&str, &str)] = &[(
    "perfect",
    "the strong solver: the best solved column, each column's search capped at PLAY_BUDGET positions (the centre-most unsolved column when none solved wins)",
)];

fn side(player: u8) -> Side {
    if player == 1 { Side::First } else { Side::Second }
}

impl arena::Game for Game {
    type Move = usize;

    fn to_move(&self) -> Side {
        side(Game::to_move(self))
    }

    fn moves(&self) -> Vec<usize> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        CENTRE_FIRST.iter().copied().filter(|&column| self.position().can_play(column)).collect()
    }

    fn play(&mut self, step: usize) {
        Game::play(self, step).expect("a move from moves()");
    }

    fn outcome(&self) -> Option<arena::Outcome> {
        Game::outcome(self).map(|outcome| match outcome {
            Outcome::Won(player) => arena::Outcome::Win(side(player)),
            Outcome::Draw => arena::Outcome::Draw,
        })
    }

    fn hash(&self) -> u64 {
        self.position().key()
    }

    fn random_move(&self, rng: &mut Rng) -> Option<usize> {
        if self.outcome().is_some() {
            return None;
        }
        super::game::random_column(self.position(), rng)
    }

    fn playout(&self, rng: &mut Rng) -> arena::Outcome {
        if let Some(outcome) = arena::Game::outcome(self) {
            return outcome;
        }
        let mover = arena::Game::to_move(self);
        match random_playout(self.position(), rng) {
            0 => arena::Outcome::Draw,
            1 => arena::Outcome::Win(mover),
            _ => arena::Outcome::Win(mover.other()),
        }
    }

    fn evaluate(&self) -> Option<f64> {
        Some(evaluate(self))
    }

    fn move_text(&self, step: usize) -> String {
        (step + 1).to_string()
    }

    fn player(name: &str) -> Option<Box<dyn Player<Self>>> {
        (name == "perfect").then(|| Box::new(Perfect::default()) as Box<dyn Player<Self>>)
    }

    fn player_names() -> &'static [(&'static str, &'static str)] {
        PLAYERS
    }
}

/// The evaluation for alpha-beta: over every line of four cells that holds stones of one side
/// only, 1, 4 or 16 points for one, two or three of them, the side to move's minus the
/// other's, squashed into -1 to 1.
pub fn evaluate(game: &Game) -> f64 {
    let me = Game::to_move(game);
    let mut points = 0i32;
    for column in 0..WIDTH as isize {
        for row in 0..HEIGHT as isize {
            for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                let end = (column + 3 * dx, row + 3 * dy);
                if !(0..WIDTH as isize).contains(&end.0) || !(0..HEIGHT as isize).contains(&end.1) {
                    continue;
                }
                let (mut mine, mut theirs) = (0, 0);
                for k in 0..4 {
                    match game.stone((column + k * dx) as usize, (row + k * dy) as usize) {
                        0 => {}
                        stone if stone == me => mine += 1,
                        _ => theirs += 1,
                    }
                }
                let weight = |count: u32| [0, 1, 4, 16, 0][count as usize];
                if theirs == 0 {
                    points += weight(mine);
                } else if mine == 0 {
                    points -= weight(theirs);
                }
            }
        }
    }
    (f64::from(points) / 64.0).tanh()
}

/// The perfect player: each column solved by the strong solver within [`PLAY_BUDGET`]
/// positions, and [`ColumnScores::choice`](super::ColumnScores::choice) of them.
pub struct Perfect {
    solver: Box<Solver>,
}

impl Default for Perfect {
    fn default() -> Self {
        Self { solver: Box::new(Solver::new()) }
    }
}

impl Player<Game> for Perfect {
    fn choose(
        &mut self,
        game: &Game,
        _rng: &mut Rng,
        progress: &mut dyn Progress,
    ) -> Result<usize, Cancelled> {
        let mut progress = progress;
        let scores = self.solver.solve_columns_within(game.position(), PLAY_BUDGET, &mut progress)?;
        Ok(scores.choice().expect("a game that is not over has a column with room"))
    }
}
