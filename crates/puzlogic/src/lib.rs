//! Puzlogic: a sparse grid of cells, some given a number; a set of number pieces to place into
//! the empty cells; no number twice in a row or a column; optional sums that a row or a column
//! must reach. Won when every piece is placed (there are as many pieces as empty cells).
//!
//! - [`Puzzle`] and its text format (`parse`, `text`).
//! - [`solver`]: every solution by propagation and search, with statistics and a trace.
//! - [`generator`]: puzzles with exactly one solution from a seed, their difficulty, and the
//!   campaign of 30 levels.

pub mod figure;
pub mod generator;
pub mod solver;

/// The largest number on a piece or a cell.
pub const MAX_VALUE: u8 = 9;
/// The largest side of a grid.
pub const MAX_SIDE: usize = 9;

/// A place of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Cell {
    /// No cell here.
    Hole,
    /// An empty cell, for a piece.
    Empty,
    /// A cell given this number.
    Given(u8),
}

/// A row or a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Line {
    /// Row `r` (0-based, from the top).
    Row(usize),
    /// Column `c` (0-based, from the left).
    Col(usize),
}

/// A sum a line must reach once filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Sum {
    /// The line.
    pub line: Line,
    /// Its target.
    pub target: u32,
}

/// A puzzle.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Puzzle {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The grid, row by row.
    pub cells: Vec<Cell>,
    /// The pieces, ascending.
    pub pieces: Vec<u8>,
    /// Sums rows or columns must reach.
    pub sums: Vec<Sum>,
}

/// A placement: row, column, number.
pub type Placement = (usize, usize, u8);

pub use curio_core::files::ParseError;

