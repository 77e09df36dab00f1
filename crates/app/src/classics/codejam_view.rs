//! Code Jam 2018: each problem's input (the statement's sample to start with) solved in the
//! contest's format, the interactive two played against the judge, and a picture of one case:
//! the stalls splitting level by level, Trouble Sort's passes, the cube's shadow, the gopher's
//! prepared cells, horses on the road, the guesses closing in, the senate emptying, the robot's
//! shots.

use super::{canvas_note, wrapped_text};
use crate::background;
use crate::theme;
use crate::widgets::{Outcome, job_progress, outcome_label};
use ::classics::ClassicsError;
use ::classics::codejam::{
    self, CodeJamProblem, JudgeReport, JudgeSettings, Method, Tokens, Verification, bathroom_stalls, cubic_ufo, go_gopher,
    saving_the_universe_again, senate_evacuation, steed_2_cruise_control, trouble_sort,
};
use curio_core::jobs::Job;
use eframe::egui::{self, Color32, Pos2, Rect, Stroke, Vec2};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Saved settings of the Code Jam view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct CodeJamSettings {
    /// Each problem's input as typed, by key (absent: the sample).
    pub inputs: BTreeMap<String, String>,
    /// Bathroom Stalls: N.
    pub stalls: u64,
    /// Bathroom Stalls: K.
    pub people: u64,
    /// Cubic UFO: the shadow's area.
    pub area: f64,
    /// The judge's seed.
    pub seed: u64,
    /// The judge's test set, 1 or 2.
    pub test_set: u8,
    /// The case of the input the picture shows (0-based).
    pub case: usize,
    /// Whose method solves and plays (problems without it use Curio's).
    pub method: Method,
}

impl Default for CodeJamSettings {
    fn default() -> Self {
        Self { inputs: BTreeMap::new(), stalls: 1000, people: 6, area: 1.5, seed: 1, test_set: codejam::TEST_SET.default, case: 0, method: Method::Curio }
    }
}

impl CodeJamSettings {
    pub(super) fn sanitize(&mut self) {
        self.stalls = self.stalls.clamp(1, bathroom_stalls::MAX_STALLS);
        self.people = self.people.clamp(1, self.stalls);
        self.area = if self.area.is_finite() { self.area.clamp(1.0, cubic_ufo::MAX_AREA) } else { 1.5 };
        self.test_set = codejam::TEST_SET.clamp(self.test_set);
    }

    /// The method for `problem`: the chosen one where the problem has it, else Curio's.
    pub fn method(&self, problem: CodeJamProblem) -> Method {
        if self.method.describe(problem).is_some() { self.method } else { Method::Curio }
    }

    fn input(&self, problem: CodeJamProblem) -> &str {
        self.inputs.get(problem.key()).map_or(problem.sample_input(), String::as_str)
    }
}

/// A game against the judge: the problem, the method that played it and how it went.
type Played = (CodeJamProblem, Method, JudgeReport);

/// The Code Jam view's state beyond its settings.
#[derive(Default)]
pub struct CodeJamView {
    /// The last output, and the problem it belongs to.
    pub output: Option<(CodeJamProblem, Outcome)>,
    /// The last games against the judge.
    pub report: Option<(CodeJamProblem, JudgeReport)>,
    /// The method that played them.
    pub report_method: Method,
    /// A write-up method's answers checked case by case (against Curio's; Cubic UFO: 1e-6).
    pub verification: Option<(CodeJamProblem, Verification)>,
    job: Option<Job<Result<Played, ClassicsError>>>,
    message: Option<Outcome>,
    /// How many of the first case's exchanges the picture shows.
    pub shown: usize,
}

impl CodeJamView {
    pub(super) fn select(&mut self, problem: CodeJamProblem) {
        if self.output.as_ref().is_some_and(|(p, _)| *p != problem) {
            self.output = None;
        }
        self.message = None;
    }

    /// Solves the problem's input (not interactive).
    pub fn solve(&mut self, settings: &CodeJamSettings, problem: CodeJamProblem) {
        let method = settings.method(problem);
        let input = settings.input(problem);
        let result = problem.solve_with(method, input).map_err(|error| error.to_string());
        self.verification = match method {
            Method::Curio => None,
            _ => problem.verify(method, input).ok().map(|verification| (problem, verification)),
        };
        self.output = Some((problem, result));
    }

