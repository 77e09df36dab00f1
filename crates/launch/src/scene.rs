//! The game's picture: [`draw`] paints a [`Game`] into an image of [`WIDTH`] x [`HEIGHT`]
//! pixels (the window shows exactly this image), and [`button_rect`] and [`slot_rect`] say where
//! its button and power-up slots are (for the window's clicks; the screen bot finds them in the
//! picture itself).
//!
//! The sky and the ground scroll with the run; the character is drawn at a fixed column. The
//! power-up slots sit on the ground band, bottom right: a grey icon while the meter fills, the
//! power-up's colour with a gold frame once it is full, the meter as a bar under it. Menus are a
//! dark card with a title and a round-cornered yellow button with a play triangle, placed
//! differently on every screen.

use crate::{Game, Power, Screen};
use image::{Rgba, RgbaImage};

/// The picture's width, pixels.
pub const WIDTH: u32 = 720;
/// The picture's height, pixels.
pub const HEIGHT: u32 = 405;
/// The ground line's row.
pub const GROUND: i32 = 300;
/// Pixels a metre.
pub const SCALE: f64 = 8.0;
/// The column the character is drawn at.
pub const CHARACTER_X: i32 = 180;
/// The character's radius, pixels.
pub const CHARACTER_RADIUS: i32 = 16;
/// A power-up slot's side, pixels.
pub const SLOT: i32 = 56;

/// `[left, top, right, bottom]` in pixels of the picture.
pub type Rect = [i32; 4];

/// Where a power-up's icon is.
pub fn slot_rect(power: Power) -> Rect {
    let left = 560 + power.index() as i32 * 80;
    [left, 316, left + SLOT, 316 + SLOT]
}

/// Where a power-up's meter bar is (under its icon).
pub fn meter_rect(power: Power) -> Rect {
    let [left, _, right, bottom] = slot_rect(power);
    [left, bottom + 6, right, bottom + 14]
}

/// The menu card of the screen showing, if a menu shows: placed from the run and the screen.
pub fn card_rect(game: &Game) -> Option<Rect> {
    let kind = match game.screen {
        Screen::Flying => return None,
        Screen::Ready => 0,
        Screen::Result => 1,
        Screen::Upgrades => 2,
    };
    let hash = crate::run_seed(game.seed ^ 0xCA7D, game.run * 3 + kind);
    let left = 60 + (hash % 260) as i32;
    let top = 24 + ((hash >> 16) % 60) as i32;
    Some([left, top, left + 340, top + 170])
}

/// The button of the screen showing, if a menu shows: somewhere along the card's lower part.
pub fn button_rect(game: &Game) -> Option<Rect> {
    let [left, _, right, bottom] = card_rect(game)?;
    let hash = crate::run_seed(game.seed ^ 0xB077, game.run * 3 + game.screen as u64);
    let width = 120;
    let x = left + 16 + (hash % (right - left - 32 - width) as u64) as i32;
    Some([x, bottom - 70, x + width, bottom - 20])
}

/// What a point of the picture is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// The menu's button.
    Button,
    /// A power-up's slot.
    Power(Power),
    /// Nothing that takes a click.
    Nothing,
}

/// What a click at a point (pixels of the picture) is on: the window and the bot's simulated
/// window both take clicks through this.
pub fn hit(game: &Game, x: f64, y: f64) -> Hit {
    if button_rect(game).is_some_and(|rect| contains(rect, x, y)) {
        return Hit::Button;
    }
    Power::ALL.into_iter().find(|&power| contains(slot_rect(power), x, y)).map_or(Hit::Nothing, Hit::Power)
}

/// Whether a point (pixels of the picture) is inside a rectangle.
pub fn contains(rect: Rect, x: f64, y: f64) -> bool {
    x >= f64::from(rect[0]) && x < f64::from(rect[2]) && y >= f64::from(rect[1]) && y < f64::from(rect[3])
}

