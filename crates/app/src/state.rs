//! The persisted settings: the panel shown and each panel's own settings under its key, every
//! field defaulted so that old files still load.

use super::panels::PanelType;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// Key under which the state is stored by eframe.
pub const STORAGE_KEY: &str = "curio-state";
/// The app id: the window's class and the name of the app's data folder.
pub const APP_ID: &str = "curio";

/// The app's data folder (on Linux `$XDG_DATA_HOME/curio`, by default `~/.local/share/curio`):
/// the settings file and the results panels keep beside it.
pub fn data_folder() -> Option<PathBuf> {
    eframe::storage_dir(APP_ID)
}

/// Reads every panel's results from `folder` (`<key>.json` each). A missing folder gives none;
/// a file that does not parse is set aside like a settings file (renamed with the time) and
/// named in the problems returned.
pub fn read_results(folder: &Path) -> (BTreeMap<String, serde_json::Value>, Vec<String>) {
    let mut results = BTreeMap::new();
    let mut problems = Vec::new();
    let Ok(entries) = std::fs::read_dir(folder) else { return (results, problems) };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|extension| extension != "json") {
            continue;
        }
        let Some(key) = path.file_stem().and_then(|stem| stem.to_str()).map(str::to_string) else { continue };
        let parsed = std::fs::read_to_string(&path).map_err(|error| error.to_string()).and_then(|text| {
            serde_json::from_str::<serde_json::Value>(&text).map_err(|error| error.to_string())
        });
        match parsed {
            Ok(value) => {
                results.insert(key, value);
            }
            Err(error) => {
                let aside = path.with_extension(format!("json.unreadable-{}", unix_seconds()));
                let kept = match std::fs::rename(&path, &aside) {
                    Ok(()) => format!("kept as {}", aside.display()),
                    Err(rename) => format!("could not be set aside: {rename}"),
                };
                problems.push(format!(
                    "The results file {} did not load ({error}); it was {kept}.",
                    path.display()
                ));
            }
        }
    }
    (results, problems)
}

/// Writes one panel's results (`text`, JSON) to `folder/<key>.json` atomically, making the
/// folder if needed; the error is one line naming the file.
pub fn write_results(folder: &Path, key: &str, text: &str) -> Result<(), String> {
    let path = folder.join(format!("{key}.json"));
    std::fs::create_dir_all(folder)
        .and_then(|()| curio_core::files::write_atomically(&path, text.as_bytes()))
        .map_err(|error| format!("cannot save results to {}: {error}", path.display()))
}

fn unix_seconds() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |elapsed| elapsed.as_secs())
}

/// The settings file eframe reads at start and writes on exit.
pub fn settings_file() -> Option<PathBuf> {
    data_folder().map(|folder| folder.join("app.ron"))
}

/// Checks the settings file at `path` before the app starts. A file that does not parse (as
/// eframe's key/value RON, with Curio's settings under [`STORAGE_KEY`]) is renamed beside
/// itself with the time (`app.ron.unreadable-<unix seconds>`), so that the app starts on
/// defaults without overwriting it; the returned notice names both files. A missing file is
/// fine (`None`).
pub fn set_aside_unreadable(path: &Path) -> Option<String> {
    let text = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return None,
        Err(error) => return Some(format!("cannot read the settings file {}: {error}", path.display())),
    };
    let problem = match std::str::from_utf8(&text) {
        Err(error) => Some(format!("not UTF-8 text ({error})")),
        Ok(text) => match ron::from_str::<HashMap<String, String>>(text) {
            Err(error) => Some(error.to_string()),
            Ok(entries) => entries
                .get(STORAGE_KEY)
                .and_then(|state| ron::from_str::<AppState>(state).err())
                .map(|error| format!("Curio's settings in it: {error}")),
        },
    }?;
    let stamp = unix_seconds();
    let mut aside = path.as_os_str().to_owned();
    aside.push(format!(".unreadable-{stamp}"));
    let aside = PathBuf::from(aside);
    Some(match std::fs::rename(path, &aside) {
        Ok(()) => format!(
            "The settings file {} did not load ({problem}); it was kept as {} and Curio started from \
             default settings.",
            path.display(),
            aside.display()
        ),
        Err(error) => format!(
            "The settings file {} did not load ({problem}) and could not be set aside ({error}); Curio \
             started from default settings and will not save over it.",
            path.display()
        ),
    })
}

