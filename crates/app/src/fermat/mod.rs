//! The Fermat panel: drag the vertices of a triangle (or N weighted points) and watch the
//! Fermat point (or geometric median) with the layers of its construction, the live sum, and
//! the distance field with isolines (a GPU shader, or the CPU without one); search Torricelli
//! triangles (Project Euler 143) and count Project Euler 299 in background jobs; export the
//! figure as SVG or PNG.
//!
//! This file holds the panel's state and its layout; the canvas lives in `canvas`, the two
//! searches in `searches`.

pub mod field;

mod canvas;
mod searches;

use crate::domain::{Domain};
use curio_cli::facets::{CommandGroup, Merge};
use crate::panels::PanelEntry;
use crate::panels::{Family, Panel, PanelType, Settings};
use crate::theme;
use crate::widgets::{FigureExport, Outcome, SceneRaster};
use curio_core::export;
use ::fermat::{self, FigureLayers, Pe299Result, TorricelliTriangle, WeightedPoint};
use curio_core::geom::{Point, Rect, Scene};
use eframe::egui;
use searches::{Pe299Job, TorricelliJob};
use serde::{Deserialize, Serialize};

/// The part of the plane the canvas shows (model units, y up); points stay inside it.
pub const VIEW: Rect = Rect { min: Point::new(0.0, 0.0), max: Point::new(10.0, 10.0) };

/// Most points in median mode (the shader's uniform array).
pub const MAX_POINTS: usize = crate::fermat::field::MAX_POINTS;

/// What the panel works on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum FermatMode {
    /// A triangle and its Fermat point.
    #[default]
    Triangle,
    /// N weighted points and their geometric median.
    Median,
}

/// A finished Torricelli search as saved with the settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedTorricelli {
    /// The bound on p + q + r.
    pub limit: u64,
    /// The sum of the distinct values of p + q + r.
    pub sum: u64,
    /// How many triangles there are.
    pub triangles: u64,
    /// How long the search took.
    pub seconds: f64,
    /// The first triangles by p + q + r (at most `SAVED_ROWS`).
    pub rows: Vec<TorricelliTriangle>,
}

/// Most Torricelli triangles kept for the table.
pub const SAVED_ROWS: usize = 500;

/// Persisted settings of the Fermat panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FermatPanelState {
    /// Triangle or median.
    pub mode: FermatMode,
    /// The triangle's vertices A, B, C.
    pub vertices: [[f64; 2]; 3],
    /// The median's points: x, y, weight.
    pub points: Vec<[f64; 3]>,
    /// Construction layers shown.
    pub layers: FigureLayers,
    /// Show the distance field.
    pub heatmap: bool,
    /// Draw isolines on it.
    pub isolines: bool,
    /// The integer triangle on the canvas, when one was picked from the Torricelli table.
    pub torricelli_shown: Option<TorricelliTriangle>,
    /// Bound of the Torricelli search.
    pub torricelli_limit: u64,
    /// Bound of the Project Euler 299 count.
    pub pe299_limit: u64,
    /// The last Torricelli search (a result: saved in its own file, [`PanelType::results`]).
    #[serde(skip)]
    pub last_torricelli: Option<SavedTorricelli>,
    /// The last Project Euler 299 count and its time in seconds (a result, as above).
    #[serde(skip)]
    pub last_pe299: Option<(Pe299Result, f64)>,
    /// Where Export writes.
    pub export_path: String,
    /// PNG size of exports (longest side, pixels).
    pub export_size: u32,
}

impl Default for FermatPanelState {
    fn default() -> Self {
        Self {
            mode: FermatMode::Triangle,
            vertices: [[2.0, 3.0], [8.5, 2.5], [4.0, 8.0]],
            points: vec![[2.0, 2.0, 1.0], [8.0, 3.0, 1.0], [5.0, 8.5, 1.0], [7.5, 7.0, 2.0], [3.0, 6.0, 1.0]],
            layers: FigureLayers::default(),
            heatmap: true,
            isolines: true,
            torricelli_shown: None,
            torricelli_limit: fermat::torricelli::LIMIT.default,
            pe299_limit: fermat::pe299::LIMIT.default,
            last_torricelli: None,
            last_pe299: None,
            export_path: "fermat.svg".to_string(),
            export_size: 2048,
        }
    }
}

