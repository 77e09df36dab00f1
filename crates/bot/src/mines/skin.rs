//! Generated minesweeper skins: a look drawn at random from a seed (cell size, how covered cells
//! and their borders are drawn, every colour, the digits' font, where the counter and the face
//! sit, whether a game starts opened), and one renderer that draws a game in it. The built-in
//! window draws a skin when asked (`curio mines window --skin SEED`) and the simulated target
//! draws the same pictures, so the bot is tested on looks that no code path was tuned on.

use super::annotate::glyph;
use ::mines::{Cell, Game, GameStatus};
use image::{Rgba, RgbaImage};
use rand::{RngExt, SeedableRng};
use serde::Serialize;

/// How covered cells are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Covered {
    /// One flat colour.
    Flat,
    /// Lit from the top left: light top and left edges, dark bottom and right ones.
    Raised,
    /// Diagonal stripes of a second colour, `spacing` pixels apart.
    Hatched {
        /// Pixels between stripes.
        spacing: u32,
    },
}

/// What lies between cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Border {
    /// Lines of `width` pixels on every side of every cell.
    Grid {
        /// Line width in pixels.
        width: u32,
    },
    /// Tiles apart by `width` pixels of the gap colour.
    Gaps {
        /// Gap width in pixels.
        width: u32,
    },
    /// Touching cells (covered ones raised), revealed ones with a one-pixel line on their top
    /// and left: the classic look.
    Touching,
}

/// The digits' font.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Font {
    /// 3x5 blocks.
    Blocks,
    /// 5x7 dots, a thinner and taller face.
    Dots,
    /// Seven segments, as on a pocket calculator.
    Segments,
}

/// Left, middle or right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Place {
    /// At the left.
    Left,
    /// In the middle.
    Middle,
    /// At the right.
    Right,
}

/// A generated look (see the module doc).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Skin {
    /// The seed it was drawn from.
    pub seed: u64,
    /// Cell pitch in pixels, 12 to 40.
    pub cell: u32,
    /// Covered cells.
    pub covered_style: Covered,
    /// Between cells.
    pub border: Border,
    /// Covered cells' colour.
    pub covered: [u8; 3],
    /// The stripes of hatched covered cells.
    pub stripes: [u8; 3],
    /// Revealed cells' colour.
    pub revealed: [u8; 3],
    /// Grid lines or gaps.
    pub lines: [u8; 3],
    /// The window around the board.
    pub window: [u8; 3],
    /// Digits 1 to 8.
    pub digits: [[u8; 3]; 8],
    /// The digits' font.
    pub font: Font,
    /// Flags.
    pub flag: [u8; 3],
    /// Mines shown after a loss.
    pub mine: [u8; 3],
    /// The background of the mine that was clicked.
    pub exploded: [u8; 3],
    /// Whether the bar with the counter and the face is below the board (else above).
    pub bar_below: bool,
    /// Where the face (the new-game button) sits in the bar.
    pub face: Place,
    /// Whether the mine counter sits at the bar's left (else its right).
    pub counter_left: bool,
    /// Margin around the board in pixels.
    pub margin: u32,
    /// Whether every game starts with an opening revealed.
    pub opened: bool,
}

fn luminance(colour: [u8; 3]) -> f32 {
    0.299 * f32::from(colour[0]) + 0.587 * f32::from(colour[1]) + 0.114 * f32::from(colour[2])
}

fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    (0..3).map(|channel| u32::from(a[channel].abs_diff(b[channel]))).sum()
}

/// `colour` lighter (or darker, for a negative `amount`) by `amount` in every channel.
pub(crate) fn shade(colour: [u8; 3], amount: i32) -> [u8; 3] {
    colour.map(|channel| (i32::from(channel) + amount).clamp(0, 255) as u8)
}

/// A random colour that `accept` takes (the last one drawn if none of many does).
fn colour_where(random: &mut rand_pcg::Pcg64, accept: impl Fn([u8; 3]) -> bool) -> [u8; 3] {
    let mut colour = [0; 3];
    for _ in 0..2000 {
        colour = [random.random(), random.random(), random.random()];
        if accept(colour) {
            break;
        }
    }
    colour
}

