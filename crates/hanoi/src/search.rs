//! Breadth-first search of the whole state graph from one position, layer by layer, in one of
//! two ways ([`Method`]): the frontier search keeps a visited bit per position (p^n bits, shared
//! by both cores with atomic bit sets) and the frontier as blocks of 32-bit position numbers;
//! the dense search keeps two bits a position and no list at all (unvisited, in the layer being
//! expanded, in the next layer, done), and sweeps the whole array once a layer, so its memory is
//! p^n / 4 bytes whatever the layers' sizes. Reports how many positions lie at each distance,
//! the start's eccentricity (its largest distance), the positions that far when few, and its
//! distance to each perfect tower; [`path`] finds an optimal path between two positions.

use super::{HanoiError, MAX_PEGS, Move, Position, check_size};
use curio_core::progress::{Cancelled, Progress, check};
use rayon::prelude::*;
use serde::Serialize;
use std::sync::atomic::{AtomicU64, Ordering};

mod dense;

/// Most positions the frontier search takes (position numbers are 32-bit): 4 pegs up to 15
/// disks, 3 pegs up to 20.
pub const MAX_POSITIONS: u64 = u32::MAX as u64;
/// Most positions the dense search takes: two bits each, 4 GiB (4 pegs and 17 disks, 5 pegs and
/// 14, 6 pegs and 13).
pub const MAX_DENSE_POSITIONS: u64 = 1 << 34;
/// The farthest positions a report lists (when more are that far, it gives their number only).
pub const MAX_FARTHEST: usize = 1000;

/// How a search keeps what it has seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The dense search for 4 pegs or more (faster and smaller: 2.5 s and 16 MB against 4.8 s
    /// and 65 MB for 4 pegs and 13 disks), the frontier search for 3 (whose layers are too many
    /// to sweep the array once each).
    Auto,
    /// A visited bit a position and the frontier as lists (up to [`MAX_POSITIONS`]).
    Frontier,
    /// Two bits a position, the array swept once a layer (4 pegs or more, up to
    /// [`MAX_DENSE_POSITIONS`]).
    Dense,
}

impl Method {
    /// Every method, for the command line.
    pub const ALL: [Method; 3] = [Method::Auto, Method::Frontier, Method::Dense];

    /// Its name on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Frontier => "frontier",
            Method::Dense => "dense",
        }
    }

    /// The method that runs for `pegs` and `disks` (never `Auto`), or why none can.
    pub fn resolve(self, pegs: usize, disks: usize) -> Result<Method, HanoiError> {
        check_size(pegs, disks)?;
        let count = (pegs as u128).pow(disks as u32);
        let too_big = |limit: u64| HanoiError::TooBig { pegs, disks, positions: count, limit };
        let fits_frontier = count <= u128::from(MAX_POSITIONS);
        let fits_dense = pegs >= 4 && count <= u128::from(MAX_DENSE_POSITIONS);
        match self {
            Method::Frontier if fits_frontier => Ok(Method::Frontier),
            Method::Frontier => Err(too_big(MAX_POSITIONS)),
            Method::Dense if fits_dense => Ok(Method::Dense),
            Method::Dense if pegs < 4 => Err(HanoiError::DenseNeedsFourPegs),
            Method::Dense => Err(too_big(MAX_DENSE_POSITIONS)),
            Method::Auto if fits_dense => Ok(Method::Dense),
            Method::Auto if fits_frontier => Ok(Method::Frontier),
            Method::Auto => Err(too_big(if pegs < 4 { MAX_POSITIONS } else { MAX_DENSE_POSITIONS })),
        }
    }
}
/// Positions a block of the frontier holds.
const BLOCK: usize = 1 << 16;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchReport {
    /// Pegs.
    pub pegs: usize,
    /// Disks.
    pub disks: usize,
    /// The start, in text form.
    pub start: String,
    /// Positions in the graph (p^n), all reached.
    pub positions: u64,
    /// The largest distance from the start.
    pub eccentricity: u64,
    /// The distance from the start to the perfect tower on each peg.
    pub to_perfect: Vec<u64>,
    /// Positions at each distance from the start.
    pub layers: Vec<u64>,
    /// The positions at the largest distance, in text form, when at most [`MAX_FARTHEST`] (else
    /// empty; `layers`' last entry counts them).
    pub farthest: Vec<String>,
    /// The method that ran: `frontier` or `dense`.
    pub method: &'static str,
    /// Seconds taken.
    pub seconds: f64,
    /// At most the bytes the visited bits and the frontier took at once (both layers counted
    /// whole; the blocks of a layer are freed as they are expanded).
    pub peak_bytes: u64,
}