impl Settings for FermatPanelState {
    /// Brings loaded or edited values back into range: coordinates inside `VIEW`, weights
    /// finite and at least 0, 1..=`MAX_POINTS` points, limits in range.
    fn sanitize(&mut self) {
        let clamp =
            |value: f64, low: f64, high: f64| if value.is_finite() { value.clamp(low, high) } else { low };
        for vertex in &mut self.vertices {
            vertex[0] = clamp(vertex[0], VIEW.min.x, VIEW.max.x);
            vertex[1] = clamp(vertex[1], VIEW.min.y, VIEW.max.y);
        }
        for point in &mut self.points {
            point[0] = clamp(point[0], VIEW.min.x, VIEW.max.x);
            point[1] = clamp(point[1], VIEW.min.y, VIEW.max.y);
            point[2] = clamp(point[2], 0.0, 100.0);
        }
        self.points.truncate(MAX_POINTS);
        if self.points.is_empty() {
            self.points = FermatPanelState::default().points;
        }
        self.torricelli_limit = fermat::torricelli::LIMIT.clamp(self.torricelli_limit);
        self.pe299_limit = fermat::pe299::LIMIT.clamp(self.pe299_limit);
        self.export_size = self.export_size.clamp(1, export::MAX_PNG_SIZE);
    }
}

impl FermatPanelState {
    /// The triangle's vertices as points.
    pub fn triangle(&self) -> [Point; 3] {
        self.vertices.map(|[x, y]| Point::new(x, y))
    }

    /// The median's points.
    pub fn weighted_points(&self) -> Vec<WeightedPoint> {
        self.points.iter().map(|&[x, y, weight]| WeightedPoint { point: Point::new(x, y), weight }).collect()
    }

    /// The points of the distance field: the vertices with weight 1, or the weighted points.
    pub fn field_points(&self) -> Vec<WeightedPoint> {
        match self.mode {
            FermatMode::Triangle => {
                self.triangle().iter().map(|&point| WeightedPoint { point, weight: 1.0 }).collect()
            }
            FermatMode::Median => self.weighted_points(),
        }
    }

    /// The figure as Export writes it (the whole construction in view, on white), or why there
    /// is none (a degenerate triangle, weights all zero).
    pub fn export_scene(&self) -> Result<Scene, String> {
        match self.mode {
            FermatMode::Triangle => {
                let vertices = self.triangle();
                let result = fermat::fermat_point(vertices).map_err(|error| error.to_string())?;
                let view = fermat::triangle_view(vertices, &result, self.layers);
                Ok(fermat::triangle_scene(vertices, &result, self.layers, view, true))
            }
            FermatMode::Median => {
                let points = self.weighted_points();
                let median = fermat::geometric_median(&points).map_err(|error| error.to_string())?;
                Ok(fermat::median_scene(&points, &median, fermat::median_view(&points, &median), true))
            }
        }
    }
}

/// The Fermat panel.
pub struct FermatPanel {
    /// Persisted settings.
    pub state: FermatPanelState,
    gpu_adapter: Option<String>,
    figure: SceneRaster,
    field: SceneRaster,
    torricelli_job: Option<TorricelliJob>,
    pe299_job: Option<Pe299Job>,
    search_message: Option<Outcome>,
    export: FigureExport,
}

impl PanelType for FermatPanel {
    const KEY: &'static str = "fermat";
    const TITLE: &'static str = "Fermat points";
    const FAMILY: Family = Family::Geometry;
    type State = FermatPanelState;

    fn new(state: FermatPanelState, gpu_adapter: Option<&str>) -> Self {
        Self {
            state,
            gpu_adapter: gpu_adapter.map(str::to_string),
            figure: SceneRaster::new("fermat-figure"),
            field: SceneRaster::new("fermat-field"),
            torricelli_job: None,
            pe299_job: None,
            search_message: None,
            export: FigureExport::default(),
        }
    }

