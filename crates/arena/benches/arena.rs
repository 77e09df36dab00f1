//! Arena benchmarks on tic-tac-toe from the empty board: a move of each search player, each
//! checked to be a move that keeps the draw (every opening move does, so the check is that the
//! search returns a legal move and alpha-beta values the board a draw).

#[path = "../tests/common/mod.rs"]
mod common;

use arena::{AlphaBeta, FlatMonteCarlo, Game, Player, Uct, rng};
use common::TicTacToe;
use criterion::{Criterion, criterion_group, criterion_main};
use curio_core::progress::NoProgress;
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let empty = TicTacToe::default();
    let values = AlphaBeta { depth: 9 }.values(&empty, &mut NoProgress).expect("not cancelled");
    assert!(values.iter().all(|&(_, value)| value == 0.0), "{values:?}");
    let mut group = c.benchmark_group("choose");
    group.sample_size(10);
    let mut players: Vec<(&str, Box<dyn Player<TicTacToe>>)> = vec![
        ("flat:1000", Box::new(FlatMonteCarlo { playouts: 1000 })),
        ("uct:1000", Box::new(Uct { playouts: 1000 })),
        ("alphabeta:9", Box::new(AlphaBeta { depth: 9 })),
    ];
    for (name, player) in &mut players {
        group.bench_function(*name, |b| {
            let mut random = rng(1);
            b.iter(|| {
                let step =
                    player.choose(black_box(&empty), &mut random, &mut NoProgress).expect("not cancelled");
                assert!(empty.moves().contains(&step));
                step
            })
        });
    }
    group.finish();
}

criterion_group!(arena_benches, benches);
criterion_main!(arena_benches);
