//! Players generic over [`Game`]: random, flat Monte Carlo (the write-up's method), UCT Monte
//! Carlo tree search and alpha-beta.
//!
//! The two Monte Carlo players spend the same budget for the same number: `flat:N` and `uct:N`
//! both run N playouts for each move the side to move has, flat Monte Carlo N on each move,
//! UCT wherever its tree search sends them. A move that ends the game is valued by its outcome,
//! without playouts.

use crate::{Game, Outcome, Rng, Side};
use curio_core::progress::{Cancelled, Progress, check};
use rand::RngExt;
use rustc_hash::FxHashMap;

/// A player: given a game that is not over, it chooses a move.
pub trait Player<G: Game>: Send {
    /// A move of `game`, one of [`Game::moves`]; `Cancelled` when `progress` asks to stop.
    ///
    /// # Panics
    /// When `game` is over (it has no move to choose).
    fn choose(&mut self, game: &G, rng: &mut Rng, progress: &mut dyn Progress) -> Result<G::Move, Cancelled>;
}

/// How often (in playouts or positions) a search asks its progress sink whether to go on.
const CHECK_EVERY: u64 = 256;

/// A move chosen uniformly among the legal ones ([`Game::random_move`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPlayer;

impl<G: Game> Player<G> for RandomPlayer {
    fn choose(
        &mut self,
        game: &G,
        rng: &mut Rng,
        _progress: &mut dyn Progress,
    ) -> Result<G::Move, Cancelled> {
        Ok(game.random_move(rng).expect("a game that is not over has a move"))
    }
}

/// Flat Monte Carlo: `playouts` random games after each move; the best share of points wins.
#[derive(Clone, Copy, Debug)]
pub struct FlatMonteCarlo {
    /// Playouts a move.
    pub playouts: u32,
}

impl<G: Game> Player<G> for FlatMonteCarlo {
    fn choose(&mut self, game: &G, rng: &mut Rng, progress: &mut dyn Progress) -> Result<G::Move, Cancelled> {
        let rates = flat_rates(game, self.playouts, rng, progress)?;
        Ok(best_of(&rates, |&(_, rate)| rate).expect("a game that is not over has a move").0)
    }
}

/// The first entry with the greatest `key` (so a game's move order breaks ties).
fn best_of<T>(items: &[T], key: impl Fn(&T) -> f64) -> Option<&T> {
    let mut best: Option<&T> = None;
    for item in items {
        if best.is_none_or(|top| key(item) > key(top)) {
            best = Some(item);
        }
    }
    best
}

/// Each move of `game` with its flat Monte Carlo rate: the mean, over `playouts` random games
/// after it, of 1 a win, ½ a draw, 0 a loss for the side to move now (a move that ends the
/// game: its outcome). Reports after each move.
pub fn flat_rates<G: Game>(
    game: &G,
    playouts: u32,
    rng: &mut Rng,
    progress: &mut dyn Progress,
) -> Result<Vec<(G::Move, f64)>, Cancelled> {
    let mover = game.to_move();
    let moves = game.moves();
    let total = moves.len() as u64 * u64::from(playouts);
    let mut rates = Vec::with_capacity(moves.len());
    let mut done = 0u64;
    for step in moves {
        let mut after = game.clone();
        after.play(step);
        if let Some(outcome) = after.outcome() {
            rates.push((step, outcome.value_for(mover)));
            done += u64::from(playouts);
            continue;
        }
        let mut points = 0.0;
        for _ in 0..playouts {
            if done.is_multiple_of(CHECK_EVERY) {
                check(progress.report(done, total, "random playouts"))?;
            }
            points += after.playout(rng).value_for(mover);
            done += 1;
        }
        rates.push((step, points / f64::from(playouts.max(1))));
    }
    check(progress.report(total, total, "random playouts"))?;
    Ok(rates)
}

