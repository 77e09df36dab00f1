//! Eyes benchmarks: a frame's worth of pupils and blinks for 400 eyes, and their scene.

use criterion::{Criterion, criterion_group, criterion_main};
use eyes::{Eye, Palette, openness, scene};

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("eyes");
    let eyes: Vec<Eye> = (0..400)
        .map(|i| Eye { center: [(i % 20) as f64 * 60.0, (i / 20) as f64 * 60.0], radius: 25.0 })
        .collect();
    let frame = |look: [f64; 2]| -> f64 {
        eyes.iter().enumerate().map(|(index, eye)| eye.pupil(look)[0] * openness(12.3, index, 1)).sum()
    };
    assert!(frame([300.0, 200.0]).is_finite());
    group.bench_function("a frame of 400 eyes", |b| b.iter(|| frame(std::hint::black_box([300.0, 200.0]))));
    group.bench_function("scene of 400 eyes", |b| {
        b.iter(|| scene(&eyes, [300.0, 200.0], 1200.0, 1200.0, 12.3, 1, &Palette::default()))
    });
    group.finish();
}

criterion_group!(eyes_benches, benches);
criterion_main!(eyes_benches);
