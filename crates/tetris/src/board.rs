//! The board as column bitboards, straight drops, line clears and the game-over rule.
//!
//! Column `x` is one `u64`; bit `y` is the cell in row `y` counted from the floor. A piece
//! enters above the top row and drops straight down in its column range until it rests on the
//! stack or the floor. Full rows are cleared first; the game is over when cells remain above
//! the top row after clearing.

use super::piece::{Piece, Rotation};

/// The widest board.
pub const MAX_WIDTH: usize = 20;
/// The tallest board (a piece may stick out up to 4 rows above it, well inside 64 bits).
pub const MAX_HEIGHT: usize = 40;
/// The narrowest board (an I piece must fit lying down).
pub const MIN_WIDTH: usize = 4;
/// The lowest board.
pub const MIN_HEIGHT: usize = 4;

/// A board size out of range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SizeError {
    /// The width is not in `MIN_WIDTH..=MAX_WIDTH`.
    #[error("board width {0} is out of range: it must be 4..=20")]
    Width(usize),
    /// The height is not in `MIN_HEIGHT..=MAX_HEIGHT`.
    #[error("board height {0} is out of range: it must be 4..=40")]
    Height(usize),
}

/// A Tetris well: `width` columns of `height` rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    columns: [u64; MAX_WIDTH],
}

/// Where a piece goes: its rotation (index into [`Piece::rotations`]) and its leftmost column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Placement {
    /// Index of the rotation in [`Piece::rotations`].
    pub rotation: u8,
    /// The leftmost column the piece covers.
    pub column: u8,
}

/// What a drop did: the board after it and what changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drop {
    /// The board after the piece landed and full rows were cleared.
    pub after: Board,
    /// The row of the piece's lowest cells.
    pub row: u8,
    /// Full rows cleared.
    pub lines: u8,
    /// Cells of this piece removed by the cleared rows.
    pub piece_cells_cleared: u8,
    /// Cells remain above the top row: the drop ends the game.
    pub game_over: bool,
}

impl Board {
    /// An empty board.
    pub fn new(width: usize, height: usize) -> Result<Self, SizeError> {
        if !(MIN_WIDTH..=MAX_WIDTH).contains(&width) {
            return Err(SizeError::Width(width));
        }
        if !(MIN_HEIGHT..=MAX_HEIGHT).contains(&height) {
            return Err(SizeError::Height(height));
        }
        Ok(Self { width: width as u8, height: height as u8, columns: [0; MAX_WIDTH] })
    }

