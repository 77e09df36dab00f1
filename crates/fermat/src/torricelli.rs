//! Torricelli triangles (Project Euler 143): triangles whose sides a, b, c and whose distances
//! p, q, r from the Fermat point to the vertices are all integers. At the point each side
//! subtends 120°, so a² = q² + qr + r² (and likewise for b and c): p, q, r are pairwise
//! "pairs", two numbers x, y with x² + xy + y² a square.
//!
//! The pairs come from the PE143 write-up's parameterisation: for coprime u > v with u ≢ v (mod 3),
//! (2uv + v², u² − v²) is a primitive pair, and every pair is a multiple k of one. Each u's pairs
//! are counted (its primitives' multiples, not made), then made into its own part of one array of
//! the exact size, each pair one number (x above y), on every core; the array sorted is every
//! number's sorted list of larger partners, and its rows' starts are counted off. A triangle is a
//! pair p < q and an r > q in p's list, up to the bound on r, with (q, r) a pair: tested directly
//! (a residue modulo 64, then a square root), so the search reads nothing but p's list. O(pairs
//! log pairs) to build the lists; to search, the pairs of partners of each p, on every core.

use curio_core::progress::{Cancelled, Progress, check};
use curio_core::shard::Shard;
use rayon::prelude::*;

/// The largest limit accepted: the lists of pairs below it take about 1 GB.
pub const MAX_LIMIT: u64 = 50_000_000;

/// The bound on p+q+r: `curio fermat torricelli --limit` and the panel's search (PE143's bound is
/// 120,000).
pub const LIMIT: curio_core::bounds::Bounds<u64> = curio_core::bounds::Bounds::new(1, MAX_LIMIT, 120_000);

/// One Torricelli triangle: the distances p < q < r from the Fermat point and the sides opposite
/// them in the triangle the three 120° angles make (a² = q² + qr + r², b² = p² + pr + r²,
/// c² = p² + pq + q²).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TorricelliTriangle {
    /// Distance from the Fermat point to A (the smallest).
    pub p: u64,
    /// Distance to B.
    pub q: u64,
    /// Distance to C (the largest).
    pub r: u64,
    /// Side BC.
    pub a: u64,
    /// Side CA.
    pub b: u64,
    /// Side AB.
    pub c: u64,
}

impl TorricelliTriangle {
    /// p + q + r.
    pub fn sum(&self) -> u64 {
        self.p + self.q + self.r
    }
}

/// What the search found below a limit.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TorricelliResult {
    /// The limit on p + q + r.
    pub limit: u64,
    /// The sum of the distinct values of p + q + r (the Project Euler answer).
    pub sum: u64,
    /// How many distinct values of p + q + r there are.
    pub distinct_sums: u64,
    /// Every triangle found, by p + q + r, then p, then q.
    pub triangles: Vec<TorricelliTriangle>,
    /// Pairs x < y with x + y < limit.
    pub pairs: u64,
}

/// The integer square root of `n`, if `n` is a square.
pub fn exact_sqrt(n: u64) -> Option<u64> {
    let root = (n as f64).sqrt() as u64;
    (root.saturating_sub(1)..=root + 1).find(|candidate| candidate.checked_mul(*candidate) == Some(n))
}

/// Bit n set when n is a square modulo 64 (12 of the 64 residues).
const SQUARES_MOD_64: u64 = {
    let mut bits = 0u64;
    let mut n = 0;
    while n < 64 {
        bits |= 1 << (n * n % 64);
        n += 1;
    }
    bits
};

