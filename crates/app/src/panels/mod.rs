//! Panels: the [`Panel`] trait, what the app needs of a panel type ([`PanelType`]) and its
//! entry ([`PanelEntry`]). Each domain's declaration names its panels; the app builds its
//! catalogue, per-frame logic, saved settings, GPU pipelines and `--panel` names from those
//! alone.

use eframe::egui;
use eframe::egui_wgpu::RenderState;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::any::Any;

/// A workbench panel: settings on the left, drawing in the middle.
pub trait Panel {
    /// Non-drawing work each frame (poll jobs); called even when the window is hidden.
    fn logic(&mut self, ctx: &egui::Context);
    /// The settings column.
    fn controls_ui(&mut self, ui: &mut egui::Ui);
    /// The drawing area.
    fn canvas_ui(&mut self, ui: &mut egui::Ui);
    /// True while background work runs whose result the panel will show (a drawing, an
    /// analysis, a benchmark): the panel has not settled yet.
    fn is_busy(&self) -> bool;
    /// The part of the canvas the last `canvas_ui` covered with opaque pixels, which the canvas's
    /// background then leaves out.
    fn opaque_canvas(&self) -> Option<egui::Rect> {
        None
    }
}

/// The families the catalogue groups panels under, in the order it lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// Figures and constructions: star polygons, Fermat points.
    Geometry,
    /// Games played by solvers and learned players: minesweeper, Tetris.
    Games,
    /// Logic and combinatorial puzzles.
    Puzzles,
    /// Problems from contests and classic write-ups.
    Classics,
    /// Writing systems: Gregg shorthand.
    Writing,
    /// Music written by rule: species counterpoint.
    Music,
    /// Programs that play other programs' windows.
    Bots,
    /// Small delights: eyes that watch the pointer.
    Toys,
}

impl Family {
    /// Every family, in catalogue order.
    pub const ALL: [Family; 8] = [
        Family::Geometry,
        Family::Games,
        Family::Puzzles,
        Family::Classics,
        Family::Writing,
        Family::Music,
        Family::Bots,
        Family::Toys,
    ];

    /// The heading shown in the catalogue.
    pub fn title(self) -> &'static str {
        match self {
            Family::Geometry => "Geometry",
            Family::Games => "Games and AI",
            Family::Puzzles => "Puzzles",
            Family::Classics => "Classics",
            Family::Writing => "Writing",
            Family::Music => "Music",
            Family::Bots => "Bots",
            Family::Toys => "Toys",
        }
    }
}

/// A panel's saved settings: serde, defaults, and the one place values read from a file are
/// brought back into range ([`Settings::sanitize`], called once when the panel is built).
pub trait Settings: Serialize + DeserializeOwned + Default {
    /// Brings every field into its valid range (a settings file may hold anything).
    fn sanitize(&mut self) {}
}

/// What the app needs of a panel type before there is a panel: how to build one and the GPU
/// pipelines it draws with.
pub trait PanelType: Panel + Sized + 'static {
    /// The stable name of the panel: its key in the saved settings and `curio gui --panel`.
    const KEY: &'static str;
    /// The title in the catalogue and the header.
    const TITLE: &'static str;
    /// The catalogue family the panel is listed under.
    const FAMILY: Family;
    /// The persisted settings.
    type State: Settings;
    /// Builds the panel from its saved settings, already sanitized; `gpu_adapter` names the
    /// adapter when the GPU pipelines ([`PanelType::install_gpu`]) were installed, `None` to
    /// draw on the CPU.
    fn new(state: Self::State, gpu_adapter: Option<&str>) -> Self;
    /// The settings as they are now (saved on exit).
    fn state(&self) -> &Self::State;
    /// The panel's results: what it computed rather than what was set (a run's history, a
    /// search's table), as a JSON object that the app saves in a file of its own
    /// (`results/<KEY>.json` in its data folder), apart from the settings. `Null` (the
    /// default): none.
    fn results(&self) -> serde_json::Value {
        serde_json::Value::Null
    }
    /// Takes results back: a JSON object as [`PanelType::results`] wrote it, or the panel's
    /// saved settings from before results had files of their own (they held the same fields).
    /// Fields that are missing or do not load are left as they are.
    fn restore_results(&mut self, saved: &serde_json::Value) {
        let _ = saved;
    }
    /// Installs the panel's wgpu pipelines into the renderer (none by default).
    fn install_gpu(render_state: &RenderState) {
        let _ = render_state;
    }
}

