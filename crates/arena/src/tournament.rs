//! Round robins between named players: every pair plays the same number of games, colours
//! alternating; the tallies of any split of the games (shards) add up to the whole; ratings
//! with 95% intervals come from the tallies alone.
//!
//! Ratings are Bradley-Terry on the Elo scale (a player rated 400 points above another is
//! expected to score 10 points to its 1; a draw is half a point), fitted to every game at once,
//! so the order of the games and the split into shards do not matter: the most probable
//! ratings given the results and a prior of 1500 ± 350 for each player (the prior keeps a
//! player that won or lost every game finite), found by Newton's method. The ratings average
//! 1500; the 95% interval is rating ± 1.96 standard deviations of the posterior's normal
//! approximation (the inverse of its curvature) for the rating less that average, as results
//! only tell the gaps.

use crate::players::{AlphaBeta, FlatMonteCarlo, Player, RandomPlayer, Uct};
use crate::{Game, Outcome, Side};
use curio_core::progress::{Cancelled, Progress};
use curio_core::shard::Shard;
use std::collections::BTreeMap;
use std::ops::ControlFlow;

/// A player by name: `random`, `flat:N`, `uct:N`, `alphabeta:D`, or a name the game knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// [`RandomPlayer`].
    Random,
    /// [`FlatMonteCarlo`] with N playouts a move.
    Flat(u32),
    /// [`Uct`] with N playouts a move of the root.
    Uct(u32),
    /// [`AlphaBeta`] to D plies.
    AlphaBeta(u32),
    /// A player of the game's own ([`Game::player`]).
    Named(String),
}

/// Most playouts a move `flat:N` and `uct:N` take.
pub const MAX_PLAYOUTS: u32 = 1_000_000;
/// Deepest `alphabeta:D` searches.
pub const MAX_DEPTH: u32 = 12;

/// Why a player's name is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// Not a player of this game.
    #[error("'{name}' is not a player of {game}: the players are {known}")]
    Unknown {
        /// The name given.
        name: String,
        /// The game.
        game: String,
        /// The names it knows.
        known: String,
    },
    /// A count out of range or not a number.
    #[error("'{name}': {what} must be a whole number from 1 to {max}")]
    Count {
        /// The name given.
        name: String,
        /// What the number counts.
        what: &'static str,
        /// The largest allowed.
        max: u32,
    },
    /// Alpha-beta in a game without an evaluation.
    #[error("'{name}': {game} has no evaluation for alpha-beta's leaves")]
    NoEvaluation {
        /// The name given.
        name: String,
        /// The game.
        game: String,
    },
    /// A round robin needs two different players at least.
    #[error("a round robin needs at least two players, each named once (got {0})")]
    Players(String),
}

impl PlayerSpec {
    /// The spec `text` names for the game `game` (its name `game_name`, for messages).
    pub fn parse<G: Game>(text: &str, game: &G, game_name: &str) -> Result<PlayerSpec, SpecError> {
        let count = |number: &str, what: &'static str, max: u32| {
            number.parse::<u32>().ok().filter(|n| (1..=max).contains(n)).ok_or(SpecError::Count {
                name: text.to_string(),
                what,
                max,
            })
        };
        let spec = match text.split_once(':') {
            None if text == "random" => PlayerSpec::Random,
            Some(("flat", number)) => {
                PlayerSpec::Flat(count(number, "flat's playouts a move", MAX_PLAYOUTS)?)
            }
            Some(("uct", number)) => PlayerSpec::Uct(count(number, "uct's playouts a move", MAX_PLAYOUTS)?),
            Some(("alphabeta", number)) => {
                if game.evaluate().is_none() {
                    return Err(SpecError::NoEvaluation {
                        name: text.to_string(),
                        game: game_name.to_string(),
                    });
                }
                PlayerSpec::AlphaBeta(count(number, "alphabeta's depth", MAX_DEPTH)?)
            }
            _ if G::player(text).is_some() => PlayerSpec::Named(text.to_string()),
            _ => {
                let mut known = vec!["random", "flat:N", "uct:N"];
                if game.evaluate().is_some() {
                    known.push("alphabeta:D");
                }
                known.extend(G::player_names().iter().map(|(name, _)| *name));
                return Err(SpecError::Unknown {
                    name: text.to_string(),
                    game: game_name.to_string(),
                    known: known.join(", "),
                });
            }
        };
        Ok(spec)
    }

    /// The name, as [`PlayerSpec::parse`] reads it.
    pub fn name(&self) -> String {
        match self {
            PlayerSpec::Random => "random".to_string(),
            PlayerSpec::Flat(playouts) => format!("flat:{playouts}"),
            PlayerSpec::Uct(playouts) => format!("uct:{playouts}"),
            PlayerSpec::AlphaBeta(depth) => format!("alphabeta:{depth}"),
            PlayerSpec::Named(name) => name.clone(),
        }
    }

    /// A new player of this spec.
    pub fn build<G: Game>(&self) -> Box<dyn Player<G>> {
        match self {
            PlayerSpec::Random => Box::new(RandomPlayer),
            PlayerSpec::Flat(playouts) => Box::new(FlatMonteCarlo { playouts: *playouts }),
            PlayerSpec::Uct(playouts) => Box::new(Uct { playouts: *playouts }),
            PlayerSpec::AlphaBeta(depth) => Box::new(AlphaBeta { depth: *depth }),
            PlayerSpec::Named(name) => G::player(name).expect("parse checked the name"),
        }
    }
}

