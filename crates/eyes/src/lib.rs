//! Eyes that follow the pointer, after the write-up's "Eyes!" (a page of pyglet): each eye is a
//! white disc with a pupil that looks toward a point and stays inside the eye, the eyes blink
//! now and then, each on its own time, and a scene of them draws for export.
//!
//! Coordinates are a plane with y down (the window's), in any unit: an eye's centre and radius
//! and the point looked at share it.

use curio_core::bounds::Bounds;
use curio_core::geom::{Color, Path, Point, Rect, Scene, Style};

/// An eye's radius: `curio eyes draw --radius` and the panel's size, in the plane's units
/// (points in the panel).
pub const RADIUS: Bounds<f64> = Bounds::new(8.0, 400.0, 48.0);

/// Eyes at most (the panel stops adding at this many).
pub const MAX_EYES: usize = 400;

/// The pupil's radius as a share of the eye's.
pub const PUPIL: f64 = 0.42;

/// Seconds a blink takes, closing and opening.
pub const BLINK_SECONDS: f64 = 0.18;

/// Seconds between blinks, least and most.
pub const BLINK_GAP: (f64, f64) = (2.5, 7.0);

/// An eye.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Eye {
    /// Its centre.
    pub center: [f64; 2],
    /// Its radius.
    pub radius: f64,
}

impl Eye {
    /// The pupil's centre when the eye looks at `look`: toward it, as far as the pupil can go
    /// and stay inside the eye (with a rim a tenth of the pupil wide), and right on it when it
    /// is nearer than that.
    pub fn pupil(&self, look: [f64; 2]) -> [f64; 2] {
        let reach = self.radius * (1.0 - PUPIL * 1.1);
        let (dx, dy) = (look[0] - self.center[0], look[1] - self.center[1]);
        let distance = dx.hypot(dy);
        if !distance.is_finite() {
            return self.center;
        }
        if distance <= reach {
            return look;
        }
        [self.center[0] + dx / distance * reach, self.center[1] + dy / distance * reach]
    }

    /// Whether `point` is on the eye.
    pub fn contains(&self, point: [f64; 2]) -> bool {
        (point[0] - self.center[0]).hypot(point[1] - self.center[1]) <= self.radius
    }
}

/// `count` eyes side by side in the middle of a `width` x `height` area, each of `radius`, a
/// tenth of a radius apart (two are a face's pair).
pub fn row(count: usize, width: f64, height: f64, radius: f64) -> Vec<Eye> {
    let step = radius * 2.1;
    let first = width / 2.0 - step * (count as f64 - 1.0) / 2.0;
    (0..count).map(|index| Eye { center: [first + step * index as f64, height / 2.0], radius }).collect()
}

/// A number from 0 to 1 for (`seed`, `eye`, `index`): SplitMix64 of the three.
fn unit(seed: u64, eye: usize, index: u64) -> f64 {
    let mut x =
        seed ^ (eye as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ index.wrapping_mul(0xd1b5_4a32_d192_ed69);
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^= x >> 31;
    (x >> 11) as f64 / (1u64 << 53) as f64
}

/// When blink `k` (from 1) of eye `eye` starts: `k` mean gaps in, moved by up to a quarter of
/// the gaps' spread either way, so that two blinks are a gap of [`BLINK_GAP`] apart.
fn blink_start(k: u64, eye: usize, seed: u64) -> f64 {
    let (least, most) = BLINK_GAP;
    let mean = (least + most) / 2.0;
    let jitter = (most - least) / 4.0;
    k as f64 * mean + jitter * (2.0 * unit(seed, eye, k) - 1.0)
}

/// How open eye `eye` is at `seconds` (1 open, 0 shut): it blinks at times drawn from `seed`,
/// [`BLINK_GAP`] apart, each blink closing and opening over [`BLINK_SECONDS`]; none in the first
/// seconds.
pub fn openness(seconds: f64, eye: usize, seed: u64) -> f64 {
    if !seconds.is_finite() || seconds < 0.0 {
        return 1.0;
    }
    let mean = (BLINK_GAP.0 + BLINK_GAP.1) / 2.0;
    let near = (seconds / mean).round() as u64;
    for k in near.saturating_sub(1).max(1)..=near + 1 {
        let into = seconds - blink_start(k, eye, seed);
        if (0.0..BLINK_SECONDS).contains(&into) {
            let half = BLINK_SECONDS / 2.0;
            return (into - half).abs() / half;
        }
    }
    1.0
}

/// Seconds from `seconds` until any of `eyes` eyes next starts or ends a blink (when to draw
/// again when nothing else moves).
pub fn next_change(seconds: f64, eyes: usize, seed: u64) -> f64 {
    let step = BLINK_SECONDS / 6.0;
    if (0..eyes).any(|eye| openness(seconds, eye, seed) < 1.0) {
        return step;
    }
    // Blinks are at least the least gap apart: look ahead in small steps up to it.
    let mut ahead = step;
    while ahead < BLINK_GAP.0 {
        if (0..eyes).any(|eye| openness(seconds + ahead, eye, seed) < 1.0) {
            return ahead;
        }
        ahead += step;
    }
    ahead
}

/// Colours of a scene of eyes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// Behind the eyes, or `None` for transparent.
    pub background: Option<Color>,
    /// The eye's white.
    pub white: Color,
    /// The pupil.
    pub pupil: Color,
    /// The eye's outline and its shut lid.
    pub outline: Color,
}

