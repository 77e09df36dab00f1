//! The dense search: two bits a position in one array of 64-bit words (32 positions a word),
//! no frontier list. A position is unvisited (00), in the layer being expanded, in the next
//! layer, or done (11); the two layer patterns (01 and 10) swap roles each layer, so a layer's
//! new positions need no second pass to become the next layer. Each layer sweeps the array on
//! both cores: a word's positions of the current pattern are expanded (a neighbour still 00 gets
//! the next pattern with an atomic OR, and counts as new only for the core whose OR found it
//! 00), then become done with one more OR. A position's number is its disks' pegs as digits in
//! base p; with 4 pegs a digit is two bits, read by shifts.

use super::{MAX_FARTHEST, Method, SearchReport, moves_from, tops_by_digits};
use crate::{HanoiError, Position};
use curio_core::progress::{Cancelled, Progress, check};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// The low bit of every two-bit cell of a word.
const LOW: u64 = 0x5555_5555_5555_5555;
/// Words a task sweeps at a time.
const TASK: usize = 1 << 12;
/// Words swept between two reports to the progress sink (and checks for Cancel).
const BATCH: usize = 1 << 22;

/// The neighbours of `state`, passed to `visit`: with 4 pegs each peg's top disk found by bit
/// operations, else digit by digit.
#[inline]
fn neighbours(state: u64, pegs: usize, disks: usize, powers: &[u64], visit: impl FnMut(u64)) {
    if pegs == 4 {
        // Each peg's top disk is its lowest digit equal to the peg: the digits of `state` XOR
        // the peg repeated are 00 exactly there.
        let mut tops = [u8::MAX; 4];
        let digits = LOW & ((1u64 << (2 * disks)) - 1);
        for (peg, top) in tops.iter_mut().enumerate() {
            let differs = state ^ (LOW * peg as u64);
            let equal = !((differs | (differs >> 1)) & LOW) & digits;
            if equal != 0 {
                *top = (equal.trailing_zeros() / 2) as u8;
            }
        }
        moves_from(state, pegs, &tops, powers, visit);
    } else {
        moves_from(state, pegs, &tops_by_digits(state, pegs, disks), powers, visit);
    }
}

/// The two bits of `state`.
fn cell(cells: &[AtomicU64], state: u64) -> u64 {
    (cells[(state / 32) as usize].load(Ordering::Relaxed) >> (2 * (state % 32))) & 3
}

/// What a sweep found: positions new to the next layer, and the current layer's positions when
/// it is small enough to list.
#[derive(Default)]
struct Swept {
    new: u64,
    listed: Vec<u64>,
}

impl Swept {
    fn merge(mut self, other: Swept) -> Swept {
        self.new += other.new;
        self.listed.extend(other.listed);
        self
    }
}

/// Neighbours waiting to be marked: their words are asked of memory as they are found
/// (prefetched), and read once [`PENDING`] of them wait, so that the reads' latencies overlap.
struct Sweep<'a> {
    cells: &'a [AtomicU64],
    next: u64,
    pending: Vec<u64>,
    found: Swept,
}

/// Neighbours a sweep gathers before it marks them.
const PENDING: usize = 64;

impl<'a> Sweep<'a> {
    fn new(cells: &'a [AtomicU64], next: u64) -> Self {
        Sweep { cells, next, pending: Vec::with_capacity(PENDING), found: Swept::default() }
    }

    #[inline]
    fn visit(&mut self, neighbour: u64) {
        let word = &self.cells[(neighbour / 32) as usize];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch reads nothing and faults on no address; the address is a word of
        // `cells`.
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                word.as_ptr().cast::<i8>().cast_const(),
            );
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = word;
        self.pending.push(neighbour);
        if self.pending.len() == PENDING {
            self.mark();
        }
    }

    /// Marks the waiting neighbours that are unvisited as the next layer's.
    fn mark(&mut self) {
        for &neighbour in &self.pending {
            let (index, shift) = ((neighbour / 32) as usize, 2 * (neighbour % 32));
            if (self.cells[index].load(Ordering::Relaxed) >> shift) & 3 == 0 {
                let before = self.cells[index].fetch_or(self.next << shift, Ordering::Relaxed);
                if (before >> shift) & 3 == 0 {
                    self.found.new += 1;
                }
            }
        }
        self.pending.clear();
    }

    fn finish(mut self) -> Swept {
        self.mark();
        self.found
    }
}

