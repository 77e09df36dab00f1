//! Sums of consecutive primes: the write-up's whiteboard triangle (row L: every sum of L
//! consecutive primes, the differences of the cumulative sums; primes up to n green) for a small
//! n, and P(n, k) / pi(n) against n for chosen k; a calculator for P(n, k) up to 10^9 and the
//! ways of writing a number.

use crate::background;
use crate::theme;
use crate::widgets::{Outcome, job_progress, outcome_label};
use ::classics::ClassicsError;
use ::classics::primes::{self, Sieve};
use curio_core::jobs::Job;
use curio_core::progress::NoProgress;
use eframe::egui::{self, Color32, Pos2, Rect, Stroke, Vec2};
use serde::{Deserialize, Serialize};

/// Saved settings of the primes view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PrimesSettings {
    /// n of the triangle.
    pub triangle_limit: u64,
    /// Largest n of the plot.
    pub plot_limit: u64,
    /// The k of each curve, as typed ("2, 3, 11").
    pub curves: String,
    /// n of the calculator.
    pub limit: u64,
    /// k of the calculator.
    pub k: usize,
    /// The number whose representations are listed.
    pub number: u64,
}

impl Default for PrimesSettings {
    fn default() -> Self {
        Self {
            triangle_limit: 60,
            plot_limit: 1_000_000,
            curves: "2, 3, 11".into(),
            limit: primes::LIMIT.default,
            k: 3,
            number: primes::LIMIT.default,
        }
    }
}

/// Largest n of the triangle.
pub const MAX_TRIANGLE: u64 = 250;
/// Largest n of the plot.
pub const MAX_PLOT: u64 = 10_000_000;

impl PrimesSettings {
    pub(super) fn sanitize(&mut self) {
        self.triangle_limit = self.triangle_limit.clamp(5, MAX_TRIANGLE);
        self.plot_limit = self.plot_limit.clamp(1000, MAX_PLOT);
        self.limit = primes::LIMIT.clamp(self.limit);
        self.k = self.k.clamp(1, 1000);
        self.number = primes::LIMIT.clamp(self.number);
    }

    /// The curves' k, or the first entry that is not one.
    pub fn curve_lengths(&self) -> Result<Vec<usize>, String> {
        self.curves
            .split([',', ' '])
            .filter(|part| !part.is_empty())
            .map(|part| match part.parse::<usize>() {
                Ok(k) if (1..=1000).contains(&k) => Ok(k),
                _ => Err(format!("'{part}' is not a k from 1 to 1000")),
            })
            .collect()
    }
}

type Lengths = (u64, Vec<(u32, u32)>);

/// Plotted curves: the limit and the k they were made for, and a curve a k.
type Curves = (u64, Vec<usize>, Vec<Vec<[f64; 2]>>);

/// The primes view's state beyond its settings.
#[derive(Default)]
pub struct PrimesView {
    /// Every prime up to the plot's limit with its longest representation's length.
    pub lengths: Option<Lengths>,
    lengths_job: Option<Job<Result<Lengths, ClassicsError>>>,
    answer: Option<Outcome>,
    /// The plotted curves, for the lengths' limit and the k they were made for.
    curves: Option<Curves>,
    answer_job: Option<Job<Result<String, ClassicsError>>>,
}

impl PrimesView {
    pub(super) fn logic(&mut self, ctx: &egui::Context, settings: &PrimesSettings, shown: bool) {
        match background::finished(&mut self.lengths_job, "P(n, k) curves") {
            Some(Ok(lengths)) => self.lengths = Some(lengths),
            Some(Err(message)) => self.answer = Some(Err(message)),
            None => {}
        }
        if let Some(result) = background::finished(&mut self.answer_job, "count") {
            self.answer = Some(result);
        }
        let stale = self.lengths.as_ref().is_none_or(|(limit, _)| *limit != settings.plot_limit);
        if shown && stale && self.lengths_job.is_none() {
            let limit = settings.plot_limit;
            match background::spawn(ctx, "curio-prime-curves", move |reporter| {
                let sieve = Sieve::new(limit, reporter)?;
                Ok((limit, primes::longest_lengths(&sieve, reporter)?))
            }) {
                Ok(job) => self.lengths_job = Some(job),
                Err(error) => self.answer = Some(Err(format!("cannot start the curves: {error}"))),
            }
        }
    }

    pub(super) fn is_busy(&self) -> bool {
        self.lengths_job.is_some() || self.answer_job.is_some()
    }

    fn start(
        &mut self,
        ctx: &egui::Context,
        work: impl FnOnce(&mut curio_core::jobs::JobReporter) -> Result<String, ClassicsError> + Send + 'static,
    ) {
        match background::spawn(ctx, "curio-primes", work) {
            Ok(job) => self.answer_job = Some(job),
            Err(error) => self.answer = Some(Err(format!("cannot start: {error}"))),
        }
    }

