//! The strong solver: negamax with alpha-beta over the moves that do not lose at once, a
//! transposition table of bounds, threat-first move ordering, and a search of the score by
//! null windows.
//!
//! Scores follow Pascal Pons's convention, from the side to move: 0 a draw; a win scores 22
//! minus the number of stones the winner has when the game ends (so with `n` moves played an
//! immediate win scores `(43 - n) / 2`), a loss the negative of the opponent's win.

use super::position::{CELLS, Position, WIDTH, column_mask};
use curio_core::progress::{Cancelled, NoProgress, Progress};
use std::ops::ControlFlow;

/// The score of the side to move when it wins with its next stone, `n` moves played.
pub fn immediate_win(moves: usize) -> i32 {
    (CELLS as i32 + 1 - moves as i32) / 2
}

/// Columns from the centre out: the order moves are tried in when they make as many threats.
pub(crate) const CENTRE_FIRST: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// Entries of the transposition table (a prime, so keys spread over it): 8 bytes each, 64 MB.
const TABLE_ENTRIES: usize = (1 << 23) + 9;

/// What the table knows of a position: its key, and a bound on its score.
///
/// Packed in one `u64`: the key (under 2^49) above 8 bits, then whether the bound is a lower
/// one, then the bound plus 64 in 7 bits. Zero is an empty slot (no stored bound packs to 0).
struct Table {
    entries: Vec<u64>,
}

/// A bound stored in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    /// The score is at most this.
    Upper(i32),
    /// The score is at least this.
    Lower(i32),
}

impl Table {
    fn new() -> Self {
        Self { entries: vec![0; TABLE_ENTRIES] }
    }

    fn get(&self, key: u64) -> Option<Bound> {
        let entry = self.entries[(key % TABLE_ENTRIES as u64) as usize];
        if entry == 0 || entry >> 8 != key {
            return None;
        }
        let value = (entry & 0x7f) as i32 - 64;
        Some(if entry & 0x80 != 0 { Bound::Lower(value) } else { Bound::Upper(value) })
    }

    fn put(&mut self, key: u64, bound: Bound) {
        let (value, lower) = match bound {
            Bound::Upper(value) => (value, 0),
            Bound::Lower(value) => (value, 0x80),
        };
        self.entries[(key % TABLE_ENTRIES as u64) as usize] = key << 8 | lower | (value + 64) as u64;
    }

    fn clear(&mut self) {
        self.entries.iter_mut().for_each(|entry| *entry = 0);
    }
}

/// Positions searched between two reports to the progress sink (and checks for Cancel).
const NODES_BETWEEN_REPORTS: u64 = 1 << 16;

/// A solver, holding its transposition table (64 MB) between positions.
pub struct Solver {
    table: Table,
    nodes: u64,
    /// Set when the progress sink asked to stop: the search unwinds, storing nothing more.
    stopped: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// A solver with an empty table.
    pub fn new() -> Self {
        Self { table: Table::new(), nodes: 0, stopped: false }
    }

    /// Positions searched since the solver was made or [`Solver::reset`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Empties the table and the node count.
    pub fn reset(&mut self) {
        self.table.clear();
        self.nodes = 0;
    }

    /// The exact score of `position` (see the module text).
    pub fn solve(&mut self, position: &Position) -> i32 {
        self.solve_with(position, false, &mut NoProgress).expect("NoProgress never cancels")
    }

    /// The sign of the score: 1 a win, 0 a draw, -1 a loss for the side to move.
    pub fn solve_weak(&mut self, position: &Position) -> i32 {
        self.solve_with(position, true, &mut NoProgress).expect("NoProgress never cancels")
    }

    /// The exact score, or with `weak` its sign, reporting the nodes searched to `progress`
    /// every 65,536 of them; `Cancelled` when it asks to stop (the table keeps only what was
    /// searched to the end).
    pub fn solve_with(
        &mut self,
        position: &Position,
        weak: bool,
        progress: &mut impl Progress,
    ) -> Result<i32, Cancelled> {
        self.stopped = false;
        let score = self.search(position, weak, progress);
        if self.stopped { Err(Cancelled) } else { Ok(score) }
    }