/// The gold frame of a full meter's icon.
pub const GOLD: [u8; 3] = [0xff, 0xd0, 0x20];
/// A menu button.
pub const BUTTON: [u8; 3] = [0xff, 0xc4, 0x30];

/// Paints `game` into a new picture.
pub fn draw(game: &Game) -> RgbaImage {
    let mut image = RgbaImage::new(WIDTH, HEIGHT);
    draw_into(game, &mut image);
    image
}

/// Paints `game` into `image` (of [`WIDTH`] x [`HEIGHT`]; another size is drawn into where it
/// overlaps).
pub fn draw_into(game: &Game, image: &mut RgbaImage) {
    let mut canvas = Canvas { image };
    let flight = &game.flight;
    // Sky: a vertical gradient.
    for y in 0..GROUND {
        let t = y as f64 / GROUND as f64;
        let colour = mix([0x5a, 0x9c, 0xe6], [0xd4, 0xec, 0xfa], t);
        canvas.fill([0, y, WIDTH as i32, y + 1], colour);
    }
    // Clouds, scrolling slower than the ground.
    let shift = (flight.x * SCALE * 0.3) as i64;
    for cloud in 0..6i64 {
        let span = 900i64;
        let x = (cloud * 170 - shift).rem_euclid(span) as i32 - 90;
        let y = 40 + ((cloud * 53) % 120) as i32;
        canvas.ellipse(x, y, 46, 16, [0xf6, 0xfa, 0xff]);
        canvas.ellipse(x + 26, y - 8, 30, 14, [0xf6, 0xfa, 0xff]);
    }
    // The ground: grass, earth, a post every 10 metres.
    canvas.fill([0, GROUND, WIDTH as i32, GROUND + 6], [0x4c, 0xa8, 0x3c]);
    canvas.fill([0, GROUND + 6, WIDTH as i32, HEIGHT as i32], [0x8a, 0x5e, 0x38]);
    let screen_x = |x: f64| CHARACTER_X as f64 + (x - flight.x) * SCALE;
    let first = ((flight.x - 30.0) / 10.0).floor() as i64;
    for post in first..first + 12 {
        let x = screen_x(post as f64 * 10.0) as i32;
        canvas.fill([x - 1, GROUND + 6, x + 1, GROUND + 16], [0x6e, 0x48, 0x2a]);
    }
    // The slingshot, where runs start.
    let sling = screen_x(0.0) as i32;
    canvas.fill([sling - 3, GROUND - 34, sling + 3, GROUND], [0x6a, 0x3c, 0x1c]);
    canvas.fill([sling - 14, GROUND - 50, sling - 9, GROUND - 30], [0x6a, 0x3c, 0x1c]);
    canvas.fill([sling + 9, GROUND - 50, sling + 14, GROUND - 30], [0x6a, 0x3c, 0x1c]);
    canvas.fill([sling - 14, GROUND - 34, sling + 14, GROUND - 29], [0x6a, 0x3c, 0x1c]);
    // Bouncers: green jelly domes on the ground.
    for b in flight.bouncers_near(60.0) {
        let x = screen_x(b) as i32;
        canvas.ellipse(x, GROUND, 14, 12, [0x3c, 0xc8, 0x5a]);
        canvas.ellipse(x - 4, GROUND - 6, 4, 3, [0xb8, 0xf4, 0xc4]);
    }
    // The character: an orange ball with eyes, kept in the picture when high.
    let top = (GROUND as f64 - CHARACTER_RADIUS as f64 - flight.y * SCALE) as i32;
    let cy = top.max(CHARACTER_RADIUS + 4);
    let cx = CHARACTER_X;
    canvas.ellipse(cx, cy, CHARACTER_RADIUS, CHARACTER_RADIUS, [0xf0, 0x8a, 0x24]);
    canvas.ellipse(cx + 5, cy - 5, 5, 5, [0xff, 0xff, 0xff]);
    canvas.ellipse(cx + 7, cy - 5, 2, 2, [0x10, 0x10, 0x10]);
    canvas.ellipse(cx - 5, cy - 5, 5, 5, [0xff, 0xff, 0xff]);
    canvas.ellipse(cx - 3, cy - 5, 2, 2, [0x10, 0x10, 0x10]);
    if top < cy {
        // Above the picture: its height in metres beside it.
        canvas.text(cx + 24, cy - 6, 2, &format!("{} M", flight.y.round() as i64), [0xff, 0xff, 0xff]);
    }
    // The distance, top left, white on a shadow.
    let distance = format!("{} M", flight.x.floor() as i64);
    canvas.text(14, 14, 3, &distance, [0x20, 0x28, 0x40]);
    canvas.text(12, 12, 3, &distance, [0xff, 0xff, 0xff]);
    // The power-ups.
    for power in Power::ALL {
        let full = game.screen == Screen::Flying && flight.is_full(power);
        draw_slot(
            &mut canvas,
            power,
            full,
            if game.screen == Screen::Flying { flight.meters[power.index()] } else { 0.0 },
        );
    }
    // The menu, if one shows.
    if let (Some(card), Some(button)) = (card_rect(game), button_rect(game)) {
        canvas.blend(card, [0x14, 0x18, 0x2c], 0.82);
        let (title, line) = match game.screen {
            Screen::Ready => (format!("RUN {}", game.run + 1), "PRESS TO LAUNCH".to_string()),
            Screen::Result => {
                (format!("{} M", flight.x.floor() as i64), format!("BEST {} M", game.best().floor() as i64))
            }
            Screen::Upgrades => ("UPGRADES".to_string(), "NEXT RUN".to_string()),
            Screen::Flying => (String::new(), String::new()),
        };
        canvas.text(card[0] + 18, card[1] + 16, 3, &title, [0xff, 0xff, 0xff]);
        canvas.text(card[0] + 18, card[1] + 46, 2, &line, [0xc8, 0xd0, 0xe8]);
        canvas.rounded(button, 10, BUTTON);
        let (mx, my) = ((button[0] + button[2]) / 2, (button[1] + button[3]) / 2);
        canvas.triangle_right(mx - 9, my, 14, [0x40, 0x24, 0x08]);
    }
}