/// Searches every position from `start`.
pub(super) fn search(start: &Position, progress: &mut impl Progress) -> Result<SearchReport, HanoiError> {
    let started = std::time::Instant::now();
    let (pegs, disks) = (start.pegs, start.disks.len());
    let count = super::positions(pegs, disks, Method::Dense)?;
    let powers: Vec<u64> = (0..disks).map(|disk| (pegs as u64).pow(disk as u32)).collect();
    let words = count.div_ceil(32) as usize;
    let cells: Vec<AtomicU64> = (0..words).into_par_iter().map(|_| AtomicU64::new(0)).collect();
    let first = start.index();
    // The layer patterns: the start's layer is 01, the next 10, and so on by turns.
    let mut current = 1u64;
    cells[(first / 32) as usize].fetch_or(current << (2 * (first % 32)), Ordering::Relaxed);
    let towers: Vec<u64> = (0..pegs).map(|peg| Position::tower(pegs, disks, peg as u8).index()).collect();
    let mut to_perfect: Vec<u64> =
        towers.iter().map(|&tower| if tower == first { 0 } else { u64::MAX }).collect();
    let mut layers = vec![1u64];
    let mut farthest = Vec::new();
    loop {
        let next = 3 - current;
        let list = *layers.last().unwrap_or(&0) <= MAX_FARTHEST as u64;
        let reached: u64 = layers.iter().sum();
        let mut swept = Swept::default();
        for batch in (0..words).step_by(BATCH) {
            let end = (batch + BATCH).min(words);
            let part = (batch..end)
                .into_par_iter()
                .step_by(TASK)
                .map(|first_word| {
                    let mut sweep = Sweep::new(&cells, next);
                    let last = (first_word + TASK).min(end);
                    for (word, cell) in cells[first_word..last].iter().enumerate() {
                        let word = first_word + word;
                        let value = cell.load(Ordering::Relaxed);
                        // The low bit of each cell of the current pattern.
                        let mine = if current == 1 {
                            value & !(value >> 1) & LOW
                        } else {
                            (value >> 1) & !value & LOW
                        };
                        let mut bits = mine;
                        while bits != 0 {
                            let state = word as u64 * 32 + u64::from(bits.trailing_zeros() / 2);
                            bits &= bits - 1;
                            if list {
                                sweep.found.listed.push(state);
                            }
                            neighbours(state, pegs, disks, &powers, |neighbour| sweep.visit(neighbour));
                        }
                        if mine != 0 {
                            // Expanded: done (11), by setting each cell's other bit.
                            let done = if current == 1 { mine << 1 } else { mine };
                            cell.fetch_or(done, Ordering::Relaxed);
                        }
                    }
                    sweep.finish()
                })
                .reduce(Swept::default, Swept::merge);
            swept = swept.merge(part);
            check(progress.report(reached + swept.new, count, "positions reached"))
                .map_err(|Cancelled| HanoiError::Cancelled)?;
        }
        if list {
            farthest = swept.listed;
        }
        if swept.new == 0 {
            break;
        }
        layers.push(swept.new);
        let depth = layers.len() as u64 - 1;
        for (peg, &tower) in towers.iter().enumerate() {
            if to_perfect[peg] == u64::MAX && cell(&cells, tower) != 0 {
                to_perfect[peg] = depth;
            }
        }
        current = next;
    }
    Ok(SearchReport::of(start, Method::Dense, layers, to_perfect, farthest, started, words as u64 * 8))
}

#[cfg(test)]
mod tests {
    use super::super::search_with;
    use super::*;
    use curio_core::progress::NoProgress;

    #[test]
    fn the_dense_search_finds_what_the_frontier_search_finds() {
        for (pegs, disks) in [(4, 1), (4, 2), (4, 5), (4, 8), (5, 3), (5, 6), (6, 5)] {
            let count = (pegs as u64).pow(disks as u32);
            for index in [0, 1, count / 3, count - 1] {
                let start = Position::from_index(index, pegs, disks);
                let frontier = search_with(&start, Method::Frontier, &mut NoProgress).unwrap();
                let dense = search_with(&start, Method::Dense, &mut NoProgress).unwrap();
                assert_eq!(dense.method, "dense");
                assert_eq!(
                    (&dense.layers, dense.eccentricity, &dense.to_perfect, &dense.farthest),
                    (&frontier.layers, frontier.eccentricity, &frontier.to_perfect, &frontier.farthest),
                    "{pegs} pegs, {disks} disks from {}",
                    start.text()
                );
                assert_eq!(dense.layers.iter().sum::<u64>(), count);
            }
        }
    }

    #[test]
    fn a_cancelled_dense_search_stops() {
        struct Stop;
        impl Progress for Stop {
            fn report(&mut self, _: u64, _: u64, _: &str) -> std::ops::ControlFlow<()> {
                std::ops::ControlFlow::Break(())
            }
        }
        let start = Position::tower(4, 6, 0);
        assert!(matches!(search_with(&start, Method::Dense, &mut Stop), Err(HanoiError::Cancelled)));
    }
}
