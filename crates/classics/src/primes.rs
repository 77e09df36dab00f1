//! Sums of consecutive primes ("Is 2011 a special number?"). P(n, k) counts the primes up to n
//! that are a sum of at least k consecutive primes; [`exactly`] counts those that are a sum of
//! exactly k. A segmented sieve of the odd numbers gives primality up to n; the sums are walked
//! start by start, each start's run of terms extended while the sum stays at most n.
//!
//! One fact makes a single pass give P(n, k) for every k at once: a number's representations
//! with an earlier first prime are longer (their terms are smaller, so they need more of them),
//! and one start gives a number at most once. Walking starts in ascending order, the first time
//! a prime is reached is by its longest representation, so a histogram of those lengths is the
//! whole table of P(n, k).

use super::ClassicsError;
use curio_core::progress::{Cancelled, Progress, check};

/// Largest n the counts take (the sieve holds a bit per odd number: 62.5 MB at 10^9).
pub const MAX_LIMIT: u64 = 1_000_000_000;

/// Odd numbers a sieve segment covers (a bit each: 32 KiB).
const SEGMENT_ODDS: u64 = 1 << 18;

/// Primality of every number up to a limit: a bit per odd number, set when composite.
pub struct Sieve {
    limit: u64,
    composite: Vec<u64>,
}

impl Sieve {
    /// Sieves `0..=limit` ([`MAX_LIMIT`] at most) segment by segment, reporting to `progress`.
    pub fn new(limit: u64, progress: &mut impl Progress) -> Result<Self, ClassicsError> {
        check_limit(limit)?;
        let odds = limit / 2 + 1; // odd numbers 1, 3, ..., up to limit (and one past when even)
        let mut composite = vec![0u64; odds.div_ceil(64) as usize];
        let root = isqrt(limit);
        let base = small_primes(root);
        let mut low = 0;
        while low < odds {
            let high = (low + SEGMENT_ODDS).min(odds);
            for &p in base.iter().skip(1) {
                let p = p as u64;
                // The first odd multiple of p in [2 low + 1, 2 high + 1), from p^2.
                let first = (p * p).max((2 * low + 1).div_ceil(p) * p);
                let first = if first.is_multiple_of(2) { first + p } else { first };
                let mut index = first / 2;
                while index < high {
                    composite[(index / 64) as usize] |= 1 << (index % 64);
                    index += p;
                }
            }
            low = high;
            check(progress.report(low, odds, "sieving"))?;
        }
        composite[0] |= 1; // 1 is not prime
        Ok(Self { limit, composite })
    }

    /// The limit sieved.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Whether `n` (at most the limit) is prime.
    pub fn is_prime(&self, n: u64) -> bool {
        debug_assert!(n <= self.limit);
        if n.is_multiple_of(2) {
            return n == 2;
        }
        let index = n / 2;
        self.composite[(index / 64) as usize] >> (index % 64) & 1 == 0
    }

    /// The primes up to `bound` (at most the limit), ascending.
    pub fn primes_up_to(&self, bound: u64) -> Vec<u32> {
        let bound = bound.min(self.limit);
        let mut primes = Vec::with_capacity(prime_count_estimate(bound));
        if bound >= 2 {
            primes.push(2);
        }
        for (word_index, &word) in self.composite.iter().enumerate() {
            let mut primes_here = !word;
            while primes_here != 0 {
                let bit = primes_here.trailing_zeros() as u64;
                let n = 2 * (word_index as u64 * 64 + bit) + 1;
                if n > bound {
                    return primes;
                }
                primes.push(n as u32);
                primes_here &= primes_here - 1;
            }
        }
        primes
    }

    /// pi(n): the primes up to `n` (at most the limit).
    pub fn count_up_to(&self, n: u64) -> u64 {
        let n = n.min(self.limit);
        if n < 2 {
            return 0;
        }
        let odds = n.div_ceil(2); // the odd numbers 1, 3, ..., up to n
        let full_words = (odds / 64) as usize;
        let mut count: u64 = self.composite[..full_words].iter().map(|w| (!w).count_ones() as u64).sum();
        let rest = odds % 64;
        if rest > 0 {
            count += (!self.composite[full_words] & ((1u64 << rest) - 1)).count_ones() as u64;
        }
        count + 1 // and 2
    }
}

/// n, the primes counted up to: `curio classics primes --limit`, the number of `prime-sums`,
/// and the panel's (2011, the year of the write-up's puzzle).
pub const LIMIT: curio_core::bounds::Bounds<u64> = curio_core::bounds::Bounds::new(2, MAX_LIMIT, 2011);

fn check_limit(limit: u64) -> Result<(), ClassicsError> {
    if !LIMIT.contains(limit) {
        return Err(ClassicsError::input(format!("the limit must be 2 to {MAX_LIMIT}, not {limit}")));
    }
    Ok(())
}

/// floor(sqrt(n)).
fn isqrt(n: u64) -> u64 {
    let mut root = (n as f64).sqrt() as u64;
    while root * root > n {
        root -= 1;
    }
    while (root + 1) * (root + 1) <= n {
        root += 1;
    }
    root
}