/// Everything the app remembers across restarts. As JSON: `{"panel": "star", "star": {...},
/// "mines": {...}}`, one field per panel named by its key.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AppState {
    /// The key of the panel shown (empty: the first panel).
    pub panel: String,
    /// True when the catalogue sidebar was hidden.
    pub sidebar_hidden: bool,
    /// Each panel's saved settings, by panel key.
    #[serde(flatten)]
    pub panels: BTreeMap<String, serde_json::Value>,
}

impl AppState {
    /// A state that shows panel `P` first.
    pub fn showing<P: PanelType>() -> Self {
        Self { panel: P::KEY.to_string(), ..Self::default() }
    }

    /// This state with `settings` as panel `P`'s saved settings.
    pub fn with<P: PanelType>(mut self, settings: &P::State) -> Self {
        if let Ok(value) = serde_json::to_value(settings) {
            self.panels.insert(P::KEY.to_string(), value);
        }
        self
    }

    /// Panel `P`'s saved settings (its defaults where none are saved or they do not load).
    pub fn settings<P: PanelType>(&self) -> P::State {
        super::panels::panel_settings(self.panels.get(P::KEY))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_written_read_back_and_a_broken_file_is_set_aside() {
        let folder = tempfile::tempdir().expect("temporary folder");
        let results = folder.path().join("results");
        assert_eq!(read_results(&results), (BTreeMap::new(), Vec::new()), "no folder, no results");
        write_results(&results, "tetris", r#"{"run":null}"#).unwrap();
        write_results(&results, "mines", r#"{"last_benchmark":{"x":1}}"#).unwrap();
        std::fs::write(results.join("fermat.json"), "{ truncated").unwrap();
        let (read, problems) = read_results(&results);
        assert_eq!(read.keys().collect::<Vec<_>>(), ["mines", "tetris"]);
        assert_eq!(read["mines"]["last_benchmark"]["x"], 1);
        assert_eq!(problems.len(), 1);
        assert!(problems[0].contains("fermat.json"), "{problems:?}");
        assert!(!results.join("fermat.json").exists());
        let blocked = folder.path().join("file");
        std::fs::write(&blocked, "").unwrap();
        assert!(write_results(&blocked, "mines", "{}").unwrap_err().contains("mines.json"));
    }

    #[test]
    fn a_settings_file_that_does_not_parse_is_set_aside_with_a_notice() {
        let folder = tempfile::tempdir().expect("temporary folder");
        let path = folder.path().join("app.ron");
        assert_eq!(set_aside_unreadable(&path), None, "a missing file is fine");

        let state = AppState { panel: "mines".to_string(), ..AppState::default() };
        let good =
            ron::to_string(&HashMap::from([(STORAGE_KEY.to_string(), ron::to_string(&state).unwrap())]));
        std::fs::write(&path, good.unwrap()).unwrap();
        assert_eq!(set_aside_unreadable(&path), None, "a good file stays");
        assert!(path.exists());

        for broken in ["{\"curio-state\": \"(panel: 3\"", "not ron at all {", "\u{0}\u{ff}"] {
            std::fs::write(&path, broken).unwrap();
            let notice = set_aside_unreadable(&path).expect("a notice");
            assert!(notice.contains(&path.display().to_string()), "{notice}");
            assert!(!path.exists(), "the broken file is moved aside");
            let kept: Vec<_> = std::fs::read_dir(folder.path()).unwrap().flatten().collect();
            assert!(
                kept.iter()
                    .any(|entry| entry.file_name().to_string_lossy().starts_with("app.ron.unreadable-"))
            );
            for entry in kept {
                std::fs::remove_file(entry.path()).unwrap();
            }
        }
    }
}
