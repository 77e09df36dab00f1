//! One bot run, the same for the command line and the pane: launch (or find) the target, then
//! either calibrate once or play, with pause, step and stop from another thread
//! ([`SessionControl`]), typed statuses ([`BotEvent`]) and typed errors ([`SessionError`]).

use super::game::ScreenGame;
use super::input::{InputError, InputSink};
use super::mines::vision::VisionError;
use super::player::{Bot, BotEvent, BotObserver, BotReport, BotSettings, BotStatus, ReadLog};
use super::screen::{ScreenError, ScreenSource};
use super::targets::{LaunchRequest, Launcher, TargetError};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;

/// What a session does.
#[derive(Clone, Debug, PartialEq)]
pub struct SessionRequest {
    /// The target to launch or find.
    pub launch: LaunchRequest,
    /// How to play.
    pub settings: BotSettings,
    /// Find the board once and report it, clicking nothing.
    pub calibrate_only: bool,
}

/// Why a session could not run.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The target could not be launched or found.
    #[error(transparent)]
    Target(#[from] TargetError),
    /// Synthetic input is not available.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The target's window could not be captured.
    #[error(transparent)]
    Screen(#[from] ScreenError),
    /// No board was found (calibration only).
    #[error("no board found: {0}")]
    Vision(#[from] VisionError),
}

/// How a session went: the counters (with the typed reason in `report.stop_reason` when it
/// stopped early) and every board read, game by game.
#[derive(Clone, Debug, Default)]
pub struct SessionOutcome {
    /// The counters.
    pub report: BotReport,
    /// The reads.
    pub log: ReadLog,
    /// Who decided the moves (the game's own policy or a reference player).
    pub policy: crate::player::Policy,
}

const RUNNING: u8 = 0;
const PAUSED: u8 = 1;
const STEP: u8 = 2;
const STOPPED: u8 = 3;

/// Pause, step and stop for a running session, shared with the thread that runs it (clones
/// share the state).
#[derive(Clone, Debug, Default)]
pub struct SessionControl(Arc<AtomicU8>);

impl SessionControl {
    /// Holds the bot at its next status until resumed, stepped or stopped.
    pub fn pause(&self) {
        let _ = self.0.compare_exchange(RUNNING, PAUSED, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Lets a paused bot run on.
    pub fn resume(&self) {
        let _ = self.0.compare_exchange(PAUSED, RUNNING, Ordering::Relaxed, Ordering::Relaxed);
        let _ = self.0.compare_exchange(STEP, RUNNING, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Lets a paused bot make one decision (and its clicks), then holds it again.
    pub fn step(&self) {
        let _ = self.0.compare_exchange(PAUSED, STEP, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Ends the session at its next status.
    pub fn stop(&self) {
        self.0.store(STOPPED, Ordering::Relaxed);
    }

    /// Whether the bot is held (paused, or stepping).
    pub fn is_paused(&self) -> bool {
        matches!(self.0.load(Ordering::Relaxed), PAUSED | STEP)
    }

    /// Whether stop was asked.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed) == STOPPED
    }

    /// Waits while paused; `Break` once stopped. A step lets one decision through.
    fn gate<G: ScreenGame>(&self, status: &BotStatus<G>) -> ControlFlow<()> {
        loop {
            match self.0.load(Ordering::Relaxed) {
                RUNNING => return ControlFlow::Continue(()),
                STOPPED => return ControlFlow::Break(()),
                STEP if status.event == BotEvent::Decided => {
                    let _ = self.0.compare_exchange(STEP, PAUSED, Ordering::Relaxed, Ordering::Relaxed);
                    return ControlFlow::Continue(());
                }
                STEP => return ControlFlow::Continue(()),
                _ => std::thread::sleep(Duration::from_millis(30)),
            }
        }
    }
}

/// Runs a session of `game`: launches (or finds) the target with `launcher`, then calibrates
/// once (and reports one [`BotEvent::Calibrated`] status) or plays through `screen` and the
/// input that `input` makes (made only to play). `observer` hears every status; `control` can
/// pause, step and stop it. The target (and a program launched for it) ends with the session.
pub fn run<S: ScreenSource, I: InputSink, G: ScreenGame>(
    request: &SessionRequest,
    game: G,
    launcher: &mut dyn Launcher,
    mut screen: S,
    input: impl FnOnce() -> Result<I, InputError>,
    control: &SessionControl,
    observer: &mut impl BotObserver<G>,
) -> Result<SessionOutcome, SessionError> {
    let target = launcher.launch(&request.launch, &mut screen)?;
    if request.calibrate_only {
        let frame = screen.capture(target.window.id)?;
        let calibration = game.calibrate(&frame.image)?;
        let board = game.read(&frame.image, &calibration);
        let message = format!("calibrated: {}", game.describe_calibration(&calibration));
        let status = BotStatus::<G>::seen(
            BotEvent::Calibrated,
            Some(frame),
            Some(calibration),
            Some(board),
            BotReport::default(),
            message,
        );
        let _ = observer.status(&status);
        return Ok(SessionOutcome::default());
    }
    let input = input()?;
    let mut bot = Bot::with_game(
        screen,
        input,
        request.settings.clone(),
        request.launch.kind.clone(),
        target.window.clone(),
        game,
    );
    let (report, log) = bot.play(&mut |status: &BotStatus<G>| {
        observer.status(status)?;
        control.gate(status)
    });
    drop(target);
    Ok(SessionOutcome { report, log, policy: request.settings.policy })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(event: BotEvent) -> BotStatus<crate::MinesGame> {
        BotStatus::seen(event, None, None, None, BotReport::default(), "")
    }

    #[test]
    fn step_lets_one_decision_through_and_stop_ends_a_pause() {
        let control = SessionControl::default();
        assert!(control.gate(&status(BotEvent::Decided)).is_continue());
        control.pause();
        assert!(control.is_paused());
        control.step();
        // Waiting statuses pass while stepping; the decision passes and holds the bot again.
        assert!(control.gate(&status(BotEvent::WaitingForScreen)).is_continue());
        assert!(control.gate(&status(BotEvent::Decided)).is_continue());
        assert!(control.is_paused());
        let stopper = control.clone();
        let waiter = std::thread::spawn(move || control.gate(&status(BotEvent::Decided)));
        std::thread::sleep(Duration::from_millis(50));
        stopper.stop();
        assert!(waiter.join().unwrap().is_break());
        assert!(stopper.is_stopped());
    }
}
