//! Star benchmarks: scene building, PNG rasterization (4096 px {7/3}, {10000/4999}) and the O(1)
//! winding number. Each bench checks its result so a broken build cannot report a fast time.

use criterion::{Criterion, criterion_group, criterion_main};
use curio_core::export::rasterize;
use curio_core::geom::Point;
use star::{FigureOptions, StarGeometry, StarSpec, StarStyle, figure_scene};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let options = FigureOptions::default();
    let heptagram = StarSpec::new(7, 3).expect("valid");
    let huge = StarSpec::new(10_000, 4_999).expect("valid");

    let scene = figure_scene(huge, &options);
    assert_eq!(scene.point_count(), 30_000);
    c.bench_function("scene {10000/4999} polygram", |b| b.iter(|| figure_scene(black_box(huge), &options)));

    let mut group = c.benchmark_group("png");
    group.sample_size(10);
    let small = figure_scene(heptagram, &options);
    let image = rasterize(&small, 4096);
    assert_eq!(image.dimensions(), (4096, 4096));
    group.bench_function("rasterize {7/3} 4096 px", |b| b.iter(|| rasterize(black_box(&small), 4096)));
    group.bench_function("rasterize {10000/4999} 1024 px", |b| b.iter(|| rasterize(black_box(&scene), 1024)));
    group.finish();

    let star = StarGeometry::unit(StarSpec::new(200, 99).expect("valid"));
    assert_eq!(star.winding_number(Point::default()), 99);
    c.bench_function("winding number {200/99}", |b| {
        b.iter(|| star.winding_number(black_box(Point::new(0.123, -0.456))))
    });
    let density = FigureOptions { style: StarStyle::Density, ..FigureOptions::default() };
    c.bench_function("density image {200/99} 256 px (CPU)", |b| {
        b.iter(|| star::density_image(black_box(star.spec), &density, 256))
    });
}

criterion_group!(star_benches, benches);
criterion_main!(star_benches);
