//! Launch: a real-time launcher game in the spirit of the write-up's "Burrito Bison" (a
//! character flung from a slingshot bounces along the ground; jelly bouncers throw it up again;
//! power-ups whose meters fill during the flight give it a push when pressed full; menus come
//! between runs). The bot's third game: it reads the game's window and presses the power-ups
//! when their meters are full.
//!
//! [`Flight`] is one run's physics on a fixed step of [`STEP`] seconds, deterministic for its
//! seed; [`Game`] is the screens around it (ready, flying, the run's result, the upgrades menu)
//! as the window and the bot see them; [`scene`] draws a game into an image (the window shows
//! that image, so a capture of the window is the picture [`scene::draw`] made); [`Policy`] and
//! [`simulate`] play runs headless with the reference players (idle, random presser, meter
//! watcher) that the screen bot is measured against.

pub mod scene;

use curio_core::bounds::Bounds;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

/// The physics step, in seconds.
pub const STEP: f64 = 1.0 / 120.0;
/// Downward acceleration, metres per second squared.
pub const GRAVITY: f64 = 20.0;
/// The share of its vertical speed a bounce off the plain ground keeps.
pub const RESTITUTION: f64 = 0.6;
/// The share of its forward speed a bounce off the plain ground keeps.
pub const GROUND_KEEP: f64 = 0.82;
/// Below this upward speed (m/s) after a bounce the character rolls instead.
pub const MIN_BOUNCE: f64 = 2.5;
/// Slowing while rolling, metres per second squared.
pub const ROLL_FRICTION: f64 = 14.0;
/// Air drag on the forward speed, per second.
pub const AIR_DRAG: f64 = 0.03;
/// The upward speed a bouncer gives at least, m/s.
pub const BOUNCER_LIFT: f64 = 15.0;
/// The forward speed a bouncer adds, m/s.
pub const BOUNCER_PUSH: f64 = 3.0;
/// Half a bouncer's width, metres: the character touching the ground this close to one is
/// thrown.
pub const BOUNCER_HALF_WIDTH: f64 = 1.6;
/// Each use of a power-up makes its meter's next fill this share of its first fill longer.
pub const REFILL_SLOWING: f64 = 2.0;
/// A run ends after this many seconds whatever happens.
pub const MAX_SECONDS: f64 = 40.0;
/// Runs that `curio launch simulate` and the panel play.
pub const RUNS: Bounds<u32> = Bounds::new(1, 100_000, 100);

/// A power-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Power {
    /// A forward push (and a little lift).
    Rocket,
    /// A big jump (and a little push).
    Spring,
}

impl Power {
    /// Every power-up, in the order of their slots (left to right).
    pub const ALL: [Power; 2] = [Power::Rocket, Power::Spring];

    /// Its slot's index.
    pub fn index(self) -> usize {
        match self {
            Power::Rocket => 0,
            Power::Spring => 1,
        }
    }

    /// Its name (lower case).
    pub fn name(self) -> &'static str {
        match self {
            Power::Rocket => "rocket",
            Power::Spring => "spring",
        }
    }

    /// Seconds of flight its meter takes to fill the first time (each use makes the next fill
    /// longer by [`REFILL_SLOWING`] of this).
    pub fn fill_seconds(self) -> f64 {
        match self {
            Power::Rocket => 2.0,
            Power::Spring => 3.0,
        }
    }
}

/// What a press of a power-up did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Press {
    /// Its meter was full: the push was given and the meter emptied.
    Used,
    /// Its meter was not full: nothing was given and the meter emptied (pressing early costs).
    Fizzled,
    /// The run was over.
    Ignored,
}

