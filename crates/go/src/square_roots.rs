//! The square-root methods the write-up's talk page discusses, kept beside Curio's exact
//! [`isqrt`] so that their claims can be checked.
//!
//! - The Babylonian (Heron) iteration in integers, X(n+1) = (Y / X(n) + X(n)) / 2 with both
//!   divisions rounded down, started from a number with half as many binary digits as Y. The
//!   write-up stops it when X(n+1) = X(n), finds that this never happens for some Y ("the root
//!   numbers that are 1 less than the square of an odd number"), and stops instead when
//!   X(n+1) = X(n) or X(n+1) = Y / X(n). Its second form, (2Y + X(n)^2) / 2X(n), is a slip: its
//!   fixed point is sqrt(2Y), not sqrt(Y).
//! - Brent's integer recurrence for rational approximations of sqrt(n): a(i) = a(i-1) +
//!   b(i-1) n, b(i) = a(i-1) + b(i-1), from a = b = 1, each fraction reduced, with the claim
//!   that a reduced a/b is within 1/(2b^2) of sqrt(n).

use crate::geometry::isqrt;

/// When the Babylonian iteration stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// When X(n+1) = X(n) (the write-up's first rule).
    Equal,
    /// When X(n+1) = X(n) or X(n+1) = Y / X(n) (the write-up's corrected rule).
    EqualOrQuotient,
}

/// What the Babylonian iteration did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Babylonian {
    /// X(0), X(1), … up to the stop, or up to the first value seen twice.
    pub steps: Vec<u64>,
    /// The root it stopped at; `None` when it cycles without stopping.
    pub root: Option<u64>,
}

/// X(0): a number with half as many binary digits as `y` (2^ceil(bits / 2), never below
/// sqrt(y)).
pub fn babylonian_start(y: u64) -> u64 {
    let bits = 64 - y.leading_zeros();
    1u64 << bits.div_ceil(2)
}

/// The Babylonian iteration on `y` with the stop rule `stop` (see the module's docs).
pub fn babylonian(y: u64, stop: Stop) -> Babylonian {
    if y == 0 {
        return Babylonian { steps: vec![0], root: Some(0) };
    }
    let mut x = babylonian_start(y);
    let mut steps = vec![x];
    loop {
        let quotient = y / x;
        let next = ((u128::from(quotient) + u128::from(x)) / 2) as u64;
        steps.push(next);
        if next == x || (stop == Stop::EqualOrQuotient && next == quotient) {
            return Babylonian { steps, root: Some(next) };
        }
        if steps[..steps.len() - 1].contains(&next) {
            return Babylonian { steps, root: None };
        }
        x = next.max(1);
    }
}

/// One approximation of sqrt(n) from Brent's recurrence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fraction {
    /// Numerator (reduced).
    pub a: u64,
    /// Denominator (reduced).
    pub b: u64,
    /// |a / b − sqrt(n)|.
    pub error: f64,
    /// The claimed bound 1 / (2 b^2).
    pub bound: f64,
}

impl Fraction {
    /// Whether the error is within the claimed bound.
    pub fn within(&self) -> bool {
        self.error < self.bound
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The first `terms` fractions of Brent's recurrence for sqrt(`n`), each reduced before the
/// next step (so 1/1, 2/1, 5/3, 7/4, … for n = 3). Stops early if a numerator would overflow
/// 64 bits. `None` for n < 2 or a perfect square (the recurrence is for irrational roots).
pub fn brent_fractions(n: u64, terms: usize) -> Option<Vec<Fraction>> {
    if n < 2 || isqrt(n) * isqrt(n) == n {
        return None;
    }
    let root = (n as f64).sqrt();
    let (mut a, mut b) = (1u64, 1u64);
    let mut out = Vec::with_capacity(terms);
    for _ in 0..terms {
        let error = (a as f64 / b as f64 - root).abs();
        out.push(Fraction { a, b, error, bound: 1.0 / (2.0 * (b as f64) * (b as f64)) });
        let Some(next_a) = b.checked_mul(n).and_then(|product| product.checked_add(a)) else { break };
        let Some(next_b) = a.checked_add(b) else { break };
        let common = gcd(next_a, next_b);
        (a, b) = (next_a / common, next_b / common);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first rule cycles exactly on Y = k^2 − 1, for every k >= 2 (the write-up says for odd
    /// k only), between k − 1 and k; every other Y up to 10^5 stops at floor(sqrt(Y)).
    #[test]
    fn the_first_rule_cycles_on_every_square_minus_one() {
        for y in 0..=100_000u64 {
            let found = babylonian(y, Stop::Equal);
            let k = isqrt(y + 1);
            if k >= 2 && k * k == y + 1 {
                assert_eq!(found.root, None, "{y}");
                let last = &found.steps[found.steps.len() - 2..];
                assert!(last.contains(&k) && last.contains(&(k - 1)), "{y}: {:?}", found.steps);
            } else {
                assert_eq!(found.root, Some(isqrt(y)), "{y}: {:?}", found.steps);
            }
        }
    }

    /// The corrected rule gives floor(sqrt(Y)) everywhere checked: 0..10^6, the squares and
    /// their neighbours up to 2^32, and the top of u64.
    #[test]
    fn the_corrected_rule_is_exact() {
        for y in 0..=1_000_000u64 {
            assert_eq!(babylonian(y, Stop::EqualOrQuotient).root, Some(isqrt(y)), "{y}");
        }
        for k in (2u64..1 << 32).step_by(9_973) {
            for y in [k * k - 1, k * k, k * k + 1] {
                assert_eq!(babylonian(y, Stop::EqualOrQuotient).root, Some(isqrt(y)), "{y}");
            }
        }
        for y in [u64::MAX, u64::MAX - 1, (1 << 63) - 1] {
            assert_eq!(babylonian(y, Stop::EqualOrQuotient).root, Some(isqrt(y)), "{y}");
        }
    }

    /// The write-up's n = 3: 1/1, 2/1, 5/3, 7/4, and its check that 7/4 is within 1/32. The
    /// bound does not hold for every fraction: 19/11 is 0.00478 from sqrt(3), over 1/242.
    #[test]
    fn brents_fractions_for_three_and_the_bound() {
        let fractions = brent_fractions(3, 8).unwrap();
        let pairs: Vec<(u64, u64)> = fractions.iter().map(|f| (f.a, f.b)).collect();
        assert_eq!(pairs, [(1, 1), (2, 1), (5, 3), (7, 4), (19, 11), (26, 15), (71, 41), (97, 56)]);
        assert!(fractions[3].within() && (fractions[3].bound - 1.0 / 32.0).abs() < 1e-15);
        assert!(!fractions[4].within());
        assert!(brent_fractions(4, 3).is_none());
    }
}
