//! The vision/click bot: reads a minesweeper window from screenshots, decides with the
//! minesweeper solver and clicks with synthetic input.
//!
//! [`vision`] finds and reads a board in an image; [`screen`] and [`input`] are the capture and
//! input traits (their real backends, on xcap and enigo, are in `platform`; test ones here serve
//! images and record events); [`player`] is the loop with its consistency checks and safety
//! fence; [`targets`] finds and restarts the games it plays (launching them is `platform`'s).
//!
//! Sources: the blog posts "How to Write your own Minesweeper AI" (calibrate on an empty grid,
//! read cells by colour, click with a robot API) and the Puzlogic bot (find the game area from
//! its edges, read cells, cache per frame).

pub mod annotate;
pub mod input;
pub mod player;
pub mod screen;
pub mod session;
pub mod synthetic;
pub mod targets;
pub mod vision;

pub use annotate::annotate;
pub use input::{InputError, InputEvent, InputSink, MouseButton, Recorder};
pub use player::{
    Bot, BotEvent, BotObserver, BotReport, BotSettings, BotStatus, ReadLog, StopReason, check_reads,
    consistent,
};
pub use screen::{Frame, ImageScreen, ScreenError, ScreenSource, WindowInfo, locate};
pub use session::{SessionControl, SessionError, SessionOutcome, SessionRequest};
pub use targets::{LaunchRequest, Launcher, Level, OpenWindows, Target, TargetKind};
pub use vision::{BoardRead, Calibration, CellRead, Theme, VisionError, calibrate, cell_changed, read};
