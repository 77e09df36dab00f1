//! The launcher game as the bot's third game, a real-time one: the built-in window (`curio
//! launch window`) or any window with its look. Calibration cuts templates from the window on a
//! menu (the button, each power-up's idle icon: see [`vision`]); every read matches them; the
//! policy clicks a menu's button and presses a power-up whose icon shows ready. A run is a game:
//! it ends when a menu shows after a flight, and the loop's "new game" is the result screen's
//! button. The loop, its fence (presses inside the window) and its failsafe are the generic ones.
//!
//! Reference players for measuring the bot (`--policy`): an idle player (menus only) and a
//! random presser (a power-up at random times, once a second on average).

pub mod simulated;
pub mod vision;

use crate::facet::{BotGame, Playable, TruthCheck, Words};
use crate::game::{Action, Decision, ScreenGame};
use crate::input::MouseButton;
use crate::mines::vision::VisionError;
use crate::player::{Policy, StopReason};
use crate::screen::WindowInfo;
use crate::session::{SessionOutcome, SessionRequest};
use crate::targets::{Executable, LaunchCommand, LaunchRequest, Program, TargetKind};
use image::RgbaImage;
use launch::RunResult;
use rand::{RngExt, SeedableRng};
use std::time::Instant;
use vision::{Calibration, Shown};

/// The launcher game as the bot plays it.
pub const GAME: BotGame = BotGame {
    name: "launch",
    title: "Launch",
    programs: &[BUILTIN],
    words: Words {
        game: "run",
        games: "runs",
        wins: "finished",
        won: "finished",
        moves: "presses",
        presses: "clicks",
    },
    run: crate::facet::run::<LaunchGame>,
    check,
    reference_players: true,
};

/// `curio launch window`: the built-in window, its runs from the seed; it logs each run.
pub const BUILTIN: Program = Program {
    name: "builtin",
    label: "built-in window",
    title: "Curio Launch",
    command: builtin_command,
    opens_dialogs: false,
    start_click: None,
    logs_truth: true,
};

