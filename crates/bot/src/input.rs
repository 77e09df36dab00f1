//! Where clicks go: the `InputSink` trait (its real backend on enigo is
//! `platform::input::EnigoInput`) and a recorder for tests.

use serde::Serialize;

/// A mouse button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MouseButton {
    /// Left: reveal.
    Left,
    /// Right: flag.
    Right,
    /// Middle: chord.
    Middle,
}

/// One input event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum InputEvent {
    /// The pointer moved to a screen position.
    Move {
        /// x.
        x: i32,
        /// y.
        y: i32,
    },
    /// The Escape key.
    Escape,
    /// A click at the pointer's position.
    Click {
        /// Button.
        button: MouseButton,
        /// x.
        x: i32,
        /// y.
        y: i32,
    },
    /// A press at one position, a move with the button held and a release at another.
    Drag {
        /// Button.
        button: MouseButton,
        /// Where the press is.
        from: (i32, i32),
        /// Where the release is.
        to: (i32, i32),
    },
}

/// Why input failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("synthetic input failed: {0}")]
pub struct InputError(pub String);

/// A sink for synthetic mouse input, in screen pixels.
pub trait InputSink {
    /// Moves the pointer.
    fn move_to(&mut self, x: i32, y: i32) -> Result<(), InputError>;
    /// Clicks `button` at the pointer's position (moving there first).
    fn click(&mut self, x: i32, y: i32, button: MouseButton) -> Result<(), InputError>;
    /// Presses `button` at `from`, moves to `to` with it held, and releases it there (a game
    /// that moves pieces, as Puzlogic's tiles are moved).
    fn drag(&mut self, from: (i32, i32), to: (i32, i32), button: MouseButton) -> Result<(), InputError>;
    /// Where the pointer is now, if the backend can tell.
    fn pointer(&mut self) -> Option<(i32, i32)>;
    /// Presses and releases Escape (closes a target's dialog, as a player would).
    fn escape(&mut self) -> Result<(), InputError>;
}

/// A test sink: records every event and keeps the pointer where it was sent.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    /// Events in order.
    pub events: Vec<InputEvent>,
    /// The pointer.
    pub at: Option<(i32, i32)>,
}

impl InputSink for Recorder {
    fn move_to(&mut self, x: i32, y: i32) -> Result<(), InputError> {
        self.events.push(InputEvent::Move { x, y });
        self.at = Some((x, y));
        Ok(())
    }

    fn click(&mut self, x: i32, y: i32, button: MouseButton) -> Result<(), InputError> {
        self.at = Some((x, y));
        self.events.push(InputEvent::Click { button, x, y });
        Ok(())
    }

    fn drag(&mut self, from: (i32, i32), to: (i32, i32), button: MouseButton) -> Result<(), InputError> {
        self.at = Some(to);
        self.events.push(InputEvent::Drag { button, from, to });
        Ok(())
    }

    fn pointer(&mut self) -> Option<(i32, i32)> {
        self.at
    }

    fn escape(&mut self) -> Result<(), InputError> {
        self.events.push(InputEvent::Escape);
        Ok(())
    }
}