impl Skin {
    /// The skin drawn from `seed`. Every colour is random under the rules any readable skin
    /// keeps: covered and revealed cells differ, grid lines stand out from both, digits stand out
    /// from the revealed colour and from each other, flags from the covered colour.
    pub fn generate(seed: u64) -> Skin {
        let mut random = rand_pcg::Pcg64::seed_from_u64(seed ^ 0x5EED_5C1B);
        let cell = random.random_range(12..=40u32);
        let covered_style = match random.random_range(0..3u32) {
            0 => Covered::Flat,
            1 => Covered::Raised,
            _ => Covered::Hatched { spacing: random.random_range(4..=7) },
        };
        let border = match random.random_range(0..3u32) {
            0 => Border::Grid { width: if cell >= 24 { random.random_range(1..=2) } else { 1 } },
            1 => Border::Gaps { width: random.random_range(1..=(cell / 10).max(1)) },
            _ if covered_style == Covered::Raised => Border::Touching,
            _ => Border::Grid { width: 1 },
        };
        let covered = colour_where(&mut random, |colour| (60.0..=225.0).contains(&luminance(colour)));
        let revealed = colour_where(&mut random, |colour| {
            distance(colour, covered) >= 90 && (luminance(colour) - luminance(covered)).abs() >= 20.0
        });
        let stripes = shade(covered, if luminance(covered) > 128.0 { -45 } else { 45 });
        let lines = colour_where(&mut random, |colour| {
            [covered, revealed, stripes]
                .iter()
                .all(|&other| (luminance(colour) - luminance(other)).abs() >= 30.0)
        });
        let window = colour_where(&mut random, |colour| (luminance(colour) - luminance(lines)).abs() >= 30.0);
        let mut digits = [[0u8; 3]; 8];
        for index in 0..8 {
            let chosen = digits[..index].to_vec();
            digits[index] = colour_where(&mut random, |colour| {
                distance(colour, revealed) >= 200
                    && chosen.iter().all(|&other| distance(colour, other) >= 110)
            });
        }
        let font = [Font::Blocks, Font::Dots, Font::Segments][random.random_range(0..3usize)];
        let flag = colour_where(&mut random, |colour| {
            distance(colour, covered) >= 200 && distance(colour, stripes) >= 150
        });
        let mine = colour_where(&mut random, |colour| {
            distance(colour, covered) >= 200
                && distance(colour, stripes) >= 150
                && distance(colour, flag) >= 120
        });
        let exploded = colour_where(&mut random, |colour| {
            [covered, revealed, stripes, lines].iter().all(|&other| distance(colour, other) >= 120)
                && distance(colour, mine) >= 200
        });
        let face = [Place::Left, Place::Middle, Place::Right][random.random_range(0..3usize)];
        let counter_left = match face {
            Place::Left => false,
            Place::Right => true,
            Place::Middle => random.random(),
        };
        Skin {
            seed,
            cell,
            covered_style,
            border,
            covered,
            stripes,
            revealed,
            lines,
            window,
            digits,
            font,
            flag,
            mine,
            exploded,
            bar_below: random.random_range(0..4u32) == 0,
            face,
            counter_left,
            margin: random.random_range(4..=16),
            opened: random.random(),
        }
    }

    /// A new game of `config` from `seed`: opened (its first click made by the game, at a cell
    /// drawn from the seed, under the opening rule) when the skin says so.
    pub fn new_game(&self, config: ::mines::BoardConfig, seed: u64) -> Game {
        opened_game(config, seed, self.opened)
    }

    /// Height of the bar with the counter and the face, in pixels.
    pub fn bar(&self) -> u32 {
        (self.cell * 3 / 2).max(30)
    }

    /// Width of the line or gap between cells.
    fn border_width(&self) -> u32 {
        match self.border {
            Border::Grid { width } | Border::Gaps { width } => width,
            Border::Touching => 0,
        }
    }