/// A round robin: each pair of `players` plays `games` games, the first named of the pair
/// moving first in even games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    /// The players, at least two, all different.
    pub players: Vec<PlayerSpec>,
    /// Games each pair plays.
    pub games: u64,
    /// Seed of the games (game k plays from `game_seed(seed, k)`).
    pub seed: u64,
}

impl Tournament {
    /// A round robin, checked: at least two players, no name twice.
    pub fn new(players: Vec<PlayerSpec>, games: u64, seed: u64) -> Result<Tournament, SpecError> {
        let names: Vec<String> = players.iter().map(PlayerSpec::name).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        if names.len() < 2 || unique.len() != names.len() {
            return Err(SpecError::Players(names.join(",")));
        }
        Ok(Tournament { players, games, seed })
    }

    /// The pairs, as indices into `players`, in the order their games are numbered.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        let count = self.players.len();
        (0..count).flat_map(|a| (a + 1..count).map(move |b| (a, b))).collect()
    }

    /// Games in all.
    pub fn total_games(&self) -> u64 {
        self.pairs().len() as u64 * self.games
    }
}

/// What the games of one pair added up to.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PairTally {
    /// The first-named player of the pair.
    pub a: String,
    /// The other.
    pub b: String,
    /// Games `a` won.
    pub a_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games `b` won.
    pub b_wins: u64,
    /// Moves played in all.
    pub moves: u64,
    /// Seconds `a` thought, in all.
    pub a_seconds: f64,
    /// Seconds `b` thought, in all.
    pub b_seconds: f64,
    /// Moves `a` chose.
    pub a_moves: u64,
    /// Moves `b` chose.
    pub b_moves: u64,
}

impl PairTally {
    /// Games played.
    pub fn games(&self) -> u64 {
        self.a_wins + self.draws + self.b_wins
    }

    /// `a`'s share of points (a draw half a point) and its 95% interval: the normal
    /// approximation over the games' points, or Wilson's interval when every game scored the
    /// same (where the normal one has no width).
    pub fn a_score(&self) -> (f64, [f64; 2]) {
        let games = self.games();
        if games == 0 {
            return (0.5, [0.0, 1.0]);
        }
        let n = games as f64;
        let share = (self.a_wins as f64 + self.draws as f64 / 2.0) / n;
        let variance = (self.a_wins as f64 * (1.0 - share).powi(2)
            + self.draws as f64 * (0.5 - share).powi(2)
            + self.b_wins as f64 * share.powi(2))
            / n;
        if variance == 0.0 {
            return (share, curio_core::stats::wilson_interval((share * n).round() as u64, games));
        }
        let half = curio_core::stats::Z95 * (variance / n).sqrt();
        (share, [(share - half).max(0.0), (share + half).min(1.0)])
    }
}

/// A round robin's tallies, one a pair in the tournament's pair order.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    /// Each pair's games.
    pub pairs: Vec<PairTally>,
}

impl Tally {
    /// Empty tallies for the tournament's pairs.
    pub fn empty(tournament: &Tournament) -> Tally {
        let names: Vec<String> = tournament.players.iter().map(PlayerSpec::name).collect();
        let pairs = tournament
            .pairs()
            .into_iter()
            .map(|(a, b)| PairTally { a: names[a].clone(), b: names[b].clone(), ..PairTally::default() })
            .collect();
        Tally { pairs }
    }

    /// Games in all.
    pub fn games(&self) -> u64 {
        self.pairs.iter().map(PairTally::games).sum()
    }

