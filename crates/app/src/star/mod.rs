//! The Star panel: {n/d} in three styles with construction overlay, a gallery of every valid d,
//! stellar numbers with their dot figure, and export to SVG/PNG.

pub mod density;

use crate::domain::{Domain};
use curio_cli::facets::CommandGroup;
use crate::panels::PanelEntry;
use crate::panels::{Family, Panel, PanelType, Settings};
use self::density::{DensityCallback, DensityUniforms};
use crate::theme;
use crate::widgets::{FigureExport, Outcome, SceneRaster, full_uv};
use curio_core::export;
use curio_core::geom::Scene;
use ::star::{self, FigureOptions, StarSpec, StarStyle, figure_scene, max_density, stellar};
use eframe::egui::{self, Color32, TextureHandle, TextureOptions, Vec2};
use image::RgbaImage;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// What the canvas shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum StarView {
    /// The star polygon {n/d}.
    #[default]
    Star,
    /// The stellar-number dot figure.
    Stellar,
}

/// Persisted settings of the Star panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StarPanelState {
    /// Number of tips.
    pub n: u32,
    /// Density.
    pub d: u32,
    /// How the star is drawn.
    pub figure: FigureOptions,
    /// Star or dot figure on the canvas.
    pub view: StarView,
    /// Points p of the stellar number.
    pub stellar_points: u64,
    /// Stage k of the stellar number.
    pub stellar_stage: u64,
    /// Where Export writes.
    pub export_path: String,
    /// PNG size of exports (longest side, pixels).
    pub export_size: u32,
}

impl Default for StarPanelState {
    fn default() -> Self {
        Self {
            n: star::POINTS.default,
            d: 3,
            figure: FigureOptions::default(),
            view: StarView::Star,
            stellar_points: 6,
            stellar_stage: 4,
            export_path: "star.svg".to_string(),
            export_size: 2048,
        }
    }
}

impl Settings for StarPanelState {
    /// Brings loaded or edited values back into range.
    fn sanitize(&mut self) {
        self.n = star::POINTS.clamp(self.n);
        self.d = self.d.clamp(1, max_density(self.n).max(1));
        self.stellar_points = self.stellar_points.clamp(stellar::MIN_POINTS, MAX_STELLAR_POINTS);
        self.stellar_stage = self.stellar_stage.clamp(1, MAX_STELLAR_STAGE);
        self.export_size = self.export_size.clamp(1, export::MAX_PNG_SIZE);
        if !self.figure.rotation_degrees.is_finite() {
            self.figure.rotation_degrees = 0.0;
        }
        self.figure.stroke_width = if self.figure.stroke_width.is_finite() {
            self.figure.stroke_width.clamp(0.0005, 0.08)
        } else {
            FigureOptions::default().stroke_width
        };
    }
}

impl StarPanelState {
    /// The current star (always valid: the settings are sanitized when loaded and the controls keep them in range).
    pub fn spec(&self) -> StarSpec {
        StarSpec::new(self.n.into(), self.d.into())
            .or_else(|_| StarSpec::new(7, 3))
            .expect("{7/3} is a valid star")
    }

    /// The scene that Export writes for the current view.
    pub fn export_scene(&self) -> Result<Scene, String> {
        match self.view {
            StarView::Star => Ok(figure_scene(self.spec(), &self.figure)),
            StarView::Stellar => stellar::dot_figure_scene(
                self.stellar_points,
                self.stellar_stage,
                self.figure.line_color,
                self.figure.background,
            )
            .map_err(|error| error.to_string()),
        }
    }
}

/// Largest p offered in the panel.
const MAX_STELLAR_POINTS: u64 = 1000;
/// Largest k offered in the panel.
const MAX_STELLAR_STAGE: u64 = 400;
/// Gallery thumbnail side in points.
const THUMBNAIL_SIZE: f32 = 72.0;
/// Gallery cell width in points.
const GALLERY_CELL: f32 = 84.0;
/// Gallery strip height in points.
const GALLERY_HEIGHT: f32 = 132.0;

/// The Star panel.
pub struct StarPanel {
    /// Persisted settings.
    pub state: StarPanelState,
    gpu_adapter: Option<String>,
    figure: SceneRaster,
    overlay: SceneRaster,
    thumbnails_key: String,
    thumbnails: HashMap<u32, TextureHandle>,
    export: FigureExport,
}

impl PanelType for StarPanel {
    const KEY: &'static str = "star";
    const TITLE: &'static str = "Star polygons";
    const FAMILY: Family = Family::Geometry;
    type State = StarPanelState;

