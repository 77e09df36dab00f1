//! The strategy with the least total guesses: a branch-and-bound search over guesses.
//!
//! The cost of a set S of codes still possible, about to be guessed at, is the total number of
//! guesses its secrets still need: choosing guess g costs |S| (every secret of S pays for it)
//! plus the cost of every part of S that g's answers leave, the right answer's part excepted.
//! The search tries guesses at each node, best-scored first (entropy), and prunes:
//!
//! - guesses that split S the same way are one guess (only the smallest, and one that could be
//!   the secret before one that cannot, is kept);
//! - a part of n codes costs at least [`lower_bound`]`(n)`: a node solves at most one secret
//!   with its own guess and has at most P other answers (P the answers other than the right
//!   one), so depth d holds at most P^(d-1) secrets;
//! - a guess whose bound (|S| plus its parts' bounds) or running cost reaches the best found is
//!   dropped.
//!
//! Exact when every guess is tried at every node (`candidates: None`, `depth: None`), with the
//! sets solved memoised; `depth: Some(D)` optimises only the top D levels of guesses and costs
//! the sets below them by the entropy strategy's tree (fast, an upper bound); `candidates:
//! Some(k)` tries only the k best-scored guesses at a node (also an upper bound). The top level's
//! guesses (one of each pattern of repeated symbols: every code is alike up to renaming symbols
//! and reordering positions while all remain) are shared between both cores, and each finished
//! one can be saved and skipped on a resume.

use super::strategy::{Strategy, StrategyError};
use super::{FeedbackTable, Tree, build_from};
use curio_core::progress::{Cancelled, Progress, check};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Levels of guesses the search optimises (`OptimalOptions::depth`); the panel's 0 is none.
pub const DEPTH: curio_core::bounds::Bounds<u32> = curio_core::bounds::Bounds::new(1, 20, 2);

/// Best-scored guesses tried at a node (`OptimalOptions::candidates`); the panel's 0 is none.
pub const CANDIDATES: curio_core::bounds::Bounds<u32> = curio_core::bounds::Bounds::new(1, 100_000, 20);

/// How far the search goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptimalOptions {
    /// Optimise only this many levels of guesses; below, the entropy strategy. `None`: all.
    pub depth: Option<usize>,
    /// Try only this many best-scored guesses at a node. `None`: every guess.
    pub candidates: Option<usize>,
}

impl OptimalOptions {
    /// Whether the search proves its answer optimal.
    pub fn is_exact(&self) -> bool {
        self.depth.is_none() && self.candidates.is_none()
    }
}

/// The search's state after each top-level guess: what a resume starts from.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct OptimalState {
    /// The variant's name.
    pub variant: String,
    /// The options it ran with.
    pub options: OptimalOptions,
    /// Each top-level guess tried (code index) with the least total guesses below it, or `None`
    /// where it was pruned against the best (it cannot do better).
    pub done: Vec<(u32, Option<u64>)>,
}

impl OptimalState {
    /// The best top-level guess found and its total.
    pub fn best(&self) -> Option<(u32, u64)> {
        self.done
            .iter()
            .filter_map(|&(guess, total)| Some((guess, total?)))
            .min_by_key(|&(guess, total)| (total, guess))
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq)]
pub struct OptimalResult {
    /// The best total found (exact options: the least there is).
    pub total: u64,
    /// The best first guess.
    pub first_guess: u32,
    /// The tree of the best strategy found, for replay.
    pub tree: Tree,
    /// Whether the total is proven least.
    pub exact: bool,
    /// A lower bound on the least total (equal to `total` when exact).
    pub lower_bound: u64,
    /// Search nodes expanded.
    pub nodes: u64,
}

/// The least total guesses a set of `n` codes can need: a node solves at most one secret with its
/// own guess and has at most `branches` other answers, so depth d holds at most
/// `branches^(d-1)` secrets.
pub fn lower_bound(n: u64, branches: u64) -> u64 {
    let (mut left, mut depth, mut width, mut total) = (n, 1u64, 1u64, 0u64);
    while left > 0 {
        let here = left.min(width);
        total += here * depth;
        left -= here;
        depth += 1;
        width = width.saturating_mul(branches);
    }
    total
}

