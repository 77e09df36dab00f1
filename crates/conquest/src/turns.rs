//! Every distinct legal turn: the steps of a turn explored depth first from its start, two
//! turns the same when they leave the same position (the order of commands, or a command whose
//! effect changes nothing, makes no new turn), each position reached within the turn explored
//! once.

use crate::battle::{Battle, Snapshot, Step};
use rustc_hash::FxHashSet;

/// A turn: its steps and the position it leaves.
#[derive(Clone, Debug)]
pub struct Turn {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The position after them (the other side to move, or the game over).
    pub after: Battle,
}

/// Every distinct turn of the side to move from the start of its turn; `commands` false leaves
/// the commands out (the turn without them).
pub fn turns(battle: &Battle, commands: bool) -> Vec<Turn> {
    let mut found = Vec::new();
    let mut ends: FxHashSet<Snapshot> = FxHashSet::default();
    let mut visited: FxHashSet<Snapshot> = FxHashSet::default();
    let mut steps = Vec::new();
    explore(battle, battle.to_move, commands, &mut steps, &mut visited, &mut ends, &mut found);
    found
}

fn explore(
    battle: &Battle,
    side: u8,
    commands: bool,
    steps: &mut Vec<Step>,
    visited: &mut FxHashSet<Snapshot>,
    ends: &mut FxHashSet<Snapshot>,
    found: &mut Vec<Turn>,
) {
    if battle.ending.is_some() || battle.to_move != side {
        if ends.insert(battle.snapshot()) {
            found.push(Turn { steps: steps.clone(), after: battle.clone() });
        }
        return;
    }
    if !visited.insert(battle.snapshot()) {
        return;
    }
    for step in battle.steps() {
        if !commands && matches!(step, Step::Command { .. }) {
            continue;
        }
        let mut next = battle.clone();
        next.play(step);
        steps.push(step);
        explore(&next, side, commands, steps, visited, ends, found);
        steps.pop();
    }
}

/// Summary of a set of counts: mean, median, 95th percentile, most.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Spread {
    /// Positions counted.
    pub positions: usize,
    /// Mean.
    pub mean: f64,
    /// Median.
    pub median: usize,
    /// 95th percentile (nearest rank).
    pub p95: usize,
    /// Most.
    pub max: usize,
}

/// The spread of `counts` (empty: all zero).
pub fn spread(counts: &[usize]) -> Spread {
    let mut sorted = counts.to_vec();
    sorted.sort_unstable();
    let rank = |q: f64| {
        if sorted.is_empty() {
            0
        } else {
            sorted[((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1]
        }
    };
    Spread {
        positions: sorted.len(),
        mean: sorted.iter().sum::<usize>() as f64 / sorted.len().max(1) as f64,
        median: rank(0.5),
        p95: rank(0.95),
        max: sorted.last().copied().unwrap_or(0),
    }
}
