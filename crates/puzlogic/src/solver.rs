//! Every solution of a puzzle, by constraint propagation and search.
//!
//! Propagation repeats two rules until neither applies: a cell with one candidate takes it
//! (a naked single); a number that exactly as many cells can take as there are pieces of it
//! goes into all of them (a hidden single: every piece must be placed). A cell's candidates are
//! the numbers with a piece left that are not yet in its row or column and that leave every sum
//! of its lines reachable: the cells still empty in the line must be able to make up the rest
//! with distinct numbers from the pieces left (between the sum of the smallest and of the
//! largest such numbers). Search branches on a cell with the fewest candidates. The search runs
//! to the end, so a count of one proves the solution unique.

use super::{Cell, Line, Placement, Puzzle};

/// What a solve found.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Report {
    /// Solutions found (all of them unless the limit stopped the search).
    pub solutions: Vec<Vec<Placement>>,
    /// Whether the search ran to the end (so `solutions` is every solution).
    pub complete: bool,
    /// Search nodes (branches tried, plus the root).
    pub nodes: u64,
    /// Dead ends.
    pub backtracks: u64,
    /// Cells filled by propagation, over the whole search.
    pub propagated: u64,
    /// Branch points: nodes where propagation alone did not go on and the search guessed.
    pub guesses: u64,
}

/// One step of the search, for the panel's step-through.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Event {
    /// Propagation filled a cell: row, column, number, and whether it was a hidden single.
    Forced(usize, usize, u8, bool),
    /// The search tried a number in a cell with these candidates (a bit per number).
    Branch(usize, usize, u8, u16),
    /// A contradiction: a cell with no candidate, or a number with too few cells.
    DeadEnd,
    /// A solution.
    Solved,
    /// The search returned to this depth.
    Back(usize),
}

#[derive(Clone)]
struct State {
    values: Vec<u8>,
    row_used: Vec<u16>,
    col_used: Vec<u16>,
    counts: [u8; 10],
    empty: usize,
}

struct Search<'a> {
    puzzle: &'a Puzzle,
    /// Sums by line: (cells, target).
    sums: Vec<(Line, Vec<usize>, u32)>,
    /// For each cell index, the sums its lines carry.
    sums_of: Vec<Vec<usize>>,
    limit: usize,
    /// Most search nodes before giving up (the report is then incomplete).
    node_limit: u64,
    report: Report,
    trace: Option<Vec<Event>>,
    trace_limit: usize,
}

fn bit(value: u8) -> u16 {
    1 << value
}

impl<'a> Search<'a> {
    fn record(&mut self, event: Event) {
        if let Some(trace) = &mut self.trace
            && trace.len() < self.trace_limit
        {
            trace.push(event);
        }
    }

    /// Whether a line's sum can still be made with `value` in its empty cell `cell`: the other
    /// empty cells of the line must make up the rest with distinct numbers, each from its own
    /// candidates (pieces left, not in its row or column). Checked exactly when at most four
    /// cells are left, by bounds otherwise.
    fn sum_allows(&self, state: &State, sum: usize, cell: usize, value: u8) -> bool {
        let (_, cells, target) = &self.sums[sum];
        let current: u32 = cells.iter().map(|&i| state.values[i] as u32).sum::<u32>() + value as u32;
        if current > *target {
            return false;
        }
        let rest = target - current;
        let cols = self.puzzle.cols;
        let mut others = [0u16; super::MAX_SIDE];
        let mut count = 0;
        for &i in cells {
            if i == cell || state.values[i] != 0 {
                continue;
            }
            let (r, c) = (i / cols, i % cols);
            let mut mask = 0u16;
            for v in 1..=super::MAX_VALUE {
                let left = state.counts[v as usize] - (v == value) as u8;
                if v != value && left > 0 && (state.row_used[r] | state.col_used[c]) & bit(v) == 0 {
                    mask |= bit(v);
                }
            }
            if mask == 0 {
                return false;
            }
            others[count] = mask;
            count += 1;
        }
        let others = &others[..count];
        if others.is_empty() {
            return rest == 0;
        }
        if others.len() <= 4 {
            return Self::completes(others, 0, rest);
        }
        let union = others.iter().fold(0u16, |a, &m| a | m);
        let k = others.len();
        if (union.count_ones() as usize) < k {
            return false;
        }
        // The k smallest and k largest numbers of the union.
        let (mut low, mut high, mut taken_low, mut taken_high) = (0u32, 0u32, 0, 0);
        for v in 1..=super::MAX_VALUE {
            if union & bit(v) != 0 && taken_low < k {
                low += v as u32;
                taken_low += 1;
            }
            let w = super::MAX_VALUE + 1 - v;
            if union & bit(w) != 0 && taken_high < k {
                high += w as u32;
                taken_high += 1;
            }
        }
        let low = low.max(others.iter().map(|m| m.trailing_zeros()).sum());
        let high = high.min(others.iter().map(|m| 15 - m.leading_zeros()).sum());
        (low..=high).contains(&rest)
    }