struct Search<'a> {
    table: &'a FeedbackTable,
    options: OptimalOptions,
    branches: u64,
    solved: u8,
    memo: Mutex<FxHashMap<Vec<u32>, u64>>,
    nodes: AtomicU64,
    stop: &'a AtomicBool,
}

/// A guess's partition of a set: the parts by answer (the right answer's part dropped), and
/// whether the guess could be the secret.
struct Split {
    guess: u32,
    possible: bool,
    parts: Vec<Vec<u32>>,
    bound: u64,
    score: f64,
}

impl Search<'_> {
    /// Every distinct split of `set` (one guess per partition), best-scored first, at most
    /// `limit` of them.
    fn splits(&self, set: &[u32], limit: Option<usize>) -> Vec<Split> {
        let table = self.table;
        let count = table.codes.len();
        let keys = table.key_space();
        let mut in_set = vec![false; count];
        for &code in set {
            in_set[code as usize] = true;
        }
        let mut seen: FxHashMap<Vec<u8>, usize> = FxHashMap::default();
        let mut splits: Vec<Split> = Vec::new();
        let mut counts = vec![0u32; keys];
        for (guess, &possible) in in_set.iter().enumerate() {
            // A cancel ends the work here; the caller sees the stop flag and gives up.
            if guess % 512 == 0 && self.stop.load(Ordering::Relaxed) {
                return Vec::new();
            }
            let row = table.row(guess);
            let signature: Vec<u8> = set.iter().map(|&secret| row[secret as usize]).collect();
            if let Some(&index) = seen.get(&signature) {
                // The same partition: keep a guess that could be the secret (it solves one).
                if possible && !splits[index].possible {
                    splits[index].possible = true;
                    splits[index].guess = guess as u32;
                }
                continue;
            }
            counts.iter_mut().for_each(|slot| *slot = 0);
            for &key in &signature {
                counts[usize::from(key)] += 1;
            }
            // A guess that cannot be the secret and splits nothing gets nowhere.
            if counts.iter().filter(|&&n| n > 0).count() == 1 && !possible {
                continue;
            }
            seen.insert(signature.clone(), splits.len());
            let score = Strategy::Entropy.score(&counts, set.len() as u32);
            splits.push(Split { guess: guess as u32, possible, parts: Vec::new(), bound: 0, score });
        }
        // Possible guesses first among equal scores (they may solve one), then by score.
        splits.sort_by(|a, b| {
            a.score.total_cmp(&b.score).then(b.possible.cmp(&a.possible)).then(a.guess.cmp(&b.guess))
        });
        if let Some(limit) = limit {
            splits.truncate(limit.max(1));
        }
        for split in &mut splits {
            let row = table.row(split.guess as usize);
            let mut parts: Vec<Vec<u32>> = vec![Vec::new(); keys];
            for &secret in set {
                let key = row[secret as usize];
                if key != self.solved {
                    parts[usize::from(key)].push(secret);
                }
            }
            parts.retain(|part| !part.is_empty());
            split.bound = set.len() as u64
                + parts.iter().map(|part| lower_bound(part.len() as u64, self.branches)).sum::<u64>();
            split.parts = parts;
        }
        splits.sort_by(|a, b| a.bound.cmp(&b.bound).then(a.score.total_cmp(&b.score)));
        splits
    }

    /// The least total guesses of `set` found within `budget` (exclusive): `Some(cost)` when
    /// below it, `None` when the set cannot be done below the budget.
    fn cost(&self, set: &[u32], depth: usize, budget: u64) -> Result<Option<u64>, Cancelled> {
        let n = set.len() as u64;
        match n {
            0 => return Ok(Some(0)),
            1 => return Ok((1 < budget).then_some(1)),
            2 => return Ok((3 < budget).then_some(3)),
            _ => {}
        }
        if lower_bound(n, self.branches) >= budget {
            return Ok(None);
        }
        if self.stop.load(Ordering::Relaxed) {
            return Err(Cancelled);
        }
        if self.options.depth.is_some_and(|limit| depth >= limit) {
            let tree = build_from(
                super::Answers::Table(self.table),
                Strategy::Entropy,
                set.to_vec(),
                0,
                &mut curio_core::progress::NoProgress,
            )
            .map_err(|_| Cancelled)?;
            let total = tree.stats().total;
            return Ok((total < budget).then_some(total));
        }
        let exact = self.options.is_exact();
        if exact && let Some(&known) = self.memo.lock().map_err(|_| Cancelled)?.get(set) {
            return Ok((known < budget).then_some(known));
        }
        self.nodes.fetch_add(1, Ordering::Relaxed);
        let mut best = budget;
        let mut found = None;
        let splits = self.splits(set, self.options.candidates);
        if self.stop.load(Ordering::Relaxed) {
            return Err(Cancelled);
        }
        for split in splits {
            if split.bound >= best {
                continue;
            }
            let mut total = n;
            let mut pruned = false;
            // Bounds of the parts not yet costed, so each part's budget is what is left.
            let mut rest: u64 =
                split.parts.iter().map(|part| lower_bound(part.len() as u64, self.branches)).sum();
            for part in &split.parts {
                rest -= lower_bound(part.len() as u64, self.branches);
                let allowed = best - total - rest;
                match self.cost(part, depth + 1, allowed)? {
                    Some(cost) => total += cost,
                    None => {
                        pruned = true;
                        break;
                    }
                }
            }
            if !pruned && total < best {
                best = total;
                found = Some(total);
            }
        }
        // Memoise only what is known exactly: a set solved below its budget is its least cost.
        if exact && let Some(cost) = found {
            self.memo.lock().map_err(|_| Cancelled)?.insert(set.to_vec(), cost);
        }
        Ok(found)
    }
}