impl Default for Palette {
    fn default() -> Self {
        Palette {
            background: Some(Color::rgb(0xf4, 0xf1, 0xea)),
            white: Color::rgb(0xff, 0xff, 0xff),
            pupil: Color::rgb(0x20, 0x20, 0x28),
            outline: Color::rgb(0x30, 0x30, 0x38),
        }
    }
}

/// The eyes as a scene of `width` x `height` (y down, as given), looking at `look`, at
/// `seconds` for the blinks.
pub fn scene(
    eyes: &[Eye],
    look: [f64; 2],
    width: f64,
    height: f64,
    seconds: f64,
    seed: u64,
    palette: &Palette,
) -> Scene {
    // Scenes have y up: flip.
    let flip = |[x, y]: [f64; 2]| Point::new(x, height - y);
    let mut scene =
        Scene::new(Rect { min: Point::new(0.0, 0.0), max: Point::new(width, height) }, palette.background);
    for (index, eye) in eyes.iter().enumerate() {
        let open = openness(seconds, index, seed);
        let mut outline = Path::new();
        outline.circle(flip(eye.center), eye.radius);
        if open < 0.5 {
            // Shut: the lid, a line across the eye.
            scene.push(outline, Style::filled(palette.white));
            let mut lid = Path::new();
            lid.move_to(flip([eye.center[0] - eye.radius, eye.center[1]]))
                .line_to(flip([eye.center[0] + eye.radius, eye.center[1]]));
            scene.push(lid, Style::stroked(palette.outline, eye.radius * 0.08));
            continue;
        }
        scene.push(outline.clone(), Style::filled(palette.white));
        scene.push(outline, Style::stroked(palette.outline, eye.radius * 0.06));
        let mut pupil = Path::new();
        pupil.circle(flip(eye.pupil(look)), eye.radius * PUPIL * open);
        scene.push(pupil, Style::filled(palette.pupil));
    }
    scene
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_pupil_looks_toward_the_point_and_rests_on_a_near_one() {
        let eye = Eye { center: [100.0, 100.0], radius: 50.0 };
        let reach = 50.0 * (1.0 - PUPIL * 1.1);
        let right = eye.pupil([1000.0, 100.0]);
        assert!((right[0] - (100.0 + reach)).abs() < 1e-9 && (right[1] - 100.0).abs() < 1e-9);
        assert_eq!(eye.pupil([105.0, 98.0]), [105.0, 98.0]);
        assert_eq!(eye.pupil([f64::NAN, 3.0]), eye.center);
        assert_eq!(eye.pupil(eye.center), eye.center);
    }

    proptest! {
        #[test]
        fn the_pupil_stays_inside_the_eye(x in -1e6f64..1e6, y in -1e6f64..1e6, radius in 8.0f64..400.0) {
            let eye = Eye { center: [10.0, -20.0], radius };
            let pupil = eye.pupil([x, y]);
            let offset = (pupil[0] - 10.0).hypot(pupil[1] + 20.0);
            prop_assert!(offset + radius * PUPIL <= radius + 1e-9);
        }

        #[test]
        fn blinks_are_short_and_apart(seconds in 0.0f64..10_000.0, eye in 0usize..50, seed in any::<u64>()) {
            let open = openness(seconds, eye, seed);
            prop_assert!((0.0..=1.0).contains(&open));
            if open < 1.0 {
                // Within a blink: a blink's length on either side is open again or the same blink.
                prop_assert!(openness(seconds + BLINK_SECONDS, eye, seed) == 1.0
                    || openness(seconds - BLINK_SECONDS, eye, seed) == 1.0);
            }
        }
    }

    #[test]
    fn each_eye_blinks_on_its_own_time_every_few_seconds() {
        let count = |eye: usize| {
            let mut blinks = 0;
            let mut was_open = true;
            for step in 0..60_000 {
                let open = openness(step as f64 * 0.01, eye, 7) < 1.0;
                if open && was_open {
                    blinks += 1;
                }
                was_open = !open;
            }
            blinks
        };
        // 600 seconds at a gap of 2.5 to 7 seconds: 85 to 240 blinks.
        for eye in 0..3 {
            assert!((85..=240).contains(&count(eye)), "eye {eye}: {}", count(eye));
        }
        let shut = |eye: usize| {
            (0..60_000).filter(|step| openness(*step as f64 * 0.01, eye, 7) < 0.5).collect::<Vec<_>>()
        };
        assert_ne!(shut(0), shut(1));
        assert_eq!(openness(0.5, 0, 7), 1.0, "no blink at the start");
    }

    #[test]
    fn next_change_finds_the_next_blink() {
        // Stepping by next_change sees every blink of both eyes: each shut for a step or more.
        let (mut seconds, mut shut_steps) = (0.0, 0);
        while seconds < 60.0 {
            let wait = next_change(seconds, 2, 3);
            assert!(wait > 0.0 && wait <= BLINK_GAP.0 + BLINK_SECONDS);
            seconds += wait;
            shut_steps += (0..2).filter(|&eye| openness(seconds, eye, 3) < 1.0).count();
        }
        assert!(shut_steps >= 2 * 8, "{shut_steps}");
    }

    #[test]
    fn a_scene_has_each_eye() {
        let eyes = row(2, 400.0, 300.0, 48.0);
        let scene = scene(&eyes, [0.0, 0.0], 400.0, 300.0, 0.0, 1, &Palette::default());
        assert_eq!(scene.shapes.len(), 6);
    }
}
