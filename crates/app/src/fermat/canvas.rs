//! The Fermat panel's canvas: `VIEW` in the largest square that fits, the distance field under
//! the figure, and handles to drag the vertices (or points, which a click adds and a right-click
//! removes).

use super::{FermatMode, FermatPanel, MAX_POINTS, VIEW};
use super::field::{self, FieldCallback, FieldUniforms};
use crate::theme;
use crate::widgets::RasterWork;
use curio_core::export;
use ::fermat::{self, FieldStyle, WeightedPoint};
use curio_core::geom::{Point, Scene};
use eframe::egui::{self, Vec2};

/// Radius of a handle's grip, in points.
const HANDLE_RADIUS: f32 = 10.0;

/// Maps between model space (`VIEW`, y up) and a square on screen (y down).
#[derive(Clone, Copy)]
pub(super) struct ScreenFromModel {
    square: egui::Rect,
}

impl ScreenFromModel {
    fn to_screen(self, point: Point) -> egui::Pos2 {
        let x = (point.x - VIEW.min.x) / VIEW.width();
        let y = (VIEW.max.y - point.y) / VIEW.height();
        self.square.min + Vec2::new(x as f32, y as f32) * self.square.width()
    }

    fn to_model(self, position: egui::Pos2) -> Point {
        let relative = (position - self.square.min) / self.square.width();
        let x = VIEW.min.x + f64::from(relative.x) * VIEW.width();
        let y = VIEW.max.y - f64::from(relative.y) * VIEW.height();
        Point::new(x.clamp(VIEW.min.x, VIEW.max.x), y.clamp(VIEW.min.y, VIEW.max.y))
    }
}

impl FermatPanel {
    /// Draws the canvas and handles its input.
    pub(super) fn canvas(&mut self, ui: &mut egui::Ui) {
        let available = ui.available_rect_before_wrap();
        ui.allocate_rect(available, egui::Sense::hover());
        let painter = ui.painter_at(available);
        painter.rect_filled(available, 4.0, theme::CANVAS_BACKGROUND);
        let side = available.width().min(available.height()) - 8.0;
        if side < 16.0 {
            return;
        }
        let square = egui::Rect::from_center_size(available.center(), Vec2::splat(side));
        let transform = ScreenFromModel { square };
        let background = ui.interact(square, ui.scope_id().with("fermat-canvas"), egui::Sense::click());
        let ctx = ui.ctx().clone();
        let pixels = ((side * ctx.pixels_per_point()) / 8.0).round().max(2.0) as u32 * 8;
        if self.state.heatmap {
            self.field_ui(&ctx, &painter, square, pixels);
        } else {
            painter.rect_filled(square, 0.0, egui::Color32::WHITE);
        }
        self.figure_ui(&ctx, &painter, square, pixels);
        self.lengths_ui(&painter, transform);
        self.handles_ui(ui, transform);
        if self.state.mode == FermatMode::Median
            && background.clicked()
            && self.state.points.len() < MAX_POINTS
            && let Some(position) = background.interact_pointer_pos()
        {
            let point = transform.to_model(position);
            self.state.points.push([point.x, point.y, 1.0]);
        }
    }

    /// The distance field under the figure: the shader, or the CPU picture without a GPU (or
    /// with more points than the shader takes).
    fn field_ui(&mut self, ctx: &egui::Context, painter: &egui::Painter, square: egui::Rect, pixels: u32) {
        let points = self.state.field_points();
        let Some(minimum) = field_minimum(&points) else {
            painter.rect_filled(square, 0.0, egui::Color32::WHITE);
            return;
        };
        let style = FieldStyle::spanning(&points, VIEW, minimum, self.state.isolines);
        if self.gpu_adapter.is_some()
            && let Some(uniforms) = FieldUniforms::new(&points, VIEW, &style)
        {
            field::paint(painter, FieldCallback { rect: square, uniforms });
            return;
        }
        // Half resolution: the field is smooth, and the CPU sums every point at every pixel.
        let size = (pixels / 2).max(1);
        let key = format!("{size}|{}|{points:?}", self.state.isolines);
        self.field.ensure(ctx, key, || {
            let cost = size as usize * size as usize * points.len() / 8;
            let work: RasterWork = Box::new(move || fermat::field_image(&points, VIEW, size, size, &style));
            (cost, work)
        });
        self.field.paint(painter, square);
    }

