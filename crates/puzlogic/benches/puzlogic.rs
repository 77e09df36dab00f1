//! Puzlogic benchmarks: every solution of the write-up's level 3, of a generated 9x9 puzzle
//! with 30 pieces (with and without sums), and generating one. Each bench checks its result;
//! `curio puzlogic bench` times a thousand puzzles.

use criterion::{Criterion, criterion_group, criterion_main};
use puzlogic::generator::{self, Spec};
use puzlogic::{level_3, solver};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("puzlogic");
    group.sample_size(20);
    let level = level_3();
    group.bench_function("level 3, every solution", |b| {
        b.iter(|| assert_eq!(solver::solve(black_box(&level), usize::MAX).solutions.len(), 1))
    });
    for sums in [false, true] {
        let spec = Spec { rows: 9, cols: 9, pieces: 30, sums };
        let puzzle = generator::generate(spec, 1).unwrap();
        let name =
            if sums { "9x9, 30 pieces, sums, every solution" } else { "9x9, 30 pieces, every solution" };
        group.bench_function(name, |b| {
            b.iter(|| assert_eq!(solver::solve(black_box(&puzzle), usize::MAX).solutions.len(), 1))
        });
    }
    group.bench_function("generate 9x9 with 30 pieces", |b| {
        b.iter(|| {
            generator::generate(Spec { rows: 9, cols: 9, pieces: 30, sums: false }, black_box(2)).unwrap()
        })
    });
    group.finish();
}

criterion_group!(puzlogic, benches);
criterion_main!(puzlogic);
