//! Puzlogic as the bot's second game: the built-in window (`curio puzlogic window`) or any
//! window with its look. Calibration finds the cells, the tray and the sums by colour; every
//! number is read by the classifier of [`puzlogic_vision`](crate::puzlogic::vision); the solver
//! gives every placement, and each move drags a tray piece of the right number (found anew in
//! the latest capture, since the tray closes up after each drag) to its cell.

pub mod vision;

use crate::facet::{BotGame, Playable, TruthCheck, Words};
use crate::game::{Action, Decision, ScreenGame};
use crate::input::MouseButton;
use crate::mines::vision::VisionError;
use crate::player::StopReason;
use crate::puzlogic::vision::{Digits, Layout, Shown, colours, read};
use crate::screen::WindowInfo;
use crate::session::{SessionOutcome, SessionRequest};
use crate::targets::{Executable, LaunchCommand, LaunchRequest, Program, TargetKind};
use ::puzlogic::{Placement, solver};
use image::RgbaImage;

/// Puzlogic as the bot plays it.
pub const GAME: BotGame = BotGame {
    name: "puzlogic",
    title: "Puzlogic",
    programs: &[BUILTIN],
    words: Words {
        game: "level",
        games: "levels",
        wins: "solved",
        won: "solved",
        moves: "drags",
        presses: "presses",
    },
    run: crate::facet::run::<PuzlogicGame>,
    check,
    reference_players: false,
};

/// `curio puzlogic window`: the built-in window, on generated levels of 7x7 with 14 pieces and
/// sums from the seed; it logs what each level shows.
pub const BUILTIN: Program = Program {
    name: "builtin",
    label: "built-in window",
    title: "Curio Puzlogic",
    command: builtin_command,
    opens_dialogs: false,
    start_click: None,
    logs_truth: true,
};

fn builtin_command(request: &LaunchRequest) -> LaunchCommand {
    let mut arguments: Vec<String> =
        ["puzlogic", "window", "--size", "7x7", "--pieces", "14", "--sums"].map(String::from).to_vec();
    arguments.extend(["--seed".into(), request.seed.to_string()]);
    if let Some(log) = &request.log {
        arguments.extend(["--log".into(), log.display().to_string()]);
    }
    LaunchCommand::new(Executable::Curio, arguments)
}

/// Checks the first read of each level against the window's log (see [`check_first_reads`]);
/// reads the solver found unsolvable count as misreads too.
fn check(outcome: &SessionOutcome, truth: &[serde_json::Value]) -> TruthCheck {
    let first_reads: Vec<String> =
        outcome.log.games.iter().filter_map(|reads| reads.first().cloned()).collect();
    let (checked, wrong) = check_first_reads(&first_reads, truth);
    TruthCheck {
        checked,
        misreads: outcome.report.misreads + wrong,
        findings: vec![
            ("reads_unlike_truth", wrong.into()),
            ("reads_not_solvable", outcome.report.misreads.into()),
        ],
    }
}

/// Draws nothing over the capture: the pane shows it as it is.
impl Playable for PuzlogicGame {
    fn for_session(_request: &SessionRequest) -> PuzlogicGame {
        PuzlogicGame::new()
    }
}

/// A move: the number to place and its cell (row, column from the first row and column
/// holding a cell).
pub type PuzlogicMove = Placement;

/// The game.
pub struct PuzlogicGame {
    digits: Digits,
}

impl Default for PuzlogicGame {
    fn default() -> Self {
        Self::new()
    }
}

impl PuzlogicGame {
    /// The game, with its digit classifier.
    pub fn new() -> Self {
        Self { digits: Digits::new() }
    }
}

fn centre(layout: &Layout, r: usize, c: usize) -> [f64; 2] {
    let side = layout.pitch * 50.0 / 56.0;
    [
        layout.origin[0] + c as f64 * layout.pitch + side / 2.0,
        layout.origin[1] + r as f64 * layout.pitch + side / 2.0,
    ]
}

impl ScreenGame for PuzlogicGame {
    type Calibration = Layout;
    type Reading = Result<Shown, String>;
    type Move = PuzlogicMove;

    fn calibrate(&self, image: &RgbaImage) -> Result<Layout, VisionError> {
        crate::puzlogic::vision::calibrate(image)
            .map(|(layout, _, _)| layout)
            .map_err(|_| VisionError::NoGrid)
    }

    fn describe_calibration(&self, layout: &Layout) -> String {
        format!("{}x{} cells of {:.1} px", layout.rows, layout.cols, layout.pitch)
    }

    fn read(&self, image: &RgbaImage, layout: &Layout) -> Result<Shown, String> {
        let (found, shown) = read(image, &self.digits)?;
        if found.origin != layout.origin || (found.rows, found.cols) != (layout.rows, layout.cols) {
            return Err("the board moved".into());
        }
        Ok(shown)
    }

    fn consistent(&self, previous: Option<&Self::Reading>, next: &Self::Reading) -> Result<(), String> {
        let next = next.as_ref().map_err(Clone::clone)?;
        if next.placed.len() + next.tray.len() != next.puzzle.pieces.len() {
            return Err("pieces are moving".into());
        }
        if let Some(Ok(previous)) = previous
            && previous.puzzle.pieces != next.puzzle.pieces
        {
            return Err("the pieces changed within a level".into());
        }
        Ok(())
    }

    fn bounds(&self, layout: &Layout) -> [f64; 4] {
        layout.extent
    }

