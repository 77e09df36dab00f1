//! The panel list: a trait, the [`PanelId`] enum and a hand-written list. One file per panel.

pub mod mines_panel;
pub mod star_panel;

use eframe::egui;
use serde::{Deserialize, Serialize};

/// Identifies a panel. Only implemented panels are listed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
pub enum PanelId {
    /// Star polygons and stellar numbers.
    #[default]
    Star,
    /// Minesweeper: play, solver heatmap, benchmark.
    Mines,
}

impl PanelId {
    /// Every panel, in tab order.
    pub const ALL: [PanelId; 2] = [PanelId::Star, PanelId::Mines];

    /// The tab title.
    pub fn title(&self) -> &'static str {
        match self {
            PanelId::Star => "Star polygons",
            PanelId::Mines => "Minesweeper",
        }
    }
}

/// A workbench panel: settings on the left, drawing in the middle.
pub trait Panel {
    /// Which panel this is.
    fn id(&self) -> PanelId;
    /// Non-drawing work each frame (poll jobs); called even when the window is hidden.
    fn logic(&mut self, ctx: &egui::Context);
    /// The settings column.
    fn controls_ui(&mut self, ui: &mut egui::Ui);
    /// The drawing area.
    fn canvas_ui(&mut self, ui: &mut egui::Ui);
}

/// Lays a panel out: a resizable, scrollable controls column and the canvas.
pub fn show_panel(ui: &mut egui::Ui, panel: &mut dyn Panel) {
    let id = panel.id();
    let width = ui.available_width();
    let controls = egui::Panel::left(("controls", id))
        .resizable(true)
        .default_size((width * 0.4).clamp(190.0, 300.0))
        .max_size((width * 0.6).max(190.0));
    controls.show(ui, |ui| {
        // Sliders shrink with the column so narrow windows keep room for the canvas.
        ui.spacing_mut().slider_width = (ui.available_width() - 190.0).clamp(40.0, 140.0);
        // A solid scroll bar takes its own strip: a floating one would cover the right edge of
        // full-width controls (the benchmark chart's axis labels) on short windows.
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        egui::ScrollArea::vertical().auto_shrink([true, false]).show(ui, |ui| {
            panel.controls_ui(ui);
        });
    });
    egui::CentralPanel::default().show(ui, |ui| panel.canvas_ui(ui));
}
