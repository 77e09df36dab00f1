//! Minesweeper benchmarks: one solver decision on expert positions (exact analysis included),
//! one exhaustive endgame search, one random layout that fits a position, the analysis and a
//! layout of an expert position too big to count until its certain cells are taken out, one
//! whole expert game, the exact analysis of a 1000x1000 position and a random layout that fits
//! it, and of a 1000x1000 position whose components certain mines hold together. Each checks
//! its result so a broken solver cannot look fast.

use criterion::{Criterion, criterion_group, criterion_main};
use mines::board::neighbours;
use mines::endgame::{self, EndgameLimits};
use mines::{BoardConfig, BoardView, FirstClickRule, Game, GameStatus, Policy, analyze, play_game, solver};
use rand::SeedableRng;
use std::hint::black_box;

/// An expert position after the solver's moves up to its first guess (so analysis is needed).
fn position_needing_a_guess(seed: u64) -> Option<Game> {
    let config = BoardConfig::parse_level("expert", FirstClickRule::Safe).ok()?;
    let solver = Policy::default();
    let mut game = Game::new(config, seed);
    let mut first = true;
    while game.status() == GameStatus::Playing {
        let view = BoardView { width: 30, height: 16, mines: 99, cells: game.cells() };
        let moves = solver.next_moves(&view, config.rule).ok()?;
        if !first && moves[0].reason.rule == mines::MoveRule::Guess {
            return Some(game);
        }
        first = false;
        for item in moves {
            let _ = game.reveal(item.row, item.column);
        }
    }
    None
}

/// An expert position where the solver's next move comes from the endgame search.
fn endgame_position(seed: u64) -> Option<Game> {
    let config = BoardConfig::parse_level("expert", FirstClickRule::Safe).ok()?;
    let solver = Policy::default();
    let mut game = Game::new(config, seed);
    while game.status() == GameStatus::Playing {
        let view = BoardView { width: 30, height: 16, mines: 99, cells: game.cells() };
        let moves = solver.next_moves(&view, config.rule).ok()?;
        if moves[0].reason.rule == mines::MoveRule::Endgame {
            return Some(game);
        }
        for item in moves {
            let _ = game.reveal(item.row, item.column);
        }
    }
    None
}

