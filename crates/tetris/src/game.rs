//! The rules of a game, seeded piece generators, one game step by step, and whole games played
//! by a policy.

use super::board::{Board, Placement, SizeError};
use super::piece::Piece;
use super::policy::{Choice, Policy};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// How pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Generator {
    /// Each piece independently and uniformly (the research benchmark).
    #[default]
    Uniform,
    /// Each run of seven is a shuffled set of all seven pieces (the modern guideline).
    Bag,
}

impl Generator {
    /// Both generators.
    pub const ALL: [Generator; 2] = [Generator::Uniform, Generator::Bag];

    /// The generator's name.
    pub fn name(&self) -> &'static str {
        match self {
            Generator::Uniform => "uniform",
            Generator::Bag => "7-bag",
        }
    }
}

/// The rules of a game: board size, piece generator, and whether drops must be reachable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Rules {
    /// Columns (4..=20).
    pub width: usize,
    /// Rows (4..=40).
    pub height: usize,
    /// How pieces are drawn.
    pub generator: Generator,
    /// Only drops a piece can reach by sliding at the top (see [`Board::reachable_placements`]).
    pub reachability: bool,
}

impl Rules {
    /// The research benchmark on a `width` × `height` board: uniform pieces, any straight drop.
    pub fn benchmark(width: usize, height: usize) -> Result<Self, SizeError> {
        Board::new(width, height)?;
        Ok(Self { width, height, generator: Generator::Uniform, reachability: false })
    }

    /// An empty board of these rules.
    pub fn board(&self) -> Result<Board, SizeError> {
        Board::new(self.width, self.height)
    }
}

/// A seeded piece generator.
#[derive(Clone, Debug)]
pub struct Pieces {
    generator: Generator,
    random: Pcg64Mcg,
    bag: Vec<Piece>,
}

impl Pieces {
    /// The generator's sequence for `seed`.
    pub fn new(generator: Generator, seed: u64) -> Self {
        Self { generator, random: Pcg64Mcg::seed_from_u64(seed), bag: Vec::with_capacity(7) }
    }

    /// The next piece.
    pub fn draw(&mut self) -> Piece {
        match self.generator {
            Generator::Uniform => Piece::ALL[self.random.random_range(0..7)],
            Generator::Bag => {
                if self.bag.is_empty() {
                    self.bag.extend(Piece::ALL);
                    // Fisher-Yates, drawn from the back.
                    for index in (1..7).rev() {
                        let other = self.random.random_range(0..=index);
                        self.bag.swap(index, other);
                    }
                }
                self.bag.pop().unwrap_or(Piece::I)
            }
        }
    }
}

/// The GA write-up's score for rows cleared at once (Nintendo's table), without the point per piece.
pub fn line_score(lines: u8) -> u64 {
    match lines {
        0 => 0,
        1 => 40,
        2 => 120,
        3 => 300,
        _ => 1200,
    }
}

/// One piece played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// The piece.
    pub piece: Piece,
    /// Where it went.
    pub placement: Placement,
    /// The policy's choice (the drop, its value, the placements scored).
    pub choice: Choice,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    board: Board,
    pieces: Pieces,
    current: Piece,
    next: Piece,
    /// Rows cleared so far.
    pub lines: u64,
    /// Pieces placed so far.
    pub pieces_placed: u64,
    /// The GA write-up's score: 40/120/300/1200 for 1/2/3/4 rows at once, plus 1 a piece.
    pub score: u64,
    /// Placements scored so far.
    pub evaluations: u64,
    over: bool,
}