    /// The score of each column's move (`None` for a full column), from the side to move now:
    /// exact, or with `weak` its sign.
    pub fn solve_columns(&mut self, position: &Position, weak: bool) -> [Option<i32>; WIDTH] {
        self.solve_columns_with(position, weak, &mut NoProgress).expect("NoProgress never cancels")
    }

    /// [`Solver::solve_columns`], reporting to `progress` and stopping when it asks.
    pub fn solve_columns_with(
        &mut self,
        position: &Position,
        weak: bool,
        progress: &mut impl Progress,
    ) -> Result<[Option<i32>; WIDTH], Cancelled> {
        let mut scores = [None; WIDTH];
        for (column, score) in scores.iter_mut().enumerate() {
            if !position.can_play(column) {
                continue;
            }
            *score = Some(if position.is_winning_move(column) {
                let win = immediate_win(position.moves());
                if weak { win.signum() } else { win }
            } else {
                let mut after = *position;
                after.play_column(column);
                -self.solve_with(&after, weak, progress)?
            });
        }
        Ok(scores)
    }

    /// The best play from `position`, up to `plies` moves: each the first best column (by
    /// exact score, centre first among equals), ending early where a move wins or the board
    /// fills. The columns are 0-based.
    pub fn principal_variation(
        &mut self,
        position: &Position,
        plies: usize,
        progress: &mut impl Progress,
    ) -> Result<Vec<usize>, Cancelled> {
        let mut line = Vec::new();
        let mut current = *position;
        while line.len() < plies && current.moves() < CELLS {
            let Some(column) = best_column(&self.solve_columns_with(&current, false, progress)?) else {
                break;
            };
            line.push(column);
            if current.is_winning_move(column) {
                break;
            }
            current.play_column(column);
        }
        Ok(line)
    }

    /// The score by a sequence of null-window searches narrowing `[min, max]`, each probe
    /// chosen near 0 first (where most positions end and the searches are cheapest).
    fn search(&mut self, position: &Position, weak: bool, progress: &mut impl Progress) -> i32 {
        if position.can_win_next() {
            let win = immediate_win(position.moves());
            return if weak { 1 } else { win };
        }
        let moves = position.moves() as i32;
        let (mut min, mut max) = (-(CELLS as i32 - moves) / 2, (CELLS as i32 + 1 - moves) / 2);
        if weak {
            (min, max) = (-1, 1);
        }
        while min < max {
            let mut probe = min + (max - min) / 2;
            if probe <= 0 && min / 2 < probe {
                probe = min / 2;
            } else if probe >= 0 && max / 2 > probe {
                probe = max / 2;
            }
            let score = self.negamax(position, probe, probe + 1, progress);
            if self.stopped {
                return 0;
            }
            if score <= probe {
                max = score;
            } else {
                min = score;
            }
        }
        if weak { min.signum() } else { min }
    }

