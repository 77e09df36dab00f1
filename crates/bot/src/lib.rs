//! The vision/click bot: reads a game's window from screenshots, decides with the game's
//! solver and clicks with synthetic input.
//!
//! [`game`] says what the loop needs of a game ([`ScreenGame`]: calibration, reader, rules,
//! policy, actions); each game is a folder of its own holding its reader, its rules, the
//! programs the bot launches for it and its declaration ([`BotGame`], in [`facet`]): [`mines`]
//! (with [`mines::vision`], which finds and reads a board in an image, and a simulated target)
//! and [`puzlogic`] (with its own `vision`). A domain names its game in its declaration; the
//! front ends list the games from there. [`screen`] and [`input`] are the capture and input
//! traits (their real backends, on xcap and enigo, are in `platform`; test ones here serve
//! images and record events); [`player`] is the loop, the same for every game, with its
//! consistency checks and safety fence; [`session`] runs it for the CLI and the pane;
//! [`targets`] finds the windows it plays and says how to start a game's programs (starting
//! them is `platform`'s).
//!
//! Sources: the blog posts "How to Write your own Minesweeper AI" (calibrate on an empty grid,
//! read cells by colour, click with a robot API) and the Puzlogic bot (find the game area from
//! its edges, read cells, cache per frame).

pub mod facet;
pub mod game;
pub mod input;
pub mod launch;
pub mod mines;
pub mod player;
pub mod puzlogic;
pub mod screen;
pub mod session;
pub mod simulated;
pub mod targets;

pub use facet::{Backends, BotGame, Mark, Playable, Seen, Sketch, TruthCheck, Words};
pub use game::{Action, Decision, ScreenGame};
pub use input::{InputError, InputEvent, InputSink, MouseButton, Recorder};
pub use mines::annotate::annotate;
pub use mines::vision::{
    BoardRead, Calibration, CellRead, Theme, VisionError, calibrate, cell_changed, read,
};
pub use mines::{MinesGame, check_reads, consistent};
pub use player::{
    Bot, BotEvent, BotObserver, BotReport, BotSettings, BotStatus, Policy, ReadLog, StopReason,
};
pub use player::{GAMES, MOVES_PER_SECOND};
pub use screen::{Frame, ImageScreen, ScreenError, ScreenSource, WindowInfo, locate};
pub use session::{SessionControl, SessionError, SessionOutcome, SessionRequest};
pub use targets::{
    Executable, LaunchCommand, LaunchRequest, Launcher, Level, OpenWindows, Program, Target, TargetKind,
};