    /// Plays the judge (interactive problems) in the background.
    pub fn play(&mut self, ctx: &egui::Context, settings: &CodeJamSettings, problem: CodeJamProblem) {
        let judge = JudgeSettings { cases: 20, seed: settings.seed, test_set: settings.test_set };
        let method = settings.method(problem);
        match background::spawn(ctx, "curio-codejam-judge", move |_| {
            codejam::play_against_judge(problem, method, judge).map(|report| (problem, method, report))
        }) {
            Ok(job) => self.job = Some(job),
            Err(error) => self.message = Some(Err(format!("cannot start the judge: {error}"))),
        }
    }

    pub(super) fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    pub(super) fn logic(&mut self) {
        match background::finished(&mut self.job, "judge") {
            Some(Ok((played, method, report))) => {
                self.report_method = method;
                self.message = Some(match &report.verdict {
                    None => Ok(format!("won {} of {} cases against the judge", report.won, report.cases)),
                    Some(verdict) => Err(verdict.clone()),
                });
                self.shown = report.first_case.len();
                self.report = Some((played, report));
            }
            Some(Err(message)) => self.message = Some(Err(message)),
            None => {}
        }
    }

    pub(super) fn controls(
        &mut self,
        ui: &mut egui::Ui,
        settings: &mut CodeJamSettings,
        problem: CodeJamProblem,
    ) {
        ui.strong(format!("Code Jam 2018: {}", problem.title()));
        let methods = problem.methods();
        if methods.len() > 1 {
            let mut method = settings.method(problem);
            ui.horizontal(|ui| {
                let label = ui.label("method");
                egui::ComboBox::from_id_salt("codejam-method")
                    .selected_text(method.key())
                    .show_ui(ui, |ui| {
                        for option in methods {
                            ui.selectable_value(&mut method, option, option.key())
                                .on_hover_text(option.describe(problem).unwrap_or_default());
                        }
                    })
                    .response
                    .labelled_by(label.id);
            });
            if method != settings.method(problem) {
                settings.method = method;
                self.output = None;
                self.verification = None;
            }
            if let Some(description) = method.describe(problem) {
                ui.label(egui::RichText::new(description).color(theme::HINT));
            }
        }
        if problem.is_interactive() {
            ui.label("Interactive: the solver talks to Curio's judge through pipes, line by line, as in the contest.");
            ui.horizontal(|ui| {
                let label = ui.label("seed");
                ui.add(egui::DragValue::new(&mut settings.seed)).labelled_by(label.id);
                let label = ui.label("test set");
                ui.add(egui::DragValue::new(&mut settings.test_set).range(codejam::TEST_SET.range())).labelled_by(label.id);
            });
            if let Some(job) = &self.job {
                job_progress(ui, job);
            } else if ui.button("Play 20 cases against the judge").clicked() {
                self.play(&ui.ctx().clone(), settings, problem);
            }
            if let Some((played, report)) = &self.report
                && *played == problem
            {
                let total = report.first_case.len();
                let label = ui.label("first case, exchanges shown");
                ui.add(egui::Slider::new(&mut self.shown, 0..=total)).labelled_by(label.id);
                let mean =
                    report.exchanges.iter().sum::<usize>() as f64 / report.exchanges.len().max(1) as f64;
                ui.label(format!(
                    "exchanges a case: mean {mean:.1}, worst {}",
                    report.exchanges.iter().max().copied().unwrap_or(0)
                ));
            }
            outcome_label(ui, self.message.as_ref());
            return;
        }
        match problem {
            CodeJamProblem::BathroomStalls => {
                ui.horizontal(|ui| {
                    let label = ui.label("N");
                    ui.add(egui::DragValue::new(&mut settings.stalls).range(1..=bathroom_stalls::MAX_STALLS))
                        .labelled_by(label.id);
                    let label = ui.label("K");
                    ui.add(egui::DragValue::new(&mut settings.people).range(1..=settings.stalls))
                        .labelled_by(label.id);
                });
                ui.horizontal_wrapped(|ui| {
                    if ui.button("N = 10^18, K = 1").clicked() {
                        (settings.stalls, settings.people) = (bathroom_stalls::MAX_STALLS, 1);
                    }
                    if ui.button("K = 2^59 - 1").clicked() {
                        (settings.stalls, settings.people) = (bathroom_stalls::MAX_STALLS, (1 << 59) - 1);
                    }
                });
                let exact = bathroom_stalls::answer(settings.stalls, settings.people);
                let float = bathroom_stalls::float_answer(settings.stalls, settings.people);
                ui.label(format!("answer {} {}", exact.0, exact.1));
                let line = format!("in doubles, as the write-up's Python: {} {}", float.0, float.1);
                if float == exact {
                    ui.label(line);
                } else {
                    ui.colored_label(
                        theme::ERROR,
                        format!("{line}: wrong. Doubles hold 53 bits; N - K and log2(K) round past 2^53."),
                    );
                }
            }
            CodeJamProblem::CubicUfo => {
                let label = ui.label("shadow area");
                ui.add(egui::Slider::new(&mut settings.area, 1.0..=cubic_ufo::MAX_AREA).max_decimals(6))
                    .labelled_by(label.id);
            }
            _ => {}
        }
        if matches!(
            problem,
            CodeJamProblem::TroubleSort
                | CodeJamProblem::Steed2CruiseControl
                | CodeJamProblem::SenateEvacuation
                | CodeJamProblem::SavingTheUniverseAgain
        ) {
            ui.horizontal(|ui| {
                let label = ui.label("case shown");
                let mut shown = settings.case + 1;
                ui.add(egui::DragValue::new(&mut shown).range(1..=100_000)).labelled_by(label.id);
                settings.case = shown - 1;
            });
        }
        let label = ui.label("input (the contest's format)");
        let mut input = settings.input(problem).to_string();
        let edited = ui
            .add(
                egui::TextEdit::multiline(&mut input)
                    .font(egui::TextStyle::Monospace)
                    .desired_rows(6)
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(label.id)
            .changed();
        if edited {
            settings.inputs.insert(problem.key().to_string(), input);
        }
        ui.horizontal(|ui| {
            if ui.button("Solve").clicked() {
                self.solve(settings, problem);
            }
            if ui.button("Sample").clicked() {
                settings.inputs.remove(problem.key());
                self.solve(settings, problem);
            }
        });
        match &self.output {
            Some((solved, Ok(text))) if *solved == problem => {
                let mut shown = text.as_str();
                let label = ui.label("output");
                ui.add(
                    egui::TextEdit::multiline(&mut shown)
                        .font(egui::TextStyle::Monospace)
                        .desired_width(f32::INFINITY),
                )
                .labelled_by(label.id);
            }
            Some((solved, Err(message))) if *solved == problem => {
                ui.colored_label(theme::ERROR, message);
            }
            _ => {}
        }
        if let Some((checked, verification)) = &self.verification
            && *checked == problem
        {
            let line = format!(
                "{} of {} cases right ({})",
                verification.right,
                verification.cases,
                if problem == CodeJamProblem::CubicUfo {
                    format!("largest error {:.1e}; the contest allows 1e-6", verification.worst_error)
                } else {
                    "checked against Curio's answers".to_string()
                }
            );
            let colour = if verification.right == verification.cases { theme::SUCCESS } else { theme::ERROR };
            ui.colored_label(colour, line);
            if let Some((case, got, want)) = &verification.first_wrong {
                let want = if problem == CodeJamProblem::CubicUfo { want.clone() } else { format!("Curio: {want}") };
                ui.colored_label(theme::ERROR, format!("case #{case}: {} ({want})", got.replace('\n', " / ")));
            }
        }
    }

    pub(super) fn canvas(
        &mut self,
        ui: &mut egui::Ui,
        rect: Rect,
        settings: &CodeJamSettings,
        problem: CodeJamProblem,
    ) {
        ui.allocate_rect(rect, egui::Sense::hover());
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 4.0, theme::CANVAS_BACKGROUND);
        let inner = rect.shrink(16.0);
        let input = settings.input(problem);
        let drawn = match problem {
            CodeJamProblem::BathroomStalls => {
                draw_stalls(&painter, inner, settings.stalls, settings.people).is_some()
            }
            CodeJamProblem::TroubleSort => nth_case(input, settings.case, |t| numbers(t, 3))
                .map(|values| draw_trouble_sort(&painter, inner, &values))
                .is_some(),
            CodeJamProblem::CubicUfo => {
                draw_cube(&painter, inner, settings.area);
                true
            }
            CodeJamProblem::Steed2CruiseControl => nth_case(input, settings.case, steed_case)
                .map(|(d, horses)| draw_road(&painter, inner, d, &horses))
                .is_some(),
            CodeJamProblem::SenateEvacuation => nth_case(input, settings.case, |t| numbers(t, 2))
                .map(|senators| draw_senate(&painter, inner, &senators))
                .is_some(),
            CodeJamProblem::SavingTheUniverseAgain => nth_case(input, settings.case, program_case)
                .map(|(d, program)| draw_program(&painter, inner, d, &program))
                .is_some(),
            CodeJamProblem::GoGopher | CodeJamProblem::NumberGuessing => match &self.report {
                Some((played, report)) if *played == problem => {
                    let shown = &report.first_case[..self.shown.min(report.first_case.len())];
                    if problem == CodeJamProblem::GoGopher {
                        draw_gopher(&painter, inner, shown, settings.test_set, self.report_method);
                    } else {
                        draw_guesses(&painter, inner, shown, settings.test_set);
                    }
                    true
                }
                _ => false,
            },
        };
        if !drawn {
            let note = if problem.is_interactive() {
                "play the judge to see the first case"
            } else {
                "the input's first case does not read: Solve says why"
            };
            canvas_note(ui, rect, note);
        }
    }
}