    /// The board's top-left corner in the picture.
    pub fn board_origin(&self) -> (u32, u32) {
        let top = if self.bar_below { self.margin } else { self.margin + self.bar() + self.margin };
        (self.margin, top)
    }

    /// The board's size in pixels for `width` x `height` cells (the last grid line included).
    pub fn board_size(&self, width: usize, height: usize) -> (u32, u32) {
        let extra = match self.border {
            Border::Grid { width } => width,
            _ => 0,
        };
        (width as u32 * self.cell + extra, height as u32 * self.cell + extra)
    }

    /// The picture's size for `width` x `height` cells: the board, the bar and the margins, and
    /// at least wide enough for the counter and the face.
    pub fn picture_size(&self, width: usize, height: usize) -> (u32, u32) {
        let (board_width, board_height) = self.board_size(width, height);
        // Room for the face and the counter side by side, with a gap, wherever the face sits.
        let needed = self.bar() * 5 + 16;
        (
            (board_width + 2 * self.margin).max(needed + 2 * self.margin),
            board_height + self.bar() + 3 * self.margin,
        )
    }

    /// The bar's rectangle: left, top, width, height.
    fn bar_rect(&self, width: usize, height: usize) -> (u32, u32, u32, u32) {
        let (picture_width, _) = self.picture_size(width, height);
        let (_, board_height) = self.board_size(width, height);
        let top = if self.bar_below { self.margin * 2 + board_height } else { self.margin };
        (self.margin, top, picture_width - 2 * self.margin, self.bar())
    }

    /// The face's rectangle (left, top, side) for a board of `width` x `height` cells.
    pub fn face_rect(&self, width: usize, height: usize) -> (u32, u32, u32) {
        let (left, top, bar_width, bar_height) = self.bar_rect(width, height);
        let side = bar_height - 6;
        let x = match self.face {
            Place::Left => left + 3,
            Place::Middle => left + (bar_width - side) / 2,
            Place::Right => left + bar_width - side - 3,
        };
        (x, top + 3, side)
    }

    /// The cell under a point of the picture, if any.
    pub fn cell_at(&self, x: f64, y: f64, width: usize, height: usize) -> Option<(usize, usize)> {
        let (left, top) = self.board_origin();
        let (column, row) =
            ((x - f64::from(left)) / f64::from(self.cell), (y - f64::from(top)) / f64::from(self.cell));
        (column >= 0.0 && row >= 0.0 && (column as usize) < width && (row as usize) < height)
            .then_some((row as usize, column as usize))
    }

    /// Whether a point of the picture is on the face.
    pub fn on_face(&self, x: f64, y: f64, width: usize, height: usize) -> bool {
        let (left, top, side) = self.face_rect(width, height);
        let (left, top, side) = (f64::from(left), f64::from(top), f64::from(side));
        x >= left && x < left + side && y >= top && y < top + side
    }

    /// Draws `game` in this skin (its mines too, once lost).
    pub fn draw(&self, game: &Game) -> RgbaImage {
        let config = game.config();
        let (width, height) = self.picture_size(config.width, config.height);
        let mut image = RgbaImage::from_pixel(width, height, rgba(self.window));
        let (board_left, board_top) = self.board_origin();
        let (board_width, board_height) = self.board_size(config.width, config.height);
        let line = self.border_width();
        match self.border {
            Border::Grid { .. } | Border::Gaps { .. } => {
                fill(&mut image, board_left, board_top, board_width, board_height, self.lines)
            }
            Border::Touching => {}
        }
        let lost = game.status() == GameStatus::Lost;
        let layout = game.mine_layout();
        for row in 0..config.height {
            for column in 0..config.width {
                let index = row * config.width + column;
                let x = board_left + column as u32 * self.cell;
                let y = board_top + row as u32 * self.cell;
                // The tile: inside the grid lines, or before the gap.
                let (x, y, side) = match self.border {
                    Border::Grid { width } => (x + width, y + width, self.cell - width),
                    Border::Gaps { width } => (x, y, self.cell - width),
                    Border::Touching => (x, y, self.cell),
                };
                let cell = game.cells()[index];
                let mine_shown = lost && layout.is_some_and(|layout| layout[index]) && cell == Cell::Covered;
                match cell {
                    Cell::Covered | Cell::Flagged => self.draw_covered(&mut image, x, y, side),
                    Cell::Revealed(_) => fill(&mut image, x, y, side, side, self.revealed),
                    Cell::Exploded => fill(&mut image, x, y, side, side, self.exploded),
                }
                if self.border == Border::Touching && matches!(cell, Cell::Revealed(_) | Cell::Exploded) {
                    let edge = shade(self.revealed, if luminance(self.revealed) > 100.0 { -70 } else { 70 });
                    fill(&mut image, x, y, side, 1, edge);
                    fill(&mut image, x, y, 1, side, edge);
                }
                match cell {
                    Cell::Revealed(number) if number > 0 => {
                        self.draw_digit(&mut image, x, y, side, number, self.digits[usize::from(number) - 1])
                    }
                    Cell::Flagged => draw_flag(&mut image, x, y, side, self.flag),
                    Cell::Exploded => draw_mine(&mut image, x, y, side, self.mine),
                    Cell::Covered if mine_shown => draw_mine(&mut image, x, y, side, self.mine),
                    _ => {}
                }
            }
        }
        let _ = line;
        self.draw_bar(&mut image, game);
        image
    }