fn builtin_command(request: &LaunchRequest) -> LaunchCommand {
    let mut arguments: Vec<String> =
        vec!["launch".into(), "window".into(), "--seed".into(), request.seed.to_string()];
    if let Some(log) = &request.log {
        arguments.extend(["--log".into(), log.display().to_string()]);
    }
    LaunchCommand::new(Executable::Curio, arguments)
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LaunchMove {
    /// Click the menu's button at this point.
    Button([f64; 2]),
    /// Press the power-up of this slot (from the left).
    Power(usize),
}

/// The game: the policy and what it remembers of the run.
pub struct LaunchGame {
    policy: Policy,
    /// Whether this run has flown (a menu after a flight ends it).
    flown: bool,
    /// The random presser's dice.
    rng: rand_pcg::Pcg64Mcg,
    /// When the random presser last decided.
    last_decision: Option<Instant>,
}

impl LaunchGame {
    /// A game played by `policy`; `seed` seeds the random presser.
    pub fn new(policy: Policy, seed: u64) -> LaunchGame {
        LaunchGame { policy, flown: false, rng: rand_pcg::Pcg64Mcg::seed_from_u64(seed), last_decision: None }
    }
}

/// How often the random presser presses, on average, a second.
pub const RANDOM_PRESSES_PER_SECOND: f64 = 1.0;

impl Playable for LaunchGame {
    fn for_session(request: &SessionRequest) -> LaunchGame {
        LaunchGame::new(request.settings.policy, request.launch.seed)
    }
}

impl ScreenGame for LaunchGame {
    type Calibration = Calibration;
    type Reading = Shown;
    type Move = LaunchMove;

    fn calibrate(&self, image: &RgbaImage) -> Result<Calibration, VisionError> {
        vision::calibrate(image)
    }

    fn describe_calibration(&self, calibration: &Calibration) -> String {
        format!(
            "a {}x{} px button and {} power-up slots of {} px",
            calibration.button.width,
            calibration.button.height,
            calibration.slots.len(),
            calibration.slots.first().map_or(0, |slot| slot.idle.width)
        )
    }

    fn read(&self, image: &RgbaImage, calibration: &Calibration) -> Shown {
        vision::read(image, calibration)
    }

    fn consistent(&self, _previous: Option<&Shown>, next: &Shown) -> Result<(), String> {
        match next {
            Shown::Unclear(problem) => Err(problem.clone()),
            _ => Ok(()),
        }
    }

    fn bounds(&self, calibration: &Calibration) -> [f64; 4] {
        [0.0, 0.0, f64::from(calibration.size[0]), f64::from(calibration.size[1])]
    }

    fn pitch(&self, calibration: &Calibration) -> f64 {
        calibration.slots.first().map_or(20.0, |slot| f64::from(slot.idle.width))
    }

    fn is_new_game(&self, reading: &Shown) -> bool {
        matches!(reading, Shown::Menu { .. })
    }

    fn is_in_progress(&self, _calibration: &Calibration, reading: &Shown) -> bool {
        matches!(reading, Shown::Flying { .. })
    }

    fn start_game(&mut self, _calibration: &Calibration) -> Result<(), StopReason> {
        self.flown = false;
        self.last_decision = None;
        Ok(())
    }

    fn outcome(&self, reading: &Shown) -> Option<bool> {
        (self.flown && matches!(reading, Shown::Menu { .. })).then_some(true)
    }

    fn decide(&mut self, calibration: &Calibration, reading: &Shown) -> Result<Decision<LaunchMove>, String> {
        let (moves, message) = match reading {
            Shown::Unclear(problem) => return Err(problem.clone()),
            Shown::Menu { button } => (vec![LaunchMove::Button(*button)], "a menu: its button".to_string()),
            Shown::Flying { ready } => {
                self.flown = true;
                match self.policy {
                    Policy::Own => {
                        let moves: Vec<LaunchMove> = ready
                            .iter()
                            .enumerate()
                            .filter(|&(_, &r)| r)
                            .map(|(i, _)| LaunchMove::Power(i))
                            .collect();
                        let message = if moves.is_empty() {
                            "flying: no meter full".to_string()
                        } else {
                            format!("flying: {} meter(s) full", moves.len())
                        };
                        (moves, message)
                    }
                    Policy::Idle => (Vec::new(), "flying (idle player)".to_string()),
                    Policy::Random => {
                        // A Poisson process in real time: the chance of a press since the last
                        // decision.
                        let now = Instant::now();
                        let elapsed =
                            self.last_decision.map_or(0.0, |at| now.duration_since(at).as_secs_f64());
                        self.last_decision = Some(now);
                        let chance = 1.0 - (-RANDOM_PRESSES_PER_SECOND * elapsed).exp();
                        let slots = calibration.slots.len();
                        if slots > 0 && self.rng.random::<f64>() < chance {
                            (
                                vec![LaunchMove::Power(self.rng.random_range(0..slots))],
                                "flying: a random press".into(),
                            )
                        } else {
                            (Vec::new(), "flying (random presser)".to_string())
                        }
                    }
                }
            }
        };
        Ok(Decision { moves, probabilities: Vec::new(), message })
    }

    fn action(&self, calibration: &Calibration, shown: &RgbaImage, chosen: &LaunchMove) -> Option<Action> {
        let at = match *chosen {
            LaunchMove::Button(at) => at,
            LaunchMove::Power(slot) => {
                let slot = calibration.slots.get(slot)?;
                // The bot presses only a slot that still shows ready (a reference player presses
                // whatever it chose).
                if self.policy == Policy::Own && slot.change(shown) <= vision::CHANGED {
                    return None;
                }
                slot.centre()
            }
        };
        Some(Action::Click { at, button: MouseButton::Left })
    }

    fn move_shown(
        &self,
        calibration: &Calibration,
        _before: &RgbaImage,
        after: &RgbaImage,
        chosen: &LaunchMove,
    ) -> bool {
        match *chosen {
            // The menu went: its button is no longer where it was clicked (the next screen shows
            // another, or the flight).
            LaunchMove::Button(at) => vision::read(after, calibration) != Shown::Menu { button: at },
            // A pressed slot goes back to its idle look (a press on an empty meter changes
            // nothing, and the loop's wait runs out).
            LaunchMove::Power(slot) => {
                calibration.slots.get(slot).is_none_or(|slot| slot.change(after) < vision::MATCH)
            }
        }
    }

    /// The picture lights nothing under the pointer, and a press on a meter that is not full
    /// shows nothing: the pointer stays where it pressed (moved away at once, egui would take
    /// the click where it went).
    fn parks_pointer(&self) -> bool {
        false
    }

    fn finishes(&self, _reading: &Shown, _moves: &[LaunchMove]) -> bool {
        false
    }

    fn describe(&self, reading: &Shown) -> String {
        match reading {
            Shown::Menu { button } => format!("menu, button at ({:.0}, {:.0})", button[0], button[1]),
            Shown::Flying { ready } => {
                let slots: Vec<&str> = ready.iter().map(|&r| if r { "ready" } else { "filling" }).collect();
                format!("flying: {}", slots.join(" "))
            }
            Shown::Unclear(problem) => format!("unclear: {problem}"),
        }
    }

    fn new_game_point(
        &self,
        _kind: &TargetKind,
        _window: &WindowInfo,
        calibration: &Calibration,
        shown: &RgbaImage,
    ) -> [f64; 2] {
        let [x, y] = vision::find_button(shown, calibration).unwrap_or(calibration.button_at);
        [
            f64::from(x) + f64::from(calibration.button.width) / 2.0,
            f64::from(y) + f64::from(calibration.button.height) / 2.0,
        ]
    }
}

/// Checks a session against the window's log (one JSON line a finished run, with its
/// `distance`, its `used` presses per power-up, its `fizzles` (presses on a meter not full) and
/// `missed` clicks (on nothing)): every press of the bot's is checked, and a fizzle is a
/// misread (the bot saw a full meter that was not). The findings give the runs' distances.
pub fn check(outcome: &SessionOutcome, truth: &[serde_json::Value]) -> TruthCheck {
    // Each finished run's line is its `RunResult`; a line that is not one is not counted.
    let runs: Vec<RunResult> = truth
        .iter()
        .filter(|line| line["event"] == "run")
        .filter_map(|line| serde_json::from_value(line.clone()).ok())
        .collect();
    let summary = launch::summarize(&runs);
    let fizzles = summary.fizzles as usize;
    let missed = truth.iter().filter(|line| line["event"] == "missed").count();
    let waits: Vec<f64> = runs.iter().filter_map(|run| run.mean_wait).collect();
    let distances: Vec<f64> = runs.iter().map(|run| run.distance).collect();
    TruthCheck {
        checked: summary.power_ups_used as usize + fizzles,
        // The bot presses only a slot it read ready: a press on a meter not full is a misread.
        // A reference player presses regardless.
        misreads: outcome.report.misreads + if outcome.policy == Policy::Own { fizzles } else { 0 },
        findings: vec![
            ("runs_logged", summary.runs.into()),
            ("mean_distance", summary.mean_distance.into()),
            ("distance_interval", summary.distance_interval.to_vec().into()),
            ("distance_sd", summary.distance_sd.into()),
            ("distances", distances.into()),
            ("power_ups_used", summary.power_ups_used.into()),
            ("fizzles", fizzles.into()),
            ("missed_clicks", missed.into()),
            (
                "mean_wait_seconds",
                if waits.is_empty() {
                    serde_json::Value::Null
                } else {
                    (waits.iter().sum::<f64>() / waits.len() as f64).into()
                },
            ),
            (
                "captures_per_second",
                if outcome.report.seconds > 0.0 {
                    (outcome.report.reads as f64 / outcome.report.seconds).into()
                } else {
                    serde_json::Value::Null
                },
            ),
        ],
    }
}
