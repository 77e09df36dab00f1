//! Connect-4 benchmarks: solving an end-game, a middle-game and a beginning position of the
//! test sets, each from an empty table and checked against its score from Pascal Pons's solver
//! so a broken build cannot report a fast time.

use connect4::{Position, Solver};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let mut solver = Solver::new();
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    for (name, text, score) in [
        ("end game (29 moves)", "16756345561236665335724572233", -6),
        ("middle game (14 moves)", "42655421475772", 6),
        ("beginning (8 moves)", "67127513", -2),
    ] {
        let position = Position::parse(text).expect("a position");
        solver.reset();
        assert_eq!(solver.solve(&position), score, "{text}");
        group.bench_function(name, |b| {
            b.iter(|| {
                solver.reset();
                solver.solve(black_box(&position))
            })
        });
    }
    group.finish();
}

criterion_group!(connect4, benches);
criterion_main!(connect4);
