//! A simulated launcher window for tests: the game runs on the wall clock (sped up by a factor),
//! a capture is the picture [`launch::scene::draw`] makes of it, and a click goes to what the
//! window would hit (the button, a power-up slot, or nothing).

use crate::input::MouseButton;
use crate::screen::WindowInfo;
pub use crate::simulated::{SimulatedInput, SimulatedScreen};
use image::RgbaImage;
use launch::scene::{self, Hit};
use launch::{Game, Press, RunResult};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

/// The simulated window.
pub struct Simulation {
    /// The game.
    pub game: Game,
    /// Game seconds a wall-clock second.
    pub speed: f64,
    /// The window's place on the pretend screen.
    pub window: WindowInfo,
    /// Finished runs.
    pub runs: Vec<RunResult>,
    /// Every press of a power-up and what it did.
    pub presses: Vec<Press>,
    /// Clicks on nothing.
    pub missed: usize,
    /// The pointer.
    pub pointer: Option<(i32, i32)>,
    /// When the game was last advanced.
    last: Instant,
}

impl Simulation {
    /// A simulated window of a game of `seed` running `speed` times faster than real time, at
    /// (100, 80) on the pretend screen.
    pub fn new(seed: u64, speed: f64) -> Rc<RefCell<Simulation>> {
        Rc::new(RefCell::new(Simulation {
            game: Game::new(seed),
            speed,
            window: WindowInfo {
                id: 7,
                title: "Curio Launch".into(),
                app_name: "curio-launch".into(),
                pid: 0,
                x: 100,
                y: 80,
                width: scene::WIDTH,
                height: scene::HEIGHT,
                minimized: false,
            },
            runs: Vec::new(),
            presses: Vec::new(),
            missed: 0,
            pointer: None,
            last: Instant::now(),
        }))
    }

    fn catch_up(&mut self) {
        let now = Instant::now();
        let elapsed = now.duration_since(self.last).as_secs_f64() * self.speed;
        self.last = now;
        // Played in slices, as a window's frames would.
        let mut left = elapsed;
        while left > 0.0 {
            let slice = left.min(0.02);
            left -= slice;
            if let Some(result) = self.game.advance(slice) {
                self.runs.push(result);
            }
        }
    }

    /// A click at a point of the window.
    fn click_at(&mut self, x: f64, y: f64) {
        self.catch_up();
        match scene::hit(&self.game, x, y) {
            Hit::Button => {
                self.game.button();
            }
            Hit::Power(power) => self.presses.push(self.game.press(power)),
            Hit::Nothing => self.missed += 1,
        }
    }
}

impl crate::simulated::Simulated for Simulation {
    fn window(&self) -> &WindowInfo {
        &self.window
    }

    fn capture(&mut self) -> RgbaImage {
        self.catch_up();
        scene::draw(&self.game)
    }

    fn pointer_mut(&mut self) -> &mut Option<(i32, i32)> {
        &mut self.pointer
    }

    fn click(&mut self, x: i32, y: i32, _button: MouseButton) {
        let (left, top) = (self.window.x, self.window.y);
        self.click_at(f64::from(x - left) + 0.5, f64::from(y - top) + 0.5);
    }
}

/// A bot playing the simulation with `settings` (its policy among them).
pub fn simulated_bot(
    simulation: &Rc<RefCell<Simulation>>,
    settings: crate::player::BotSettings,
    seed: u64,
) -> crate::player::Bot<SimulatedScreen<Simulation>, SimulatedInput<Simulation>, super::LaunchGame> {
    let window = simulation.borrow().window.clone();
    let game = super::LaunchGame::new(settings.policy, seed);
    crate::player::Bot::with_game(
        SimulatedScreen(simulation.clone()),
        SimulatedInput(simulation.clone()),
        settings,
        crate::targets::TargetKind::Program(&super::BUILTIN),
        window,
        game,
    )
}