    /// For each empty cell of a sum's line, the numbers that appear in some completion of the
    /// sum (distinct numbers, each from the cell's own candidates): generalized arc consistency
    /// for the sum, by enumerating completions with bounds. `None` when the enumeration would
    /// take too long (the per-number bounds of [`Search::sum_allows`] then apply).
    fn sum_support(&self, state: &State, sum: usize) -> Option<Vec<(usize, u16)>> {
        let (_, cells, target) = &self.sums[sum];
        let cols = self.puzzle.cols;
        let current: u32 = cells.iter().map(|&i| state.values[i] as u32).sum();
        let rest = target.checked_sub(current)?;
        let mut empty: Vec<(usize, u16)> = Vec::new();
        for &i in cells {
            if state.values[i] == 0 && self.puzzle.cells[i] == Cell::Empty {
                let (r, c) = (i / cols, i % cols);
                let mut mask = 0u16;
                for v in 1..=super::MAX_VALUE {
                    if state.counts[v as usize] > 0 && (state.row_used[r] | state.col_used[c]) & bit(v) == 0 {
                        mask |= bit(v);
                    }
                }
                empty.push((i, mask));
            }
        }
        let masks: Vec<u16> = empty.iter().map(|e| e.1).collect();
        let mut support = vec![0u16; masks.len()];
        if masks.contains(&0) {
            return Some(empty.iter().map(|&(i, _)| (i, 0)).collect());
        }
        let mut chosen = vec![0u8; masks.len()];
        let mut budget = 20_000u32;
        // Suffix bounds: the smallest and largest sums the cells from k on can make.
        let mut low = vec![0u32; masks.len() + 1];
        let mut high = vec![0u32; masks.len() + 1];
        for k in (0..masks.len()).rev() {
            low[k] = low[k + 1] + masks[k].trailing_zeros();
            high[k] = high[k + 1] + (15 - masks[k].leading_zeros());
        }
        #[allow(clippy::too_many_arguments)]
        fn walk(
            k: usize,
            rest: u32,
            used: u16,
            masks: &[u16],
            low: &[u32],
            high: &[u32],
            chosen: &mut [u8],
            support: &mut [u16],
            budget: &mut u32,
        ) -> bool {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            if k == masks.len() {
                if rest == 0 {
                    for (slot, &v) in support.iter_mut().zip(chosen.iter()) {
                        *slot |= 1 << v;
                    }
                }
                return true;
            }
            if rest < low[k] || rest > high[k] {
                return true;
            }
            for v in 1..=super::MAX_VALUE {
                if masks[k] & (1 << v) != 0 && used & (1 << v) == 0 && v as u32 <= rest {
                    chosen[k] = v;
                    if !walk(
                        k + 1,
                        rest - v as u32,
                        used | (1 << v),
                        masks,
                        low,
                        high,
                        chosen,
                        support,
                        budget,
                    ) {
                        return false;
                    }
                }
            }
            true
        }
        let finished = walk(0, rest, 0, &masks, &low, &high, &mut chosen, &mut support, &mut budget);
        finished.then(|| empty.iter().zip(support).map(|(&(i, _), mask)| (i, mask)).collect())
    }

