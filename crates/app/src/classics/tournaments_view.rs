//! Tournament rooms: seven players on a circle, an arrow from each winner to its loser, the
//! players coloured by room (click one to move it), cyclic triples inside a room filled red;
//! every counterexample and class of the full enumeration one click away, and the official rule.

use super::canvas_note;
use crate::background;
use crate::theme;
use crate::widgets::{Outcome, job_progress, outcome_label};
use ::classics::ClassicsError;
use ::classics::tournaments::{self, Census, OFFICIAL_PLAYERS, Tournament};
use curio_core::jobs::Job;
use eframe::egui::{self, Color32, Pos2, Stroke, Vec2};
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

/// Saved settings of the tournament view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TournamentSettings {
    /// The tournament shown (7 players).
    pub code: u32,
    /// Room A's players (a bit each).
    pub room: u32,
    /// Seed of the next random tournament.
    pub seed: u64,
}

impl Default for TournamentSettings {
    fn default() -> Self {
        Self { code: Tournament::official().code, room: 0b000_1011, seed: 1 }
    }
}

impl TournamentSettings {
    pub(super) fn sanitize(&mut self) {
        self.code &= (1 << tournaments::pair_count(OFFICIAL_PLAYERS)) - 1;
        self.room &= (1 << OFFICIAL_PLAYERS) - 1;
    }

    fn tournament(&self) -> Tournament {
        Tournament { players: OFFICIAL_PLAYERS, code: self.code }
    }
}

/// Room colours: A and B.
const ROOMS: [Color32; 2] = [Color32::from_rgb(0x3a, 0x6e, 0xc8), Color32::from_rgb(0xe0, 0x8a, 0x2a)];

/// The tournament view's state beyond its settings.
#[derive(Default)]
pub struct TournamentsView {
    /// The enumeration of every 7-player tournament, once run.
    pub census: Option<Census>,
    job: Option<Job<Result<Census, ClassicsError>>>,
    /// The counterexample shown, when stepping through them.
    pub index: Option<usize>,
    message: Option<Outcome>,
}

impl TournamentsView {
    pub(super) fn logic(&mut self) {
        match background::finished(&mut self.job, "enumeration") {
            Some(Ok(census)) => {
                self.message = Some(Ok(format!(
                    "{} of {} tournaments have no split, in {} classes",
                    census.counterexamples,
                    census.tournaments,
                    census.classes.len()
                )));
                self.census = Some(census);
            }
            Some(Err(message)) => self.message = Some(Err(message)),
            None => {}
        }
    }

    pub(super) fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// Starts the enumeration of every tournament on seven players.
    pub fn enumerate(&mut self, ctx: &egui::Context) {
        match background::spawn(ctx, "curio-tournaments", |reporter| {
            tournaments::enumerate(OFFICIAL_PLAYERS, true, reporter)
        }) {
            Ok(job) => self.job = Some(job),
            Err(error) => self.message = Some(Err(format!("cannot start the enumeration: {error}"))),
        }
    }

    fn show(&mut self, settings: &mut TournamentSettings, code: u32) {
        settings.code = code;
        let tournament = settings.tournament();
        if let Some(room) = tournament.find_split() {
            settings.room = room;
        }
    }

    pub(super) fn controls(&mut self, ui: &mut egui::Ui, settings: &mut TournamentSettings) {
        ui.strong("Tournament rooms");
        ui.label("Seven players, every pair played once. Split them into two rooms so that no room holds a cyclic triple (a beats b, b beats c, c beats a)? Click a player to move it.");
        ui.horizontal_wrapped(|ui| {
            if ui.button("Official rule").on_hover_text("i beats j when i - j is 1, 2 or 4 mod 7").clicked() {
                settings.code = Tournament::official().code;
                self.index = None;
            }
            if ui.button("Random").clicked() {
                let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(settings.seed);
                settings.seed += 1;
                let code = rng.random_range(0..1u32 << tournaments::pair_count(OFFICIAL_PLAYERS));
                self.show(settings, code);
                self.index = None;
            }
            if ui.button("Find a split").clicked() {
                match settings.tournament().find_split() {
                    Some(room) => {
                        settings.room = room;
                        self.message = Some(Ok("a split with no cyclic triple in either room".into()));
                    }
                    None => {
                        self.message = Some(Err("no split works: this tournament is a counterexample".into()))
                    }
                }
            }
        });
        let tournament = settings.tournament();
        let triples = tournament.cyclic_triples();
        let room_of = |player: usize| (settings.room >> player & 1) as usize;
        let inside = triples.iter().filter(|t| t.iter().all(|&p| room_of(p) == room_of(t[0]))).count();
        ui.label(format!(
            "scores {:?}; {} cyclic triples, {inside} inside a room",
            tournament.scores(),
            triples.len()
        ));
        ui.separator();
        ui.strong("Every tournament");
        if let Some(job) = &self.job {
            job_progress(ui, job);
        } else if ui.button("Enumerate all 2^21").clicked() {
            self.enumerate(&ui.ctx().clone());
        }
        outcome_label(ui, self.message.as_ref());
        let mut pick = None;
        if let Some(census) = &self.census {
            let count = census.codes.len();
            if count > 0 {
                ui.horizontal(|ui| {
                    let index = self.index.unwrap_or(0);
                    if ui.button("◀").on_hover_text("previous counterexample").clicked() {
                        pick = Some((index + count - 1) % count);
                    }
                    if ui.button("▶").on_hover_text("next counterexample").clicked() {
                        pick = Some(if self.index.is_some() { (index + 1) % count } else { 0 });
                    }
                    ui.label(match self.index {
                        Some(index) => format!("counterexample {} of {count}", index + 1),
                        None => format!("{count} counterexamples"),
                    });
                });
            }
            ui.label("Classes (click to show one):");
            let mut class_code = None;
            for class in &census.classes {
                let text = format!(
                    "{} labelled, scores {:?}{}",
                    class.size,
                    class.scores,
                    if class.official { ", the official one" } else { "" }
                );
                if ui.selectable_label(settings.code == class.canonical, text).clicked() {
                    class_code = Some(class.canonical);
                }
            }
            // Counterexamples have no split: the rooms stay as they are, their triples in red.
            if let Some(code) = class_code {
                settings.code = code;
                self.index = census.codes.binary_search(&code).ok();
            } else if let Some(index) = pick {
                settings.code = census.codes[index];
                self.index = Some(index);
            }
        }
    }