    fn draw_covered(&self, image: &mut RgbaImage, x: u32, y: u32, side: u32) {
        fill(image, x, y, side, side, self.covered);
        match self.covered_style {
            Covered::Flat => {}
            Covered::Raised => {
                let bevel = (side / 12).max(1);
                let (light, dark) = (shade(self.covered, 60), shade(self.covered, -60));
                fill(image, x, y, side, bevel, light);
                fill(image, x, y, bevel, side, light);
                fill(image, x, y + side - bevel, side, bevel, dark);
                fill(image, x + side - bevel, y, bevel, side, dark);
            }
            Covered::Hatched { spacing } => {
                for dy in 0..side {
                    for dx in 0..side {
                        if (dx + dy) % spacing == 0 {
                            image.put_pixel(x + dx, y + dy, rgba(self.stripes));
                        }
                    }
                }
            }
        }
    }

    /// A digit centred in the tile at (x, y), in this skin's font.
    fn draw_digit(&self, image: &mut RgbaImage, x: u32, y: u32, side: u32, number: u8, colour: [u8; 3]) {
        match self.font {
            Font::Blocks => {
                let bits: Vec<u8> = glyph(char::from(b'0' + number)).to_vec();
                draw_bitmap(image, x, y, side, &bits, 3, colour);
            }
            Font::Dots => draw_bitmap(image, x, y, side, &DOTS[usize::from(number) - 1], 5, colour),
            Font::Segments => {
                let unit = (side * 6 / 10 / 7).max(1);
                let (glyph_width, glyph_height) = (unit * 4, unit * 7);
                let (left, top) = (x + (side - glyph_width) / 2, y + (side - glyph_height) / 2);
                draw_segments(image, left, top, unit, 4, SEGMENTS[usize::from(number) - 1], colour);
            }
        }
    }

