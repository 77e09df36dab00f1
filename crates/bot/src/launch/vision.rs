//! Reading the launcher game's window with sprites the bot cuts from the window itself.
//!
//! Calibration looks at a menu screen for *flat shapes*: regions of one colour (neighbours
//! within [`FLAT`] of each other) that fill their outline (solid rows, round corners allowed)
//! and hold some ink of another colour (a label or a symbol). The widest such shape is the menu
//! button; the largest row of equal squares is the power-ups' slots. Their pixels, as they show
//! there, become the templates ([`Sprite`]): the button's look, and each slot's idle look (a
//! meter that is not full). Nothing comes from the game but pixels: no coordinates, no sizes,
//! no colours.
//!
//! A read then matches the templates: the button anywhere in the capture (candidates anchored
//! on pixels of the template's commonest colour, each scored by the mean difference over the
//! template's shape), each slot at its place (a slot whose look moved far from its idle template
//! is ready; one between near and far is not trusted, and the capture is read again).

use crate::mines::vision::VisionError;
use crate::screen::within;
use image::RgbaImage;
use serde::Serialize;

/// Neighbouring pixels whose channels differ by at most this belong to one flat shape.
pub const FLAT: i32 = 3;
/// A template matches where the mean difference per channel over its shape is below this.
pub const MATCH: f64 = 12.0;
/// A slot reads ready where its mean difference from its idle template is above this; between
/// [`MATCH`] and this it is not trusted.
pub const CHANGED: f64 = 36.0;

/// A template cut from a capture: its pixels and the shape they belong to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sprite {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Its pixels, row by row (RGB).
    pub pixels: Vec<[u8; 3]>,
    /// Which pixels are the shape's (inside its outline: its colour and its ink); the rest
    /// (round corners) are background and not compared.
    pub mask: Vec<bool>,
}

impl Sprite {
    /// Cuts the rectangle at (`left`, `top`) of `mask`'s size out of `image`.
    fn cut(image: &RgbaImage, left: u32, top: u32, width: u32, height: u32, mask: Vec<bool>) -> Sprite {
        let mut pixels = Vec::with_capacity((width * height) as usize);
        for y in top..top + height {
            for x in left..left + width {
                let p = image.get_pixel(x, y).0;
                pixels.push([p[0], p[1], p[2]]);
            }
        }
        Sprite { width, height, pixels, mask }
    }

    /// The commonest colour of its shape.
    fn key(&self) -> [u8; 3] {
        let mut counts: rustc_hash::FxHashMap<[u8; 3], usize> = Default::default();
        for (pixel, &inside) in self.pixels.iter().zip(&self.mask) {
            if inside {
                *counts.entry(*pixel).or_default() += 1;
            }
        }
        counts.into_iter().max_by_key(|&(colour, count)| (count, colour)).map(|(c, _)| c).unwrap_or_default()
    }

    /// The box `[left, top, right, bottom]` (inclusive) of its pixels near colour `key`.
    fn key_box(&self, key: [u8; 3]) -> [u32; 4] {
        let mut b = [u32::MAX, u32::MAX, 0, 0];
        for (i, (pixel, &inside)) in self.pixels.iter().zip(&self.mask).enumerate() {
            if inside && within([pixel[0], pixel[1], pixel[2], 255], key, FLAT) {
                let (x, y) = (i as u32 % self.width, i as u32 / self.width);
                b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
            }
        }
        if b[0] == u32::MAX { [0, 0, 0, 0] } else { b }
    }

    /// The mean difference per channel between the sprite's shape and `image` with the sprite's
    /// corner at (`left`, `top`); `None` where it does not fit, and a value over `give_up` may be
    /// cut short.
    pub fn difference(&self, image: &RgbaImage, left: i64, top: i64, give_up: f64) -> Option<f64> {
        if left < 0
            || top < 0
            || left + i64::from(self.width) > i64::from(image.width())
            || top + i64::from(self.height) > i64::from(image.height())
        {
            return None;
        }
        let (left, top) = (left as u32, top as u32);
        let shape = self.mask.iter().filter(|&&m| m).count().max(1) as f64;
        let limit = give_up * 3.0 * shape;
        let mut total = 0u64;
        for y in 0..self.height {
            for x in 0..self.width {
                let i = (y * self.width + x) as usize;
                if !self.mask[i] {
                    continue;
                }
                let p = image.get_pixel(left + x, top + y).0;
                let t = self.pixels[i];
                total += (0..3)
                    .map(|c| u64::from((i32::from(p[c]) - i32::from(t[c])).unsigned_abs()))
                    .sum::<u64>();
            }
            if total as f64 > limit {
                return Some(total as f64 / (3.0 * shape));
            }
        }
        Some(total as f64 / (3.0 * shape))
    }
}

