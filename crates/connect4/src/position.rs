//! A Connect-4 position on the standard 7x6 board as two bitboards, and its text form: the
//! columns played, 1-based, one digit a move (`4453`).
//!
//! Bit layout: column `c` owns bits `c * 7` to `c * 7 + 6`; bit `c * 7 + r` is the cell in row
//! `r` counted from the bottom, and the seventh bit of each column stays empty, so shifting a
//! bitboard by 1 (up), 7 (across), 6 or 8 (the diagonals) never carries a line from one column
//! into the next. `mask` holds every stone, `current` the stones of the side to move.

use std::fmt;

/// Columns.
pub const WIDTH: usize = 7;
/// Rows.
pub const HEIGHT: usize = 6;
/// Cells, and so the most moves a game can have.
pub const CELLS: usize = WIDTH * HEIGHT;

/// Bits a column takes (its rows and one empty bit above them).
const COLUMN_BITS: usize = HEIGHT + 1;

/// The lowest cell of every column.
pub(crate) const BOTTOM: u64 = {
    let mut bottom = 0;
    let mut column = 0;
    while column < WIDTH {
        bottom |= 1 << (column * COLUMN_BITS);
        column += 1;
    }
    bottom
};

/// Every cell of the board.
pub(crate) const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// The cells of column `column`.
pub(crate) const fn column_mask(column: usize) -> u64 {
    ((1 << HEIGHT) - 1) << (column * COLUMN_BITS)
}

/// The top cell of column `column`.
const fn top_cell(column: usize) -> u64 {
    1 << (HEIGHT - 1 + column * COLUMN_BITS)
}

/// The bottom cell of column `column`.
const fn bottom_cell(column: usize) -> u64 {
    1 << (column * COLUMN_BITS)
}

/// Why a sequence of moves is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A character is not a column digit 1-7.
    #[error("move {move_number}: '{found}' is not a column (1-7)")]
    NotAColumn {
        /// 1-based index of the move.
        move_number: usize,
        /// What was found.
        found: char,
    },
    /// The column is full.
    #[error("move {move_number}: column {column} is full")]
    FullColumn {
        /// 1-based index of the move.
        move_number: usize,
        /// The 1-based column.
        column: usize,
    },
    /// The move completes four in a row: the game ended before the sequence did (a position
    /// the solver takes is never won already).
    #[error("move {move_number}: column {column} wins the game, so the position would be over")]
    AlreadyWon {
        /// 1-based index of the move.
        move_number: usize,
        /// The 1-based column.
        column: usize,
    },
}

/// The 0-based column a move's character names (`1`-`7`).
pub(crate) fn column_of(move_number: usize, found: char) -> Result<usize, PositionError> {
    match found.to_digit(10) {
        Some(digit @ 1..=7) => Ok(digit as usize - 1),
        _ => Err(PositionError::NotAColumn { move_number, found }),
    }
}

/// A position: the stones of the side to move, all stones, and the number of moves played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Position {
    current: u64,
    mask: u64,
    moves: usize,
}

impl Position {
    /// The empty board.
    pub fn new() -> Self {
        Self::default()
    }

    /// The position after the moves in `text` (1-based column digits), none of which may fill
    /// a full column or win the game.
    pub fn parse(text: &str) -> Result<Self, PositionError> {
        let mut position = Self::new();
        for (index, found) in text.chars().enumerate() {
            let move_number = index + 1;
            let column = column_of(move_number, found)?;
            if !position.can_play(column) {
                return Err(PositionError::FullColumn { move_number, column: column + 1 });
            }
            if position.is_winning_move(column) {
                return Err(PositionError::AlreadyWon { move_number, column: column + 1 });
            }
            position.play_column(column);
        }
        Ok(position)
    }

    /// Moves played.
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// A key unique to the position (the stones of the side to move plus every stone, with one
    /// bit above each column's top stone).
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// Whether `column` (0-based) has room.
    pub fn can_play(&self, column: usize) -> bool {
        column < WIDTH && self.mask & top_cell(column) == 0
    }

    /// Plays in `column` (0-based), which must have room.
    pub fn play_column(&mut self, column: usize) {
        self.play_cell((self.mask + bottom_cell(column)) & column_mask(column));
    }

    /// Plays the stone `cell` (one bit, a playable cell).
    pub(crate) fn play_cell(&mut self, cell: u64) {
        self.current ^= self.mask;
        self.mask |= cell;
        self.moves += 1;
    }

    /// Whether playing `column` (0-based, with room) completes four for the side to move.
    pub fn is_winning_move(&self, column: usize) -> bool {
        self.winning_cells() & self.playable() & column_mask(column) != 0
    }

    /// Whether the side to move wins with its next stone.
    pub fn can_win_next(&self) -> bool {
        self.winning_cells() & self.playable() != 0
    }