fn caption(painter: &egui::Painter, rect: Rect, text: &str) -> f32 {
    wrapped_text(painter, rect.left_top(), text, painter.clip_rect().right() - rect.left() - 8.0, theme::HINT)
}

/// Case `case` (0-based) of an input, read by `read` after the count of cases; `None` when the
/// input does not read that far.
fn nth_case<T>(input: &str, case: usize, mut read: impl FnMut(&mut Tokens) -> Option<T>) -> Option<T> {
    let mut tokens = Tokens::new(input);
    let cases = tokens.count("T", 1, 100_000).ok()?;
    let mut found = None;
    for _ in 0..=case.min(cases - 1) {
        found = Some(read(&mut tokens)?);
    }
    found
}

/// A count then that many numbers (Trouble Sort, Senate Evacuation).
fn numbers(tokens: &mut Tokens, min: usize) -> Option<Vec<u64>> {
    let count = tokens.count("N", min, 100_000).ok()?;
    (0..count).map(|_| tokens.number("value", 0, 1_000_000_000).ok()).collect()
}

fn steed_case(tokens: &mut Tokens) -> Option<(u64, Vec<steed_2_cruise_control::Horse>)> {
    let distance = tokens.number("D", 2, 1_000_000_000).ok()?;
    let count = tokens.count("N", 1, 1000).ok()?;
    let horses = (0..count)
        .map(|_| {
            let start = tokens.number("K", 0, distance - 1).ok()?;
            let speed = tokens.number("S", 1, 10_000).ok()?;
            Some(steed_2_cruise_control::Horse { start, speed })
        })
        .collect::<Option<Vec<_>>>()?;
    Some((distance, horses))
}

