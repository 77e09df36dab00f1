//! The feature library: numbers that describe a placement, each a pure function of the board
//! before the drop, the placement and the board after it (rows cleared).
//!
//! Conventions: rows count from the floor (row 0); a column's height is one above its top
//! filled cell; the side walls and the floor count as filled cells. Every definition here is
//! the one `docs/tetris.md` states, with its source.

use super::board::{Board, Drop};
use super::piece::Rotation;

/// One feature of a placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Feature {
    /// Seed: the sum over filled cells of their height (row + 1), after clearing.
    BlockHeights,
    /// Seed: rows cleared by this drop.
    LinesCleared,
    /// Seed and Dellacherie: empty cells with a filled cell somewhere above them in their column.
    Holes,
    /// Seed: filled cells above the lowest hole of their column.
    Blockades,
    /// Seed: sides of the piece's cells touching cells already on the board.
    BlockEdges,
    /// Seed: sides of the piece's cells touching the side walls.
    WallEdges,
    /// Seed: sides of the piece's cells touching the floor.
    FloorEdges,
    /// Dellacherie: the height of the piece's middle where it landed, `row + (height − 1) / 2`.
    LandingHeight,
    /// Dellacherie: rows cleared × cells of this piece that those rows removed.
    ErodedCells,
    /// Dellacherie: filled↔empty changes between horizontally adjacent cells, walls filled,
    /// over every row of the board (an empty row counts 2).
    RowTransitions,
    /// Dellacherie: filled↔empty changes going up each column, the floor filled and the sky
    /// above the top row empty.
    ColumnTransitions,
    /// Dellacherie: for each well cell (empty, both sides filled or wall), the run of empty
    /// cells from it downward, itself included (a well of depth d adds 1 + 2 + … + d).
    CumulativeWells,
    /// Thiery & Scherrer: filled cells stacked directly above holes (every filled cell of a
    /// column except the run resting on the floor).
    HoleDepth,
    /// Thiery & Scherrer: rows holding at least one hole.
    RowsWithHoles,
    /// Thiery & Scherrer: how many of the differences −2, −1, 0, 1, 2 occur between the
    /// heights of adjacent columns (0..=5).
    PatternDiversity,
}

/// How many features there are.
pub const FEATURE_COUNT: usize = 15;

impl Feature {
    /// Every feature, in the order of their indices.
    pub const ALL: [Feature; FEATURE_COUNT] = [
        Feature::BlockHeights,
        Feature::LinesCleared,
        Feature::Holes,
        Feature::Blockades,
        Feature::BlockEdges,
        Feature::WallEdges,
        Feature::FloorEdges,
        Feature::LandingHeight,
        Feature::ErodedCells,
        Feature::RowTransitions,
        Feature::ColumnTransitions,
        Feature::CumulativeWells,
        Feature::HoleDepth,
        Feature::RowsWithHoles,
        Feature::PatternDiversity,
    ];

    /// The feature's name in weight files and on screen.
    pub fn name(self) -> &'static str {
        match self {
            Feature::BlockHeights => "block_heights",
            Feature::LinesCleared => "lines_cleared",
            Feature::Holes => "holes",
            Feature::Blockades => "blockades",
            Feature::BlockEdges => "block_edges",
            Feature::WallEdges => "wall_edges",
            Feature::FloorEdges => "floor_edges",
            Feature::LandingHeight => "landing_height",
            Feature::ErodedCells => "eroded_cells",
            Feature::RowTransitions => "row_transitions",
            Feature::ColumnTransitions => "column_transitions",
            Feature::CumulativeWells => "cumulative_wells",
            Feature::HoleDepth => "hole_depth",
            Feature::RowsWithHoles => "rows_with_holes",
            Feature::PatternDiversity => "pattern_diversity",
        }
    }

    /// The feature with this name.
    pub fn from_name(name: &str) -> Option<Feature> {
        Feature::ALL.into_iter().find(|feature| feature.name() == name)
    }

    /// The feature's index in [`Feature::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// A set of features: a bit per feature.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FeatureMask(pub u32);

