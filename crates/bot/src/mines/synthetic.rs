//! Boards drawn from a game, at any cell size and in any colours, inside a window-like frame:
//! the vision's test material beyond the two real targets, and the screen of a simulated target
//! for testing the whole loop without a display.

use super::annotate::glyph;
use super::skin::{fill, shade};
use super::vision;
use crate::input::MouseButton;
use crate::screen::WindowInfo;
pub use crate::simulated::{SimulatedInput, SimulatedScreen};
use ::mines::{Cell, Game, GameStatus};
use image::{Rgba, RgbaImage};
use std::cell::RefCell;
use std::rc::Rc;

/// How a synthetic board looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look {
    /// Cell pitch in pixels.
    pub cell: u32,
    /// Gap between tiles in pixels (0: cells touch, with raised edges).
    pub gap: u32,
    /// Covered cells.
    pub covered: [u8; 3],
    /// Revealed cells.
    pub revealed: [u8; 3],
    /// The window around the board.
    pub window: [u8; 3],
    /// Margin from the window's edge to the board (left, top); the top margin holds the bar
    /// with the counter and the face.
    pub margin: (u32, u32),
    /// The first this many columns, and rows, are a pixel wider than `cell` (a toolkit fitting
    /// tiles to its window hands out the leftover pixels so).
    pub wider: u32,
}

impl Look {
    /// Where column (or row) `index` starts, from the board's edge.
    pub fn offset(&self, index: u32) -> u32 {
        index * self.cell + index.min(self.wider)
    }

    /// The column (or row) at `offset` pixels from the board's edge.
    pub fn index_at(&self, offset: u32) -> u32 {
        let wide = self.cell + 1;
        if offset < self.wider * wide {
            offset / wide
        } else {
            self.wider + (offset - self.wider * wide) / self.cell
        }
    }

    /// The classic look at another cell size: margins scale with the cell.
    pub fn classic(cell: u32) -> Look {
        Look { cell, margin: (cell / 6 + 2, cell * 2), ..Look::default() }
    }
}

impl Default for Look {
    fn default() -> Self {
        Look {
            cell: 24,
            gap: 0,
            covered: [192, 192, 192],
            revealed: [228, 228, 228],
            window: [192, 192, 192],
            margin: (4, 48),
            wider: 0,
        }
    }
}

/// Draws the visible cells of `game` (and its mines, once lost) in the classic way: raised
/// covered cells (or flat tiles with gaps), coloured digits, red flags, black mines, a red
/// exploded cell.
pub fn draw(game: &Game, look: &Look) -> RgbaImage {
    let config = game.config();
    let width = look.margin.0 * 2 + look.offset(config.width as u32);
    let height = look.margin.1 + look.margin.0 + look.offset(config.height as u32);
    let mut image =
        RgbaImage::from_pixel(width, height, Rgba([look.window[0], look.window[1], look.window[2], 255]));
    // A title strip and a counter, so the board is not alone in the picture.
    fill(&mut image, 0, 0, width, look.margin.1 / 3, shade(look.window, -40));
    fill(
        &mut image,
        look.margin.0 + 4,
        look.margin.1 * 2 / 5,
        40.min(width / 4),
        look.margin.1 / 3,
        [0, 0, 0],
    );
    let lost = game.status() == GameStatus::Lost;
    let layout = game.mine_layout();
    let pad = look.cell / 5;
    for row in 0..config.height {
        for column in 0..config.width {
            let index = row * config.width + column;
            let x = look.margin.0 + look.offset(column as u32);
            let y = look.margin.1 + look.offset(row as u32);
            let tile_width = look.offset(column as u32 + 1) - look.offset(column as u32) - look.gap;
            let tile_height = look.offset(row as u32 + 1) - look.offset(row as u32) - look.gap;
            let tile = tile_width.min(tile_height);
            let cell = game.cells()[index];
            let mine_shown = lost && layout.is_some_and(|layout| layout[index]) && cell == Cell::Covered;
            let background = match cell {
                Cell::Revealed(_) => look.revealed,
                Cell::Exploded => [224, 48, 48],
                Cell::Covered | Cell::Flagged => look.covered,
            };
            fill(&mut image, x, y, tile_width, tile_height, background);
            if look.gap == 0 {
                if matches!(cell, Cell::Covered | Cell::Flagged) {
                    fill(&mut image, x, y, tile_width, 2, shade(look.covered, 56));
                    fill(&mut image, x, y, 2, tile_height, shade(look.covered, 56));
                    fill(&mut image, x, y + tile_height - 2, tile_width, 2, shade(look.covered, -64));
                    fill(&mut image, x + tile_width - 2, y, 2, tile_height, shade(look.covered, -64));
                } else {
                    fill(&mut image, x, y, tile_width, 1, shade(look.revealed, -70));
                    fill(&mut image, x, y, 1, tile_height, shade(look.revealed, -70));
                }
            }
            let mark = match cell {
                Cell::Revealed(n) if n > 0 => {
                    Some((char::from(b'0' + n), vision::CLASSIC_DIGITS[usize::from(n) - 1]))
                }
                Cell::Flagged => Some(('F', [208, 16, 16])),
                Cell::Exploded => Some(('*', [0, 0, 0])),
                Cell::Covered if mine_shown => Some(('*', [0, 0, 0])),
                _ => None,
            };
            if let Some((symbol, colour)) = mark {
                let scale = ((tile - 2 * pad) / 5).max(1);
                let glyph_x = x + (tile - 3 * scale) / 2;
                let glyph_y = y + (tile - 5 * scale) / 2;
                for (gy, line) in glyph(symbol).iter().enumerate() {
                    for gx in 0..3u32 {
                        if line >> (2 - gx) & 1 == 1 {
                            fill(
                                &mut image,
                                glyph_x + gx * scale,
                                glyph_y + gy as u32 * scale,
                                scale,
                                scale,
                                colour,
                            );
                        }
                    }
                }
            }
        }
    }
    image
}

