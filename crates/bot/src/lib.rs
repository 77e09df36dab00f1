//! The vision/click bot: reads a game's window from screenshots, decides with the game's
//! solver and clicks with synthetic input.
//!
//! [`game`] says what the loop needs of a game ([`ScreenGame`]: calibration, reader, rules,
//! policy, actions); each game's reader and rules are a folder of their own: [`mines`]
//! (minesweeper's game, and [`mines::vision`], which finds and reads a board in an image) and
//! [`puzlogic`] (with its own `vision`); [`screen`] and [`input`] are the capture and input traits
//! (their real backends, on xcap and enigo, are in `platform`; test ones here serve images and
//! record events); [`player`] is the loop, the same for every game, with its consistency checks
//! and safety fence; [`session`] runs it for the CLI and the pane; [`targets`] finds the
//! programs it plays (launching them is `platform`'s).
//!
//! Sources: the blog posts "How to Write your own Minesweeper AI" (calibrate on an empty grid,
//! read cells by colour, click with a robot API) and the Puzlogic bot (find the game area from
//! its edges, read cells, cache per frame).

pub mod annotate;
pub mod game;
pub mod input;
pub mod mines;
pub mod player;
pub mod puzlogic;
pub mod screen;
pub mod session;
pub mod synthetic;
pub mod targets;

pub use annotate::annotate;
pub use game::{Action, Decision, ScreenGame};
pub use input::{InputError, InputEvent, InputSink, MouseButton, Recorder};
pub use mines::vision::{
    BoardRead, Calibration, CellRead, Theme, VisionError, calibrate, cell_changed, read,
};
pub use mines::{MinesGame, check_reads, consistent};
pub use player::{Bot, BotEvent, BotObserver, BotReport, BotSettings, BotStatus, ReadLog, StopReason};
pub use screen::{Frame, ImageScreen, ScreenError, ScreenSource, WindowInfo, locate};
pub use session::{SessionControl, SessionError, SessionOutcome, SessionRequest};
pub use targets::{LaunchRequest, Launcher, Level, OpenWindows, Target, TargetKind};
