//! The persisted settings: one serde struct, every field defaulted so old files still load.

use super::PanelId;
use super::panels::mines_panel::MinesPanelState;
use super::panels::star_panel::StarPanelState;
use serde::{Deserialize, Serialize};

/// Key under which the state is stored by eframe.
pub const STORAGE_KEY: &str = "curio-state";

/// Everything the app remembers across restarts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AppState {
    /// The panel shown.
    pub panel: PanelId,
    /// Star panel settings.
    pub star: StarPanelState,
    /// Minesweeper panel settings.
    pub mines: MinesPanelState,
}