/// p^n, checked against what a search of `method` takes.
pub fn positions(pegs: usize, disks: usize, method: Method) -> Result<u64, HanoiError> {
    method.resolve(pegs, disks)?;
    Ok((pegs as u64).pow(disks as u32))
}

/// Each peg's top disk (its smallest; `u8::MAX` for an empty peg) in position number `state`
/// (disk i's peg is digit i in base `pegs`), digit by digit.
#[inline]
fn tops_by_digits(state: u64, pegs: usize, disks: usize) -> [u8; MAX_PEGS] {
    let mut tops = [u8::MAX; MAX_PEGS];
    let mut rest = state;
    let mut found = 0;
    for disk in 0..disks {
        let peg = (rest % pegs as u64) as usize;
        rest /= pegs as u64;
        if tops[peg] == u8::MAX {
            tops[peg] = disk as u8;
            found += 1;
            if found == pegs {
                break;
            }
        }
    }
    tops
}

/// The positions one move from `state`, whose pegs' top disks are `tops`, passed to `visit`: a
/// move changes one digit, so each is an addition.
#[inline]
fn moves_from<const N: usize>(
    state: u64,
    pegs: usize,
    tops: &[u8; N],
    powers: &[u64],
    mut visit: impl FnMut(u64),
) {
    for from in 0..pegs {
        let disk = tops[from];
        if disk == u8::MAX {
            continue;
        }
        let power = powers[usize::from(disk)];
        for (to, &top) in tops.iter().enumerate().take(pegs) {
            if to != from && top > disk {
                visit(state + to as u64 * power - from as u64 * power);
            }
        }
    }
}

/// The neighbours of position number `state`, passed to `visit`.
#[inline]
fn neighbours(state: u32, pegs: usize, disks: usize, powers: &[u64], mut visit: impl FnMut(u32)) {
    let tops = tops_by_digits(u64::from(state), pegs, disks);
    moves_from(u64::from(state), pegs, &tops, powers, |next| visit(next as u32));
}

/// Searches every position from `start` by the method that fits ([`Method::Auto`]), reporting
/// to `progress`.
pub fn search(start: &Position, progress: &mut impl Progress) -> Result<SearchReport, HanoiError> {
    search_with(start, Method::Auto, progress)
}

/// Searches every position from `start` by `method`, reporting to `progress`.
pub fn search_with(
    start: &Position,
    method: Method,
    progress: &mut impl Progress,
) -> Result<SearchReport, HanoiError> {
    match method.resolve(start.pegs, start.disks.len())? {
        Method::Dense => dense::search(start, progress),
        _ => search_frontier(start, progress),
    }
}

