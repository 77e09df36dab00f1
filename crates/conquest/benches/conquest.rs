//! Conquest benchmarks: every distinct turn of the built-in squads' first position (checked
//! against its count, so a broken generator cannot report a fast time), with and without
//! commands, a capped random playout, and the turn search (2,000 rollouts) on the first position.

use arena::Game as _;
use conquest::{Battle, Mcts, Rules, turns};
use criterion::{Criterion, criterion_group, criterion_main};
use curio_core::progress::NoProgress;
use std::hint::black_box;
use std::sync::Arc;

fn benches(c: &mut Criterion) {
    let battle = Battle::standard(Arc::new(Rules::builtin()));
    let with = turns(&battle, true).len();
    let without = turns(&battle, false).len();
    assert!(with > without && without > 100, "{with} {without}");
    let mut group = c.benchmark_group("conquest");
    group.sample_size(10);
    group.bench_function("turns with commands (first position)", |b| {
        b.iter(|| turns(black_box(&battle), true).len())
    });
    group.bench_function("turns without commands (first position)", |b| {
        b.iter(|| turns(black_box(&battle), false).len())
    });
    let mut random = arena::rng(1);
    group.bench_function("capped playout", |b| b.iter(|| battle.playout(&mut random)));
    let search = Mcts::new(2000);
    group.bench_function("turn search, 2000 rollouts (first position)", |b| {
        b.iter(|| {
            search.search(black_box(&battle), &mut random, &mut NoProgress).expect("no cancel").steps.len()
        })
    });
    group.finish();
}

criterion_group!(conquest_benches, benches);
criterion_main!(conquest_benches);
