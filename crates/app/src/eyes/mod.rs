//! The eyes panel: eyes that follow the pointer anywhere on the window (pupils kept inside
//! their eyes), blink now and then, each on its own time; a click adds an eye there, a
//! right-click on one takes it away.

use crate::domain::Domain;
use crate::panels::{Family, Panel, PanelEntry, PanelType, Settings};
use crate::theme;
use curio_cli::facets::CommandGroup;
use eframe::egui::{self, Color32, Pos2, Shape, Stroke, Vec2};
use eyes::{Eye, RADIUS};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Persisted settings of the eyes panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EyesPanelState {
    /// The eyes: centres as shares of the canvas (0 to 1 across and down), radii in points.
    /// Empty: a pair in the middle.
    pub eyes: Vec<Eye>,
    /// The radius of an eye a click adds, in points.
    pub radius: f64,
    /// The seed of the blinks.
    pub seed: u64,
}

impl Default for EyesPanelState {
    fn default() -> Self {
        Self { eyes: Vec::new(), radius: RADIUS.default, seed: 1 }
    }
}

impl Settings for EyesPanelState {
    fn sanitize(&mut self) {
        self.radius = RADIUS.clamp(self.radius);
        self.eyes.retain(|eye| eye.center.iter().all(|share| (0.0..=1.0).contains(share)) && eye.radius.is_finite());
        self.eyes.truncate(eyes::MAX_EYES);
        for eye in &mut self.eyes {
            eye.radius = RADIUS.clamp(eye.radius);
        }
    }
}

/// The eyes panel.
pub struct EyesPanel {
    /// Persisted settings.
    pub state: EyesPanelState,
    /// Where the eyes last looked, in canvas points (for tests and the status line).
    pub look: Option<[f64; 2]>,
}

impl PanelType for EyesPanel {
    const KEY: &'static str = "eyes";
    const TITLE: &'static str = "Eyes";
    const FAMILY: Family = Family::Toys;
    type State = EyesPanelState;

    fn new(state: EyesPanelState, _gpu_adapter: Option<&str>) -> Self {
        Self { state, look: None }
    }

    fn state(&self) -> &EyesPanelState {
        &self.state
    }
}

impl EyesPanel {
    /// The eyes in canvas points for a canvas of `size` (a pair in the middle when there are none).
    pub fn eyes_in(&self, size: Vec2) -> Vec<Eye> {
        let (width, height) = (f64::from(size.x), f64::from(size.y));
        if self.state.eyes.is_empty() {
            let radius = self.state.radius.min(width / 4.5).min(height / 2.2).max(RADIUS.min);
            return eyes::row(2, width, height, radius);
        }
        self.state
            .eyes
            .iter()
            .map(|eye| Eye { center: [eye.center[0] * width, eye.center[1] * height], radius: eye.radius })
            .collect()
    }

    /// Keeps the eyes shown in a canvas of `size` as the panel's own (the default pair, laid out
    /// for the canvas, becomes two stored eyes).
    fn keep_shown(&mut self, size: Vec2) {
        if self.state.eyes.is_empty() {
            let (width, height) = (f64::from(size.x).max(1.0), f64::from(size.y).max(1.0));
            self.state.eyes = self
                .eyes_in(size)
                .into_iter()
                .map(|eye| Eye { center: [eye.center[0] / width, eye.center[1] / height], radius: eye.radius })
                .collect();
        }
    }

    /// Adds an eye at `at`, canvas points in a canvas of `size`.
    pub fn add_eye(&mut self, at: [f64; 2], size: Vec2) {
        if self.state.eyes.len() >= eyes::MAX_EYES {
            return;
        }
        self.keep_shown(size);
        let (width, height) = (f64::from(size.x).max(1.0), f64::from(size.y).max(1.0));
        let share = [(at[0] / width).clamp(0.0, 1.0), (at[1] / height).clamp(0.0, 1.0)];
        self.state.eyes.push(Eye { center: share, radius: self.state.radius });
    }