    fn pitch(&self, layout: &Layout) -> f64 {
        layout.pitch
    }

    fn is_new_game(&self, reading: &Self::Reading) -> bool {
        reading.as_ref().is_ok_and(|shown| shown.placed.is_empty() && !shown.tray.is_empty())
    }

    fn is_in_progress(&self, _layout: &Layout, reading: &Self::Reading) -> bool {
        reading.as_ref().is_ok_and(|shown| !shown.placed.is_empty() && !shown.tray.is_empty())
    }

    fn start_game(&mut self, _layout: &Layout) -> Result<(), StopReason> {
        Ok(())
    }

    fn outcome(&self, reading: &Self::Reading) -> Option<bool> {
        let shown = reading.as_ref().ok()?;
        (shown.tray.is_empty() && shown.puzzle.is_solved_by(&shown.placed)).then_some(true)
    }

    fn decide(
        &mut self,
        _layout: &Layout,
        reading: &Self::Reading,
    ) -> Result<Decision<PuzlogicMove>, String> {
        let shown = reading.as_ref().map_err(Clone::clone)?;
        let report = solver::solve(&shown.puzzle, 2);
        let solution = match report.solutions.len() {
            0 => return Err("the board as read has no solution".into()),
            _ => report.solutions[0].clone(),
        };
        if let Some(wrong) = shown.placed.iter().find(|p| !solution.contains(p)) {
            return Err(format!(
                "the piece {} at row {}, column {} is not the solution's",
                wrong.2, wrong.0, wrong.1
            ));
        }
        let moves: Vec<PuzlogicMove> = solution.into_iter().filter(|p| !shown.placed.contains(p)).collect();
        let message = format!(
            "{} pieces to place{}",
            moves.len(),
            if report.solutions.len() > 1 { " (more than one solution)" } else { "" }
        );
        Ok(Decision { moves, probabilities: Vec::new(), message })
    }

    fn action(&self, layout: &Layout, shown: &RgbaImage, chosen: &PuzlogicMove) -> Option<Action> {
        let (_, now) = read(shown, &self.digits).ok()?;
        if now.placed.iter().any(|p| p.0 == chosen.0 && p.1 == chosen.1) {
            return None;
        }
        let (_, from) = now.tray.iter().find(|(value, _)| *value == chosen.2)?;
        Some(Action::Drag { from: *from, to: centre(layout, chosen.0, chosen.1), button: MouseButton::Left })
    }

    fn move_shown(
        &self,
        layout: &Layout,
        _before: &RgbaImage,
        after: &RgbaImage,
        chosen: &PuzlogicMove,
    ) -> bool {
        // The cell's corner, clear of the digit, is a piece's colour once the piece is there.
        let [x, y] = centre(layout, chosen.0, chosen.1);
        let inset = layout.pitch * 0.35;
        let (px, py) = ((x - inset) as u32, (y - inset) as u32);
        if px >= after.width() || py >= after.height() {
            return false;
        }
        let pixel = after.get_pixel(px, py);
        [colours::PIECE, colours::WRONG].iter().any(|&colour| crate::screen::within(pixel.0, colour, 8))
    }

    fn finishes(&self, reading: &Self::Reading, moves: &[PuzlogicMove]) -> bool {
        reading.as_ref().is_ok_and(|shown| moves.len() == shown.tray.len())
    }

    fn describe(&self, reading: &Self::Reading) -> String {
        match reading {
            Ok(shown) => {
                let placed: Vec<String> =
                    shown.placed.iter().map(|(r, c, v)| format!("({r},{c},{v})")).collect();
                format!("{}placed: {}", shown.puzzle.text(), placed.join(" "))
            }
            Err(error) => format!("unreadable: {error}"),
        }
    }

    fn new_game_point(
        &self,
        _kind: &TargetKind,
        _window: &WindowInfo,
        layout: &Layout,
        _shown: &RgbaImage,
    ) -> [f64; 2] {
        // The window's Next button: under the tray, at the board's left (see
        // `app::puzlogic_window`), in the window's scale.
        let scale = layout.pitch / 56.0;
        [layout.extent[0] + 60.0 * scale, layout.tray_top as f64 + (2.0 * 56.0 + 28.0 + 18.0) * scale]
    }
}

/// Compares the first read of each level with what the window logged it showed (its `shown`
/// lines): the reads checked and how many differ (cells, pieces or sums; border rows and
/// columns without cells do not show, so both sides are cropped).
pub fn check_first_reads(first_reads: &[String], logged: &[serde_json::Value]) -> (usize, usize) {
    let normal = |text: &str| {
        ::puzlogic::Puzzle::parse(text).ok().map(|puzzle| {
            let mut puzzle = puzzle.cropped();
            puzzle.sums.sort_by_key(|sum| match sum.line {
                ::puzlogic::Line::Row(r) => (0, r),
                ::puzlogic::Line::Col(c) => (1, c),
            });
            puzzle
        })
    };
    let shown: Vec<Option<::puzlogic::Puzzle>> = logged
        .iter()
        .filter(|line| line["event"] == "shown")
        .map(|line| line["puzzle"].as_str().and_then(normal))
        .collect();
    let mut checked = 0;
    let mut wrong = 0;
    for (read, truth) in first_reads.iter().zip(&shown) {
        checked += 1;
        let read_puzzle = normal(read.split("placed:").next().unwrap_or(""));
        if read_puzzle.is_none() || read_puzzle != *truth {
            wrong += 1;
        }
    }
    (checked, wrong)
}
