//! Gregg benchmarks: one word through the rules, one outline drawn, and a 1,000-word page
//! transcribed and laid out. Each bench checks its result so a broken build cannot report a
//! fast time.

use criterion::{Criterion, criterion_group, criterion_main};
use curio::gregg::glyph::draw;
use curio::gregg::{PageStyle, Transcriber, layout};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let rules_only = Transcriber { rules_only: true, ..Transcriber::default() };
    assert_eq!(rules_only.word("church").outline, "che~ch");
    c.bench_function("transcribe one word by rule (church)", |b| {
        b.iter(|| rules_only.word(black_box("church")))
    });
    assert_eq!(draw("che~ch", 12.0).pieces.len(), 3);
    c.bench_function("draw one outline (che~ch)", |b| b.iter(|| draw(black_box("che~ch"), 12.0)));
    let text = curio::gregg::bench::bench_text(1000);
    let page = layout(&text, &Transcriber::default(), PageStyle::default());
    assert!(page.words.len() >= 1000);
    c.bench_function("transcribe and lay out 1,000 words", |b| {
        b.iter(|| layout(black_box(&text), &Transcriber::default(), PageStyle::default()))
    });
}

criterion_group!(gregg, benches);
criterion_main!(gregg);
