//! Bulls and Cows benchmarks: the feedback table of the 4-digit game, and each scored
//! strategy's complete tree over its 5,040 secrets. Each bench checks its result so a broken
//! build cannot report a fast time.

use bulls::{FeedbackTable, Strategy, Variant, build_tree};
use criterion::{Criterion, criterion_group, criterion_main};
use curio_core::progress::NoProgress;

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("bulls");
    group.sample_size(10);
    group.bench_function("feedback table of 4of10", |b| {
        b.iter(|| FeedbackTable::new(Variant::FOUR_OF_TEN).unwrap())
    });
    let table = FeedbackTable::new(Variant::FOUR_OF_TEN).unwrap();
    for (strategy, total) in [
        (Strategy::Minimax, 27_139),
        (Strategy::MostParts, 26_751),
        (Strategy::ExpectedSize, 26_551),
        (Strategy::Entropy, 26_424),
    ] {
        assert_eq!(build_tree(&table, strategy, 1, &mut NoProgress).unwrap().stats().total, total);
        group.bench_function(format!("{} tree of 4of10", strategy.name()), |b| {
            b.iter(|| build_tree(&table, strategy, 1, &mut NoProgress).unwrap())
        });
    }
    group.finish();
}

criterion_group!(bulls, benches);
criterion_main!(bulls);