    fn state(&self) -> &FermatPanelState {
        &self.state
    }

    fn results(&self) -> serde_json::Value {
        if self.state.last_torricelli.is_none() && self.state.last_pe299.is_none() {
            return serde_json::Value::Null;
        }
        serde_json::json!({ "last_torricelli": self.state.last_torricelli, "last_pe299": self.state.last_pe299 })
    }

    fn restore_results(&mut self, saved: &serde_json::Value) {
        if let Some(torricelli) = crate::panels::saved_field(saved, "last_torricelli") {
            self.state.last_torricelli = Some(torricelli);
        }
        if let Some(pe299) = crate::panels::saved_field(saved, "last_pe299") {
            self.state.last_pe299 = Some(pe299);
        }
    }

    fn install_gpu(render_state: &eframe::egui_wgpu::RenderState) {
        crate::fermat::field::install(render_state);
    }
}

impl FermatPanel {
    /// True when the distance field is drawn by the GPU shader.
    pub fn field_on_gpu(&self) -> bool {
        self.gpu_adapter.is_some()
    }

    /// The last export's outcome: Ok(message) or Err(error).
    pub fn export_message(&self) -> Option<&Outcome> {
        self.export.message()
    }

    /// The last search's outcome line (or its error).
    pub fn search_message(&self) -> Option<&Outcome> {
        self.search_message.as_ref()
    }

    /// Starts exporting the figure to `state.export_path`.
    pub fn start_export(&mut self, ctx: &egui::Context) {
        let state = self.state.clone();
        self.export.start(ctx, &self.state.export_path, self.state.export_size, move || state.export_scene());
    }

    /// The result line of the current figure: the point, the sum and how it was found.
    fn result_ui(&self, ui: &mut egui::Ui) {
        match self.state.mode {
            FermatMode::Triangle => {
                match fermat::fermat_point(self.state.triangle()) {
                    Ok(result) => {
                        ui.strong(format!("PA + PB + PC = {:.6}", result.sum));
                        ui.label(format!("P = ({:.4}, {:.4})", result.point.x, result.point.y));
                        match result.at_vertex {
                            Some(vertex) => {
                                ui.label(format!(
                                    "the angle at {} is 120° or more: P is that vertex",
                                    vertex.name()
                                ));
                            }
                            None => {
                                ui.label(format!(
                                "apex-to-vertex lines {:.6}, {:.6}, {:.6}",
                                result.sides[0].line_length, result.sides[1].line_length, result.sides[2].line_length
                            ))
                            .on_hover_text("each line from an apex to the opposite vertex is as long as PA + PB + PC");
                            }
                        }
                    }
                    Err(error) => {
                        ui.colored_label(theme::ERROR, error.to_string());
                    }
                }
            }
            FermatMode::Median => match fermat::geometric_median(&self.state.weighted_points()) {
                Ok(median) => {
                    ui.strong(format!("Σ w·distance = {:.6}", median.sum));
                    ui.label(format!(
                        "median = ({:.4}, {:.4}) after {} iterations",
                        median.point.x, median.point.y, median.iterations
                    ));
                }
                Err(error) => {
                    ui.colored_label(theme::ERROR, error.to_string());
                }
            },
        }
        if let Some(t) = &self.state.torricelli_shown {
            ui.colored_label(
                theme::SELECTED,
                format!(
                    "Torricelli triangle p, q, r = {}, {}, {}; sides a, b, c = {}, {}, {} (drawn to scale)",
                    t.p, t.q, t.r, t.a, t.b, t.c
                ),
            );
        }
    }

