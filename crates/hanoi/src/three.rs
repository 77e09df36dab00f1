//! Three pegs, optimally, from any position to any position.
//!
//! To a perfect tower on peg t (the write-up's recursion): the largest disk already on t stays
//! and the rest go to t; otherwise the smaller disks go to the third peg (2^k − 1 moves for k
//! disks, or fewer from where they are), the largest moves, and the smaller ones follow:
//! distance Σ 2^k over the disks that must move, walking down from the largest with the target
//! switching to the third peg each time one does.
//!
//! Between two arbitrary positions, the disks above the largest one that differs stay put. That
//! disk k must go from peg a to peg b. Directly: the smaller disks to the third peg c, k moves,
//! then the smaller disks from the tower on c to their places (the distance from a position to a
//! tower, read backwards). Or through c: the smaller disks to b, k to c, the smaller disks to a
//! (2^k − 1), k to b, then the smaller disks to their places. The shorter of the two is optimal
//! (checked against breadth-first search for every pair of positions up to 6 disks).

use super::{Move, Position};

/// The number of moves from `position` (its disks below `count`) to a tower of those disks on
/// `target`.
fn distance_to_tower(disks: &[u8], count: usize, target: u8) -> u64 {
    let mut target = target;
    let mut total = 0u64;
    for disk in (0..count).rev() {
        if disks[disk] != target {
            total += 1u64 << disk;
            target = 3 - disks[disk] - target;
        }
    }
    total
}

/// Appends the moves that take disks `0..count` of `position` to a tower on `target`, updating
/// `position`.
fn moves_to_tower(position: &mut Position, count: usize, target: u8, out: &mut Vec<Move>) {
    if count == 0 {
        return;
    }
    let disk = count - 1;
    let from = position.disks[disk];
    if from == target {
        moves_to_tower(position, disk, target, out);
        return;
    }
    let spare = 3 - from - target;
    moves_to_tower(position, disk, spare, out);
    let step = Move { disk: disk as u8, from, to: target };
    position.apply(step);
    out.push(step);
    moves_to_tower(position, disk, target, out);
}

/// The moves from a tower of disks `0..count` on `peg` to `goal` (those disks as in `goal`):
/// the moves from `goal` to that tower, reversed.
fn moves_from_tower(goal: &Position, count: usize, peg: u8, out: &mut Vec<Move>) {
    let mut scratch = goal.clone();
    let mut backwards = Vec::new();
    moves_to_tower(&mut scratch, count, peg, &mut backwards);
    out.extend(backwards.into_iter().rev().map(|step| Move {
        disk: step.disk,
        from: step.to,
        to: step.from,
    }));
}

/// The least number of moves from `from` to `to` (3 pegs, the same disks).
pub fn distance(from: &Position, to: &Position) -> u64 {
    let Some(k) = (0..from.disks.len()).rev().find(|&disk| from.disks[disk] != to.disks[disk]) else {
        return 0;
    };
    let (a, b) = (from.disks[k], to.disks[k]);
    let c = 3 - a - b;
    let direct = distance_to_tower(&from.disks, k, c) + 1 + distance_to_tower(&to.disks, k, c);
    let through =
        distance_to_tower(&from.disks, k, b) + 1 + ((1u64 << k) - 1) + 1 + distance_to_tower(&to.disks, k, a);
    direct.min(through)
}

/// The moves of an optimal solution from `from` to `to` (3 pegs, the same disks).
pub fn solve(from: &Position, to: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    let Some(k) = (0..from.disks.len()).rev().find(|&disk| from.disks[disk] != to.disks[disk]) else {
        return out;
    };
    let (a, b) = (from.disks[k], to.disks[k]);
    let c = 3 - a - b;
    let direct = distance_to_tower(&from.disks, k, c) + 1 + distance_to_tower(&to.disks, k, c);
    let through =
        distance_to_tower(&from.disks, k, b) + 1 + ((1u64 << k) - 1) + 1 + distance_to_tower(&to.disks, k, a);
    let mut position = from.clone();
    if direct <= through {
        moves_to_tower(&mut position, k, c, &mut out);
        out.push(Move { disk: k as u8, from: a, to: b });
        moves_from_tower(to, k, c, &mut out);
    } else {
        moves_to_tower(&mut position, k, b, &mut out);
        out.push(Move { disk: k as u8, from: a, to: c });
        position.apply(Move { disk: k as u8, from: a, to: c });
        moves_to_tower(&mut position, k, a, &mut out);
        out.push(Move { disk: k as u8, from: c, to: b });
        moves_from_tower(to, k, a, &mut out);
    }
    out
}

