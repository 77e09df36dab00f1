//! Go benchmarks: the exact integer square root, a touching placement over the whole ring, the
//! liberty test of every stone on a crowded board, one random playout from it, and a 200-playout
//! search. Each bench checks its result so a broken build cannot report a fast time.

use criterion::{Criterion, criterion_group, criterion_main};
use curio_core::progress::NoProgress;
use go::ai::{self, Strength};
use go::{BOARD, Colour, Game, Point, game_geometry, isqrt};
use rand::{RngExt, SeedableRng};
use std::hint::black_box;

/// A board with about 150 stones played by random legal moves (half touching placements).
fn crowded() -> Game {
    let geometry = game_geometry(1724).unwrap();
    let mut game = Game::new(geometry, 0.5);
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    while game.position.stones().len() < 150 {
        let toward = Point::new(rng.random_range(0..=BOARD), rng.random_range(0..=BOARD));
        let at = match game.position.nearest_stone(toward) {
            Some(id) if rng.random_bool(0.6) => geometry.touch(game.position.stones()[id].at, toward),
            _ => toward,
        };
        if game.play(at).is_err() && game.position.stones().len() > 140 {
            game.pass();
        }
    }
    game
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("go");
    group.sample_size(10);
    assert_eq!(isqrt(u64::MAX), u32::MAX as u64);
    group.bench_function("isqrt of 1,000 large numbers", |b| {
        b.iter(|| (0..1000u64).map(|k| isqrt(black_box(u64::MAX - k * 7_919_000_000))).sum::<u64>())
    });
    let geometry = game_geometry(1724).unwrap();
    group.bench_function("touch, the whole ring", |b| {
        b.iter(|| {
            geometry.touch(black_box(Point::new(30_000, 30_000)), black_box(Point::new(40_000, 37_000)))
        })
    });
    let game = crowded();
    let position = &game.position;
    assert!(position.stones().len() >= 140);
    group.bench_function("liberty test of every stone, 150 stones", |b| {
        b.iter(|| (0..position.stones().len()).filter(|&id| position.free_touch(id).is_some()).count())
    });
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(2);
    group.bench_function("one 40-move playout from 150 stones", |b| {
        b.iter(|| ai::playout(position.clone(), Colour::Black, 0.5, 40, &mut rng))
    });
    group.bench_function("search, 200 playouts", |b| {
        b.iter(|| {
            let thought =
                ai::think(&game, Strength { playouts: 200, ..Strength::default() }, &mut NoProgress).unwrap();
            assert!(thought.best.is_some());
        })
    });
    group.finish();
}

criterion_group!(go, benches);
criterion_main!(go);