    /// Whether the cells with candidate masks `cells` can take distinct numbers (none in
    /// `used`) summing to `rest`.
    fn completes(cells: &[u16], used: u16, rest: u32) -> bool {
        let Some((&first, others)) = cells.split_first() else { return rest == 0 };
        (1..=super::MAX_VALUE).any(|v| {
            first & bit(v) != 0
                && used & bit(v) == 0
                && v as u32 <= rest
                && Self::completes(others, used | bit(v), rest - v as u32)
        })
    }

    /// The candidates of `cell`, narrowed by the sums' supports computed for this pass
    /// (`support[s]` for sum `s`, when its enumeration finished).
    fn candidates_with(&self, state: &State, cell: usize, support: &[Option<Vec<(usize, u16)>>]) -> u16 {
        let (r, c) = (cell / self.puzzle.cols, cell % self.puzzle.cols);
        let mut allowed = u16::MAX;
        let mut bounded = Vec::new();
        for &s in &self.sums_of[cell] {
            match support.get(s).and_then(Option::as_ref) {
                Some(table) => allowed &= table.iter().find(|e| e.0 == cell).map_or(0, |e| e.1),
                None => bounded.push(s),
            }
        }
        let mut mask = 0;
        for v in 1..=super::MAX_VALUE {
            if allowed & bit(v) != 0
                && state.counts[v as usize] > 0
                && (state.row_used[r] | state.col_used[c]) & bit(v) == 0
                && bounded.iter().all(|&s| self.sum_allows(state, s, cell, v))
            {
                mask |= bit(v);
            }
        }
        mask
    }

    fn assign(&self, state: &mut State, cell: usize, value: u8) {
        let (r, c) = (cell / self.puzzle.cols, cell % self.puzzle.cols);
        state.values[cell] = value;
        state.row_used[r] |= bit(value);
        state.col_used[c] |= bit(value);
        state.counts[value as usize] -= 1;
        state.empty -= 1;
    }

    /// Propagates: the empty cells with their candidates at the fixpoint, or `None` on a
    /// contradiction.
    fn propagate(&mut self, state: &mut State) -> Option<Vec<(usize, u16)>> {
        loop {
            let mut changed = false;
            let mut can_take: [Vec<usize>; 10] = Default::default();
            let mut masks = Vec::new();
            let support: Vec<Option<Vec<(usize, u16)>>> =
                (0..self.sums.len()).map(|s| self.sum_support(state, s)).collect();
            for cell in 0..state.values.len() {
                if state.values[cell] != 0 || self.puzzle.cells[cell] != Cell::Empty {
                    continue;
                }
                let mask = self.candidates_with(state, cell, &support);
                if mask == 0 {
                    return None;
                }
                if mask.count_ones() == 1 {
                    // Assign at once and go on with the pass: later cells see this one.
                    let value = mask.trailing_zeros() as u8;
                    self.assign(state, cell, value);
                    self.report.propagated += 1;
                    self.record(Event::Forced(
                        cell / self.puzzle.cols,
                        cell % self.puzzle.cols,
                        value,
                        false,
                    ));
                    changed = true;
                    continue;
                }
                for v in 1..=super::MAX_VALUE {
                    if mask & bit(v) != 0 {
                        can_take[v as usize].push(cell);
                    }
                }
                masks.push((cell, mask));
            }
            if changed {
                // The candidates gathered for hidden singles are stale: another pass.
                continue;
            }
            for v in 1..=super::MAX_VALUE {
                let need = state.counts[v as usize] as usize;
                let cells = &can_take[v as usize];
                if cells.len() < need {
                    return None;
                }
                if need > 0 && cells.len() == need {
                    // Every one of these cells must take v; they must not share a line.
                    let cells = cells.clone();
                    for cell in cells {
                        let (r, c) = (cell / self.puzzle.cols, cell % self.puzzle.cols);
                        if (state.row_used[r] | state.col_used[c]) & bit(v) != 0 {
                            return None;
                        }
                        self.assign(state, cell, v);
                        self.report.propagated += 1;
                        self.record(Event::Forced(r, c, v, true));
                    }
                    changed = true;
                    break;
                }
            }
            if !changed {
                return self.matchings_exist(state, &masks).then_some(masks);
            }
        }
    }