impl Puzzle {
    /// The cell at a row and column.
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.cols + col]
    }

    /// The empty cells' positions, row by row.
    pub fn empty_cells(&self) -> Vec<(usize, usize)> {
        (0..self.rows)
            .flat_map(|r| (0..self.cols).map(move |c| (r, c)))
            .filter(|&(r, c)| self.cell(r, c) == Cell::Empty)
            .collect()
    }

    /// The cells of a line, in order.
    pub fn line_cells(&self, line: Line) -> Vec<(usize, usize)> {
        match line {
            Line::Row(r) => (0..self.cols).map(|c| (r, c)).collect(),
            Line::Col(c) => (0..self.rows).map(|r| (r, c)).collect(),
        }
    }

    /// Reads the text format: one grid row a line, tokens separated by spaces (`.` no cell,
    /// `_` an empty cell, a number a given); then `pieces: 4 5 6 ...`; then zero or more
    /// `row R = S` / `col C = S` lines (0-based). Blank lines and `#` comments are skipped.
    pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
        let error = |line: usize, column: usize, message: String| ParseError { line, column, message };
        let mut grid: Vec<Vec<Cell>> = Vec::new();
        let mut pieces: Option<Vec<u8>> = None;
        let mut sums = Vec::new();
        let mut last_line = 0;
        for (index, raw) in text.lines().enumerate() {
            let number = index + 1;
            last_line = number;
            let content = raw.split('#').next().unwrap_or("");
            if content.trim().is_empty() {
                continue;
            }
            // Tokens with their 1-based character columns.
            let tokens: Vec<(usize, &str)> = {
                let mut found = Vec::new();
                let mut start = None;
                for (at, ch) in content.char_indices().chain(std::iter::once((content.len(), ' '))) {
                    match (ch.is_whitespace(), start) {
                        (false, None) => start = Some(at),
                        (true, Some(s)) => {
                            found.push((content[..s].chars().count() + 1, &content[s..at]));
                            start = None;
                        }
                        _ => {}
                    }
                }
                found
            };
            let first = tokens[0].1;
            if first == "pieces:" || first.starts_with("pieces:") {
                if pieces.is_some() {
                    return Err(error(number, tokens[0].0, "a second 'pieces:' line".into()));
                }
                let mut list = Vec::new();
                let rest: Vec<(usize, &str)> = if first == "pieces:" {
                    tokens[1..].to_vec()
                } else {
                    std::iter::once((tokens[0].0 + 7, &first[7..]))
                        .chain(tokens[1..].iter().copied())
                        .collect()
                };
                for (column, token) in rest {
                    list.push(value(token).ok_or_else(|| {
                        error(number, column, format!("'{token}' is not a piece from 1 to {MAX_VALUE}"))
                    })?);
                }
                if list.is_empty() {
                    return Err(error(number, tokens[0].0, "no pieces listed".into()));
                }
                list.sort_unstable();
                pieces = Some(list);
                continue;
            }
            if first == "row" || first == "col" {
                if pieces.is_none() {
                    return Err(error(number, tokens[0].0, "sums come after the 'pieces:' line".into()));
                }
                let [_, (index_column, index), (equals_column, equals), (target_column, target)] = tokens[..]
                else {
                    return Err(error(number, tokens[0].0, format!("expected '{first} N = SUM'")));
                };
                if equals != "=" {
                    return Err(error(number, equals_column, format!("expected '=', found '{equals}'")));
                }
                let at: usize = index
                    .parse()
                    .map_err(|_| error(number, index_column, format!("'{index}' is not a {first} number")))?;
                let limit =
                    if first == "row" { grid.len() } else { grid.iter().map(Vec::len).max().unwrap_or(0) };
                if at >= limit {
                    return Err(error(
                        number,
                        index_column,
                        format!("{first} {at} is outside the grid (0 to {})", limit.saturating_sub(1)),
                    ));
                }
                let target: u32 =
                    target.parse().ok().filter(|&t| t > 0 && t <= 9 * MAX_SIDE as u32).ok_or_else(|| {
                        error(
                            number,
                            target_column,
                            format!("'{target}' is not a sum from 1 to {}", 9 * MAX_SIDE),
                        )
                    })?;
                let line = if first == "row" { Line::Row(at) } else { Line::Col(at) };
                if sums.iter().any(|s: &Sum| s.line == line) {
                    return Err(error(number, tokens[0].0, format!("a second sum for {first} {at}")));
                }
                sums.push(Sum { line, target });
                continue;
            }
            if pieces.is_some() {
                return Err(error(
                    number,
                    tokens[0].0,
                    format!("'{first}' after the pieces: grid rows come first"),
                ));
            }
            let mut row = Vec::new();
            for (column, token) in tokens {
                row.push(match token {
                    "." => Cell::Hole,
                    "_" => Cell::Empty,
                    other => Cell::Given(value(other).ok_or_else(|| {
                        error(
                            number,
                            column,
                            format!("'{other}' is not '.', '_' or a number from 1 to {MAX_VALUE}"),
                        )
                    })?),
                });
            }
            if grid.len() == MAX_SIDE || row.len() > MAX_SIDE {
                return Err(error(number, 1, format!("a grid is at most {MAX_SIDE} x {MAX_SIDE}")));
            }
            if let Some(previous) = grid.first()
                && previous.len() != row.len()
            {
                return Err(error(
                    number,
                    1,
                    format!("this row has {} cells, the first has {}", row.len(), previous.len()),
                ));
            }
            grid.push(row);
        }
        let end = last_line.max(1);
        let pieces = pieces.ok_or_else(|| error(end, 1, "no 'pieces:' line".into()))?;
        if grid.is_empty() {
            return Err(error(1, 1, "no grid rows".into()));
        }
        let puzzle = Puzzle { rows: grid.len(), cols: grid[0].len(), cells: grid.concat(), pieces, sums };
        let empty = puzzle.empty_cells().len();
        if empty != puzzle.pieces.len() {
            return Err(error(
                end,
                1,
                format!("{} pieces for {empty} empty cells: they must be as many", puzzle.pieces.len()),
            ));
        }
        for r in 0..puzzle.rows {
            for c in 0..puzzle.cols {
                if let Cell::Given(v) = puzzle.cell(r, c) {
                    let clash = puzzle
                        .line_cells(Line::Row(r))
                        .into_iter()
                        .chain(puzzle.line_cells(Line::Col(c)))
                        .any(|(rr, cc)| (rr, cc) != (r, c) && puzzle.cell(rr, cc) == Cell::Given(v));
                    if clash {
                        return Err(error(
                            r + 1,
                            1,
                            format!("the given {v} at row {r}, column {c} repeats in its row or column"),
                        ));
                    }
                }
            }
        }
        Ok(puzzle)
    }

    /// The puzzle in its text format.
    pub fn text(&self) -> String {
        let mut text = String::new();
        for r in 0..self.rows {
            let row: Vec<String> = (0..self.cols)
                .map(|c| match self.cell(r, c) {
                    Cell::Hole => ".".to_string(),
                    Cell::Empty => "_".to_string(),
                    Cell::Given(v) => v.to_string(),
                })
                .collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
        let pieces: Vec<String> = self.pieces.iter().map(u8::to_string).collect();
        text.push_str(&format!("pieces: {}\n", pieces.join(" ")));
        for sum in &self.sums {
            match sum.line {
                Line::Row(r) => text.push_str(&format!("row {r} = {}\n", sum.target)),
                Line::Col(c) => text.push_str(&format!("col {c} = {}\n", sum.target)),
            }
        }
        text
    }

    /// Builds a puzzle from the write-up's coordinate triples (row, column, value; 0 an empty
    /// cell) and its pieces.
    pub fn from_triples(triples: &[(usize, usize, u8)], pieces: &[u8]) -> Puzzle {
        let rows = triples.iter().map(|t| t.0).max().map_or(0, |r| r + 1);
        let cols = triples.iter().map(|t| t.1).max().map_or(0, |c| c + 1);
        let mut cells = vec![Cell::Hole; rows * cols];
        for &(r, c, v) in triples {
            cells[r * cols + c] = if v == 0 { Cell::Empty } else { Cell::Given(v) };
        }
        let mut pieces = pieces.to_vec();
        pieces.sort_unstable();
        Puzzle { rows, cols, cells, pieces, sums: Vec::new() }
    }

    /// The puzzle without its leading and trailing rows and columns that hold no cell (sums
    /// renumbered): what a reader of the board sees, since holes at the border do not show.
    pub fn cropped(&self) -> Puzzle {
        let has_cell_row = |r: usize| (0..self.cols).any(|c| self.cell(r, c) != Cell::Hole);
        let has_cell_col = |c: usize| (0..self.rows).any(|r| self.cell(r, c) != Cell::Hole);
        let rows: Vec<usize> = (0..self.rows).filter(|&r| has_cell_row(r)).collect();
        let cols: Vec<usize> = (0..self.cols).filter(|&c| has_cell_col(c)).collect();
        let (Some(&top), Some(&bottom), Some(&left), Some(&right)) =
            (rows.first(), rows.last(), cols.first(), cols.last())
        else {
            return self.clone();
        };
        let (height, width) = (bottom - top + 1, right - left + 1);
        let cells = (top..=bottom)
            .flat_map(|r| (left..=right).map(move |c| (r, c)))
            .map(|(r, c)| self.cell(r, c))
            .collect();
        let sums = self
            .sums
            .iter()
            .map(|sum| Sum {
                line: match sum.line {
                    Line::Row(r) => Line::Row(r - top),
                    Line::Col(c) => Line::Col(c - left),
                },
                target: sum.target,
            })
            .collect();
        Puzzle { rows: height, cols: width, cells, pieces: self.pieces.clone(), sums }
    }

    /// Whether `placements` (one per empty cell) solve the puzzle: every piece used, no number
    /// twice in a line, every sum reached.
    pub fn is_solved_by(&self, placements: &[Placement]) -> bool {
        let mut grid: Vec<u8> =
            self.cells.iter().map(|c| if let Cell::Given(v) = c { *v } else { 0 }).collect();
        let mut used: Vec<u8> = placements.iter().map(|p| p.2).collect();
        used.sort_unstable();
        if used != self.pieces {
            return false;
        }
        for &(r, c, v) in placements {
            if r >= self.rows
                || c >= self.cols
                || self.cell(r, c) != Cell::Empty
                || grid[r * self.cols + c] != 0
            {
                return false;
            }
            grid[r * self.cols + c] = v;
        }
        let lines = (0..self.rows).map(Line::Row).chain((0..self.cols).map(Line::Col));
        for line in lines {
            let values: Vec<u8> = self
                .line_cells(line)
                .into_iter()
                .map(|(r, c)| grid[r * self.cols + c])
                .filter(|&v| v > 0)
                .collect();
            let mut sorted = values.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.len() != values.len() {
                return false;
            }
            if let Some(sum) = self.sums.iter().find(|s| s.line == line)
                && values.iter().map(|&v| v as u32).sum::<u32>() != sum.target
            {
                return false;
            }
        }
        true
    }
}

