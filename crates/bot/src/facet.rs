//! A game as the front ends see it: [`BotGame`], which a domain declares beside its panel. The
//! command line (`curio bot play --game NAME --target PROGRAM`) and the bot's pane list the
//! declared games and their programs, run a session through [`BotGame::run`] without knowing the
//! game's types (what they show of it is a [`Seen`]), and check the reads against the built-in
//! window's log with [`BotGame::check`].

use super::game::ScreenGame;
use super::input::{InputError, InputSink, MouseButton};
use super::player::{BotEvent, BotReport, BotStatus};
use super::screen::{Frame, ScreenError, ScreenSource, WindowInfo};
use super::session::{self, SessionControl, SessionError, SessionOutcome, SessionRequest};
use super::targets::{Launcher, Program};
use image::RgbaImage;
use std::ops::ControlFlow;

/// Runs a session of one game on the backends given, telling the observer each status.
pub type RunSession = fn(
    &SessionRequest,
    Backends,
    &SessionControl,
    &mut dyn FnMut(&Seen) -> ControlFlow<()>,
) -> Result<SessionOutcome, SessionError>;

/// A game the bot plays, as its domain declares it.
pub struct BotGame {
    /// Its domain's name: what `--game` takes.
    pub name: &'static str,
    /// Its name for people.
    pub title: &'static str,
    /// The programs the bot launches for it; the first is its built-in window.
    pub programs: &'static [Program],
    /// What its games, wins and moves are called.
    pub words: Words,
    /// Runs one session of the game ([`run`] of its type).
    pub run: RunSession,
    /// Checks a session's reads against the log its built-in window kept (one JSON object a
    /// finished game).
    pub check: fn(&SessionOutcome, &[serde_json::Value]) -> TruthCheck,
    /// Whether it has reference players to measure its policy against
    /// ([`Policy::Idle`](crate::Policy::Idle), [`Policy::Random`](crate::Policy::Random)).
    pub reference_players: bool,
}

impl BotGame {
    /// The built-in window: the first program.
    pub fn builtin(&self) -> Option<&'static Program> {
        self.programs.first()
    }
}

/// The words a game's counts take, singular and plural (also the keys of `--json`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// One game (`game`, `level`).
    pub game: &'static str,
    /// Games (`games`, `levels`).
    pub games: &'static str,
    /// Games won (`wins`, `solved`).
    pub wins: &'static str,
    /// A game won (`won`, `solved`).
    pub won: &'static str,
    /// Moves (`moves`, `drags`).
    pub moves: &'static str,
    /// Presses of the mouse (`clicks`, `presses`).
    pub presses: &'static str,
}

impl Words {
    /// Games, wins, moves and clicks.
    pub const PLAIN: Words =
        Words { game: "game", games: "games", wins: "wins", won: "won", moves: "moves", presses: "clicks" };
}

/// The backends a session runs on: the launcher, the screen, and what makes the input (made
/// only to play).
pub struct Backends {
    /// Starts or finds the target.
    pub launcher: Box<dyn Launcher>,
    /// Screenshots.
    pub screen: Box<dyn ScreenSource>,
    /// Makes the input.
    pub input: Box<dyn FnOnce() -> Result<Box<dyn InputSink>, InputError>>,
}

/// A status of a session as the front ends show it, whatever the game.
#[derive(Clone, Debug)]
pub struct Seen {
    /// What happened.
    pub event: BotEvent,
    /// The last capture, if the status carries one.
    pub frame: Option<Frame>,
    /// What the game draws over it.
    pub sketch: Sketch,
    /// The counters.
    pub report: BotReport,
    /// One line about what happened last, for people.
    pub message: String,
}

/// What a game draws of a status over the capture, in window pixels.
#[derive(Clone, Debug, Default)]
pub struct Sketch {
    /// The capture with the game's reading drawn in (its grid, each cell's reading).
    pub annotated: Option<RgbaImage>,
    /// Marks over it.
    pub marks: Vec<Mark>,
    /// The side of one cell.
    pub pitch: f64,
}

