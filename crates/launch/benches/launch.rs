//! Launch benchmarks: a whole run of the engine with the meter watcher, a hundred runs of each
//! reference player (what `curio launch simulate` does), and painting one frame (what the window
//! does sixty times a second). Each bench checks its result.

use criterion::{Criterion, criterion_group, criterion_main};
use launch::{Game, Policy, fly, scene, simulate};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("launch");
    group.sample_size(20);
    group.bench_function("one run, meters", |b| {
        b.iter(|| assert!(fly(black_box(7), Policy::Meters { reaction: 0.1 }, 1).distance > 0.0))
    });
    group.bench_function("100 runs of each player", |b| {
        b.iter(|| {
            for policy in [Policy::Idle, Policy::Random { rate: 1.0 }, Policy::Meters { reaction: 0.1 }] {
                assert_eq!(simulate(black_box(1), 100, policy).len(), 100);
            }
        })
    });
    let mut game = Game::new(3);
    game.button();
    game.advance(1.5);
    group.bench_function("paint a frame", |b| {
        b.iter(|| assert_eq!(scene::draw(black_box(&game)).width(), scene::WIDTH))
    });
    group.finish();
}

criterion_group!(launch_benches, benches);
criterion_main!(launch_benches);