    fn new(state: StarPanelState, gpu_adapter: Option<&str>) -> Self {
        Self {
            state,
            gpu_adapter: gpu_adapter.map(str::to_string),
            figure: SceneRaster::new("star-figure"),
            overlay: SceneRaster::new("star-overlay"),
            thumbnails_key: String::new(),
            thumbnails: HashMap::new(),
            export: FigureExport::default(),
        }
    }

    fn state(&self) -> &StarPanelState {
        &self.state
    }

    fn install_gpu(render_state: &eframe::egui_wgpu::RenderState) {
        density::install(render_state);
    }
}

impl StarPanel {
    /// True when the density view is drawn by the GPU pipeline.
    pub fn density_on_gpu(&self) -> bool {
        self.gpu_adapter.is_some()
    }

    /// The last export's outcome: Ok(message) or Err(error).
    pub fn export_message(&self) -> Option<&Outcome> {
        self.export.message()
    }

    /// True while an export job runs.
    pub fn is_exporting(&self) -> bool {
        self.export.is_busy()
    }

    /// Starts exporting the current view to `state.export_path`.
    pub fn start_export(&mut self, ctx: &egui::Context) {
        if self.state.view == StarView::Star {
            let points = star::figure_point_count(self.state.spec(), &self.state.figure);
            if points > star::MAX_FIGURE_POINTS {
                self.export.refuse(format!(
                    "the {} figure of {} needs {points} path points, more than {}; choose another style or a smaller d",
                    self.state.figure.style.name(),
                    self.state.spec(),
                    star::MAX_FIGURE_POINTS
                ));
                return;
            }
        }
        let state = self.state.clone();
        self.export.start(ctx, &self.state.export_path, self.state.export_size, move || state.export_scene());
    }

    fn set_n(&mut self, n: u32) {
        self.state.n = star::POINTS.clamp(n);
        self.state.d = self.state.d.clamp(1, max_density(self.state.n).max(1));
    }