    /// Hall's condition at the fixpoint: every line's empty cells can take distinct numbers,
    /// and all empty cells together can take the pieces left (each number as often as it has
    /// pieces). Either failing is a contradiction that propagation alone would find only deep
    /// in the search.
    fn matchings_exist(&self, state: &State, found: &[(usize, u16)]) -> bool {
        let cols = self.puzzle.cols;
        let empty: Vec<usize> = found.iter().map(|&(cell, _)| cell).collect();
        let masks: Vec<u16> = found.iter().map(|&(_, mask)| mask).collect();
        // Every piece to a cell: a transport problem, by augmenting paths (capacities = the
        // pieces of each number).
        let mut capacity = state.counts;
        let mut owner: Vec<Vec<usize>> = vec![Vec::new(); 10];
        fn augment(
            cell: usize,
            masks: &[u16],
            capacity: &mut [u8; 10],
            owner: &mut [Vec<usize>],
            seen: &mut u16,
        ) -> bool {
            for v in 1..=super::MAX_VALUE as usize {
                if masks[cell] & (1 << v) == 0 || *seen & (1 << v) != 0 {
                    continue;
                }
                *seen |= 1 << v;
                if capacity[v] > 0 {
                    capacity[v] -= 1;
                    owner[v].push(cell);
                    return true;
                }
                for k in 0..owner[v].len() {
                    let other = owner[v][k];
                    if augment(other, masks, capacity, owner, seen) {
                        owner[v][k] = cell;
                        return true;
                    }
                }
            }
            false
        }
        for cell in 0..empty.len() {
            let mut seen = 0u16;
            if !augment(cell, &masks, &mut capacity, &mut owner, &mut seen) {
                return false;
            }
        }
        // Each line's empty cells: distinct numbers (capacity one each).
        let lines = (0..self.puzzle.rows).map(Line::Row).chain((0..cols).map(Line::Col));
        for line in lines {
            let members: Vec<usize> = (0..empty.len())
                .filter(|&k| match line {
                    Line::Row(r) => empty[k] / cols == r,
                    Line::Col(c) => empty[k] % cols == c,
                })
                .collect();
            if members.len() < 2 {
                continue;
            }
            let line_masks: Vec<u16> = members.iter().map(|&k| masks[k]).collect();
            let mut capacity = [1u8; 10];
            let mut owner: Vec<Vec<usize>> = vec![Vec::new(); 10];
            for cell in 0..line_masks.len() {
                let mut seen = 0u16;
                if !augment(cell, &line_masks, &mut capacity, &mut owner, &mut seen) {
                    return false;
                }
            }
        }
        true
    }

    fn solve(&mut self, mut state: State, depth: usize) {
        if self.report.solutions.len() >= self.limit {
            return;
        }
        let Some(masks) = self.propagate(&mut state) else {
            self.report.backtracks += 1;
            self.record(Event::DeadEnd);
            return;
        };
        if state.empty == 0 {
            let placements = self
                .puzzle
                .empty_cells()
                .into_iter()
                .map(|(r, c)| (r, c, state.values[r * self.puzzle.cols + c]))
                .collect();
            self.report.solutions.push(placements);
            self.record(Event::Solved);
            return;
        }
        // The empty cell with the fewest candidates.
        let (cell, mask) =
            masks.into_iter().min_by_key(|&(i, mask)| (mask.count_ones(), i)).expect("an empty cell is left");
        self.report.guesses += 1;
        for v in 1..=super::MAX_VALUE {
            if mask & bit(v) == 0 {
                continue;
            }
            if self.report.solutions.len() >= self.limit || self.report.nodes >= self.node_limit {
                self.report.complete = false;
                return;
            }
            self.report.nodes += 1;
            self.record(Event::Branch(cell / self.puzzle.cols, cell % self.puzzle.cols, v, mask));
            let mut next = state.clone();
            self.assign(&mut next, cell, v);
            self.solve(next, depth + 1);
            self.record(Event::Back(depth));
        }
    }
}