    /// The figure over the field, rasterized from the same scene Export writes (in `VIEW`).
    fn figure_ui(&mut self, ctx: &egui::Context, painter: &egui::Painter, square: egui::Rect, pixels: u32) {
        let opaque = !self.state.heatmap;
        let state = &self.state;
        let key = format!("{pixels}|{:?}|{:?}|{:?}|{opaque}", state.mode, state.vertices, state.points)
            + &format!("{:?}", state.layers);
        // The scene is built only when the key changed (a point moved, a layer switched).
        self.figure.ensure(ctx, key, || {
            let scene = match state.mode {
                FermatMode::Triangle => {
                    let vertices = state.triangle();
                    fermat::fermat_point(vertices)
                        .ok()
                        .map(|result| fermat::triangle_scene(vertices, &result, state.layers, VIEW, opaque))
                }
                FermatMode::Median => {
                    let points = state.weighted_points();
                    fermat::geometric_median(&points)
                        .ok()
                        .map(|median| fermat::median_scene(&points, &median, VIEW, opaque))
                }
            };
            // Without a figure (a degenerate triangle, all weights 0: the controls say why)
            // the texture is cleared and the handles below mark the points.
            let cost = scene.as_ref().map_or(0, Scene::point_count);
            let work: RasterWork = Box::new(move || match scene {
                Some(scene) => export::rasterize(&scene, pixels),
                None => image::RgbaImage::new(1, 1),
            });
            (cost, work)
        });
        self.figure.paint(painter, square);
    }

    /// The integer lengths of a Torricelli triangle picked from the table: each side at its
    /// middle, each distance from the point halfway along its spoke.
    fn lengths_ui(&self, painter: &egui::Painter, transform: ScreenFromModel) {
        let Some(t) = self.state.torricelli_shown else { return };
        if self.state.mode != FermatMode::Triangle {
            return;
        }
        let [a, b, c] = self.state.triangle();
        let Ok(result) = fermat::fermat_point([a, b, c]) else { return };
        let font = egui::FontId::proportional(14.0);
        let labels = [
            ((b + c) * 0.5, format!("a = {}", t.a)),
            ((c + a) * 0.5, format!("b = {}", t.b)),
            ((a + b) * 0.5, format!("c = {}", t.c)),
            ((result.point + a) * 0.5, format!("p = {}", t.p)),
            ((result.point + b) * 0.5, format!("q = {}", t.q)),
            ((result.point + c) * 0.5, format!("r = {}", t.r)),
        ];
        for (at, text) in labels {
            let position = transform.to_screen(at);
            let galley = painter.layout_no_wrap(text, font.clone(), theme::LENGTH_LABEL);
            let rect = egui::Align2::CENTER_CENTER.anchor_size(position, galley.size()).expand(2.0);
            painter.rect_filled(rect, 3.0, theme::LENGTH_LABEL_BACKGROUND);
            painter.galley(rect.min + Vec2::splat(2.0), galley, theme::LENGTH_LABEL);
        }
    }

    /// Draggable handles on the vertices (or points); in median mode a right-click removes one.
    fn handles_ui(&mut self, ui: &mut egui::Ui, transform: ScreenFromModel) {
        let positions: Vec<Point> = match self.state.mode {
            FermatMode::Triangle => self.state.triangle().to_vec(),
            FermatMode::Median => self.state.weighted_points().iter().map(|item| item.point).collect(),
        };
        let mut remove = None;
        let no_figure = !self.has_figure();
        for (index, position) in positions.into_iter().enumerate() {
            let center = transform.to_screen(position);
            let name = match self.state.mode {
                FermatMode::Triangle => format!("vertex {}", ["A", "B", "C"][index]),
                FermatMode::Median => format!("point {}", index + 1),
            };
            let rect = egui::Rect::from_center_size(center, Vec2::splat(2.0 * HANDLE_RADIUS));
            let response = ui.interact(
                rect,
                ui.scope_id().with(("fermat-handle", index)),
                egui::Sense::click_and_drag(),
            );
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
            if no_figure {
                ui.painter().circle_filled(center, 4.0, theme::ERROR);
            }
            if response.hovered() || response.dragged() {
                ui.painter().circle_stroke(center, HANDLE_RADIUS, egui::Stroke::new(2.0, theme::SELECTED));
            }
            if response.dragged() {
                let moved = transform.to_model(center + response.drag_delta());
                match self.state.mode {
                    FermatMode::Triangle => {
                        self.state.vertices[index] = [moved.x, moved.y];
                        self.state.torricelli_shown = None;
                    }
                    FermatMode::Median => {
                        self.state.points[index][0] = moved.x;
                        self.state.points[index][1] = moved.y;
                    }
                }
            }
            if self.state.mode == FermatMode::Median && response.secondary_clicked() {
                remove = Some(index);
            }
        }
        if let Some(index) = remove
            && self.state.points.len() > 1
        {
            self.state.points.remove(index);
        }
    }
}

impl FermatPanel {
    /// True when the points make a figure: a proper triangle, or weights not all 0.
    fn has_figure(&self) -> bool {
        match self.state.mode {
            FermatMode::Triangle => fermat::fermat_point(self.state.triangle()).is_ok(),
            FermatMode::Median => self.state.points.iter().any(|point| point[2] > 0.0),
        }
    }
}

/// The least value of the field, at the points' weighted median (for a triangle's vertices, its
/// Fermat point); `None` when every weight is 0.
fn field_minimum(points: &[WeightedPoint]) -> Option<f64> {
    fermat::geometric_median(points).ok().map(|median| median.sum)
}