    pub(super) fn controls(&mut self, ui: &mut egui::Ui, settings: &mut PrimesSettings) {
        ui.strong("Sums of consecutive primes");
        ui.label("2011 = 157 + 163 + ... + 211, eleven consecutive primes. How special is that? P(n, k): the primes up to n that are a sum of at least k consecutive primes.");
        egui::Grid::new("classics-primes").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("triangle n");
            ui.add(egui::Slider::new(&mut settings.triangle_limit, 5..=MAX_TRIANGLE)).labelled_by(label.id);
            ui.end_row();
            let label = ui.label("plot up to n");
            ui.add(egui::Slider::new(&mut settings.plot_limit, 1000..=MAX_PLOT).logarithmic(true))
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("curves k");
            ui.add(egui::TextEdit::singleline(&mut settings.curves).desired_width(90.0))
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("n");
            ui.add(egui::DragValue::new(&mut settings.limit).range(primes::LIMIT.range()))
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("k");
            ui.add(egui::DragValue::new(&mut settings.k).range(1..=1000)).labelled_by(label.id);
            ui.end_row();
        });
        if let Err(message) = settings.curve_lengths() {
            ui.colored_label(theme::ERROR, message);
        }
        let idle = self.answer_job.is_none();
        ui.horizontal_wrapped(|ui| {
            let (limit, k) = (settings.limit, settings.k);
            if ui.add_enabled(idle, egui::Button::new("P(n, k)")).clicked() {
                self.start(&ui.ctx().clone(), move |reporter| {
                    let sieve = Sieve::new(limit, reporter)?;
                    let table = primes::table_from(&sieve, k.max(2), reporter)?;
                    let count = table.at_least(k);
                    Ok(format!(
                        "P({limit}, {k}) = {count} of pi({limit}) = {} primes ({:.1}%)",
                        table.primes,
                        100.0 * count as f64 / table.primes as f64
                    ))
                });
            }
            if ui.add_enabled(idle, egui::Button::new("exactly k")).clicked() {
                self.start(&ui.ctx().clone(), move |reporter| {
                    let sieve = Sieve::new(limit, reporter)?;
                    let count = primes::exactly(&sieve, k)?;
                    Ok(format!("{count} primes up to {limit} are a sum of exactly {k} consecutive primes"))
                });
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("number");
            ui.add(egui::DragValue::new(&mut settings.number).range(primes::LIMIT.range()))
                .labelled_by(label.id);
            let number = settings.number;
            if ui.add_enabled(idle, egui::Button::new("Ways")).clicked() {
                self.start(&ui.ctx().clone(), move |reporter| {
                    let ways = primes::representations(number, reporter)?;
                    if ways.is_empty() {
                        return Ok(format!("{number} is not a sum of consecutive primes"));
                    }
                    let lines: Vec<String> = ways
                        .iter()
                        .map(|way| format!("{} + ... + {} ({} primes)", way.first, way.last, way.terms))
                        .collect();
                    Ok(format!("{number} = {}", lines.join("\n  = ")))
                });
            }
        });
        if let Some(job) = &self.answer_job {
            job_progress(ui, job);
        } else if let Some(job) = &self.lengths_job {
            job_progress(ui, job);
        }
        outcome_label(ui, self.answer.as_ref());
    }

    pub(super) fn canvas(&mut self, ui: &mut egui::Ui, rect: Rect, settings: &PrimesSettings) {
        let split = rect.top() + rect.height() * 0.55;
        let triangle = Rect::from_min_max(rect.min, Pos2::new(rect.right(), split - 4.0));
        let plot = Rect::from_min_max(Pos2::new(rect.left(), split + 4.0), rect.max);
        draw_triangle(ui, triangle, settings.triangle_limit);
        let mut plot_ui = ui.new_child(egui::UiBuilder::new().max_rect(plot));
        self.plot_ui(&mut plot_ui, settings);
        ui.allocate_rect(rect, egui::Sense::hover());
    }

    /// P(n, k)/pi(n) against log10 n for each k, from every prime's longest representation.
    fn curve(lengths: &[(u32, u32)], k: usize) -> Vec<[f64; 2]> {
        let mut points = Vec::new();
        let (mut count, mut reached) = (0u64, 0u64);
        let samples = 240;
        let top = (lengths.last().map_or(10, |(p, _)| *p) as f64).log10();
        let mut next = 0;
        for sample in 1..=samples {
            let x = 1.0 + (top - 1.0) * sample as f64 / samples as f64;
            let n = 10f64.powf(x);
            while next < lengths.len() && (lengths[next].0 as f64) <= n {
                count += 1;
                reached += u64::from(lengths[next].1 as usize >= k);
                next += 1;
            }
            if count > 0 {
                points.push([x, reached as f64 / count as f64]);
            }
        }
        points
    }

    fn plot_ui(&mut self, ui: &mut egui::Ui, settings: &PrimesSettings) {
        use egui_plot::{Legend, Line, Plot, PlotPoints};
        let Some((limit, lengths)) = &self.lengths else {
            ui.label("computing the curves…");
            return;
        };
        let ks = settings.curve_lengths().unwrap_or_default();
        // The curves walk every prime up to the limit: made when the limit or the k change.
        if self.curves.as_ref().is_none_or(|(for_limit, for_ks, _)| for_limit != limit || *for_ks != ks) {
            let curves = ks.iter().map(|&k| Self::curve(lengths, k)).collect();
            self.curves = Some((*limit, ks.clone(), curves));
        }
        let curves = &self.curves.as_ref().expect("just made").2;
        let height = ui.available_height();
        Plot::new("classics-primes-plot")
            .height(height)
            .legend(Legend::default())
            .include_y(0.0)
            .include_y(1.0)
            .x_axis_label("log10 n")
            .y_axis_label("P(n, k) / pi(n)")
            .allow_scroll(false)
            .allow_zoom(false)
            .allow_drag(false)
            .allow_boxed_zoom(false)
            .show(ui, |plot| {
                for (index, (&k, points)) in ks.iter().zip(curves).enumerate() {
                    let colour =
                        [theme::SUCCESS, theme::SELECTED, theme::COMPOUND, theme::ERROR, theme::HINT]
                            [index % 5];
                    plot.line(Line::new(format!("k = {k}"), PlotPoints::new(points.clone())).color(colour));
                }
            });
    }
}

