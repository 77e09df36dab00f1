//! Reading a skin learned on the spot ([`Theme::Learned`](super::vision::Theme::Learned)): no
//! colour, font or style known beforehand.
//!
//! **Covered or revealed.** Calibration groups the cells by background. On a new game there is
//! one group, the covered cells. On a board in progress the game's own logic says which group
//! is revealed: a revealed blank has only revealed neighbours (the game opened them all), and a
//! revealed number has at least one covered neighbour; taking the covered group for the revealed
//! one breaks these rules along the whole frontier. Raised or textured cells settle ties.
//!
//! **Digits.** A revealed cell with ink is a glyph: its ink's colour and its shape (the ink's
//! bounding box on a 4x6 grid). Glyphs of the same colour and shape are one digit; which digit
//! is learned from the board ([`label`]): every assignment of values to the glyphs not yet
//! labelled is tried against the solver, and a glyph takes a value when every assignment that
//! fits the board gives it that value. Until then the bot plays only what is safe under every
//! assignment that fits, or its least risky guess across them.

use super::vision::{
    BoardRead, Calibration, CellRead, Lines, cell_stats, covered_or_flag, distance, edge_share, inset,
    luminance_of,
};
use ::mines::{Action as MinesAction, Analysis, BoardView, Cell, Move, MoveRule, Reason, SolveError};
use image::RgbaImage;

/// Columns and rows of a glyph's shape.
const SHAPE: (usize, usize) = (4, 6);

/// Glyphs a skin may hold (digits 1 to 8 and room for a few looks that turn out the same).
const MOST_GLYPHS: usize = 24;

/// One look of a digit.
#[derive(Clone, Debug, PartialEq)]
pub struct Glyph {
    /// The ink's colour.
    pub colour: [f32; 3],
    /// Share of ink in each cell of a 4x6 grid over the ink's bounding box, row by row.
    pub shape: Vec<f32>,
    /// The digit, once the board has told it.
    pub label: Option<u8>,
}

/// What the bot has learned of a skin: the revealed cells' colour and the digits' looks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LearnedSkin {
    /// The revealed cells' background, once seen.
    pub revealed: Option<[f32; 3]>,
    /// The glyphs seen, in the order first seen (a glyph's index is its id in
    /// [`CellRead::Glyph`]).
    pub glyphs: Vec<Glyph>,
}

/// The ink of a cell on `background`: its shape on the 4x6 grid over its bounding box.
fn ink_shape(image: &RgbaImage, cell: [f64; 4], background: [f32; 3]) -> Option<Vec<f32>> {
    let [x0, y0, x1, y1] = inset(cell, 0.1);
    let (width, height) = image.dimensions();
    let xs = (x0.ceil().max(0.0) as u32, (x1.floor().max(0.0) as u32).min(width));
    let ys = (y0.ceil().max(0.0) as u32, (y1.floor().max(0.0) as u32).min(height));
    let mut inked = Vec::new();
    for y in ys.0..ys.1 {
        for x in xs.0..xs.1 {
            let pixel = image.get_pixel(x, y);
            let colour = [f32::from(pixel[0]), f32::from(pixel[1]), f32::from(pixel[2])];
            if distance(colour, background) > 90.0 {
                inked.push((x, y));
            }
        }
    }
    let left = inked.iter().map(|p| p.0).min()?;
    let right = inked.iter().map(|p| p.0).max()? + 1;
    let top = inked.iter().map(|p| p.1).min()?;
    let bottom = inked.iter().map(|p| p.1).max()? + 1;
    let mut counts = vec![0.0f32; SHAPE.0 * SHAPE.1];
    let mut totals = vec![0.0f32; SHAPE.0 * SHAPE.1];
    let bin = |value: u32, low: u32, high: u32, bins: usize| {
        (((value - low) as usize * bins) / (high - low) as usize).min(bins - 1)
    };
    for y in top..bottom {
        for x in left..right {
            let index = bin(y, top, bottom, SHAPE.1) * SHAPE.0 + bin(x, left, right, SHAPE.0);
            totals[index] += 1.0;
        }
    }
    for &(x, y) in &inked {
        counts[bin(y, top, bottom, SHAPE.1) * SHAPE.0 + bin(x, left, right, SHAPE.0)] += 1.0;
    }
    Some(
        counts
            .iter()
            .zip(&totals)
            .map(|(count, total)| if *total > 0.0 { count / total } else { 0.0 })
            .collect(),
    )
}