    /// A board from text rows, top row first: `#` filled, anything else empty. Rows below the
    /// given ones are empty; every row must be `width` wide.
    pub fn from_rows(width: usize, height: usize, rows: &[&str]) -> Result<Self, String> {
        let mut board = Self::new(width, height).map_err(|error| error.to_string())?;
        if rows.len() > height {
            return Err(format!("{} rows do not fit a board {height} high", rows.len()));
        }
        for (index, row) in rows.iter().enumerate() {
            let y = rows.len() - 1 - index;
            if row.chars().count() != width {
                return Err(format!("row '{row}' is not {width} cells wide"));
            }
            for (x, cell) in row.chars().enumerate() {
                if cell == '#' {
                    board.columns[x] |= 1 << y;
                }
            }
        }
        Ok(board)
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// The column bitboards (bit `y` = row `y`), `width` of them.
    pub fn columns(&self) -> &[u64] {
        &self.columns[..self.width as usize]
    }

    /// True when the cell at column `x`, row `y` (from the floor) is filled.
    pub fn filled(&self, x: usize, y: usize) -> bool {
        x < self.width() && y < 64 && self.columns[x] >> y & 1 == 1
    }

    /// Height of column `x`: one above its top filled cell, 0 when empty.
    #[inline(always)]
    pub fn column_height(&self, x: usize) -> u32 {
        64 - self.columns[x].leading_zeros()
    }

    /// Filled cells.
    pub fn cell_count(&self) -> u32 {
        self.columns().iter().map(|column| column.count_ones()).sum()
    }

    /// The row the piece's lowest cells land on when `rotation` drops with its left edge in
    /// `column` (which must leave room: `column + width <= self.width()`).
    #[inline(always)]
    pub fn landing_row(&self, rotation: &Rotation, column: usize) -> u32 {
        let mut row = 0;
        for i in 0..rotation.width as usize {
            let rest = self.column_height(column + i).saturating_sub(rotation.bottoms[i] as u32);
            row = row.max(rest);
        }
        row
    }

    /// True when `rotation` fits with its left edge in `column`.
    pub fn fits(&self, rotation: &Rotation, column: usize) -> bool {
        column + rotation.width as usize <= self.width()
    }

    /// Whether `rotation` with its lower-left corner at (`column`, `row`) lies on the board, its
    /// top at most `above` rows over the board's top, on no filled cell.
    pub fn is_free(&self, rotation: &Rotation, column: i32, row: i32, above: i32) -> bool {
        if column < 0 || row < 0 || column + i32::from(rotation.width) > self.width() as i32 {
            return false;
        }
        if row + i32::from(rotation.height) > self.height() as i32 + above {
            return false;
        }
        (0..rotation.width as usize)
            .all(|i| self.columns[column as usize + i] & (rotation.masks[i] << row) == 0)
    }

    /// Drops `rotation` straight down with its left edge in `column` (which must fit), clears
    /// full rows and says whether the game is over.
    #[inline(always)]
    pub fn drop_piece(&self, rotation: &Rotation, column: usize) -> Drop {
        let row = self.landing_row(rotation, column);
        self.place(rotation, column, row)
    }

    /// Sets `rotation`'s cells with its lower-left corner at (`column`, `row`) (which must be
    /// free), clears full rows and says whether the game is over (a cell above the top).
    #[inline(always)]
    pub fn place(&self, rotation: &Rotation, column: usize, row: u32) -> Drop {
        let mut after = *self;
        for i in 0..rotation.width as usize {
            after.columns[column + i] |= rotation.masks[i] << row;
        }
        let full = after.columns().iter().fold(u64::MAX, |all, column| all & column);
        let mut piece_cells_cleared = 0;
        if full != 0 {
            for i in 0..rotation.width as usize {
                piece_cells_cleared += ((rotation.masks[i] << row) & full).count_ones();
            }
            after.clear_rows(full);
        }
        // Only the piece's columns can reach above the top: the others were below it before.
        let game_over = (0..rotation.width as usize).any(|i| after.columns[column + i] >> self.height != 0);
        Drop {
            after,
            row: row as u8,
            lines: full.count_ones() as u8,
            piece_cells_cleared: piece_cells_cleared as u8,
            game_over,
        }
    }

    /// Removes the rows set in `full`, moving the rows above them down.
    #[inline(always)]
    fn clear_rows(&mut self, full: u64) {
        let mut rows = full;
        // Highest first, so the lower rows' indices stay valid.
        while rows != 0 {
            let row = 63 - rows.leading_zeros();
            rows &= !(1u64 << row);
            let below = (1u64 << row) - 1;
            for column in &mut self.columns[..self.width as usize] {
                *column = (*column & below) | ((*column >> 1) & !below);
            }
        }
    }

    /// The placements of `piece` on this board: every distinct rotation at every column where
    /// it fits.
    pub fn placements(&self, piece: Piece) -> impl Iterator<Item = Placement> + '_ {
        let width = self.width();
        piece.rotations().iter().flat_map(move |rotation| {
            (0..=width - rotation.width as usize)
                .map(move |column| Placement { rotation: rotation.index, column: column as u8 })
        })
    }

    /// The placements a piece can reach under the reachability rule: it appears with its top
    /// in the top row, centred, turns there and slides sideways at that height, then drops. A
    /// rotation that does not fit where the piece appears, or a column it cannot slide to past
    /// the stack, is not reachable.
    pub fn reachable_placements(&self, piece: Piece) -> Vec<Placement> {
        let mut reachable = Vec::new();
        for rotation in piece.rotations() {
            let width = rotation.width as usize;
            let height = rotation.height as usize;
            if height > self.height() {
                continue;
            }
            let row = self.height() - height;
            let spawn = (self.width() - width) / 2;
            let free = |column: usize| {
                (0..width).all(|i| self.columns[column + i] & (rotation.masks[i] << row) == 0)
            };
            if !free(spawn) {
                continue;
            }
            let mut left = spawn;
            while left > 0 && free(left - 1) {
                left -= 1;
            }
            let mut right = spawn;
            while right + width < self.width() && free(right + 1) {
                right += 1;
            }
            reachable.extend(
                (left..=right).map(|column| Placement { rotation: rotation.index, column: column as u8 }),
            );
        }
        reachable
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rotation(piece: Piece, index: usize) -> &'static Rotation {
        &piece.rotations()[index]
    }