/// The frontier search.
fn search_frontier(start: &Position, progress: &mut impl Progress) -> Result<SearchReport, HanoiError> {
    let started = std::time::Instant::now();
    let (pegs, disks) = (start.pegs, start.disks.len());
    let count = positions(pegs, disks, Method::Frontier)?;
    let powers: Vec<u64> = (0..disks).map(|disk| (pegs as u64).pow(disk as u32)).collect();
    let visited: Vec<AtomicU64> = (0..count.div_ceil(64)).map(|_| AtomicU64::new(0)).collect();
    let mark = |state: u32| -> bool {
        let bit = 1u64 << (state % 64);
        visited[(state / 64) as usize].fetch_or(bit, Ordering::Relaxed) & bit == 0
    };
    let first = start.index() as u32;
    mark(first);
    let towers: Vec<u32> =
        (0..pegs).map(|peg| Position::tower(pegs, disks, peg as u8).index() as u32).collect();
    let mut to_perfect = vec![u64::MAX; pegs];
    let mut frontier: Vec<Vec<u32>> = vec![vec![first]];
    let mut layers = Vec::new();
    let mut peak = 0u64;
    let bits_bytes = visited.len() as u64 * 8;
    let mut farthest = Vec::new();
    while frontier.iter().any(|block| !block.is_empty()) {
        let depth = layers.len() as u64;
        let size: u64 = frontier.iter().map(|block| block.len() as u64).sum();
        layers.push(size);
        // A tower first visited while this layer was reached is at this layer's distance: a
        // look at its visited bit, not a scan of the layer.
        for (peg, &tower) in towers.iter().enumerate() {
            let visited_now =
                visited[(tower / 64) as usize].load(Ordering::Relaxed) & (1u64 << (tower % 64)) != 0;
            if to_perfect[peg] == u64::MAX && visited_now {
                to_perfect[peg] = depth;
            }
        }
        let reached: u64 = layers.iter().sum();
        check(progress.report(reached, count, "positions reached"))
            .map_err(|Cancelled| HanoiError::Cancelled)?;
        let current_bytes: u64 = frontier.iter().map(|block| block.capacity() as u64 * 4).sum();
        if size <= MAX_FARTHEST as u64 {
            farthest = frontier.iter().flatten().map(|&state| u64::from(state)).collect();
        }
        // Each block of the layer is dropped once expanded, so the two layers overlap only in part.
        let next: Vec<Vec<u32>> = std::mem::take(&mut frontier)
            .into_par_iter()
            .flat_map_iter(|block| {
                let mut out: Vec<Vec<u32>> = vec![Vec::with_capacity(BLOCK.min(block.len() * 2))];
                for &state in &block {
                    neighbours(state, pegs, disks, &powers, |next| {
                        if mark(next) {
                            if out.last().is_some_and(|last| last.len() >= BLOCK) {
                                out.push(Vec::with_capacity(BLOCK));
                            }
                            if let Some(last) = out.last_mut() {
                                last.push(next);
                            }
                        }
                    });
                }
                out
            })
            .collect();
        let next_bytes: u64 = next.iter().map(|block| block.capacity() as u64 * 4).sum();
        // At most both layers whole: an upper bound on what the search held at once.
        peak = peak.max(bits_bytes + current_bytes + next_bytes);
        frontier = next;
    }
    Ok(SearchReport::of(start, Method::Frontier, layers, to_perfect, farthest, started, peak))
}

impl SearchReport {
    /// The report of a search from `start` by `method` that found `layers` and the distances
    /// `to_perfect`, and kept the last layer's positions in `farthest` if it was small.
    fn of(
        start: &Position,
        method: Method,
        layers: Vec<u64>,
        to_perfect: Vec<u64>,
        mut farthest: Vec<u64>,
        started: std::time::Instant,
        peak_bytes: u64,
    ) -> SearchReport {
        let (pegs, disks) = (start.pegs, start.disks.len());
        // The last layer's positions as text, sorted, if the list holds all of them.
        if layers.last() != Some(&(farthest.len() as u64)) {
            farthest.clear();
        }
        farthest.sort_unstable();
        SearchReport {
            pegs,
            disks,
            start: start.text(),
            positions: layers.iter().sum(),
            eccentricity: layers.len() as u64 - 1,
            to_perfect,
            farthest: farthest
                .into_iter()
                .map(|state| Position::from_index(state, pegs, disks).text())
                .collect(),
            layers,
            method: method.name(),
            seconds: started.elapsed().as_secs_f64(),
            peak_bytes,
        }
    }
}

/// Most positions [`path`] takes (two bytes of distance each, one from each end): 4 pegs up to
/// 14 disks.
pub const MAX_PATH_POSITIONS: u64 = 1 << 28;