    /// The cells where a stone can go now, one a column with room.
    pub(crate) fn playable(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    /// Empty cells that would complete four for the side to move.
    pub(crate) fn winning_cells(&self) -> u64 {
        completing_cells(self.current, self.mask)
    }

    /// Empty cells that would complete four for the other side.
    pub(crate) fn opponent_winning_cells(&self) -> u64 {
        completing_cells(self.current ^ self.mask, self.mask)
    }

    /// The moves that do not hand the opponent a win on its next move, as cells: none when
    /// the side to move cannot stop the opponent (two threats, or a threat with a playable
    /// cell under another). Only meaningful when the side to move cannot win at once.
    pub(crate) fn non_losing_moves(&self) -> u64 {
        let mut possible = self.playable();
        let threats = self.opponent_winning_cells();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        // Never play under a cell where the opponent would complete four.
        possible & !(threats >> 1)
    }

    /// How many cells would complete four for the side to move after it plays `cell`: the
    /// threats the move makes (the move ordering's measure).
    pub(crate) fn threats_after(&self, cell: u64) -> u32 {
        (completing_cells(self.current | cell, self.mask) & (BOARD ^ (self.mask | cell))).count_ones()
    }

    /// The stone in `column` (0-based), `row` (0 at the bottom): 1 for the first player, 2 for
    /// the second, 0 when empty.
    pub fn stone(&self, column: usize, row: usize) -> u8 {
        if column >= WIDTH || row >= HEIGHT {
            return 0;
        }
        let cell = 1u64 << (column * COLUMN_BITS + row);
        if self.mask & cell == 0 {
            return 0;
        }
        // `current` holds the side to move: the first player when an even number was played.
        let mine = self.current & cell != 0;
        let first_to_move = self.moves.is_multiple_of(2);
        if mine == first_to_move { 1 } else { 2 }
    }

    /// Stones in `column` (0-based).
    pub fn height(&self, column: usize) -> usize {
        (self.mask & column_mask(column)).count_ones() as usize
    }
}

/// Empty cells of `mask`'s board that complete four for the stones `stones`: the vertical
/// (three below), horizontal and both diagonal lines, each tested by shifting pairs of the
/// stones along the line's direction and looking at the cells beside them.
fn completing_cells(stones: u64, mask: u64) -> u64 {
    // Vertical: three stones directly below.
    let mut cells = (stones << 1) & (stones << 2) & (stones << 3);
    for step in [COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1] {
        // Pairs of stones `step` apart, shifted to either side.
        let pairs_up = (stones << step) & (stones << (2 * step));
        cells |= pairs_up & (stones << (3 * step)); // three behind
        cells |= pairs_up & (stones >> step); // two behind, one ahead
        let pairs_down = (stones >> step) & (stones >> (2 * step));
        cells |= pairs_down & (stones >> (3 * step)); // three ahead
        cells |= pairs_down & (stones << step); // two ahead, one behind
    }
    cells & (BOARD ^ mask)
}

/// The board drawn a row a line, top row first, from `stone(column, row)`: `X` the first
/// player, `O` the second, `.` empty; each cell after `gap`.
pub(crate) fn draw(stone: impl Fn(usize, usize) -> u8, gap: &str) -> String {
    let mut text = String::new();
    for row in (0..HEIGHT).rev() {
        for column in 0..WIDTH {
            text.push_str(gap);
            text.push(match stone(column, row) {
                1 => 'X',
                2 => 'O',
                _ => '.',
            });
        }
        text.push('\n');
    }
    text
}

impl fmt::Display for Position {
    /// The board drawn top row first: `X` the first player, `O` the second, `.` empty.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&draw(|column, row| self.stone(column, row), ""))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four in a row for `player` (1 or 2) by looking at every line of the board cell by cell.
    fn has_four(position: &Position, player: u8) -> bool {
        let at = |column: isize, row: isize| {
            (0..WIDTH as isize).contains(&column)
                && (0..HEIGHT as isize).contains(&row)
                && position.stone(column as usize, row as usize) == player
        };
        (0..WIDTH as isize).any(|column| {
            (0..HEIGHT as isize).any(|row| {
                [(1, 0), (0, 1), (1, 1), (1, -1)]
                    .iter()
                    .any(|&(dc, dr)| (0..4).all(|i| at(column + i * dc, row + i * dr)))
            })
        })
    }

    #[test]
    fn parsing_names_the_bad_move() {
        assert_eq!(Position::parse("4453").unwrap().moves(), 4);
        assert_eq!(Position::parse("48"), Err(PositionError::NotAColumn { move_number: 2, found: '8' }));
        assert_eq!(Position::parse("1111111"), Err(PositionError::FullColumn { move_number: 7, column: 1 }));
        // The first player's fourth stone in column 1.
        assert_eq!(Position::parse("1212121"), Err(PositionError::AlreadyWon { move_number: 7, column: 1 }));
        assert_eq!(Position::parse("").unwrap(), Position::new());
    }

    #[test]
    fn stones_belong_to_who_played_them() {
        let position = Position::parse("445").unwrap();
        assert_eq!(position.stone(3, 0), 1);
        assert_eq!(position.stone(3, 1), 2);
        assert_eq!(position.stone(4, 0), 1);
        assert_eq!(position.to_string().lines().last(), Some("...XX.."));
        assert_eq!(position.height(3), 2);
    }

    proptest::proptest! {
        /// Along random games, a move is winning exactly when the board after it has four in a
        /// row for the mover, found cell by cell.
        #[test]
        fn winning_moves_match_a_cell_by_cell_check(columns in proptest::collection::vec(0usize..WIDTH, 0..60)) {
            let mut position = Position::new();
            for column in columns {
                if !position.can_play(column) {
                    continue;
                }
                let mover = if position.moves().is_multiple_of(2) { 1 } else { 2 };
                let mut after = position;
                after.play_column(column);
                proptest::prop_assert_eq!(position.is_winning_move(column), has_four(&after, mover));
                if has_four(&after, mover) {
                    break;
                }
                position = after;
            }
        }
    }
}
