//! Go, Gopher! (interactive): prepare a full rectangle of at least A cells in a 1000 x 1000
//! orchard with at most 1000 deployments; a deployment at (i, j) prepares a uniformly random
//! cell of the 3 x 3 block around it. The solver picks a 3-row rectangle of width
//! max(3, ceil(A / 3)) away from the border and always deploys at the block centre (inside the
//! rectangle's middle row, so nothing outside is ever prepared) whose block still has the most
//! unprepared cells. A = 200 takes about 500 deployments on average (the worst of 1,000 cases:
//! under 700 of the 1,000 allowed).
//!
//! The write-up's program ([`Sweep`]) aims at a floor(sqrt A) x ceil(sqrt A) grid and sweeps a
//! 3 x 3 block over it, row by row, again and again, skipping a block whose cells it holds as
//! all prepared.

use super::{Exchange, JudgeReport, JudgeSettings, Method, read_line, run_judge, write_line};
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

/// The write-up's sweep: the block centres of a floor(sqrt A) x ceil(sqrt A) grid, `step` cells
/// apart (its first try: 1; its final program: 2, with the last row or column added when the
/// side is even), deployed in turn, over and over. As printed, it records the deployed centre
/// as prepared (`mark_filled_cell(center, board)`), not the cell the gopher prepared, so it
/// skips a block only once every centre in it has been deployed at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    centres: Vec<(i64, i64)>,
    next: usize,
    marked: rustc_hash::FxHashSet<(i64, i64)>,
}

impl Sweep {
    /// The sweep for an area of at least `area` cells, its centres `step` apart.
    pub fn new(area: u64, step: usize) -> Self {
        let root = area.isqrt() as i64;
        let (width, height) = (root, if root * root == area as i64 { root } else { root + 1 });
        // Python's `list(range(side))[1:-1]`, every step-th, and the last when the side is even.
        let offsets = |side: i64| {
            let mut list: Vec<i64> = (1..side - 1).step_by(step).collect();
            if side % 2 == 0 {
                list.push(side - 1);
            }
            list
        };
        let rows = offsets(width);
        let columns = offsets(height);
        let centres = rows.iter().flat_map(|&i| columns.iter().map(move |&j| (i + 1, j + 1))).collect();
        Self { centres, next: 0, marked: Default::default() }
    }

    /// The block centres of one sweep, in order.
    pub fn centres(&self) -> &[(i64, i64)] {
        &self.centres
    }

    /// The rectangle its blocks cover: top-left row and column, rows, columns.
    pub fn rectangle(&self) -> (i64, i64, i64, i64) {
        let rows = self.centres.iter().map(|c| c.0);
        let columns = self.centres.iter().map(|c| c.1);
        let (top, bottom) = (rows.clone().min().unwrap_or(2) - 1, rows.max().unwrap_or(2) + 1);
        let (left, right) = (columns.clone().min().unwrap_or(2) - 1, columns.max().unwrap_or(2) + 1);
        (top, left, bottom - top + 1, right - left + 1)
    }

    /// The next deployment: the next centre whose block is not all marked.
    pub fn target(&mut self) -> (i64, i64) {
        for _ in 0..self.centres.len() {
            let centre = self.centres[self.next];
            self.next = (self.next + 1) % self.centres.len();
            let full =
                (-1..=1).all(|di| (-1..=1).all(|dj| self.marked.contains(&(centre.0 + di, centre.1 + dj))));
            if !full {
                self.marked.insert(centre);
                return centre;
            }
        }
        // Every block is marked: the Python loops on without deploying; deploy the first.
        self.centres[0]
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
pub fn play(method: Method, input: &mut impl BufRead, output: &mut impl Write) -> Result<(), ClassicsError> {
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
        let mut sweep = match method {
            Method::WriteUp => Some(Sweep::new(area, 2)),
            Method::WriteUpFirst => Some(Sweep::new(area, 1)),
            Method::Curio => None,
        };
        loop {
            let (row, col) = match &mut sweep {
                Some(sweep) => sweep.target(),
                None => planner.target(),
            };
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
            let report = play_against_judge(
                CodeJamProblem::GoGopher,
                Method::Curio,
                JudgeSettings { cases: 20, seed, test_set },
            )
            .unwrap();
            assert_eq!((report.won, report.verdict.as_deref()), (20, None));
            assert!(report.exchanges.iter().all(|&count| count <= DEPLOYMENTS));
        }
    }

    #[test]
    fn the_write_ups_sweeps_cover_their_grid() {
        // A = 20: a 4 x 5 grid; two cells a step, the even side gains its last centre, whose
        // block reaches one past the grid (the rectangle grows to 5 x 5).
        assert_eq!(Sweep::new(20, 2).centres(), &[(2, 2), (2, 4), (4, 2), (4, 4)]);
        assert_eq!(Sweep::new(20, 1).centres().len(), 3 * 3);
        let blocks = |sweep: &Sweep| -> std::collections::BTreeSet<(i64, i64)> {
            sweep
                .centres()
                .iter()
                .flat_map(|&(r, c)| (-1..=1).flat_map(move |dr| (-1..=1).map(move |dc| (r + dr, c + dc))))
                .collect()
        };
        for (area, step) in [(20, 1), (20, 2), (200, 1), (200, 2), (16, 2), (9, 1)] {
            let sweep = Sweep::new(area, step);
            let covered = blocks(&sweep);
            let (_, _, height, width) = sweep.rectangle();
            assert_eq!(covered.len() as i64, height * width);
            let rows =
                covered.iter().map(|c| c.0).max().unwrap() - covered.iter().map(|c| c.0).min().unwrap() + 1;
            let columns =
                covered.iter().map(|c| c.1).max().unwrap() - covered.iter().map(|c| c.1).min().unwrap() + 1;
            assert_eq!(covered.len() as i64, rows * columns, "A = {area}, step {step}: a rectangle");
            assert!(covered.len() as u64 >= area);
        }
        // Against the judge: A = 20 is won; at A = 200 a case can be lost.
        let settings = JudgeSettings { cases: 20, seed: 1, test_set: 1 };
        for method in [Method::WriteUp, Method::WriteUpFirst] {
            let report = play_against_judge(CodeJamProblem::GoGopher, method, settings).unwrap();
            assert_eq!((report.won, report.verdict), (20, None));
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
