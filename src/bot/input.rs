//! Where clicks go: the `InputSink` trait, its real backend on enigo (synthetic X11 input) and a
//! recorder for tests.

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
    /// Where the pointer is now, if the backend can tell.
    fn pointer(&mut self) -> Option<(i32, i32)>;
    /// Presses and releases Escape (closes a target's dialog, as a player would).
    fn escape(&mut self) -> Result<(), InputError>;
}

/// Synthetic input through enigo (XTest on X11).
pub struct EnigoInput {
    enigo: enigo::Enigo,
}

impl EnigoInput {
    /// Connects to the display.
    pub fn new() -> Result<EnigoInput, InputError> {
        let enigo = enigo::Enigo::new(&enigo::Settings { linux_delay: 1, ..enigo::Settings::default() })
            .map_err(|error| InputError(error.to_string()))?;
        Ok(EnigoInput { enigo })
    }
}

impl InputSink for EnigoInput {
    fn move_to(&mut self, x: i32, y: i32) -> Result<(), InputError> {
        use enigo::Mouse;
        self.enigo.move_mouse(x, y, enigo::Coordinate::Abs).map_err(|error| InputError(error.to_string()))
    }

    fn click(&mut self, x: i32, y: i32, button: MouseButton) -> Result<(), InputError> {
        use enigo::Mouse;
        self.move_to(x, y)?;
        let button = match button {
            MouseButton::Left => enigo::Button::Left,
            MouseButton::Right => enigo::Button::Right,
            MouseButton::Middle => enigo::Button::Middle,
        };
        // Move, press and release go out together: the target sees them in order, and the
        // bot keeps the pointer on the cell until the click shows (see `Bot::await_click`).
        self.enigo.button(button, enigo::Direction::Press).map_err(|error| InputError(error.to_string()))?;
        self.enigo.button(button, enigo::Direction::Release).map_err(|error| InputError(error.to_string()))
    }

    fn pointer(&mut self) -> Option<(i32, i32)> {
        use enigo::Mouse;
        self.enigo.location().ok()
    }

    fn escape(&mut self) -> Result<(), InputError> {
        use enigo::Keyboard;
        self.enigo
            .key(enigo::Key::Escape, enigo::Direction::Click)
            .map_err(|error| InputError(error.to_string()))
    }
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

    fn pointer(&mut self) -> Option<(i32, i32)> {
        self.at
    }

    fn escape(&mut self) -> Result<(), InputError> {
        self.events.push(InputEvent::Escape);
        Ok(())
    }
}
