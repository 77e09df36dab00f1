//! Fermat benchmarks: the construction, the weighted median of 32 points, Project Euler 143 at
//! 120,000 and Project Euler 299 at 10^7, and the CPU distance field. Each bench checks its
//! result so a broken build cannot report a fast time.

use criterion::{Criterion, criterion_group, criterion_main};
use curio_core::geom::{Point, Rect};
use curio_core::progress::NoProgress;
use fermat::{FieldStyle, WeightedPoint, fermat_point, field_image, geometric_median, pe299, torricelli};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let vertices = [Point::new(0.0, 0.0), Point::new(4.0, 0.0), Point::new(1.0, 3.0)];
    assert!(fermat_point(vertices).expect("a triangle").at_vertex.is_none());
    c.bench_function("fermat point", |b| b.iter(|| fermat_point(black_box(vertices))));

    let points: Vec<WeightedPoint> = (0..32)
        .map(|i| {
            let angle = f64::from(i) * 2.399;
            WeightedPoint {
                point: Point::polar(1.0 + f64::from(i % 5), angle),
                weight: 1.0 + f64::from(i % 3),
            }
        })
        .collect();
    let median = geometric_median(&points).expect("points");
    assert!(median.iterations > 0);
    c.bench_function("geometric median of 32 points", |b| b.iter(|| geometric_median(black_box(&points))));

    let mut group = c.benchmark_group("project euler");
    group.sample_size(10);
    assert_eq!(torricelli::torricelli(120_000, &mut NoProgress).expect("runs").sum, 30_758_397);
    group.bench_function("torricelli 120000", |b| {
        b.iter(|| torricelli::torricelli(black_box(120_000), &mut NoProgress))
    });
    let count = pe299::pe299(10_000_000, &mut NoProgress).expect("runs").count;
    assert!(count > 0);
    group.bench_function("pe299 10^7", |b| b.iter(|| pe299::pe299(black_box(10_000_000), &mut NoProgress)));
    group.finish();

    let view = Rect { min: Point::new(-6.0, -6.0), max: Point::new(6.0, 6.0) };
    let style = FieldStyle::spanning(&points, view, median.sum, true);
    assert_eq!(field_image(&points, view, 256, 256, &style).dimensions(), (256, 256));
    c.bench_function("distance field 256 px, 32 points (CPU)", |b| {
        b.iter(|| field_image(black_box(&points), view, 256, 256, &style))
    });
}

criterion_group!(fermat_benches, benches);
criterion_main!(fermat_benches);