fn shape_distance(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum::<f32>() / a.len().max(1) as f32
}

/// How a cell's background sorts it, before its ink is looked at.
enum Ground {
    Covered,
    Revealed,
    Other,
}

impl LearnedSkin {
    /// The glyph of this colour and shape: its id, a new one if none fits (`None` when the skin
    /// already holds too many).
    fn glyph(&mut self, colour: [f32; 3], shape: Vec<f32>) -> Option<usize> {
        if let Some(index) = self.glyphs.iter().position(|glyph| {
            distance(glyph.colour, colour) < 70.0 && shape_distance(&glyph.shape, &shape) < 0.25
        }) {
            return Some(index);
        }
        if self.glyphs.len() >= MOST_GLYPHS {
            return None;
        }
        self.glyphs.push(Glyph { colour, shape, label: None });
        Some(self.glyphs.len() - 1)
    }

    /// Reads every cell of a calibrated board, learning the revealed colour (from the
    /// calibration, else the commonest background that is not covered) and new glyphs.
    pub fn read(&mut self, image: &RgbaImage, calibration: &Calibration) -> BoardRead {
        if self.revealed.is_none() {
            self.revealed = calibration.revealed;
        }
        let cells: Vec<_> = (0..calibration.rows)
            .flat_map(|row| (0..calibration.columns).map(move |column| (row, column)))
            .map(|(row, column)| {
                let rect = calibration.cell_rect(row, column);
                (rect, cell_stats(image, rect))
            })
            .collect();
        let ground = |stats: &super::vision::CellStats, revealed: Option<[f32; 3]>| {
            if distance(stats.background, calibration.covered) < 30.0 {
                Ground::Covered
            } else if revealed.is_some_and(|revealed| distance(stats.background, revealed) < 30.0) {
                Ground::Revealed
            } else {
                Ground::Other
            }
        };
        if self.revealed.is_none() {
            // The first cells seen open: their commonest background.
            let mut groups: Vec<([f32; 3], usize)> = Vec::new();
            for (_, stats) in &cells {
                let Some(stats) = stats else { continue };
                if matches!(ground(stats, None), Ground::Covered) {
                    continue;
                }
                match groups.iter_mut().find(|(colour, _)| distance(*colour, stats.background) < 30.0) {
                    Some(group) => group.1 += 1,
                    None => groups.push((stats.background, 1)),
                }
            }
            self.revealed = groups.iter().max_by_key(|(_, count)| *count).map(|(colour, _)| *colour);
        }
        let reads = cells
            .into_iter()
            .map(|(rect, stats)| {
                let Some(stats) = stats else { return CellRead::Unknown };
                let inked = stats.ink_fraction > 0.02;
                match ground(&stats, self.revealed) {
                    Ground::Covered => covered_or_flag(&stats, calibration),
                    Ground::Revealed if !inked => CellRead::Number(0),
                    Ground::Revealed => {
                        let Some(shape) = ink_shape(image, rect, stats.background) else {
                            return CellRead::Number(0);
                        };
                        match self.glyph(stats.ink, shape) {
                            Some(index) => match self.glyphs[index].label {
                                Some(label) => CellRead::Number(label),
                                None => CellRead::Glyph(index as u8),
                            },
                            None => CellRead::Unknown,
                        }
                    }
                    Ground::Other => CellRead::Exploded,
                }
            })
            .collect();
        BoardRead { columns: calibration.columns, rows: calibration.rows, cells: reads }
    }

    /// The board with every labelled glyph read as its digit.
    pub fn resolve(&self, board: &BoardRead) -> BoardRead {
        let cells = board
            .cells
            .iter()
            .map(|cell| match cell {
                CellRead::Glyph(id) => {
                    match self.glyphs.get(usize::from(*id)).and_then(|glyph| glyph.label) {
                        Some(label) => CellRead::Number(label),
                        None => *cell,
                    }
                }
                other => *other,
            })
            .collect();
        BoardRead { cells, ..board.clone() }
    }
}

