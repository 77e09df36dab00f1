//! The Towers of Hanoi panel: the pegs and disks, moved by hand (drag a disk to a peg; only
//! legal moves) or played from an optimal solution (play, pause, step, speed) to a target peg,
//! with a move counter against the optimum from the start; beside them the state graph (3 pegs:
//! the Sierpiński triangle of all positions, each coloured by its distance from the current one,
//! the remaining path marked) or, for more pegs, the distances of every position from the current
//! one by a background search; and the Frame–Stewart table against search.

use crate::domain::{Domain};
use curio_cli::facets::CommandGroup;
use curio_cli::fuzz::Target;
use crate::panels::PanelEntry;
use crate::panels::{Family, Panel, PanelType, Settings};
use crate::widgets::{FigureExport, Outcome, job_progress, outcome_label};
use crate::{background, theme};
use ::hanoi::search::SearchReport;
use ::hanoi::{HanoiError, Move, Position, figure, frame_stewart, search, three};
use curio_core::jobs::Job;
use eframe::egui::{self, Pos2, Rect, Stroke, Vec2};
use serde::{Deserialize, Serialize};
use std::time::Instant;

/// Most disks the panel shows.
pub const MAX_PANEL_DISKS: usize = 12;
/// Most disks of the 3-peg graph (3^8 = 6,561 positions).
pub const MAX_GRAPH_DISKS: usize = 8;
/// Most positions of the graph drawn for more pegs (6 pegs and 4 disks: 1,296).
pub const MAX_SMALL_GRAPH_POSITIONS: u64 = 1296;

/// Persisted settings of the Hanoi panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct HanoiPanelState {
    /// Pegs, 3 to 16.
    pub pegs: usize,
    /// Disks, 1 to [`MAX_PANEL_DISKS`].
    pub disks: usize,
    /// The position on the pegs, in text form.
    pub position: String,
    /// The position the move counter counts from.
    pub start: String,
    /// Moves made since the start.
    pub moves_made: u64,
    /// The peg "Solve" builds the tower on.
    pub target: u8,
    /// A goal position for "Solve" instead of the target tower (text form; empty: the tower).
    pub goal: String,
    /// Moves a second when playing.
    pub speed: f32,
    /// What Export draws.
    pub export_what: ExportWhat,
    /// Where Export writes.
    pub export_path: String,
    /// PNG size of exports (longest side, pixels).
    pub export_size: u32,
}

/// What the panel's Export draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExportWhat {
    /// The pegs and disks.
    #[default]
    Disks,
    /// The 3-peg state graph.
    Graph,
    /// The Frame–Stewart table.
    Table,
}

impl Default for HanoiPanelState {
    fn default() -> Self {
        Self {
            pegs: hanoi::PEGS.default,
            disks: 5,
            position: "00000".into(),
            start: "00000".into(),
            moves_made: 0,
            target: 2,
            goal: String::new(),
            speed: 4.0,
            export_what: ExportWhat::Disks,
            export_path: "hanoi.svg".into(),
            export_size: 1600,
        }
    }
}

impl Settings for HanoiPanelState {
    fn sanitize(&mut self) {
        self.pegs = hanoi::PEGS.clamp(self.pegs);
        self.disks = self.disks.clamp(1, MAX_PANEL_DISKS);
        self.target = self.target.min(self.pegs as u8 - 1);
        self.speed = if self.speed.is_finite() { self.speed.clamp(0.5, 100.0) } else { 4.0 };
        self.export_size = self.export_size.clamp(1, curio_core::export::MAX_PNG_SIZE);
        if Position::parse(&self.position, self.pegs, self.disks).is_err()
            || Position::parse(&self.start, self.pegs, self.disks).is_err()
        {
            self.position = "0".repeat(self.disks);
            self.start = self.position.clone();
            self.moves_made = 0;
        }
    }
}