fn draw_slot(canvas: &mut Canvas, power: Power, full: bool, meter: f64) {
    let rect = slot_rect(power);
    let (ground, ink) = match (power, full) {
        (_, false) => ([0x6c, 0x6c, 0x74], [0xa4, 0xa4, 0xac]),
        (Power::Rocket, true) => ([0xe0, 0x40, 0x30], [0xff, 0xff, 0xff]),
        (Power::Spring, true) => ([0x30, 0x70, 0xe0], [0xff, 0xff, 0xff]),
    };
    if full {
        canvas.rounded([rect[0] - 4, rect[1] - 4, rect[2] + 4, rect[3] + 4], 10, GOLD);
    } else {
        canvas.rounded([rect[0] - 4, rect[1] - 4, rect[2] + 4, rect[3] + 4], 10, [0x5a, 0x3e, 0x26]);
    }
    canvas.rounded(rect, 8, ground);
    let (mx, my) = ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2);
    match power {
        Power::Rocket => {
            canvas.fill([mx - 16, my - 6, mx + 4, my + 6], ink);
            canvas.triangle_right(mx + 4, my, 10, ink);
            canvas.fill([mx - 20, my - 10, mx - 14, my - 5], ink);
            canvas.fill([mx - 20, my + 5, mx - 14, my + 10], ink);
        }
        Power::Spring => {
            for i in 0..4 {
                let y = my + 14 - i * 8;
                canvas.fill([mx - 12, y - 2, mx + 12, y + 1], ink);
                let side = if i % 2 == 0 { mx + 9 } else { mx - 12 };
                if i < 3 {
                    canvas.fill([side, y - 8, side + 3, y + 1], ink);
                }
            }
            canvas.fill([mx - 14, my - 16, mx + 14, my - 12], ink);
        }
    }
    let bar = meter_rect(power);
    canvas.fill(bar, [0x30, 0x22, 0x16]);
    let fill = bar[0] + ((bar[2] - bar[0]) as f64 * meter.clamp(0.0, 1.0)) as i32;
    canvas.fill([bar[0], bar[1], fill, bar[3]], if full { GOLD } else { [0xd8, 0xb8, 0x50] });
}

