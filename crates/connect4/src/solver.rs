//! The strong solver: negamax with alpha-beta over the moves that do not lose at once, a
//! transposition table of bounds, threat-first move ordering, and a search of the score by
//! null windows.
//!
//! Scores follow Pascal Pons's convention, from the side to move: 0 a draw; a win scores 22
//! minus the number of stones the winner has when the game ends (so with `n` moves played an
//! immediate win scores `(43 - n) / 2`), a loss the negative of the opponent's win.

use super::position::{CELLS, Position, WIDTH, column_mask};

/// The score of the side to move when it wins with its next stone, `n` moves played.
pub fn immediate_win(moves: usize) -> i32 {
    (CELLS as i32 + 1 - moves as i32) / 2
}

/// Columns from the centre out: the order moves are tried in when they make as many threats.
const CENTRE_FIRST: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

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

/// A solver, holding its transposition table (64 MB) between positions.
pub struct Solver {
    table: Table,
    nodes: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// A solver with an empty table.
    pub fn new() -> Self {
        Self { table: Table::new(), nodes: 0 }
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
        self.search(position, false)
    }

    /// The sign of the score: 1 a win, 0 a draw, -1 a loss for the side to move.
    pub fn solve_weak(&mut self, position: &Position) -> i32 {
        self.search(position, true)
    }

    /// The score of each column's move (`None` for a full column), from the side to move now:
    /// exact, or with `weak` its sign.
    pub fn solve_columns(&mut self, position: &Position, weak: bool) -> [Option<i32>; WIDTH] {
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
                -self.search(&after, weak)
            });
        }
        scores
    }

    /// The score by a sequence of null-window searches narrowing `[min, max]`, each probe
    /// chosen near 0 first (where most positions end and the searches are cheapest).
    fn search(&mut self, position: &Position, weak: bool) -> i32 {
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
            let score = self.negamax(position, probe, probe + 1);
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
    fn negamax(&mut self, position: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
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
            let score = -self.negamax(&after, -beta, -alpha);
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