/// The whiteboard triangle: row L holds every sum of L consecutive primes up to n, the
/// differences of the cumulative sums; primes up to n in green, sums over n faded.
fn draw_triangle(ui: &egui::Ui, rect: Rect, limit: u64) {
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, theme::CANVAS_BACKGROUND);
    let sieve = Sieve::new(limit.max(2), &mut NoProgress).ok();
    let Some(sieve) = sieve else { return };
    let list: Vec<u64> = sieve.primes_up_to(limit).into_iter().map(u64::from).collect();
    let count = list.len();
    if count == 0 {
        return;
    }
    let mut cumulative = vec![0u64];
    for &p in &list {
        cumulative.push(cumulative.last().copied().unwrap_or(0) + p);
    }
    // Rows while the shortest sum of L primes (the first L) is at most n.
    let rows = (1..=count).take_while(|&length| cumulative[length] <= limit).count().max(1);
    let header = 22.0;
    let cell =
        ((rect.width() - 60.0) / count as f32).min((rect.height() - header - 8.0) / rows as f32).max(2.0);
    let origin = rect.left_top() + Vec2::new(50.0, header);
    let font = egui::FontId::monospace((cell * 0.36).clamp(5.0, 13.0));
    for length in 1..=rows {
        let y = origin.y + (length - 1) as f32 * cell;
        if cell >= 9.0 {
            painter.text(
                Pos2::new(rect.left() + 8.0, y + cell / 2.0),
                egui::Align2::LEFT_CENTER,
                format!("L={length}"),
                egui::FontId::proportional((cell * 0.4).clamp(6.0, 12.0)),
                theme::HINT,
            );
        }
        for start in 0..=count - length {
            let sum = cumulative[start + length] - cumulative[start];
            let x = origin.x + (start as f32 + (length - 1) as f32 / 2.0) * cell;
            let cell_rect = Rect::from_min_size(Pos2::new(x, y), Vec2::splat(cell - 1.0));
            let (fill, text) = if sum > limit {
                (Color32::from_gray(225), Color32::from_gray(170))
            } else if sieve.is_prime(sum) {
                (Color32::from_rgb(0xb8, 0xe0, 0xb0), Color32::BLACK)
            } else {
                (Color32::WHITE, Color32::from_gray(80))
            };
            painter.rect(
                cell_rect,
                1.0,
                fill,
                Stroke::new(0.5, Color32::from_gray(200)),
                egui::StrokeKind::Inside,
            );
            if cell >= 16.0 && sum <= limit * 4 {
                painter.text(
                    cell_rect.center(),
                    egui::Align2::CENTER_CENTER,
                    sum.to_string(),
                    font.clone(),
                    text,
                );
            }
        }
    }
    painter.text(
        rect.left_top() + Vec2::new(8.0, 4.0),
        egui::Align2::LEFT_TOP,
        format!("sums of L consecutive primes up to n = {limit} (green: prime, grey: over n)"),
        egui::FontId::proportional(13.0),
        theme::HINT,
    );
}