fn program_case(tokens: &mut Tokens) -> Option<(u64, String)> {
    let shield = tokens.number("D", 1, 1_000_000_000).ok()?;
    let (_, program) = tokens.word("P").ok()?;
    (program.len() <= 30 && program.bytes().all(|b| b == b'C' || b == b'S'))
        .then(|| (shield, program.to_string()))
}

/// The runs the stalls split into, level by level; the K-th person's run in orange.
fn draw_stalls(painter: &egui::Painter, rect: Rect, stalls: u64, people: u64) -> Option<()> {
    let levels = bathroom_stalls::levels(stalls, people);
    let level_of_k = 63 - people.leading_zeros() as usize;
    let row = ((rect.height() - 40.0) / levels.len().max(1) as f32).clamp(8.0, 40.0);
    let (high, low) = bathroom_stalls::answer(stalls, people);
    let chosen = high + low + 1;
    let top = rect.top()
        + 8.0
        + caption(
            painter,
            rect,
            &format!(
                "free runs at each level (length × how many); person {people} splits a run of {chosen}: {high} {low}"
            ),
        );
    for (depth, runs) in levels.iter().enumerate() {
        let y = top + depth as f32 * row;
        let seated_before = (1u64 << depth) - 1;
        let total: u64 = runs.iter().map(|(_, count)| count).sum();
        let mut x = rect.left() + 60.0;
        painter.text(
            Pos2::new(rect.left(), y + row / 2.0),
            egui::Align2::LEFT_CENTER,
            format!("level {depth}"),
            egui::FontId::proportional((row * 0.45).clamp(7.0, 12.0)),
            theme::HINT,
        );
        let width = rect.right() - x;
        for &(length, count) in runs {
            let share = (count as f64 / total as f64) as f32 * width;
            let cell = Rect::from_min_size(Pos2::new(x, y), Vec2::new(share.max(2.0) - 2.0, row - 3.0));
            let is_chosen = depth == level_of_k && length == chosen && people > seated_before;
            let fill = if is_chosen { theme::SELECTED } else { Color32::from_rgb(0x9c, 0xb8, 0xd8) };
            painter.rect_filled(cell, 2.0, fill);
            if row >= 14.0 && share > 60.0 {
                painter.text(
                    cell.center(),
                    egui::Align2::CENTER_CENTER,
                    format!("{length} × {count}"),
                    egui::FontId::proportional((row * 0.45).min(13.0)),
                    Color32::BLACK,
                );
            }
            x += share;
        }
    }
    let below = top + 10.0 + levels.len() as f32 * row;
    if below + 90.0 < rect.bottom() {
        let text = "Level j seats 2^j people: the runs left by the 2^j - 1 before them, at most two lengths, the longer taken first. So person K, at level j = floor(log2 K), splits a run of floor((N - K) / 2^j) + 1 stalls.\n\nThe write-up found this formula and lost the 10^18 test: its Python computed log2(K) and (N - K) / 2^j in doubles, which hold 53 bits. Past 2^53 both round (try N = 10^18 with K = 1, or K = 2^59 - 1); in integers the formula is exact.";
        wrapped_text(painter, Pos2::new(rect.left(), below), text, rect.width(), Color32::from_gray(60));
    }
    Some(())
}

