//! Synthetic input through enigo (XTest on X11): the real [`InputSink`].

use ::bot::{InputError, InputSink, MouseButton};

fn enigo_button(button: MouseButton) -> enigo::Button {
    match button {
        MouseButton::Left => enigo::Button::Left,
        MouseButton::Right => enigo::Button::Right,
        MouseButton::Middle => enigo::Button::Middle,
    }
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
        let button = enigo_button(button);
        // Move, press and release go out together: the target sees them in order, and the
        // bot keeps the pointer on the cell until the click shows (see `Bot::await_click`).
        self.enigo.button(button, enigo::Direction::Press).map_err(|error| InputError(error.to_string()))?;
        self.enigo.button(button, enigo::Direction::Release).map_err(|error| InputError(error.to_string()))
    }

    fn drag(&mut self, from: (i32, i32), to: (i32, i32), button: MouseButton) -> Result<(), InputError> {
        use enigo::Mouse;
        let button = enigo_button(button);
        let failed = |error: enigo::InputError| InputError(error.to_string());
        self.move_to(from.0, from.1)?;
        self.enigo.button(button, enigo::Direction::Press).map_err(failed)?;
        // Through points on the way, a few milliseconds apart, so that the target sees a drag
        // rather than a jump.
        const STEPS: i32 = 8;
        for step in 1..=STEPS {
            std::thread::sleep(std::time::Duration::from_millis(8));
            let x = from.0 + (to.0 - from.0) * step / STEPS;
            let y = from.1 + (to.1 - from.1) * step / STEPS;
            self.move_to(x, y)?;
        }
        std::thread::sleep(std::time::Duration::from_millis(8));
        self.enigo.button(button, enigo::Direction::Release).map_err(failed)
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