/// A simulated target: a game drawn by [`draw`] as a window at a place on a pretend screen,
/// answering clicks like the built-in window (left reveals or chords, right flags, the face
/// above the board starts the next game).
pub struct Simulation {
    /// The game.
    pub game: Game,
    /// Its look.
    pub look: Look,
    /// A generated skin drawn instead of `look`, if any (its games start opened if it says so).
    pub skin: Option<super::skin::Skin>,
    /// The window's place on the pretend screen.
    pub window: WindowInfo,
    /// Finished games: (seed, won, mine layout).
    pub finished: Vec<(u64, bool, Vec<bool>)>,
    /// Every click as the target took it, in screen pixels.
    pub clicks: Vec<(i32, i32, MouseButton)>,
    /// The pointer.
    pub pointer: Option<(i32, i32)>,
    /// Take clicks as egui does: queued, and resolved at the next capture (the next frame)
    /// wherever the pointer is then.
    pub frame_batched: bool,
    /// How many captures the picture trails the game by (a slow renderer): a capture shows the
    /// game as it was that many captures before.
    pub frame_lag: usize,
    /// The pictures not shown yet, oldest first.
    frames: std::collections::VecDeque<RgbaImage>,
    /// Clicks queued for the next frame: where each was made, and its button.
    pub pending: Vec<(i32, i32, MouseButton)>,
    /// Queued clicks the pointer had left by their frame (resolved elsewhere).
    pub moved_clicks: usize,
    /// Move the window 37 pixels right once this many clicks are taken (someone dragging it
    /// mid-game).
    pub move_window_after: Option<usize>,
}

impl Simulation {
    /// A simulation of `game` in `look`, its window at (100, 80).
    pub fn new(game: Game, look: Look) -> Rc<RefCell<Simulation>> {
        Self::drawn(game, look, None)
    }

    /// A simulation of games drawn in a generated skin, the first from `seed`, its window at
    /// (100, 80).
    pub fn skinned(
        config: ::mines::BoardConfig,
        seed: u64,
        skin: super::skin::Skin,
    ) -> Rc<RefCell<Simulation>> {
        let game = skin.new_game(config, seed);
        Self::drawn(game, Look::default(), Some(skin))
    }

    fn picture(game: &Game, look: &Look, skin: Option<&super::skin::Skin>) -> RgbaImage {
        match skin {
            Some(skin) => skin.draw(game),
            None => draw(game, look),
        }
    }

    fn drawn(game: Game, look: Look, skin: Option<super::skin::Skin>) -> Rc<RefCell<Simulation>> {
        let image = Self::picture(&game, &look, skin.as_ref());
        let window = WindowInfo {
            id: 7,
            title: "Simulated Minesweeper".into(),
            app_name: "test".into(),
            pid: 0,
            x: 100,
            y: 80,
            width: image.width(),
            height: image.height(),
            minimized: false,
        };
        Rc::new(RefCell::new(Simulation {
            game,
            look,
            skin,
            window,
            finished: Vec::new(),
            clicks: Vec::new(),
            pointer: None,
            frame_batched: false,
            frame_lag: 0,
            frames: std::collections::VecDeque::new(),
            pending: Vec::new(),
            moved_clicks: 0,
            move_window_after: None,
        }))
    }

