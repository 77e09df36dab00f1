//! Simulated targets for testing the whole loop without a display: a game's simulation says
//! where its window is, what a capture shows and what a click does ([`Simulated`]), and
//! [`SimulatedScreen`] and [`SimulatedInput`] are the loop's screen and mouse over it, sharing
//! it. Minesweeper's is [`mines::synthetic::Simulation`](crate::mines::synthetic::Simulation),
//! the launcher game's [`launch::simulated::Simulation`](crate::launch::simulated::Simulation).

use crate::input::{InputError, InputSink, MouseButton};
use crate::screen::{Frame, ScreenError, ScreenSource, WindowInfo};
use image::RgbaImage;
use std::cell::RefCell;
use std::rc::Rc;

/// A game's simulated window.
pub trait Simulated {
    /// The window on the pretend screen.
    fn window(&self) -> &WindowInfo;
    /// What a capture shows now (the simulation moves on to now first, as a window would).
    fn capture(&mut self) -> RgbaImage;
    /// Where the pointer is, in screen pixels.
    fn pointer_mut(&mut self) -> &mut Option<(i32, i32)>;
    /// A click at a point of the screen, the pointer already there.
    fn click(&mut self, x: i32, y: i32, button: MouseButton);
}

/// The simulation's screen.
pub struct SimulatedScreen<S>(pub Rc<RefCell<S>>);

impl<S: Simulated> ScreenSource for SimulatedScreen<S> {
    fn windows(&mut self) -> Result<Vec<WindowInfo>, ScreenError> {
        Ok(vec![self.0.borrow().window().clone()])
    }

    fn capture(&mut self, id: u32) -> Result<Frame, ScreenError> {
        let mut simulation = self.0.borrow_mut();
        if id != simulation.window().id {
            return Err(ScreenError::Gone(id));
        }
        let image = simulation.capture();
        Ok(Frame { image, window: simulation.window().clone() })
    }
}

/// The simulation's mouse.
pub struct SimulatedInput<S>(pub Rc<RefCell<S>>);

impl<S: Simulated> InputSink for SimulatedInput<S> {
    fn move_to(&mut self, x: i32, y: i32) -> Result<(), InputError> {
        *self.0.borrow_mut().pointer_mut() = Some((x, y));
        Ok(())
    }

    fn click(&mut self, x: i32, y: i32, button: MouseButton) -> Result<(), InputError> {
        let mut simulation = self.0.borrow_mut();
        *simulation.pointer_mut() = Some((x, y));
        simulation.click(x, y, button);
        Ok(())
    }

    fn drag(&mut self, _from: (i32, i32), to: (i32, i32), _button: MouseButton) -> Result<(), InputError> {
        // Neither game has anything to drag: the pointer only moves.
        *self.0.borrow_mut().pointer_mut() = Some(to);
        Ok(())
    }

    fn pointer(&mut self) -> Option<(i32, i32)> {
        *self.0.borrow_mut().pointer_mut()
    }

    fn escape(&mut self) -> Result<(), InputError> {
        Ok(())
    }
}
