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

/// The squares at fixed offsets around any square of a wrapping board. The offsets are kept as
/// steps modulo the board and, for the squares far enough from every edge that no offset wraps
/// (most of a board), as signed steps of the square's index, which need no wrapping.
#[derive(Clone, Debug)]
pub struct Around {
    offsets: Vec<(usize, usize)>,
    steps: Vec<isize>,
    rows: usize,
    cols: usize,
    /// Rows and columns whose squares take the signed steps.
    inner_rows: std::ops::Range<usize>,
    inner_cols: std::ops::Range<usize>,
}

impl Around {
    /// The squares at `offsets` (each a non-negative step below the board's size) on a board of
    /// `rows` x `cols`.
    pub fn new(offsets: Vec<(usize, usize)>, rows: usize, cols: usize) -> Around {
        let signed = |step: usize, size: usize| {
            if step <= size / 2 { step as isize } else { step as isize - size as isize }
        };
        let pairs: Vec<(isize, isize)> =
            offsets.iter().map(|&(dr, dc)| (signed(dr, rows), signed(dc, cols))).collect();
        let inner = |low: isize, high: isize, size: usize| {
            let start = (-low).max(0) as usize;
            let end = (size as isize - high.max(0)).max(0) as usize;
            start..end.max(start)
        };
        let (low_r, high_r) = pairs.iter().fold((0, 0), |(lo, hi), &(dr, _)| (dr.min(lo), dr.max(hi)));
        let (low_c, high_c) = pairs.iter().fold((0, 0), |(lo, hi), &(_, dc)| (dc.min(lo), dc.max(hi)));
        Around {
            steps: pairs.iter().map(|&(dr, dc)| dr * cols as isize + dc).collect(),
            inner_rows: inner(low_r, high_r, rows),
            inner_cols: inner(low_c, high_c, cols),
            offsets,
            rows,
            cols,
        }
    }

    /// The offsets, as given.
    pub fn offsets(&self) -> &[(usize, usize)] {
        &self.offsets
    }

    /// Calls `visit` with each square around `at`, in the order of the offsets.
    #[inline]
    pub fn each(&self, at: usize, mut visit: impl FnMut(usize)) {
        let (r, c) = (at / self.cols, at % self.cols);
        if self.inner_rows.contains(&r) && self.inner_cols.contains(&c) {
            for &step in &self.steps {
                visit(at.wrapping_add_signed(step));
            }
        } else {
            let (rows, cols) = (self.rows, self.cols);
            for &(dr, dc) in &self.offsets {
                visit(crate::game::wrap(r + dr, rows) * cols + crate::game::wrap(c + dc, cols));
            }
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The steps taken away from the edges give the same squares, in the same order, as the
    /// wrapping arithmetic, on every square of boards small and large (offsets that repeat on a
    /// board smaller than the disc included).
    #[test]
    fn around_matches_wrapping_everywhere() {
        for (rows, cols) in [(1, 1), (3, 3), (4, 9), (5, 7), (17, 18), (20, 31)] {
            for radius2 in [1, 2, 5, 10, 77] {
                let around = Around::new(disc(radius2, rows, cols), rows, cols);
                for at in 0..rows * cols {
                    let (r, c) = (at / cols, at % cols);
                    let wrapped: Vec<usize> = around
                        .offsets()
                        .iter()
                        .map(|&(dr, dc)| (r + dr) % rows * cols + (c + dc) % cols)
                        .collect();
                    let mut seen = Vec::new();
                    around.each(at, |square| seen.push(square));
                    assert_eq!(seen, wrapped, "{rows}x{cols}, radius2 {radius2}, square {at}");
                }
            }
        }
    }
}