    /// Resolves the queued clicks at the pointer, as a frame of a batching target would.
    fn next_frame(&mut self) {
        for (x, y, button) in std::mem::take(&mut self.pending) {
            let at = self.pointer.unwrap_or((x, y));
            self.moved_clicks += usize::from(at != (x, y));
            self.take_click(at.0, at.1, button);
        }
    }

    /// A click as the target takes it: the face, a cell, or nothing.
    fn take_click(&mut self, x: i32, y: i32, button: MouseButton) {
        self.clicks.push((x, y, button));
        if self.move_window_after == Some(self.clicks.len()) {
            self.window.x += 37;
        }
        let config = self.game.config();
        let before = self.game.status();
        if let Some(skin) = &self.skin {
            let (local_x, local_y) = (f64::from(x - self.window.x) + 0.5, f64::from(y - self.window.y) + 0.5);
            if skin.on_face(local_x, local_y, config.width, config.height) {
                let seed = self.game.seed().wrapping_add(1);
                self.game = skin.new_game(config, seed);
                return;
            }
            if let Some((row, column)) = skin.cell_at(local_x, local_y, config.width, config.height) {
                self.press(row, column, button, before);
            }
            return;
        }
        let local =
            (x - self.window.x - self.look.margin.0 as i32, y - self.window.y - self.look.margin.1 as i32);
        if local.1 < 0 {
            // The bar above the board: the face starts the next game.
            if local.1 > -(self.look.margin.1 as i32) + (self.look.margin.1 as i32) / 3 {
                let seed = self.game.seed().wrapping_add(1);
                self.game = Game::new(config, seed);
            }
            return;
        }
        if local.0 < 0 {
            return;
        }
        let (row, column) =
            (self.look.index_at(local.1 as u32) as usize, self.look.index_at(local.0 as u32) as usize);
        if row >= config.height || column >= config.width {
            return;
        }
        self.press(row, column, button, before);
    }

    /// A press on a cell: right flags, left reveals or chords; a game that ends is recorded.
    fn press(&mut self, row: usize, column: usize, button: MouseButton, before: GameStatus) {
        let _ = match (button, self.game.cell(row, column)) {
            (MouseButton::Right, _) => self.game.toggle_flag(row, column).map(|()| self.game.status()),
            (_, Cell::Revealed(_)) => self.game.chord(row, column),
            _ => self.game.reveal(row, column),
        };
        if before == GameStatus::Playing && self.game.status() != GameStatus::Playing {
            let layout = self.game.mine_layout().map(<[bool]>::to_vec).unwrap_or_default();
            self.finished.push((self.game.seed(), self.game.status() == GameStatus::Won, layout));
        }
    }
}

/// Settings for a bot on a simulation: `games` games, no rate limit, and a short wait for the
/// screen (the simulation shows a click at its next capture).
pub fn quick_settings(games: usize) -> crate::player::BotSettings {
    crate::player::BotSettings {
        games,
        max_moves_per_second: 1.0e6,
        settle_timeout: std::time::Duration::from_millis(50),
        ..crate::player::BotSettings::default()
    }
}

/// A minesweeper bot on the simulated window.
pub type SimulatedBot =
    crate::player::Bot<SimulatedScreen<Simulation>, SimulatedInput<Simulation>, super::MinesGame>;

/// A minesweeper bot playing the simulation as it plays `program` (its theme and rules).
pub fn simulated_bot(
    simulation: &Rc<RefCell<Simulation>>,
    settings: crate::player::BotSettings,
    program: &'static crate::targets::Program,
) -> SimulatedBot {
    let window = simulation.borrow().window.clone();
    crate::player::Bot::mines(
        SimulatedScreen(simulation.clone()),
        SimulatedInput(simulation.clone()),
        settings,
        crate::targets::TargetKind::Program(program),
        window,
    )
}

impl crate::simulated::Simulated for Simulation {
    fn window(&self) -> &WindowInfo {
        &self.window
    }

    /// The picture as it was `frame_lag` captures ago, after the clicks queued for this frame.
    fn capture(&mut self) -> RgbaImage {
        self.next_frame();
        let now = Simulation::picture(&self.game, &self.look, self.skin.as_ref());
        self.frames.push_back(now);
        while self.frames.len() > self.frame_lag + 1 {
            self.frames.pop_front();
        }
        self.frames.front().cloned().expect("a frame was just drawn")
    }

    fn pointer_mut(&mut self) -> &mut Option<(i32, i32)> {
        &mut self.pointer
    }

    /// Taken at once, or queued for the next frame when the target takes clicks once a frame.
    fn click(&mut self, x: i32, y: i32, button: MouseButton) {
        if self.frame_batched {
            self.pending.push((x, y, button));
        } else {
            self.take_click(x, y, button);
        }
    }
}