fn mix(a: [u8; 3], b: [u8; 3], t: f64) -> [u8; 3] {
    let t = t.clamp(0.0, 1.0);
    [0, 1, 2].map(|i| (f64::from(a[i]) * (1.0 - t) + f64::from(b[i]) * t).round() as u8)
}

/// Painting into an image, clipped to it.
struct Canvas<'a> {
    image: &'a mut RgbaImage,
}

impl Canvas<'_> {
    fn put(&mut self, x: i32, y: i32, colour: [u8; 3]) {
        if x >= 0 && y >= 0 && (x as u32) < self.image.width() && (y as u32) < self.image.height() {
            self.image.put_pixel(x as u32, y as u32, Rgba([colour[0], colour[1], colour[2], 255]));
        }
    }

    fn fill(&mut self, [left, top, right, bottom]: Rect, colour: [u8; 3]) {
        let (width, height) = (self.image.width() as i32, self.image.height() as i32);
        for y in top.max(0)..bottom.min(height) {
            for x in left.max(0)..right.min(width) {
                self.image.put_pixel(x as u32, y as u32, Rgba([colour[0], colour[1], colour[2], 255]));
            }
        }
    }

    fn blend(&mut self, [left, top, right, bottom]: Rect, colour: [u8; 3], share: f64) {
        let (width, height) = (self.image.width() as i32, self.image.height() as i32);
        for y in top.max(0)..bottom.min(height) {
            for x in left.max(0)..right.min(width) {
                let pixel = self.image.get_pixel_mut(x as u32, y as u32);
                for i in 0..3 {
                    pixel[i] =
                        (f64::from(pixel[i]) * (1.0 - share) + f64::from(colour[i]) * share).round() as u8;
                }
            }
        }
    }

    fn ellipse(&mut self, cx: i32, cy: i32, rx: i32, ry: i32, colour: [u8; 3]) {
        for dy in -ry..=ry {
            let half = (f64::from(rx)
                * (1.0 - (f64::from(dy) / f64::from(ry.max(1))).powi(2)).max(0.0).sqrt())
            .round() as i32;
            self.fill([cx - half, cy + dy, cx + half + 1, cy + dy + 1], colour);
        }
    }

    fn rounded(&mut self, [left, top, right, bottom]: Rect, radius: i32, colour: [u8; 3]) {
        for y in top..bottom {
            let inset = {
                let dy = if y < top + radius {
                    top + radius - y
                } else if y >= bottom - radius {
                    y - (bottom - radius) + 1
                } else {
                    0
                };
                if dy == 0 {
                    0
                } else {
                    radius - (f64::from(radius * radius - (dy - 1).pow(2)).max(0.0).sqrt()).round() as i32
                }
            };
            self.fill([left + inset, y, right - inset, y + 1], colour);
        }
    }

    /// A triangle pointing right, its left edge at `x`, `half` high either side of `y`.
    fn triangle_right(&mut self, x: i32, y: i32, half: i32, colour: [u8; 3]) {
        for dy in -half..=half {
            let length = (half - dy.abs()) * 3 / 2;
            self.fill([x, y + dy, x + length + 1, y + dy + 1], colour);
        }
    }

    fn text(&mut self, x: i32, y: i32, scale: i32, text: &str, colour: [u8; 3]) {
        let mut left = x;
        for character in text.chars() {
            if let Some(rows) = glyph(character) {
                for (row, bits) in rows.iter().enumerate() {
                    for column in 0..5 {
                        if bits & (0x10 >> column) != 0 {
                            for sy in 0..scale {
                                for sx in 0..scale {
                                    self.put(left + column * scale + sx, y + row as i32 * scale + sy, colour);
                                }
                            }
                        }
                    }
                }
            }
            left += 6 * scale;
        }
    }
}