    fn layer_ui(&mut self, ui: &mut egui::Ui) {
        let layers = &mut self.state.layers;
        ui.horizontal_wrapped(|ui| {
            ui.add_enabled_ui(self.state.mode == FermatMode::Triangle, |ui| {
                ui.checkbox(&mut layers.equilateral, "equilateral triangles");
                ui.checkbox(&mut layers.circles, "circumcircles");
                ui.checkbox(&mut layers.lines, "apex lines");
                ui.checkbox(&mut layers.angles, "120° marks");
                ui.checkbox(&mut layers.labels, "labels");
            });
        });
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.state.heatmap, "distance field");
            ui.add_enabled(self.state.heatmap, egui::Checkbox::new(&mut self.state.isolines, "isolines"));
        });
        if self.state.heatmap {
            let note = match (&self.gpu_adapter, self.state.field_points().len() > MAX_POINTS) {
                (Some(name), false) => format!("field drawn on the GPU ({name})"),
                _ => "no GPU pipeline: field drawn on the CPU".to_string(),
            };
            ui.colored_label(theme::HINT, note);
        }
    }

    fn points_ui(&mut self, ui: &mut egui::Ui) {
        ui.label("click the canvas to add a point; right-click a point to remove it");
        let mut remove = None;
        let removable = self.state.points.len() > 1;
        egui::Grid::new("fermat-points").num_columns(4).spacing([6.0, 4.0]).show(ui, |ui| {
            for (index, point) in self.state.points.iter_mut().enumerate() {
                ui.label(format!("{}", index + 1));
                ui.label(format!("({:.2}, {:.2})", point[0], point[1]));
                let label = ui.label("w");
                ui.add(egui::DragValue::new(&mut point[2]).range(0.0..=100.0).speed(0.05))
                    .labelled_by(label.id)
                    .on_hover_text("weight of the point");
                if ui
                    .add_enabled(removable, egui::Button::new("×").small())
                    .on_hover_text("remove the point")
                    .clicked()
                {
                    remove = Some(index);
                }
                ui.end_row();
            }
        });
        if let Some(index) = remove {
            self.state.points.remove(index);
        }
    }

    fn export_ui(&mut self, ui: &mut egui::Ui) {
        if self.export.ui(ui, &mut self.state.export_path, &mut self.state.export_size) {
            self.start_export(&ui.ctx().clone());
        }
    }
}

impl Panel for FermatPanel {
    fn logic(&mut self, ctx: &egui::Context) {
        self.figure.poll(ctx);
        self.field.poll(ctx);
        self.poll_searches();
        self.export.poll();
        if self.is_busy() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Fermat points");
        ui.horizontal(|ui| {
            ui.label("show");
            ui.selectable_value(&mut self.state.mode, FermatMode::Triangle, "triangle");
            ui.selectable_value(&mut self.state.mode, FermatMode::Median, "weighted median");
        });
        ui.label(match self.state.mode {
            FermatMode::Triangle => "drag A, B or C",
            FermatMode::Median => "drag a point; weights below",
        });
        self.result_ui(ui);
        ui.separator();
        ui.strong("Layers");
        self.layer_ui(ui);
        if self.state.mode == FermatMode::Median {
            ui.separator();
            ui.strong("Points");
            self.points_ui(ui);
        }
        ui.separator();
        ui.strong("Torricelli triangles (Project Euler 143)");
        self.torricelli_ui(ui);
        ui.separator();
        ui.strong("Three similar triangles (Project Euler 299)");
        self.pe299_ui(ui);
        ui.separator();
        ui.strong("Export");
        self.export_ui(ui);
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        self.canvas(ui);
    }

    fn is_busy(&self) -> bool {
        self.figure.is_busy()
            || self.field.is_busy()
            || self.torricelli_job.is_some()
            || self.pe299_job.is_some()
            || self.export.is_busy()
    }
}

/// What the fermat domain adds: `curio fermat`, its panel, the merges of its sharded commands.
pub const DOMAIN: Domain = Domain {
    name: "fermat",
    about: "Fermat points, geometric medians, Torricelli triangles (PE143) and PE299.",
    commands: CommandGroup::of::<curio_cli::fermat::FermatArgs>(),
    panels: &[PanelEntry::of::<FermatPanel>()],
    merges: &[
        Merge { command: "fermat torricelli", merge: curio_cli::fermat::merge_torricelli },
    ],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[],
    opens: &[],
};