fn benches(c: &mut Criterion) {
    let endgame = (1..200).find_map(endgame_position).expect("some game reaches the endgame search");
    let endgame_view = BoardView { width: 30, height: 16, mines: 99, cells: endgame.cells() };
    let limits = EndgameLimits::default();
    assert!(endgame::best_move(&endgame_view, &limits).is_some());
    c.bench_function("expert: exhaustive endgame search", |b| {
        b.iter(|| endgame::best_move(black_box(&endgame_view), &limits))
    });
    let game = (1..50).find_map(position_needing_a_guess).expect("some game reaches a guess");
    let view = BoardView { width: 30, height: 16, mines: 99, cells: game.cells() };
    let analysis = analyze(&view, solver::DEFAULT_NODE_BUDGET).expect("consistent");
    assert!(analysis.exact);
    c.bench_function("expert: exact analysis of a position needing a guess", |b| {
        b.iter(|| analyze(black_box(&view), solver::DEFAULT_NODE_BUDGET))
    });
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    assert!(solver::sample_layout(&view, solver::DEFAULT_NODE_BUDGET, &mut rng).is_ok());
    c.bench_function("expert: a random layout that fits a position (imported boards)", |b| {
        b.iter(|| solver::sample_layout(black_box(&view), solver::DEFAULT_NODE_BUDGET, &mut rng))
    });
    // An expert position with a component over the node budget as it stands: taken apart at
    // its certain cells, it is counted (analysis and a uniform layout).
    let tangled =
        mines::text::parse(include_str!("../../../tests/fixtures/mines-expert-too-big-to-count.txt"))
            .expect("the fixture parses");
    let tangled_view = tangled.view();
    assert!(analyze(&tangled_view, solver::DEFAULT_NODE_BUDGET).expect("consistent").exact);
    let drawn =
        solver::sample_layout(&tangled_view, solver::DEFAULT_NODE_BUDGET, &mut rng).expect("a layout");
    assert!(drawn.uniform && drawn.mines.iter().filter(|&&mine| mine).count() == 99);
    let mut group = c.benchmark_group("expert, too big to count with its certain cells");
    group.sample_size(10);
    group.bench_function("exact analysis without them", |b| {
        b.iter(|| analyze(black_box(&tangled_view), solver::DEFAULT_NODE_BUDGET))
    });
    group.bench_function("a layout that fits, counted without them (imported boards)", |b| {
        b.iter(|| solver::sample_layout(black_box(&tangled_view), solver::DEFAULT_NODE_BUDGET, &mut rng))
    });
    group.finish();
    let solver = Policy::default();
    c.bench_function("expert: one solver decision (guess)", |b| {
        b.iter(|| solver.next_moves(black_box(&view), FirstClickRule::Safe))
    });
    let config = BoardConfig::parse_level("expert", FirstClickRule::Safe).expect("expert");
    let mut seed = 0;
    c.bench_function("expert: one whole game", |b| {
        b.iter(|| {
            seed += 1;
            play_game(config, seed, &solver).expect("plays")
        })
    });
    // A 1000x1000 board with 150,000 mines and 200 openings (zero cells clicked): thousands of
    // frontier components, summed in windows over the likeliest mine totals (the tilted path).
    let big = BoardConfig::new(1000, 1000, 150_000, FirstClickRule::None).expect("a valid board");
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    let mines = rand::seq::index::sample(&mut rng, 1_000_000, 150_000);
    let mut layout = vec![false; 1_000_000];
    for cell in mines.iter() {
        layout[cell] = true;
    }
    let zeros: Vec<usize> = (0..layout.len())
        .filter(|&cell| !layout[cell] && neighbours(1000, 1000, cell).all(|n| !layout[n]))
        .collect();
    let mut big_game = Game::with_mines(big, layout);
    for pick in rand::seq::index::sample(&mut rng, zeros.len(), 200).iter() {
        let _ = big_game.reveal(zeros[pick] / 1000, zeros[pick] % 1000);
    }
    let big_view = BoardView { width: 1000, height: 1000, mines: 150_000, cells: big_game.cells() };
    let big_analysis = analyze(&big_view, solver::DEFAULT_NODE_BUDGET).expect("consistent");
    assert!(big_analysis.exact, "every component is enumerated within the budget");
    let expected: f64 = big_analysis.probabilities.iter().flatten().sum();
    assert!((expected - 150_000.0).abs() < 1e-3, "the probabilities sum to the mines: {expected}");
    let mut group = c.benchmark_group("1000x1000/150000");
    group.sample_size(10);
    group.bench_function("exact analysis after 200 openings", |b| {
        b.iter(|| analyze(black_box(&big_view), solver::DEFAULT_NODE_BUDGET))
    });
    assert!(solver::sample_layout(&big_view, solver::DEFAULT_NODE_BUDGET, &mut rng).is_ok());
    group.bench_function("a random layout that fits after 200 openings (imported boards)", |b| {
        b.iter(|| solver::sample_layout(black_box(&big_view), solver::DEFAULT_NODE_BUDGET, &mut rng))
    });
    group.finish();
    // The same board with half of its zero cells clicked: the openings join into frontier
    // components of tens of thousands of boxes, held together by certain mines; taken apart at
    // them, every part is counted.
    let mut tangled_game = big_game.clone();
    for pick in rand::seq::index::sample(&mut rng, zeros.len(), zeros.len() / 2).iter() {
        let _ = tangled_game.reveal(zeros[pick] / 1000, zeros[pick] % 1000);
    }
    let tangled_view = BoardView { width: 1000, height: 1000, mines: 150_000, cells: tangled_game.cells() };
    let tangled_analysis = analyze(&tangled_view, solver::DEFAULT_NODE_BUDGET).expect("consistent");
    assert!(tangled_analysis.exact, "every part is counted");
    let mut group = c.benchmark_group("1000x1000/150000, half the zero cells clicked");
    group.sample_size(10);
    group.bench_function("exact analysis (certain cells taken out)", |b| {
        b.iter(|| analyze(black_box(&tangled_view), solver::DEFAULT_NODE_BUDGET))
    });
    group.finish();
}

criterion_group!(mines_benches, benches);
criterion_main!(mines_benches);