    fn draw_bar(&self, image: &mut RgbaImage, game: &Game) {
        let config = game.config();
        let (left, top, bar_width, bar_height) = self.bar_rect(config.width, config.height);
        // The counter: three seven-segment digits, red on black.
        let unit = ((bar_height - 8) / 8).max(1);
        let counter_width = (unit * 4 * 3 + unit * 4).max((bar_height - 6) * 17 / 10);
        let counter_x = if self.counter_left { left + 3 } else { left + bar_width - counter_width - 3 };
        fill(image, counter_x, top + 3, counter_width, bar_height - 6, [0, 0, 0]);
        let count = game.mine_counter().clamp(0, 999) as u32;
        for (place, digit) in [count / 100, count / 10 % 10, count % 10].into_iter().enumerate() {
            let on = if digit == 0 { 0b1111110 } else { SEGMENTS[digit as usize - 1] };
            let (dx, dy) = (counter_x + unit * 2 + place as u32 * unit * 4, top + 4 + unit / 2);
            draw_segments(image, dx, dy, unit, 3, on, [230, 20, 20]);
        }
        // The face: a raised square with a yellow disc, its eyes saying how the game stands.
        let (face_x, face_y, side) = self.face_rect(config.width, config.height);
        fill(image, face_x, face_y, side, side, [200, 200, 200]);
        fill(image, face_x, face_y, side, 2, [255, 255, 255]);
        fill(image, face_x, face_y, 2, side, [255, 255, 255]);
        fill(image, face_x, face_y + side - 2, side, 2, [100, 100, 100]);
        fill(image, face_x + side - 2, face_y, 2, side, [100, 100, 100]);
        let (center_x, center_y) =
            (f64::from(face_x) + f64::from(side) / 2.0, f64::from(face_y) + f64::from(side) / 2.0);
        let radius = f64::from(side) * 0.36;
        for y in face_y..face_y + side {
            for x in face_x..face_x + side {
                let (dx, dy) = (f64::from(x) + 0.5 - center_x, f64::from(y) + 0.5 - center_y);
                if dx * dx + dy * dy <= radius * radius {
                    image.put_pixel(x, y, rgba([250, 220, 40]));
                }
            }
        }
        let eye = (side / 10).max(2);
        let eye_y = (center_y - radius * 0.35) as u32;
        let eyes = [(center_x - radius * 0.4) as u32, (center_x + radius * 0.4) as u32 - eye];
        match game.status() {
            GameStatus::Playing => {
                for eye_x in eyes {
                    fill(image, eye_x, eye_y, eye, eye, [0, 0, 0]);
                }
            }
            GameStatus::Won => fill(image, eyes[0] - eye, eye_y, eyes[1] - eyes[0] + 3 * eye, eye, [0, 0, 0]),
            GameStatus::Lost => {
                for eye_x in eyes {
                    for step in 0..eye + 2 {
                        fill(image, eye_x + step - 1, eye_y + step - 1, 1, 1, [0, 0, 0]);
                        fill(image, eye_x + eye - step, eye_y + step - 1, 1, 1, [0, 0, 0]);
                    }
                }
            }
        }
        let mouth_y = (center_y + radius * 0.4) as u32;
        let mouth_x = (center_x - radius * 0.4) as u32;
        fill(image, mouth_x, mouth_y, (radius * 0.8) as u32, (side / 16).max(1), [0, 0, 0]);
    }
}

/// A new game of `config` from `seed`; with `opened`, under the opening rule and with its first
/// click made at a cell drawn from the seed (so it starts with an area open).
pub fn opened_game(config: ::mines::BoardConfig, seed: u64, opened: bool) -> Game {
    if !opened {
        return Game::new(config, seed);
    }
    let config = ::mines::BoardConfig { rule: ::mines::FirstClickRule::Opening, ..config };
    let mut game = Game::new(config, seed);
    let cells = config.width * config.height;
    let cell = (seed.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33) as usize % cells.max(1);
    let _ = game.reveal(cell / config.width, cell % config.width);
    game
}

/// A seven-segment digit (segments a to g from the high bit of `on`) with its top left at
/// (`left`, `top`), `width` units wide and seven tall, a unit `unit` pixels.
fn draw_segments(image: &mut RgbaImage, left: u32, top: u32, unit: u32, width: u32, on: u8, colour: [u8; 3]) {
    // a top, b top right, c bottom right, d bottom, e bottom left, f top left, g middle.
    let right = width - 1;
    let bars = [
        (0, 0, width, 1),
        (right, 0, 1, 4),
        (right, 3, 1, 4),
        (0, 6, width, 1),
        (0, 3, 1, 4),
        (0, 0, 1, 4),
        (0, 3, width, 1),
    ];
    for (segment, (x, y, w, h)) in bars.into_iter().enumerate() {
        if on >> (6 - segment) & 1 == 1 {
            fill(image, left + x * unit, top + y * unit, w * unit, h * unit, colour);
        }
    }
}

