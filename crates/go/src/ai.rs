//! The computer player: Monte Carlo tree search (UCT) over candidate placements, with random
//! playouts under the same rules.
//!
//! Candidates: for every stone, the touching placements in eight directions (the ring point
//! nearest each direction), plus a lattice of free points 1/12 of the board apart, plus pass;
//! only those where a stone fits. A playout plays random moves for both sides (half at a random
//! point, half touching a random stone in a random direction; up to eight tries, else a pass)
//! for at most `playout_moves` moves, then scores the position by area on a 32 x 32 grid. Playouts
//! skip the superko check (rare, and costly: it needs the history); the move chosen at the root
//! is checked under every rule.

use super::game::{Game, score};
use super::geometry::{BOARD, Point};
use super::position::{Colour, Position};
use curio_core::progress::{Cancelled, Progress, check};
use curio_core::shard::Shard;
use rand::{Rng, RngExt, SeedableRng};

/// How hard the computer thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Strength {
    /// Playouts a move.
    pub playouts: usize,
    /// Most moves a playout plays before it is scored.
    pub playout_moves: usize,
    /// Seed of the playouts.
    pub seed: u64,
}

impl Default for Strength {
    fn default() -> Self {
        Self { playouts: crate::PLAYOUTS.default, playout_moves: 40, seed: 1 }
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Thought {
    /// The move: a point, or `None` to pass.
    pub best: Option<Point>,
    /// Playouts run.
    pub playouts: usize,
    /// The chosen move's share of won playouts.
    pub win_rate: f64,
    /// Each root candidate with its visits and win rate (for the panel).
    pub candidates: Vec<(Option<Point>, u32, f64)>,
    /// Seconds spent.
    pub seconds: f64,
}

/// Candidate moves for the side to move: touching placements and a lattice of free points; a
/// pass only when neither has a point where a stone fits.
pub fn candidates(position: &Position) -> Vec<Option<Point>> {
    let mut moves = Vec::new();
    for stone in position.stones() {
        for k in 0..8 {
            let angle = -std::f64::consts::PI + std::f64::consts::FRAC_PI_4 * k as f64;
            let (dx, dy) = position.ring().toward(angle);
            let p = Point::new(stone.at.x + dx, stone.at.y + dy);
            if position.fits(p) {
                moves.push(Some(p));
            }
        }
    }
    let lattice = 12;
    for row in 0..lattice {
        for col in 0..lattice {
            let step = BOARD / lattice as i64;
            let p = Point::new(step / 2 + col as i64 * step, step / 2 + row as i64 * step);
            if position.fits(p) {
                moves.push(Some(p));
            }
        }
    }
    moves.sort_by_key(|m| m.map(|p| (p.x, p.y)));
    moves.dedup();
    // Pass only when nothing else fits.
    if moves.is_empty() {
        moves.push(None);
    }
    moves
}

/// A random move for a playout: half the time a random point, half touching a random stone.
fn random_move(position: &Position, rng: &mut impl Rng) -> Option<Point> {
    let r = position.geometry.radius;
    for _ in 0..8 {
        let stones = position.stones();
        let p = if stones.is_empty() || rng.random_bool(0.5) {
            Point::new(rng.random_range(r..=BOARD - r), rng.random_range(r..=BOARD - r))
        } else {
            let stone = stones[rng.random_range(0..stones.len())];
            let (dx, dy) =
                position.ring().toward(rng.random_range(-std::f64::consts::PI..std::f64::consts::PI));
            Point::new(stone.at.x + dx, stone.at.y + dy)
        };
        if position.fits(p) {
            return Some(p);
        }
    }
    None
}

/// Plays random moves from `position` with `to_move` first; the winner by area (komi for
/// White), `None` on a tie.
pub fn playout(
    mut position: Position,
    mut to_move: Colour,
    komi: f64,
    moves: usize,
    rng: &mut impl Rng,
) -> Option<Colour> {
    let mut passes = 0;
    for _ in 0..moves {
        match random_move(&position, rng) {
            Some(p) if position.play(to_move, p).is_ok() => passes = 0,
            _ => passes += 1,
        }
        if passes >= 2 {
            break;
        }
        to_move = to_move.other();
    }
    score(&position, komi, 32).winner()
}

struct Node {
    step: Option<Point>,
    visits: u32,
    wins: f64,
    children: Vec<Node>,
    expanded: bool,
}

impl Node {
    fn new(step: Option<Point>) -> Self {
        Self { step, visits: 0, wins: 0.0, children: Vec::new(), expanded: false }
    }

    fn pick(&self) -> usize {
        let log = (self.visits.max(1) as f64).ln();
        (0..self.children.len())
            .max_by(|&a, &b| {
                let value = |child: &Node| {
                    if child.visits == 0 {
                        f64::INFINITY
                    } else {
                        child.wins / child.visits as f64 + (2.0 * log / child.visits as f64).sqrt()
                    }
                };
                value(&self.children[a]).total_cmp(&value(&self.children[b]))
            })
            .expect("an expanded node has children")
    }
}

/// Searches the best move for the side to move of `game`.
pub fn think(game: &Game, strength: Strength, progress: &mut impl Progress) -> Result<Thought, Cancelled> {
    let started = std::time::Instant::now();
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(strength.seed ^ game.moves.len() as u64);
    let me = game.to_move;
    let mut root = Node::new(None);
    root.children = candidates(&game.position)
        .into_iter()
        .filter(|m| m.is_none_or(|p| game.is_legal(p)))
        .map(Node::new)
        .collect();
    if root.children.is_empty() {
        root.children.push(Node::new(None));
    }
    root.expanded = true;
    for done in 0..strength.playouts {
        if done % 32 == 0 {
            check(progress.report(done as u64, strength.playouts as u64, "playouts"))?;
        }
        // Select and expand, replaying the moves on a copy of the position.
        let mut position = game.position.clone();
        let mut to_move = me;
        let mut path = Vec::new();
        let mut node = &mut root;
        loop {
            if !node.expanded {
                if node.visits >= 2 {
                    node.children = candidates(&position).into_iter().map(Node::new).collect();
                    node.expanded = true;
                } else {
                    break;
                }
            }
            if node.children.is_empty() {
                break;
            }
            let index = node.pick();
            path.push(index);
            node = &mut node.children[index];
            if let Some(p) = node.step
                && position.play(to_move, p).is_err()
            {
                // An illegal move in the tree counts as a pass.
            }
            to_move = to_move.other();
        }
        let winner = playout(position, to_move, game.komi, strength.playout_moves, &mut rng);
        // Back up: each node's wins are for the player who made its move.
        let mut node = &mut root;
        let mut mover = me.other();
        let credit = |mover: Colour| match winner {
            Some(colour) if colour == mover => 1.0,
            None => 0.5,
            _ => 0.0,
        };
        node.visits += 1;
        node.wins += credit(mover);
        for index in path {
            mover = mover.other();
            node = &mut node.children[index];
            node.visits += 1;
            node.wins += credit(mover);
        }
    }
    let best = root.children.iter().max_by_key(|child| child.visits);
    let (step, win_rate) =
        best.map_or((None, 0.0), |child| (child.step, child.wins / child.visits.max(1) as f64));
    let candidates = root
        .children
        .iter()
        .map(|child| (child.step, child.visits, child.wins / child.visits.max(1) as f64))
        .collect();
    Ok(Thought {
        best: step,
        playouts: strength.playouts,
        win_rate,
        candidates,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// A random legal move for the side to move of `game` (a uniformly random point, 100 tries),
/// or `None` to pass.
pub fn random_legal(game: &Game, rng: &mut impl Rng) -> Option<Point> {
    let r = game.position.geometry.radius;
    (0..100)
        .map(|_| Point::new(rng.random_range(r..=BOARD - r), rng.random_range(r..=BOARD - r)))
        .find(|&p| game.is_legal(p))
}

/// How a self-play match went.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MatchReport {
    /// Games played.
    pub games: usize,
    /// Games the AI won.
    pub ai_wins: usize,
    /// Playouts a second over the AI's moves.
    pub playouts_per_second: f64,
    /// Mean moves a game (passes included).
    pub moves_per_game: f64,
    /// Mean seconds an AI move.
    pub seconds_per_move: f64,
}

/// The opponent in [`play_match`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// A random legal player.
    Random,
    /// The AI at these playouts.
    Ai(usize),
}

/// What a match adds up to, summed over games in any order: a shard's tally merges with the
/// others' into the whole match's.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MatchTally {
    /// Games played.
    pub games: usize,
    /// Games the AI won.
    pub ai_wins: usize,
    /// Moves played in all (passes included).
    pub moves: usize,
    /// The AI's moves.
    pub ai_moves: usize,
    /// The AI's playouts.
    pub playouts: usize,
    /// Seconds the AI thought, in all.
    pub seconds: f64,
}

impl MatchTally {
    /// Adds another shard's games.
    pub fn merge(&mut self, other: &MatchTally) {
        self.games = self.games.saturating_add(other.games);
        self.ai_wins = self.ai_wins.saturating_add(other.ai_wins);
        self.moves = self.moves.saturating_add(other.moves);
        self.ai_moves = self.ai_moves.saturating_add(other.ai_moves);
        self.playouts = self.playouts.saturating_add(other.playouts);
        self.seconds += other.seconds;
    }

    /// The report.
    pub fn report(&self) -> MatchReport {
        MatchReport {
            games: self.games,
            ai_wins: self.ai_wins,
            playouts_per_second: self.playouts as f64 / self.seconds.max(1e-9),
            moves_per_game: self.moves as f64 / self.games.max(1) as f64,
            seconds_per_move: self.seconds / self.ai_moves.max(1) as f64,
        }
    }
}

/// A self-play match: the AI (`strength`) against `opponent` for `games` games, the AI taking
/// Black in even games and White in odd ones, each game at most `max_moves` moves, on a board of
/// stones of `radius` with `komi` for White.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Match {
    /// The AI.
    pub strength: Strength,
    /// Who it plays.
    pub opponent: Opponent,
    /// Games.
    pub games: usize,
    /// Most moves a game (then it is scored).
    pub max_moves: usize,
    /// Stone radius.
    pub radius: i64,
    /// Komi for White.
    pub komi: f64,
}

/// Plays the match, its games in parallel.
pub fn play_match(settings: &Match, progress: &mut impl Progress) -> Result<MatchReport, Cancelled> {
    play_match_shard(settings, Shard::WHOLE, progress).map(|tally| tally.report())
}

/// One shard's games of [`play_match`] (a contiguous block of the game numbers; a game's seed
/// and colours come from its number).
pub fn play_match_shard(
    settings: &Match,
    shard: Shard,
    progress: &mut impl Progress,
) -> Result<MatchTally, Cancelled> {
    let Match { strength, opponent, games, max_moves, radius, komi } = *settings;
    let geometry = super::game_geometry(radius).expect("the radius is checked by the caller");
    let range = shard.range(games as u64);
    let count = (range.end - range.start) as usize;
    let results =
        curio_core::parallel::map_reporting(count, progress, "games", (0, count as u64), |offset, stop| {
            let index = range.start as usize + offset;
            let mut game = Game::new(geometry, komi);
            let ai_colour = if index.is_multiple_of(2) { Colour::Black } else { Colour::White };
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(
                strength.seed.wrapping_mul(7919).wrapping_add(index as u64),
            );
            let (mut playouts, mut seconds, mut ai_moves) = (0usize, 0.0f64, 0usize);
            while !game.is_over() && game.moves.len() < max_moves && !stop() {
                let step = if game.to_move == ai_colour {
                    let mine = Strength { seed: rng.random(), ..strength };
                    let thought =
                        think(&game, mine, &mut curio_core::progress::NoProgress).expect("not cancelled");
                    playouts += thought.playouts;
                    seconds += thought.seconds;
                    ai_moves += 1;
                    thought.best
                } else {
                    match opponent {
                        Opponent::Random => random_legal(&game, &mut rng),
                        Opponent::Ai(other) => {
                            let theirs = Strength { playouts: other, seed: rng.random(), ..strength };
                            think(&game, theirs, &mut curio_core::progress::NoProgress)
                                .expect("not cancelled")
                                .best
                        }
                    }
                };
                match step {
                    Some(p) if game.play(p).is_ok() => {}
                    _ => game.pass(),
                }
            }
            let won = game.score().winner() == Some(ai_colour);
            MatchTally {
                games: 1,
                ai_wins: usize::from(won),
                moves: game.moves.len(),
                ai_moves,
                playouts,
                seconds,
            }
        })?;
    let mut tally = MatchTally::default();
    results.iter().for_each(|game| tally.merge(game));
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_beats_a_random_player_in_a_short_game() {
        let geometry = crate::game_geometry(3000).unwrap();
        let mut game = Game::new(geometry, 0.5);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
        while !game.is_over() && game.moves.len() < 400 {
            let step = if game.to_move == Colour::Black {
                let strength = Strength { playouts: 60, playout_moves: 20, seed: 5 };
                let thought = think(&game, strength, &mut curio_core::progress::NoProgress).unwrap();
                assert!(thought.best.is_none_or(|p| game.is_legal(p)));
                thought.best
            } else {
                random_legal(&game, &mut rng)
            };
            match step {
                Some(p) if game.play(p).is_ok() => {}
                _ => game.pass(),
            }
        }
        assert_eq!(game.score().winner(), Some(Colour::Black), "{:?}", game.score());
    }

    #[test]
    fn candidates_fit_and_a_cancelled_search_stops() {
        let geometry = crate::game_geometry(1724).unwrap();
        let mut game = Game::new(geometry, 0.5);
        game.play(Point::new(30_000, 30_000)).unwrap();
        let moves = candidates(&game.position);
        assert!(moves.len() > 100 && moves.iter().all(|m| m.is_some_and(|p| game.position.fits(p))));
        struct Stop;
        impl Progress for Stop {
            fn report(&mut self, _: u64, _: u64, _: &str) -> std::ops::ControlFlow<()> {
                std::ops::ControlFlow::Break(())
            }
        }
        assert!(think(&game, Strength::default(), &mut Stop).is_err());
    }
}