/// The Hanoi panel.
pub struct HanoiPanel {
    /// Persisted settings.
    pub state: HanoiPanelState,
    /// The position on the pegs.
    pub position: Position,
    /// The moves of the solution being played, and how many are made.
    pub plan: Vec<Move>,
    planned: usize,
    /// Whether the solution plays by itself.
    pub playing: bool,
    last_step: Option<Instant>,
    /// The disk held by a drag, and the peg it came from.
    held: Option<(u8, u8)>,
    setup: String,
    /// The last outcome.
    pub message: Option<Outcome>,
    path_job: Option<Job<Result<Vec<Move>, HanoiError>>>,
    search_job: Option<Job<Result<SearchReport, HanoiError>>>,
    board: Option<Rect>,
    /// The last search from the current position (more than 3 pegs).
    pub report: Option<SearchReport>,
    table_job: Option<Job<Result<Vec<Option<u64>>, HanoiError>>>,
    /// The searched optimum of each n, tower to tower, once computed.
    pub searched: Option<(usize, Vec<Option<u64>>)>,
    export: FigureExport,
}

impl PanelType for HanoiPanel {
    const KEY: &'static str = "hanoi";
    const TITLE: &'static str = "Towers of Hanoi";
    const FAMILY: Family = Family::Puzzles;
    type State = HanoiPanelState;

    fn new(state: HanoiPanelState, _gpu_adapter: Option<&str>) -> Self {
        let position = Position::parse(&state.position, state.pegs, state.disks)
            .unwrap_or_else(|_| Position::tower(state.pegs, state.disks, 0));
        Self {
            state,
            position,
            plan: Vec::new(),
            planned: 0,
            playing: false,
            last_step: None,
            held: None,
            setup: String::new(),
            message: None,
            path_job: None,
            search_job: None,
            board: None,
            report: None,
            table_job: None,
            searched: None,
            export: FigureExport::default(),
        }
    }

    fn state(&self) -> &HanoiPanelState {
        &self.state
    }
}

impl HanoiPanel {
    /// The start of the count.
    fn start(&self) -> Position {
        Position::parse(&self.state.start, self.state.pegs, self.state.disks)
            .unwrap_or_else(|_| Position::tower(self.state.pegs, self.state.disks, 0))
    }

    /// The least moves from the start to the target tower, where the panel knows it (3 pegs from
    /// anywhere; more pegs from a tower).
    pub fn optimum_from_start(&self) -> Option<u64> {
        let start = self.start();
        let target = Position::tower(self.state.pegs, self.state.disks, self.state.target);
        if self.state.pegs == 3 {
            return Some(three::distance(&start, &target));
        }
        let tower = start.disks.iter().all(|&peg| peg == start.disks[0]);
        if tower && start.disks[0] != self.state.target {
            return Some(frame_stewart::table(self.state.pegs, self.state.disks)[self.state.disks].0);
        }
        (start == target).then_some(0)
    }

    /// The last export's outcome.
    pub fn export_message(&self) -> Option<&Outcome> {
        self.export.message()
    }

    /// Starts exporting what `state.export_what` names to `state.export_path`.
    pub fn start_export(&mut self, ctx: &egui::Context) {
        use ::hanoi::figure;
        let position = self.position.clone();
        let (pegs, disks, what) = (self.state.pegs, self.state.disks, self.state.export_what);
        let searched =
            self.searched.as_ref().filter(|(for_pegs, _)| *for_pegs == pegs).map(|(_, found)| found.clone());
        self.export.start(ctx, &self.state.export_path, self.state.export_size, move || match what {
            ExportWhat::Disks => Ok(figure::disks_scene(&position)),
            ExportWhat::Graph => figure::graph_scene(&position).ok_or_else(|| {
                format!("the graph is drawn for 3 pegs and up to {} disks", figure::MAX_GRAPH_DISKS)
            }),
            ExportWhat::Table => Ok(figure::table_scene(pegs, disks, &searched.unwrap_or_default())),
        });
    }

    /// Where the pegs and disks were last drawn, in screen points.
    pub fn board_rect(&self) -> Option<Rect> {
        self.board
    }

    /// Sets a new position and counts from it.
    pub fn reset_to(&mut self, position: Position) {
        self.state.position = position.text();
        self.state.start = position.text();
        self.state.moves_made = 0;
        self.position = position;
        self.plan.clear();
        self.planned = 0;
        self.playing = false;
        self.report = None;
    }