/// Each pass of Trouble Sort as a row of bars; the first position out of order in red.
fn draw_trouble_sort(painter: &egui::Painter, rect: Rect, values: &[u64]) {
    let values = &values[..values.len().min(40)];
    let mut passes = trouble_sort::passes(values);
    let total = passes.len();
    if passes.len() > 24 {
        passes.drain(12..passes.len() - 12);
    }
    let error = trouble_sort::first_error(values);
    caption(
        painter,
        rect,
        &format!(
            "{total} passes; result {}",
            error.map_or("sorted: OK".to_string(), |i| format!("out of order at {i}"))
        ),
    );
    let top = values.iter().copied().max().unwrap_or(1).max(1) as f32;
    let row = ((rect.height() - 24.0) / passes.len() as f32).min(110.0);
    let left = rect.left() + 56.0;
    let width = ((rect.right() - left) / values.len() as f32).min(56.0);
    for (pass, list) in passes.iter().enumerate() {
        let base = rect.top() + 24.0 + (pass + 1) as f32 * row - 2.0;
        let name = if pass == 0 { "start".to_string() } else { format!("pass {pass}") };
        painter.text(
            Pos2::new(rect.left(), base - row / 2.0),
            egui::Align2::LEFT_CENTER,
            name,
            egui::FontId::proportional(12.0),
            theme::HINT,
        );
        let last = pass + 1 == passes.len();
        for (index, &value) in list.iter().enumerate() {
            let height = (row - 4.0) * value as f32 / top;
            let bar = Rect::from_min_max(
                Pos2::new(left + index as f32 * width + 1.0, base - height.max(1.0)),
                Pos2::new(left + (index + 1) as f32 * width - 1.0, base),
            );
            let colour = if last && (error == Some(index) || error.map(|i| i + 1) == Some(index)) {
                theme::ERROR
            } else if index % 2 == 0 {
                Color32::from_rgb(0x4a, 0x7e, 0xd8)
            } else {
                Color32::from_rgb(0xe0, 0x8a, 0x2a)
            };
            painter.rect_filled(bar, 0.0, colour);
            if width >= 22.0 && row >= 28.0 {
                painter.text(
                    bar.center_bottom() - Vec2::new(0.0, 2.0),
                    egui::Align2::CENTER_BOTTOM,
                    value.to_string(),
                    egui::FontId::proportional(11.0),
                    Color32::WHITE,
                );
            }
        }
    }
}

