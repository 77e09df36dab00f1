//! Statistics for win-rate measurements, shared by every domain that plays games: per-game
//! seeds that do not depend on the thread count, the Wilson interval of a win rate, the
//! interval of a paired difference of two players on the same games, and the interval of a mean.
//! The accumulators ([`ExactSum`], [`Moments`], [`TimeHistogram`]) add up in any order to the
//! same bits, so a result summed over threads or over shards on other machines equals the one
//! summed in a single pass.

/// Seed of game `index` derived from the master seed (SplitMix64), so results do not depend on
/// the number of threads.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The 97.5% quantile of the standard normal: the half-width of a 95% interval in standard
/// deviations.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wilson score interval at 95%.
pub fn wilson_interval(wins: u64, games: u64) -> [f64; 2] {
    if games == 0 {
        return [0.0, 1.0];
    }
    let n = games as f64;
    let p = wins as f64 / n;
    let z = Z95;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// 95% confidence interval of a paired difference of win rates: `first_only` games won only by
/// the first solver and `second_only` only by the second, of `games`.
pub fn paired_interval(first_only: u64, second_only: u64, games: u64) -> [f64; 2] {
    if games == 0 {
        return [-1.0, 1.0];
    }
    let n = games as f64;
    let (first, second) = (first_only as f64 / n, second_only as f64 / n);
    let difference = first - second;
    let variance = ((first + second) - difference * difference) / n;
    let half = Z95 * variance.max(0.0).sqrt();
    [(difference - half).max(-1.0), (difference + half).min(1.0)]
}

/// Mean, 95% interval of the mean (normal approximation: mean ± 1.96 · sd / √n) and sample
/// standard deviation of `values`.
pub fn mean_interval(values: &[f64]) -> (f64, [f64; 2], f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, [0.0, 0.0], 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    let variance = if values.len() > 1 {
        values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let sd = variance.sqrt();
    let half = Z95 * sd / n.sqrt();
    (mean, [mean - half, mean + half], sd)
}

/// A sum of non-negative reals on a grid of 2^-52: every term is rounded to the grid once, then
/// added exactly as an integer, so the sum does not depend on the order of the terms (threads,
/// shards). Exact for up to about 10^20 terms of at most 1,000 each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct ExactSum(u128);

impl ExactSum {
    const SCALE: f64 = (1u64 << 52) as f64;

    /// Adds `value` (negative, infinite and NaN values count as 0; the largest is 2^75).
    pub fn add(&mut self, value: f64) {
        let scaled = (value.max(0.0) * Self::SCALE).round();
        if scaled.is_finite() {
            self.0 = self.0.saturating_add(scaled as u128);
        }
    }

    /// Adds another sum.
    pub fn merge(&mut self, other: ExactSum) {
        self.0 = self.0.saturating_add(other.0);
    }

    /// The sum.
    pub fn value(self) -> f64 {
        self.0 as f64 / Self::SCALE
    }
}

/// Count, sum and sum of squares of whole numbers, kept exactly: the mean and the standard
/// deviation come out the same whatever order the values were added in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Moments {
    /// Values added.
    pub count: u64,
    /// Their sum.
    pub sum: u128,
    /// The sum of their squares.
    pub squares: u128,
}

impl Moments {
    /// Adds one value.
    pub fn add(&mut self, value: u64) {
        self.count += 1;
        self.sum = self.sum.saturating_add(u128::from(value));
        self.squares = self.squares.saturating_add(u128::from(value) * u128::from(value));
    }

    /// Adds another set of values.
    pub fn merge(&mut self, other: &Moments) {
        self.count = self.count.saturating_add(other.count);
        self.sum = self.sum.saturating_add(other.sum);
        self.squares = self.squares.saturating_add(other.squares);
    }

    /// Mean, its 95% interval (normal approximation) and the sample standard deviation, as
    /// [`mean_interval`] gives them; the variance is computed in integers,
    /// (n·Σx² − (Σx)²) / (n(n − 1)).
    pub fn mean_interval(&self) -> (f64, [f64; 2], f64) {
        if self.count == 0 {
            return (0.0, [0.0, 0.0], 0.0);
        }
        let n = self.count as f64;
        let mean = self.sum as f64 / n;
        let variance = if self.count > 1 {
            let count = u128::from(self.count);
            let spread = count
                .checked_mul(self.squares)
                .and_then(|product| product.checked_sub(self.sum.checked_mul(self.sum)?))
                .map(|spread| spread as f64)
                // Beyond 2^128 the integer form would overflow: the floating-point form instead.
                .unwrap_or_else(|| n * self.squares as f64 - (self.sum as f64).powi(2));
            spread.max(0.0) / (n * (n - 1.0))
        } else {
            0.0
        };
        let sd = variance.sqrt();
        let half = Z95 * sd / n.sqrt();
        (mean, [mean - half, mean + half], sd)
    }
}

/// Durations in microseconds, counted in buckets 1/32 of a power of two wide (exact below 64
/// µs): percentiles within about 3%, the maximum exact, a few kilobytes whatever the count, and
/// histograms from shards add up.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TimeHistogram {
    /// Count of each bucket (trailing empty buckets left out).
    pub buckets: Vec<u64>,
    /// The longest duration.
    pub max: u32,
}

