//! Puzzles with exactly one solution, from a seed. A random Latin rectangle gives a full
//! solution; a random share of its cells become holes; then cells are emptied one by one (in a
//! random order), each kept empty only if the solution stays unique, until the pieces asked for
//! are reached. With sums, a line's sum is added whenever emptying a cell would break
//! uniqueness and the sum restores it. A seed that gets stuck moves on to the next attempt
//! (derived from the same seed), so the result depends on the seed alone. Uniqueness must be
//! proven within [`PROOF_NODES`] search nodes, which bounds how long any generated puzzle takes
//! to solve.
//!
//! Difficulty: how much the solver must guess to prove the solution unique: 10 points a
//! branch point, one a hidden single, plus a tenth of the naked singles: a puzzle propagation
//! solves outright rates under 10 for its size.

use super::solver::{self, Event};
use super::{Cell, Line, Puzzle, Sum};
use curio_core::bounds::Bounds;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt, SeedableRng};

/// Rows and columns of a generated puzzle (each): `curio puzlogic generate --size` and the
/// panel's.
pub const SIDE: Bounds<usize> = Bounds::new(1, super::MAX_SIDE, 6);

/// Pieces of a generated puzzle, fewer than its cells too: `--pieces` and the panel's.
pub const PIECES: Bounds<usize> = Bounds::new(1, 30, 10);

/// The campaign's levels: `curio puzlogic generate --level` and the panel's.
pub const LEVEL: Bounds<usize> = Bounds::new(1, CAMPAIGN_LEVELS, 1);

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Spec {
    /// Rows, in [`SIDE`].
    pub rows: usize,
    /// Columns, in [`SIDE`].
    pub cols: usize,
    /// Pieces (empty cells), in [`PIECES`] and fewer than the cells.
    pub pieces: usize,
    /// Whether to add row and column sums.
    pub sums: bool,
}

impl Spec {
    /// Checks the ranges; an error names the problem.
    pub fn check(&self) -> Result<(), String> {
        if !SIDE.contains(self.rows) || !SIDE.contains(self.cols) {
            return Err(format!(
                "the size must be {min}x{min} to {max}x{max}, not {}x{}",
                self.rows,
                self.cols,
                min = SIDE.min,
                max = SIDE.max
            ));
        }
        if !PIECES.contains(self.pieces) || self.pieces >= self.rows * self.cols {
            return Err(format!(
                "pieces must be {} to {} and fewer than the {} cells, not {}",
                PIECES.min,
                PIECES.max,
                self.rows * self.cols,
                self.pieces
            ));
        }
        Ok(())
    }
}

/// How hard a puzzle is for the solver.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Difficulty {
    /// Branch points the solver needed to find and prove the solution.
    pub guesses: u64,
    /// Hidden singles used.
    pub hidden_singles: u64,
    /// Naked singles used.
    pub naked_singles: u64,
    /// The rating: 10 a guess, 1 a hidden single, 0.1 a naked single.
    pub rating: f64,
}

/// Rates a puzzle (see the module's docs).
pub fn difficulty(puzzle: &Puzzle) -> Difficulty {
    let (report, trace) = solver::solve_traced(puzzle, 2, Some(1_000_000));
    let hidden = trace.iter().filter(|e| matches!(e, Event::Forced(_, _, _, true))).count() as u64;
    let naked = trace.iter().filter(|e| matches!(e, Event::Forced(_, _, _, false))).count() as u64;
    Difficulty {
        guesses: report.guesses,
        hidden_singles: hidden,
        naked_singles: naked,
        rating: 10.0 * report.guesses as f64 + hidden as f64 + 0.1 * naked as f64,
    }
}

/// A random Latin rectangle: numbers 1..=max(rows, cols), none twice in a row or column.
fn latin(rows: usize, cols: usize, rng: &mut impl Rng) -> Vec<u8> {
    let n = rows.max(cols);
    let mut row_order: Vec<usize> = (0..n).collect();
    let mut col_order: Vec<usize> = (0..n).collect();
    let mut symbols: Vec<u8> = (1..=n as u8).collect();
    row_order.shuffle(rng);
    col_order.shuffle(rng);
    symbols.shuffle(rng);
    (0..rows * cols).map(|i| symbols[(row_order[i / cols] + col_order[i % cols]) % n]).collect()
}

/// Search nodes the solver may spend proving a generated puzzle unique: a cell is kept empty
/// only while the proof stays within it, so no generated puzzle needs a long search (the
/// hardest would take the solver a good part of a second, and a person much longer).
pub const PROOF_NODES: u64 = 1500;

fn unique(puzzle: &Puzzle) -> bool {
    let (report, _) = solver::solve_bounded(puzzle, 2, PROOF_NODES, None);
    report.complete && report.solutions.len() == 1
}