/// Searches the strategy with the least total guesses over every secret of the table's variant,
/// within `options`, starting from `state` (top-level guesses already done are skipped) and
/// calling `save` with the state after each top-level guess. The top level's guesses run on the
/// rayon pool; `progress` hears how many are done and can cancel.
pub fn search(
    table: &FeedbackTable,
    options: OptimalOptions,
    mut state: OptimalState,
    progress: &mut impl Progress,
    mut save: impl FnMut(&OptimalState),
) -> Result<OptimalResult, StrategyError> {
    let variant = table.variant();
    let positions = variant.positions;
    let all: Vec<u32> = (0..table.codes.len() as u32).collect();
    let stop = AtomicBool::new(false);
    let solved = super::Feedback { a: positions as u8, b: 0 }.key(positions);
    // Answers other than the right one: (a, b) with a + b <= positions, less (positions, 0)
    // and (positions - 1, 1), which cannot happen.
    let branches = ((positions + 1) * (positions + 2) / 2 - 2) as u64;
    let search = Search {
        table,
        options,
        branches,
        solved,
        memo: Mutex::new(FxHashMap::default()),
        nodes: AtomicU64::new(0),
        stop: &stop,
    };
    state.variant = variant.name.to_string();
    state.options = options;
    // Every code is alike up to renaming symbols and reordering positions while every code
    // remains: one first guess of each pattern of repeated symbols is enough.
    let mut splits = search.splits(&all, None);
    let mut patterns: Vec<Vec<usize>> = Vec::new();
    splits.retain(|split| {
        let code = table.codes.code(split.guess as usize);
        let mut counts: Vec<usize> = (0..variant.symbols as u8)
            .map(|symbol| code.iter().filter(|&&other| other == symbol).count())
            .filter(|&count| count > 0)
            .collect();
        counts.sort_unstable();
        if patterns.contains(&counts) {
            return false;
        }
        patterns.push(counts);
        true
    });
    let todo: Vec<&Split> =
        splits.iter().filter(|split| !state.done.iter().any(|&(guess, _)| guess == split.guess)).collect();
    let best = AtomicU64::new(state.best().map_or(u64::MAX, |(_, total)| total));
    let shared = Mutex::new(state);
    let total_splits = splits.len() as u64;
    // The calling thread reports and relays a cancel; the pool works through the top level.
    let outcome = curio_core::parallel::Reporting { pool: None, stopped: Some(&stop) }.map(
        todo.len(),
        progress,
        "first guesses searched",
        (total_splits - todo.len() as u64, total_splits),
        |index, halt| {
            if halt() {
                stop.store(true, Ordering::Relaxed);
                return Err(Cancelled);
            }
            let split = todo[index];
            let budget = best.load(Ordering::Relaxed);
            let result = if split.bound >= budget {
                None
            } else if budget == u64::MAX {
                // Nothing to beat yet: the parts are independent, so they share the cores
                // (the only first guess of a game without repeats keeps both busy this way).
                use rayon::prelude::*;
                let costs: Result<Vec<Option<u64>>, Cancelled> =
                    split.parts.par_iter().map(|part| search.cost(part, 1, u64::MAX)).collect();
                let total = all.len() as u64 + costs?.into_iter().map(|cost| cost.unwrap_or(0)).sum::<u64>();
                best.fetch_min(total, Ordering::Relaxed);
                Some(total)
            } else {
                let mut total = all.len() as u64;
                let mut rest: u64 =
                    split.parts.iter().map(|part| lower_bound(part.len() as u64, branches)).sum();
                let mut pruned = false;
                for part in &split.parts {
                    rest -= lower_bound(part.len() as u64, branches);
                    let allowed = best.load(Ordering::Relaxed).saturating_sub(total + rest);
                    match search.cost(part, 1, allowed)? {
                        Some(cost) => total += cost,
                        None => {
                            pruned = true;
                            break;
                        }
                    }
                }
                if pruned {
                    None
                } else {
                    best.fetch_min(total, Ordering::Relaxed);
                    Some(total)
                }
            };
            if let Ok(mut state) = shared.lock() {
                state.done.push((split.guess, result));
            }
            Ok(())
        },
    );
    let state = shared.into_inner().unwrap_or_default();
    save(&state);
    outcome?;
    let (first_guess, total) = state.best().ok_or(StrategyError::Cancelled(Cancelled))?;
    check(progress.report(total_splits, total_splits, "building the best tree"))?;
    let tree = best_tree(&search, first_guess)?;
    let lower_bound = if options.is_exact() { total } else { lower_bound(all.len() as u64, branches) };
    Ok(OptimalResult {
        total,
        first_guess,
        tree,
        exact: options.is_exact(),
        lower_bound,
        nodes: search.nodes.load(Ordering::Relaxed),
    })
}