    /// Makes a move if it is legal; the plan goes unless it was its next move.
    pub fn make(&mut self, step: Move) -> bool {
        if !self.position.allows(step) {
            return false;
        }
        self.position.apply(step);
        self.state.position = self.position.text();
        self.state.moves_made += 1;
        if self.plan.get(self.planned) == Some(&step) {
            self.planned += 1;
        } else {
            self.plan.clear();
            self.planned = 0;
            self.playing = false;
        }
        self.report = None;
        true
    }

    /// The goal of "Solve": the position typed as the goal, else the target tower; the error
    /// names a bad goal.
    pub fn goal(&self) -> Result<Position, String> {
        if self.state.goal.trim().is_empty() {
            return Ok(Position::tower(self.state.pegs, self.state.disks, self.state.target));
        }
        Position::parse(&self.state.goal, self.state.pegs, self.state.disks)
            .map_err(|error| format!("goal: {error}"))
    }

    /// Plans the optimal moves from here to the goal (in the background when it needs a search).
    pub fn solve(&mut self, ctx: &egui::Context) {
        let target = match self.goal() {
            Ok(goal) => goal,
            Err(error) => {
                self.message = Some(Err(error));
                return;
            }
        };
        self.plan.clear();
        self.planned = 0;
        if self.state.pegs == 3 {
            self.plan = three::solve(&self.position, &target);
            return;
        }
        let here = &self.position;
        if here.disks.iter().all(|&peg| peg == here.disks[0]) && here.disks[0] != self.state.target {
            self.plan =
                frame_stewart::solve(self.state.pegs, self.state.disks, here.disks[0], self.state.target);
            return;
        }
        let (start, goal) = (self.position.clone(), target);
        match background::spawn(ctx, "curio-hanoi-path", move |reporter| {
            search::path(&start, &goal, reporter)
        }) {
            Ok(job) => self.path_job = Some(job),
            Err(error) => self.message = Some(Err(format!("cannot start the search: {error}"))),
        }
    }

    /// Plays the next planned move.
    pub fn step(&mut self) {
        if let Some(&step) = self.plan.get(self.planned) {
            self.make(step);
        } else {
            self.playing = false;
        }
    }

