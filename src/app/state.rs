//! The persisted settings: the panel shown and each panel's own settings under its key, every
//! field defaulted so that old files still load.

use super::panels::PanelType;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Key under which the state is stored by eframe.
pub const STORAGE_KEY: &str = "curio-state";

/// Everything the app remembers across restarts. As JSON: `{"panel": "star", "star": {...},
/// "mines": {...}}`, one field per panel named by its key.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AppState {
    /// The key of the panel shown (empty: the first panel).
    pub panel: String,
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
        panel_settings(self.panels.get(P::KEY))
    }
}

/// A panel's settings read from their saved JSON: the defaults where none are saved or they do
/// not load (the other panels keep theirs).
pub(crate) fn panel_settings<S: DeserializeOwned + Default>(saved: Option<&serde_json::Value>) -> S {
    saved.and_then(|value| S::deserialize(value).ok()).unwrap_or_default()
}