/// The solver's view of a read, with the glyphs valued by `values` (glyph id, digit).
fn cells_with(board: &BoardRead, values: &[(u8, u8)]) -> Vec<Cell> {
    board
        .cells
        .iter()
        .map(|cell| match cell {
            CellRead::Number(n) => Cell::Revealed(*n),
            CellRead::Glyph(id) => {
                Cell::Revealed(values.iter().find(|(glyph, _)| glyph == id).map_or(0, |(_, value)| *value))
            }
            CellRead::Flag => Cell::Flagged,
            CellRead::Exploded | CellRead::Mine => Cell::Exploded,
            CellRead::Covered | CellRead::Unknown => Cell::Covered,
        })
        .collect()
}

/// An assignment of digits to glyphs (glyph id, digit) that fits the board, with the solver's
/// analysis of the board under it (`None` where it could not count the layouts within its
/// budget, which rules nothing out).
struct Fit {
    values: Vec<(u8, u8)>,
    analysis: Option<Analysis>,
}

/// Node budget of the solver for each assignment tried.
const FIT_BUDGET: u64 = 200_000;

/// The assignment as a [`Fit`], if the solver finds a layout of `mines` mines that fits the
/// board under it.
fn fit(board: &BoardRead, mines: usize, values: &[(u8, u8)]) -> Option<Fit> {
    let cells = cells_with(board, values);
    let view = BoardView { width: board.columns, height: board.rows, mines, cells: &cells };
    match ::mines::analyze(&view, FIT_BUDGET) {
        Ok(analysis) => Some(Fit { values: values.to_vec(), analysis: Some(analysis) }),
        Err(SolveError::Inconsistent { .. } | SolveError::UnmetNumber { .. }) => None,
        Err(_) => Some(Fit { values: values.to_vec(), analysis: None }),
    }
}

/// The fit of an assignment, if it fits.
type Check<'a> = &'a dyn Fn(&[(u8, u8)]) -> Option<Fit>;

/// Assignments kept at most; with more, what is common to them is not known.
const MOST_FITS: usize = 64;

/// Assignments tried at most before the labelling gives up for this read.
const MOST_TRIES: usize = 20_000;

