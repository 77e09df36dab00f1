//! The plain text board format: one row per line, `.` covered, `F` flagged, `0`-`8` revealed,
//! `*` a mine (covered, for solutions), optional first line `mines=N`. Blank lines and lines
//! starting with `#` are ignored.

use super::board::{Cell, neighbours};

/// A parse error with its 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

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

/// Parses the text format.
pub fn parse(text: &str) -> Result<BoardText, ParseError> {
    let mut header_mines = None;
    let mut rows: Vec<(usize, Vec<char>)> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line_number = number + 1;
        let trimmed = line.trim_end();
        if trimmed.trim().is_empty() || trimmed.trim_start().starts_with('#') {
            continue;
        }
        if let Some(value) = trimmed.trim().strip_prefix("mines=") {
            if !rows.is_empty() {
                return Err(ParseError {
                    line: line_number,
                    column: 1,
                    message: "the mines= header must come before the rows".into(),
                });
            }
            let mines = value.trim().parse::<usize>().map_err(|_| ParseError {
                line: line_number,
                column: 7,
                message: format!("'{value}' is not a mine count"),
            })?;
            header_mines = Some(mines);
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
                        message: format!("unexpected '{other}': use . F * or a digit 0-8"),
                    });
                }
            };
            cells.push(cell);
        }
    }
    let marked = layout.iter().filter(|m| **m).count();
    let mines = match header_mines {
        Some(mines) => mines,
        None if marked > 0 => marked,
        None => {
            return Err(ParseError {
                line: 1,
                column: 1,
                message: "unknown mine count: add a first line mines=N or mark the mines with *".into(),
            });
        }
    };
    if mines > width * height {
        return Err(ParseError {
            line: 1,
            column: 1,
            message: format!("mines={mines} is more than the {} cells", width * height),
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
    }
}
