//! The seven tetrominoes and their distinct rotations, as column masks for the bitboard.

use std::sync::LazyLock;

/// One of the seven tetrominoes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Piece {
    /// The straight piece.
    I,
    /// The square.
    O,
    /// The T.
    T,
    /// S: the bottom row is offset to the left.
    S,
    /// Z: the bottom row is offset to the right.
    Z,
    /// L: the foot points right.
    L,
    /// J: the foot points left.
    J,
}

impl Piece {
    /// Every piece, in the order the generators index them.
    pub const ALL: [Piece; 7] = [Piece::I, Piece::O, Piece::T, Piece::S, Piece::Z, Piece::L, Piece::J];

    /// The piece's letter.
    pub fn name(self) -> &'static str {
        match self {
            Piece::I => "I",
            Piece::O => "O",
            Piece::T => "T",
            Piece::S => "S",
            Piece::Z => "Z",
            Piece::L => "L",
            Piece::J => "J",
        }
    }

    /// The piece's distinct rotations (I, S, Z: 2; O: 1; T, L, J: 4).
    pub fn rotations(self) -> &'static [Rotation] {
        &ROTATIONS[self as usize]
    }

    /// The cells of the piece in its spawn orientation, `(x, y)` with y up.
    fn base_cells(self) -> [(i8, i8); 4] {
        match self {
            Piece::I => [(0, 0), (1, 0), (2, 0), (3, 0)],
            Piece::O => [(0, 0), (1, 0), (0, 1), (1, 1)],
            Piece::T => [(0, 1), (1, 1), (2, 1), (1, 0)],
            Piece::S => [(0, 0), (1, 0), (1, 1), (2, 1)],
            Piece::Z => [(1, 0), (2, 0), (0, 1), (1, 1)],
            Piece::L => [(0, 0), (1, 0), (2, 0), (2, 1)],
            Piece::J => [(0, 0), (1, 0), (2, 0), (0, 1)],
        }
    }
}

/// One orientation of a piece: its cells as one bit mask per column it covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rotation {
    /// The rotation's index among the piece's distinct rotations.
    pub index: u8,
    /// Columns covered.
    pub width: u8,
    /// Rows covered.
    pub height: u8,
    /// The cells of column `i` (bit `y` = row `y` above the piece's lowest row).
    pub masks: [u64; 4],
    /// The lowest cell of column `i` (the row its mask starts at).
    pub bottoms: [u8; 4],
    /// The cells, `(x, y)` from the piece's lower left corner, y up.
    pub cells: [(u8, u8); 4],
}

static ROTATIONS: LazyLock<[Vec<Rotation>; 7]> = LazyLock::new(|| Piece::ALL.map(distinct_rotations));

/// Turns the base shape a quarter turn at a time and keeps each new shape once, in the order met.
fn distinct_rotations(piece: Piece) -> Vec<Rotation> {
    let mut shapes: Vec<[(u8, u8); 4]> = Vec::new();
    let mut cells = piece.base_cells();
    for _ in 0..4 {
        let normalised = normalise(cells);
        if !shapes.contains(&normalised) {
            shapes.push(normalised);
        }
        cells = cells.map(|(x, y)| (y, -x));
    }
    shapes.into_iter().enumerate().map(|(index, cells)| rotation(index as u8, cells)).collect()
}

fn normalise(cells: [(i8, i8); 4]) -> [(u8, u8); 4] {
    let min_x = cells.iter().map(|cell| cell.0).min().unwrap_or(0);
    let min_y = cells.iter().map(|cell| cell.1).min().unwrap_or(0);
    let mut shifted = cells.map(|(x, y)| ((x - min_x) as u8, (y - min_y) as u8));
    shifted.sort_unstable();
    shifted
}

fn rotation(index: u8, cells: [(u8, u8); 4]) -> Rotation {
    let width = cells.iter().map(|cell| cell.0).max().unwrap_or(0) + 1;
    let height = cells.iter().map(|cell| cell.1).max().unwrap_or(0) + 1;
    let mut masks = [0u64; 4];
    for &(x, y) in &cells {
        masks[x as usize] |= 1 << y;
    }
    let bottoms = masks.map(|mask| if mask == 0 { 0 } else { mask.trailing_zeros() as u8 });
    Rotation { index, width, height, masks, bottoms, cells }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_have_the_known_number_of_distinct_rotations_and_placements() {
        let counts: Vec<usize> = Piece::ALL.iter().map(|piece| piece.rotations().len()).collect();
        assert_eq!(counts, [2, 1, 4, 2, 2, 4, 4]);
        // On a 10-wide board: I 17, O 9, T/L/J 34 each, S/Z 17 each, 162 in all.
        let placements = |piece: Piece| -> usize {
            piece.rotations().iter().map(|rotation| 10 - rotation.width as usize + 1).sum()
        };
        assert_eq!(Piece::ALL.map(placements), [17, 9, 34, 17, 17, 34, 34]);
    }

    #[test]
    fn every_rotation_has_four_cells_in_its_masks() {
        for piece in Piece::ALL {
            for rotation in piece.rotations() {
                let cells: u32 = rotation.masks.iter().map(|mask| mask.count_ones()).sum();
                assert_eq!(cells, 4, "{piece:?} rotation {}", rotation.index);
                for column in 0..rotation.width as usize {
                    assert_ne!(rotation.masks[column], 0, "straight drops need no empty column");
                }
            }
        }
    }
}
