//! Story benchmarks on the shipped Siddhartha: parsing and checking its script, a minute of the
//! engine's steps, and the walker playing the whole story. Each bench checks its result.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use story::script::{Script, check};
use story::siddhartha::{SCRIPT, story};
use story::world::{Game, Input, TICKS_PER_SECOND};

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("story");
    group.sample_size(20);
    group.bench_function("parse and check the script", |b| {
        b.iter(|| {
            let script = Script::parse(black_box(SCRIPT)).unwrap();
            assert!(check(&script).errors.is_empty());
        })
    });
    let story = story().unwrap();
    group.bench_function("a minute of engine steps", |b| {
        b.iter(|| {
            let mut game = Game::new(&story);
            for tick in 0..60 * TICKS_PER_SECOND {
                let input = Input {
                    right: tick % 300 < 200,
                    left: tick % 300 >= 200,
                    jump: tick % 45 == 0,
                    up: false,
                };
                game.tick(&story, black_box(input));
            }
            assert_eq!(game.ticks, u64::from(60 * TICKS_PER_SECOND));
        })
    });
    group.bench_function("walk the whole story", |b| {
        b.iter(|| assert!(story::walker::walk(black_box(&story), &mut |_| true).stuck.is_empty()))
    });
    group.finish();
}

criterion_group!(story_benches, benches);
criterion_main!(story_benches);