    /// Takes away the topmost eye under `at` (canvas points); the last one stays.
    pub fn remove_eye(&mut self, at: [f64; 2], size: Vec2) {
        let shown = self.eyes_in(size);
        if shown.len() <= 1 {
            return;
        }
        if let Some(index) = shown.iter().rposition(|eye| eye.contains(at)) {
            self.keep_shown(size);
            self.state.eyes.remove(index);
        }
    }
}

impl Panel for EyesPanel {
    fn is_busy(&self) -> bool {
        false
    }

    fn logic(&mut self, _ctx: &egui::Context) {}

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Eyes");
        ui.label("They follow the pointer anywhere on the window. Click to add an eye; right-click one to take it away.");
        ui.separator();
        egui::Grid::new("eyes-settings").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("new eye size");
            ui.add(egui::Slider::new(&mut self.state.radius, RADIUS.range()).logarithmic(true).suffix(" pt"))
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("blink seed");
            ui.add(egui::DragValue::new(&mut self.state.seed)).labelled_by(label.id);
            ui.end_row();
        });
        ui.horizontal(|ui| {
            if ui.button("Reset").clicked() {
                self.state.eyes.clear();
            }
            let count = if self.state.eyes.is_empty() { 2 } else { self.state.eyes.len() };
            ui.label(format!("{count} eyes"));
        });
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let Some(rect) = crate::panels::canvas_rect(ui) else { return };
        let response = ui.allocate_rect(rect, egui::Sense::click());
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 4.0, theme::CANVAS_BACKGROUND);
        let to_canvas = |pos: Pos2| [f64::from(pos.x - rect.min.x), f64::from(pos.y - rect.min.y)];
        if let Some(pos) = response.interact_pointer_pos() {
            if response.clicked() {
                self.add_eye(to_canvas(pos), rect.size());
            } else if response.secondary_clicked() {
                self.remove_eye(to_canvas(pos), rect.size());
            }
        }
        // The pointer anywhere on the window (its last place once it leaves).
        if let Some(pos) = ui.ctx().input(|input| input.pointer.latest_pos()) {
            self.look = Some(to_canvas(pos));
        }
        let seconds = ui.ctx().input(|input| input.time);
        let shown = self.eyes_in(rect.size());
        let at = |[x, y]: [f64; 2]| rect.min + Vec2::new(x as f32, y as f32);
        let outline = Color32::from_rgb(0x30, 0x30, 0x38);
        for (index, eye) in shown.iter().enumerate() {
            let radius = eye.radius as f32;
            let center = at(eye.center);
            let open = eyes::openness(seconds, index, self.state.seed) as f32;
            // A blink closes the eye from above and below: an ellipse as tall as it is open.
            let half_height = (radius * open).max(radius * 0.06);
            painter.add(Shape::ellipse_filled(center, Vec2::new(radius, half_height), Color32::WHITE));
            if open > 0.35 {
                let look = self.look.unwrap_or(eye.center);
                let pupil = at(eye.pupil(look));
                let pupil_radius = radius * eyes::PUPIL as f32;
                painter.add(Shape::ellipse_filled(
                    Pos2::new(pupil.x, center.y + (pupil.y - center.y) * open),
                    Vec2::new(pupil_radius, pupil_radius * open.min(1.0)),
                    Color32::from_rgb(0x20, 0x20, 0x28),
                ));
                painter.circle_filled(
                    Pos2::new(pupil.x - pupil_radius * 0.35, center.y + (pupil.y - center.y) * open - pupil_radius * 0.35),
                    pupil_radius * 0.22,
                    Color32::from_white_alpha(200),
                );
            }
            painter.add(Shape::ellipse_stroke(
                center,
                Vec2::new(radius, half_height),
                Stroke::new((radius * 0.06).max(1.0), outline),
            ));
        }
        let wait = eyes::next_change(seconds, shown.len(), self.state.seed);
        ui.ctx().request_repaint_after(Duration::from_secs_f64(wait));
    }
}

/// What the eyes add: `curio eyes`, their panel.
pub const DOMAIN: Domain = Domain {
    name: "eyes",
    about: "Eyes that follow the pointer and blink now and then; draw them looking anywhere.",
    commands: CommandGroup::of::<curio_cli::eyes::EyesArgs>(),
    panels: &[PanelEntry::of::<EyesPanel>()],
    merges: &[],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[],
    opens: &[],
};