/// An optimal path from `start` to `goal` by bidirectional search (any pegs): distances grow a
/// layer at a time from the end whose frontier is smaller; every position where the two searches
/// meet gives a path, and once the two depths together reach the best such length no shorter one
/// can exist. The path is then walked back to each end through positions one closer each time.
pub fn path(
    start: &Position,
    goal: &Position,
    progress: &mut impl Progress,
) -> Result<Vec<Move>, HanoiError> {
    let (pegs, disks) = (start.pegs, start.disks.len());
    let count = positions(pegs, disks, Method::Frontier)?;
    if count > MAX_PATH_POSITIONS {
        return Err(HanoiError::TooBig {
            pegs,
            disks,
            positions: u128::from(count),
            limit: MAX_PATH_POSITIONS,
        });
    }
    let powers: Vec<u64> = (0..disks).map(|disk| (pegs as u64).pow(disk as u32)).collect();
    let (first, target) = (start.index() as u32, goal.index() as u32);
    if first == target {
        return Ok(Vec::new());
    }
    // Distances from each end (u8::MAX: not reached); 4-peg distances stay far below 255.
    let mut from_start = vec![u8::MAX; count as usize];
    let mut from_goal = vec![u8::MAX; count as usize];
    from_start[first as usize] = 0;
    from_goal[target as usize] = 0;
    let (mut frontier_start, mut frontier_goal) = (vec![first], vec![target]);
    let (mut depth_start, mut depth_goal) = (0u32, 0u32);
    let mut best: Option<(u32, u32)> = None;
    while best.is_none_or(|(length, _)| depth_start + depth_goal < length) {
        if frontier_start.is_empty() || frontier_goal.is_empty() {
            break;
        }
        check(progress.report(u64::from(depth_start + depth_goal), 0, "searching from both ends"))
            .map_err(|Cancelled| HanoiError::Cancelled)?;
        let forward = frontier_start.len() <= frontier_goal.len();
        let (frontier, own, other, depth) = if forward {
            (&mut frontier_start, &mut from_start, &from_goal, &mut depth_start)
        } else {
            (&mut frontier_goal, &mut from_goal, &from_start, &mut depth_goal)
        };
        *depth += 1;
        let here = *depth;
        if here >= u32::from(u8::MAX) {
            break;
        }
        let mut next = Vec::new();
        for &state in frontier.iter() {
            neighbours(state, pegs, disks, &powers, |reached| {
                if own[reached as usize] == u8::MAX {
                    own[reached as usize] = here as u8;
                    next.push(reached);
                    let across = other[reached as usize];
                    if across != u8::MAX {
                        let length = here + u32::from(across);
                        if best.is_none_or(|(shortest, _)| length < shortest) {
                            best = Some((length, reached));
                        }
                    }
                }
            });
        }
        *frontier = next;
    }
    let Some((_, meet)) = best else {
        return Err(HanoiError::Cancelled);
    };
    // Back from the meeting point to each end, one closer each step.
    let walk = |distances: &[u8], from: u32| -> Vec<u32> {
        let mut states = vec![from];
        let mut here = from;
        while distances[here as usize] != 0 {
            let want = distances[here as usize] - 1;
            let mut previous = None;
            neighbours(here, pegs, disks, &powers, |other| {
                if previous.is_none() && distances[other as usize] == want {
                    previous = Some(other);
                }
            });
            let Some(back) = previous else { break };
            states.push(back);
            here = back;
        }
        states
    };
    let mut states = walk(&from_start, meet);
    states.reverse();
    states.extend(walk(&from_goal, meet).into_iter().skip(1));
    let moves = states
        .windows(2)
        .map(|pair| {
            let (a, b) = (
                Position::from_index(u64::from(pair[0]), pegs, disks),
                Position::from_index(u64::from(pair[1]), pegs, disks),
            );
            let disk = (0..disks).find(|&disk| a.disks[disk] != b.disks[disk]).unwrap_or(0);
            Move { disk: disk as u8, from: a.disks[disk], to: b.disks[disk] }
        })
        .collect();
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{frame_stewart, replay, three};
    use curio_core::progress::NoProgress;

    #[test]
    fn four_peg_search_agrees_with_frame_stewart_for_small_towers() {
        let table = frame_stewart::table(4, 9);
        for (disks, &(moves, _)) in table.iter().enumerate().skip(1) {
            let report = search(&Position::tower(4, disks, 0), &mut NoProgress).unwrap();
            assert_eq!(report.positions, 4u64.pow(disks as u32));
            assert_eq!(report.layers.iter().sum::<u64>(), report.positions);
            assert_eq!(report.to_perfect[0], 0);
            assert_eq!(report.to_perfect[3], moves, "{disks} disks");
        }
    }

    /// The write-up's many-peg numbers (2n − 1 with more pegs than disks, 2n + 1 with as many,
    /// 2n + 3 with one fewer) are optimal wherever a search fits in 2^21 positions, up to 16
    /// pegs.
    #[test]
    fn the_write_ups_many_peg_claims_are_optimal() {
        for pegs in 4..=crate::MAX_PEGS {
            let table = frame_stewart::table(pegs, pegs + 1);
            for disks in (2..=pegs + 1)
                .filter(|&n| (pegs as u64).checked_pow(n as u32).is_some_and(|count| count <= 1 << 21))
            {
                let report = search(&Position::tower(pegs, disks, 0), &mut NoProgress).unwrap();
                assert_eq!(report.to_perfect[pegs - 1], table[disks].0, "{pegs} pegs, {disks} disks");
            }
        }
    }

    #[test]
    fn three_peg_search_agrees_with_the_formula_from_any_start() {
        for index in [0u64, 17, 100, 242] {
            let start = Position::from_index(index, 3, 5);
            let report = search(&start, &mut NoProgress).unwrap();
            for peg in 0..3 {
                let tower = Position::tower(3, 5, peg as u8);
                assert_eq!(report.to_perfect[peg], three::distance(&start, &tower));
            }
        }
    }

    #[test]
    fn paths_are_optimal_and_legal() {
        let start = Position::parse("0013", 4, 4).unwrap();
        let goal = Position::parse("3210", 4, 4).unwrap();
        let moves = path(&start, &goal, &mut NoProgress).unwrap();
        assert_eq!(replay(&start, &moves).unwrap(), goal);
        let report = search(&start, &mut NoProgress).unwrap();
        assert!(moves.len() as u64 <= report.eccentricity);
        let three_start = Position::from_index(40, 3, 5);
        let three_goal = Position::from_index(200, 3, 5);
        let moves = path(&three_start, &three_goal, &mut NoProgress).unwrap();
        assert_eq!(moves.len() as u64, three::distance(&three_start, &three_goal));
        assert_eq!(replay(&three_start, &moves).unwrap(), three_goal);
        // Every pair of 3-peg positions of 4 disks: as long as the formula, and legal.
        for from in 0..81 {
            for to in (0..81).step_by(7) {
                let (a, b) = (Position::from_index(from, 3, 4), Position::from_index(to, 3, 4));
                let moves = path(&a, &b, &mut NoProgress).unwrap();
                assert_eq!(moves.len() as u64, three::distance(&a, &b), "{} to {}", a.text(), b.text());
                assert_eq!(replay(&a, &moves).unwrap(), b);
            }
        }
        // Tower to tower on 4 pegs: Frame–Stewart's length.
        for disks in 1..=8 {
            let moves =
                path(&Position::tower(4, disks, 0), &Position::tower(4, disks, 3), &mut NoProgress).unwrap();
            assert_eq!(moves.len() as u64, frame_stewart::table(4, disks)[disks].0);
        }
        assert!(matches!(positions(4, 16, Method::Frontier), Err(HanoiError::TooBig { .. })));
        assert_eq!(positions(4, 16, Method::Auto).unwrap(), 1 << 32);
        assert!(matches!(positions(4, 18, Method::Auto), Err(HanoiError::TooBig { .. })));
        assert!(matches!(positions(3, 21, Method::Auto), Err(HanoiError::TooBig { .. })));
        assert!(matches!(positions(3, 5, Method::Dense), Err(HanoiError::DenseNeedsFourPegs)));
    }
}