/// 5x7 digits 1 to 8, rows top to bottom, five bits a row (left bit first).
const DOTS: [[u8; 7]; 8] = [
    [0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110],
    [0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b11111],
    [0b11110, 0b00001, 0b00001, 0b01110, 0b00001, 0b00001, 0b11110],
    [0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010],
    [0b11111, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110],
    [0b00110, 0b01000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110],
    [0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b01000, 0b01000],
    [0b01110, 0b10001, 0b10001, 0b01110, 0b10001, 0b10001, 0b01110],
];

/// Seven-segment digits 1 to 9, segments a to g from the high bit.
const SEGMENTS: [u8; 9] =
    [0b0110000, 0b1101101, 0b1111001, 0b0110011, 0b1011011, 0b1011111, 0b1110000, 0b1111111, 0b1111011];

fn rgba(colour: [u8; 3]) -> Rgba<u8> {
    Rgba([colour[0], colour[1], colour[2], 255])
}

/// Fills a rectangle of `image` (clipped to it) with `colour`.
pub(crate) fn fill(image: &mut RgbaImage, x0: u32, y0: u32, width: u32, height: u32, colour: [u8; 3]) {
    for y in y0..(y0 + height).min(image.height()) {
        for x in x0..(x0 + width).min(image.width()) {
            image.put_pixel(x, y, rgba(colour));
        }
    }
}

/// A bitmap glyph (`rows` of `columns` bits, left bit first) scaled to about 60% of the tile and
/// centred in it.
fn draw_bitmap(image: &mut RgbaImage, x: u32, y: u32, side: u32, rows: &[u8], columns: u32, colour: [u8; 3]) {
    let scale = (side * 6 / 10 / rows.len() as u32).max(1);
    let (glyph_width, glyph_height) = (columns * scale, rows.len() as u32 * scale);
    let (left, top) = (x + side.saturating_sub(glyph_width) / 2, y + side.saturating_sub(glyph_height) / 2);
    for (gy, line) in rows.iter().enumerate() {
        for gx in 0..columns {
            if line >> (columns - 1 - gx) & 1 == 1 {
                fill(image, left + gx * scale, top + gy as u32 * scale, scale, scale, colour);
            }
        }
    }
}

/// A flag: a triangle on a pole.
fn draw_flag(image: &mut RgbaImage, x: u32, y: u32, side: u32, colour: [u8; 3]) {
    let (top, size) = (y + side / 5, side * 3 / 5);
    let pole = x + side / 2 + size / 6;
    fill(image, pole, top, (side / 12).max(1), size, colour);
    for row in 0..size / 2 {
        let reach = (size / 2).saturating_sub(row.abs_diff(size / 4) * 2);
        fill(image, pole.saturating_sub(reach), top + row, reach, 1, colour);
    }
}

/// A mine: a filled disc.
fn draw_mine(image: &mut RgbaImage, x: u32, y: u32, side: u32, colour: [u8; 3]) {
    let center = f64::from(side) / 2.0;
    let radius = f64::from(side) * 0.3;
    for dy in 0..side {
        for dx in 0..side {
            let (fx, fy) = (f64::from(dx) + 0.5 - center, f64::from(dy) + 0.5 - center);
            if fx * fx + fy * fy <= radius * radius {
                image.put_pixel(x + dx, y + dy, rgba(colour));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skins_differ_by_seed_and_stay_readable_by_their_rules() {
        let skins: Vec<Skin> = (0..50).map(Skin::generate).collect();
        assert!(skins.windows(2).all(|pair| pair[0] != pair[1]));
        for skin in &skins {
            assert!((12..=40).contains(&skin.cell));
            assert!(distance(skin.covered, skin.revealed) >= 90, "{skin:?}");
            for (index, digit) in skin.digits.iter().enumerate() {
                assert!(distance(*digit, skin.revealed) >= 200, "{skin:?}");
                assert!(skin.digits[..index].iter().all(|other| distance(*other, *digit) >= 110), "{skin:?}");
            }
        }
        for style in [Font::Blocks, Font::Dots, Font::Segments] {
            assert!(skins.iter().any(|skin| skin.font == style));
        }
    }
}
