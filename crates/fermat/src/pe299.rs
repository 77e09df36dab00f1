//! Project Euler 299, "Three similar triangles": points A(a, 0), B(b, 0), C(0, c), D(0, d) with
//! 0 < a < b and 0 < c < d, and P on AC with integer coordinates such that the triangles DCP,
//! DBP and PAB are similar; count the triples (a, b, d) with b + d below a limit for which
//! such a P exists. Similarity forces a = c, and then one of two cases (the PE299 write-up's derivation):
//!
//! - **incenter**: P is the incenter of DOB, which needs b² + d² to be a square: every
//!   Pythagorean pair (b, d), each primitive one (and its swap) scaled by k while k(b + d) stays
//!   below the limit;
//! - **parallel**: AC ∥ BD, so b = d, and the triples come from x² + 2y² = z², parameterised by
//!   (n² − 2m², 2mn, n² + 2m²) for odd n and gcd(m, n) = 1, counted with the PE299 write-up's bound.
//!
//! Both are counted from the primitive solutions without listing the multiples: O(√limit · √limit)
//! parameter pairs, about limit / 2 gcds, split by n over every core.

use curio_core::progress::{Cancelled, Progress, check};

/// The largest limit accepted (the parameters stay far from overflow).
pub const MAX_LIMIT: u64 = 1_000_000_000_000;

/// The bound b+d < LIMIT: `curio fermat pe299 --limit` and the panel's search (PE299's is
/// 100,000,000).
pub const LIMIT: curio_core::bounds::Bounds<u64> = curio_core::bounds::Bounds::new(1, MAX_LIMIT, 100_000_000);

/// The counts below a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pe299Result {
    /// The bound: b + d < limit.
    pub limit: u64,
    /// Triples (a, b, d) for which P exists (the Project Euler answer).
    pub count: u64,
    /// Of them, the incenter case.
    pub incenter: u64,
    /// Of them, the parallel case.
    pub parallel: u64,
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Pythagorean pairs (b, d), ordered, with b + d < `limit` from the primitive pairs of one n:
/// (n² − m², 2mn) and its swap for m < n, m + n odd and gcd(m, n) = 1, each times every k with
/// k(b + d) < limit.
fn incenter_count(n: u64, limit: u64) -> u64 {
    let mut count = 0;
    for m in 1..n {
        let sum = n * n - m * m + 2 * n * m;
        if sum >= limit {
            break;
        }
        if (m + n).is_multiple_of(2) || gcd(m, n) != 1 {
            continue;
        }
        count += 2 * ((limit - 1) / sum);
    }
    count
}

/// The parallel case for one odd n, as the PE299 write-up counts it: for m >= 1 coprime with n, with
/// s = n² + 2m² + 2mn, every k with 2ks < limit.
fn parallel_count(n: u64, limit: u64) -> u64 {
    let mut count = 0;
    let mut m = 1u64;
    loop {
        let step = n * n + 2 * m * m + 2 * m * n;
        if step > limit / 2 {
            break;
        }
        if gcd(m, n) == 1 {
            count += (limit - 1) / (2 * step);
        }
        m += 1;
    }
    count
}

/// Σ `count(n, limit)` over `ns` on every core, reporting progress as it goes; a cancel stops
/// it within one `n` a core.
fn sum_over(
    ns: Vec<u64>,
    limit: u64,
    count: fn(u64, u64) -> u64,
    message: &str,
    progress: &mut impl Progress,
) -> Result<u64, Cancelled> {
    let counts = curio_core::parallel::map_reporting(
        ns.len(),
        progress,
        message,
        (0, ns.len() as u64),
        |index, stop| {
            if stop() { 0 } else { count(ns[index], limit) }
        },
    )?;
    Ok(counts.iter().sum())
}

/// The number of triples (a, b, d) with b + d < `limit` (within [`LIMIT`]), reporting progress
/// and stopping early with `Cancelled` when the sink asks.
pub fn pe299(limit: u64, progress: &mut impl Progress) -> Result<Pe299Result, Cancelled> {
    let limit = LIMIT.clamp(limit);
    // n from 2 while its smallest sum (m = 1) stays below the limit.
    let incenter_ns: Vec<u64> = (2..).take_while(|&n| n * n + 2 * n - 1 < limit).collect();
    let incenter = sum_over(incenter_ns, limit, incenter_count, "incenter case", progress)?;
    // Odd n while its smallest step (m = 1) fits.
    let parallel_ns: Vec<u64> = (1..).step_by(2).take_while(|&n| n * n + 2 + 2 * n <= limit / 2).collect();
    let parallel = sum_over(parallel_ns, limit, parallel_count, "parallel case", progress)?;
    check(progress.report(limit, limit, "done"))?;
    Ok(Pe299Result { limit, count: incenter + parallel, incenter, parallel })
}

#[cfg(test)]
mod tests {
    use super::*;
    use curio_core::progress::NoProgress;

    /// Sorted squared sides of the triangle, as integers.
    fn squared_sides(points: [(i64, i64); 3]) -> [i64; 3] {
        let square = |(x1, y1): (i64, i64), (x2, y2): (i64, i64)| (x1 - x2).pow(2) + (y1 - y2).pow(2);
        let mut sides =
            [square(points[0], points[1]), square(points[1], points[2]), square(points[2], points[0])];
        sides.sort_unstable();
        sides
    }

    fn similar(first: [i64; 3], second: [i64; 3]) -> bool {
        first[0] > 0
            && second[0] > 0
            && i128::from(first[0]) * i128::from(second[1]) == i128::from(first[1]) * i128::from(second[0])
            && i128::from(first[0]) * i128::from(second[2]) == i128::from(first[2]) * i128::from(second[0])
    }

    /// The problem as stated, assuming nothing of a and c: every a < b, c < d with b + d < limit
    /// and every lattice point P strictly inside AC, the three triangles compared by their
    /// sides; the triples (a, b, d) for which some c and P work.
    fn brute_force(limit: i64) -> u64 {
        let mut count = 0;
        for b in 2..limit {
            for d in 2..limit - b {
                let found = (1..b).filter(|&a| {
                    (1..d).any(|c| {
                        let steps = gcd(a as u64, c as u64) as i64;
                        (1..steps).any(|k| {
                            let p = (a - k * a / steps, k * c / steps);
                            let (a_point, b_point, c_point, d_point) = ((a, 0), (b, 0), (0, c), (0, d));
                            let dcp = squared_sides([d_point, c_point, p]);
                            let dbp = squared_sides([d_point, b_point, p]);
                            let pab = squared_sides([p, a_point, b_point]);
                            similar(dcp, dbp) && similar(dbp, pab)
                        })
                    })
                });
                count += found.count() as u64;
            }
        }
        count
    }

    #[test]
    fn small_limits_count_what_brute_force_counts() {
        for limit in [10, 25, 40, 60, 100] {
            assert_eq!(
                pe299(limit, &mut NoProgress).unwrap().count,
                brute_force(limit as i64),
                "limit {limit}"
            );
        }
    }

    #[test]
    fn the_problem_statement_example_below_100() {
        assert_eq!(pe299(100, &mut NoProgress).unwrap().count, 92);
    }
}