    fn board_ui(&mut self, ui: &mut egui::Ui, rect: Rect) {
        self.board = Some(rect);
        let response = ui.interact(rect, ui.scope_id().with("hanoi-board"), egui::Sense::click_and_drag());
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 4.0, theme::CANVAS_BACKGROUND);
        let pegs = self.state.pegs;
        let disks = self.state.disks;
        let column = rect.width() / pegs as f32;
        let base = rect.bottom() - 12.0;
        let height = ((rect.height() - 40.0) / (disks as f32 + 1.0)).clamp(4.0, 24.0);
        let peg_x = |peg: usize| rect.left() + column * (peg as f32 + 0.5);
        let peg_at = |x: f32| (((x - rect.left()) / column).floor().max(0.0) as usize).min(pegs - 1);
        for peg in 0..pegs {
            let x = peg_x(peg);
            painter.line_segment(
                [Pos2::new(x, base), Pos2::new(x, base - height * (disks as f32 + 0.8))],
                Stroke::new(4.0, theme::CANVAS_BORDER),
            );
            painter.text(
                Pos2::new(x, base + 2.0),
                egui::Align2::CENTER_TOP,
                hanoi::peg_symbol(peg).to_string(),
                egui::FontId::proportional(11.0),
                theme::HINT,
            );
        }
        painter.line_segment(
            [Pos2::new(rect.left() + 8.0, base), Pos2::new(rect.right() - 8.0, base)],
            Stroke::new(2.0, theme::CANVAS_BORDER),
        );
        let width_of = |disk: usize| (column - 10.0) * (0.3 + 0.7 * (disk as f32 + 1.0) / disks as f32);
        let colour = |disk: usize| theme::color32(figure::disk_colour(disk, disks));
        let mut stacked = vec![0usize; pegs];
        for disk in (0..disks).rev() {
            let peg = usize::from(self.position.disks[disk]);
            if self.held.is_some_and(|(held, _)| usize::from(held) == disk) {
                continue;
            }
            let y = base - height * (stacked[peg] as f32 + 0.5);
            stacked[peg] += 1;
            let size = Vec2::new(width_of(disk), height - 2.0);
            painter.rect_filled(Rect::from_center_size(Pos2::new(peg_x(peg), y), size), 3.0, colour(disk));
        }
        let pointer = response.interact_pointer_pos().or(response.hover_pos());
        if response.drag_started()
            && let Some(at) = pointer
        {
            let peg = peg_at(at.x);
            if let Some(disk) = self.position.tops()[peg] {
                self.held = Some((disk, peg as u8));
                self.playing = false;
            }
        }
        if let (Some((disk, _)), Some(at)) = (self.held, pointer) {
            let size = Vec2::new(width_of(usize::from(disk)), height - 2.0);
            painter.rect_filled(Rect::from_center_size(at, size), 3.0, colour(usize::from(disk)));
        }
        if response.drag_stopped()
            && let Some((disk, from)) = self.held.take()
            && let Some(at) = pointer
        {
            let to = peg_at(at.x) as u8;
            if to != from && !self.make(Move { disk, from, to }) {
                self.message =
                    Some(Err(format!("disk {} cannot go on peg {to}: a smaller disk is there", disk + 1)));
            }
        }
    }

    fn graph_ui(&mut self, ui: &mut egui::Ui, rect: Rect) {
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 4.0, theme::CANVAS_BACKGROUND);
        if self.state.pegs != 3 {
            let positions = (self.state.pegs as u64).checked_pow(self.state.disks as u32);
            if positions.is_some_and(|count| count <= MAX_SMALL_GRAPH_POSITIONS) {
                let half = rect.width() / 2.0;
                let left = Rect::from_min_size(rect.min, Vec2::new(half, rect.height()));
                self.small_graph_ui(&painter, left);
                self.histogram_ui(
                    ui,
                    Rect::from_min_max(Pos2::new(rect.left() + half, rect.top()), rect.max),
                );
            } else {
                self.histogram_ui(ui, rect);
            }
            return;
        }
        let disks = self.state.disks;
        if disks > MAX_GRAPH_DISKS {
            painter.text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                format!("the graph is drawn for up to {MAX_GRAPH_DISKS} disks"),
                egui::FontId::proportional(13.0),
                theme::HINT,
            );
            return;
        }
        // The Sierpiński triangle: disk k on peg i moves the point 2^k towards corner i.
        let side = (rect.width().min((rect.height() - 24.0) / 0.87) - 24.0).max(10.0);
        let top = Pos2::new(rect.center().x, rect.center().y + 12.0 - side * 0.87 / 2.0);
        let corners =
            [top, top + Vec2::new(-side / 2.0, side * 0.87), top + Vec2::new(side / 2.0, side * 0.87)];
        let scale = 1.0 / ((1u64 << disks) - 1).max(1) as f32;
        let place = |position: &Position| {
            let mut at = Vec2::ZERO;
            for (disk, &peg) in position.disks.iter().enumerate() {
                at += corners[usize::from(peg)].to_vec2() * ((1u64 << disk) as f32 * scale);
            }
            at.to_pos2()
        };
        let count = 3u64.pow(disks as u32);
        let farthest = (1u64 << disks) as f32;
        let dot = (side / (1u64 << disks) as f32 * 0.35).clamp(1.0, 6.0);
        for index in 0..count {
            let other = Position::from_index(index, 3, disks);
            let distance = three::distance(&self.position, &other) as f32;
            let t = (distance / farthest).min(1.0);
            let colour = theme::color32(figure::distance_colour(f64::from(t)));
            painter.circle_filled(place(&other), dot, colour);
        }
        let mut walk = self.position.clone();
        for &step in &self.plan[self.planned..] {
            walk.apply(step);
            painter.circle_stroke(place(&walk), dot + 1.5, Stroke::new(1.5, theme::SELECTED));
        }
        painter.circle_filled(place(&self.position), dot + 3.0, theme::ERROR);
        painter.text(
            rect.left_top() + Vec2::new(8.0, 6.0),
            egui::Align2::LEFT_TOP,
            "distance from here: blue near, red far",
            egui::FontId::proportional(12.0),
            theme::LENGTH_LABEL,
        );
    }

    /// Searches every position from the current one in the background (more than 3 pegs).
    pub fn start_search(&mut self, ctx: &egui::Context) {
        if self.search_job.is_some() {
            return;
        }
        let start = self.position.clone();
        match background::spawn(ctx, "curio-hanoi-search", move |reporter| search::search(&start, reporter)) {
            Ok(job) => self.search_job = Some(job),
            Err(error) => self.message = Some(Err(format!("cannot start the search: {error}"))),
        }
    }

    /// The state graph for more than 3 pegs and few disks: peg i's corner on a regular polygon,
    /// disk k moving a position 2^k towards its peg's corner; every move an edge; positions
    /// coloured by their distance from the current one (a search of the few positions).
    fn small_graph_ui(&self, painter: &egui::Painter, rect: Rect) {
        let (pegs, disks) = (self.state.pegs, self.state.disks);
        let radius = rect.width().min(rect.height()) * 0.42;
        let centre = rect.center();
        let corners: Vec<Vec2> = (0..pegs)
            .map(|peg| {
                let angle = std::f32::consts::TAU * peg as f32 / pegs as f32 - std::f32::consts::FRAC_PI_2;
                Vec2::new(angle.cos(), angle.sin()) * radius
            })
            .collect();
        let scale = 1.0 / ((1u64 << disks) - 1).max(1) as f32;
        let place = |position: &Position| {
            let mut at = centre;
            for (disk, &peg) in position.disks.iter().enumerate() {
                at += corners[usize::from(peg)] * ((1u64 << disk) as f32 * scale);
            }
            at
        };
        let count = (pegs as u64).pow(disks as u32);
        // Distances from the current position by breadth-first search of the few positions.
        let mut distance = vec![u32::MAX; count as usize];
        distance[self.position.index() as usize] = 0;
        let mut queue = std::collections::VecDeque::from([self.position.clone()]);
        while let Some(here) = queue.pop_front() {
            let next_distance = distance[here.index() as usize] + 1;
            for step in here.moves() {
                let mut next = here.clone();
                next.apply(step);
                let slot = &mut distance[next.index() as usize];
                if *slot == u32::MAX {
                    *slot = next_distance;
                    queue.push_back(next);
                }
            }
        }
        let farthest = distance.iter().copied().max().unwrap_or(1).max(1) as f32;
        for index in 0..count {
            let position = Position::from_index(index, pegs, disks);
            let at = place(&position);
            for step in position.moves() {
                let mut next = position.clone();
                next.apply(step);
                if next.index() > index {
                    painter.line_segment([at, place(&next)], Stroke::new(0.5, theme::CANVAS_BORDER));
                }
            }
        }
        for index in 0..count {
            let position = Position::from_index(index, pegs, disks);
            let t = distance[index as usize] as f32 / farthest;
            let colour = theme::color32(figure::distance_colour(f64::from(t)));
            painter.circle_filled(place(&position), 2.5, colour);
        }
        painter.circle_filled(place(&self.position), 5.0, theme::ERROR);
    }

    fn histogram_ui(&mut self, ui: &mut egui::Ui, rect: Rect) {
        let mut child = ui.new_child(egui::UiBuilder::new().max_rect(rect.shrink(8.0)));
        let ui = &mut child;
        if let Some(job) = &self.search_job {
            job_progress(ui, job);
            return;
        }
        let Some(report) = &self.report else {
            if ui.button("Search every position from here").clicked() {
                let start = self.position.clone();
                match background::spawn(ui.ctx(), "curio-hanoi-search", move |reporter| {
                    search::search(&start, reporter)
                }) {
                    Ok(job) => self.search_job = Some(job),
                    Err(error) => self.message = Some(Err(format!("cannot start the search: {error}"))),
                }
            }
            return;
        };
        ui.label(format!(
            "{} positions; eccentricity {} ({} positions that far); to the perfect towers {:?}",
            report.positions,
            report.eccentricity,
            report.layers.last().copied().unwrap_or(0),
            report.to_perfect
        ));
        use egui_plot::{Bar, BarChart, Plot};
        let bars: Vec<Bar> = report
            .layers
            .iter()
            .enumerate()
            .map(|(distance, &count)| Bar::new(distance as f64, count as f64).width(0.9))
            .collect();
        Plot::new("hanoi-histogram").allow_scroll(false).allow_drag(false).show(ui, |plot| {
            plot.bar_chart(BarChart::new("positions at each distance", bars));
        });
    }

    fn table_ui(&mut self, ui: &mut egui::Ui) {
        let pegs = self.state.pegs;
        let disks = self.state.disks;
        let rows = frame_stewart::table(pegs, disks);
        if let Some(job) = &self.table_job {
            job_progress(ui, job);
        } else if ui.button("Search the optimum of each n").clicked() {
            let limit =
                (1..=disks).take_while(|&n| (pegs as u64).pow(n as u32) <= 1 << 22).last().unwrap_or(0);
            let spawned = background::spawn(ui.ctx(), "curio-hanoi-table", move |reporter| {
                let mut found = vec![None];
                for n in 1..=disks {
                    found.push(if n <= limit {
                        Some(search::search(&Position::tower(pegs, n, 0), reporter)?.to_perfect[pegs - 1])
                    } else {
                        None
                    });
                }
                Ok(found)
            });
            match spawned {
                Ok(job) => self.table_job = Some(job),
                Err(error) => self.message = Some(Err(format!("cannot start the search: {error}"))),
            }
        }
        let searched =
            self.searched.as_ref().filter(|(for_pegs, _)| *for_pegs == pegs).map(|(_, found)| found);
        egui::Grid::new("hanoi-table").num_columns(5).striped(true).show(ui, |ui| {
            for header in ["n", "Frame–Stewart", "split", "searched", "4n−2m+1"] {
                ui.strong(header);
            }
            ui.end_row();
            for (n, &(moves, split)) in rows.iter().enumerate().skip(1) {
                ui.label(n.to_string());
                ui.label(moves.to_string());
                ui.label(split.to_string());
                ui.label(
                    searched
                        .and_then(|found| found.get(n).copied().flatten())
                        .map_or("–".to_string(), |d| d.to_string()),
                );
                let guess = 4 * n as i64 - 2 * pegs as i64 + 1;
                let text = if guess == moves as i64 { format!("{guess} ✓") } else { guess.to_string() };
                ui.label(text);
                ui.end_row();
            }
        });
    }
}

