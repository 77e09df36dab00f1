//! Connect-4 in the arena: the perfect player's column keeps the score Pascal Pons's solver
//! gives the position, the generic searches see an immediate win and a threat, and the game's
//! moves, playouts and outcome agree with the engine.

use arena::{AlphaBeta, FlatMonteCarlo, Game as _, Outcome, Player, Side, Uct, flat_rates, rng};
use connect4::{Game, Perfect, Position, Solver};
use curio_core::progress::NoProgress;

fn scored(name: &str) -> Vec<(String, i32)> {
    let path = format!("{}/tests/data/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| {
            let (position, score) = line.split_once(' ').unwrap();
            (position.to_string(), score.parse().unwrap())
        })
        .collect()
}

#[test]
fn the_perfect_player_keeps_the_score_pons_gives_each_position() {
    let mut perfect = Perfect::default();
    let mut solver = Solver::new();
    for (text, score) in scored("end").into_iter().step_by(4).chain(scored("middle").into_iter().step_by(10))
    {
        let game = Game::parse(&text).unwrap();
        let column = perfect.choose(&game, &mut rng(1), &mut NoProgress).unwrap();
        let mut after = Position::parse(&text).unwrap();
        let kept = if after.is_winning_move(column) {
            connect4::immediate_win(after.moves())
        } else {
            after.play_column(column);
            -solver.solve(&after)
        };
        assert_eq!(kept, score, "{text}: column {}", column + 1);
    }
}

#[test]
fn the_generic_searches_take_a_win_and_block_a_threat() {
    // The first player (to move) wins in column 1; the second must block column 1.
    let wins = Game::parse("121212").unwrap();
    let blocks = Game::parse("12121").unwrap();
    let mut players: Vec<Box<dyn Player<Game>>> = vec![
        Box::new(FlatMonteCarlo { playouts: 100 }),
        Box::new(Uct { playouts: 100 }),
        Box::new(AlphaBeta { depth: 4 }),
    ];
    for player in &mut players {
        assert_eq!(player.choose(&wins, &mut rng(2), &mut NoProgress).unwrap(), 0);
        assert_eq!(player.choose(&blocks, &mut rng(2), &mut NoProgress).unwrap(), 0);
    }
    let rates = flat_rates(&wins, 50, &mut rng(3), &mut NoProgress).unwrap();
    assert_eq!(rates.iter().find(|(column, _)| *column == 0).unwrap().1, 1.0);
}

#[test]
fn moves_playouts_and_outcomes_agree_with_the_engine() {
    let game = Game::new();
    assert_eq!(arena::Game::moves(&game), [3, 2, 4, 1, 5, 0, 6], "centre first");
    assert_eq!(arena::Game::to_move(&game), Side::First);
    let full = Game::parse("1111112").unwrap();
    assert!(!arena::Game::moves(&full).contains(&0));
    let mut won = Game::parse("121212").unwrap();
    arena::Game::play(&mut won, 0);
    assert_eq!(arena::Game::outcome(&won), Some(Outcome::Win(Side::First)));
    assert!(arena::Game::moves(&won).is_empty());
    let mut random = rng(9);
    let (mut first, mut second, mut draws) = (0, 0, 0);
    for _ in 0..2000 {
        match game.playout(&mut random) {
            Outcome::Win(Side::First) => first += 1,
            Outcome::Win(Side::Second) => second += 1,
            Outcome::Draw => draws += 1,
        }
    }
    // Random games from the empty board: the first player wins more often (about 55%).
    assert!(first > second && draws < 100, "{first} {second} {draws}");
    assert!(connect4::evaluate(&Game::new()).abs() < 1e-9, "the empty board is even");
    assert!(
        connect4::evaluate(&Game::parse("41526").unwrap()) < 0.0,
        "the side to move faces three in a row"
    );
}