/// The primes up to `bound` by a plain sieve (for the base primes of the segments).
fn small_primes(bound: u64) -> Vec<u32> {
    let bound = bound as usize;
    let mut composite = vec![false; bound + 1];
    let mut primes = Vec::new();
    for n in 2..=bound {
        if !composite[n] {
            primes.push(n as u32);
            for multiple in (n * n..=bound).step_by(n) {
                composite[multiple] = true;
            }
        }
    }
    primes
}

fn prime_count_estimate(n: u64) -> usize {
    if n < 20 { 10 } else { (n as f64 / ((n as f64).ln() - 1.1)) as usize + 10 }
}

/// A bound on the largest term of a sum of at least `k` consecutive primes that is at most `n`:
/// for two or more terms, the prime before the largest, q, exceeds q/2 (Bertrand), so
/// 3q/2 < n.
fn largest_term(n: u64, k: usize) -> u64 {
    if k <= 1 { n } else { 2 * n / 3 + 1 }
}

/// The P(n, k) table: pi(n), and for each length L how many primes up to n have their longest
/// representation (at least [`Table::min_length`] terms) of exactly L terms.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Table {
    /// n.
    pub limit: u64,
    /// pi(n).
    pub primes: u64,
    /// The shortest representation counted.
    pub min_length: usize,
    /// `longest[L]`: primes whose longest representation has L terms (L at least `min_length`).
    pub longest: Vec<u64>,
}

impl Table {
    /// P(n, k) for `k` at least [`Table::min_length`] (for k = 1, pi(n)).
    pub fn at_least(&self, k: usize) -> u64 {
        if k <= 1 {
            return self.primes;
        }
        assert!(k >= self.min_length, "the table starts at {} terms", self.min_length);
        self.longest.iter().skip(k).sum()
    }

    /// The longest representation of any prime up to n.
    pub fn longest_length(&self) -> usize {
        self.longest.iter().rposition(|&count| count > 0).unwrap_or(1)
    }
}

/// Walks every sum of at least `min_length` (2 or more) consecutive primes that is at most the
/// sieve's limit, start by start, calling `found(prime, length)` the first time each prime is
/// reached: with its longest representation.
fn walk(
    sieve: &Sieve,
    min_length: usize,
    progress: &mut impl Progress,
    mut found: impl FnMut(u64, usize),
) -> Result<(), Cancelled> {
    let n = sieve.limit();
    let primes = sieve.primes_up_to(largest_term(n, min_length));
    let mut seen = vec![0u64; sieve.composite.len()];
    for (start, &first) in primes.iter().enumerate() {
        if first as u64 * min_length as u64 > n {
            break;
        }
        if start % 4096 == 0 {
            check(progress.report(first as u64, n / min_length as u64, "summing"))?;
        }
        // Sums of odd primes are odd only with an odd number of terms; with 2, an even number.
        let mut length = min_length;
        if (start == 0) != length.is_multiple_of(2) {
            length += 1;
        }
        if start + length > primes.len() {
            continue;
        }
        let mut sum: u64 = primes[start..start + length].iter().map(|&p| p as u64).sum();
        loop {
            if sum > n {
                break;
            }
            if sieve.is_prime(sum) {
                let index = sum / 2;
                let (word, bit) = ((index / 64) as usize, index % 64);
                if seen[word] >> bit & 1 == 0 {
                    seen[word] |= 1 << bit;
                    found(sum, length);
                }
            }
            let next = start + length;
            if next + 1 >= primes.len() {
                break;
            }
            sum += primes[next] as u64 + primes[next + 1] as u64;
            length += 2;
        }
    }
    Ok(())
}

/// The P(n, k) table for k from `min_length` (at least 2) up, over the primes up to `limit`.
pub fn table(limit: u64, min_length: usize, progress: &mut impl Progress) -> Result<Table, ClassicsError> {
    let sieve = Sieve::new(limit, progress)?;
    table_from(&sieve, min_length, progress)
}

/// [`table`] over a sieve already made.
pub fn table_from(
    sieve: &Sieve,
    min_length: usize,
    progress: &mut impl Progress,
) -> Result<Table, ClassicsError> {
    let min_length = min_length.max(2);
    let mut longest = vec![0u64; min_length + 1];
    walk(sieve, min_length, progress, |_, length| {
        if longest.len() <= length {
            longest.resize(length + 1, 0);
        }
        longest[length] += 1;
    })?;
    Ok(Table { limit: sieve.limit(), primes: sieve.count_up_to(sieve.limit()), min_length, longest })
}

/// Every prime up to the sieve's limit with the length of its longest representation as a sum
/// of consecutive primes (1 when it is only itself), ascending.
pub fn longest_lengths(
    sieve: &Sieve,
    progress: &mut impl Progress,
) -> Result<Vec<(u32, u32)>, ClassicsError> {
    let mut longest = rustc_hash::FxHashMap::default();
    walk(sieve, 2, progress, |prime, length| {
        longest.insert(prime as u32, length as u32);
    })?;
    Ok(sieve
        .primes_up_to(sieve.limit())
        .into_iter()
        .map(|p| (p, longest.get(&p).copied().unwrap_or(1)))
        .collect())
}