impl FeatureMask {
    /// The set of `features`.
    pub fn of(features: &[Feature]) -> Self {
        Self(features.iter().fold(0, |mask, feature| mask | feature.bit()))
    }

    /// True when `feature` is in the set.
    #[inline(always)]
    pub fn has(self, feature: Feature) -> bool {
        self.0 & feature.bit() != 0
    }
}

/// The values of every feature in `mask` for dropping `rotation` at `column` on `before`, which
/// gave `drop`; the features outside `mask` are 0.
#[inline(always)]
pub fn compute(
    before: &Board,
    rotation: &Rotation,
    column: usize,
    drop: &Drop,
    mask: FeatureMask,
) -> [f64; FEATURE_COUNT] {
    let mut values = [0.0; FEATURE_COUNT];
    let after = &drop.after;
    let columns = after.columns();
    let width = columns.len();
    let rows = after.height() as u32;
    let row_mask = (1u64 << rows) - 1;

    if mask.has(Feature::LinesCleared) {
        values[Feature::LinesCleared.index()] = drop.lines as f64;
    }
    if mask.has(Feature::LandingHeight) {
        values[Feature::LandingHeight.index()] = drop.row as f64 + (rotation.height as f64 - 1.0) / 2.0;
    }
    if mask.has(Feature::ErodedCells) {
        values[Feature::ErodedCells.index()] = (drop.lines as u32 * drop.piece_cells_cleared as u32) as f64;
    }
    if mask.has(Feature::RowTransitions) {
        let mut transitions =
            (!columns[0] & row_mask).count_ones() + (!columns[width - 1] & row_mask).count_ones();
        for pair in columns.windows(2) {
            transitions += ((pair[0] ^ pair[1]) & row_mask).count_ones();
        }
        values[Feature::RowTransitions.index()] = transitions as f64;
    }
    if mask.has(Feature::ColumnTransitions) {
        let up_mask = (1u64 << (rows + 1)) - 1;
        let transitions: u32 =
            columns.iter().map(|&column| ((column ^ ((column << 1) | 1)) & up_mask).count_ones()).sum();
        values[Feature::ColumnTransitions.index()] = transitions as f64;
    }
    let hole_features = FeatureMask::of(&[Feature::Holes, Feature::HoleDepth, Feature::RowsWithHoles]);
    if mask.0 & hole_features.0 != 0 {
        let (mut holes, mut depth) = (0, 0);
        let mut hole_rows = 0u64;
        for &column in columns {
            // The cells up to the column's top (none for an empty column).
            let below = u64::MAX.checked_shr(column.leading_zeros()).unwrap_or(0);
            let hole_cells = !column & below;
            holes += hole_cells.count_ones();
            hole_rows |= hole_cells;
            depth += column.count_ones() - column.trailing_ones();
        }
        values[Feature::Holes.index()] = holes as f64;
        values[Feature::HoleDepth.index()] = depth as f64;
        values[Feature::RowsWithHoles.index()] = hole_rows.count_ones() as f64;
    }
    if mask.has(Feature::Blockades) {
        let blockades: u32 = columns
            .iter()
            .map(|&column| {
                let below = u64::MAX.checked_shr(column.leading_zeros()).unwrap_or(0);
                if !column & below == 0 { 0 } else { (column >> column.trailing_ones()).count_ones() }
            })
            .sum();
        values[Feature::Blockades.index()] = blockades as f64;
    }
    if mask.has(Feature::BlockHeights) {
        let mut block_heights = 0;
        for &column in columns {
            let mut cells = column;
            while cells != 0 {
                block_heights += cells.trailing_zeros() + 1;
                cells &= cells - 1;
            }
        }
        values[Feature::BlockHeights.index()] = block_heights as f64;
    }
    if mask.has(Feature::PatternDiversity) {
        let mut diversity = 0u32;
        for pair in columns.windows(2) {
            let difference = pair[0].leading_zeros() as i32 - pair[1].leading_zeros() as i32;
            if (-2..=2).contains(&difference) {
                diversity |= 1 << (difference + 2);
            }
        }
        values[Feature::PatternDiversity.index()] = diversity.count_ones() as f64;
    }
    if mask.has(Feature::CumulativeWells) {
        let mut wells = 0;
        let lefts = std::iter::once(u64::MAX).chain(columns.iter().copied());
        let rights = columns.iter().skip(1).copied().chain(std::iter::once(u64::MAX));
        for ((&column, left), right) in columns.iter().zip(lefts).zip(rights) {
            let empty = !column;
            let mut cells = empty & left & right & row_mask;
            while cells != 0 {
                let y = cells.trailing_zeros();
                cells &= cells - 1;
                wells += (empty << (63 - y)).leading_ones();
            }
        }
        values[Feature::CumulativeWells.index()] = wells as f64;
    }
    if mask.0 & EDGE_FEATURES.0 != 0 {
        set_edges(&mut values, before.columns(), rotation, column, u32::from(drop.row));
    }
    values
}

