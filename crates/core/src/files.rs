//! Files every layer reads and writes: [`write_atomically`] (readers never see a partial file),
//! [`temporary_path`] (a fresh name in the system's temporary folder), [`append_line`] (JSON-lines
//! logs), and [`ParseError`], the error of every plain-text format (a line and a column).

use std::path::{Path, PathBuf};

/// A problem in a plain-text file format, at its 1-based line and column.
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

/// Writes `bytes` to `path` through a temporary file beside it (`.NAME.curio-partial`), flushed
/// to disk and then renamed over `path`, so readers see the old file or the new one, never a
/// part. On failure the temporary file is removed and `path` is left as it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let file_name = path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    let temporary = path.with_file_name(format!(".{file_name}.curio-partial"));
    let written = std::fs::File::create(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    let renamed = written.and_then(|()| std::fs::rename(&temporary, path));
    if renamed.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    renamed
}

/// A path in the system's temporary folder that no other call returns: `PREFIX-PID-NANOS`,
/// with a counter for calls within the same nanosecond. Nothing is created.
pub fn temporary_path(prefix: &str) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos());
    let count = COUNT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("{prefix}-{}-{nanos}-{count}", std::process::id()))
}

/// Appends `line` and a newline to the file at `path`, creating it if needed (the game windows'
/// JSON-lines logs).
pub fn append_line(path: &Path, line: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
    writeln!(file, "{line}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_replace_the_file_and_a_failed_write_leaves_no_partial_file() {
        let folder = tempfile::tempdir().expect("temporary folder");
        let path = folder.path().join("out.json");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        // A folder where the file should go: the rename fails, the temporary file goes.
        let blocked = folder.path().join("blocked");
        std::fs::create_dir(&blocked).unwrap();
        std::fs::write(blocked.join("inside"), b"x").unwrap();
        assert!(write_atomically(&blocked, b"data").is_err());
        let names: Vec<String> = std::fs::read_dir(folder.path())
            .unwrap()
            .flatten()
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .collect();
        assert!(!names.iter().any(|name| name.contains("curio-partial")), "{names:?}");
    }

    #[test]
    fn temporary_paths_differ() {
        assert_ne!(temporary_path("curio-test"), temporary_path("curio-test"));
    }
}