/// UCT Monte Carlo tree search: `playouts` playouts for each move of the root, each one going
/// down the tree by the UCB1 bound, adding one node, and playing a random game from there; the
/// most visited move is played.
#[derive(Clone, Copy, Debug)]
pub struct Uct {
    /// Playouts for each move of the root (so the same budget as `flat:N`).
    pub playouts: u32,
}

/// UCB1's exploration constant for points in 0 to 1.
pub const EXPLORATION: f64 = std::f64::consts::SQRT_2;

impl<G: Game> Player<G> for Uct {
    fn choose(&mut self, game: &G, rng: &mut Rng, progress: &mut dyn Progress) -> Result<G::Move, Cancelled> {
        let visits = uct_visits(game, self.playouts, rng, progress)?;
        let best = best_of(&visits, |&(_, visits, rate)| f64::from(visits) + rate / 2.0);
        Ok(best.expect("a game that is not over has a move").0)
    }
}

struct Node<M> {
    step: Option<M>,
    /// The side that played `step` (whose points `value` sums).
    mover: Side,
    children: Vec<u32>,
    /// Moves not yet added as children; `None` until the node is first expanded.
    untried: Option<Vec<M>>,
    visits: u32,
    value: f64,
}

/// Each root move of a UCT search of `playouts` playouts a root move, with its visits and its
/// share of points for the side to move, in the game's move order.
pub fn uct_visits<G: Game>(
    game: &G,
    playouts: u32,
    rng: &mut Rng,
    progress: &mut dyn Progress,
) -> Result<Vec<(G::Move, u32, f64)>, Cancelled> {
    let root_moves = game.moves();
    let budget = root_moves.len() as u64 * u64::from(playouts);
    let mut nodes: Vec<Node<G::Move>> = vec![Node {
        step: None,
        mover: game.to_move().other(),
        children: Vec::new(),
        untried: Some(root_moves.clone()),
        visits: 0,
        value: 0.0,
    }];
    let mut path = Vec::new();
    for done in 0..budget {
        if done.is_multiple_of(CHECK_EVERY) {
            check(progress.report(done, budget, "tree search"))?;
        }
        let mut state = game.clone();
        let mut at = 0usize;
        path.clear();
        path.push(at);
        // Down the tree while every move of the node has a child.
        while nodes[at].untried.as_ref().is_some_and(Vec::is_empty) && !nodes[at].children.is_empty() {
            let log = f64::from(nodes[at].visits.max(1)).ln();
            let next = *best_of(&nodes[at].children, |&child| {
                let child = &nodes[child as usize];
                if child.visits == 0 {
                    return f64::INFINITY;
                }
                let visits = f64::from(child.visits);
                child.value / visits + EXPLORATION * (log / visits).sqrt()
            })
            .expect("the node has children");
            at = next as usize;
            state.play(nodes[at].step.expect("only the root has no move"));
            path.push(at);
        }
        // One new node, unless the game is over here.
        if state.outcome().is_none() {
            if nodes[at].untried.is_none() {
                nodes[at].untried = Some(state.moves());
            }
            let untried = nodes[at].untried.as_mut().expect("set above");
            if !untried.is_empty() {
                let step = untried.swap_remove(rng.random_range(0..untried.len()));
                let mover = state.to_move();
                state.play(step);
                let child = nodes.len();
                nodes.push(Node {
                    step: Some(step),
                    mover,
                    children: Vec::new(),
                    untried: None,
                    visits: 0,
                    value: 0.0,
                });
                nodes[at].children.push(child as u32);
                at = child;
                path.push(at);
            }
        }
        let outcome = state.outcome().unwrap_or_else(|| state.playout(rng));
        for &index in &path {
            let node = &mut nodes[index];
            node.visits += 1;
            node.value += outcome.value_for(node.mover);
        }
    }
    check(progress.report(budget, budget, "tree search"))?;
    let children = &nodes[0].children;
    Ok(root_moves
        .iter()
        .map(|&step| {
            let child =
                children.iter().map(|&child| &nodes[child as usize]).find(|child| child.step == Some(step));
            match child {
                Some(child) if child.visits > 0 => {
                    (step, child.visits, child.value / f64::from(child.visits))
                }
                _ => (step, 0, 0.0),
            }
        })
        .collect())
}