/// The turned cube's edges seen along y and its shadow.
fn draw_cube(painter: &egui::Painter, rect: Rect, area: f64) {
    let centres = cubic_ufo::face_centres(area);
    let shadow = cubic_ufo::shadow(&centres);
    let scale = rect.width().min(rect.height() - 30.0) / 2.2;
    let centre = rect.center() + Vec2::new(0.0, 12.0);
    let to_screen = |(x, z): (f64, f64)| centre + Vec2::new(x as f32, -z as f32) * scale;
    let points: Vec<Pos2> = shadow.iter().map(|&p| to_screen(p)).collect();
    painter.add(egui::Shape::convex_polygon(
        points,
        Color32::from_rgba_unmultiplied(40, 40, 60, 90),
        Stroke::new(2.0, Color32::from_gray(60)),
    ));
    let corner = |signs: usize| -> [f64; 3] {
        std::array::from_fn(|axis| {
            (0..3).map(|face| if signs >> face & 1 == 1 { 1.0 } else { -1.0 } * centres[face][axis]).sum()
        })
    };
    for a in 0..8usize {
        for bit in 0..3 {
            let b = a ^ (1 << bit);
            if a < b {
                let (p, q) = (corner(a), corner(b));
                let depth = (p[1] + q[1]) / 2.0;
                let colour = if depth > 0.0 { Color32::from_gray(150) } else { theme::SELECTED };
                painter.line_segment(
                    [to_screen((p[0], p[2])), to_screen((q[0], q[2]))],
                    Stroke::new(1.5, colour),
                );
            }
        }
    }
    caption(
        painter,
        rect,
        &format!("shadow on the xz-plane: area {:.6} (asked {area:.6})", cubic_ufo::polygon_area(&shadow)),
    );
}

/// Position against time: each horse's line to the destination, Annie's (dashed orange) arriving
/// with the last horse.
fn draw_road(painter: &egui::Painter, rect: Rect, distance: u64, horses: &[steed_2_cruise_control::Horse]) {
    let speed = steed_2_cruise_control::fastest_speed(distance, horses);
    let finish = distance as f64 / speed;
    let plot = Rect::from_min_max(
        rect.left_top() + Vec2::new(40.0, 24.0),
        rect.right_bottom() - Vec2::new(10.0, 20.0),
    );
    let at = |time: f64, place: f64| {
        Pos2::new(
            plot.left() + plot.width() * (time / finish) as f32,
            plot.bottom() - plot.height() * (place / distance as f64) as f32,
        )
    };
    painter.line_segment([plot.left_bottom(), plot.right_bottom()], Stroke::new(1.0, theme::HINT));
    painter.line_segment([plot.left_bottom(), plot.left_top()], Stroke::new(1.0, theme::HINT));
    for horse in horses {
        let arrival = (distance - horse.start) as f64 / horse.speed as f64;
        painter.line_segment(
            [
                at(0.0, horse.start as f64),
                at(arrival.min(finish), horse.start as f64 + horse.speed as f64 * arrival.min(finish)),
            ],
            Stroke::new(2.0, Color32::from_rgb(0x6a, 0x4a, 0x2a)),
        );
    }
    painter.line_segment([at(0.0, 0.0), at(finish, distance as f64)], Stroke::new(2.5, theme::SELECTED));
    painter.text(
        plot.left_top() - Vec2::new(36.0, 0.0),
        egui::Align2::LEFT_TOP,
        format!("D={distance}"),
        egui::FontId::proportional(11.0),
        theme::HINT,
    );
    caption(
        painter,
        rect,
        &format!(
            "place against time: horses brown, Annie orange at {speed:.6} (arrives with the last horse at t = {finish:.3})"
        ),
    );
}

