//! The bot's loop is generic over the game: a toy game that is won by dragging a tile from the
//! left cell of a two-cell board to the right one plays through the same loop as minesweeper
//! (captures, stable reads, the fence, a drag through the input layer, waiting for the move to
//! show, the counters), and a drag that would leave the board is refused before any input.

use bot::{
    Action, Bot, BotReport, BotSettings, BotStatus, Decision, Frame, InputError, InputSink, MouseButton,
    ScreenError, ScreenGame, ScreenSource, StopReason, TargetKind, VisionError, WindowInfo,
};
use image::{Rgba, RgbaImage};
use std::cell::RefCell;
use std::rc::Rc;

/// Where the tile is, the drags received, and the pointer.
#[derive(Default)]
struct World {
    tile: usize,
    drags: Vec<((i32, i32), (i32, i32))>,
    pointer: Option<(i32, i32)>,
}

/// The toy target's window.
const WINDOW: WindowInfo = WindowInfo {
    id: 7,
    title: String::new(),
    app_name: String::new(),
    pid: 0,
    x: 10,
    y: 20,
    width: 200,
    height: 120,
    minimized: false,
};

fn window() -> WindowInfo {
    WindowInfo { title: "tiles".into(), ..WINDOW }
}

/// Two 100x100 cells from (0, 20), the tile a black square in one of them.
fn draw(tile: usize) -> RgbaImage {
    let mut image = RgbaImage::from_pixel(200, 120, Rgba([255, 255, 255, 255]));
    for y in 40..100 {
        for x in 0..60 {
            image.put_pixel(20 + 100 * tile as u32 + x, y, Rgba([0, 0, 0, 255]));
        }
    }
    image
}

struct Screen(Rc<RefCell<World>>);

impl ScreenSource for Screen {
    fn windows(&mut self) -> Result<Vec<WindowInfo>, ScreenError> {
        Ok(vec![window()])
    }

    fn capture(&mut self, id: u32) -> Result<Frame, ScreenError> {
        if id != WINDOW.id {
            return Err(ScreenError::Gone(id));
        }
        Ok(Frame { image: draw(self.0.borrow().tile), window: window() })
    }
}

struct Input(Rc<RefCell<World>>);

impl InputSink for Input {
    fn move_to(&mut self, x: i32, y: i32) -> Result<(), InputError> {
        self.0.borrow_mut().pointer = Some((x, y));
        Ok(())
    }

    fn click(&mut self, x: i32, y: i32, _button: MouseButton) -> Result<(), InputError> {
        self.0.borrow_mut().pointer = Some((x, y));
        Ok(())
    }

    fn drag(&mut self, from: (i32, i32), to: (i32, i32), _button: MouseButton) -> Result<(), InputError> {
        let mut world = self.0.borrow_mut();
        world.drags.push((from, to));
        world.pointer = Some(to);
        // A drag from the tile's cell into the other cell moves the tile.
        let cell = |x: i32| usize::from(x - WINDOW.x >= 100);
        if cell(from.0) == world.tile && cell(to.0) != world.tile {
            world.tile = cell(to.0);
        }
        Ok(())
    }

    fn pointer(&mut self) -> Option<(i32, i32)> {
        self.0.borrow().pointer
    }

    fn escape(&mut self) -> Result<(), InputError> {
        Ok(())
    }
}

/// The toy game: read which cell is dark; drag the tile right (or, `wild`, far off the board).
struct Tiles {
    wild: bool,
}

impl ScreenGame for Tiles {
    type Calibration = [f64; 4];
    type Reading = usize;
    type Move = [f64; 2];

    fn calibrate(&self, image: &RgbaImage) -> Result<[f64; 4], VisionError> {
        if image.width() < 200 {
            return Err(VisionError::TooSmall { width: image.width(), height: image.height() });
        }
        Ok([0.0, 20.0, 200.0, 120.0])
    }

    fn describe_calibration(&self, _calibration: &[f64; 4]) -> String {
        "2x1 cells of 100 px".into()
    }

