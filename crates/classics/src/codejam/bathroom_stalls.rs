//! Bathroom Stalls: N stalls in a row between two guards; each of K people takes the stall that
//! is farthest from its nearest neighbours (ties: the larger gap to the other side, then the
//! leftmost). Where does the last one sit: max and min free stalls on either side?
//!
//! The people take the free runs level by level: after 2^j - 1 people the N - 2^j + 1 free
//! stalls are split into 2^j runs of two lengths q and q + 1 (the larger ones first), so the
//! K-th person, of level j = floor(log2 K), splits a run of length
//! s = floor((N - K) / 2^j) + 1, leaving ceil((s - 1) / 2) and floor((s - 1) / 2).
//!
//! The write-up found this formula and lost the largest test set (N up to 10^18). The formula is
//! right; its arithmetic was not: Python's `math.log2(K)` converts K to a double, and
//! `(N - K) / rate` is a true division that returns a double. Doubles hold 53 bits; past 2^53
//! both round. `1000000000000000000 1` already fails: (N - K) / 1 = 999999999999999999 rounds
//! to 10^18, giving 500000000000000000 500000000000000000 instead of ... 499999999999999999.
//! [`float_answer`] replays that arithmetic; [`answer`] stays in integers.

use super::Tokens;
use crate::ClassicsError;

/// Largest N of the contest (test set 3).
pub const MAX_STALLS: u64 = 1_000_000_000_000_000_000;

/// Max and min free stalls beside the K-th person's stall (1 <= K <= N), in integers.
pub fn answer(stalls: u64, people: u64) -> (u64, u64) {
    let rate = 1u64 << (63 - people.leading_zeros());
    let gap = (stalls - people) / rate; // s - 1
    (gap.div_ceil(2), gap / 2)
}

/// The write-up's formula evaluated as its Python did, in doubles: `2 ** floor(log2(K))` and
/// `floor((N - K) / rate)` with a rounded quotient.
pub fn float_answer(stalls: u64, people: u64) -> (u64, u64) {
    let rate = 2f64.powf((people as f64).log2().floor());
    let changes = ((stalls - people) as f64 / rate).floor();
    let high = (changes / 2.0).ceil();
    (high as u64, (changes - high) as u64)
}

/// Places the people one by one on a row of `stalls` stalls: the oracle (small N).
pub fn simulate(stalls: usize, people: usize) -> (u64, u64) {
    let mut taken = vec![false; stalls + 2];
    taken[0] = true;
    taken[stalls + 1] = true;
    let mut last = (0, 0);
    for _ in 0..people {
        let mut best: Option<(usize, usize, usize)> = None; // (min, max, stall)
        for stall in 1..=stalls {
            if taken[stall] {
                continue;
            }
            let left = (1..).take_while(|d| !taken[stall - d]).count();
            let right = (1..).take_while(|d| !taken[stall + d]).count();
            let key = (left.min(right), left.max(right), stall);
            if best.is_none_or(|(low, high, _)| (key.0, key.1) > (low, high)) {
                best = Some(key);
            }
        }
        let (low, high, stall) = best.expect("a free stall is left");
        taken[stall] = true;
        last = (high as u64, low as u64);
    }
    last
}

/// The free runs level by level, down to the K-th person's level: at each level the (at most
/// two) run lengths with how many runs have each, and how many people of that level there are.
pub fn levels(stalls: u64, people: u64) -> Vec<Vec<(u64, u64)>> {
    let mut levels = Vec::new();
    let mut runs = vec![(stalls, 1u64)];
    let mut seated = 0u64;
    while seated < people && !runs.is_empty() {
        levels.push(runs.clone());
        let mut next: Vec<(u64, u64)> = Vec::new();
        for &(length, count) in &runs {
            seated += count;
            for part in [length / 2, (length - 1) / 2] {
                if part == 0 {
                    continue;
                }
                match next.iter_mut().find(|(l, _)| *l == part) {
                    Some(entry) => entry.1 += count,
                    None => next.push((part, count)),
                }
            }
        }
        next.sort_by_key(|&(length, _)| std::cmp::Reverse(length));
        runs = next;
    }
    levels
}

pub(super) fn read_and_solve(tokens: &mut Tokens, method: super::Method) -> Result<String, ClassicsError> {
    let stalls = tokens.number("N", 1, MAX_STALLS)?;
    let people = tokens.number("K", 1, stalls)?;
    let (high, low) =
        if method == super::Method::WriteUp { float_answer(stalls, people) } else { answer(stalls, people) };
    Ok(format!("{high} {low}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codejam::CodeJamProblem;

    #[test]
    fn the_sample() {
        let output =
            CodeJamProblem::BathroomStalls.solve(CodeJamProblem::BathroomStalls.sample_input()).unwrap();
        assert_eq!(output, "Case #1: 1 0\nCase #2: 1 0\nCase #3: 1 1\nCase #4: 0 0\nCase #5: 500 499\n");
    }

    #[test]
    fn the_formula_agrees_with_placing_everyone() {
        for stalls in 1..=80 {
            for people in 1..=stalls {
                assert_eq!(
                    answer(stalls as u64, people as u64),
                    simulate(stalls, people),
                    "{stalls} {people}"
                );
            }
        }
    }

    #[test]
    fn the_levels_hold_two_lengths_at_most() {
        let levels = levels(MAX_STALLS, MAX_STALLS);
        assert!(levels.len() <= 61);
        assert!(levels.iter().all(|runs| runs.len() <= 2));
        assert_eq!(levels[0], vec![(MAX_STALLS, 1)]);
    }

    #[test]
    fn doubles_lose_the_large_cases_and_integers_do_not() {
        assert_eq!(answer(MAX_STALLS, 1), (500_000_000_000_000_000, 499_999_999_999_999_999));
        assert_ne!(float_answer(MAX_STALLS, 1), answer(MAX_STALLS, 1));
        // log2 of 2^59 - 1 rounds to 59: the rate doubles.
        let people = (1u64 << 59) - 1;
        assert_eq!(answer(MAX_STALLS, people), (1, 0));
        assert_eq!(float_answer(MAX_STALLS, people), (0, 0));
        // Below 2^53 the doubles are exact.
        for (stalls, people) in [(1000, 1), (1 << 40, 3), ((1 << 52) + 7, 12345)] {
            assert_eq!(float_answer(stalls, people), answer(stalls, people));
        }
    }
}