    /// The score of `position` if it lies in `(alpha, beta)`; otherwise a bound on the same
    /// side of the window. The side to move cannot win with its next stone.
    fn negamax(
        &mut self,
        position: &Position,
        mut alpha: i32,
        mut beta: i32,
        progress: &mut impl Progress,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(NODES_BETWEEN_REPORTS) {
            let message = format!("{} positions searched", self.nodes);
            if progress.report(0, 0, &message) == ControlFlow::Break(()) {
                self.stopped = true;
            }
        }
        if self.stopped {
            return alpha;
        }
        let candidates = position.non_losing_moves();
        if candidates == 0 {
            // Whatever it plays, the opponent wins with its next stone.
            return -(CELLS as i32 - position.moves() as i32) / 2;
        }
        if position.moves() >= CELLS - 2 {
            // Two stones left and neither side can win with them.
            return 0;
        }
        // The opponent cannot win with its next stone, so the worst is losing later.
        let min = -(CELLS as i32 - 2 - position.moves() as i32) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // Nor can the side to move win now, so the best is winning a move later.
        let mut max = (CELLS as i32 - 1 - position.moves() as i32) / 2;
        let key = position.key();
        match self.table.get(key) {
            Some(Bound::Upper(bound)) => max = max.min(bound),
            Some(Bound::Lower(bound)) if alpha < bound => {
                alpha = bound;
                if alpha >= beta {
                    return alpha;
                }
            }
            _ => {}
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        // Moves ordered by the threats they make, most first, the centre first among equals.
        let mut ordered: [(u32, u64); WIDTH] = [(0, 0); WIDTH];
        let mut count = 0;
        for &column in CENTRE_FIRST.iter() {
            let cell = candidates & column_mask(column);
            if cell == 0 {
                continue;
            }
            let threats = position.threats_after(cell);
            // Insertion sort, stable: equal threats keep the centre-first order.
            let mut at = count;
            while at > 0 && ordered[at - 1].0 < threats {
                ordered[at] = ordered[at - 1];
                at -= 1;
            }
            ordered[at] = (threats, cell);
            count += 1;
        }
        for &(_, cell) in &ordered[..count] {
            let mut after = *position;
            after.play_cell(cell);
            let score = -self.negamax(&after, -beta, -alpha, progress);
            if self.stopped {
                return alpha;
            }
            if score >= beta {
                self.table.put(key, Bound::Lower(score));
                return score;
            }
            alpha = alpha.max(score);
        }
        self.table.put(key, Bound::Upper(alpha));
        alpha
    }
}

/// Positions a column's search may visit when a player or an analysis must answer in seconds
/// (under half a second a column on the 2-core machine): past it the column is left unsolved.
pub const PLAY_BUDGET: u64 = 1 << 22;

/// What a budgeted solve of each column found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColumnScores {
    /// Each column's exact score for the side to move; `None` for a full column or one whose
    /// search went past the budget.
    pub scores: [Option<i32>; WIDTH],
    /// The columns with room whose search went past the budget.
    pub unsolved: [bool; WIDTH],
}

impl ColumnScores {
    /// The move a player that trusts only what it solved makes: the best solved column when it
    /// wins or nothing is unsolved; otherwise the centre-most unsolved column (early in the
    /// game, where the searches are longest, the centre is the strongest guess).
    pub fn choice(&self) -> Option<usize> {
        let best = best_column(&self.scores);
        let wins = best.is_some_and(|column| self.scores[column].is_some_and(|score| score > 0));
        let unsolved = CENTRE_FIRST.iter().copied().find(|&column| self.unsolved[column]);
        match (wins, unsolved) {
            (false, Some(column)) => Some(column),
            _ => best.or(unsolved),
        }
    }
}

/// A progress sink that asks to stop after `reports` reports (each 65,536 positions searched),
/// or when `inner` does.
struct Budget<'a, P: Progress> {
    inner: &'a mut P,
    left: u64,
    inner_stopped: bool,
}

impl<P: Progress> Progress for Budget<'_, P> {
    fn report(&mut self, done: u64, total: u64, message: &str) -> ControlFlow<()> {
        if self.inner.report(done, total, message) == ControlFlow::Break(()) {
            self.inner_stopped = true;
            return ControlFlow::Break(());
        }
        if self.left == 0 {
            return ControlFlow::Break(());
        }
        self.left -= 1;
        ControlFlow::Continue(())
    }
}

impl Solver {
    /// Each column's exact score, each search stopped past about `budget` positions (then the
    /// column is unsolved); `Cancelled` only when `progress` asks to stop.
    pub fn solve_columns_within(
        &mut self,
        position: &Position,
        budget: u64,
        progress: &mut impl Progress,
    ) -> Result<ColumnScores, Cancelled> {
        let mut found = ColumnScores { scores: [None; WIDTH], unsolved: [false; WIDTH] };
        for column in 0..WIDTH {
            if !position.can_play(column) {
                continue;
            }
            if position.is_winning_move(column) {
                found.scores[column] = Some(immediate_win(position.moves()));
                continue;
            }
            let mut after = *position;
            after.play_column(column);
            let mut budgeted =
                Budget { inner: progress, left: budget / NODES_BETWEEN_REPORTS, inner_stopped: false };
            match self.solve_with(&after, false, &mut budgeted) {
                Ok(score) => found.scores[column] = Some(-score),
                Err(Cancelled) if budgeted.inner_stopped => return Err(Cancelled),
                Err(Cancelled) => found.unsolved[column] = true,
            }
        }
        Ok(found)
    }
}