/// One run: the character's flight from the slingshot until it stops.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Flight {
    /// The run's seed (where the bouncers stand, the launch's speed).
    pub seed: u64,
    /// Distance from the slingshot, metres.
    pub x: f64,
    /// Height above the ground, metres.
    pub y: f64,
    /// Forward speed, m/s.
    pub vx: f64,
    /// Upward speed, m/s.
    pub vy: f64,
    /// Seconds since the launch.
    pub seconds: f64,
    /// Each power-up's meter, 0 to 1 (full).
    pub meters: [f64; 2],
    /// When each full meter filled (seconds since the launch), while it waits to be pressed.
    pub full_since: [Option<f64>; 2],
    /// Each power-up's presses on a full meter.
    pub used: [u32; 2],
    /// Presses on a meter that was not full.
    pub fizzles: u32,
    /// Seconds each full meter waited before its press.
    pub waits: Vec<f64>,
    /// Bouncers hit.
    pub bounces: u32,
    /// Where the bouncers stand (metres from the slingshot), ascending; each throws once.
    pub bouncers: Vec<f64>,
    /// Bouncers already used (an index into `bouncers`: all before it are behind).
    next_bouncer: usize,
    /// Rolling on the ground rather than flying.
    pub rolling: bool,
    /// The run is over (the character stopped, or [`MAX_SECONDS`] passed).
    pub over: bool,
}

/// Where bouncers stand up to (metres): far beyond any run.
const COURSE_LENGTH: f64 = 4000.0;

impl Flight {
    /// A run from the slingshot: launched at a speed from `seed`, bouncers placed from it.
    pub fn new(seed: u64) -> Flight {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let vx = 16.0 + rng.random::<f64>() * 4.0;
        let vy = 11.0 + rng.random::<f64>() * 2.0;
        let mut bouncers = Vec::new();
        let mut at = 25.0;
        while at < COURSE_LENGTH {
            at += 18.0 + rng.random::<f64>() * 40.0;
            bouncers.push(at);
        }
        Flight {
            seed,
            x: 0.0,
            y: 1.0,
            vx,
            vy,
            seconds: 0.0,
            meters: [0.0; 2],
            full_since: [None; 2],
            used: [0; 2],
            fizzles: 0,
            waits: Vec::new(),
            bounces: 0,
            bouncers,
            next_bouncer: 0,
            rolling: false,
            over: false,
        }
    }

    /// The bouncers not yet used within `span` metres of `x` either way (for drawing).
    pub fn bouncers_near(&self, span: f64) -> impl Iterator<Item = f64> + '_ {
        self.bouncers[self.next_bouncer..]
            .iter()
            .copied()
            .skip_while(move |&b| b < self.x - span)
            .take_while(move |&b| b <= self.x + span)
    }

    /// Whether a power-up's meter is full.
    pub fn is_full(&self, power: Power) -> bool {
        self.meters[power.index()] >= 1.0
    }

    /// Presses a power-up.
    pub fn press(&mut self, power: Power) -> Press {
        if self.over {
            return Press::Ignored;
        }
        let i = power.index();
        if self.meters[i] < 1.0 {
            self.meters[i] = 0.0;
            self.fizzles += 1;
            return Press::Fizzled;
        }
        self.meters[i] = 0.0;
        self.used[i] += 1;
        if let Some(since) = self.full_since[i].take() {
            self.waits.push(self.seconds - since);
        }
        self.rolling = false;
        match power {
            Power::Rocket => {
                self.vx += 8.0;
                self.vy = self.vy.max(0.0) + 6.0;
            }
            Power::Spring => {
                self.vx += 2.0;
                self.vy = self.vy.max(0.0) + 13.0;
            }
        }
        Press::Used
    }

    /// A bouncer under the character, if one is not used yet: marks it used.
    fn take_bouncer(&mut self) -> bool {
        while self.next_bouncer < self.bouncers.len()
            && self.bouncers[self.next_bouncer] < self.x - BOUNCER_HALF_WIDTH
        {
            self.next_bouncer += 1;
        }
        match self.bouncers.get(self.next_bouncer) {
            Some(&b) if (b - self.x).abs() <= BOUNCER_HALF_WIDTH => {
                self.next_bouncer += 1;
                self.bounces += 1;
                true
            }
            _ => false,
        }
    }

    /// One step of [`STEP`] seconds.
    pub fn step(&mut self) {
        if self.over {
            return;
        }
        self.seconds += STEP;
        for power in Power::ALL {
            let i = power.index();
            if self.meters[i] < 1.0 {
                let fill = power.fill_seconds() * (1.0 + REFILL_SLOWING * f64::from(self.used[i]));
                self.meters[i] = (self.meters[i] + STEP / fill).min(1.0);
                if self.meters[i] >= 1.0 {
                    self.full_since[i] = Some(self.seconds);
                }
            }
        }
        if self.rolling {
            self.vx = (self.vx - ROLL_FRICTION * STEP).max(0.0);
            self.x += self.vx * STEP;
            if self.take_bouncer() {
                self.rolling = false;
                self.vy = BOUNCER_LIFT;
                self.vx += BOUNCER_PUSH;
            } else if self.vx <= 0.0 {
                self.over = true;
            }
        } else {
            self.vy -= GRAVITY * STEP;
            self.vx -= AIR_DRAG * self.vx * STEP;
            self.x += self.vx * STEP;
            self.y += self.vy * STEP;
            if self.y <= 0.0 && self.vy < 0.0 {
                self.y = 0.0;
                if self.take_bouncer() {
                    self.vy = BOUNCER_LIFT.max(-self.vy);
                    self.vx += BOUNCER_PUSH;
                } else {
                    self.vy = -self.vy * RESTITUTION;
                    self.vx *= GROUND_KEEP;
                    if self.vy < MIN_BOUNCE {
                        self.vy = 0.0;
                        self.rolling = true;
                    }
                }
            }
        }
        if self.seconds >= MAX_SECONDS {
            self.over = true;
        }
    }

    /// What the run came to.
    pub fn result(&self) -> RunResult {
        RunResult {
            seed: self.seed,
            distance: self.x,
            seconds: self.seconds,
            used: self.used,
            fizzles: self.fizzles,
            bounces: self.bounces,
            mean_wait: if self.waits.is_empty() {
                None
            } else {
                Some(self.waits.iter().sum::<f64>() / self.waits.len() as f64)
            },
        }
    }
}