/// The assignments of digits to the glyphs on `board` that are not labelled yet which fit the
/// board with `mines` mines, at most `limit` of them; labelled glyphs keep their digits, and
/// two glyphs never share one. `None` when there are too many to try.
fn labellings(skin: &LearnedSkin, board: &BoardRead, mines: usize, limit: usize) -> Option<Vec<Fit>> {
    let (columns, rows) = (board.columns, board.rows);
    let mut unknown: Vec<u8> = board
        .cells
        .iter()
        .filter_map(|cell| match cell {
            CellRead::Glyph(id) => Some(*id),
            _ => None,
        })
        .collect();
    unknown.sort_unstable();
    unknown.dedup();
    if unknown.is_empty() {
        return Some(fit(board, mines, &[]).into_iter().collect());
    }
    let used: Vec<u8> = skin.glyphs.iter().filter_map(|glyph| glyph.label).collect();
    // A number has at most as many mines as it has unrevealed neighbours.
    let bound = |id: u8| -> u8 {
        board
            .cells
            .iter()
            .enumerate()
            .filter(|(_, cell)| **cell == CellRead::Glyph(id))
            .map(|(index, _)| {
                ::mines::board::neighbours(columns, rows, index)
                    .filter(|&n| matches!(board.cells[n], CellRead::Covered | CellRead::Flag))
                    .count()
            })
            .min()
            .unwrap_or(8)
            .min(8) as u8
    };
    let choices: Vec<(u8, Vec<u8>)> = unknown
        .iter()
        .map(|&id| (id, (1..=bound(id)).filter(|value| !used.contains(value)).collect()))
        .collect();
    let mut found = Vec::new();
    let mut tries = 0;
    let mut assignment: Vec<(u8, u8)> = Vec::new();
    fn walk(
        choices: &[(u8, Vec<u8>)],
        assignment: &mut Vec<(u8, u8)>,
        found: &mut Vec<Fit>,
        tries: &mut usize,
        check: Check<'_>,
        limit: usize,
    ) -> bool {
        let Some(((id, values), rest)) = choices.split_first() else {
            *tries += 1;
            if let Some(fit) = check(assignment) {
                found.push(fit);
            }
            return *tries < MOST_TRIES && found.len() < limit;
        };
        for &value in values {
            if assignment.iter().any(|(_, taken)| *taken == value) {
                continue;
            }
            assignment.push((*id, value));
            let go_on = walk(rest, assignment, found, tries, check, limit);
            assignment.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    let check = |values: &[(u8, u8)]| fit(board, mines, values);
    let finished = walk(&choices, &mut assignment, &mut found, &mut tries, &check, limit);
    (finished || found.len() >= limit).then_some(found)
}

/// What the board says of the glyphs not labelled yet.
#[derive(Clone, Debug, PartialEq)]
pub enum Labelling {
    /// Every glyph on the board has its digit (some may just have been labelled).
    Complete,
    /// Several assignments fit: the moves safe under all of them (or the least risky guess
    /// across them), and each covered cell's chance of a mine over them all (each assignment
    /// weighted by its share of the mine layouts).
    Open {
        /// Assignments that fit.
        fitting: usize,
        /// The moves.
        moves: Vec<Move>,
        /// Mean chance of a mine, per cell (`None` for cells not covered).
        probabilities: Vec<Option<f64>>,
    },
}

/// Labels the glyphs on `board` that every fitting assignment values alike, and says what to
/// play while others are open. An error when no assignment fits (a glyph misgrouped: the bot
/// stops rather than guess).
pub fn label(skin: &mut LearnedSkin, board: &BoardRead, mines: usize) -> Result<Labelling, String> {
    let Some(fitting) = labellings(skin, board, mines, MOST_FITS) else {
        return Err("too many ways to label the digits seen; waiting for more of the board".into());
    };
    if fitting.is_empty() {
        return Err("no labelling of the digits seen fits the board: two digits may look alike".into());
    }
    // Every fitting assignment seen, so what they share is known.
    let complete = fitting.len() < MOST_FITS;
    let ids: Vec<u8> = fitting[0].values.iter().map(|(id, _)| *id).collect();
    for id in &ids {
        let values: Vec<u8> = fitting
            .iter()
            .filter_map(|fit| fit.values.iter().find(|(glyph, _)| glyph == id).map(|(_, value)| *value))
            .collect();
        if complete && values.windows(2).all(|pair| pair[0] == pair[1]) {
            skin.glyphs[usize::from(*id)].label = values.first().copied();
        }
    }
    let resolved = skin.resolve(board);
    if !resolved.cells.iter().any(|cell| matches!(cell, CellRead::Glyph(_))) {
        return Ok(Labelling::Complete);
    }
    // The assignments still open are the same ones (the glyphs just labelled take one value in
    // all of them), and so are their analyses. A cell is safe under all of them only if all were
    // seen and analysed; each analysis is weighted by its share of the mine layouts, the chance
    // that its assignment is the right one.
    let (columns, rows) = (board.columns, board.rows);
    let mut safe_everywhere = vec![complete; columns * rows];
    let mut analyses = Vec::new();
    for fit in &fitting {
        let Some(analysis) = &fit.analysis else {
            safe_everywhere.fill(false);
            continue;
        };
        for (index, probability) in analysis.probabilities.iter().enumerate() {
            safe_everywhere[index] &= probability.is_some_and(|chance| chance == 0.0);
        }
        analyses.push(analysis);
    }
    let Some(most) = analyses.iter().map(|analysis| analysis.log_layouts).max_by(f64::total_cmp) else {
        return Err("no labelling of the digits seen could be analysed".into());
    };
    let weights: Vec<f64> = analyses.iter().map(|analysis| (analysis.log_layouts - most).exp()).collect();
    let total: f64 = weights.iter().sum();
    let mut sums = vec![0.0f64; columns * rows];
    for (analysis, weight) in analyses.iter().zip(&weights) {
        for (index, probability) in analysis.probabilities.iter().enumerate() {
            sums[index] += probability.unwrap_or(0.0) * weight / total;
        }
    }
    let covered = |index: usize| resolved.cells[index] == CellRead::Covered;
    let probabilities: Vec<Option<f64>> =
        (0..columns * rows).map(|index| covered(index).then_some(sums[index])).collect();
    let reveal = |index: usize, rule: MoveRule, probability: f64| Move {
        row: index / columns,
        column: index % columns,
        action: MinesAction::Reveal,
        reason: Reason { rule, probability, component_size: 0, exact: true, win_probability: None },
    };
    let mut moves: Vec<Move> = (0..columns * rows)
        .filter(|&index| covered(index) && safe_everywhere[index])
        .map(|index| reveal(index, MoveRule::Enumeration, 0.0))
        .collect();
    if moves.is_empty()
        && let Some(index) =
            (0..columns * rows).filter(|&index| covered(index)).min_by(|&a, &b| sums[a].total_cmp(&sums[b]))
    {
        moves.push(reveal(index, MoveRule::Guess, sums[index]));
    }
    Ok(Labelling::Open { fitting: fitting.len(), moves, probabilities })
}

/// Which background is the covered cells' (see the module doc), and, where the board shows
/// them, the revealed cells' background and the covered cells' texture. `gapped`: tiles with
/// gaps, whose bottom band is the gap, so that they cannot look raised.
pub(crate) fn learn_grounds(image: &RgbaImage, calibration: &mut Calibration, gapped: bool) {
    let (columns, rows) = (calibration.columns, calibration.rows);
    let stats: Vec<_> = (0..rows * columns)
        .map(|index| cell_stats(image, calibration.cell_rect(index / columns, index % columns)))
        .collect();
    let mut groups: Vec<([f32; 3], Vec<usize>)> = Vec::new();
    for (index, cell) in stats.iter().enumerate() {
        let Some(cell) = cell else { continue };
        match groups.iter_mut().find(|(colour, _)| distance(*colour, cell.background) < 24.0) {
            Some(group) => group.1.push(index),
            None => groups.push((cell.background, vec![index])),
        }
    }
    groups.sort_by_key(|(_, members)| std::cmp::Reverse(members.len()));
    let inked = |index: usize| stats[index].as_ref().is_some_and(|cell| cell.ink_fraction > 0.02);
    let covered_group = match groups.as_slice() {
        [] => return,
        [_] => 0,
        [first, second, ..] => {
            // Cells of `revealed` that break the rules if it is the revealed group and
            // `covered` the covered one.
            let broken = |revealed: &[usize], covered: &[usize]| {
                let mut in_covered = vec![false; rows * columns];
                for &index in covered {
                    in_covered[index] = true;
                }
                revealed
                    .iter()
                    .filter(|&&index| {
                        let touches = ::mines::board::neighbours(columns, rows, index).any(|n| in_covered[n]);
                        inked(index) != touches
                    })
                    .count()
            };
            let (first_revealed, second_revealed) =
                (broken(&first.1, &second.1), broken(&second.1, &first.1));
            let lift = |members: &[usize]| {
                if gapped {
                    return 0.0;
                }
                members
                    .iter()
                    .map(|&index| {
                        super::vision::raised(image, calibration.cell_rect(index / columns, index % columns))
                    })
                    .sum::<f32>()
                    / members.len().max(1) as f32
            };
            let textured = |members: &[usize]| {
                members.iter().filter(|&&index| inked(index)).count() * 10 >= members.len() * 9
            };
            // Kinds of ink: digits come in several colours, a cover's texture and its flags in
            // one or two.
            let kinds = |members: &[usize]| {
                let mut colours: Vec<[f32; 3]> = Vec::new();
                for &index in members {
                    if let Some(cell) = stats[index].filter(|cell| cell.ink_fraction > 0.02)
                        && !colours.iter().any(|colour| distance(*colour, cell.ink) < 60.0)
                    {
                        colours.push(cell.ink);
                    }
                }
                colours.len()
            };
            // The first measure that tells the groups apart decides, each measured once.
            if first_revealed != second_revealed {
                usize::from(first_revealed < second_revealed)
            } else {
                let kinds = (kinds(&first.1), kinds(&second.1));
                let textured = (textured(&first.1), textured(&second.1));
                if kinds.0 != kinds.1 {
                    usize::from(kinds.0 > kinds.1)
                } else if textured.0 != textured.1 {
                    usize::from(textured.1)
                } else {
                    let lift = (lift(&first.1), lift(&second.1));
                    if (lift.0 - lift.1).abs() > 25.0 {
                        usize::from(lift.1 > lift.0)
                    } else {
                        usize::from(luminance_of(second.0) < luminance_of(first.0))
                    }
                }
            }
        }
    };
    let (covered, members) = &groups[covered_group];
    calibration.covered = *covered;
    calibration.revealed = (groups.len() > 1).then(|| groups[1 - covered_group].0);
    // A texture: nearly every covered cell inked, in the commonest ink colour.
    let inks: Vec<[f32; 3]> = members
        .iter()
        .filter(|&&index| inked(index))
        .filter_map(|&index| stats[index].map(|cell| cell.ink))
        .collect();
    calibration.texture = (inks.len() * 10 >= members.len() * 9).then(|| {
        let mut counts: Vec<([f32; 3], usize)> = Vec::new();
        for ink in &inks {
            match counts.iter_mut().find(|(colour, _)| distance(*colour, *ink) < 40.0) {
                Some(entry) => entry.1 += 1,
                None => counts.push((*ink, 1)),
            }
        }
        counts.into_iter().max_by_key(|(_, count)| *count).map(|(colour, _)| colour).unwrap_or(*covered)
    });
}

/// Grows the board by whole columns and rows while the next one out looks like the board's
/// cells (on nearly all its cells, a background the board's cells have): an edge of the board
/// that draws no line of its own (a texture or bevel beside the window's colour) still ends at
/// cells that look like the others.
pub(crate) fn grow(image: &RgbaImage, calibration: &mut Calibration) {
    let backgrounds = |calibration: &Calibration| {
        let mut seen: Vec<[f32; 3]> = Vec::new();
        for row in 0..calibration.rows {
            for column in 0..calibration.columns {
                if let Some(cell) = cell_stats(image, calibration.cell_rect(row, column))
                    && !seen.iter().any(|colour| distance(*colour, cell.background) < 30.0)
                {
                    seen.push(cell.background);
                }
            }
        }
        seen
    };
    let (width, height) = (f64::from(image.width()), f64::from(image.height()));
    for _ in 0..3 {
        let known = backgrounds(calibration);
        let looks_like_cells = |rects: Vec<[f64; 4]>| {
            let total = rects.len();
            let inside = rects
                .iter()
                .all(|rect| rect[0] >= 0.0 && rect[1] >= 0.0 && rect[2] <= width && rect[3] <= height);
            let alike = rects
                .into_iter()
                .filter_map(|rect| cell_stats(image, rect))
                .filter(|cell| known.iter().any(|colour| distance(*colour, cell.background) < 30.0))
                .count();
            inside && total >= 2 && alike * 10 >= total * 9
        };
        let (columns, rows) = (&calibration.column_edges, &calibration.row_edges);
        let (first_column, last_column) = (columns[0], columns[columns.len() - 1]);
        let (first_row, last_row) = (rows[0], rows[rows.len() - 1]);
        let pitch = calibration.pitch;
        let column_rects = |left: f64| {
            rows.windows(2).map(|pair| [left, pair[0], left + pitch[0], pair[1]]).collect::<Vec<_>>()
        };
        let row_rects = |top: f64| {
            columns.windows(2).map(|pair| [pair[0], top, pair[1], top + pitch[1]]).collect::<Vec<_>>()
        };
        // The grid goes on: the lines between the cells of the strip are there.
        let lined = |lines: Lines, positions: &[f64], from: f64| {
            let inner = &positions[1..positions.len() - 1];
            let shares: f32 = inner
                .iter()
                .map(|&at| edge_share(image, lines, at, from + 1.0, from + pitch[0] - 1.0, true))
                .sum();
            !inner.is_empty() && shares >= 0.6 * inner.len() as f32
        };
        let grow_at = |rects: Vec<[f64; 4]>, lines: Lines, positions: &[f64], from: f64| {
            looks_like_cells(rects) && lined(lines, positions, from)
        };
        let grown = [
            grow_at(column_rects(first_column - pitch[0]), Lines::Horizontal, rows, first_column - pitch[0]),
            grow_at(column_rects(last_column), Lines::Horizontal, rows, last_column),
            grow_at(row_rects(first_row - pitch[1]), Lines::Vertical, columns, first_row - pitch[1]),
            grow_at(row_rects(last_row), Lines::Vertical, columns, last_row),
        ];
        if !grown.contains(&true) {
            break;
        }
        if grown[0] {
            calibration.column_edges.insert(0, first_column - pitch[0]);
        }
        if grown[1] {
            calibration.column_edges.push(last_column + pitch[0]);
        }
        if grown[2] {
            calibration.row_edges.insert(0, first_row - pitch[1]);
        }
        if grown[3] {
            calibration.row_edges.push(last_row + pitch[1]);
        }
        calibration.columns = calibration.column_edges.len() - 1;
        calibration.rows = calibration.row_edges.len() - 1;
        calibration.origin = [calibration.column_edges[0], calibration.row_edges[0]];
    }
}

/// The square button beside the board (the face that starts a new game): of the shapes that
/// stand out from the window's background outside the board, the largest about as wide as
/// tall and at least half a cell across. Its centre, in image pixels.
pub(crate) fn find_button(image: &RgbaImage, calibration: &Calibration) -> Option<[f64; 2]> {
    let (width, height) = (image.width() as usize, image.height() as usize);
    let [left, top, right, bottom] = calibration.bounds();
    let reach = calibration.pitch[0] / 4.0;
    let off_board = |x: usize, y: usize| {
        let (x, y) = (x as f64, y as f64);
        x < left - reach || x > right + reach || y < top - reach || y > bottom + reach
    };
    let colour = |x: usize, y: usize| {
        let pixel = image.get_pixel(x as u32, y as u32);
        [f32::from(pixel[0]), f32::from(pixel[1]), f32::from(pixel[2])]
    };
    // The window's background: the commonest colour off the board.
    let mut counts: rustc_hash::FxHashMap<[u8; 3], usize> = Default::default();
    for y in (0..height).step_by(2) {
        for x in (0..width).step_by(2) {
            if off_board(x, y) {
                let pixel = image.get_pixel(x as u32, y as u32);
                *counts.entry([pixel[0], pixel[1], pixel[2]]).or_default() += 1;
            }
        }
    }
    let background = counts.into_iter().max_by_key(|(_, count)| *count)?.0.map(f32::from);
    let mut seen = vec![false; width * height];
    let mut best: Option<(usize, [f64; 2])> = None;
    let side = (calibration.pitch[0] / 2.0).max(10.0);
    for start in 0..width * height {
        let (x, y) = (start % width, start / width);
        if seen[start] || !off_board(x, y) || distance(colour(x, y), background) <= 40.0 {
            continue;
        }
        // One shape: the pixels standing out that touch, found breadth first.
        let mut queue = std::collections::VecDeque::from([start]);
        seen[start] = true;
        let (mut x0, mut y0, mut x1, mut y1) = (x, y, x, y);
        while let Some(at) = queue.pop_front() {
            let (x, y) = (at % width, at / width);
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            let mut visit = |nx: usize, ny: usize| {
                let next = ny * width + nx;
                if !seen[next] && off_board(nx, ny) && distance(colour(nx, ny), background) > 40.0 {
                    seen[next] = true;
                    queue.push_back(next);
                }
            };
            if x > 0 {
                visit(x - 1, y);
            }
            if x + 1 < width {
                visit(x + 1, y);
            }
            if y > 0 {
                visit(x, y - 1);
            }
            if y + 1 < height {
                visit(x, y + 1);
            }
        }
        let (w, h) = ((x1 - x0 + 1) as f64, (y1 - y0 + 1) as f64);
        let square = (0.8..=1.25).contains(&(w / h));
        if square && w >= side && h >= side && best.is_none_or(|(area, _)| (w * h) as usize > area) {
            best = Some(((w * h) as usize, [(x0 + x1) as f64 / 2.0 + 0.5, (y0 + y1) as f64 / 2.0 + 0.5]));
        }
    }
    best.map(|(_, centre)| centre)
}