/// Solves `puzzle`, stopping after `limit` solutions (`usize::MAX`: all); with `trace`, also
/// the search's first `trace` events.
pub fn solve_traced(puzzle: &Puzzle, limit: usize, trace: Option<usize>) -> (Report, Vec<Event>) {
    solve_bounded(puzzle, limit, u64::MAX, trace)
}

/// [`solve_traced`] that gives up after `node_limit` search nodes (the report then says it is
/// not complete).
pub fn solve_bounded(
    puzzle: &Puzzle,
    limit: usize,
    node_limit: u64,
    trace: Option<usize>,
) -> (Report, Vec<Event>) {
    let cols = puzzle.cols;
    let cell_count = puzzle.cells.len();
    let lines = (0..puzzle.rows).map(Line::Row).chain((0..cols).map(Line::Col));
    let sums: Vec<(Line, Vec<usize>, u32)> = puzzle
        .sums
        .iter()
        .map(|sum| {
            let cells = puzzle
                .line_cells(sum.line)
                .into_iter()
                .filter(|&(r, c)| puzzle.cell(r, c) != Cell::Hole)
                .map(|(r, c)| r * cols + c)
                .collect();
            (sum.line, cells, sum.target)
        })
        .collect();
    let _ = lines;
    let mut sums_of = vec![Vec::new(); cell_count];
    for (index, (_, cells, _)) in sums.iter().enumerate() {
        for &cell in cells {
            sums_of[cell].push(index);
        }
    }
    let mut state = State {
        values: vec![0; cell_count],
        row_used: vec![0; puzzle.rows],
        col_used: vec![0; cols],
        counts: [0; 10],
        empty: puzzle.empty_cells().len(),
    };
    for &piece in &puzzle.pieces {
        state.counts[piece as usize] += 1;
    }
    let mut consistent = true;
    for (i, cell) in puzzle.cells.iter().enumerate() {
        if let Cell::Given(v) = *cell {
            // Givens that repeat in a line leave no solution.
            consistent &= (state.row_used[i / cols] | state.col_used[i % cols]) & bit(v) == 0;
            state.values[i] = v;
            state.row_used[i / cols] |= bit(v);
            state.col_used[i % cols] |= bit(v);
        }
    }
    // A sum on a line without empty cells is checked once here; the others as cells fill.
    for (_, cells, target) in &sums {
        if cells.iter().all(|&i| puzzle.cells[i] != Cell::Empty) {
            consistent &= cells.iter().map(|&i| state.values[i] as u32).sum::<u32>() == *target;
        }
    }
    let mut search = Search {
        puzzle,
        sums,
        sums_of,
        limit: limit.max(1),
        node_limit,
        report: Report {
            solutions: Vec::new(),
            complete: true,
            nodes: 1,
            backtracks: 0,
            propagated: 0,
            guesses: 0,
        },
        trace: trace.map(|_| Vec::new()),
        trace_limit: trace.unwrap_or(0),
    };
    if consistent {
        search.solve(state, 0);
    } else {
        search.report.backtracks += 1;
        search.record(Event::DeadEnd);
    }
    let trace = search.trace.take().unwrap_or_default();
    (search.report, trace)
}

/// Every solution (up to `limit`).
pub fn solve(puzzle: &Puzzle, limit: usize) -> Report {
    solve_traced(puzzle, limit, None).0
}