impl TimeHistogram {
    const SUB_BITS: u32 = 5;

    fn bucket(micros: u32) -> usize {
        let sub = 1u32 << Self::SUB_BITS;
        if micros < 2 * sub {
            return micros as usize;
        }
        let exponent = 31 - micros.leading_zeros(); // at least SUB_BITS + 1
        let shift = exponent - Self::SUB_BITS;
        let mantissa = (micros >> shift) - sub; // 0..sub
        (2 * sub + (shift - 1) * sub + mantissa) as usize
    }

    /// The largest duration that falls in `bucket`.
    fn upper(bucket: usize) -> u32 {
        let sub = 1usize << Self::SUB_BITS;
        if bucket < 2 * sub {
            return bucket as u32;
        }
        let shift = ((bucket - 2 * sub) / sub + 1) as u32;
        let mantissa = ((bucket - 2 * sub) % sub + sub) as u64;
        (((mantissa + 1) << shift) - 1).min(u64::from(u32::MAX)) as u32
    }

    /// Counts one duration.
    pub fn add(&mut self, micros: u32) {
        let bucket = Self::bucket(micros);
        if self.buckets.len() <= bucket {
            self.buckets.resize(bucket + 1, 0);
        }
        self.buckets[bucket] += 1;
        self.max = self.max.max(micros);
    }

    /// Adds another histogram.
    pub fn merge(&mut self, other: &TimeHistogram) {
        if self.buckets.len() < other.buckets.len() {
            self.buckets.resize(other.buckets.len(), 0);
        }
        self.buckets
            .iter_mut()
            .zip(&other.buckets)
            .for_each(|(mine, theirs)| *mine = mine.saturating_add(*theirs));
        self.max = self.max.max(other.max);
    }

