//! The plain text board format: one row per line, `.` covered, `F` flagged, `0`-`8` revealed,
//! `*` a mine (covered, for solutions), optional first line `mines=N`. Blank lines and lines
//! starting with `#` are ignored.

use super::board::{BoardView, Cell, neighbours};

pub use curio_core::files::ParseError;

/// A parsed board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardText {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Total mines: the header, or the number of `*` when there is no header.
    pub mines: usize,
    /// Visible cells (`*` reads as covered).
    pub cells: Vec<Cell>,
    /// The full mine layout when every mine is marked with `*`.
    pub layout: Option<Vec<bool>>,
}

impl BoardText {
    /// The board as the solver reads it.
    pub fn view(&self) -> BoardView<'_> {
        BoardView { width: self.width, height: self.height, mines: self.mines, cells: &self.cells }
    }
}

/// Parses the text format.
pub fn parse(text: &str) -> Result<BoardText, ParseError> {
    // Editors on Windows may start the file with a byte-order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut header: Option<(usize, usize)> = None;
    let mut rows: Vec<(usize, Vec<char>)> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line_number = number + 1;
        let trimmed = line.trim_end();
        if trimmed.trim().is_empty() || trimmed.trim_start().starts_with('#') {
            continue;
        }
        let indent = trimmed.len() - trimmed.trim_start().len();
        if let Some(value) =
            trimmed.trim_start().strip_prefix("mines").and_then(|rest| rest.trim_start().strip_prefix('='))
        {
            let at = |message: String| ParseError { line: line_number, column: indent + 1, message };
            if !rows.is_empty() {
                return Err(at("the mines= header must come before the rows".into()));
            }
            if let Some((first_line, _)) = header {
                return Err(at(format!("a second mines= header (the first is on line {first_line})")));
            }
            let value = value.trim();
            let mines = value.parse::<usize>().map_err(|_| {
                let column = trimmed.len() - value.len() + 1;
                ParseError { line: line_number, column, message: format!("'{value}' is not a mine count") }
            })?;
            header = Some((line_number, mines));
            continue;
        }
        rows.push((line_number, trimmed.chars().collect()));
    }
    let Some((_, first)) = rows.first() else {
        return Err(ParseError { line: 1, column: 1, message: "the board has no rows".into() });
    };
    let width = first.len();
    let height = rows.len();
    if width > super::board::MAX_SIDE || height > super::board::MAX_SIDE {
        return Err(ParseError {
            line: 1,
            column: 1,
            message: format!(
                "the board is {width}x{height}; each side must be at most {}",
                super::board::MAX_SIDE
            ),
        });
    }
    let mut cells = Vec::with_capacity(width * height);
    let mut layout = vec![false; width * height];
    for (line, chars) in &rows {
        if chars.len() != width {
            return Err(ParseError {
                line: *line,
                column: chars.len().min(width) + 1,
                message: format!("row has {} cells, the first row has {width}", chars.len()),
            });
        }
        for (column, ch) in chars.iter().enumerate() {
            let cell = match ch {
                '.' => Cell::Covered,
                'F' | 'f' => Cell::Flagged,
                '*' => {
                    layout[cells.len()] = true;
                    Cell::Covered
                }
                '0'..='8' => Cell::Revealed(*ch as u8 - b'0'),
                other => {
                    return Err(ParseError {
                        line: *line,
                        column: column + 1,
                        message: format!("unexpected {other:?}: use . F * or a digit 0-8"),
                    });
                }
            };
            cells.push(cell);
        }
    }
    let marked = layout.iter().filter(|m| **m).count();
    let (header_line, mines) = match header {
        Some(header) => header,
        None if marked > 0 => (1, marked),
        None => {
            return Err(ParseError {
                line: 1,
                column: 1,
                message: "unknown mine count: add a first line mines=N or mark the mines with *".into(),
            });
        }
    };
    let unrevealed = cells.iter().filter(|c| !matches!(c, Cell::Revealed(_))).count();
    if mines > unrevealed {
        return Err(ParseError {
            line: header_line,
            column: 1,
            message: format!("mines={mines} is more than the {unrevealed} cells not revealed"),
        });
    }
    let layout = (marked == mines && marked > 0).then_some(layout);
    if let Some(layout) = &layout {
        for (index, cell) in cells.iter().enumerate() {
            if let Cell::Revealed(number) = cell {
                let actual = neighbours(width, height, index).filter(|&n| layout[n]).count();
                if actual != usize::from(*number) {
                    return Err(ParseError {
                        line: rows[index / width].0,
                        column: index % width + 1,
                        message: format!("shows {number}, but the marked mines around it count {actual}"),
                    });
                }
            }
        }
    }
    Ok(BoardText { width, height, mines, cells, layout })
}

/// Writes a board in the text format, with the header; mines are shown where `layout` marks a
/// covered cell.
pub fn format(width: usize, mines: usize, cells: &[Cell], layout: Option<&[bool]>) -> String {
    let mut out = format!("mines={mines}\n");
    for (index, cell) in cells.iter().enumerate() {
        let mine = layout.is_some_and(|l| l[index]);
        out.push(match cell {
            Cell::Covered if mine => '*',
            Cell::Covered => '.',
            Cell::Flagged => 'F',
            Cell::Revealed(n) => char::from(b'0' + n),
            Cell::Exploded => '*',
        });
        if (index + 1) % width == 0 {
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let text = "mines=2\n1*..\n11.F\n";
        let board = parse(text).unwrap();
        assert_eq!((board.width, board.height, board.mines), (4, 2, 2));
        assert_eq!(format(4, 2, &board.cells, None), "mines=2\n1...\n11.F\n");
    }

    #[test]
    fn errors_name_line_and_column() {
        let error = parse("mines=1\n..\n.x\n").unwrap_err();
        assert_eq!((error.line, error.column), (3, 2));
        let error = parse("mines=1\n...\n..\n").unwrap_err();
        assert_eq!(error.line, 3);
        assert!(parse("...\n").unwrap_err().message.contains("mine count"));
        assert!(parse("mines=x\n.\n").unwrap_err().message.contains("not a mine count"));
        let wrong = parse("1*\n2.\n").unwrap_err();
        assert!(wrong.message.contains("shows 2"), "{wrong}");
        let twice = parse("mines=1\n# note\nmines=2\n..\n").unwrap_err();
        assert_eq!(
            (twice.line, twice.message.as_str()),
            (3, "a second mines= header (the first is on line 1)")
        );
        let late = parse("mines=1\n..\nmines=1\n").unwrap_err();
        assert!(late.message.contains("must come before the rows"), "{late}");
        let value = parse("  mines = x1\n..\n").unwrap_err();
        assert_eq!((value.column, value.message.as_str()), (11, "'x1' is not a mine count"));
        let many = parse("\nmines=4\n1.\n..\n").unwrap_err();
        assert_eq!((many.line, many.message.as_str()), (2, "mines=4 is more than the 3 cells not revealed"));
        let odd = parse("mines=1\n.\u{200b}\n").unwrap_err();
        assert_eq!(odd.message, "unexpected '\\u{200b}': use . F * or a digit 0-8");
    }

    #[test]
    fn a_byte_order_mark_and_spaces_around_the_header_are_accepted() {
        let board = parse("\u{feff}mines = 1\r\n1.\r\n..\r\n").unwrap();
        assert_eq!((board.width, board.height, board.mines), (2, 2, 1));
        assert_eq!(board.cells[0], Cell::Revealed(1));
    }
}