/// Senators left in each party after each step of the plan.
fn draw_senate(painter: &egui::Painter, rect: Rect, senators: &[u64]) {
    let senators = &senators[..senators.len().min(26)];
    let steps = senate_evacuation::plan(senators);
    let mut left = senators.to_vec();
    let mut states = vec![left.clone()];
    for step in &steps {
        for letter in step.bytes() {
            left[(letter - b'A') as usize] -= 1;
        }
        states.push(left.clone());
    }
    let states = &states[..states.len().min(60)];
    let total: u64 = senators.iter().sum::<u64>().max(1);
    let column = (rect.width() / states.len() as f32).min(60.0);
    let height = (rect.height() - 60.0).min(total as f32 * 60.0);
    for (index, state) in states.iter().enumerate() {
        let mut y = rect.bottom() - 16.0;
        for (party, &count) in state.iter().enumerate() {
            let h = height * count as f32 / total as f32;
            let hue = party as f32 / state.len() as f32;
            let colour: Color32 = egui::ecolor::Hsva::new(hue, 0.55, 0.85, 1.0).into();
            let block = Rect::from_min_max(
                Pos2::new(rect.left() + index as f32 * column + 1.0, y - h),
                Pos2::new(rect.left() + (index + 1) as f32 * column - 1.0, y),
            );
            painter.rect_filled(block, 0.0, colour);
            if count > 0 && h >= 14.0 && column >= 18.0 {
                let name = format!("{}{count}", (b'A' + party as u8) as char);
                painter.text(
                    block.center(),
                    egui::Align2::CENTER_CENTER,
                    name,
                    egui::FontId::proportional(11.0),
                    Color32::BLACK,
                );
            }
            y -= h;
        }
        if index > 0 && column > 18.0 {
            painter.text(
                Pos2::new(rect.left() + (index as f32 + 0.5) * column, rect.bottom() - 8.0),
                egui::Align2::CENTER_CENTER,
                &steps[index - 1],
                egui::FontId::monospace(10.0),
                Color32::BLACK,
            );
        }
    }
    caption(
        painter,
        rect,
        &format!("senators left after each step (one colour a party): {}", steps.join(" ")),
    );
}

/// The program's shots before and after the fewest swaps.
fn draw_program(painter: &egui::Painter, rect: Rect, shield: u64, program: &str) {
    let after = saving_the_universe_again::fewest_swaps(shield, program);
    let rows: Vec<(&str, String)> = match &after {
        Some((_, changed)) => vec![("before", program.to_string()), ("after", changed.clone())],
        None => vec![("impossible", program.to_string())],
    };
    let cell = (rect.width() / program.len().max(1) as f32).min(40.0);
    for (row, (name, text)) in rows.iter().enumerate() {
        let top = rect.top() + 40.0 + row as f32 * (rect.height() / 2.0 - 10.0);
        let mut strength = 1u64;
        painter.text(
            Pos2::new(rect.left(), top - 16.0),
            egui::Align2::LEFT_TOP,
            format!("{name}: damage {}", saving_the_universe_again::damage(text.as_bytes())),
            egui::FontId::proportional(13.0),
            Color32::BLACK,
        );
        let strongest = (1u64 << program.bytes().filter(|&b| b == b'C').count().min(40)) as f32;
        for (index, letter) in text.bytes().enumerate() {
            let x = rect.left() + index as f32 * cell;
            let box_rect = Rect::from_min_size(Pos2::new(x, top), Vec2::new(cell - 2.0, 18.0));
            let fill = if letter == b'C' { Color32::from_rgb(0x9c, 0xb8, 0xd8) } else { theme::SELECTED };
            painter.rect_filled(box_rect, 2.0, fill);
            painter.text(
                box_rect.center(),
                egui::Align2::CENTER_CENTER,
                (letter as char).to_string(),
                egui::FontId::monospace(12.0),
                Color32::BLACK,
            );
            if letter == b'C' {
                strength = strength.saturating_mul(2);
            } else {
                let h = (rect.height() / 2.0 - 60.0).clamp(4.0, 220.0) * strength as f32 / strongest;
                painter.rect_filled(
                    Rect::from_min_size(Pos2::new(x, top + 22.0), Vec2::new(cell - 2.0, h)),
                    0.0,
                    theme::ERROR,
                );
            }
        }
    }
    caption(
        painter,
        rect,
        &format!(
            "shield {shield}: {}",
            after.map_or("IMPOSSIBLE".to_string(), |(swaps, _)| format!("{swaps} swaps of CS to SC"))
        ),
    );
}

