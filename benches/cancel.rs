//! Cancel latency of the app's background jobs: each panel's long job (the same domain call the
//! panel starts, at the heavy end of its settings) runs as a [`Job`] for a while, then Cancel is
//! pressed; the figure is the time from the cancel request to the job's thread ending. Prints a
//! table and the worst case (the goal: under 200 ms).
//!
//! `cargo bench --bench cancel` (a job's run before Cancel: CURIO_CANCEL_AFTER_MS, default 400).

use curio::jobs::{Job, JobReporter};
use curio::progress::Progress;
use std::time::{Duration, Instant};

type Work = Box<dyn FnOnce(&mut JobReporter) + Send>;

/// The jobs, by panel: (panel, job, work).
fn jobs() -> Vec<(&'static str, &'static str, Work)> {
    use curio::{bulls, classics, fermat, go, hanoi, mines, tetris};
    vec![
        (
            "mines",
            "benchmark (expert, 10^6 games)",
            Box::new(|r: &mut JobReporter| {
                let config = mines::BoardConfig::parse_level("expert", mines::FirstClickRule::Safe).unwrap();
                let _ = mines::bench(config, &mines::Policy::default(), 1_000_000, 1, 2, r);
            }),
        ),
        (
            "mines",
            "paired comparison (expert)",
            Box::new(|r: &mut JobReporter| {
                let config = mines::BoardConfig::parse_level("expert", mines::FirstClickRule::Safe).unwrap();
                let candidate = mines::Policy::default().without(mines::policy::Refinement::ALL[0]);
                let _ = mines::compare(config, &candidate, &mines::Policy::default(), 1_000_000, 1, 2, r);
            }),
        ),
        (
            "tetris",
            "evolution (10x20, GA 50 x 10)",
            Box::new(|r: &mut JobReporter| {
                let config = tetris::EvolveConfig {
                    optimizer: tetris::Optimizer::Ga,
                    features: tetris::FeatureSet::Bcts,
                    rules: tetris::Rules::benchmark(10, 20).unwrap(),
                    population: 50,
                    games: 10,
                    seed: 1,
                    max_pieces: Some(100_000),
                    depth: tetris::Depth::One,
                };
                let mut run = tetris::Run::new(config).unwrap();
                let budget = tetris::Budget { generations: 1000, time: None };
                let _ = tetris::evolve(&mut run, budget, r, |_| std::ops::ControlFlow::Continue(()));
            }),
        ),
        (
            "fermat",
            "Torricelli triangles (limit 10^7)",
            Box::new(|r: &mut JobReporter| {
                let _ = fermat::torricelli::torricelli(10_000_000, r);
            }),
        ),
        (
            "fermat",
            "PE299 (limit 10^12)",
            Box::new(|r: &mut JobReporter| {
                let _ = fermat::pe299::pe299(1_000_000_000_000, r);
            }),
        ),
        (
            "classics",
            "tournament rooms (8 players)",
            Box::new(|r: &mut JobReporter| {
                let _ = classics::tournaments::enumerate(8, true, r);
            }),
        ),
        (
            "classics",
            "prime sums (limit 10^9)",
            Box::new(|r: &mut JobReporter| {
                let Ok(sieve) = classics::primes::Sieve::new(1_000_000_000, r) else { return };
                let _ = classics::primes::table_from(&sieve, 3, r);
            }),
        ),
        (
            "classics",
            "prime curves (limit 10^9)",
            Box::new(|r: &mut JobReporter| {
                let Ok(sieve) = classics::primes::Sieve::new(1_000_000_000, r) else { return };
                let _ = classics::primes::longest_lengths(&sieve, r);
            }),
        ),
        (
            "hanoi",
            "search (4 pegs, 16 disks)",
            Box::new(|r: &mut JobReporter| {
                let _ = hanoi::search::search(&hanoi::Position::tower(4, 16, 0), r);
            }),
        ),
        (
            "hanoi",
            "path (5 pegs, 12 disks)",
            Box::new(|r: &mut JobReporter| {
                let (start, goal) = (hanoi::Position::tower(5, 12, 0), hanoi::Position::tower(5, 12, 4));
                let _ = hanoi::search::path(&start, &goal, r);
            }),
        ),
        (
            "bulls",
            "random-consistent runs (4 of 10)",
            Box::new(|r: &mut JobReporter| {
                let codes = bulls::Variant::FOUR_OF_TEN.codes();
                let _ = bulls::strategy::random_consistent_runs(&codes, 100_000, 1, r);
            }),
        ),
        (
            "bulls",
            "optimal search (4 of 10)",
            Box::new(|r: &mut JobReporter| {
                let table = bulls::FeedbackTable::new(bulls::Variant::FOUR_OF_TEN).unwrap();
                let options = bulls::optimal::OptimalOptions::default();
                let _ = bulls::optimal::search(&table, options, Default::default(), r, |_| {});
            }),
        ),
        (
            "go",
            "AI move (10^6 playouts)",
            Box::new(|r: &mut JobReporter| {
                let geometry = go::game_geometry(go::DEFAULT_RADIUS).unwrap();
                let game = go::Game::new(geometry, 0.5);
                let strength = go::ai::Strength { playouts: 1_000_000, playout_moves: 40, seed: 1 };
                let _ = go::ai::think(&game, strength, r);
            }),
        ),
    ]
}

fn main() {
    let after = Duration::from_millis(
        std::env::var("CURIO_CANCEL_AFTER_MS").ok().and_then(|text| text.parse().ok()).unwrap_or(400),
    );
    let mut worst = (Duration::ZERO, "");
    println!("{:<9} {:<36} {:>12}", "panel", "job", "cancel (ms)");
    for (panel, name, work) in jobs() {
        let mut job = Job::spawn("curio-cancel-bench", move |reporter| {
            // The first report starts the clock of the job's run.
            let _ = reporter.report(0, 1, "started");
            work(reporter)
        })
        .expect("a thread");
        std::thread::sleep(after);
        if !job.is_running() {
            println!("{panel:<9} {name:<36} {:>12}", "ended first");
            continue;
        }
        let asked = Instant::now();
        job.cancel();
        while job.poll().is_none() {
            std::thread::sleep(Duration::from_micros(200));
        }
        let latency = asked.elapsed();
        println!("{panel:<9} {name:<36} {:>12.1}", latency.as_secs_f64() * 1000.0);
        if latency > worst.0 {
            worst = (latency, name);
        }
    }
    println!(
        "worst: {:.1} ms ({}), after {} ms of work",
        worst.0.as_secs_f64() * 1000.0,
        worst.1,
        after.as_millis()
    );
}