    fn star_controls(&mut self, ui: &mut egui::Ui) {
        let mut n = self.state.n;
        egui::Grid::new("star-symbol").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("n (tips)");
            ui.add(egui::DragValue::new(&mut n).range(star::POINTS.range()).speed(0.1))
                .labelled_by(label.id)
                .on_hover_text(format!("Number of tips, {} to {}", star::POINTS.min, star::POINTS.max));
            ui.end_row();
            let max_d = max_density(star::POINTS.clamp(n)).max(1);
            let label = ui.label("d (density)");
            ui.add(egui::Slider::new(&mut self.state.d, 1..=max_d).clamping(egui::SliderClamping::Always))
                .labelled_by(label.id)
                .on_hover_text("Tips are joined every d-th; only valid d (1 <= d < n/2) are offered");
            ui.end_row();
        });
        if n != self.state.n {
            self.set_n(n);
        }
        let spec = self.state.spec();
        let kind = if spec.d() == 1 {
            "regular polygon".to_string()
        } else if spec.is_compound() {
            let g = spec.components();
            format!("compound of {g} × {{{}/{}}}", spec.n() / g, spec.d() / g)
        } else {
            "single polygram".to_string()
        };
        ui.label(format!("{spec}: {kind}"));
        ui.label(format!("inner radius i/r = {:.6}", spec.inner_radius_ratio()));
    }

    fn style_controls(&mut self, ui: &mut egui::Ui) {
        let figure = &mut self.state.figure;
        ui.horizontal(|ui| {
            for style in StarStyle::ALL {
                ui.selectable_value(&mut figure.style, style, style.name());
            }
        });
        if figure.style == StarStyle::Density {
            let note = match &self.gpu_adapter {
                Some(name) => format!("density drawn on the GPU ({name})"),
                None => "no GPU pipeline: density drawn on the CPU".to_string(),
            };
            ui.colored_label(theme::HINT, note);
        }
        egui::Grid::new("star-style").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("rotation");
            ui.add(egui::Slider::new(&mut figure.rotation_degrees, -180.0..=180.0).suffix("°"))
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("line width");
            ui.add(egui::Slider::new(&mut figure.stroke_width, 0.001..=0.05).logarithmic(true))
                .labelled_by(label.id);
            ui.end_row();
            ui.label("line colour");
            color_button(ui, &mut figure.line_color);
            ui.end_row();
            let defaults = FigureOptions::default();
            if figure.style != StarStyle::Density {
                optional_color_row(ui, "fill", &mut figure.fill, defaults.fill, false);
            }
            optional_color_row(ui, "transparent", &mut figure.background, defaults.background, true);
            if figure.style == StarStyle::Density {
                ui.label("density low");
                color_button(ui, &mut figure.density_low);
                ui.end_row();
                ui.label("density high");
                color_button(ui, &mut figure.density_high);
                ui.end_row();
            }
        });
        ui.checkbox(&mut figure.construction, "construction overlay")
            .on_hover_text("The two circles of the construction and the labels of tips and inner corners");
    }

    fn stellar_controls(&mut self, ui: &mut egui::Ui) {
        egui::Grid::new("stellar").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("points p");
            ui.add(
                egui::DragValue::new(&mut self.state.stellar_points).range(3..=MAX_STELLAR_POINTS).speed(0.1),
            )
            .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("stage k");
            ui.add(
                egui::DragValue::new(&mut self.state.stellar_stage).range(1..=MAX_STELLAR_STAGE).speed(0.1),
            )
            .labelled_by(label.id);
            ui.end_row();
        });
        let p = self.state.stellar_points;
        match stellar::stellar_number(p, self.state.stellar_stage) {
            Ok(value) => ui.strong(format!("S({p}, {}) = {value}", self.state.stellar_stage)),
            Err(error) => ui.colored_label(theme::ERROR, error.to_string()),
        };
        egui::CollapsingHeader::new(format!("table of S({p}, k)")).show(ui, |ui| {
            egui::Grid::new("stellar-table").striped(true).num_columns(2).show(ui, |ui| {
                ui.strong("k");
                ui.strong(format!("S({p}, k)"));
                ui.end_row();
                for k in 1..=8 {
                    ui.label(k.to_string());
                    ui.label(stellar::stellar_number(p, k).map(|v| v.to_string()).unwrap_or_default());
                    ui.end_row();
                }
            });
        });
    }

    fn export_controls(&mut self, ui: &mut egui::Ui) {
        if self.export.ui(ui, &mut self.state.export_path, &mut self.state.export_size) {
            self.start_export(&ui.ctx().clone());
        }
    }

    /// Draws the figure (or dot figure) into `rect`.
    fn figure_ui(&mut self, ui: &mut egui::Ui, rect: egui::Rect) {
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 4.0, theme::CANVAS_BACKGROUND);
        let side = rect.width().min(rect.height()) - 8.0;
        if side < 16.0 {
            return;
        }
        let square = egui::Rect::from_center_size(rect.center(), Vec2::splat(side));
        let pixels = ((side * ui.ctx().pixels_per_point()) / 8.0).round().max(2.0) as u32 * 8;
        let ctx = ui.ctx().clone();
        let density = self.state.view == StarView::Star && self.state.figure.style == StarStyle::Density;
        if density {
            self.density_ui(&ctx, &painter, square, pixels);
        } else {
            let key = format!("{pixels}|{}", scene_key(&self.state));
            let state = self.state.clone();
            let mut scene_error = None;
            self.figure.ensure(&ctx, key, || match state.export_scene() {
                Ok(scene) => (scene.point_count(), Box::new(move || export::rasterize(&scene, pixels))),
                Err(error) => {
                    scene_error = Some(error);
                    (0, Box::new(|| RgbaImage::new(1, 1)))
                }
            });
            if let Some(error) = scene_error {
                self.figure.error = Some(error);
            }
            self.figure.paint(&painter, square);
        }
        if self.figure.is_busy() || self.overlay.is_busy() {
            painter.text(
                rect.left_top() + Vec2::new(8.0, 8.0),
                egui::Align2::LEFT_TOP,
                "drawing…",
                egui::FontId::proportional(13.0),
                theme::HINT,
            );
        }
        if let Some(error) = self.figure.error.as_ref().or(self.overlay.error.as_ref()) {
            painter.text(
                rect.left_bottom() + Vec2::new(8.0, -8.0),
                egui::Align2::LEFT_BOTTOM,
                error,
                egui::FontId::proportional(13.0),
                theme::ERROR,
            );
        }
    }

    /// Density view: the GPU pipeline (or the CPU winding raster) plus an overlay with the
    /// polygram edges and construction.
    fn density_ui(&mut self, ctx: &egui::Context, painter: &egui::Painter, square: egui::Rect, pixels: u32) {
        let spec = self.state.spec();
        let figure = self.state.figure.clone();
        let half = star::view_half_extent(&figure) as f32;
        let radius = square.width() / (2.0 * half);
        if self.gpu_adapter.is_some() {
            let background = figure.background.unwrap_or(theme::figure_color(theme::CANVAS_BACKGROUND));
            let uniforms = DensityUniforms {
                rotation: figure.rotation_degrees.to_radians() as f32,
                n: spec.n() as f32,
                d: spec.d() as f32,
                low: theme::rgba_f32(figure.density_low),
                high: theme::rgba_f32(figure.density_high),
                background: theme::rgba_f32(background),
                ..DensityUniforms::default()
            };
            density::paint(
                painter,
                square,
                DensityCallback { center: square.center(), radius, uniforms },
            );
        } else {
            let key = format!("cpu-density|{pixels}|{}", scene_key(&self.state));
            let options = figure.clone();
            self.figure.ensure(ctx, key, || {
                let cost = pixels as usize * pixels as usize / 4;
                (cost, Box::new(move || star::density_image(spec, &options, pixels)))
            });
            self.figure.paint(painter, square);
        }
        // Overlay: the polygram edges and the construction, on a transparent background.
        let key = format!("overlay|{pixels}|{}", scene_key(&self.state));
        self.overlay.ensure(ctx, key, || {
            let overlay = star::density_overlay_scene(spec, &figure);
            (overlay.point_count(), Box::new(move || export::rasterize(&overlay, pixels)))
        });
        self.overlay.paint(painter, square);
    }

    /// The strip of every valid {n/d} for the current n.
    fn gallery_ui(&mut self, ui: &mut egui::Ui) {
        let n = self.state.n;
        let specs = StarSpec::all_for(n);
        let mut thumbnail_options = FigureOptions {
            style: StarStyle::Polygram,
            construction: false,
            rotation_degrees: self.state.figure.rotation_degrees,
            ..self.state.figure.clone()
        };
        thumbnail_options.stroke_width = thumbnail_options.stroke_width.max(0.02);
        let key = format!("{n}|{}", serde_json::to_string(&thumbnail_options).unwrap_or_default());
        if key != self.thumbnails_key {
            self.thumbnails.clear();
            self.thumbnails_key = key;
        }
        ui.add(
            egui::Label::new(format!(
                "{} valid stars for n = {n} · click to choose · ◆ = compound",
                specs.len()
            ))
            .truncate(),
        );
        let pixels = (THUMBNAIL_SIZE * ui.ctx().pixels_per_point()).round() as u32;
        egui::ScrollArea::horizontal().id_salt("star-gallery").auto_shrink([false, true]).show_viewport(
            ui,
            |ui, viewport| {
                let total = Vec2::new(GALLERY_CELL * specs.len() as f32, THUMBNAIL_SIZE + 22.0);
                let (area, _) = ui.allocate_exact_size(total, egui::Sense::hover());
                let first = (viewport.min.x / GALLERY_CELL).floor().max(0.0) as usize;
                let last = ((viewport.max.x / GALLERY_CELL).ceil() as usize + 1).min(specs.len());
                for spec in specs.iter().take(last).skip(first) {
                    let index = (spec.d() - 1) as f32;
                    let cell = egui::Rect::from_min_size(
                        area.min + Vec2::new(index * GALLERY_CELL, 0.0),
                        Vec2::new(GALLERY_CELL - 6.0, total.y),
                    );
                    let label = if spec.is_compound() { format!("{spec} ◆") } else { spec.to_string() };
                    let response =
                        ui.interact(cell, ui.scope_id().with(("thumbnail", spec.d())), egui::Sense::click());
                    let accessible = label.clone();
                    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &accessible));
                    let texture = self.thumbnails.entry(spec.d()).or_insert_with(|| {
                        let image = export::rasterize(&figure_scene(*spec, &thumbnail_options), pixels);
                        let color = egui::ColorImage::from_rgba_unmultiplied(
                            [image.width() as usize, image.height() as usize],
                            image.as_raw(),
                        );
                        ui.ctx().load_texture(format!("thumbnail-{spec}"), color, TextureOptions::LINEAR)
                    });
                    let image_rect = egui::Rect::from_min_size(
                        cell.center_top() + Vec2::new(-THUMBNAIL_SIZE / 2.0, 0.0),
                        Vec2::splat(THUMBNAIL_SIZE),
                    );
                    let painter = ui.painter();
                    painter.image(texture.id(), image_rect, full_uv(), Color32::WHITE);
                    let selected = spec.d() == self.state.d;
                    let stroke = if selected {
                        egui::Stroke::new(2.5, theme::SELECTED)
                    } else if response.hovered() {
                        egui::Stroke::new(1.5, theme::CANVAS_BORDER)
                    } else {
                        egui::Stroke::new(0.5, theme::CANVAS_BORDER)
                    };
                    painter.rect_stroke(image_rect, 3.0, stroke, egui::StrokeKind::Outside);
                    let text_color =
                        if spec.is_compound() { theme::COMPOUND } else { ui.visuals().text_color() };
                    painter.text(
                        cell.center_bottom() - Vec2::new(0.0, 2.0),
                        egui::Align2::CENTER_BOTTOM,
                        label,
                        egui::FontId::proportional(13.0),
                        text_color,
                    );
                    if response.clicked() {
                        self.state.d = spec.d();
                        self.state.view = StarView::Star;
                    }
                }
            },
        );
    }
}

