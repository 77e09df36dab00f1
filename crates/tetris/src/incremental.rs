//! The features of every placement on one board, computed by difference.
//!
//! A piece changes at most four columns. Every feature but the per-placement ones (landing
//! height, eroded cells, rows cleared, the piece's edges) is a sum over columns, over adjacent
//! column pairs, or an OR of such terms, so [`BoardFeatures`] keeps each column's and each
//! pair's terms for the board before the drop, and a placement recomputes only the terms of the
//! columns it touches and their neighbours. A drop that clears rows moves every column: it is
//! scored on the whole board after it, by [`compute`], exactly as before. Both ways give the
//! same integers, so the same values to the last bit (the oracle test in this file checks it).

use super::board::{Board, MAX_WIDTH};
use super::features::{EDGE_FEATURES, FEATURE_COUNT, Feature, FeatureMask, compute, set_edges};
use super::piece::Rotation;

/// One column's share of the column features.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct ColumnTerms {
    column_transitions: u32,
    holes: u32,
    hole_depth: u32,
    blockades: u32,
    block_heights: u32,
    /// The column's empty cells under its top (for rows with holes).
    hole_cells: u64,
}

impl ColumnTerms {
    #[inline(always)]
    fn of(column: u64, up_mask: u64, mask: FeatureMask) -> Self {
        let mut terms = ColumnTerms::default();
        if mask.has(Feature::ColumnTransitions) {
            terms.column_transitions = ((column ^ ((column << 1) | 1)) & up_mask).count_ones();
        }
        let below = u64::MAX.checked_shr(column.leading_zeros()).unwrap_or(0);
        let hole_cells = !column & below;
        terms.hole_cells = hole_cells;
        terms.holes = hole_cells.count_ones();
        let resting = column.trailing_ones();
        terms.hole_depth = column.count_ones() - resting;
        if mask.has(Feature::Blockades) && hole_cells != 0 {
            terms.blockades = (column >> resting).count_ones();
        }
        if mask.has(Feature::BlockHeights) {
            let mut cells = column;
            while cells != 0 {
                terms.block_heights += cells.trailing_zeros() + 1;
                cells &= cells - 1;
            }
        }
        terms
    }
}

/// The cumulative wells of `column` between `left` and `right` (walls are all ones).
#[inline(always)]
fn wells(column: u64, left: u64, right: u64, row_mask: u64) -> u32 {
    let empty = !column;
    let mut cells = empty & left & right & row_mask;
    let mut total = 0;
    while cells != 0 {
        let y = cells.trailing_zeros();
        cells &= cells - 1;
        total += (empty << (63 - y)).leading_ones();
    }
    total
}

/// The pattern-diversity bit of two adjacent columns (0 when their heights differ by over 2).
#[inline(always)]
fn diversity_bit(left: u64, right: u64) -> u32 {
    let difference = left.leading_zeros() as i32 - right.leading_zeros() as i32;
    if (-2..=2).contains(&difference) { 1 << (difference + 2) } else { 0 }
}

/// What a placement scored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Scored {
    /// The row of the piece's lowest cells.
    pub row: u32,
    /// The drop ends the game.
    pub game_over: bool,
    /// The feature values (meaningless when `game_over`).
    pub values: [f64; FEATURE_COUNT],
}

/// Walls on each side of the padded board: a window two columns wider than a piece on each
/// side stays inside it.
const PAD: usize = 2;
/// The padded board's length: room for a window of `WINDOW` columns from any piece position.
const PADDED: usize = MAX_WIDTH + 2 * PAD + 4;
/// The columns a placement reads: the piece's (up to 4) and two on each side.
const WINDOW: usize = 8;

