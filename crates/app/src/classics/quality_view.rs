//! Quality of Living: the rank grid as a heatmap, each bisection step's -1/+1 map (cells at most
//! the guess in blue), and the best rectangle.

use crate::theme;
use ::classics::quality::{self, Answer, Grid, Step, Task};
use eframe::egui::{self, Color32, Pos2, Rect, Stroke, Vec2};
use serde::{Deserialize, Serialize};

/// Largest side of the panel's grids.
pub const MAX_SIDE: usize = 80;

/// Saved settings of the Quality of Living view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct QualitySettings {
    /// Rows of the random grid.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Rectangle height (odd).
    pub height: usize,
    /// Rectangle width (odd).
    pub width: usize,
    /// Seed of the random grid; 0: the statement's first example.
    pub seed: u64,
    /// The bisection step shown; past the last: the ranks.
    pub step: usize,
}

impl Default for QualitySettings {
    fn default() -> Self {
        Self { rows: 5, cols: 5, height: 3, width: 3, seed: 0, step: usize::MAX }
    }
}

impl QualitySettings {
    pub(super) fn sanitize(&mut self) {
        self.rows = self.rows.clamp(1, MAX_SIDE);
        self.cols = self.cols.clamp(1, MAX_SIDE);
        self.height = odd_at_most(self.height, self.rows);
        self.width = odd_at_most(self.width, self.cols);
    }

    fn task(&self) -> Task {
        if self.seed == 0 {
            return quality::statement_examples()[0].0.clone();
        }
        let grid = Grid::random(self.rows, self.cols, self.seed).expect("the sides are sanitized");
        Task::new(grid, self.height, self.width).expect("the rectangle is sanitized")
    }
}

fn odd_at_most(value: usize, limit: usize) -> usize {
    let value = value.clamp(1, limit);
    if value % 2 == 1 { value } else { value - 1 }
}

/// The Quality of Living view's state beyond its settings.
#[derive(Default)]
pub struct QualityView {
    key: Option<QualitySettings>,
    /// The task shown.
    pub task: Option<Task>,
    /// Its bisection steps.
    pub steps: Vec<Step>,
    /// Its answer.
    pub answer: Option<Answer>,
}

impl QualityView {
    pub(super) fn new(settings: &QualitySettings) -> Self {
        let mut view = Self::default();
        view.refresh(settings);
        view
    }

    fn refresh(&mut self, settings: &QualitySettings) {
        let mut key = settings.clone();
        key.step = 0;
        if self.key.as_ref() == Some(&key) {
            return;
        }
        let task = settings.task();
        let mut steps = Vec::new();
        self.answer = Some(quality::solve(&task, Some(&mut steps)));
        self.steps = steps;
        self.task = Some(task);
        self.key = Some(key);
    }