/// What a run came to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunResult {
    /// Its seed.
    pub seed: u64,
    /// Metres from the slingshot where the character stopped.
    pub distance: f64,
    /// Seconds it flew.
    pub seconds: f64,
    /// Presses on a full meter, per power-up.
    pub used: [u32; 2],
    /// Presses on a meter not full.
    pub fizzles: u32,
    /// Bouncers hit.
    pub bounces: u32,
    /// Mean seconds a full meter waited for its press, if one was pressed.
    pub mean_wait: Option<f64>,
}

/// The screens of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Screen {
    /// The character on the slingshot, the launch button shown.
    Ready,
    /// The run under way.
    Flying,
    /// The run's result, a button to go on.
    Result,
    /// The upgrades menu between runs, a button to the next run.
    Upgrades,
}

/// What the game's one button did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advance {
    /// The character was launched.
    Launched,
    /// The result was closed; the upgrades menu shows.
    Upgrades,
    /// A new run is ready.
    NextRun,
}

/// A game: runs one after another, each from its own seed, with their screens.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// The game's seed: run `n` plays the course of [`run_seed`]`(seed, n)`.
    pub seed: u64,
    /// The run's number, from 0.
    pub run: u64,
    /// What shows.
    pub screen: Screen,
    /// The current (or last) run.
    pub flight: Flight,
    /// Results of the runs finished, in order.
    pub results: Vec<RunResult>,
    /// Seconds not yet played as steps.
    pending: f64,
}

/// The seed of run `run` of a game of seed `seed`.
pub fn run_seed(seed: u64, run: u64) -> u64 {
    curio_core::stats::game_seed(seed, run)
}

impl Game {
    /// A game at its first run, ready to launch.
    pub fn new(seed: u64) -> Game {
        Game {
            seed,
            run: 0,
            screen: Screen::Ready,
            flight: Flight::new(run_seed(seed, 0)),
            results: Vec::new(),
            pending: 0.0,
        }
    }

    /// The button of the screen showing (launch, go on, next run); `None` while flying.
    pub fn button(&mut self) -> Option<Advance> {
        match self.screen {
            Screen::Ready => {
                self.screen = Screen::Flying;
                self.pending = 0.0;
                Some(Advance::Launched)
            }
            Screen::Flying => None,
            Screen::Result => {
                self.screen = Screen::Upgrades;
                Some(Advance::Upgrades)
            }
            Screen::Upgrades => {
                self.run += 1;
                self.flight = Flight::new(run_seed(self.seed, self.run));
                self.screen = Screen::Ready;
                Some(Advance::NextRun)
            }
        }
    }