/// A power-up slot: where its icon is, and the icon's idle look.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Slot {
    /// The icon's corner in the window, pixels.
    pub at: [u32; 2],
    /// The icon as it looked at calibration (its meter not full).
    pub idle: Sprite,
}

impl Slot {
    /// The icon's centre.
    pub fn centre(&self) -> [f64; 2] {
        [
            f64::from(self.at[0]) + f64::from(self.idle.width) / 2.0,
            f64::from(self.at[1]) + f64::from(self.idle.height) / 2.0,
        ]
    }

    /// How far the icon in `image` is from its idle look (the least over a pixel's shift).
    pub fn change(&self, image: &RgbaImage) -> f64 {
        let mut best = f64::INFINITY;
        for dy in -1..=1i64 {
            for dx in -1..=1i64 {
                if let Some(d) =
                    self.idle.difference(image, i64::from(self.at[0]) + dx, i64::from(self.at[1]) + dy, best)
                {
                    best = best.min(d);
                }
            }
        }
        best
    }
}

/// What calibration learned from the window: its size and the templates cut from it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Calibration {
    /// The capture's width and height.
    pub size: [u32; 2],
    /// The menu button's look.
    pub button: Sprite,
    /// Where the button was at calibration (its corner).
    pub button_at: [u32; 2],
    /// The power-up slots, left to right.
    pub slots: Vec<Slot>,
}

/// What a capture shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Shown {
    /// A menu: its button's centre in the window.
    Menu {
        /// The button's centre.
        button: [f64; 2],
    },
    /// A run under way: whether each slot (left to right) shows ready.
    Flying {
        /// Ready slots.
        ready: Vec<bool>,
    },
    /// Something the templates do not explain (a slot half changed, a capture mid-frame).
    Unclear(String),
}

/// A flat shape found in a capture.
#[derive(Clone, Debug, PartialEq)]
struct Shape {
    left: u32,
    top: u32,
    width: u32,
    height: u32,
    /// Inside its outline (row by row, between the shape's first and last pixel).
    mask: Vec<bool>,
    /// Share of the outline's area that is ink (not the shape's colour).
    ink: f64,
}

fn find(parent: &mut [u32], mut i: u32) -> u32 {
    while parent[i as usize] != i {
        parent[i as usize] = parent[parent[i as usize] as usize];
        i = parent[i as usize];
    }
    i
}

/// Whether two pixels of a capture belong to one flat shape.
fn near(a: [u8; 4], b: [u8; 4]) -> bool {
    within(a, [b[0], b[1], b[2]], FLAT)
}

/// The flat shapes of `image` that fill their outline and hold ink, big enough to be a button
/// or an icon (at least 20 pixels each way, at most a third of the image).
fn flat_shapes(image: &RgbaImage) -> Vec<Shape> {
    let (width, height) = image.dimensions();
    let n = (width * height) as usize;
    let mut parent: Vec<u32> = (0..n as u32).collect();
    for y in 0..height {
        for x in 0..width {
            let i = y * width + x;
            let p = image.get_pixel(x, y).0;
            if x + 1 < width && near(p, image.get_pixel(x + 1, y).0) {
                let (a, b) = (find(&mut parent, i), find(&mut parent, i + 1));
                parent[a.max(b) as usize] = a.min(b);
            }
            if y + 1 < height && near(p, image.get_pixel(x, y + 1).0) {
                let (a, b) = (find(&mut parent, i), find(&mut parent, i + width));
                parent[a.max(b) as usize] = a.min(b);
            }
        }
    }
    // Each component's box and size.
    let mut boxes: rustc_hash::FxHashMap<u32, [u32; 5]> = Default::default();
    for y in 0..height {
        for x in 0..width {
            let root = find(&mut parent, y * width + x);
            let entry = boxes.entry(root).or_insert([x, y, x, y, 0]);
            entry[0] = entry[0].min(x);
            entry[1] = entry[1].min(y);
            entry[2] = entry[2].max(x);
            entry[3] = entry[3].max(y);
            entry[4] += 1;
        }
    }
    let mut shapes = Vec::new();
    for (&root, &[left, top, right, bottom, count]) in &boxes {
        let (w, h) = (right - left + 1, bottom - top + 1);
        let touches = left == 0 || top == 0 || right + 1 == width || bottom + 1 == height;
        if touches || w < 20 || h < 20 || w > width / 3 || h > height / 3 {
            continue;
        }
        let mut mask = vec![false; (w * h) as usize];
        let mut solid = 0u32;
        for y in top..=bottom {
            let row: Vec<u32> =
                (left..=right).filter(|&x| parent[(y * width + x) as usize] == root).collect();
            if let (Some(&first), Some(&last)) = (row.first(), row.last()) {
                for x in first..=last {
                    mask[((y - top) * w + (x - left)) as usize] = true;
                }
                solid += last - first + 1;
            }
        }
        let solidity = f64::from(solid) / f64::from(w * h);
        let ink = 1.0 - f64::from(count) / f64::from(solid.max(1));
        if solidity >= 0.92 && (0.03..=0.5).contains(&ink) {
            shapes.push(Shape { left, top, width: w, height: h, mask, ink });
        }
    }
    shapes.sort_by_key(|shape| (shape.top, shape.left));
    shapes
}