    fn read(&self, image: &RgbaImage, _calibration: &[f64; 4]) -> usize {
        usize::from(image.get_pixel(150, 70)[0] < 128)
    }

    fn consistent(&self, _previous: Option<&usize>, _next: &usize) -> Result<(), String> {
        Ok(())
    }

    fn bounds(&self, calibration: &[f64; 4]) -> [f64; 4] {
        *calibration
    }

    fn pitch(&self, _calibration: &[f64; 4]) -> f64 {
        100.0
    }

    fn is_new_game(&self, reading: &usize) -> bool {
        *reading == 0
    }

    fn is_in_progress(&self, _calibration: &[f64; 4], _reading: &usize) -> bool {
        false
    }

    fn start_game(&mut self, _calibration: &[f64; 4]) -> Result<(), StopReason> {
        Ok(())
    }

    fn outcome(&self, reading: &usize) -> Option<bool> {
        (*reading == 1).then_some(true)
    }

    fn decide(&mut self, _calibration: &[f64; 4], _reading: &usize) -> Result<Decision<[f64; 2]>, String> {
        let to = if self.wild { [450.0, 70.0] } else { [150.0, 70.0] };
        Ok(Decision { moves: vec![to], probabilities: Vec::new(), message: "move the tile right".into() })
    }

    fn action(&self, _calibration: &[f64; 4], _shown: &RgbaImage, to: &[f64; 2]) -> Option<Action> {
        Some(Action::Drag { from: [50.0, 70.0], to: *to, button: MouseButton::Left })
    }

    fn move_shown(
        &self,
        calibration: &[f64; 4],
        before: &RgbaImage,
        after: &RgbaImage,
        _to: &[f64; 2],
    ) -> bool {
        self.read(before, calibration) != self.read(after, calibration)
    }

    fn finishes(&self, _reading: &usize, _moves: &[[f64; 2]]) -> bool {
        true
    }

    fn describe(&self, reading: &usize) -> String {
        format!("tile in cell {reading}")
    }

    fn new_game_point(
        &self,
        _kind: &TargetKind,
        _window: &WindowInfo,
        _calibration: &[f64; 4],
        _shown: &RgbaImage,
    ) -> [f64; 2] {
        [100.0, 5.0]
    }
}

fn play(wild: bool) -> (BotReport, Rc<RefCell<World>>, Vec<String>) {
    let world = Rc::new(RefCell::new(World::default()));
    let settings = BotSettings { games: 1, max_moves_per_second: 1.0e6, ..BotSettings::default() };
    let mut bot = Bot::with_game(
        Screen(world.clone()),
        Input(world.clone()),
        settings,
        TargetKind::WindowId(WINDOW.id),
        window(),
        Tiles { wild },
    );
    let mut messages = Vec::new();
    let (report, log) = bot.play(&mut |status: &BotStatus<Tiles>| {
        messages.push(status.message.clone());
        std::ops::ControlFlow::Continue(())
    });
    assert!(log.games.iter().flatten().all(|read| read.starts_with("tile in cell")));
    (report, world, messages)
}

#[test]
fn a_drag_game_plays_through_the_same_loop() {
    let (report, world, messages) = play(false);
    assert_eq!(report.stopped, None, "{report:?}");
    assert_eq!((report.games, report.wins, report.moves, report.outside_clicks), (1, 1, 1, 0));
    // The drag went from the left cell's centre to the right one's, in screen pixels.
    assert_eq!(world.borrow().drags, vec![((60, 90), (160, 90))]);
    assert!(messages.iter().any(|message| message == "move the tile right"), "{messages:?}");
}

#[test]
fn a_drag_that_would_leave_the_board_is_refused_before_any_input() {
    let (report, world, _) = play(true);
    assert_eq!(report.outside_clicks, 1);
    assert!(matches!(report.stop_reason, Some(StopReason::OutsideClick(..))), "{report:?}");
    assert!(world.borrow().drags.is_empty(), "a refused drag was sent");
}