    /// Presses a power-up (only while flying).
    pub fn press(&mut self, power: Power) -> Press {
        if self.screen == Screen::Flying { self.flight.press(power) } else { Press::Ignored }
    }

    /// Plays `seconds` of time (steps of [`STEP`]; a remainder is kept for the next call; at
    /// most a quarter second at once, as a window that stalled should not skip the run); returns
    /// the run's result when it ended within them.
    pub fn advance(&mut self, seconds: f64) -> Option<RunResult> {
        if self.screen != Screen::Flying {
            return None;
        }
        self.pending = (self.pending + seconds.clamp(0.0, 0.25)).min(0.25);
        loop {
            if !self.flight.over {
                if self.pending < STEP {
                    return None;
                }
                self.pending -= STEP;
                self.flight.step();
            }
            if self.flight.over {
                self.screen = Screen::Result;
                let result = self.flight.result();
                self.results.push(result.clone());
                return Some(result);
            }
        }
    }

    /// The longest run so far, metres.
    pub fn best(&self) -> f64 {
        self.results.iter().map(|result| result.distance).fold(0.0, f64::max)
    }
}

/// How a headless player uses the power-ups.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Policy {
    /// Never presses them.
    Idle,
    /// Presses one of them at random, this many times a second on average (a Poisson process).
    Random {
        /// Presses a second.
        rate: f64,
    },
    /// Presses each as soon as its meter has been full for `reaction` seconds.
    Meters {
        /// Seconds between a meter filling and its press.
        reaction: f64,
    },
}

impl Policy {
    /// The policy's name: `idle`, `random` or `meters`.
    pub fn name(&self) -> &'static str {
        match self {
            Policy::Idle => "idle",
            Policy::Random { .. } => "random",
            Policy::Meters { .. } => "meters",
        }
    }
}

/// Plays one run of course `seed` to its end with `policy`; `player_seed` drives a random
/// presser.
pub fn fly(seed: u64, policy: Policy, player_seed: u64) -> RunResult {
    let mut flight = Flight::new(seed);
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(player_seed);
    while !flight.over {
        match policy {
            Policy::Idle => {}
            Policy::Random { rate } => {
                if rng.random::<f64>() < rate * STEP {
                    let power = Power::ALL[rng.random_range(0..Power::ALL.len())];
                    flight.press(power);
                }
            }
            Policy::Meters { reaction } => {
                for power in Power::ALL {
                    if flight.full_since[power.index()]
                        .is_some_and(|since| flight.seconds - since >= reaction - 1e-9)
                    {
                        flight.press(power);
                    }
                }
            }
        }
        flight.step();
    }
    flight.result()
}

/// Plays runs `0..runs` of a game of seed `seed` headless with `policy` (run `n` on the course
/// of [`run_seed`]`(seed, n)`, a random presser seeded per run too).
pub fn simulate(seed: u64, runs: u32, policy: Policy) -> Vec<RunResult> {
    (0..u64::from(runs)).map(|run| fly(run_seed(seed, run), policy, run_seed(seed ^ 0x5EED, run))).collect()
}

/// The mean of the runs' distances, its 95% interval and the standard deviation
/// ([`curio_core::stats::mean_interval`]).
pub fn mean_distance(results: &[RunResult]) -> (f64, [f64; 2], f64) {
    let distances: Vec<f64> = results.iter().map(|result| result.distance).collect();
    curio_core::stats::mean_interval(&distances)
}

/// What a player's runs came to: the figures `curio launch simulate` prints and the panel shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Runs played.
    pub runs: usize,
    /// Mean distance, metres.
    pub mean_distance: f64,
    /// Its 95% interval.
    pub distance_interval: [f64; 2],
    /// The distances' standard deviation.
    pub distance_sd: f64,
    /// Mean seconds a run.
    pub seconds_per_run: f64,
    /// Presses on a full meter.
    pub power_ups_used: u64,
    /// Presses on a meter not full.
    pub fizzles: u64,
    /// Mean bouncers hit a run.
    pub bounces_per_run: f64,
}