/// Finds the button and the slots in a capture of a menu and cuts their templates.
pub fn calibrate(image: &RgbaImage) -> Result<Calibration, VisionError> {
    let (width, height) = image.dimensions();
    if width < 200 || height < 150 {
        return Err(VisionError::TooSmall { width, height });
    }
    let shapes = flat_shapes(image);
    let button = shapes
        .iter()
        .filter(|shape| f64::from(shape.width) >= 1.8 * f64::from(shape.height))
        .max_by_key(|shape| (shape.width * shape.height, shape.top))
        .ok_or_else(|| VisionError::Missing("no menu button: no wide flat shape with a label".into()))?;
    let squares: Vec<&Shape> = shapes
        .iter()
        .filter(|shape| {
            let aspect = f64::from(shape.width) / f64::from(shape.height);
            (0.8..=1.25).contains(&aspect)
        })
        .collect();
    // The largest row of equal squares (ties: the lowest).
    let mut best: Vec<&Shape> = Vec::new();
    for seed in &squares {
        let row: Vec<&Shape> = squares
            .iter()
            .copied()
            .filter(|other| {
                other.width.abs_diff(seed.width) <= 2
                    && other.height.abs_diff(seed.height) <= 2
                    && other.top.abs_diff(seed.top) <= 3
            })
            .collect();
        if (row.len(), seed.top) > (best.len(), best.first().map_or(0, |s| s.top)) {
            best = row;
        }
    }
    if best.is_empty() {
        return Err(VisionError::Missing("no power-up slots: no row of flat squares with a symbol".into()));
    }
    best.sort_by_key(|shape| shape.left);
    let slots = best
        .iter()
        .map(|shape| Slot {
            at: [shape.left, shape.top],
            idle: Sprite::cut(image, shape.left, shape.top, shape.width, shape.height, shape.mask.clone()),
        })
        .collect();
    Ok(Calibration {
        size: [width, height],
        button: Sprite::cut(image, button.left, button.top, button.width, button.height, button.mask.clone()),
        button_at: [button.left, button.top],
        slots,
    })
}

/// Where the button template matches in `image` (its corner), if anywhere. Pixels of the
/// template's commonest colour, looked for on a sparse grid, propose places: the region of that
/// colour around each (flooded, within twice the template's size) is lined up with the same
/// region of the template, and the template is scored there and a few pixels around.
pub fn find_button(image: &RgbaImage, calibration: &Calibration) -> Option<[u32; 2]> {
    let sprite = &calibration.button;
    let key = sprite.key();
    let [kl, kt, kr, kb] = sprite.key_box(key);
    let (width, height) = image.dimensions();
    let mut seen = vec![false; (width * height) as usize];
    let mut best: Option<([u32; 2], f64)> = None;
    let step = (kb - kt).div_ceil(2).max(1) as usize;
    let mut proposals = 0;
    for y in (0..height).step_by(step) {
        for x in (0..width).step_by(2) {
            if seen[(y * width + x) as usize] || !within(image.get_pixel(x, y).0, key, FLAT) {
                continue;
            }
            proposals += 1;
            if proposals > 32 {
                return best.map(|(at, _)| at);
            }
            // Flood the key colour's region from here, within twice the template's size.
            let (x_min, x_max) = (x.saturating_sub(2 * sprite.width), (x + 2 * sprite.width).min(width - 1));
            let (y_min, y_max) =
                (y.saturating_sub(2 * sprite.height), (y + 2 * sprite.height).min(height - 1));
            let mut region = [x, y, x, y];
            let mut stack = vec![(x, y)];
            seen[(y * width + x) as usize] = true;
            while let Some((px, py)) = stack.pop() {
                region = [region[0].min(px), region[1].min(py), region[2].max(px), region[3].max(py)];
                let neighbours =
                    [(px.wrapping_sub(1), py), (px + 1, py), (px, py.wrapping_sub(1)), (px, py + 1)];
                for (nx, ny) in neighbours {
                    if nx < x_min || nx > x_max || ny < y_min || ny > y_max {
                        continue;
                    }
                    let i = (ny * width + nx) as usize;
                    if !seen[i] && within(image.get_pixel(nx, ny).0, key, FLAT) {
                        seen[i] = true;
                        stack.push((nx, ny));
                    }
                }
            }
            if (region[2] - region[0]).abs_diff(kr - kl) > 4 || (region[3] - region[1]).abs_diff(kb - kt) > 4
            {
                continue;
            }
            let corner = [i64::from(region[0]) - i64::from(kl), i64::from(region[1]) - i64::from(kt)];
            for dy in -2..=2 {
                for dx in -2..=2 {
                    let give_up = best.map_or(MATCH, |(_, d)| d.min(MATCH));
                    if let Some(d) = sprite.difference(image, corner[0] + dx, corner[1] + dy, give_up)
                        && d < give_up
                    {
                        best = Some(([(corner[0] + dx) as u32, (corner[1] + dy) as u32], d));
                    }
                }
            }
        }
    }
    best.map(|(at, _)| at)
}

