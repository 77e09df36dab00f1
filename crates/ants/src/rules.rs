//! The game's settings: the turn limit, the time limits, the three squared radii, the food
//! parameters and the early-end cutoff, as the official engine's defaults give them.

use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

/// Squared distance between squares on a wrapping board.
pub fn distance2(a: (usize, usize), b: (usize, usize), rows: usize, cols: usize) -> usize {
    let dr = a.0.abs_diff(b.0);
    let dr = dr.min(rows - dr);
    let dc = a.1.abs_diff(b.1);
    let dc = dc.min(cols - dc);
    dr * dr + dc * dc
}

/// Offsets within a squared radius (centre included), each a non-negative step modulo the
/// board, without repeats.
pub fn disc(radius2: u32, rows: usize, cols: usize) -> Vec<(usize, usize)> {
    let mx = (radius2 as f64).sqrt() as i64;
    let mut list = Vec::new();
    for dr in -mx..=mx {
        for dc in -mx..=mx {
            if dr * dr + dc * dc <= i64::from(radius2) {
                let offset = (dr.rem_euclid(rows as i64) as usize, dc.rem_euclid(cols as i64) as usize);
                if !list.contains(&offset) {
                    list.push(offset);
                }
            }
        }
    }
    list
}

/// One game's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// The last turn played (the official default is 1,000).
    pub turns: u32,
    /// Milliseconds a bot has to answer turn 0.
    pub loadtime: u32,
    /// Milliseconds a bot has to answer every later turn.
    pub turntime: u32,
    /// Squared radius an ant sees (77).
    pub viewradius2: u32,
    /// Squared radius an ant fights (5).
    pub attackradius2: u32,
    /// Squared radius an ant gathers food (1).
    pub spawnradius2: u32,
    /// Food a player every `food_turn` turns (drawn from 5 to 11).
    pub food_rate: u32,
    /// See `food_rate` (drawn from 19 to 37).
    pub food_turn: u32,
    /// One food at the start for every this many squares of land (drawn from 75 to 175).
    pub food_start: u32,
    /// Food a player placed in sight of its hills at the start (drawn from 3 to 5).
    pub food_visible: u32,
    /// Turns one side may hold `cutoff_percent` of the population before the game ends (150).
    pub cutoff_turn: u32,
    /// See `cutoff_turn` (0.85).
    pub cutoff_percent: f64,
    /// The engine's seed, as the replay records it.
    pub engine_seed: i64,
    /// The seed told to the bots.
    pub player_seed: i64,
}

impl Settings {
    /// The official defaults, the food parameters drawn from their ranges with `engine_seed`.
    pub fn official(engine_seed: i64, player_seed: i64) -> Settings {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(engine_seed as u64);
        Settings {
            turns: 1000,
            loadtime: 3000,
            turntime: 1000,
            viewradius2: 77,
            attackradius2: 5,
            spawnradius2: 1,
            food_rate: rng.random_range(5..=11),
            food_turn: rng.random_range(19..=37),
            food_start: rng.random_range(75..=175),
            food_visible: rng.random_range(3..=5),
            cutoff_turn: 150,
            cutoff_percent: 0.85,
            engine_seed,
            player_seed,
        }
    }

    /// Whether the settings can be played; the message names the first field that cannot.
    pub fn check(&self) -> Result<(), String> {
        if self.turns == 0 || self.turns > 100_000 {
            return Err("turns must be 1 to 100,000".into());
        }
        for (name, value) in [
            ("viewradius2", self.viewradius2),
            ("attackradius2", self.attackradius2),
            ("spawnradius2", self.spawnradius2),
        ] {
            if value > 10_000 {
                return Err(format!("{name} must be at most 10,000"));
            }
        }
        if self.food_turn == 0 {
            return Err("food_turn must be positive".into());
        }
        if !(0.0..=1.0).contains(&self.cutoff_percent) {
            return Err("cutoff_percent must be 0 to 1".into());
        }
        Ok(())
    }
}
