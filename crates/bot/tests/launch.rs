//! The launcher game's bot on the simulated window (sped up): runs are finished, the bot never
//! presses a meter that is not full nor clicks outside the window or on nothing, the menus never
//! stall it, and its runs go further than an idle player's on the same courses.

use bot::launch::simulated::{Simulation, simulated_bot};
use bot::{BotSettings, Policy};
use std::time::Duration;

/// The simulations run on the wall clock: one at a time, so that two bots do not share the two
/// cores and react late.
static CLOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn play(policy: Policy, runs: usize) -> (bot::BotReport, Vec<launch::RunResult>, Vec<launch::Press>, usize) {
    let _clock = CLOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let simulation = Simulation::new(11, 3.0);
    let settings = BotSettings {
        games: runs,
        max_moves_per_second: 100.0,
        settle_timeout: Duration::from_millis(300),
        policy,
        ..BotSettings::default()
    };
    let mut bot = simulated_bot(&simulation, settings, 5);
    let (report, _log) =
        bot.play(&mut |_: &bot::BotStatus<bot::launch::LaunchGame>| std::ops::ControlFlow::Continue(()));
    let simulation = simulation.borrow();
    (report, simulation.runs.clone(), simulation.presses.clone(), simulation.missed)
}

#[test]
fn the_bot_presses_full_meters_and_goes_further_than_an_idle_player() {
    let (report, runs, presses, missed) = play(Policy::Own, 3);
    assert_eq!(report.stopped, None, "{report:?}");
    assert_eq!((report.games, runs.len()), (3, 3), "{report:?}");
    assert_eq!((report.outside_clicks, missed, report.misreads), (0, 0, 0));
    assert!(!presses.is_empty() && presses.iter().all(|press| *press == launch::Press::Used), "{presses:?}");
    let (idle_report, idle_runs, idle_presses, idle_missed) = play(Policy::Idle, 3);
    assert_eq!((idle_report.games, idle_runs.len(), idle_presses.len(), idle_missed), (3, 3, 0, 0));
    // The same three courses: the bot's runs are the idle player's courses played better.
    let seeds: Vec<u64> = runs.iter().map(|run| run.seed).collect();
    assert_eq!(seeds, idle_runs.iter().map(|run| run.seed).collect::<Vec<_>>());
    for (own, idle) in runs.iter().zip(&idle_runs) {
        assert!(own.distance > idle.distance, "{own:?} vs {idle:?}");
    }
}

#[test]
fn reference_players_play_through_the_same_loop() {
    let (report, runs, presses, missed) = play(Policy::Random, 2);
    assert_eq!((report.games, runs.len(), report.outside_clicks, missed), (2, 2, 0, 0), "{report:?}");
    // A random presser presses whatever the meters show (some early, some not).
    assert!(!presses.is_empty(), "{report:?}");
}
