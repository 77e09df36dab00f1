//! Notes benchmarks: indexing 10,000 made-up notes, and searching them for a word, a prefix and
//! a two-word query (which also looks for it as one phrase). Each bench checks that its query
//! finds notes, so a broken build cannot report a fast time.

use criterion::{Criterion, criterion_group, criterion_main};
use note::{Index, Query, synthetic};

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("note");
    group.sample_size(20);
    let notes = synthetic::notes(10_000, 1);
    group.bench_function("index 10000 notes", |b| b.iter(|| Index::new(notes.clone())));
    let index = Index::new(notes.clone());
    let common = note::search::words(&notes[0].text)[0].0.clone();
    let pair: Vec<String> =
        note::search::words(&notes[0].text).into_iter().take(2).map(|(word, _)| word).collect();
    for (name, query) in
        [("word", common.clone()), ("prefix", format!("{}*", &common[..2])), ("two words", pair.join(" "))]
    {
        let query = Query::parse(&query);
        assert!(!index.search(&query, 10).is_empty(), "{name}");
        group.bench_function(format!("search 10000 notes: {name}"), |b| b.iter(|| index.search(&query, 10)));
    }
    group.finish();
}

criterion_group!(note_benches, benches);
criterion_main!(note_benches);
