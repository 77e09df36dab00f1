//! Tetris benchmarks: one depth-1 decision (every placement of a T scored) on a ragged board,
//! one depth-2 decision, and a whole BCTS game on 10x10. Each bench checks its result so a
//! broken build cannot report a fast time.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tetris::{Board, Depth, Piece, Policy, Preset, Rules, play_game};

fn benches(c: &mut Criterion) {
    let board = Board::from_rows(
        10,
        20,
        &["..........", "....#.....", "#...##...#", "##.####.##", "####.#####", "#########."],
    )
    .expect("a board");
    let bcts = Policy::new(Preset::named("bcts").expect("preset").weights());
    let choice = bcts.choose(&board, Piece::T, None, false).expect("a placement");
    assert_eq!(choice.evaluations, 34);
    c.bench_function("depth-1 decision (T, 34 placements)", |b| {
        b.iter(|| bcts.choose(black_box(&board), Piece::T, None, false))
    });
    let deep = Policy { depth: Depth::Two, ..bcts.clone() };
    assert!(deep.choose(&board, Piece::T, Some(Piece::S), false).expect("a placement").evaluations > 34);
    c.bench_function("depth-2 decision (T then S)", |b| {
        b.iter(|| deep.choose(black_box(&board), Piece::T, Some(Piece::S), false))
    });
    let rules = Rules::benchmark(10, 10).expect("rules");
    let game = play_game(&bcts, rules, 7, None, &|| false).expect("a game");
    assert!(game.lines > 0);
    let mut group = c.benchmark_group("games");
    group.sample_size(10);
    group.bench_function("BCTS game on 10x10, seed 7", |b| {
        b.iter(|| play_game(&bcts, rules, black_box(7), None, &|| false))
    });
    group.finish();
}

criterion_group!(tetris, benches);
criterion_main!(tetris);