    #[test]
    fn sizes_out_of_range_are_errors() {
        assert_eq!(Board::new(3, 10), Err(SizeError::Width(3)));
        assert_eq!(Board::new(21, 10), Err(SizeError::Width(21)));
        assert_eq!(Board::new(10, 41), Err(SizeError::Height(41)));
        assert!(Board::new(20, 40).is_ok());
    }

    #[test]
    fn a_piece_rests_on_the_highest_column_under_it() {
        let board = Board::from_rows(4, 6, &["#...", "#..#"]).unwrap();
        // A lying I lands on top of column 0 (height 2), fills row 2 of this 4-wide board, and
        // the row clears at once.
        let drop = board.drop_piece(rotation(Piece::I, 0), 0);
        assert_eq!(drop.row, 2);
        assert_eq!((drop.lines, drop.piece_cells_cleared), (1, 4));
        assert_eq!(drop.after, board);
        // An S lying flat at column 1: bottom cells in columns 1, 2; column 3 holds its upper cell.
        let s = rotation(Piece::S, 0);
        assert_eq!(board.landing_row(s, 1), 0);
    }

    #[test]
    fn full_rows_clear_and_rows_above_fall() {
        let board = Board::from_rows(4, 6, &["#...", "###.", "###."]).unwrap();
        let vertical_i = Piece::I.rotations().iter().find(|r| r.width == 1).unwrap();
        let drop = board.drop_piece(vertical_i, 3);
        assert_eq!(drop.lines, 2);
        assert_eq!(drop.piece_cells_cleared, 2);
        assert_eq!(drop.after, Board::from_rows(4, 6, &["...#", "#..#"]).unwrap());
        assert!(!drop.game_over);
    }

    #[test]
    fn the_game_ends_when_cells_remain_above_the_top_after_clearing() {
        let board = Board::from_rows(4, 4, &["#...", "#...", "#...", "#..."]).unwrap();
        let vertical_i = Piece::I.rotations().iter().find(|r| r.width == 1).unwrap();
        assert!(board.drop_piece(vertical_i, 0).game_over);
        // A piece sticking out that completes rows which clear is not game over.
        let board = Board::from_rows(4, 4, &[".###", ".###", ".###", ".###"]).unwrap();
        let drop = board.drop_piece(vertical_i, 0);
        assert_eq!(drop.lines, 4);
        assert!(!drop.game_over);
        assert_eq!(drop.after.cell_count(), 0);
    }

    #[test]
    fn reachability_blocks_columns_behind_a_tall_stack() {
        let board = Board::from_rows(6, 4, &["..#...", "..#...", "..#...", "..#..."]).unwrap();
        let o = Piece::O;
        assert_eq!(board.placements(o).count(), 5);
        let reachable: Vec<u8> = board.reachable_placements(o).iter().map(|p| p.column).collect();
        assert!(reachable.is_empty(), "the O appears over column 2, which is full to the top");
        // A low stack does not block: the O slides over it.
        let board = Board::from_rows(6, 4, &["#.....", "#....."]).unwrap();
        let reachable: Vec<u8> = board.reachable_placements(o).iter().map(|p| p.column).collect();
        assert_eq!(reachable, vec![0, 1, 2, 3, 4]);
        // A column reaching the top stops the slide to its left.
        let board = Board::from_rows(8, 4, &[".#......", ".#......", ".#......", ".#......"]).unwrap();
        let reachable: Vec<u8> = board.reachable_placements(o).iter().map(|p| p.column).collect();
        assert_eq!(reachable, vec![2, 3, 4, 5, 6]);
    }

    proptest! {
        #[test]
        fn drops_conserve_cells_and_never_overlap(
            pieces in proptest::collection::vec((0usize..7, 0usize..4, 0usize..10), 1..60)
        ) {
            let mut board = Board::new(10, 20).unwrap();
            for (piece, rotation, column) in pieces {
                let piece = Piece::ALL[piece];
                let rotation = &piece.rotations()[rotation % piece.rotations().len()];
                let column = column.min(10 - rotation.width as usize);
                let row = board.landing_row(rotation, column);
                for i in 0..rotation.width as usize {
                    prop_assert_eq!(board.columns()[column + i] & (rotation.masks[i] << row), 0);
                }
                let drop = board.drop_piece(rotation, column);
                prop_assert_eq!(
                    drop.after.cell_count() + 10 * drop.lines as u32,
                    board.cell_count() + 4
                );
                prop_assert!(drop.after.columns().iter().fold(u64::MAX, |a, c| a & c) == 0);
                if drop.game_over {
                    break;
                }
                board = drop.after;
            }
        }
    }
}