    pub(super) fn canvas(&mut self, ui: &mut egui::Ui, rect: egui::Rect, settings: &mut TournamentSettings) {
        let response = ui.allocate_rect(rect, egui::Sense::click());
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 4.0, theme::CANVAS_BACKGROUND);
        let tournament = settings.tournament();
        let centre = rect.center() - Vec2::new(0.0, 10.0);
        let radius = (rect.width().min(rect.height() - 24.0) * 0.5 - 34.0).max(20.0);
        let node = (radius * 0.12).clamp(10.0, 26.0);
        let at = |player: usize| {
            let angle =
                std::f32::consts::TAU * player as f32 / OFFICIAL_PLAYERS as f32 - std::f32::consts::FRAC_PI_2;
            centre + radius * Vec2::angled(angle)
        };
        // Room A (bit set) first.
        let room_of = |player: usize| (1 - (settings.room >> player & 1)) as usize;
        for triple in tournament.cyclic_triples() {
            if triple.iter().all(|&p| room_of(p) == room_of(triple[0])) {
                let points: Vec<Pos2> = triple.iter().map(|&p| at(p)).collect();
                painter.add(egui::Shape::convex_polygon(
                    points,
                    Color32::from_rgba_unmultiplied(0xd0, 0x30, 0x30, 40),
                    Stroke::new(2.0, theme::ERROR),
                ));
            }
        }
        for a in 0..OFFICIAL_PLAYERS {
            for b in 0..OFFICIAL_PLAYERS {
                if a != b && tournament.beats(a, b) {
                    let (from, to) = (at(a), at(b));
                    let direction = (to - from).normalized();
                    let start = from + direction * node;
                    let end = to - direction * (node + 2.0);
                    let stroke = Stroke::new(1.4, Color32::from_gray(90));
                    painter.line_segment([start, end], stroke);
                    let side = direction.rot90() * 4.0;
                    let back = end - direction * 11.0;
                    painter.add(egui::Shape::convex_polygon(
                        vec![end, back + side, back - side],
                        stroke.color,
                        Stroke::NONE,
                    ));
                }
            }
        }
        for player in 0..OFFICIAL_PLAYERS {
            painter.circle(at(player), node, ROOMS[room_of(player)], Stroke::new(1.5, Color32::WHITE));
            painter.text(
                at(player),
                egui::Align2::CENTER_CENTER,
                player.to_string(),
                egui::FontId::proportional(node * 0.9),
                Color32::WHITE,
            );
        }
        let legend =
            "room A (blue) · room B (orange) · arrows: winner → loser · red: a cyclic triple in one room";
        let galley = painter.layout(
            legend.to_string(),
            egui::FontId::proportional(13.0),
            theme::HINT,
            rect.width() - 20.0,
        );
        let height = galley.size().y;
        painter.galley(rect.left_bottom() + Vec2::new(10.0, -8.0 - height), galley, theme::HINT);
        if let Some(pointer) = response.interact_pointer_pos().filter(|_| response.clicked())
            && let Some(player) = (0..OFFICIAL_PLAYERS).find(|&p| at(p).distance(pointer) <= node + 4.0)
        {
            settings.room ^= 1 << player;
        }
        if radius < 30.0 {
            canvas_note(ui, rect, "too small to draw");
        }
    }
}