/// The exact average distance between two positions of `disks` disks (all ordered pairs, equal
/// pairs included), by [`distance`] over every pair.
pub fn average_by_pairs(disks: usize) -> f64 {
    let count = 3u64.pow(disks as u32);
    let positions: Vec<Position> = (0..count).map(|index| Position::from_index(index, 3, disks)).collect();
    let total: u128 = positions
        .iter()
        .map(|from| positions.iter().map(|to| u128::from(distance(from, to))).sum::<u128>())
        .sum();
    total as f64 / (count as f64 * count as f64)
}

/// The closed formula for the average distance (Hinz; Chan), with the constant the write-up
/// prints as 12/29 given as `twelve_over`/… : `constant` is the first term's coefficient of the
/// two conjugate powers (12/59 is right, as the search shows).
pub fn average_formula(disks: usize, constant: f64) -> f64 {
    let n = disks as i32;
    let root = 17f64.sqrt();
    466.0 / 885.0 * 2f64.powi(n) - 1.0 / 3.0 - 3.0 / 5.0 * (1.0f64 / 3.0).powi(n)
        + (constant + 18.0 / 1003.0 * root) * ((5.0 + root) / 18.0).powi(n)
        + (constant - 18.0 / 1003.0 * root) * ((5.0 - root) / 18.0).powi(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay;
    use std::collections::VecDeque;

    /// Distances from `start` to every position by breadth-first search.
    fn bfs(start: &Position) -> Vec<u64> {
        let disks = start.disks.len();
        let count = 3usize.pow(disks as u32);
        let mut distance = vec![u64::MAX; count];
        distance[start.index() as usize] = 0;
        let mut queue = VecDeque::from([start.clone()]);
        while let Some(position) = queue.pop_front() {
            let here = distance[position.index() as usize];
            for step in position.moves() {
                let mut next = position.clone();
                next.apply(step);
                let slot = &mut distance[next.index() as usize];
                if *slot == u64::MAX {
                    *slot = here + 1;
                    queue.push_back(next);
                }
            }
        }
        distance
    }

    #[test]
    fn any_to_any_equals_search_for_every_pair_up_to_six_disks() {
        for disks in 1..=6 {
            let count = 3u64.pow(disks as u32);
            for from in 0..count {
                let start = Position::from_index(from, 3, disks);
                let searched = bfs(&start);
                for to in 0..count {
                    let goal = Position::from_index(to, 3, disks);
                    assert_eq!(
                        distance(&start, &goal),
                        searched[to as usize],
                        "{} to {}",
                        start.text(),
                        goal.text()
                    );
                }
            }
        }
    }

    #[test]
    fn the_move_lists_are_legal_and_as_long_as_the_distance() {
        for disks in 1..=5 {
            let count = 3u64.pow(disks as u32);
            for from in (0..count).step_by(7) {
                for to in (0..count).step_by(5) {
                    let (start, goal) =
                        (Position::from_index(from, 3, disks), Position::from_index(to, 3, disks));
                    let moves = solve(&start, &goal);
                    assert_eq!(replay(&start, &moves).unwrap(), goal);
                    assert_eq!(moves.len() as u64, distance(&start, &goal));
                }
            }
        }
    }

    #[test]
    fn the_average_formula_holds_with_12_over_59_not_12_over_29() {
        for disks in 1..=5 {
            let searched = average_by_pairs(disks);
            assert!((average_formula(disks, 12.0 / 59.0) - searched).abs() < 1e-9, "{disks}: {searched}");
            assert!((average_formula(disks, 12.0 / 29.0) - searched).abs() > 1e-3, "{disks}");
        }
    }
}