/// How many primes up to the sieve's limit are a sum of exactly `k` consecutive primes (each
/// counted once: one length gives a number at most once).
pub fn exactly(sieve: &Sieve, k: usize) -> Result<u64, ClassicsError> {
    if k == 0 {
        return Err(ClassicsError::input("the number of terms must be at least 1"));
    }
    let n = sieve.limit();
    if k == 1 {
        return Ok(sieve.count_up_to(n));
    }
    let primes = sieve.primes_up_to(largest_term(n, k));
    if primes.len() < k {
        return Ok(0);
    }
    let mut sum: u64 = primes[..k].iter().map(|&p| p as u64).sum();
    let mut count = 0;
    for start in 0.. {
        if sum > n {
            break;
        }
        if sieve.is_prime(sum) {
            count += 1;
        }
        if start + k >= primes.len() {
            break;
        }
        sum += primes[start + k] as u64 - primes[start] as u64;
    }
    Ok(count)
}

/// One way of writing a number as a sum of consecutive primes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Representation {
    /// The first prime of the sum.
    pub first: u64,
    /// The last prime.
    pub last: u64,
    /// How many primes.
    pub terms: usize,
}

/// Every way of writing `number` (up to [`MAX_LIMIT`]) as a sum of consecutive primes, the
/// longest first (a prime is one way on its own).
pub fn representations(
    number: u64,
    progress: &mut impl Progress,
) -> Result<Vec<Representation>, ClassicsError> {
    let sieve = Sieve::new(number.max(2), progress)?;
    let primes = sieve.primes_up_to(number);
    let mut found = Vec::new();
    let (mut low, mut sum) = (0usize, 0u64);
    for high in 0..primes.len() {
        sum += primes[high] as u64;
        while sum > number {
            sum -= primes[low] as u64;
            low += 1;
        }
        if sum == number {
            found.push(Representation {
                first: primes[low] as u64,
                last: primes[high] as u64,
                terms: high - low + 1,
            });
        }
    }
    found.sort_by_key(|way| std::cmp::Reverse(way.terms));
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use curio_core::progress::NoProgress;

    fn plain_primes(n: u64) -> Vec<u64> {
        (2..=n).filter(|&m| (2..m).take_while(|d| d * d <= m).all(|d| m % d != 0)).collect()
    }

    /// Every sum of consecutive primes, by brute force: the set of primes up to n that are a sum
    /// of at least (or exactly) k of them.
    fn brute(n: u64, k: usize, exact: bool) -> u64 {
        let primes = plain_primes(n);
        let mut found = std::collections::BTreeSet::new();
        for start in 0..primes.len() {
            for end in start + 1..=primes.len() {
                let terms = end - start;
                let sum: u64 = primes[start..end].iter().sum();
                if sum > n {
                    break;
                }
                if (if exact { terms == k } else { terms >= k }) && primes.binary_search(&sum).is_ok() {
                    found.insert(sum);
                }
            }
        }
        found.len() as u64
    }

    #[test]
    fn the_sieve_agrees_with_trial_division() {
        for limit in [2, 3, 4, 10, 63, 64, 65, 127, 128, 129, 1000, 2011] {
            let sieve = Sieve::new(limit, &mut NoProgress).unwrap();
            let expected: Vec<u32> = plain_primes(limit).into_iter().map(|p| p as u32).collect();
            assert_eq!(sieve.primes_up_to(limit), expected, "{limit}");
            assert_eq!(sieve.count_up_to(limit), expected.len() as u64, "{limit}");
        }
        let sieve = Sieve::new(3_000_000, &mut NoProgress).unwrap();
        assert_eq!(sieve.count_up_to(1_000_000), 78_498);
        assert_eq!(sieve.count_up_to(3_000_000), 216_816);
        assert!(sieve.is_prime(2_999_999) && !sieve.is_prime(2_999_997) && sieve.is_prime(2));
    }

    #[test]
    fn the_counts_agree_with_brute_force() {
        for n in [2u64, 5, 10, 17, 41, 100, 200, 500, 1000, 2011] {
            let sieve = Sieve::new(n, &mut NoProgress).unwrap();
            let table = table_from(&sieve, 2, &mut NoProgress).unwrap();
            for k in 1..=12 {
                let at_least = if k == 1 { table.primes } else { table.at_least(k) };
                assert_eq!(at_least, brute(n, k, false), "P({n}, {k})");
                assert_eq!(exactly(&sieve, k).unwrap(), brute(n, k, true), "exactly({n}, {k})");
            }
        }
    }

    #[test]
    fn the_write_up_figures() {
        let sieve = Sieve::new(2011, &mut NoProgress).unwrap();
        assert_eq!(sieve.count_up_to(2011), 305);
        let table = table_from(&sieve, 2, &mut NoProgress).unwrap();
        assert_eq!(table.at_least(3), 147);
        let ways = representations(2011, &mut NoProgress).unwrap();
        assert!(ways.iter().any(|way| way.terms == 11 && way.first == 157 && way.last == 211));
    }
}