/// Sums up runs.
pub fn summarize(results: &[RunResult]) -> Summary {
    let (mean_distance, distance_interval, distance_sd) = mean_distance(results);
    let n = results.len().max(1) as f64;
    Summary {
        runs: results.len(),
        mean_distance,
        distance_interval,
        distance_sd,
        seconds_per_run: results.iter().map(|r| r.seconds).sum::<f64>() / n,
        power_ups_used: results.iter().map(|r| u64::from(r.used[0] + r.used[1])).sum(),
        fizzles: results.iter().map(|r| u64::from(r.fizzles)).sum(),
        bounces_per_run: results.iter().map(|r| f64::from(r.bounces)).sum::<f64>() / n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_the_same_for_its_seed() {
        assert_eq!(fly(7, Policy::Meters { reaction: 0.1 }, 1), fly(7, Policy::Meters { reaction: 0.1 }, 1));
        assert_ne!(Flight::new(7).bouncers, Flight::new(8).bouncers);
    }

    #[test]
    fn meters_fill_in_their_time_and_an_early_press_empties_them() {
        let mut flight = Flight::new(3);
        // High up, so that the run lasts.
        flight.y = 500.0;
        let steps = (Power::Rocket.fill_seconds() / STEP).round() as usize;
        for _ in 0..steps - 2 {
            flight.step();
        }
        assert!(!flight.is_full(Power::Rocket));
        assert_eq!(flight.press(Power::Rocket), Press::Fizzled);
        assert_eq!(flight.meters[0], 0.0);
        for _ in 0..steps + 1 {
            flight.step();
        }
        assert!(flight.is_full(Power::Rocket), "meter {}", flight.meters[0]);
        let before = flight.vx;
        assert_eq!(flight.press(Power::Rocket), Press::Used);
        assert!(flight.vx > before + 7.0);
        assert_eq!((flight.used, flight.fizzles), ([1, 0], 1));
    }

    #[test]
    fn a_bouncer_under_the_character_throws_it_up() {
        let mut flight = Flight::new(5);
        flight.bouncers = vec![10.0];
        flight.next_bouncer = 0;
        flight.x = 10.0;
        flight.y = 0.01;
        flight.vy = -5.0;
        flight.step();
        assert_eq!(flight.bounces, 1);
        assert!(flight.vy >= BOUNCER_LIFT - GRAVITY * STEP, "vy {}", flight.vy);
    }

    #[test]
    fn screens_follow_each_other() {
        let mut game = Game::new(1);
        assert_eq!(game.screen, Screen::Ready);
        assert_eq!(game.press(Power::Rocket), Press::Ignored);
        assert_eq!(game.button(), Some(Advance::Launched));
        assert_eq!(game.button(), None);
        let mut result = None;
        for _ in 0..10_000 {
            result = result.or(game.advance(0.05));
        }
        let result = result.expect("a run ends");
        assert_eq!(game.screen, Screen::Result);
        assert_eq!(game.results, vec![result]);
        assert_eq!(game.button(), Some(Advance::Upgrades));
        assert_eq!(game.button(), Some(Advance::NextRun));
        assert_eq!((game.screen, game.run), (Screen::Ready, 1));
        assert_eq!(game.flight.seed, run_seed(1, 1));
    }

    #[test]
    fn watching_the_meters_beats_idling_and_random_pressing() {
        let idle = mean_distance(&simulate(1, 100, Policy::Idle));
        let random = mean_distance(&simulate(1, 100, Policy::Random { rate: 1.0 }));
        let meters = mean_distance(&simulate(1, 100, Policy::Meters { reaction: 0.1 }));
        assert!(meters.1[0] > idle.1[1], "meters {meters:?} idle {idle:?}");
        assert!(meters.1[0] > random.1[1], "meters {meters:?} random {random:?}");
    }

    proptest::proptest! {
        #[test]
        fn every_run_ends_ahead_of_the_slingshot(seed: u64, player: u64, rate in 0.0f64..5.0) {
            for policy in [Policy::Idle, Policy::Random { rate }, Policy::Meters { reaction: 0.0 }] {
                let result = fly(seed, policy, player);
                proptest::prop_assert!(result.distance > 0.0 && result.distance.is_finite());
                proptest::prop_assert!(result.seconds <= MAX_SECONDS + STEP);
            }
        }
    }
}