    pub(super) fn controls(&mut self, ui: &mut egui::Ui, settings: &mut QualitySettings) {
        ui.strong("Quality of Living (IOI 2010)");
        ui.label("The H x W rectangle with the smallest median rank, by bisection on the median: each guess marks cells at most it -1, the rest +1; a rectangle summing below 0 has its median at most the guess.");
        egui::Grid::new("classics-quality").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("rows x columns");
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut settings.rows).range(1..=MAX_SIDE)).labelled_by(label.id);
                ui.add(egui::DragValue::new(&mut settings.cols).range(1..=MAX_SIDE)).labelled_by(label.id);
            });
            ui.end_row();
            let label = ui.label("H x W");
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut settings.height).range(1..=settings.rows))
                    .labelled_by(label.id);
                ui.add(egui::DragValue::new(&mut settings.width).range(1..=settings.cols))
                    .labelled_by(label.id);
            });
            ui.end_row();
            let label = ui.label("seed (0: example)");
            ui.add(egui::DragValue::new(&mut settings.seed)).labelled_by(label.id);
            ui.end_row();
        });
        settings.sanitize();
        if settings.seed == 0 {
            (settings.rows, settings.cols, settings.height, settings.width) = (5, 5, 3, 3);
        }
        self.refresh(settings);
        ui.horizontal_wrapped(|ui| {
            if ui.button("Statement example").clicked() {
                settings.seed = 0;
            }
            if ui.button("Random grid").clicked() {
                settings.seed += 1;
                if settings.rows == 5 && settings.cols == 5 {
                    (settings.rows, settings.cols, settings.height, settings.width) = (24, 32, 5, 7);
                }
            }
        });
        let last = self.steps.len();
        let label = ui.label("bisection step");
        ui.add(egui::Slider::new(&mut settings.step, 0..=last).custom_formatter(move |value, _| {
            if value as usize >= last { "ranks".into() } else { format!("{}", value as usize + 1) }
        }))
        .labelled_by(label.id);
        for (index, step) in self.steps.iter().enumerate() {
            let text = format!(
                "{}. guess {} in {}..={}: {}",
                index + 1,
                step.guess,
                step.low,
                step.high,
                if step.reached { "reached, go lower" } else { "not reached, go higher" }
            );
            if ui.selectable_label(settings.step == index, text).clicked() {
                settings.step = index;
            }
        }
        if let Some(answer) = self.answer {
            ui.colored_label(
                theme::SUCCESS,
                format!("smallest median {} at row {}, column {}", answer.median, answer.row, answer.col),
            );
        }
    }

    pub(super) fn canvas(&mut self, ui: &mut egui::Ui, rect: Rect, settings: &QualitySettings) {
        self.refresh(settings);
        let (Some(task), Some(answer)) = (&self.task, self.answer) else { return };
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 4.0, theme::CANVAS_BACKGROUND);
        let grid = &task.grid;
        let header = 24.0;
        let cell = ((rect.width() - 20.0) / grid.cols as f32)
            .min((rect.height() - header - 10.0) / grid.rows as f32)
            .max(1.0);
        let origin = Pos2::new(rect.center().x - cell * grid.cols as f32 / 2.0, rect.top() + header);
        let step = self.steps.get(settings.step);
        let cells = (grid.rows * grid.cols) as f32;
        for row in 0..grid.rows {
            for col in 0..grid.cols {
                let rank = grid.rank(row, col);
                let cell_rect = Rect::from_min_size(
                    origin + Vec2::new(col as f32, row as f32) * cell,
                    Vec2::splat(cell - 0.5),
                );
                let fill = match step {
                    Some(step) if rank <= step.guess => Color32::from_rgb(0x4a, 0x7e, 0xd8),
                    Some(_) => Color32::from_rgb(0xf0, 0xe6, 0xd2),
                    None => {
                        let t = (rank as f32 - 1.0) / (cells - 1.0).max(1.0);
                        Color32::from_rgb(
                            (40.0 + 200.0 * t) as u8,
                            (170.0 - 90.0 * t) as u8,
                            (90.0 + 40.0 * (1.0 - t)) as u8,
                        )
                    }
                };
                painter.rect_filled(cell_rect, 0.0, fill);
                if cell >= 22.0 {
                    let text = match step {
                        Some(step) => {
                            if rank <= step.guess {
                                "-1".to_string()
                            } else {
                                "+1".to_string()
                            }
                        }
                        None => rank.to_string(),
                    };
                    let colour = if step.is_some_and(|s| rank <= s.guess) || step.is_none() {
                        Color32::WHITE
                    } else {
                        Color32::from_gray(90)
                    };
                    painter.text(
                        cell_rect.center(),
                        egui::Align2::CENTER_CENTER,
                        text,
                        egui::FontId::proportional((cell * 0.38).min(16.0)),
                        colour,
                    );
                }
            }
        }
        let best = Rect::from_min_size(
            origin + Vec2::new(answer.col as f32, answer.row as f32) * cell,
            Vec2::new(task.width as f32, task.height as f32) * cell,
        );
        painter.rect_stroke(best, 0.0, Stroke::new(3.0, theme::ERROR), egui::StrokeKind::Outside);
        let caption = match step {
            Some(step) => format!(
                "guess {}: blue cells rank at most it (-1); {}",
                step.guess,
                if step.reached { "some rectangle sums below 0" } else { "no rectangle sums below 0" }
            ),
            None => format!(
                "ranks (green best); red: the best {} x {} rectangle, median {}",
                task.height, task.width, answer.median
            ),
        };
        super::wrapped_text(
            &painter,
            rect.left_top() + Vec2::new(10.0, 5.0),
            &caption,
            rect.width() - 20.0,
            theme::HINT,
        );
        ui.allocate_rect(rect, egui::Sense::hover());
    }
}