/// A mark over a capture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mark {
    /// The chance (0 to 1) that a cell holds what the game fears (a mine), at the cell's centre.
    Chance {
        /// The cell's centre.
        at: [f64; 2],
        /// The chance.
        chance: f64,
    },
    /// A cell the game chose to play next.
    Chosen {
        /// The cell's centre.
        at: [f64; 2],
    },
}

/// What a check against the built-in window's log found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TruthCheck {
    /// Reads checked.
    pub checked: usize,
    /// Reads found wrong, with those the game itself refused: the misreads to report.
    pub misreads: usize,
    /// What else the game found, by name (the keys of `--json`).
    pub findings: Vec<(&'static str, serde_json::Value)>,
}

/// A [`ScreenGame`] as the front ends run it: how a session's request makes it, and what the
/// pane draws of its statuses.
pub trait Playable: ScreenGame + Sized {
    /// The game for a session (its target, its settings).
    fn for_session(request: &SessionRequest) -> Self;

    /// What to draw of `status` over `image`: the [`Sketch`] of a reading, with the chances and
    /// moves of a decision. The default draws nothing.
    fn sketch(_image: &RgbaImage, _status: &BotStatus<Self>) -> Sketch {
        Sketch::default()
    }
}

/// A session of game `G`: what a [`BotGame`] declares as its `run` (`run::<MinesGame>`).
pub fn run<G: Playable>(
    request: &SessionRequest,
    backends: Backends,
    control: &SessionControl,
    observer: &mut dyn FnMut(&Seen) -> ControlFlow<()>,
) -> Result<SessionOutcome, SessionError> {
    play(G::for_session(request), request, backends, control, observer)
}

/// Runs a session of `game` on `backends` (see [`session::run`]); `observer` hears each status
/// as a [`Seen`].
pub fn play<G: Playable>(
    game: G,
    request: &SessionRequest,
    backends: Backends,
    control: &SessionControl,
    observer: &mut dyn FnMut(&Seen) -> ControlFlow<()>,
) -> Result<SessionOutcome, SessionError> {
    let Backends { mut launcher, screen, input } = backends;
    let mut erased = |status: &BotStatus<G>| {
        let sketch = match &status.frame {
            Some(frame) => G::sketch(&frame.image, status),
            None => Sketch::default(),
        };
        observer(&Seen {
            event: status.event,
            frame: status.frame.clone(),
            sketch,
            report: status.report.clone(),
            message: status.message.clone(),
        })
    };
    session::run(request, game, launcher.as_mut(), screen, input, control, &mut erased)
}

impl<S: ScreenSource + ?Sized> ScreenSource for Box<S> {
    fn windows(&mut self) -> Result<Vec<WindowInfo>, ScreenError> {
        self.as_mut().windows()
    }

    fn window(&mut self, id: u32) -> Result<WindowInfo, ScreenError> {
        self.as_mut().window(id)
    }

    fn capture(&mut self, id: u32) -> Result<Frame, ScreenError> {
        self.as_mut().capture(id)
    }
}

impl<I: InputSink + ?Sized> InputSink for Box<I> {
    fn move_to(&mut self, x: i32, y: i32) -> Result<(), InputError> {
        self.as_mut().move_to(x, y)
    }

    fn click(&mut self, x: i32, y: i32, button: MouseButton) -> Result<(), InputError> {
        self.as_mut().click(x, y, button)
    }

    fn drag(&mut self, from: (i32, i32), to: (i32, i32), button: MouseButton) -> Result<(), InputError> {
        self.as_mut().drag(from, to, button)
    }

    fn pointer(&mut self) -> Option<(i32, i32)> {
        self.as_mut().pointer()
    }

    fn escape(&mut self) -> Result<(), InputError> {
        self.as_mut().escape()
    }
}