/// A panel as the app holds it: a [`Panel`] with its name and its settings as JSON. Every
/// [`PanelType`] is one, so a panel implements only `Panel` and `PanelType`.
pub trait AppPanel: Panel {
    /// [`PanelType::KEY`]: the panel's key in the saved settings and `curio gui --panel`.
    fn key(&self) -> &'static str;
    /// [`PanelType::TITLE`]: the title in the catalogue and the header.
    fn title(&self) -> &'static str;
    /// [`PanelType::FAMILY`]: the catalogue family.
    fn family(&self) -> Family;
    /// The settings to save, as JSON (read back by [`PanelType::new`]).
    fn saved_state(&self) -> serde_json::Value;
    /// [`PanelType::results`].
    fn saved_results(&self) -> serde_json::Value;
    /// [`PanelType::restore_results`].
    fn load_results(&mut self, saved: &serde_json::Value);
    /// The panel as `Any`, so that tests and callers can reach its concrete type.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<P: PanelType> AppPanel for P {
    fn key(&self) -> &'static str {
        P::KEY
    }

    fn title(&self) -> &'static str {
        P::TITLE
    }

    fn family(&self) -> Family {
        P::FAMILY
    }

    fn saved_state(&self) -> serde_json::Value {
        serde_json::to_value(self.state()).unwrap_or_default()
    }

    fn saved_results(&self) -> serde_json::Value {
        self.results()
    }

    fn load_results(&mut self, saved: &serde_json::Value) {
        self.restore_results(saved);
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// The field `key` of a saved JSON object, read as `T`; `None` where it is missing or does not
/// load (for [`PanelType::restore_results`]).
pub fn saved_field<T: DeserializeOwned>(saved: &serde_json::Value, key: &str) -> Option<T> {
    saved.get(key).and_then(|value| T::deserialize(value).ok())
}

/// A panel type's entry: its name, title and constructors.
pub struct PanelEntry {
    /// [`PanelType::KEY`].
    pub key: &'static str,
    /// [`PanelType::TITLE`].
    pub title: &'static str,
    /// Builds the panel from its saved settings (JSON; missing or unreadable gives defaults).
    pub build: fn(Option<&serde_json::Value>, Option<&str>) -> Box<dyn AppPanel>,
    /// [`PanelType::install_gpu`].
    pub install_gpu: fn(&RenderState),
}

impl PanelEntry {
    /// The entry of panel type `P`.
    pub const fn of<P: PanelType>() -> Self {
        Self { key: P::KEY, title: P::TITLE, build: build::<P>, install_gpu: P::install_gpu }
    }
}

fn build<P: PanelType>(saved: Option<&serde_json::Value>, gpu_adapter: Option<&str>) -> Box<dyn AppPanel> {
    let mut settings: P::State = panel_settings(saved);
    settings.sanitize();
    Box::new(P::new(settings, gpu_adapter))
}

/// A panel's settings read from their saved JSON: the defaults where none are saved or they do
/// not load (the other panels keep theirs).
pub(crate) fn panel_settings<S: DeserializeOwned + Default>(saved: Option<&serde_json::Value>) -> S {
    saved.and_then(|value| S::deserialize(value).ok()).unwrap_or_default()
}

/// Lays a panel out: a resizable, scrollable controls column and the canvas.
pub fn show_panel(ui: &mut egui::Ui, panel: &mut dyn AppPanel) {
    let key = panel.key();
    let width = ui.available_width();
    let controls = egui::Panel::left(("controls", key))
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
    // The canvas's background is painted around what the panel covers opaquely, not under it:
    // on a CPU renderer every layer of pixels costs frame time.
    let fill = ui.style().visuals.panel_fill;
    let frame = egui::Frame::central_panel(ui.style());
    let margin = frame.inner_margin;
    egui::CentralPanel::default().frame(frame.fill(egui::Color32::TRANSPARENT)).show(ui, |ui| {
        let outer = ui.max_rect() + margin;
        let painter = ui.painter().with_clip_rect(outer);
        let background = painter.add(egui::Shape::Noop);
        panel.canvas_ui(ui);
        let strips = match panel.opaque_canvas().map(|covered| covered.intersect(outer)) {
            Some(covered) if covered.is_positive() => vec![
                egui::Rect::from_x_y_ranges(outer.x_range(), outer.top()..=covered.top()),
                egui::Rect::from_x_y_ranges(outer.x_range(), covered.bottom()..=outer.bottom()),
                egui::Rect::from_x_y_ranges(outer.left()..=covered.left(), covered.y_range()),
                egui::Rect::from_x_y_ranges(covered.right()..=outer.right(), covered.y_range()),
            ],
            _ => vec![outer],
        };
        let shapes = strips
            .into_iter()
            .filter(|strip| strip.is_positive())
            .map(|strip| egui::Shape::rect_filled(strip, 0.0, fill));
        painter.set(background, egui::Shape::Vec(shapes.collect()));
    });
}

/// The canvas's rectangle, or `None` when it is too small to draw in (under 40 points a side).
pub fn canvas_rect(ui: &egui::Ui) -> Option<egui::Rect> {
    let rect = ui.available_rect_before_wrap();
    (rect.width() >= 40.0 && rect.height() >= 40.0).then_some(rect)
}