/// One attempt; `None` when it got stuck.
fn attempt(spec: Spec, rng: &mut impl Rng) -> Option<Puzzle> {
    let (rows, cols) = (spec.rows, spec.cols);
    let solution = latin(rows, cols, rng);
    // Holes: keep enough cells for the pieces and some givens.
    let cells_wanted = (spec.pieces + spec.pieces.div_ceil(2) + 1).clamp(spec.pieces + 1, rows * cols);
    let mut order: Vec<usize> = (0..rows * cols).collect();
    order.shuffle(rng);
    let mut cells: Vec<Cell> = vec![Cell::Hole; rows * cols];
    let keep = rng.random_range(cells_wanted..=rows * cols);
    for &i in &order[..keep] {
        cells[i] = Cell::Given(solution[i]);
    }
    let mut puzzle = Puzzle { rows, cols, cells, pieces: Vec::new(), sums: Vec::new() };
    let mut givens: Vec<usize> = order[..keep].to_vec();
    givens.shuffle(rng);
    for i in givens {
        if puzzle.pieces.len() == spec.pieces {
            break;
        }
        let mut next = puzzle.clone();
        next.cells[i] = Cell::Empty;
        next.pieces.push(solution[i]);
        next.pieces.sort_unstable();
        if unique(&next) {
            puzzle = next;
            continue;
        }
        if spec.sums {
            // A sum on one of the cell's lines may restore uniqueness.
            let (r, c) = (i / cols, i % cols);
            for line in [Line::Row(r), Line::Col(c)] {
                if next.sums.iter().any(|s| s.line == line) {
                    continue;
                }
                let target: u32 = next
                    .line_cells(line)
                    .iter()
                    .filter(|&&(rr, cc)| next.cell(rr, cc) != Cell::Hole)
                    .map(|&(rr, cc)| solution[rr * cols + cc] as u32)
                    .sum();
                let mut with_sum = next.clone();
                with_sum.sums.push(Sum { line, target });
                if unique(&with_sum) {
                    puzzle = with_sum;
                    break;
                }
            }
        }
    }
    (puzzle.pieces.len() == spec.pieces).then_some(puzzle)
}

/// A puzzle of `spec` with exactly one solution, from `seed`; `Err` when 200 attempts all got
/// stuck (too many pieces for the size).
pub fn generate(spec: Spec, seed: u64) -> Result<Puzzle, String> {
    spec.check()?;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    for _ in 0..200 {
        let mut attempt_rng = rand_pcg::Pcg64Mcg::seed_from_u64(rng.random());
        if let Some(puzzle) = attempt(spec, &mut attempt_rng) {
            return Ok(puzzle);
        }
    }
    Err(format!(
        "no unique {}x{} puzzle with {} pieces found in 200 attempts from seed {seed}",
        spec.rows, spec.cols, spec.pieces
    ))
}

/// The campaign's levels, 1 to 30.
pub const CAMPAIGN_LEVELS: usize = 30;

/// The spec of campaign level `level` (1-based): grids grow from 3x3 to 9x9 and pieces from 2
/// to 30; every third level has sums.
pub fn campaign_spec(level: usize) -> Spec {
    let level = level.clamp(1, CAMPAIGN_LEVELS);
    let t = (level - 1) as f64 / (CAMPAIGN_LEVELS - 1) as f64;
    let side = (3.0 + 6.0 * t).round() as usize;
    let pieces = ((2.0 + 28.0 * t * t).round() as usize).min(side * side - 1);
    Spec { rows: side, cols: side, pieces, sums: level.is_multiple_of(3) }
}

/// Campaign level `level` (1-based): of twelve seeds, the puzzle whose rating is nearest the
/// level's place on the scale from easy to hard, so ratings rise along the campaign.
pub fn campaign_level(level: usize) -> Result<Puzzle, String> {
    let spec = campaign_spec(level);
    let mut best: Option<(f64, Puzzle)> = None;
    let goal = 30.0 * (level as f64 - 1.0) / (CAMPAIGN_LEVELS - 1) as f64;
    for k in 0..12 {
        let puzzle = generate(spec, 1000 * level as u64 + k)?;
        let distance = (difficulty(&puzzle).rating - goal).abs();
        if best.as_ref().is_none_or(|(d, _)| distance < *d) {
            best = Some((distance, puzzle));
        }
    }
    Ok(best.expect("twelve candidates").1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_puzzles_have_one_solution_and_the_asked_pieces() {
        for (spec, seed) in [
            (Spec { rows: 3, cols: 3, pieces: 3, sums: false }, 1),
            (Spec { rows: 5, cols: 4, pieces: 8, sums: true }, 2),
            (Spec { rows: 9, cols: 9, pieces: 30, sums: false }, 3),
            (Spec { rows: 9, cols: 9, pieces: 30, sums: true }, 4),
        ] {
            let puzzle = generate(spec, seed).unwrap();
            assert_eq!(puzzle.pieces.len(), spec.pieces);
            assert_eq!((puzzle.rows, puzzle.cols), (spec.rows, spec.cols));
            let report = solver::solve(&puzzle, usize::MAX);
            assert_eq!(report.solutions.len(), 1, "{}", puzzle.text());
            assert_eq!(generate(spec, seed).unwrap(), puzzle, "the same seed gives the same puzzle");
            assert_eq!(Puzzle::parse(&puzzle.text()).unwrap(), puzzle);
        }
        assert!(generate(Spec { rows: 2, cols: 2, pieces: 4, sums: false }, 1).is_err());
    }

    #[test]
    fn the_campaign_has_thirty_unique_levels() {
        for level in [1, 10, 30] {
            let puzzle = campaign_level(level).unwrap();
            assert_eq!(solver::solve(&puzzle, 2).solutions.len(), 1);
            assert_eq!(puzzle.pieces.len(), campaign_spec(level).pieces);
        }
        assert_eq!(campaign_spec(1).pieces, 2);
        assert_eq!(campaign_spec(30), Spec { rows: 9, cols: 9, pieces: 30, sums: true });
    }
}
