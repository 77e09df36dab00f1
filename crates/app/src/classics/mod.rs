//! The Classics panel: a list of problems on the left, each with its controls below the list and
//! its picture on the canvas: the tournament rooms, the consecutive-prime triangle and P(n, k),
//! Quality of Living's bisection, and one case of each Code Jam 2018 problem.

mod codejam_view;
mod primes_view;
mod quality_view;
mod tournaments_view;

use crate::domain::{Domain, Opener, panel_of};
use curio_cli::facets::{CommandGroup, Merge};
use curio_cli::fuzz::Target;
use crate::panels::PanelEntry;
use crate::panels::{Family, Panel, PanelType, Settings, saved_field};
use ::classics::Problem;
use eframe::egui;
use serde::{Deserialize, Serialize};

pub use codejam_view::{CodeJamSettings, CodeJamView};
pub use primes_view::{PrimesSettings, PrimesView};
pub use quality_view::{QualitySettings, QualityView};
pub use tournaments_view::{TournamentSettings, TournamentsView};

/// Persisted settings of the Classics panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ClassicsPanelState {
    /// The problem shown.
    pub problem: Problem,
    /// Tournament rooms.
    pub tournaments: TournamentSettings,
    /// Sums of consecutive primes.
    pub primes: PrimesSettings,
    /// Quality of Living.
    pub quality: QualitySettings,
    /// Code Jam.
    pub codejam: CodeJamSettings,
}

impl Default for ClassicsPanelState {
    fn default() -> Self {
        Self {
            problem: Problem::Tournaments,
            tournaments: TournamentSettings::default(),
            primes: PrimesSettings::default(),
            quality: QualitySettings::default(),
            codejam: CodeJamSettings::default(),
        }
    }
}

impl Settings for ClassicsPanelState {
    fn sanitize(&mut self) {
        self.tournaments.sanitize();
        self.primes.sanitize();
        self.quality.sanitize();
        self.codejam.sanitize();
    }
}

/// The Classics panel.
pub struct ClassicsPanel {
    /// Persisted settings.
    pub state: ClassicsPanelState,
    /// Tournament rooms.
    pub tournaments: TournamentsView,
    /// Sums of consecutive primes.
    pub primes: PrimesView,
    /// Quality of Living.
    pub quality: QualityView,
    /// Code Jam.
    pub codejam: CodeJamView,
}

impl PanelType for ClassicsPanel {
    const KEY: &'static str = "classics";
    const TITLE: &'static str = "Classics";
    const FAMILY: Family = Family::Classics;
    type State = ClassicsPanelState;

    fn new(state: ClassicsPanelState, _gpu_adapter: Option<&str>) -> Self {
        Self {
            tournaments: TournamentsView::default(),
            primes: PrimesView::default(),
            quality: QualityView::new(&state.quality),
            codejam: CodeJamView::default(),
            state,
        }
    }

    fn state(&self) -> &ClassicsPanelState {
        &self.state
    }

    fn results(&self) -> serde_json::Value {
        match &self.tournaments.census {
            Some(census) => serde_json::json!({ "tournaments": census }),
            None => serde_json::Value::Null,
        }
    }

    fn restore_results(&mut self, saved: &serde_json::Value) {
        if let Some(census) = saved_field(saved, "tournaments") {
            self.tournaments.census = Some(census);
        }
    }
}

impl ClassicsPanel {
    /// Shows `problem` with `text` as its input, solved.
    pub fn open_codejam_input(&mut self, problem: ::classics::codejam::CodeJamProblem, text: &str) {
        self.state.codejam.inputs.insert(problem.key().to_string(), text.to_string());
        self.select(Problem::CodeJam(problem));
        self.codejam.solve(&self.state.codejam, problem);
    }

    /// Shows `problem`.
    pub fn select(&mut self, problem: Problem) {
        self.state.problem = problem;
        if let Problem::CodeJam(which) = problem {
            self.codejam.select(which);
        }
    }
}

impl Panel for ClassicsPanel {
    fn logic(&mut self, ctx: &egui::Context) {
        self.tournaments.logic();
        self.primes.logic(ctx, &self.state.primes, self.state.problem == Problem::Primes);
        self.codejam.logic();
    }