/// One board's column and pair terms, and their totals, for scoring its placements.
///
/// Padded arrays hold column `x` at `x + PAD`, with all-ones walls around the board: a wall has
/// no wells, and the row transitions between a wall and a column are the column's border ones,
/// so the sums need no case for the edges.
pub(crate) struct BoardFeatures<'a> {
    board: &'a Board,
    mask: FeatureMask,
    width: usize,
    row_mask: u64,
    up_mask: u64,
    columns: [ColumnTerms; MAX_WIDTH],
    /// The columns, padded with walls.
    padded: [u64; PADDED],
    /// The wells of each padded column (0 for walls).
    wells: [u32; PADDED],
    /// Row transitions between padded columns `j` and `j + 1`.
    pair_transitions: [u32; PADDED],
    /// AND of the columns before `x` (`[x]`) and from `x` on (`suffix_and[x]`).
    prefix_and: [u64; MAX_WIDTH + 1],
    suffix_and: [u64; MAX_WIDTH + 1],
    /// OR of the hole cells of the columns before `x`, and from `x` on.
    prefix_holes: [u64; MAX_WIDTH + 1],
    suffix_holes: [u64; MAX_WIDTH + 1],
    /// OR of the diversity bits of the pairs before `p`, and from `p` on.
    prefix_diversity: [u32; MAX_WIDTH + 1],
    suffix_diversity: [u32; MAX_WIDTH + 1],
    totals: ColumnTerms,
    total_wells: u32,
    total_row_transitions: u32,
}

impl<'a> BoardFeatures<'a> {
    /// The terms of `board` for the features in `mask`.
    #[inline(always)]
    pub fn new(board: &'a Board, mask: FeatureMask) -> Self {
        let cells = board.columns();
        let width = cells.len();
        let rows = board.height() as u32;
        let row_mask = (1u64 << rows) - 1;
        let up_mask = (1u64 << (rows + 1)) - 1;
        let mut padded = [u64::MAX; PADDED];
        padded[PAD..PAD + width].copy_from_slice(cells);
        let mut features = BoardFeatures {
            board,
            mask,
            width,
            row_mask,
            up_mask,
            columns: [ColumnTerms::default(); MAX_WIDTH],
            padded,
            wells: [0; PADDED],
            pair_transitions: [0; PADDED],
            prefix_and: [u64::MAX; MAX_WIDTH + 1],
            suffix_and: [u64::MAX; MAX_WIDTH + 1],
            prefix_holes: [0; MAX_WIDTH + 1],
            suffix_holes: [0; MAX_WIDTH + 1],
            prefix_diversity: [0; MAX_WIDTH + 1],
            suffix_diversity: [0; MAX_WIDTH + 1],
            totals: ColumnTerms::default(),
            total_wells: 0,
            total_row_transitions: 0,
        };
        let mut totals = ColumnTerms::default();
        for (x, &column) in cells.iter().enumerate() {
            let terms = ColumnTerms::of(column, up_mask, mask);
            totals.column_transitions += terms.column_transitions;
            totals.holes += terms.holes;
            totals.hole_depth += terms.hole_depth;
            totals.blockades += terms.blockades;
            totals.block_heights += terms.block_heights;
            features.columns[x] = terms;
            features.prefix_and[x + 1] = features.prefix_and[x] & column;
            features.prefix_holes[x + 1] = features.prefix_holes[x] | terms.hole_cells;
        }
        for x in (0..width).rev() {
            features.suffix_and[x] = features.suffix_and[x + 1] & cells[x];
            features.suffix_holes[x] = features.suffix_holes[x + 1] | features.columns[x].hole_cells;
        }
        features.totals = totals;
        if mask.has(Feature::CumulativeWells) {
            for j in PAD..PAD + width {
                features.wells[j] = wells(padded[j], padded[j - 1], padded[j + 1], row_mask);
                features.total_wells += features.wells[j];
            }
        }
        if mask.has(Feature::RowTransitions) {
            for j in PAD - 1..PAD + width {
                features.pair_transitions[j] = ((padded[j] ^ padded[j + 1]) & row_mask).count_ones();
                features.total_row_transitions += features.pair_transitions[j];
            }
        }
        if mask.has(Feature::PatternDiversity) {
            for p in 0..width - 1 {
                features.prefix_diversity[p + 1] =
                    features.prefix_diversity[p] | diversity_bit(cells[p], cells[p + 1]);
            }
            for p in (0..width - 1).rev() {
                features.suffix_diversity[p] =
                    features.suffix_diversity[p + 1] | diversity_bit(cells[p], cells[p + 1]);
            }
        }
        features
    }

