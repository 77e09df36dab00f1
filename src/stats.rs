//! Statistics for win-rate measurements, shared by every domain that plays games: per-game
//! seeds that do not depend on the thread count, the Wilson interval of a win rate, the
//! interval of a paired difference of two players on the same games, and the interval of a mean.

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
}
