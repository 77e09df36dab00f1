//! Long-term risk: 50/50s that may form later, and the guesses that settle them now.
//!
//! Two covered cells side by side form an unavoidable 50/50 when one of them is a mine and every
//! cell that touches only one of them is a mine (or off the board): nothing can ever tell them
//! apart. Likewise a 2x2 block whose mines lie on one diagonal, once its four diagonal corner
//! neighbours are mines (every other neighbour touches one cell of each diagonal). A possible
//! 50/50 is such a pattern whose telling cells are still covered; the chance that it forms is the
//! share of layouts in which its missing mines, its mine and its safe cells are all in place,
//! counted exactly with `solver::count_layouts_assuming`.
//!
//! A guess on a cell of a possible 50/50 (or on one of its missing mines) settles it now, while the
//! loss is still avoidable; left alone it may cost a forced coin flip later. The lookahead
//! therefore multiplies a candidate's score by 1 + w · influence / safety, where the influence is
//! the chance of the possible 50/50s through the cell (capped at its chances of being a mine and
//! of being safe), and cells with influence join the candidates when their safety plus influence
//! passes 0.9 of the best safety.
//!
//! Source: D. N. Hill's "long-term risk" (as his solver's documentation describes it: the 50/50
//! influence factor 1 + 0.9 · influence / safety); the patterns and limits below follow his
//! description; no code was copied. Measured in docs/mines.md (Guessing).

use super::board::Cell;
use super::solver::{self, Analysis, BoardView};
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// Chances at or below this do not mark cells in the board sweep.
const SWEEP_THRESHOLD: f64 = 0.025;

/// Below this a chance counts as 0 (no layout fits).
const NEGLIGIBLE: f64 = 1e-12;

/// Shape of a possible 50/50, anchored at its top-left cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Shape {
    /// The anchor and its right neighbour; the anchor is the mine.
    Across,
    /// The anchor and the cell below; the anchor is the mine.
    Down,
    /// The 2x2 block; the anchor and its diagonal opposite are the mines.
    Block,
}

/// One possible 50/50: the chance that it forms, the mines it still needs, and its cells.
struct Possible {
    chance: f64,
    missing: Vec<usize>,
    cells: Vec<usize>,
}

/// The possible 50/50s of one analysed position.
pub struct LongTermRisk<'a> {
    view: &'a BoardView<'a>,
    analysis: &'a Analysis,
    node_budget: u64,
    mines_left: usize,
    /// Per cell: summed chance of the swept possible 50/50s that it belongs to.
    member: Vec<f64>,
    /// Per cell: summed chance of the swept possible 50/50s that need it as a mine.
    enabler: Vec<f64>,
    /// Chances already counted, by shape and anchor.
    counted: RefCell<FxHashMap<(Shape, usize), f64>>,
    /// Per cell: covered and not a certain mine.
    open: Vec<bool>,
}

impl<'a> LongTermRisk<'a> {
    /// Sweeps the board for possible 50/50s that need at most one more mine; `None` when the
    /// analysis is approximate.
    pub fn new(view: &'a BoardView<'a>, analysis: &'a Analysis, node_budget: u64) -> Option<Self> {
        if !analysis.exact {
            return None;
        }
        let cells = view.width * view.height;
        let mines_left = view.mines.checked_sub(analysis.mines.len())?;
        let mut open: Vec<bool> =
            view.cells.iter().map(|cell| matches!(cell, Cell::Covered | Cell::Flagged)).collect();
        for &mine in &analysis.mines {
            open[mine] = false;
        }
        let mut risk = Self {
            view,
            analysis,
            node_budget,
            mines_left,
            member: vec![0.0; cells],
            enabler: vec![0.0; cells],
            counted: RefCell::default(),
            open,
        };
        let mut found = Vec::new();
        for shape in [Shape::Across, Shape::Down, Shape::Block] {
            for anchor in 0..cells {
                if let Some(possible) = risk.possible(shape, anchor, 1, SWEEP_THRESHOLD) {
                    found.push(possible);
                }
            }
        }
        for possible in found.into_iter().filter(|p| p.chance > SWEEP_THRESHOLD) {
            for &cell in &possible.missing {
                risk.enabler[cell] += possible.chance;
            }
            for &cell in &possible.cells {
                risk.member[cell] += possible.chance;
            }
        }
        Some(risk)
    }

    /// The chance of the possible 50/50s through `cell`: the likeliest of each shape through it
    /// (needing at most three more mines) plus those of the sweep that need it as a mine, capped
    /// at the chances of the cell being a mine and being safe.
    pub fn influence(&self, cell: usize) -> f64 {
        let width = self.view.width;
        let (x, y) = (cell % width, cell / width);
        let left = (x > 0).then(|| cell - 1);
        let up = (y > 0).then(|| cell - width);
        let up_left = (x > 0 && y > 0).then(|| cell - width - 1);
        let chance = |shape, anchor: Option<usize>| {
            anchor.and_then(|anchor| self.possible(shape, anchor, 3, NEGLIGIBLE)).map_or(0.0, |p| p.chance)
        };
        let across = chance(Shape::Across, Some(cell)).max(chance(Shape::Across, left));
        let down = chance(Shape::Down, Some(cell)).max(chance(Shape::Down, up));
        let block = [Some(cell), left, up, up_left]
            .into_iter()
            .map(|anchor| chance(Shape::Block, anchor))
            .fold(0.0, f64::max);
        let p = self.analysis.probabilities[cell].unwrap_or(0.0);
        (across + down + block + self.enabler[cell]).min(p).min(1.0 - p)
    }

