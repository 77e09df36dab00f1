//! What the bot's loop needs of a game: [`ScreenGame`]. A game supplies its calibration (where
//! its board is in a capture), its reader (what the board shows), its rules (consistency of
//! two reads, won or lost), its policy (the next moves) and the [`Action`]s a move takes on
//! screen: a click, a right-click, a drag from one point to another. The loop
//! ([`Bot`](super::Bot)) does the rest for every game alike: captures, stable reads, the fence,
//! the rate limit, the failsafe, waiting for a move to show, new games and the counters.
//! Minesweeper ([`MinesGame`](super::mines::MinesGame)) is the first game.

use super::input::MouseButton;
use super::mines::vision::VisionError;
use super::player::StopReason;
use super::screen::WindowInfo;
use super::targets::TargetKind;
use image::RgbaImage;

/// What a move does on screen, in window pixels (x right, y down from the window's corner).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// A click with `button` at a point.
    Click {
        /// Where.
        at: [f64; 2],
        /// Which button.
        button: MouseButton,
    },
    /// A press at `from`, a move with the button held and a release at `to` (a tile moved to a
    /// cell, say).
    Drag {
        /// Where the press is.
        from: [f64; 2],
        /// Where the release is.
        to: [f64; 2],
        /// Which button.
        button: MouseButton,
    },
}

impl Action {
    /// The points the action presses or releases at (what the fence checks).
    pub fn points(&self) -> Vec<[f64; 2]> {
        match self {
            Action::Click { at, .. } => vec![*at],
            Action::Drag { from, to, .. } => vec![*from, *to],
        }
    }
}

/// The moves a game chose for a read, with what the loop shows of the decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<M> {
    /// The moves, in order; the loop makes those that need input (see [`ScreenGame::action`]).
    pub moves: Vec<M>,
    /// A chance per cell of the board where the game knows one (the pane's overlay), else empty.
    pub probabilities: Vec<Option<f64>>,
    /// One line on why, for people.
    pub message: String,
}

/// A game the bot plays through the screen.
pub trait ScreenGame {
    /// Where the board is in the window: found once per game.
    type Calibration: Clone + PartialEq + std::fmt::Debug + Send;
    /// What a capture of the board shows.
    type Reading: Clone + PartialEq + std::fmt::Debug + Send;
    /// One move of the game.
    type Move: Clone + std::fmt::Debug + Send;

    /// Finds the board in a capture of the window.
    fn calibrate(&self, image: &RgbaImage) -> Result<Self::Calibration, VisionError>;
    /// The calibration in a few words, for people (`9x9 cells of 24.0 px`).
    fn describe_calibration(&self, calibration: &Self::Calibration) -> String;
    /// Reads the board in a capture.
    fn read(&self, image: &RgbaImage, calibration: &Self::Calibration) -> Self::Reading;
    /// Whether `next` can follow `previous` within one game, and is readable throughout; a
    /// read that is not is captured again (mid-animation, say). `None`: no read before.
    fn consistent(&self, previous: Option<&Self::Reading>, next: &Self::Reading) -> Result<(), String>;
    /// The board's rectangle in window pixels, `[left, top, right, bottom]`: every move's
    /// input must fall inside it, a fifth of a cell in (the fence).
    fn bounds(&self, calibration: &Self::Calibration) -> [f64; 4];
    /// The side of one cell in window pixels.
    fn pitch(&self, calibration: &Self::Calibration) -> f64;
    /// Whether a read shows a new game, nothing played yet.
    fn is_new_game(&self, reading: &Self::Reading) -> bool;
    /// Whether a read shows a game under way that the bot can play on (rather than restart).
    fn is_in_progress(&self, calibration: &Self::Calibration, reading: &Self::Reading) -> bool;
    /// Sets up for a game on the board found; an error stops the run before any move.
    fn start_game(&mut self, calibration: &Self::Calibration) -> Result<(), StopReason>;
    /// Won (`Some(true)`), lost (`Some(false)`) or still playing (`None`).
    fn outcome(&self, reading: &Self::Reading) -> Option<bool>;
    /// The next moves for a read; an error means the read cannot be right (a misread), and
    /// the loop reads again.
    fn decide(
        &mut self,
        calibration: &Self::Calibration,
        reading: &Self::Reading,
    ) -> Result<Decision<Self::Move>, String>;
    /// The input a move needs now, judged on `shown` (the latest capture), or `None` when it
    /// needs none (an earlier move of the same batch already did its work).
    fn action(
        &self,
        calibration: &Self::Calibration,
        shown: &RgbaImage,
        chosen: &Self::Move,
    ) -> Option<Action>;
    /// Whether the move shows on screen: `after` differs from `before` where it acted.
    fn move_shown(
        &self,
        calibration: &Self::Calibration,
        before: &RgbaImage,
        after: &RgbaImage,
        chosen: &Self::Move,
    ) -> bool;
    /// Whether making these moves ends the game (a target may then cover its board at once).
    fn finishes(&self, reading: &Self::Reading, moves: &[Self::Move]) -> bool;
    /// The read as text, for the log of reads.
    fn describe(&self, reading: &Self::Reading) -> String;
    /// The capture with what was read drawn over it, for a screenshot saved when the bot stops
    /// on a read it cannot trust (the capture itself by default).
    fn annotate(
        &self,
        image: &RgbaImage,
        _calibration: &Self::Calibration,
        _reading: &Self::Reading,
    ) -> RgbaImage {
        image.clone()
    }
    /// Whether the loop moves the pointer off the board between moves (targets that light the
    /// cell under the pointer need it; the default). A game that says no keeps the pointer where
    /// its last press was until the next: nothing can then take a press away from where it was
    /// made, even one that shows nothing on screen.
    fn parks_pointer(&self) -> bool {
        true
    }
    /// Where the target's control for a new game is, in window pixels, judged on `shown` (the
    /// latest capture) where the game looks for it.
    fn new_game_point(
        &self,
        kind: &TargetKind,
        window: &WindowInfo,
        calibration: &Self::Calibration,
        shown: &RgbaImage,
    ) -> [f64; 2];
}