/// Everything that changes the drawn figure, as text (for cache keys).
fn scene_key(state: &StarPanelState) -> String {
    match state.view {
        StarView::Star => format!(
            "star|{}|{}|{}",
            state.n,
            state.d,
            serde_json::to_string(&state.figure).unwrap_or_default()
        ),
        StarView::Stellar => format!(
            "stellar|{}|{}|{:?}|{:?}",
            state.stellar_points, state.stellar_stage, state.figure.line_color, state.figure.background
        ),
    }
}

/// A grid row with a checkbox that turns an optional colour on or off, and its colour button.
/// With `checked_means_none`, a ticked box means "no colour" (as for a transparent background).
fn optional_color_row(
    ui: &mut egui::Ui,
    label: &str,
    color: &mut Option<curio_core::geom::Color>,
    default: Option<curio_core::geom::Color>,
    checked_means_none: bool,
) {
    let mut checked = color.is_some() != checked_means_none;
    ui.checkbox(&mut checked, label);
    let wanted = checked != checked_means_none;
    match (color.as_mut(), wanted) {
        (Some(value), true) => color_button(ui, value),
        (None, true) => *color = default,
        (_, false) => {
            *color = None;
            ui.label("");
        }
    }
    ui.end_row();
}

fn color_button(ui: &mut egui::Ui, color: &mut curio_core::geom::Color) {
    let mut edited = theme::color32(*color);
    if egui::color_picker::color_edit_button_srgba(ui, &mut edited, egui::color_picker::Alpha::Opaque)
        .changed()
    {
        *color = theme::figure_color(edited);
    }
}

