//! Go in the arena: a capped game ends at its cap or on two passes and is scored, the moves
//! offered are legal, and the generic players play it.

use arena::{FlatMonteCarlo, Game as _, Player, RandomPlayer, Side, rng};
use curio_core::progress::NoProgress;
use go::CappedGame;

#[test]
fn a_capped_game_ends_at_its_cap_with_a_score() {
    let mut game = CappedGame::new(5000, 0.5, 12).unwrap();
    let mut random = rng(4);
    let mut player = RandomPlayer;
    while game.outcome().is_none() {
        let step = player.choose(&game, &mut random, &mut NoProgress).unwrap();
        game.play(step);
    }
    assert_eq!(game.game.moves.len(), 12);
    assert!(game.moves().is_empty());
    let expected = match game.game.score().winner() {
        Some(go::Colour::Black) => arena::Outcome::Win(Side::First),
        Some(go::Colour::White) => arena::Outcome::Win(Side::Second),
        None => arena::Outcome::Draw,
    };
    assert_eq!(game.outcome(), Some(expected));
}

#[test]
fn two_passes_end_the_game_and_every_move_offered_is_legal() {
    let mut game = CappedGame::new(5000, 0.5, 100).unwrap();
    game.play(Some(go::Point::new(30000, 30000)));
    for step in game.moves() {
        assert!(step.is_none_or(|at| game.game.is_legal(at)), "{step:?}");
    }
    assert_eq!(game.to_move(), Side::Second);
    game.play(None);
    assert!(game.outcome().is_none());
    game.play(None);
    assert_eq!(game.outcome(), Some(arena::Outcome::Win(Side::First)), "one black stone owns the board");
}

#[test]
fn flat_monte_carlo_beats_random_play_on_a_small_board() {
    let mut wins = 0;
    for seed in 0..4 {
        let mut game = CappedGame::new(5000, 0.5, 40).unwrap();
        let mut random = rng(seed);
        let flat_side = if seed % 2 == 0 { Side::First } else { Side::Second };
        let (mut flat, mut other) = (FlatMonteCarlo { playouts: 2 }, RandomPlayer);
        while game.outcome().is_none() {
            let step = if game.to_move() == flat_side {
                flat.choose(&game, &mut random, &mut NoProgress).unwrap()
            } else {
                other.choose(&game, &mut random, &mut NoProgress).unwrap()
            };
            game.play(step);
        }
        wins += usize::from(game.outcome() == Some(arena::Outcome::Win(flat_side)));
    }
    assert!(wins >= 3, "flat Monte Carlo won {wins} of 4");
}