/// Alpha-beta (negamax) to a fixed depth with iterative deepening and a transposition table
/// for move ordering; leaves are valued by [`Game::evaluate`], ends of games by their outcome
/// (a sooner win above a later one).
#[derive(Clone, Copy, Debug)]
pub struct AlphaBeta {
    /// Plies searched.
    pub depth: u32,
}

/// A won game's value for the winner, above any evaluation (which is at most 1).
const WON: f64 = 10.0;

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    depth: u32,
    value: f64,
    bound: Bound,
    best: usize,
}

struct Search<'a> {
    table: FxHashMap<u64, Entry>,
    nodes: u64,
    progress: &'a mut dyn Progress,
}

impl Search<'_> {
    fn negamax<G: Game>(
        &mut self,
        game: &G,
        depth: u32,
        mut alpha: f64,
        beta: f64,
    ) -> Result<f64, Cancelled> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            check(self.progress.report(self.nodes, 0, "alpha-beta"))?;
        }
        if let Some(outcome) = game.outcome() {
            let sign = match outcome {
                Outcome::Draw => return Ok(0.0),
                Outcome::Win(side) if side == game.to_move() => 1.0,
                Outcome::Win(_) => -1.0,
            };
            return Ok(sign * (WON + f64::from(depth)));
        }
        if depth == 0 {
            return Ok(game.evaluate().unwrap_or(0.0).clamp(-1.0, 1.0));
        }
        let key = game.hash();
        let stored = self.table.get(&key).copied();
        if let Some(entry) = stored
            && entry.depth >= depth
        {
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.value >= beta,
                Bound::Upper => entry.value <= alpha,
            };
            if usable {
                return Ok(entry.value);
            }
        }
        let mut moves = game.moves();
        if let Some(entry) = stored
            && entry.best < moves.len()
        {
            moves.swap(0, entry.best);
        }
        let alpha_in = alpha;
        let (mut best_value, mut best_index) = (f64::NEG_INFINITY, 0);
        for (index, &step) in moves.iter().enumerate() {
            let mut after = game.clone();
            after.play(step);
            let value = -self.negamax(&after, depth - 1, -beta, -alpha)?;
            if value > best_value {
                (best_value, best_index) = (value, index);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        // The index is into the reordered list: map it back to the game's order.
        let best = match stored {
            Some(entry) if entry.best < moves.len() && best_index == 0 => entry.best,
            Some(entry) if entry.best < moves.len() && best_index == entry.best => 0,
            _ => best_index,
        };
        let bound = if best_value <= alpha_in {
            Bound::Upper
        } else if best_value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(key, Entry { depth, value: best_value, bound, best });
        Ok(best_value)
    }
}

impl AlphaBeta {
    /// Each move of `game` with its value for the side to move at the full depth, in the
    /// game's move order.
    pub fn values<G: Game>(
        &self,
        game: &G,
        progress: &mut dyn Progress,
    ) -> Result<Vec<(G::Move, f64)>, Cancelled> {
        let mut search = Search { table: FxHashMap::default(), nodes: 0, progress };
        let moves = game.moves();
        let mut values = Vec::new();
        for depth in 1..=self.depth.max(1) {
            values.clear();
            for &step in &moves {
                let mut after = game.clone();
                after.play(step);
                let value = -search.negamax(&after, depth - 1, f64::NEG_INFINITY, f64::INFINITY)?;
                values.push((step, value));
            }
        }
        Ok(values)
    }
}

impl<G: Game> Player<G> for AlphaBeta {
    fn choose(
        &mut self,
        game: &G,
        _rng: &mut Rng,
        progress: &mut dyn Progress,
    ) -> Result<G::Move, Cancelled> {
        let values = self.values(game, progress)?;
        Ok(best_of(&values, |&(_, value)| value).expect("a game that is not over has a move").0)
    }
}