impl Panel for HanoiPanel {
    fn logic(&mut self, ctx: &egui::Context) {
        self.export.poll();
        if self.position.pegs != self.state.pegs || self.position.disks.len() != self.state.disks {
            self.reset_to(Position::tower(self.state.pegs, self.state.disks, 0));
            self.state.target = self.state.target.min(self.state.pegs as u8 - 1);
            self.searched = None;
        }
        if self.playing {
            let interval = 1.0 / f64::from(self.state.speed.max(0.5));
            let due = self.last_step.is_none_or(|last| last.elapsed().as_secs_f64() >= interval);
            if due {
                self.step();
                self.last_step = Some(Instant::now());
            }
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(interval.min(0.25)));
        }
        match background::finished(&mut self.path_job, "path") {
            Some(Ok(moves)) => {
                self.plan = moves;
                self.planned = 0;
            }
            Some(Err(message)) => self.message = Some(Err(message)),
            None => {}
        }
        match background::finished(&mut self.search_job, "search") {
            Some(Ok(report)) => self.report = Some(report),
            Some(Err(message)) => self.message = Some(Err(message)),
            None => {}
        }
        match background::finished(&mut self.table_job, "table search") {
            Some(Ok(found)) => self.searched = Some((self.state.pegs, found)),
            Some(Err(message)) => self.message = Some(Err(message)),
            None => {}
        }
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Towers of Hanoi");
        egui::Grid::new("hanoi-settings").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let label = ui.label("pegs");
            ui.add(egui::DragValue::new(&mut self.state.pegs).range(hanoi::PEGS.range())).labelled_by(label.id);
            ui.end_row();
            let label = ui.label("disks");
            ui.add(egui::DragValue::new(&mut self.state.disks).range(1..=MAX_PANEL_DISKS))
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("target peg");
            ui.add(egui::DragValue::new(&mut self.state.target).range(0..=self.state.pegs as u8 - 1))
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("speed");
            ui.add(
                egui::Slider::new(&mut self.state.speed, 0.5..=100.0).logarithmic(true).suffix(" moves/s"),
            )
            .labelled_by(label.id);
            ui.end_row();
        });
        ui.horizontal_wrapped(|ui| {
            if ui.button("Tower on peg 0").clicked() {
                self.reset_to(Position::tower(self.state.pegs, self.state.disks, 0));
            }
            if ui.add_enabled(self.path_job.is_none(), egui::Button::new("Solve from here")).clicked() {
                self.solve(&ui.ctx().clone());
            }
        });
        ui.horizontal_wrapped(|ui| {
            let left = self.plan.len() - self.planned.min(self.plan.len());
            if ui.add_enabled(left > 0 && !self.playing, egui::Button::new("Play")).clicked() {
                self.playing = true;
            }
            if ui.add_enabled(self.playing, egui::Button::new("Pause")).clicked() {
                self.playing = false;
            }
            if ui.add_enabled(left > 0, egui::Button::new("Step")).clicked() {
                self.step();
            }
            ui.label(format!("{left} planned moves left"));
        });
        ui.horizontal(|ui| {
            let label = ui.label("goal");
            ui.add(
                egui::TextEdit::singleline(&mut self.state.goal)
                    .desired_width(110.0)
                    .hint_text("the target tower"),
            )
            .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let label = ui.label("set up");
            ui.add(egui::TextEdit::singleline(&mut self.setup).desired_width(110.0).hint_text("e.g. 01210"))
                .labelled_by(label.id);
            if ui.button("Set").clicked() {
                match Position::parse(&self.setup, self.state.pegs, self.state.disks) {
                    Ok(position) => {
                        self.reset_to(position);
                        self.message = None;
                    }
                    Err(error) => self.message = Some(Err(error.to_string())),
                }
            }
        });
        let optimum = self
            .optimum_from_start()
            .map_or("not known (search from the graph)".to_string(), |d| d.to_string());
        ui.label(format!(
            "position {}: {} moves made from {}; optimum to peg {}: {optimum}",
            self.position.text(),
            self.state.moves_made,
            self.state.start,
            self.state.target
        ));
        if let Some(job) = &self.path_job {
            job_progress(ui, job);
        }
        outcome_label(ui, self.message.as_ref());
        ui.separator();
        ui.strong("Frame–Stewart against search");
        self.table_ui(ui);
        ui.separator();
        ui.strong("Export");
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.state.export_what, ExportWhat::Disks, "disks");
            ui.selectable_value(&mut self.state.export_what, ExportWhat::Graph, "graph");
            ui.selectable_value(&mut self.state.export_what, ExportWhat::Table, "table");
        });
        if self.export.ui(ui, &mut self.state.export_path, &mut self.state.export_size) {
            self.start_export(&ui.ctx().clone());
        }
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let rect = ui.available_rect_before_wrap();
        if rect.width() < 40.0 || rect.height() < 40.0 {
            return;
        }
        let wide = rect.width() > rect.height() * 1.3;
        let (board, graph) = if wide {
            let half = rect.width() * 0.5;
            (
                Rect::from_min_size(rect.min, Vec2::new(half - 4.0, rect.height())),
                Rect::from_min_max(Pos2::new(rect.left() + half + 4.0, rect.top()), rect.max),
            )
        } else {
            let half = rect.height() * 0.45;
            (
                Rect::from_min_size(rect.min, Vec2::new(rect.width(), half - 4.0)),
                Rect::from_min_max(Pos2::new(rect.left(), rect.top() + half + 4.0), rect.max),
            )
        };
        self.board_ui(ui, board);
        self.graph_ui(ui, graph);
        ui.allocate_rect(rect, egui::Sense::hover());
    }

    fn is_busy(&self) -> bool {
        self.path_job.is_some()
            || self.search_job.is_some()
            || self.table_job.is_some()
            || self.export.is_busy()
    }
}

/// What the hanoi domain adds: `curio hanoi`, its panel and its fuzz targets.
pub const DOMAIN: Domain = Domain {
    name: "hanoi",
    about: "Towers of Hanoi: any start, 3 to 16 pegs, Frame–Stewart against search.",
    commands: CommandGroup::of::<curio_cli::hanoi::HanoiArgs>(),
    panels: &[PanelEntry::of::<HanoiPanel>()],
    merges: &[],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[
        Target { name: "hanoi-position", reads: "Hanoi positions (hanoi solve --from/--to)", run: curio_cli::hanoi::fuzz_hanoi_position },
    ],
    opens: &[],
};