fn value(token: &str) -> Option<u8> {
    token.parse::<u8>().ok().filter(|v| (1..=MAX_VALUE).contains(v))
}

/// The write-up's level 1: `(0,1,1), (1,0,0), (1,1,0), (2,0,2)` with pieces 1 and 2.
pub fn level_1() -> Puzzle {
    Puzzle::from_triples(&[(0, 1, 1), (1, 0, 0), (1, 1, 0), (2, 0, 2)], &[1, 2])
}

/// The write-up's level 3 (twelve cells, pieces 4 5 6 4 5 6).
pub fn level_3() -> Puzzle {
    Puzzle::from_triples(
        &[
            (0, 0, 0),
            (0, 2, 0),
            (0, 4, 5),
            (1, 1, 4),
            (1, 3, 0),
            (2, 0, 6),
            (2, 4, 0),
            (3, 1, 0),
            (3, 3, 6),
            (4, 0, 5),
            (4, 2, 4),
            (4, 4, 0),
        ],
        &[4, 5, 6, 4, 5, 6],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_format_round_trips_and_names_bad_lines() {
        let puzzle = level_3();
        assert_eq!(Puzzle::parse(&puzzle.text()).unwrap(), puzzle);
        let with_sums = "_ 1\n2 _\npieces: 2 1\nrow 0 = 3\ncol 1 = 3\n";
        let parsed = Puzzle::parse(with_sums).unwrap();
        assert_eq!(parsed.sums.len(), 2);
        assert_eq!(parsed.pieces, vec![1, 2]);
        for (text, needle) in [
            ("_ x\npieces: 1 2\n", "line 1, column 3: 'x' is not"),
            ("_ _\n_\npieces: 1 2 3\n", "line 2, column 1: this row has 1 cells"),
            ("_ _\npieces: 1 0\n", "line 2, column 11: '0' is not a piece"),
            ("_ _\npieces: 1 2\nrow 3 = 4\n", "line 3, column 5: row 3 is outside"),
            ("_ _\npieces: 1 2\nrow 0 4\n", "line 3, column 1: expected 'row N = SUM'"),
            ("_ _\npieces: 1\n", "1 pieces for 2 empty cells"),
            ("_ _\n", "no 'pieces:' line"),
            ("1 1\n_ _\npieces: 1 2\n", "repeats"),
            ("row 0 = 3\n", "sums come after"),
        ] {
            let error = Puzzle::parse(text).unwrap_err().to_string();
            assert!(error.contains(needle), "{text:?}: {error}");
        }
    }
}
