//! Notes as the write-up "Blatantly abusing the Windows search function" keeps them: what is
//! typed until a line `save` ([`read_note`]) goes into a file named for the day and the first
//! free number of that day ([`file_name`], `2026-11-27_3.txt`); finding a note again is a ranked
//! full-text search ([`Index`]): words, prefixes (`pho*`) and phrases (`"phone ashley"`), the
//! notes that hold the query as one phrase first, each with a snippet that marks what matched.
//!
//! This crate names, reads and searches notes; writing a file without overwriting another is
//! `curio_core::files::create_first_free`'s, and the day and the notes folder come from the
//! platform.

pub mod search;
pub mod synthetic;

pub use search::{Hit, Index, Piece, Query, Snippet};

use std::path::Path;

/// A calendar day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct Date {
    /// The year.
    pub year: u16,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day of the month, 1 to 31.
    pub day: u8,
}

impl std::fmt::Display for Date {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// The file name of the day's `k`-th note: `YYYY-MM-DD_k.txt` (`k` from 1).
pub fn file_name(date: Date, k: u32) -> String {
    format!("{date}_{k}.txt")
}

/// The day and number of a note's file name, if it is one (`2026-11-27_3.txt`).
pub fn parse_name(name: &str) -> Option<(Date, u32)> {
    let stem = name.strip_suffix(".txt")?;
    let (day, k) = stem.split_once('_')?;
    let mut parts = day.split('-');
    let (year, month, date) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || year.len() != 4 || month.len() != 2 || date.len() != 2 {
        return None;
    }
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
    if !digits(year) || !digits(month) || !digits(date) || !digits(k) || k.starts_with('0') {
        return None;
    }
    let date = Date { year: year.parse().ok()?, month: month.parse().ok()?, day: date.parse().ok()? };
    if !(1..=12).contains(&date.month) || !(1..=31).contains(&date.day) {
        return None;
    }
    Some((date, k.parse().ok()?))
}

/// How the typing of a note ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A line `save`: write the note.
    Save,
    /// A line `exit`: throw it away.
    Exit,
    /// The input ended first.
    End,
}

/// Reads lines until one is `save` or `exit` (that line is not part of the note); the note is
/// every line before it, each ended by a newline, as the write-up writes it.
pub fn read_note<S: AsRef<str>>(lines: impl IntoIterator<Item = S>) -> (String, Ending) {
    let mut text = String::new();
    for line in lines {
        let line = line.as_ref().strip_suffix('\r').unwrap_or(line.as_ref());
        match line {
            "save" => return (text, Ending::Save),
            "exit" => return (text, Ending::Exit),
            _ => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    (text, Ending::End)
}

/// A note: its file name, its day and number where the name is a note's, and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The file name.
    pub name: String,
    /// The day and number its name says, if it is a note's name.
    pub dated: Option<(Date, u32)>,
    /// The text.
    pub text: String,
}

impl Note {
    /// A note of `text` in the file `name`.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Note {
        let name = name.into();
        Note { dated: parse_name(&name), name, text: text.into() }
    }
}

/// Why the notes could not be read.
#[derive(Debug, thiserror::Error)]
pub enum NoteError {
    /// The folder could not be listed.
    #[error("cannot read the notes folder {folder}: {error}")]
    Folder {
        /// The folder.
        folder: String,
        /// Why.
        error: std::io::Error,
    },
}

/// Every `.txt` file of `folder`, newest note first (notes by day and number, then other files
/// by name). Text that is not UTF-8 is read with its odd bytes replaced; a file that vanishes
/// or cannot be read while listing is left out.
pub fn load(folder: &Path) -> Result<Vec<Note>, NoteError> {
    let entries = std::fs::read_dir(folder)
        .map_err(|error| NoteError::Folder { folder: folder.display().to_string(), error })?;
    let mut notes: Vec<Note> = entries
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().to_str()?.to_string();
            if !name.ends_with(".txt") || name.starts_with('.') {
                return None;
            }
            let bytes = std::fs::read(entry.path()).ok()?;
            Some(Note::new(name, String::from_utf8_lossy(&bytes).into_owned()))
        })
        .collect();
    sort_newest_first(&mut notes);
    Ok(notes)
}

/// Sorts notes newest first: by day and number, then the files that are not named as notes.
pub fn sort_newest_first(notes: &mut [Note]) {
    notes.sort_by(|a, b| match (a.dated, b.dated) {
        (Some(a), Some(b)) => b.cmp(&a),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.name.cmp(&b.name),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: Date = Date { year: 2026, month: 11, day: 27 };

    #[test]
    fn names_are_the_write_ups() {
        assert_eq!(file_name(DAY, 1), "2026-11-27_1.txt");
        assert_eq!(file_name(Date { year: 2010, month: 1, day: 2 }, 12), "2010-01-02_12.txt");
        assert_eq!(parse_name("2026-11-27_3.txt"), Some((DAY, 3)));
        for bad in [
            "2026-11-27.txt",
            "2026-11-27_0.txt",
            "2026-11-27_03.txt",
            "2026-13-01_1.txt",
            "26-11-27_1.txt",
            "2026-11-27_1.md",
            "2026-11-27_x.txt",
            "2026-11-27_1_2.txt",
            "2026-11-27-1_1.txt",
        ] {
            assert_eq!(parse_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn typing_ends_at_save_or_exit() {
        assert_eq!(
            read_note(["call ashley", "phone 555", "save", "after"]),
            ("call ashley\nphone 555\n".into(), Ending::Save)
        );
        assert_eq!(read_note(["draft", "exit"]), ("draft\n".into(), Ending::Exit));
        assert_eq!(read_note(["saved? no", "save\r"]), ("saved? no\n".into(), Ending::Save));
        assert_eq!(read_note(["no end"]), ("no end\n".into(), Ending::End));
        assert_eq!(read_note(Vec::<String>::new()), (String::new(), Ending::End));
    }

    #[test]
    fn newest_first() {
        let mut notes = vec![
            Note::new("2026-11-26_2.txt", ""),
            Note::new("readme.txt", ""),
            Note::new("2026-11-27_1.txt", ""),
            Note::new("2026-11-26_10.txt", ""),
        ];
        sort_newest_first(&mut notes);
        let names: Vec<&str> = notes.iter().map(|note| note.name.as_str()).collect();
        assert_eq!(names, ["2026-11-27_1.txt", "2026-11-26_10.txt", "2026-11-26_2.txt", "readme.txt"]);
    }
}