/// Reads a capture with the calibration's templates.
pub fn read(image: &RgbaImage, calibration: &Calibration) -> Shown {
    if image.dimensions() != (calibration.size[0], calibration.size[1]) {
        return Shown::Unclear("the window changed size".into());
    }
    if let Some([x, y]) = find_button(image, calibration) {
        let sprite = &calibration.button;
        return Shown::Menu {
            button: [
                f64::from(x) + f64::from(sprite.width) / 2.0,
                f64::from(y) + f64::from(sprite.height) / 2.0,
            ],
        };
    }
    let mut ready = Vec::with_capacity(calibration.slots.len());
    for (index, slot) in calibration.slots.iter().enumerate() {
        let change = slot.change(image);
        if change < MATCH {
            ready.push(false);
        } else if change > CHANGED {
            ready.push(true);
        } else {
            return Shown::Unclear(format!(
                "slot {} is half like its idle look (difference {change:.1})",
                index + 1
            ));
        }
    }
    Shown::Flying { ready }
}

#[cfg(test)]
mod tests {
    use super::*;
    use launch::{Game, Power, scene};

    #[test]
    fn calibration_finds_the_button_and_both_slots_on_every_menu() {
        for seed in 0..40 {
            let mut game = Game::new(seed);
            let calibration = calibrate(&scene::draw(&game)).expect("calibrates on the ready screen");
            assert_eq!(calibration.slots.len(), 2, "seed {seed}");
            for (slot, power) in calibration.slots.iter().zip(Power::ALL) {
                let [left, top, _, _] = scene::slot_rect(power);
                assert_eq!(slot.at, [left as u32, top as u32], "seed {seed}");
            }
            // Every menu's button is found where the window draws it, from the first template.
            for _ in 0..6 {
                if game.screen == launch::Screen::Flying {
                    game.flight.over = true;
                    game.advance(0.1);
                }
                let button = scene::button_rect(&game).expect("a menu");
                let shown = read(&scene::draw(&game), &calibration);
                let centre = [f64::from(button[0] + button[2]) / 2.0, f64::from(button[1] + button[3]) / 2.0];
                assert_eq!(shown, Shown::Menu { button: centre }, "seed {seed} {:?}", game.screen);
                game.button();
            }
        }
    }

    #[test]
    fn a_full_meter_reads_ready_and_an_empty_one_not() {
        let mut game = Game::new(9);
        let calibration = calibrate(&scene::draw(&game)).expect("calibrates");
        game.button();
        for _ in 0..20 {
            game.advance(0.05);
            let truth: Vec<bool> = Power::ALL.iter().map(|&p| game.flight.is_full(p)).collect();
            assert_eq!(read(&scene::draw(&game), &calibration), Shown::Flying { ready: truth });
        }
        game.flight.meters = [1.0, 0.3];
        assert_eq!(read(&scene::draw(&game), &calibration), Shown::Flying { ready: vec![true, false] });
        game.flight.meters = [0.2, 1.0];
        assert_eq!(read(&scene::draw(&game), &calibration), Shown::Flying { ready: vec![false, true] });
    }

    #[test]
    fn a_flight_does_not_calibrate() {
        let mut game = Game::new(3);
        game.button();
        game.advance(0.5);
        assert!(calibrate(&scene::draw(&game)).is_err());
    }
}