/// Whether x² + xy + y² is a square: most numbers that are not are told by their residue
/// modulo 64, the rest by a square root.
pub fn is_pair(x: u64, y: u64) -> bool {
    let n = x * x + x * y + y * y;
    (SQUARES_MOD_64 >> (n % 64)) & 1 == 1 && exact_sqrt(n).is_some()
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Calls `found(small, large)` for each primitive pair of one u (every coprime v < u with
/// u ≢ v mod 3) with small + large < `limit`.
fn primitives_of_u(u: u64, limit: u64, mut found: impl FnMut(u64, u64)) {
    for v in 1..u {
        let (a, b) = (2 * u * v + v * v, u * u - v * v);
        if a + b >= limit {
            break;
        }
        if (u - v).is_multiple_of(3) || gcd(u, v) != 1 {
            continue;
        }
        found(a.min(b), a.max(b));
    }
}

/// How many pairs [`pairs_of_u`] makes for `u`: each primitive's multiples below the limit.
fn pairs_of_u_count(u: u64, limit: u64) -> usize {
    let mut count = 0;
    primitives_of_u(u, limit, |small, large| count += ((limit - 1) / (small + large)) as usize);
    count
}

/// Calls `found(x, y)` for every pair x < y with x + y < `limit` made from the primitive pairs
/// of one u and their multiples.
fn pairs_of_u(u: u64, limit: u64, mut found: impl FnMut(u64, u64)) {
    primitives_of_u(u, limit, |small, large| {
        let mut k = 1;
        while k * (small + large) < limit {
            found(k * small, k * large);
            k += 1;
        }
    });
}

/// Every number's larger partners, sorted: `partners[start[x]..start[x + 1]]` for x below the
/// limit.
struct Partners {
    start: Vec<u32>,
    /// Every pair as one number, x above y (32 bits each), sorted: row x is its partners.
    pairs: Vec<u64>,
}

impl Partners {
    /// The lists below `limit`, built on every core: every pair made as one number (x above y,
    /// 32 bits each) by the values of u shared out in batches, all of them sorted (so by x, then
    /// y), and the rows' starts counted off; checking for a cancel between batches.
    fn new(limit: u64, progress: &mut impl Progress) -> Result<Self, Cancelled> {
        let size = usize::try_from(limit).unwrap_or(usize::MAX);
        let last = (2..).take_while(|u: &u64| u * u < limit).last().unwrap_or(1);
        // How many pairs each u makes (its primitive pairs' multiples counted, not made), then
        // each u's pairs written into its own part of one array of the exact size.
        let counts: Vec<usize> = (2..=last).into_par_iter().map(|u| pairs_of_u_count(u, limit)).collect();
        let mut pairs = vec![0u64; counts.iter().sum()];
        let mut parts: Vec<(u64, &mut [u64])> = Vec::with_capacity(counts.len());
        let mut rest = pairs.as_mut_slice();
        for (u, &count) in (2..=last).zip(&counts) {
            let (part, after) = rest.split_at_mut(count);
            parts.push((u, part));
            rest = after;
        }
        for batch in parts.chunks_mut(256) {
            check(progress.report(0, limit, "listing pairs"))?;
            batch.par_iter_mut().for_each(|(u, part)| {
                let mut at = 0;
                pairs_of_u(*u, limit, |x, y| {
                    part[at] = (x << 32) | y;
                    at += 1;
                });
            });
        }
        check(progress.report(0, limit, "sorting pairs"))?;
        pairs.par_sort_unstable();
        let mut start = vec![0u32; size + 1];
        for &pair in &pairs {
            start[(pair >> 32) as usize + 1] += 1;
        }
        for index in 1..start.len() {
            start[index] += start[index - 1];
        }
        check(progress.report(0, limit, "listing pairs"))?;
        Ok(Self { start, pairs })
    }

    /// The pairs of x (each partner is a pair's low 32 bits), by partner.
    fn of(&self, x: u64) -> &[u64] {
        let x = x as usize;
        &self.pairs[self.start[x] as usize..self.start[x + 1] as usize]
    }
}

/// Every Torricelli triangle with p + q + r <= `limit` (within [`LIMIT`]), reporting progress
/// over p and stopping early with `Cancelled` when the sink asks.
pub fn torricelli(limit: u64, progress: &mut impl Progress) -> Result<TorricelliResult, Cancelled> {
    let found = torricelli_shard(limit, Shard::WHOLE, progress)?;
    Ok(found.result())
}

/// The triangles one shard found (those whose p it owns, dealt round-robin) and the pairs
/// below the limit: what a shard's partial result holds.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TorricelliShard {
    /// The limit on p + q + r.
    pub limit: u64,
    /// Pairs x < y with x + y < limit (every shard lists them all).
    pub pairs: u64,
    /// The triangles found.
    pub triangles: Vec<TorricelliTriangle>,
}

impl TorricelliShard {
    /// Adds another shard's triangles.
    pub fn merge(&mut self, other: TorricelliShard) {
        self.triangles.extend(other.triangles);
    }

    /// The result: the triangles in order, and the sum and count of the distinct p + q + r.
    pub fn result(mut self) -> TorricelliResult {
        self.triangles.sort_unstable_by_key(|t| (t.sum(), t.p, t.q));
        let mut sums: Vec<u64> = self.triangles.iter().map(TorricelliTriangle::sum).collect();
        sums.dedup();
        TorricelliResult {
            limit: self.limit,
            sum: sums.iter().sum(),
            distinct_sums: sums.len() as u64,
            triangles: self.triangles,
            pairs: self.pairs,
        }
    }
}

/// The search of [`torricelli`] for the values of p that `shard` owns (every count-th, so the
/// long lists of small p spread over the shards).
pub fn torricelli_shard(
    limit: u64,
    shard: Shard,
    progress: &mut impl Progress,
) -> Result<TorricelliShard, Cancelled> {
    let limit = LIMIT.clamp(limit);
    check(progress.report(0, limit, "listing pairs"))?;
    let partners = Partners::new(limit, progress)?;
    let mut triangles = Vec::new();
    // Batches of p, each searched on every core; small p have the longest lists, so the work
    // is split p by p within a batch.
    let batch = (limit / 256).max(1 << 14);
    let mut start = 1;
    while start < limit {
        let end = (start + batch).min(limit);
        let found: Vec<TorricelliTriangle> = (start..end)
            .into_par_iter()
            .filter(|&p| shard.owns(p))
            .flat_map_iter(|p| triangles_from(&partners, p, limit))
            .collect();
        triangles.extend(found);
        check(progress.report(end, limit, "searching triangles"))?;
        start = end;
    }
    check(progress.report(limit, limit, "done"))?;
    Ok(TorricelliShard { limit, pairs: partners.pairs.len() as u64, triangles })
}

/// The triangles whose smallest distance is `p`, with p + q + r <= `limit`: q and r are both
/// in p's list, so each r above q in range is tested as a pair with q directly (a residue test,
/// then a square root). That reads nothing but p's list, which is in cache; reading q's list
/// instead (a binary search and a merge for each q) was a cache miss a step and 2.3x slower.
fn triangles_from(partners: &Partners, p: u64, limit: u64) -> Vec<TorricelliTriangle> {
    let mut found = Vec::new();
    let of_p = partners.of(p);
    for (index, &q) in of_p.iter().enumerate() {
        let q = u64::from(q as u32);
        // r > q, so p + q + r <= limit needs p + 2q < limit.
        if p + 2 * q >= limit {
            break;
        }
        let most = limit - p - q;
        for &r in &of_p[index + 1..] {
            let r = u64::from(r as u32);
            if r > most {
                break;
            }
            if is_pair(q, r) {
                found.push(triangle(p, q, r));
            }
        }
    }
    found
}

/// The triangle of distances p < q < r, with its sides.
pub fn triangle(p: u64, q: u64, r: u64) -> TorricelliTriangle {
    let side = |x: u64, y: u64| exact_sqrt(x * x + x * y + y * y).unwrap_or(0);
    TorricelliTriangle { p, q, r, a: side(q, r), b: side(p, r), c: side(p, q) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use curio_core::progress::NoProgress;

    /// Every triple p < q < r with p + q + r <= limit checked directly.
    fn brute_force(limit: u64) -> Vec<TorricelliTriangle> {
        let mut found = Vec::new();
        for p in 1..limit {
            for q in p + 1..limit {
                if p + q >= limit || !is_pair(p, q) {
                    continue;
                }
                for r in q + 1..=limit - p - q {
                    if is_pair(p, r) && is_pair(q, r) {
                        found.push(triangle(p, q, r));
                    }
                }
            }
        }
        found.sort_unstable_by_key(|t| (t.sum(), t.p, t.q));
        found
    }

    #[test]
    fn small_limits_find_what_brute_force_finds() {
        for limit in [1, 100, 500, 1500] {
            let result = torricelli(limit, &mut NoProgress).unwrap();
            let expected = brute_force(limit);
            assert_eq!(result.triangles, expected, "limit {limit}");
            let mut sums: Vec<u64> = expected.iter().map(TorricelliTriangle::sum).collect();
            sums.dedup();
            assert_eq!(result.sum, sums.iter().sum::<u64>());
        }
    }

    #[test]
    fn the_project_euler_answer_for_120000() {
        let result = torricelli(120_000, &mut NoProgress).unwrap();
        assert_eq!(result.sum, 30_758_397);
        for t in &result.triangles {
            assert_eq!(t.a * t.a, t.q * t.q + t.q * t.r + t.r * t.r);
            assert_eq!(t.c * t.c, t.p * t.p + t.p * t.q + t.q * t.q);
        }
    }

    #[test]
    fn the_problem_statement_example_is_found_with_its_sides() {
        let result = torricelli(1000, &mut NoProgress).unwrap();
        let example = result.triangles.iter().find(|t| (t.p, t.q, t.r) == (195, 264, 325)).expect("found");
        assert_eq!((example.a, example.b, example.c), (511, 455, 399));
        assert_eq!(example.sum(), 784);
    }
}