    fn controls_ui(&mut self, ui: &mut egui::Ui) {
        ui.heading("Classics");
        let mut chosen = None;
        for problem in Problem::all() {
            let title = match problem {
                Problem::CodeJam(_) => format!("Code Jam 2018: {}", problem.title()),
                _ => problem.title().to_string(),
            };
            if ui.selectable_label(self.state.problem == problem, title).clicked() {
                chosen = Some(problem);
            }
        }
        if let Some(problem) = chosen {
            self.select(problem);
        }
        ui.separator();
        match self.state.problem {
            Problem::Tournaments => self.tournaments.controls(ui, &mut self.state.tournaments),
            Problem::Primes => self.primes.controls(ui, &mut self.state.primes),
            Problem::Quality => self.quality.controls(ui, &mut self.state.quality),
            Problem::CodeJam(which) => self.codejam.controls(ui, &mut self.state.codejam, which),
        }
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let Some(rect) = crate::panels::canvas_rect(ui) else { return };
        match self.state.problem {
            Problem::Tournaments => self.tournaments.canvas(ui, rect, &mut self.state.tournaments),
            Problem::Primes => self.primes.canvas(ui, rect, &self.state.primes),
            Problem::Quality => self.quality.canvas(ui, rect, &self.state.quality),
            Problem::CodeJam(which) => self.codejam.canvas(ui, rect, &self.state.codejam, which),
        }
    }

    fn is_busy(&self) -> bool {
        self.tournaments.is_busy() || self.primes.is_busy() || self.codejam.is_busy()
    }
}

/// A text the canvas shows when there is nothing to draw.
fn canvas_note(ui: &egui::Ui, rect: egui::Rect, text: &str) {
    ui.painter().text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        text,
        egui::FontId::proportional(15.0),
        crate::theme::HINT,
    );
}

/// Draws `text` from `top_left`, wrapped to `width`; returns its height.
fn wrapped_text(
    painter: &egui::Painter,
    top_left: egui::Pos2,
    text: &str,
    width: f32,
    colour: egui::Color32,
) -> f32 {
    let galley = painter.layout(text.to_string(), egui::FontId::proportional(13.0), colour, width.max(40.0));
    let height = galley.size().y;
    painter.galley(top_left, galley, colour);
    height
}

/// What the classics domain adds: `curio classics`, its panel, the merges of its sharded commands and its fuzz targets.
pub const DOMAIN: Domain = Domain {
    name: "classics",
    about: "Classics: tournament rooms, consecutive-prime sums, Quality of Living, Code Jam 2018.",
    commands: CommandGroup::of::<curio_cli::classics::ClassicsArgs>(),
    panels: &[PanelEntry::of::<ClassicsPanel>()],
    merges: &[
        Merge { command: "classics tournaments", merge: curio_cli::classics::merge_tournaments },
    ],
    game_window: None,
    bot_game: None,
    fuzz_targets: &[
        Target { name: "quality-task", reads: "Quality of Living task files (classics quality)", run: curio_cli::classics::fuzz_quality_task },
        Target { name: "codejam-input", reads: "Code Jam 2018 inputs (classics codejam PROBLEM)", run: curio_cli::classics::fuzz_codejam_input },
    ],
    opens: &[Opener {
        kind: "a Code Jam 2018 input",
        panel: ClassicsPanel::KEY,
        accepts: |name, text| codejam_problem_of(name, text).is_some(),
        open: |panel, path, text| {
            let name = path.file_name().map(|name| name.to_string_lossy()).unwrap_or_default();
            if let Some(problem) = codejam_problem_of(&name, text) {
                panel_of::<ClassicsPanel>(panel).open_codejam_input(problem, text);
            }
        },
    }],
};

/// The Code Jam problem whose input `text` is: the one the file name names (its key, with
/// `-` or `_` between words, as the contest named its files), if its input reads; otherwise
/// the only problem whose input reads. Interactive problems have no input file.
pub fn codejam_problem_of(name: &str, text: &str) -> Option<::classics::codejam::CodeJamProblem> {
    use ::classics::codejam::CodeJamProblem;
    let name = name.to_lowercase().replace('-', "_");
    let reads = |problem: &CodeJamProblem| !problem.is_interactive() && problem.solve(text).is_ok();
    if let Some(named) = CodeJamProblem::ALL.into_iter().find(|problem| name.contains(problem.key())) {
        return reads(&named).then_some(named);
    }
    let mut reading = CodeJamProblem::ALL.into_iter().filter(reads);
    match (reading.next(), reading.next()) {
        (Some(only), None) => Some(only),
        _ => None,
    }
}
