//! Generation and checking: an 11-bar two-voice piece in species 1, 2 and 4 against Fux's
//! dorian cantus, and the checker on the result.

use counterpoint::{Request, check, fux, generate};
use criterion::{Criterion, criterion_group, criterion_main};
use curio_core::progress::NoProgress;
use std::hint::black_box;

fn generation(c: &mut Criterion) {
    let (key, cantus) = fux::cantus(counterpoint::Mode::Dorian);
    for species in [1, 2, 4] {
        let request = Request { key, species, cantus: Some(cantus.clone()), seed: 1, ..Request::default() };
        c.bench_function(&format!("generate species {species}, 2 voices, 11 bars"), |b| {
            b.iter(|| generate(black_box(&request), &mut NoProgress).map(|g| g.nodes))
        });
    }
    let request = Request { key, species: 2, cantus: Some(cantus), seed: 1, ..Request::default() };
    let piece = generate(&request, &mut NoProgress).expect("a second-species piece").piece;
    c.bench_function("check an 11-bar second-species piece", |b| b.iter(|| check(black_box(&piece)).len()));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = generation
}
criterion_main!(benches);
