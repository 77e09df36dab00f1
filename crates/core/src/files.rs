//! Files every layer reads and writes: [`write_atomically`] (readers never see a partial file),
//! [`create_first_free`] (a new file under the first free name, never overwriting one),
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

/// Writes `bytes` to a new file in `folder` under the first of `name(1)`, `name(2)`, … that is
/// free, and returns its path. The file appears whole (written and flushed under a temporary
/// name, then hard-linked to its name, which fails rather than replace a file another writer
/// made first), so writers saving at the same moment never overwrite or lose one another's
/// files. Names taken when the folder is listed are skipped without a try.
pub fn create_first_free(
    folder: &Path,
    name: impl Fn(u32) -> String,
    bytes: &[u8],
) -> std::io::Result<PathBuf> {
    use std::io::Write;
    let taken: std::collections::HashSet<std::ffi::OsString> =
        std::fs::read_dir(folder)?.flatten().map(|entry| entry.file_name()).collect();
    let temporary = folder.join(format!(".curio-new-{}", temporary_name()));
    let written = std::fs::File::create_new(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    if let Err(error) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(error);
    }
    let mut result = Err(std::io::Error::other("no free name"));
    for k in 1..=u32::MAX {
        let candidate = name(k);
        if taken.contains(std::ffi::OsStr::new(&candidate)) {
            continue;
        }
        let path = folder.join(&candidate);
        match std::fs::hard_link(&temporary, &path) {
            Ok(()) => {
                result = Ok(path);
                break;
            }
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => continue,
            // A file system without hard links: create the name itself (still never replacing
            // a file), then write into it.
            Err(_) => match std::fs::File::create_new(&path) {
                Ok(mut file) => {
                    result = file.write_all(bytes).and_then(|()| file.sync_all()).map(|()| path);
                    break;
                }
                Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(error) => {
                    result = Err(error);
                    break;
                }
            },
        }
    }
    let _ = std::fs::remove_file(&temporary);
    result
}

/// `PID-NANOS-COUNT`: a name no other call of this process or another returns.
fn temporary_name() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos());
    let count = COUNT.fetch_add(1, Ordering::Relaxed);
    format!("{}-{nanos}-{count}", std::process::id())
}

/// A path in the system's temporary folder that no other call returns: `PREFIX-PID-NANOS`,
/// with a counter for calls within the same nanosecond. Nothing is created.
pub fn temporary_path(prefix: &str) -> PathBuf {
    std::env::temp_dir().join(format!("{prefix}-{}", temporary_name()))
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
    fn new_files_take_the_first_free_name_and_never_replace_one() {
        let folder = tempfile::tempdir().expect("temporary folder");
        let name = |k: u32| format!("note_{k}.txt");
        std::fs::write(folder.path().join("note_2.txt"), "kept").unwrap();
        let first = create_first_free(folder.path(), name, b"one").unwrap();
        let third = create_first_free(folder.path(), name, b"three").unwrap();
        assert_eq!(first.file_name().unwrap(), "note_1.txt");
        assert_eq!(third.file_name().unwrap(), "note_3.txt");
        assert_eq!(std::fs::read_to_string(folder.path().join("note_2.txt")).unwrap(), "kept");
        assert_eq!(std::fs::read_to_string(&third).unwrap(), "three");
        // Threads saving at once: every file kept, no temporary left behind.
        let path = folder.path();
        std::thread::scope(|scope| {
            for thread in 0..8 {
                scope.spawn(move || {
                    for i in 0..25 {
                        create_first_free(path, name, format!("{thread} {i}").as_bytes()).unwrap();
                    }
                });
            }
        });
        let names: Vec<String> = std::fs::read_dir(folder.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(names.len(), 203, "{names:?}");
        assert!(names.iter().all(|name| name.starts_with("note_")), "{names:?}");
        assert!(create_first_free(&folder.path().join("missing"), name, b"x").is_err());
    }

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