    /// Drops `rotation` with its left edge in `column` (which must fit) and gives its features.
    #[inline(always)]
    pub fn score(&self, rotation: &Rotation, column: usize) -> Scored {
        let board = self.board;
        let row = board.landing_row(rotation, column);
        let piece_width = rotation.width as usize;
        let end = column + piece_width;
        // Padded columns `column` to `column + WINDOW`: board columns `column - PAD` on, the
        // piece's from `PAD`, then set as they are after the drop.
        let mut window: [u64; WINDOW] = self.padded[column..column + WINDOW].try_into().expect("8 columns");
        let mut full = self.prefix_and[column] & self.suffix_and[end];
        let mut sticks_out = 0;
        for i in 0..piece_width {
            window[PAD + i] |= rotation.masks[i] << row;
            full &= window[PAD + i];
            sticks_out |= window[PAD + i] >> board.height();
        }
        if full != 0 {
            let drop = board.place(rotation, column, row);
            let values = if drop.game_over {
                [0.0; FEATURE_COUNT]
            } else {
                compute(board, rotation, column, &drop, self.mask)
            };
            return Scored { row, game_over: drop.game_over, values };
        }
        if sticks_out != 0 {
            return Scored { row, game_over: true, values: [0.0; FEATURE_COUNT] };
        }
        let mask = self.mask;
        let mut values = [0.0; FEATURE_COUNT];
        // The piece's own features, as `compute` has them, with no rows cleared.
        if mask.has(Feature::LandingHeight) {
            values[Feature::LandingHeight.index()] = row as f64 + (rotation.height as f64 - 1.0) / 2.0;
        }

        let mut totals = self.totals;
        let mut hole_rows = self.prefix_holes[column] | self.suffix_holes[end];
        for i in 0..piece_width {
            let old = &self.columns[column + i];
            let terms = ColumnTerms::of(window[PAD + i], self.up_mask, mask);
            totals.column_transitions += terms.column_transitions;
            totals.column_transitions -= old.column_transitions;
            totals.holes = totals.holes + terms.holes - old.holes;
            totals.hole_depth = totals.hole_depth + terms.hole_depth - old.hole_depth;
            totals.blockades = totals.blockades + terms.blockades - old.blockades;
            totals.block_heights = totals.block_heights + terms.block_heights - old.block_heights;
            hole_rows |= terms.hole_cells;
        }
        // Like `compute`, all three hole features when any is asked for.
        let hole_features = FeatureMask::of(&[Feature::Holes, Feature::HoleDepth, Feature::RowsWithHoles]);
        if mask.0 & hole_features.0 != 0 {
            values[Feature::Holes.index()] = totals.holes as f64;
            values[Feature::HoleDepth.index()] = totals.hole_depth as f64;
            values[Feature::RowsWithHoles.index()] = hole_rows.count_ones() as f64;
        }
        if mask.has(Feature::ColumnTransitions) {
            values[Feature::ColumnTransitions.index()] = totals.column_transitions as f64;
        }
        if mask.has(Feature::Blockades) {
            values[Feature::Blockades.index()] = totals.blockades as f64;
        }
        if mask.has(Feature::BlockHeights) {
            values[Feature::BlockHeights.index()] = totals.block_heights as f64;
        }
        // The piece's columns and one on each side see new neighbours: window 1 to width + 2.
        if mask.has(Feature::CumulativeWells) {
            let mut total = self.total_wells;
            for k in 1..piece_width + 3 {
                total = total + wells(window[k], window[k - 1], window[k + 1], self.row_mask)
                    - self.wells[column + k];
            }
            values[Feature::CumulativeWells.index()] = total as f64;
        }
        // The pairs that hold a piece column: window pairs (1, 2) to (width + 1, width + 2).
        if mask.has(Feature::RowTransitions) {
            let mut total = self.total_row_transitions;
            for k in 1..piece_width + 2 {
                total = total + ((window[k] ^ window[k + 1]) & self.row_mask).count_ones()
                    - self.pair_transitions[column + k];
            }
            values[Feature::RowTransitions.index()] = total as f64;
        }
        if mask.has(Feature::PatternDiversity) {
            // Board pairs (p, p + 1) from (column - 1, column) to (end - 1, end), inside the board.
            let first = column.saturating_sub(1);
            let last = end.min(self.width - 1);
            let mut bits = self.prefix_diversity[first] | self.suffix_diversity[last];
            for p in first..last {
                bits |= diversity_bit(window[p + PAD - column], window[p + PAD + 1 - column]);
            }
            values[Feature::PatternDiversity.index()] = bits.count_ones() as f64;
        }
        if mask.0 & EDGE_FEATURES.0 != 0 {
            set_edges(&mut values, board.columns(), rotation, column, row);
        }
        Scored { row, game_over: false, values }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Piece;
    use proptest::prelude::*;

    /// Every placement of every piece on `board`, scored by difference and by `compute` on the
    /// whole board after the drop: the first that differs, described.
    fn check_every_placement(board: &Board, mask: FeatureMask) -> Result<(), String> {
        let features = BoardFeatures::new(board, mask);
        for piece in Piece::ALL {
            for placement in board.placements(piece) {
                let rotation = &piece.rotations()[placement.rotation as usize];
                let column = placement.column as usize;
                let drop = board.drop_piece(rotation, column);
                let scored = features.score(rotation, column);
                let whole = (!drop.game_over).then(|| compute(board, rotation, column, &drop, mask));
                if (scored.row, scored.game_over) != (u32::from(drop.row), drop.game_over)
                    || whole.is_some_and(|values| values != scored.values)
                {
                    return Err(format!("{piece:?} {placement:?}: {scored:?} against {drop:?} {whole:?}"));
                }
            }
        }
        Ok(())
    }

    /// The boards of real games (BCTS and the GA write-up's weights, which read the other
    /// features), every placement of every piece: the difference equals the whole board.
    #[test]
    fn differences_equal_the_whole_board_along_games() {
        use crate::game::{Game, Rules};
        use crate::policy::{Policy, Preset};
        for (name, width, height) in [("bcts", 10, 20), ("seed-ga-2", 8, 12), ("dellacherie", 20, 30)] {
            let policy = Policy::new(Preset::named(name).unwrap().weights());
            let mut game = Game::new(Rules::benchmark(width, height).unwrap(), 3).unwrap();
            for _ in 0..400 {
                if let Err(mismatch) = check_every_placement(game.board(), FeatureMask(u32::MAX)) {
                    panic!("{name} on {width}x{height}: {mismatch}");
                }
                if game.step(&policy).is_none() || game.is_over() {
                    break;
                }
            }
        }
    }

    proptest! {
        /// Every placement of every piece on random boards, under several feature sets: the
        /// difference gives what `compute` gives on the whole board after the drop.
        #[test]
        fn differences_equal_the_whole_board(
            width in 4usize..=20,
            height in 4usize..=14,
            seed_columns in proptest::collection::vec(any::<u64>(), 20),
            tops in proptest::collection::vec(0usize..=14, 20),
            mask_bits in any::<u32>(),
        ) {
            let mut board = Board::new(width, height).unwrap();
            let mut rows = vec![String::new(); height];
            for y in 0..height {
                for x in 0..width {
                    let top = tops[x].min(height);
                    let filled = y < top && seed_columns[x] >> y & 1 == 1;
                    rows[height - 1 - y].push(if filled { '#' } else { '.' });
                }
            }
            let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
            board = Board::from_rows(width, height, &refs).unwrap_or(board);
            for mask in [FeatureMask(u32::MAX), FeatureMask(mask_bits & ((1 << FEATURE_COUNT) - 1))] {
                let checked = check_every_placement(&board, mask);
                prop_assert!(checked.is_ok(), "{:?}", checked);
            }
        }
    }
}