    /// Adds another part's games (the same pairs in the same order).
    ///
    /// # Errors
    /// When the parts are of different pairs.
    pub fn merge(&mut self, other: &Tally) -> Result<(), String> {
        let names = |tally: &Tally| {
            tally.pairs.iter().map(|pair| (pair.a.clone(), pair.b.clone())).collect::<Vec<_>>()
        };
        if names(self) != names(other) {
            return Err("the parts are of different players".to_string());
        }
        for (mine, theirs) in self.pairs.iter_mut().zip(&other.pairs) {
            mine.a_wins += theirs.a_wins;
            mine.draws += theirs.draws;
            mine.b_wins += theirs.b_wins;
            mine.moves += theirs.moves;
            mine.a_seconds += theirs.a_seconds;
            mine.b_seconds += theirs.b_seconds;
            mine.a_moves += theirs.a_moves;
            mine.b_moves += theirs.b_moves;
        }
        Ok(())
    }
}

/// One finished game of [`play_game`].
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// The game at its end.
    pub game: G,
    /// How it ended.
    pub outcome: Outcome,
    /// Moves played.
    pub moves: u64,
    /// Seconds each side thought (the first side's first).
    pub seconds: [f64; 2],
    /// Moves each side chose.
    pub chosen: [u64; 2],
}

/// Plays `game` to its end, `players[0]` moving for the first side; `Cancelled` when
/// `progress` asks to stop.
pub fn play_game<G: Game>(
    mut game: G,
    players: [&mut dyn Player<G>; 2],
    rng: &mut crate::Rng,
    progress: &mut dyn Progress,
) -> Result<Played<G>, Cancelled> {
    let [first, second] = players;
    let (mut seconds, mut chosen, mut moves) = ([0.0; 2], [0u64; 2], 0u64);
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break outcome;
        }
        let side = game.to_move();
        let index = usize::from(side == Side::Second);
        let player: &mut dyn Player<G> = if index == 0 { &mut *first } else { &mut *second };
        let started = std::time::Instant::now();
        let step = player.choose(&game, rng, progress)?;
        seconds[index] += started.elapsed().as_secs_f64();
        chosen[index] += 1;
        game.play(step);
        moves += 1;
    };
    Ok(Played { game, outcome, moves, seconds, chosen })
}

/// A sink that only relays a stop request.
struct Stop<'a>(&'a dyn Fn() -> bool);

impl Progress for Stop<'_> {
    fn report(&mut self, _done: u64, _total: u64, _message: &str) -> ControlFlow<()> {
        if (self.0)() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }
}

/// Plays the games of `shard` (a contiguous block of the game numbers) of `tournament`, each on
/// a game from `new_game`, in parallel; the tallies of the pairs.
pub fn play_shard<G: Game>(
    tournament: &Tournament,
    new_game: &(dyn Fn() -> G + Sync),
    shard: Shard,
    progress: &mut impl Progress,
) -> Result<Tally, Cancelled> {
    let pairs = tournament.pairs();
    let range = shard.range(tournament.total_games());
    let count = (range.end - range.start) as usize;
    let results = curio_core::parallel::map_reporting(
        count,
        progress,
        "games",
        (range.start, tournament.total_games()),
        |offset, stop| -> Result<(usize, bool, Played<G>), Cancelled> {
            let number = range.start + offset as u64;
            let (pair, game_of_pair) = ((number / tournament.games) as usize, number % tournament.games);
            let (a, b) = pairs[pair];
            let a_first = game_of_pair.is_multiple_of(2);
            let (first, second) = if a_first { (a, b) } else { (b, a) };
            let mut first = tournament.players[first].build::<G>();
            let mut second = tournament.players[second].build::<G>();
            let mut rng = crate::rng(curio_core::stats::game_seed(tournament.seed, number));
            let played = play_game(new_game(), [first.as_mut(), second.as_mut()], &mut rng, &mut Stop(stop))?;
            Ok((pair, a_first, played))
        },
    )?;
    let mut tally = Tally::empty(tournament);
    for result in results {
        let (pair, a_first, played) = result?;
        let entry = &mut tally.pairs[pair];
        let (a_side, a_index, b_index) = if a_first { (Side::First, 0, 1) } else { (Side::Second, 1, 0) };
        match played.outcome {
            Outcome::Draw => entry.draws += 1,
            Outcome::Win(side) if side == a_side => entry.a_wins += 1,
            Outcome::Win(_) => entry.b_wins += 1,
        }
        entry.moves += played.moves;
        entry.a_seconds += played.seconds[a_index];
        entry.b_seconds += played.seconds[b_index];
        entry.a_moves += played.chosen[a_index];
        entry.b_moves += played.chosen[b_index];
    }
    Ok(tally)
}

/// A player's rating and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    /// Rating on the Elo scale (the players of a round robin average 1500).
    pub rating: f64,
    /// Low end of the 95% interval.
    pub low: f64,
    /// High end.
    pub high: f64,
}