/// The first best column of `scores` (a column's score for the side to move), the centre
/// first among equals; `None` when every column is full.
pub fn best_column(scores: &[Option<i32>; WIDTH]) -> Option<usize> {
    best_by_centre(scores)
}

/// The column with the greatest value, the centre first among equals; `None` when none has one.
pub(crate) fn best_by_centre<T: PartialOrd + Copy>(values: &[Option<T>; WIDTH]) -> Option<usize> {
    let mut best: Option<(T, usize)> = None;
    for &column in &CENTRE_FIRST {
        if let Some(value) = values[column]
            && best.is_none_or(|(top, _)| value > top)
        {
            best = Some((value, column));
        }
    }
    best.map(|(_, column)| column)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The exact score by plain minimax over every move, for positions near the end.
    fn brute_force(position: &Position) -> i32 {
        if position.moves() == CELLS {
            return 0;
        }
        (0..WIDTH)
            .filter(|&column| position.can_play(column))
            .map(|column| {
                if position.is_winning_move(column) {
                    immediate_win(position.moves())
                } else {
                    let mut after = *position;
                    after.play_column(column);
                    -brute_force(&after)
                }
            })
            .max()
            .expect("a position that is not full has a move")
    }

    #[test]
    fn a_budget_leaves_early_columns_unsolved_and_the_choice_is_central() {
        let mut solver = Solver::new();
        let found = solver.solve_columns_within(&Position::new(), 1 << 16, &mut NoProgress).unwrap();
        assert!(found.unsolved.iter().all(|&unsolved| unsolved), "{found:?}");
        assert_eq!(found.choice(), Some(3));
        // An end-game position is solved within the budget, and its choice is the best column.
        let position = Position::parse("16756345561236665335724572233").unwrap();
        let found = solver.solve_columns_within(&position, 1 << 24, &mut NoProgress).unwrap();
        assert_eq!(found.scores, solver.solve_columns(&position, false));
        assert_eq!(found.choice(), best_column(&found.scores));
    }

    #[test]
    fn immediate_wins_score_by_the_stones_left() {
        let mut solver = Solver::new();
        // The first player has three in column 1 and plays its fourth stone as move 7.
        let position = Position::parse("121212").unwrap();
        assert_eq!(solver.solve(&position), immediate_win(6));
        assert_eq!(immediate_win(6), 18);
        assert_eq!(solver.solve_weak(&position), 1);
        let columns = solver.solve_columns(&position, false);
        assert_eq!(columns[0], Some(18));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(40))]
        /// Positions of random games with at most 9 empty cells: the solver, exact and weak,
        /// and each column's score, agree with plain minimax.
        #[test]
        fn endgames_match_brute_force(columns in proptest::collection::vec(0usize..WIDTH, 200)) {
            let mut position = Position::new();
            for column in columns {
                if position.moves() >= CELLS - 9 {
                    break;
                }
                if position.can_play(column) && !position.is_winning_move(column) {
                    position.play_column(column);
                }
            }
            proptest::prop_assume!(position.moves() >= CELLS - 9);
            let exact = brute_force(&position);
            let mut solver = Solver::new();
            proptest::prop_assert_eq!(solver.solve(&position), exact);
            proptest::prop_assert_eq!(solver.solve_weak(&position), exact.signum());
            for column in 0..WIDTH {
                let expected = position.can_play(column).then(|| {
                    if position.is_winning_move(column) {
                        immediate_win(position.moves())
                    } else {
                        let mut after = position;
                        after.play_column(column);
                        -brute_force(&after)
                    }
                });
                proptest::prop_assert_eq!(solver.solve_columns(&position, false)[column], expected);
            }
        }
    }
}
