//! Weights and runs on disk: JSON files holding `{"weights": {feature: value, ...}}`, which is
//! also the head of a saved [`Run`] (with `history`, `config`, `state`). Runs are written to a
//! temporary file and renamed, so a crash mid-write leaves the previous generation's file.

use super::evolve::{EvolveError, Run};
use super::policy::{Preset, Weights, WeightsError};
use std::collections::BTreeMap;
use std::path::Path;

/// Why a weights or run file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file cannot be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not the JSON expected.
    #[error("{path}: not a weights file: {message}")]
    Json {
        /// The file.
        path: String,
        /// What is wrong.
        message: String,
    },
    /// The weights are not usable.
    #[error("{path}: {source}")]
    Weights {
        /// The file.
        path: String,
        /// What is wrong with them.
        source: WeightsError,
    },
    /// The run is not usable.
    #[error("{path}: {source}")]
    Run {
        /// The file.
        path: String,
        /// What is wrong with it.
        source: EvolveError,
    },
}

#[derive(serde::Deserialize)]
struct WeightsOnly {
    weights: BTreeMap<String, serde_json::Value>,
}

/// Weights from the text of a weights or run file; `path` names it in errors.
pub fn parse_weights(text: &str, path: &str) -> Result<Weights, FileError> {
    let parsed: WeightsOnly = serde_json::from_str(text)
        .map_err(|error| FileError::Json { path: path.to_string(), message: error.to_string() })?;
    let mut map = BTreeMap::new();
    for (name, value) in parsed.weights {
        let number = value.as_f64().ok_or_else(|| FileError::Json {
            path: path.to_string(),
            message: format!("the weight of '{name}' is {value}, not a number"),
        })?;
        map.insert(name, number);
    }
    Weights::from_map(&map).map_err(|source| FileError::Weights { path: path.to_string(), source })
}

/// The weights called `name`: a preset's name or the path of a weights or run file.
pub fn load_weights(name: &str) -> Result<Weights, FileError> {
    if let Some(preset) = Preset::named(name) {
        return Ok(preset.weights());
    }
    let text =
        std::fs::read_to_string(name).map_err(|source| FileError::Io { path: name.to_string(), source })?;
    parse_weights(&text, name)
}

/// Writes `weights` as a weights file.
pub fn save_weights(path: &Path, weights: &Weights) -> Result<(), FileError> {
    let text = serde_json::to_string_pretty(&serde_json::json!({ "weights": weights.to_map() }))
        .map_err(|error| FileError::Json { path: path.display().to_string(), message: error.to_string() })?;
    write_atomically(path, &text)
}

/// Reads a saved run and checks it.
pub fn load_run(path: &Path) -> Result<Run, FileError> {
    let name = path.display().to_string();
    let text =
        std::fs::read_to_string(path).map_err(|source| FileError::Io { path: name.clone(), source })?;
    parse_run(&text, &name)
}

/// A run from the text of a run file, checked as [`load_run`] checks it; `path` names it in
/// errors.
pub fn parse_run(text: &str, path: &str) -> Result<Run, FileError> {
    let run: Run = serde_json::from_str(text).map_err(|error| FileError::Json {
        path: path.to_string(),
        message: format!("not a saved run: {error}"),
    })?;
    run.validate().map_err(|source| FileError::Run { path: path.to_string(), source })?;
    run.answer().map_err(|source| FileError::Run { path: path.to_string(), source })?;
    Ok(run)
}

/// Writes `run` (compact JSON: it is rewritten after every generation and its history grows),
/// replacing the file only once the new one is complete.
pub fn save_run(path: &Path, run: &Run) -> Result<(), FileError> {
    let text = serde_json::to_string(run)
        .map_err(|error| FileError::Json { path: path.display().to_string(), message: error.to_string() })?;
    write_atomically(path, &text)
}

fn write_atomically(path: &Path, text: &str) -> Result<(), FileError> {
    curio_core::files::write_atomically(path, text.as_bytes())
        .map_err(|source| FileError::Io { path: path.display().to_string(), source })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_weight_files_name_the_problem() {
        let error = |text: &str| parse_weights(text, "w.json").unwrap_err().to_string();
        assert!(error("{").contains("not a weights file"));
        assert!(error(r#"{"weights": {"holes": "x"}}"#).contains("'holes' is \"x\", not a number"));
        assert!(error(r#"{"weights": {"height": 1}}"#).contains("unknown feature 'height'"));
        assert!(error(r#"{"weights": {}}"#).contains("name no feature"));
        assert!(error(r#"{"other": 1}"#).contains("missing field `weights`"));
        let weights =
            parse_weights(r#"{"weights": {"holes": -1.5, "landing_height": -1}}"#, "w.json").unwrap();
        assert_eq!(weights.weight(crate::Feature::Holes), -1.5);
    }

    #[test]
    fn presets_and_files_load_by_name() {
        assert!(load_weights("bcts").is_ok());
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("w.json");
        save_weights(&path, &Preset::named("dellacherie").unwrap().weights()).unwrap();
        assert_eq!(
            load_weights(path.to_str().unwrap()).unwrap(),
            Preset::named("dellacherie").unwrap().weights()
        );
        assert!(matches!(load_weights("no-such-file.json"), Err(FileError::Io { .. })));
    }
}