/// Each player's rating from the tallies (see the module's docs), by name.
pub fn ratings(tally: &Tally) -> BTreeMap<String, Rating> {
    let mut names: Vec<&str> =
        tally.pairs.iter().flat_map(|pair| [pair.a.as_str(), pair.b.as_str()]).collect();
    names.sort_unstable();
    names.dedup();
    let count = names.len();
    let index = |name: &str| names.binary_search(&name).expect("every name is listed");
    // points[i][j]: i's points against j (a draw half a point); games[i][j]: their games.
    let mut points = vec![vec![0.0; count]; count];
    let mut games = vec![vec![0.0; count]; count];
    for pair in &tally.pairs {
        let (a, b) = (index(&pair.a), index(&pair.b));
        let half = pair.draws as f64 / 2.0;
        points[a][b] += pair.a_wins as f64 + half;
        points[b][a] += pair.b_wins as f64 + half;
        games[a][b] += pair.games() as f64;
        games[b][a] += pair.games() as f64;
    }
    // Natural logistic units: x = (rating - 1500) / SCALE.
    let prior = 1.0 / (PRIOR_DEVIATION / SCALE).powi(2);
    let mut x = vec![0.0; count];
    let mut covariance = vec![vec![0.0; count]; count];
    for _ in 0..100 {
        let mut gradient = vec![0.0; count];
        let mut hessian = vec![vec![0.0; count]; count];
        for i in 0..count {
            gradient[i] -= prior * x[i];
            hessian[i][i] -= prior;
            for j in 0..count {
                if i == j || games[i][j] == 0.0 {
                    continue;
                }
                let p = 1.0 / (1.0 + (x[j] - x[i]).exp());
                gradient[i] += points[i][j] - games[i][j] * p;
                let curvature = games[i][j] * p * (1.0 - p);
                hessian[i][i] -= curvature;
                hessian[i][j] += curvature;
            }
        }
        // The posterior's curvature is negative definite: Newton's step solves -H d = g.
        let negated: Vec<Vec<f64>> = hessian.iter().map(|row| row.iter().map(|v| -v).collect()).collect();
        covariance = invert(negated);
        let step: Vec<f64> =
            (0..count).map(|i| (0..count).map(|j| covariance[i][j] * gradient[j]).sum()).collect();
        x.iter_mut().zip(&step).for_each(|(value, step)| *value += step);
        if step.iter().all(|step| step.abs() * SCALE < 1e-6) {
            break;
        }
    }
    // Results fix only the gaps between ratings, and the mean is 1500 by construction: the
    // variance that matters is that of each rating less the mean (the covariance projected on
    // ratings that sum to zero), without the prior's ±350 for the level of the whole field.
    let n = count as f64;
    let row_sums: Vec<f64> = covariance.iter().map(|row| row.iter().sum()).collect();
    let total: f64 = row_sums.iter().sum();
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let rating = 1500.0 + SCALE * x[i];
            let variance = covariance[i][i] - 2.0 * row_sums[i] / n + total / (n * n);
            let half = curio_core::stats::Z95 * SCALE * variance.max(0.0).sqrt();
            (name.to_string(), Rating { rating, low: rating - half, high: rating + half })
        })
        .collect()
}

/// Elo points per natural logistic unit: a gap of 400 points is odds of 10 to 1.
const SCALE: f64 = 400.0 / std::f64::consts::LN_10;
/// The prior's deviation in rating points (every player starts at 1500 ± 350).
const PRIOR_DEVIATION: f64 = 350.0;

/// The inverse of a symmetric positive definite matrix (Gauss-Jordan with partial pivoting).
fn invert(mut matrix: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let count = matrix.len();
    let mut inverse: Vec<Vec<f64>> =
        (0..count).map(|i| (0..count).map(|j| if i == j { 1.0 } else { 0.0 }).collect()).collect();
    for column in 0..count {
        let pivot = (column..count)
            .max_by(|&a, &b| matrix[a][column].abs().total_cmp(&matrix[b][column].abs()))
            .expect("a column left");
        matrix.swap(column, pivot);
        inverse.swap(column, pivot);
        let lead = matrix[column][column];
        for k in 0..count {
            matrix[column][k] /= lead;
            inverse[column][k] /= lead;
        }
        for row in 0..count {
            if row != column {
                let factor = matrix[row][column];
                for k in 0..count {
                    matrix[row][k] -= factor * matrix[column][k];
                    inverse[row][k] -= factor * inverse[column][k];
                }
            }
        }
    }
    inverse
}