/// A character of the 5x7 pixel font (capitals, digits, space), rows top down, bit 4 the left
/// column; `None` for one it lacks (drawn as a space).
fn glyph(character: char) -> Option<[u8; 7]> {
    Some(match character {
        '0' => [0x0e, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0e],
        '1' => [0x04, 0x0c, 0x04, 0x04, 0x04, 0x04, 0x0e],
        '2' => [0x0e, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1f],
        '3' => [0x1f, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0e],
        '4' => [0x02, 0x06, 0x0a, 0x12, 0x1f, 0x02, 0x02],
        '5' => [0x1f, 0x10, 0x1e, 0x01, 0x01, 0x11, 0x0e],
        '6' => [0x06, 0x08, 0x10, 0x1e, 0x11, 0x11, 0x0e],
        '7' => [0x1f, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
        '8' => [0x0e, 0x11, 0x11, 0x0e, 0x11, 0x11, 0x0e],
        '9' => [0x0e, 0x11, 0x11, 0x0f, 0x01, 0x02, 0x0c],
        '-' => [0x00, 0x00, 0x00, 0x1f, 0x00, 0x00, 0x00],
        'A' => [0x0e, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11],
        'B' => [0x1e, 0x11, 0x11, 0x1e, 0x11, 0x11, 0x1e],
        'C' => [0x0e, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0e],
        'D' => [0x1c, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1c],
        'E' => [0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x1f],
        'G' => [0x0e, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0f],
        'H' => [0x11, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11],
        'L' => [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1f],
        'M' => [0x11, 0x1b, 0x15, 0x15, 0x11, 0x11, 0x11],
        'N' => [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11],
        'O' => [0x0e, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e],
        'P' => [0x1e, 0x11, 0x11, 0x1e, 0x10, 0x10, 0x10],
        'R' => [0x1e, 0x11, 0x11, 0x1e, 0x14, 0x12, 0x11],
        'S' => [0x0f, 0x10, 0x10, 0x0e, 0x01, 0x01, 0x1e],
        'T' => [0x1f, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
        'U' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e],
        'X' => [0x11, 0x11, 0x0a, 0x04, 0x0a, 0x11, 0x11],
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_button_lies_in_its_card_and_clear_of_the_slots() {
        for seed in 0..200 {
            let mut game = Game::new(seed);
            for _ in 0..3 {
                let card = card_rect(&game).expect("a menu");
                let button = button_rect(&game).expect("a button");
                assert!(button[0] >= card[0] && button[2] <= card[2] && button[3] <= card[3]);
                assert!(card[2] <= WIDTH as i32 && card[3] < GROUND);
                for power in Power::ALL {
                    let slot = slot_rect(power);
                    assert!(button[3] < slot[1] || button[2] < slot[0]);
                }
                if game.screen == Screen::Ready {
                    game.button();
                    game.flight.over = true;
                    game.advance(1.0);
                } else {
                    game.button();
                }
            }
        }
    }

    #[test]
    fn a_full_meter_is_drawn_in_colour_with_a_gold_frame() {
        let mut game = Game::new(2);
        game.button();
        let empty = draw(&game);
        game.flight.meters[0] = 1.0;
        let full = draw(&game);
        let [left, top, _, _] = slot_rect(Power::Rocket);
        assert_eq!(full.get_pixel(left as u32 + 4, top as u32 - 2).0[..3], GOLD);
        assert_ne!(empty.get_pixel(left as u32 + 4, top as u32 - 2).0[..3], GOLD);
        let spring = slot_rect(Power::Spring);
        assert_eq!(
            full.get_pixel(spring[0] as u32 + 4, spring[1] as u32 + 4),
            empty.get_pixel(spring[0] as u32 + 4, spring[1] as u32 + 4)
        );
    }
}