    /// The duration below which a fraction `q` of them fall (the bucket's upper end, at most the
    /// maximum), in microseconds; 0 when empty.
    pub fn quantile(&self, q: f64) -> u32 {
        // Saturating: a histogram read from a file may hold any counts.
        let total = self.buckets.iter().fold(0u64, |total, &count| total.saturating_add(count));
        if total == 0 {
            return 0;
        }
        let rank = ((total as f64 * q) as u64).min(total - 1);
        let mut seen = 0;
        for (bucket, &count) in self.buckets.iter().enumerate() {
            seen = count.saturating_add(seen);
            if seen > rank {
                return Self::upper(bucket).min(self.max);
            }
        }
        self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_contains_the_rate() {
        let [low, high] = wilson_interval(41, 100);
        assert!(low < 0.41 && 0.41 < high);
        assert!((high - low) < 0.2);
    }

    #[test]
    fn paired_interval_matches_the_variance_of_the_paired_difference() {
        // 100 games: 30 won by the first only, 10 by the second only: d = 0.2, and the variance of
        // one game's difference is (0.3 + 0.1) − 0.2² = 0.36, so the half-width is 1.96 · 0.6 / 10.
        let [low, high] = paired_interval(30, 10, 100);
        let half = Z95 * 0.06;
        assert!((low - (0.2 - half)).abs() < 1e-12 && (high - (0.2 + half)).abs() < 1e-12, "{low} {high}");
        assert_eq!(paired_interval(0, 0, 0), [-1.0, 1.0]);
    }

    #[test]
    fn game_seeds_differ_from_game_to_game_and_seed_to_seed() {
        let seeds: std::collections::HashSet<u64> =
            (0..1000).flat_map(|index| [game_seed(1, index), game_seed(2, index)]).collect();
        assert_eq!(seeds.len(), 2000);
        assert_eq!(game_seed(7, 3), game_seed(7, 3));
    }

    #[test]
    fn the_interval_is_mean_plus_minus_z_sd_over_root_n() {
        let (mean, [low, high], sd) = mean_interval(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(mean, 2.5);
        let expected_sd = (5.0f64 / 3.0).sqrt();
        assert!((sd - expected_sd).abs() < 1e-12);
        assert!((high - low - 2.0 * Z95 * expected_sd / 2.0).abs() < 1e-12);
    }

    #[test]
    fn exact_sums_do_not_depend_on_the_order() {
        use rand::{RngExt, SeedableRng};
        let mut random = rand_pcg::Pcg64Mcg::seed_from_u64(3);
        let values: Vec<f64> = (0..10_000).map(|_| random.random::<f64>() * 7.0).collect();
        let mut forward = ExactSum::default();
        values.iter().for_each(|&value| forward.add(value));
        let (mut left, mut right) = (ExactSum::default(), ExactSum::default());
        values[..3_333].iter().rev().for_each(|&value| left.add(value));
        values[3_333..].iter().rev().for_each(|&value| right.add(value));
        right.merge(left);
        assert_eq!(forward, right);
        let plain: f64 = values.iter().sum();
        assert!((forward.value() - plain).abs() < 1e-9, "{} against {plain}", forward.value());
    }

    #[test]
    fn moments_agree_with_the_floating_point_interval() {
        let values = [3u64, 9, 0, 14, 14, 2, 7];
        let mut moments = Moments::default();
        values.iter().for_each(|&value| moments.add(value));
        let floats: Vec<f64> = values.iter().map(|&value| value as f64).collect();
        let (mean, interval, sd) = moments.mean_interval();
        let (mean2, interval2, sd2) = mean_interval(&floats);
        assert!((mean - mean2).abs() < 1e-12 && (sd - sd2).abs() < 1e-12);
        assert!((interval[0] - interval2[0]).abs() < 1e-12 && (interval[1] - interval2[1]).abs() < 1e-12);
    }

    #[test]
    fn time_histogram_quantiles_are_within_their_bucket() {
        let mut histogram = TimeHistogram::default();
        for micros in 0..100_000u32 {
            histogram.add(micros);
        }
        for q in [0.0, 0.5, 0.9, 0.99, 1.0] {
            let exact = ((100_000.0 * q) as u32).min(99_999);
            let found = histogram.quantile(q);
            assert!(
                found >= exact && f64::from(found) <= f64::from(exact) * 1.04 + 1.0,
                "q {q}: {found} {exact}"
            );
        }
        assert_eq!(histogram.max, 99_999);
        for micros in [0, 1, 63, 64, 65, 127, 128, 1000, u32::MAX] {
            let bucket = TimeHistogram::bucket(micros);
            assert!(TimeHistogram::upper(bucket) >= micros, "{micros}");
            assert!(bucket == 0 || TimeHistogram::upper(bucket - 1) < micros, "{micros}");
        }
    }
}
