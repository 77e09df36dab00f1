//! The vision/click bot: reads a minesweeper window from screenshots, decides with the
//! minesweeper solver and clicks with synthetic input.
//!
//! [`vision`] finds and reads a board in an image; [`screen`] and [`input`] are the capture and
//! input backends (real ones on xcap and enigo, test ones on images and recordings); [`player`]
//! is the loop with its consistency checks and safety fence; [`targets`] launches and restarts
//! the games it plays.
//!
//! Sources: the blog posts "How to Write your own Minesweeper AI" (calibrate on an empty grid,
//! read cells by colour, click with a robot API) and the Puzlogic bot (find the game area from
//! its edges, read cells, cache per frame).

pub mod annotate;
pub mod input;
pub mod player;
pub mod screen;
pub mod synthetic;
pub mod targets;
pub mod vision;

pub use annotate::annotate;
pub use input::{EnigoInput, InputEvent, InputSink, MouseButton, Recorder};
pub use player::{Bot, BotReport, BotSettings, BotStatus, ReadLog, check_reads, consistent};
pub use screen::{Frame, ImageScreen, ScreenSource, WindowInfo, XcapScreen};
pub use targets::{Level, Target, TargetKind};
pub use vision::{BoardRead, Calibration, CellRead, Theme, VisionError, calibrate, cell_changed, read};
