//! The operating system's side of the bot, beside `jobs` and `export`: screenshots of windows
//! (xcap, with titles read from the X server), synthetic input (enigo) and launching the
//! programs the bot plays. Each implements a trait of the pure `bot` domain
//! ([`ScreenSource`](::bot::ScreenSource), [`InputSink`](::bot::InputSink),
//! [`Launcher`](::bot::targets::Launcher)), which the bot's tests implement with
//! simulations instead. Beside them, [`folders`]: Curio's data folder, the notes folder and
//! today's date where the person is; [`audio`], short sounds through the default output; and
//! [`session`]: X11 or Wayland, and what the bot needs of each.

pub mod audio;
pub mod folders;
pub mod input;
pub mod launch;
pub mod screen;
pub mod session;
pub mod x11;

pub use input::EnigoInput;
pub use launch::ProcessLauncher;
pub use screen::XcapScreen;