impl Game {
    /// A new game under `rules` with the pieces of `seed`.
    pub fn new(rules: Rules, seed: u64) -> Result<Self, SizeError> {
        let board = rules.board()?;
        let mut pieces = Pieces::new(rules.generator, seed);
        let current = pieces.draw();
        let next = pieces.draw();
        Ok(Self {
            rules,
            board,
            pieces,
            current,
            next,
            lines: 0,
            pieces_placed: 0,
            score: 0,
            evaluations: 0,
            over: false,
        })
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The piece to place now.
    pub fn current(&self) -> Piece {
        self.current
    }

    /// The piece after it.
    pub fn next(&self) -> Piece {
        self.next
    }

    /// True once the game has ended.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Plays the current piece where `policy` chooses; `None` once the game is over.
    pub fn step(&mut self, policy: &Policy) -> Option<Step> {
        if self.over {
            return None;
        }
        let piece = self.current;
        let Some(choice) = policy.choose(&self.board, piece, Some(self.next), self.rules.reachability) else {
            self.over = true;
            return None;
        };
        self.evaluations += choice.evaluations;
        self.pieces_placed += 1;
        self.score += 1;
        if choice.drop.game_over {
            self.over = true;
        } else {
            self.board = choice.drop.after;
            self.lines += choice.drop.lines as u64;
            self.score += line_score(choice.drop.lines);
            self.current = self.next;
            self.next = self.pieces.draw();
        }
        Some(Step { piece, placement: choice.placement, choice })
    }
}

/// The end of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameResult {
    /// Rows cleared.
    pub lines: u64,
    /// Pieces placed.
    pub pieces: u64,
    /// The GA write-up's score.
    pub score: u64,
    /// Placements scored.
    pub evaluations: u64,
    /// The game reached the piece cap (or was stopped) before it ended.
    pub capped: bool,
}

/// How often a game checks `stop`.
const STOP_CHECK_PIECES: u64 = 4096;

/// Plays a whole game of `policy` under `rules` with the pieces of `seed`, up to `max_pieces`
/// pieces; `stop` is asked every few thousand pieces and ends the game early (capped) when true.
pub fn play_game(
    policy: &Policy,
    rules: Rules,
    seed: u64,
    max_pieces: Option<u64>,
    stop: &dyn Fn() -> bool,
) -> Result<GameResult, SizeError> {
    let mut game = Game::new(rules, seed)?;
    let cap = max_pieces.unwrap_or(u64::MAX);
    let mut capped = false;
    while !game.is_over() {
        if game.pieces_placed >= cap
            || (game.pieces_placed % STOP_CHECK_PIECES == 0 && game.pieces_placed > 0 && stop())
        {
            capped = true;
            break;
        }
        game.step(policy);
    }
    Ok(GameResult {
        lines: game.lines,
        pieces: game.pieces_placed,
        score: game.score,
        evaluations: game.evaluations,
        capped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Preset;

    #[test]
    fn generators_are_seeded_and_bags_hold_each_piece_once() {
        let draw = |generator, seed| -> Vec<Piece> {
            let mut pieces = Pieces::new(generator, seed);
            (0..70).map(|_| pieces.draw()).collect()
        };
        assert_eq!(draw(Generator::Uniform, 3), draw(Generator::Uniform, 3));
        assert_ne!(draw(Generator::Uniform, 3), draw(Generator::Uniform, 4));
        for bag in draw(Generator::Bag, 9).chunks(7) {
            let mut sorted = bag.to_vec();
            sorted.sort_by_key(|piece| *piece as usize);
            assert_eq!(sorted, Piece::ALL.to_vec());
        }
        let uniform = draw(Generator::Uniform, 1);
        assert!(Piece::ALL.iter().all(|piece| uniform.contains(piece)));
    }

    #[test]
    fn a_game_is_determined_by_its_seed_and_scores_by_the_table() {
        let policy = Policy::new(Preset::named("dellacherie").unwrap().weights());
        let rules = Rules::benchmark(6, 8).unwrap();
        let first = play_game(&policy, rules, 5, None, &|| false).unwrap();
        let second = play_game(&policy, rules, 5, None, &|| false).unwrap();
        assert_eq!(first, second);
        assert!(!first.capped);
        assert!(first.score >= first.pieces + 40 * first.lines);
        // Cells are conserved: every piece adds 4, every row removes `width`.
        let mut game = Game::new(rules, 5).unwrap();
        while let Some(step) = game.step(&policy) {
            if step.choice.drop.game_over {
                break;
            }
            assert_eq!(game.board().cell_count() as u64, 4 * game.pieces_placed - 6 * game.lines);
        }
        assert_eq!(game.pieces_placed, first.pieces);
    }

    #[test]
    fn the_piece_cap_ends_a_game_early() {
        let policy = Policy::new(Preset::named("bcts").unwrap().weights());
        let result = play_game(&policy, Rules::benchmark(10, 20).unwrap(), 1, Some(500), &|| false).unwrap();
        assert_eq!(result.pieces, 500);
        assert!(result.capped);
        assert!(result.lines >= 150, "BCTS clears about 2 rows every 5 pieces: {}", result.lines);
    }
}
