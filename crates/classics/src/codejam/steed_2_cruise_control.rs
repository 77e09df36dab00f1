//! Steed 2: Cruise Control: horses ride east at constant speeds toward a destination D; Annie
//! may not pass any of them (they block the single-lane road). The fastest constant speed
//! arrives together with the horse that arrives last: D / max_i((D - K_i) / S_i).

use super::Tokens;
use crate::ClassicsError;

/// A horse: where it starts and how fast it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Horse {
    /// Start, 0 < K < D.
    pub start: u64,
    /// Speed.
    pub speed: u64,
}

/// The horse that arrives last (compared exactly, as fractions).
pub fn slowest(distance: u64, horses: &[Horse]) -> Option<Horse> {
    horses.iter().copied().max_by(|a, b| {
        let left = (distance - a.start) as u128 * b.speed as u128;
        let right = (distance - b.start) as u128 * a.speed as u128;
        left.cmp(&right)
    })
}

/// Annie's fastest speed.
pub fn fastest_speed(distance: u64, horses: &[Horse]) -> f64 {
    let last = slowest(distance, horses).expect("there is at least one horse");
    distance as f64 * last.speed as f64 / (distance - last.start) as f64
}

pub(super) fn read_and_solve(tokens: &mut Tokens) -> Result<String, ClassicsError> {
    let distance = tokens.number("D", 2, 1_000_000_000)?;
    let count = tokens.count("N", 1, 1000)?;
    let mut horses = Vec::with_capacity(count);
    for _ in 0..count {
        let start = tokens.number("K", 0, distance - 1)?;
        let speed = tokens.number("S", 1, 10_000)?;
        horses.push(Horse { start, speed });
    }
    Ok(format!("{:.6}", fastest_speed(distance, &horses)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codejam::CodeJamProblem;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn the_sample() {
        let problem = CodeJamProblem::Steed2CruiseControl;
        let output = problem.solve(problem.sample_input()).unwrap();
        assert_eq!(output, "Case #1: 101.000000\nCase #2: 100.000000\nCase #3: 33.333333\n");
    }

    /// Simulates the road: at Annie's speed she never catches a horse before D (checked at the
    /// horse's arrival, where catching would happen last), and a little faster she does.
    #[test]
    fn the_speed_is_the_largest_that_passes_no_horse() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(11);
        for _ in 0..500 {
            let distance = rng.random_range(2..=10_000u64);
            let horses: Vec<Horse> = (0..rng.random_range(1..=5))
                .map(|_| Horse { start: rng.random_range(0..distance), speed: rng.random_range(1..=100) })
                .collect();
            let speed = fastest_speed(distance, &horses);
            let passes = |speed: f64| {
                horses.iter().any(|horse| {
                    let arrival = (distance - horse.start) as f64 / horse.speed as f64;
                    speed * arrival > distance as f64 * (1.0 + 1e-9)
                })
            };
            assert!(!passes(speed));
            assert!(passes(speed * 1.000_001));
        }
    }
}