/// The three edge features, read together.
pub(crate) const EDGE_FEATURES: FeatureMask = FeatureMask(
    1 << Feature::BlockEdges as u32 | 1 << Feature::WallEdges as u32 | 1 << Feature::FloorEdges as u32,
);

/// Sets the edge features of `rotation` resting with its lower-left corner at (`column`,
/// `row`) on the board `before` (its columns): the sides of its cells touching cells already
/// there, the side walls and the floor.
#[inline(always)]
pub(crate) fn set_edges(
    values: &mut [f64; FEATURE_COUNT],
    before: &[u64],
    rotation: &Rotation,
    column: usize,
    row: u32,
) {
    let width = before.len();
    let (mut blocks, mut walls, mut floor) = (0, 0, 0);
    for i in 0..rotation.width as usize {
        let x = column + i;
        let cells = rotation.masks[i] << row;
        if x > 0 {
            blocks += (cells & before[x - 1]).count_ones();
        } else {
            walls += cells.count_ones();
        }
        if x + 1 < width {
            blocks += (cells & before[x + 1]).count_ones();
        } else {
            walls += cells.count_ones();
        }
        blocks += ((cells >> 1) & before[x]).count_ones() + ((cells << 1) & before[x]).count_ones();
        floor += (cells & 1) as u32;
    }
    values[Feature::BlockEdges.index()] = blocks as f64;
    values[Feature::WallEdges.index()] = walls as f64;
    values[Feature::FloorEdges.index()] = floor as f64;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Piece;

    const ALL: FeatureMask = FeatureMask(u32::MAX);

    /// The features of dropping `piece` (rotation `rotation`) at `column` on the board drawn by
    /// `rows` (top first).
    fn features_of(
        rows: &[&str],
        height: usize,
        piece: Piece,
        rotation: usize,
        column: usize,
    ) -> [f64; FEATURE_COUNT] {
        let board = Board::from_rows(rows[0].len(), height, rows).unwrap();
        let rotation = &piece.rotations()[rotation];
        let drop = board.drop_piece(rotation, column);
        compute(&board, rotation, column, &drop, ALL)
    }

    fn value(values: &[f64; FEATURE_COUNT], feature: Feature) -> f64 {
        values[feature.index()]
    }

    #[test]
    fn names_round_trip() {
        for feature in Feature::ALL {
            assert_eq!(Feature::from_name(feature.name()), Some(feature));
            assert_eq!(Feature::ALL[feature.index()], feature);
        }
    }

    #[test]
    fn an_o_on_an_empty_board() {
        // 4 wide, 4 high; the O lands in the corner: rows 0-1, columns 0-1.
        let values = features_of(&["....", "....", "....", "...."], 4, Piece::O, 0, 0);
        assert_eq!(value(&values, Feature::LandingHeight), 0.5);
        assert_eq!(value(&values, Feature::LinesCleared), 0.0);
        assert_eq!(value(&values, Feature::ErodedCells), 0.0);
        // Rows 0 and 1: wall|##..|wall → changes at x=2 and at the right wall: 2 each; rows 2, 3
        // empty: 2 each.
        assert_eq!(value(&values, Feature::RowTransitions), 8.0);
        // Columns 0, 1: floor, #, #, ., ., sky → 1 change each; columns 2, 3: floor→empty 1 each.
        assert_eq!(value(&values, Feature::ColumnTransitions), 4.0);
        assert_eq!(value(&values, Feature::Holes), 0.0);
        // Well cells: column 3 rows 0-1 is not a well (column 2 is empty); none.
        assert_eq!(value(&values, Feature::CumulativeWells), 0.0);
        // Cells at rows 0,0,1,1 → heights 1+1+2+2.
        assert_eq!(value(&values, Feature::BlockHeights), 6.0);
        // Sides: left wall 2, floor 2, no blocks.
        assert_eq!(value(&values, Feature::WallEdges), 2.0);
        assert_eq!(value(&values, Feature::FloorEdges), 2.0);
        assert_eq!(value(&values, Feature::BlockEdges), 0.0);
        // Heights 2,2,0,0: differences 0, −2, 0 → two distinct values.
        assert_eq!(value(&values, Feature::PatternDiversity), 2.0);
    }

    #[test]
    fn eroded_cells_count_the_pieces_own_cleared_cells() {
        // Rows 0 and 1 lack their last cell; a vertical I in column 3 clears both: 2 × 2 = 4.
        let values = features_of(&["....", "....", "###.", "###."], 4, Piece::I, 1, 3);
        assert_eq!(value(&values, Feature::LinesCleared), 2.0);
        assert_eq!(value(&values, Feature::ErodedCells), 4.0);
        // The I lands at row 0 and is 4 tall: 0 + 1.5.
        assert_eq!(value(&values, Feature::LandingHeight), 1.5);
        // Before clearing, the I's cells touch column 2 twice (rows 0, 1) and the right wall 4 times.
        assert_eq!(value(&values, Feature::BlockEdges), 2.0);
        assert_eq!(value(&values, Feature::WallEdges), 4.0);
        assert_eq!(value(&values, Feature::FloorEdges), 1.0);
    }

    #[test]
    fn holes_hole_depth_rows_with_holes_and_blockades() {
        // Drop an O on the left of a board with holes. After: (top first, 6 wide, 6 high)
        //   ......
        //   ##....
        //   ##....   <- the O at rows 3-4
        //   #.#...   row 2
        //   #.#.#.   row 1  ← (1,1) hole; (3,1) hole under (3,... no)
        //   ..##.#   row 0
        let rows = ["......", "......", "......", "#.#...", "#.#.#.", "..##.#"];
        let values = features_of(&rows, 6, Piece::O, 0, 0);
        // Column 0: cells rows 1, 2, 3, 4 (O) → hole at row 0. Column 1: rows 3, 4 (O) → holes at
        // rows 0, 1, 2. Column 2: rows 0, 1, 2 → none. Column 3: row 0 only. Column 4: row 1 → hole
        // at row 0. Column 5: row 0.
        assert_eq!(value(&values, Feature::Holes), 5.0);
        assert_eq!(value(&values, Feature::RowsWithHoles), 3.0);
        // Filled cells above holes: column 0: 4, column 1: 2, column 4: 1.
        assert_eq!(value(&values, Feature::HoleDepth), 7.0);
        // Filled cells above the lowest hole: the same here.
        assert_eq!(value(&values, Feature::Blockades), 7.0);
    }

    #[test]
    fn hole_depth_counts_only_cells_directly_stacked_while_blockades_count_all_above() {
        // Column 0: row 0 empty, 1 filled, 2 empty, 3 filled; the I drops in column 3.
        let rows = ["#...", "....", "#...", "...."];
        let board = Board::from_rows(4, 6, &rows).unwrap();
        let rotation = &Piece::I.rotations()[1];
        let drop = board.drop_piece(rotation, 3);
        let values = compute(&board, rotation, 3, &drop, ALL);
        // Holes in column 0: rows 0 and 2.
        assert_eq!(value(&values, Feature::Holes), 2.0);
        // Every filled cell of column 0 is above a hole: 2 (no run rests on the floor).
        assert_eq!(value(&values, Feature::HoleDepth), 2.0);
        assert_eq!(value(&values, Feature::Blockades), 2.0);
        let rows = ["#...", "#...", "....", "#..."];
        let board = Board::from_rows(4, 6, &rows).unwrap();
        let drop = board.drop_piece(rotation, 3);
        let values = compute(&board, rotation, 3, &drop, ALL);
        // Row 0 filled rests on the floor; rows 2, 3 over the hole at row 1.
        assert_eq!(value(&values, Feature::HoleDepth), 2.0);
        assert_eq!(value(&values, Feature::Blockades), 2.0);
        assert_eq!(value(&values, Feature::Holes), 1.0);
    }

    #[test]
    fn cumulative_wells_sum_one_to_depth() {
        // A well of depth 3 in column 1 of a 3 wide board (columns 0, 2 filled to row 2), and
        // the piece drops far right... use a 4 wide board: column 3 gets a vertical I.
        //   #.#.
        //   #.#.
        //   #.#.
        let rows = ["#.#.", "#.#.", "#.#."];
        let board = Board::from_rows(4, 8, &rows).unwrap();
        let rotation = &Piece::I.rotations()[1];
        let drop = board.drop_piece(rotation, 3);
        let values = compute(&board, rotation, 3, &drop, ALL);
        // Column 1: well cells rows 0-2 → 3 + 2 + 1 = 6. Column 3 is filled by the I to row 3;
        // column 2 ends at row 2, so column... the I makes column 3 taller: no well on the right.
        assert_eq!(value(&values, Feature::CumulativeWells), 6.0);
        // A well at the wall: column 0 empty, column 1 filled two high: depth 2 → 3.
        let rows = [".#..", ".#.."];
        let board = Board::from_rows(4, 8, &rows).unwrap();
        let rotation = &Piece::O.rotations()[0];
        let drop = board.drop_piece(rotation, 2);
        let values = compute(&board, rotation, 2, &drop, ALL);
        // Column 0: rows 0, 1 (wall left, column 1 right) → 2 + 1. Column 1 is full: no cells.
        assert_eq!(value(&values, Feature::CumulativeWells), 3.0);
    }

    #[test]
    fn row_and_column_transitions_on_a_ragged_board() {
        // 4 wide, 4 high, after an O dropped at columns 2-3 on "#..." (row 0):
        //   ....
        //   ..##   row 1
        //   #.##   row 0
        let values = features_of(&["#..."], 4, Piece::O, 0, 2);
        // Row 0: W|#.##|W → #→. and .→#: 2. Row 1: W|..##|W → W→. and .→#: 2. Rows 2, 3: 2 each.
        assert_eq!(value(&values, Feature::RowTransitions), 8.0);
        // Column 0: floor,#,.,.,.,sky → 1. Column 1: floor→. 1. Columns 2, 3: #,#,. → 1 each.
        assert_eq!(value(&values, Feature::ColumnTransitions), 4.0);
        // A column filled to the top row changes once more, into the sky.
        let values = features_of(&["#...", "#...", "#...", "...."], 4, Piece::O, 0, 2);
        // Column 0: floor→. (1), .→# (1), # to the top, then sky (1) = 3; column 1: 1; 2, 3: 1 each.
        assert_eq!(value(&values, Feature::ColumnTransitions), 6.0);
    }

    #[test]
    fn features_outside_the_mask_are_zero() {
        let board = Board::from_rows(4, 4, &["#.#."]).unwrap();
        let rotation = &Piece::T.rotations()[0];
        let drop = board.drop_piece(rotation, 0);
        let only = FeatureMask::of(&[Feature::Holes]);
        let values = compute(&board, rotation, 0, &drop, only);
        for feature in Feature::ALL {
            if feature != Feature::Holes {
                assert_eq!(value(&values, feature), 0.0, "{feature:?}");
            }
        }
    }
}