/// The number of solutions by trying every arrangement of the pieces: the oracle (small
/// puzzles only: the pieces' permutations are enumerated).
pub fn brute_force_count(puzzle: &Puzzle) -> usize {
    fn place(
        puzzle: &Puzzle,
        cells: &[(usize, usize)],
        pieces: &mut Vec<u8>,
        chosen: &mut Vec<Placement>,
        count: &mut usize,
    ) {
        if chosen.len() == cells.len() {
            if puzzle.is_solved_by(chosen) {
                *count += 1;
            }
            return;
        }
        let (r, c) = cells[chosen.len()];
        let mut tried = 0u16;
        for index in 0..pieces.len() {
            let v = pieces[index];
            if tried & bit(v) != 0 {
                continue;
            }
            tried |= bit(v);
            pieces.remove(index);
            chosen.push((r, c, v));
            place(puzzle, cells, pieces, chosen, count);
            chosen.pop();
            pieces.insert(index, v);
        }
    }
    let mut count = 0;
    place(puzzle, &puzzle.empty_cells(), &mut puzzle.pieces.clone(), &mut Vec::new(), &mut count);
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Sum, level_1, level_3};
    use rand::{RngExt, SeedableRng};

    #[test]
    fn the_write_up_levels_have_their_solutions_and_no_other() {
        let report = solve(&level_1(), usize::MAX);
        assert_eq!(report.solutions, vec![vec![(1, 0, 1), (1, 1, 2)]]);
        assert!(report.complete);
        let report = solve(&level_3(), usize::MAX);
        assert_eq!(
            report.solutions,
            vec![vec![(0, 0, 4), (0, 2, 6), (1, 3, 5), (2, 4, 4), (3, 1, 5), (4, 4, 6)]]
        );
        assert!(report.complete);
    }

    /// A random small puzzle: any shape, givens that may clash with the pieces, random sums.
    fn random_puzzle(rng: &mut impl rand::Rng) -> Puzzle {
        loop {
            let rows = rng.random_range(1..=4);
            let cols = rng.random_range(1..=4);
            let mut cells = Vec::new();
            for _ in 0..rows * cols {
                cells.push(match rng.random_range(0..10) {
                    0..=1 => Cell::Hole,
                    2..=6 => Cell::Empty,
                    _ => Cell::Given(rng.random_range(1..=4)),
                });
            }
            let empty = cells.iter().filter(|&&c| c == Cell::Empty).count();
            if empty == 0 || empty > 7 {
                continue;
            }
            let mut pieces: Vec<u8> = (0..empty).map(|_| rng.random_range(1..=4)).collect();
            pieces.sort_unstable();
            let mut sums = Vec::new();
            if rng.random_bool(0.4) {
                sums.push(Sum {
                    line: Line::Row(rng.random_range(0..rows)),
                    target: rng.random_range(1..=10),
                });
            }
            if rng.random_bool(0.3) {
                sums.push(Sum {
                    line: Line::Col(rng.random_range(0..cols)),
                    target: rng.random_range(1..=10),
                });
            }
            return Puzzle { rows, cols, cells, pieces, sums };
        }
    }

    #[test]
    fn solution_counts_agree_with_brute_force_on_random_small_puzzles() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(65);
        let mut solvable = 0;
        for _ in 0..1000 {
            let puzzle = random_puzzle(&mut rng);
            let report = solve(&puzzle, usize::MAX);
            assert_eq!(report.solutions.len(), brute_force_count(&puzzle), "{}", puzzle.text());
            for solution in &report.solutions {
                assert!(puzzle.is_solved_by(solution));
            }
            solvable += !report.solutions.is_empty() as usize;
        }
        assert!(solvable > 100, "the random puzzles include solvable ones: {solvable}");
    }

    #[test]
    fn the_trace_shows_propagation_and_branches() {
        let (report, trace) = solve_traced(&level_3(), usize::MAX, Some(1000));
        assert_eq!(report.solutions.len(), 1);
        assert!(trace.iter().any(|e| matches!(e, Event::Solved)));
        assert!(trace.iter().any(|e| matches!(e, Event::Forced(..) | Event::Branch(..))));
    }
}