/// The tree of the best strategy found, first guess `first`: at each node the guess of least
/// cost, found again (memoised sets make this quick after an exact search).
fn best_tree(search: &Search<'_>, first: u32) -> Result<Tree, StrategyError> {
    let table = search.table;
    let mut nodes: Vec<super::strategy::Node> = Vec::new();
    let all: Vec<u32> = (0..table.codes.len() as u32).collect();
    let mut stack = vec![(all, 0u32, Some(first), 0usize)];
    nodes.push(super::strategy::Node { guess: 0, secrets: table.codes.len() as u32, answers: Vec::new() });
    while let Some((set, index, fixed, depth)) = stack.pop() {
        let guess = match fixed {
            Some(guess) => guess,
            None if set.len() <= 2 => set[0],
            None => {
                let mut best: Option<(u64, u32)> = None;
                for split in search.splits(&set, search.options.candidates) {
                    let limit = best.map_or(u64::MAX, |(cost, _)| cost);
                    if split.bound >= limit {
                        continue;
                    }
                    let mut total = set.len() as u64;
                    let mut pruned = false;
                    for part in &split.parts {
                        match search.cost(part, depth + 1, limit.saturating_sub(total))? {
                            Some(cost) => total += cost,
                            None => {
                                pruned = true;
                                break;
                            }
                        }
                    }
                    if !pruned && total < limit {
                        best = Some((total, split.guess));
                    }
                }
                best.map_or(set[0], |(_, guess)| guess)
            }
        };
        let mut answers = Vec::new();
        for (key, part) in super::strategy::partition(super::Answers::Table(table), guess as usize, &set) {
            let secrets = part.len() as u32;
            if key == search.solved {
                answers.push((key, secrets, None));
            } else if depth + 1 >= search.options.depth.unwrap_or(usize::MAX) {
                // Below the optimised levels: the entropy strategy's subtree, grafted.
                let subtree = build_from(
                    super::Answers::Table(table),
                    Strategy::Entropy,
                    part,
                    0,
                    &mut curio_core::progress::NoProgress,
                )?;
                let offset = nodes.len() as u32;
                answers.push((key, secrets, Some(offset)));
                for mut node in subtree.nodes {
                    for answer in &mut node.answers {
                        answer.2 = answer.2.map(|child| child + offset);
                    }
                    nodes.push(node);
                }
            } else {
                let child = nodes.len() as u32;
                nodes.push(super::strategy::Node { guess: 0, secrets, answers: Vec::new() });
                answers.push((key, secrets, Some(child)));
                stack.push((part, child, None, depth + 1));
            }
        }
        let node = &mut nodes[index as usize];
        node.guess = guess;
        node.answers = answers;
    }
    Ok(Tree { variant: table.variant(), strategy: Strategy::Entropy, nodes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Feedback, Variant};
    use curio_core::progress::NoProgress;

    /// The least total guesses of `set` by trying every guess at every node (no pruning).
    fn brute(table: &FeedbackTable, set: &[u32]) -> u64 {
        if set.len() == 1 {
            return 1;
        }
        let positions = table.variant().positions;
        let solved = Feedback { a: positions as u8, b: 0 }.key(positions);
        (0..table.codes.len())
            .filter_map(|guess| {
                let mut parts: Vec<Vec<u32>> = vec![Vec::new(); table.key_space()];
                for &secret in set {
                    parts[usize::from(table.key(guess, secret as usize))].push(secret);
                }
                // A guess that leaves the whole set in one part gets nowhere.
                if parts.iter().any(|part| part.len() == set.len()) && !set.contains(&(guess as u32)) {
                    return None;
                }
                Some(
                    set.len() as u64
                        + parts
                            .iter()
                            .enumerate()
                            .filter(|(key, part)| *key != usize::from(solved) && !part.is_empty())
                            .map(|(_, part)| brute(table, part))
                            .sum::<u64>(),
                )
            })
            .min()
            .unwrap_or(u64::MAX)
    }

    #[test]
    fn the_exact_search_equals_brute_force_on_small_games() {
        for variant in [
            Variant {
                name: "2of4",
                positions: 2,
                symbols: 4,
                repeats: false,
                scoring: crate::Scoring::Standard,
            },
            Variant {
                name: "2of3r",
                positions: 2,
                symbols: 3,
                repeats: true,
                scoring: crate::Scoring::Standard,
            },
            Variant {
                name: "3of4",
                positions: 3,
                symbols: 4,
                repeats: false,
                scoring: crate::Scoring::Standard,
            },
        ] {
            let table = FeedbackTable::new(variant).unwrap();
            let all: Vec<u32> = (0..table.codes.len() as u32).collect();
            let expected = brute(&table, &all);
            let result =
                search(&table, OptimalOptions::default(), OptimalState::default(), &mut NoProgress, |_| {})
                    .unwrap();
            assert_eq!(result.total, expected, "{}", variant.name);
            assert!(result.exact);
            // The tree found is complete and costs what the search says; so does a search
            // limited to the top level.
            let limited = OptimalOptions { depth: Some(1), candidates: Some(3) };
            let best_within =
                search(&table, limited, OptimalState::default(), &mut NoProgress, |_| {}).unwrap();
            assert_eq!(best_within.tree.stats().total, best_within.total, "{}", variant.name);
            assert!(best_within.total >= expected);
            let stats = result.tree.stats();
            assert_eq!(
                (stats.secrets, stats.total),
                (table.codes.len() as u64, expected),
                "{}",
                variant.name
            );
        }
    }

    #[test]
    fn lower_bounds_fill_levels() {
        assert_eq!(lower_bound(1, 13), 1);
        assert_eq!(lower_bound(2, 13), 3);
        assert_eq!(lower_bound(15, 13), 1 + 2 * 13 + 3);
    }

    #[test]
    fn a_resumed_search_skips_what_is_done_and_finds_the_same() {
        let table = FeedbackTable::new(Variant {
            name: "3of4",
            positions: 3,
            symbols: 4,
            repeats: false,
            scoring: crate::Scoring::Standard,
        })
        .unwrap();
        let mut saved = OptimalState::default();
        let first =
            search(&table, OptimalOptions::default(), OptimalState::default(), &mut NoProgress, |state| {
                saved = state.clone()
            })
            .unwrap();
        assert!(!saved.done.is_empty());
        let resumed = search(&table, OptimalOptions::default(), saved, &mut NoProgress, |_| {}).unwrap();
        assert_eq!(resumed.total, first.total);
    }
}