    /// Living cells marked by the sweep whose safety plus marks passes `threshold`: guesses worth
    /// weighing for the 50/50s they could settle.
    pub fn influenced(&self, threshold: f64, is_dead: impl Fn(usize) -> bool) -> Vec<usize> {
        (0..self.member.len())
            .filter(|&cell| {
                let marks = self.member[cell] + self.enabler[cell];
                let Some(p) = self.analysis.probabilities[cell] else { return false };
                marks > 0.0 && 1.0 - p + marks > threshold && !is_dead(cell)
            })
            .collect()
    }

    /// Every possible 50/50 needing at most `max_missing` more mines, as (cells assumed mines,
    /// cells assumed safe, chance), for the oracle tests.
    #[cfg(test)]
    pub(crate) fn patterns(&self, max_missing: usize) -> Vec<(Vec<usize>, Vec<usize>, f64)> {
        let mut list = Vec::new();
        for shape in [Shape::Across, Shape::Down, Shape::Block] {
            for anchor in 0..self.member.len() {
                if let Some(possible) = self.possible(shape, anchor, max_missing, NEGLIGIBLE) {
                    let mines_in_shape = if shape == Shape::Block { 2 } else { 1 };
                    let (mines, safe) = possible.cells.split_at(mines_in_shape);
                    let mut assumed_mines = possible.missing.clone();
                    assumed_mines.extend_from_slice(mines);
                    list.push((assumed_mines, safe.to_vec(), possible.chance));
                }
            }
        }
        list
    }

    /// Covered and not a certain mine.
    fn open(&self, cell: usize) -> bool {
        self.open[cell]
    }

    fn at(&self, x: isize, y: isize) -> Option<usize> {
        let (width, height) = (self.view.width as isize, self.view.height as isize);
        (x >= 0 && y >= 0 && x < width && y < height).then(|| (y * width + x) as usize)
    }

    /// The possible 50/50 of `shape` at `anchor` if its cells are open, none of its telling cells
    /// is revealed, and it needs at most `max_missing` more mines (and no more than are left).
    /// Its chance is 0 without an exact count when the single-cell chances bound it by
    /// `negligible` (the sweep ignores chances up to its threshold anyway).
    fn possible(&self, shape: Shape, anchor: usize, max_missing: usize, negligible: f64) -> Option<Possible> {
        if !self.open(anchor) {
            return None;
        }
        let width = self.view.width;
        let (x, y) = ((anchor % width) as isize, (anchor / width) as isize);
        let offsets: &[(isize, isize)] = match shape {
            Shape::Across => &[(-1, -1), (-1, 0), (-1, 1), (2, -1), (2, 0), (2, 1)],
            Shape::Down => &[(-1, -1), (0, -1), (1, -1), (-1, 2), (0, 2), (1, 2)],
            Shape::Block => &[(-1, -1), (2, -1), (-1, 2), (2, 2)],
        };
        // The shape's mines and safe cells, and its open telling cells (the missing mines), on
        // the stack: most anchors fail these checks, and the sweep tries every anchor.
        let (mines, safe): ([usize; 2], [usize; 2]) = match shape {
            Shape::Across => ([anchor, usize::MAX], [self.at(x + 1, y)?, usize::MAX]),
            Shape::Down => ([anchor, usize::MAX], [self.at(x, y + 1)?, usize::MAX]),
            Shape::Block => ([anchor, self.at(x + 1, y + 1)?], [self.at(x + 1, y)?, self.at(x, y + 1)?]),
        };
        let count = if shape == Shape::Block { 2 } else { 1 };
        let (mines, safe) = (&mines[..count], &safe[..count]);
        if !mines.iter().chain(safe).all(|&cell| self.open(cell)) {
            return None;
        }
        let mut missing = [0usize; 6];
        let mut missing_count = 0;
        for cell in offsets.iter().filter_map(|(dx, dy)| self.at(x + dx, y + dy)) {
            if !matches!(self.view.cells[cell], Cell::Covered | Cell::Flagged) {
                return None;
            }
            if self.open(cell) {
                if missing_count == max_missing {
                    return None;
                }
                missing[missing_count] = cell;
                missing_count += 1;
            }
        }
        let missing = &missing[..missing_count];
        if missing.len() + mines.len() > self.mines_left {
            return None;
        }
        let mut assumed = [(0usize, false); 10];
        let mut assumed_count = 0;
        for (&cell, mine) in
            missing.iter().chain(mines).map(|cell| (cell, true)).chain(safe.iter().map(|cell| (cell, false)))
        {
            assumed[assumed_count] = (cell, mine);
            assumed_count += 1;
        }
        let chance = self.chance((shape, anchor), &assumed[..assumed_count], negligible);
        let cells = mines.iter().chain(safe).copied().collect();
        Some(Possible { chance, missing: missing.to_vec(), cells })
    }

    /// The chance that every assumption holds (exact count; remembered per pattern).
    fn chance(&self, key: (Shape, usize), assumed: &[(usize, bool)], negligible: f64) -> f64 {
        if let Some(&chance) = self.counted.borrow().get(&key) {
            return chance;
        }
        let bound = assumed
            .iter()
            .map(|&(cell, mine)| {
                let p = self.analysis.probabilities[cell].unwrap_or(0.0);
                if mine { p } else { 1.0 - p }
            })
            .fold(1.0, f64::min);
        if bound <= negligible {
            return 0.0;
        }
        let chance = match solver::count_layouts_assuming(self.view, self.analysis, self.node_budget, assumed)
        {
            Ok((log_layouts, true)) => (log_layouts - self.analysis.log_layouts).exp(),
            _ => 0.0,
        };
        self.counted.borrow_mut().insert(key, chance);
        chance
    }
}
