//! Classics benchmarks: every 7-player tournament decided and grouped, P(10^7, 3), Quality of
//! Living on a 1000 x 1000 grid, and the eight Code Jam samples. Each bench checks its result so
//! a broken build cannot report a fast time; `curio classics ...` reports the large runs.

use classics::codejam::CodeJamProblem;
use classics::{primes, quality, tournaments};
use criterion::{Criterion, criterion_group, criterion_main};
use curio_core::progress::NoProgress;
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("classics");
    group.sample_size(10);
    group.bench_function("tournaments, 7 players, with classes", |b| {
        b.iter(|| {
            let census = tournaments::enumerate(black_box(7), true, &mut NoProgress).unwrap();
            assert_eq!(census.counterexamples, 7520);
        })
    });
    group.bench_function("P(10^7, 3)", |b| {
        b.iter(|| {
            let table = primes::table(black_box(10_000_000), 3, &mut NoProgress).unwrap();
            assert_eq!(table.primes, 664_579);
        })
    });
    let task = quality::Task::new(quality::Grid::random(1000, 1000, 1).unwrap(), 101, 201).unwrap();
    group.bench_function("Quality of Living, 1000 x 1000, 101 x 201", |b| {
        b.iter(|| black_box(quality::solve(&task, None)))
    });
    group.bench_function("the Code Jam samples", |b| {
        b.iter(|| {
            for problem in CodeJamProblem::ALL.into_iter().filter(|p| !p.is_interactive()) {
                black_box(problem.solve(problem.sample_input()).unwrap());
            }
        })
    });
    group.finish();
}

criterion_group!(classics, benches);
criterion_main!(classics);