impl Panel for StarPanel {
    fn is_busy(&self) -> bool {
        self.export.is_busy() || self.figure.is_busy() || self.overlay.is_busy()
    }

    fn logic(&mut self, ctx: &egui::Context) {
        self.figure.poll(ctx);
        self.overlay.poll(ctx);
        self.export.poll();
        if self.is_busy() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Star polygon {n/d}");
        ui.horizontal(|ui| {
            ui.label("show");
            ui.selectable_value(&mut self.state.view, StarView::Star, "star polygon");
            ui.selectable_value(&mut self.state.view, StarView::Stellar, "stellar dots");
        });
        ui.separator();
        self.star_controls(ui);
        ui.separator();
        ui.strong("Style");
        self.style_controls(ui);
        ui.separator();
        ui.strong("Stellar numbers S(p, k) = p·k·(k−1) + 1");
        self.stellar_controls(ui);
        ui.separator();
        ui.strong("Export");
        self.export_controls(ui);
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let available = ui.available_rect_before_wrap();
        let show_gallery = self.state.view == StarView::Star && available.height() - GALLERY_HEIGHT >= 220.0;
        let figure_height =
            if show_gallery { available.height() - GALLERY_HEIGHT } else { available.height() };
        let (figure_rect, _) =
            ui.allocate_exact_size(Vec2::new(available.width(), figure_height), egui::Sense::hover());
        self.figure_ui(ui, figure_rect);
        if show_gallery {
            ui.add_space(4.0);
            self.gallery_ui(ui);
        }
    }
}

/// What the star domain adds: `curio star`, its panel.
pub const DOMAIN: Domain = Domain {
    name: "star",
    about: "Star polygons {n/d} and stellar numbers.",
    commands: CommandGroup::of::<curio_cli::star::StarArgs>(),
    panels: &[PanelEntry::of::<StarPanel>()],
    merges: &[],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[],
    opens: &[],
};