/// The gopher's prepared cells around the planned rectangle, oldest light, newest dark.
fn draw_gopher(painter: &egui::Painter, rect: Rect, cells: &[(i64, i64)], test_set: u8, method: Method) {
    let area = if test_set == 1 { 20 } else { 200 };
    let (top, left, rows, cols) = match method {
        Method::Curio => go_gopher::Planner::new(area).rectangle(),
        Method::WriteUp => go_gopher::Sweep::new(area, 2).rectangle(),
        Method::WriteUpFirst => go_gopher::Sweep::new(area, 1).rectangle(),
    };
    let cell = (rect.width() / (cols + 2) as f32).min((rect.height() - 40.0) / (rows + 2) as f32).min(40.0);
    let origin = rect.center() - Vec2::new(cell * (cols + 2) as f32, cell * (rows + 2) as f32) / 2.0;
    let at = |row: i64, col: i64| {
        Rect::from_min_size(
            origin + Vec2::new((col - left + 1) as f32, (row - top + 1) as f32) * cell,
            Vec2::splat(cell - 1.0),
        )
    };
    for row in top - 1..=top + rows {
        for col in left - 1..=left + cols {
            painter.rect_filled(at(row, col), 0.0, Color32::from_rgb(0xc8, 0xb0, 0x88));
        }
    }
    let total = cells.len().max(1) as f32;
    for (index, &(row, col)) in cells.iter().enumerate() {
        let t = index as f32 / total;
        let colour = Color32::from_rgb(
            (0x50 as f32 + 0x60 as f32 * (1.0 - t)) as u8,
            (0x80 as f32 * (1.0 - t) + 0x30 as f32) as u8,
            0x20,
        );
        painter.rect_filled(at(row, col), 0.0, colour);
    }
    painter.rect_stroke(
        Rect::from_min_max(at(top, left).min, at(top + rows - 1, left + cols - 1).max),
        0.0,
        Stroke::new(2.0, theme::SELECTED),
        egui::StrokeKind::Outside,
    );
    let distinct: std::collections::HashSet<_> = cells.iter().collect();
    caption(
        painter,
        Rect::from_min_size(rect.left_top(), Vec2::ZERO),
        &format!(
            "{} deployments, {} cells prepared of the {} x {} rectangle (orange)",
            cells.len(),
            distinct.len(),
            rows,
            cols
        ),
    );
}

/// Each guess (dots) against the secret (line), on the range of the test set.
fn draw_guesses(painter: &egui::Painter, rect: Rect, guesses: &[(i64, i64)], test_set: u8) {
    let high = if test_set == 1 { 30.0 } else { 1e9 };
    let Some(&(_, secret)) = guesses.first() else {
        caption(painter, rect, "no guesses shown");
        return;
    };
    let plot = Rect::from_min_max(
        rect.left_top() + Vec2::new(10.0, 26.0),
        rect.right_bottom() - Vec2::new(10.0, 10.0),
    );
    let y = |value: f64| plot.bottom() - plot.height() * (value / high) as f32;
    painter.line_segment(
        [Pos2::new(plot.left(), y(secret as f64)), Pos2::new(plot.right(), y(secret as f64))],
        Stroke::new(1.5, theme::SUCCESS),
    );
    let step = plot.width() / 31.0;
    for (index, &(guess, _)) in guesses.iter().enumerate() {
        let point = Pos2::new(plot.left() + (index as f32 + 0.5) * step, y(guess as f64));
        painter.circle_filled(point, 5.0, if guess == secret { theme::SUCCESS } else { theme::SELECTED });
    }
    caption(
        painter,
        rect,
        &format!("secret {secret} (green line); guesses left to right: {}", guesses.len()),
    );
}
