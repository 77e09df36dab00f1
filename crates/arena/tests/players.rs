//! The players against brute force on tic-tac-toe.

mod common;

use arena::{AlphaBeta, FlatMonteCarlo, Game, Player, Uct, flat_rates, rng, uct_visits};
use common::{TicTacToe, positions};
use curio_core::progress::NoProgress;

#[test]
fn alpha_beta_to_the_end_values_every_move_as_minimax_does() {
    let all = positions();
    assert_eq!(all.len(), 4520);
    for position in all.iter().step_by(7) {
        let values = AlphaBeta { depth: 9 }.values(position, &mut NoProgress).unwrap();
        for (step, value) in values {
            let mut after = position.clone();
            after.play(step);
            let exact = -after.minimax();
            assert_eq!(value.signum() as i32 * i32::from(value != 0.0), exact, "{position:?} move {step}");
        }
    }
}

#[test]
fn alpha_beta_never_loses_and_takes_the_quickest_win() {
    // X to move can win at once (cell 3) or later.
    let position = TicTacToe::parse("XX. ... OO.");
    let mut player = AlphaBeta { depth: 9 };
    let step = Player::<TicTacToe>::choose(&mut player, &position, &mut rng(1), &mut NoProgress).unwrap();
    assert_eq!(step, 2);
    for position in positions().iter().step_by(13) {
        let step = player.choose(position, &mut rng(1), &mut NoProgress).unwrap();
        let mut after = position.clone();
        after.play(step);
        assert_eq!(-after.minimax(), position.minimax(), "{position:?}");
    }
}

#[test]
fn flat_monte_carlo_scores_a_winning_move_one_and_takes_it() {
    let position = TicTacToe::parse("XX. OO. ...");
    let rates = flat_rates(&position, 200, &mut rng(3), &mut NoProgress).unwrap();
    assert_eq!(rates.iter().find(|(step, _)| *step == 2).unwrap().1, 1.0);
    assert!(rates.iter().all(|&(_, rate)| (0.0..=1.0).contains(&rate)));
    let step = FlatMonteCarlo { playouts: 200 }.choose(&position, &mut rng(3), &mut NoProgress).unwrap();
    assert_eq!(step, 2);
}

#[test]
fn uct_blocks_the_threat_it_must_and_spends_its_budget() {
    // O to move must block X's row at cell 2 (O has no win of its own).
    let position = TicTacToe::parse("XX. .O. X..");
    let visits = uct_visits(&position, 300, &mut rng(5), &mut NoProgress).unwrap();
    let total: u32 = visits.iter().map(|&(_, visits, _)| visits).sum();
    assert_eq!(total as usize, 300 * position.moves().len());
    let step = Uct { playouts: 300 }.choose(&position, &mut rng(5), &mut NoProgress).unwrap();
    assert_eq!(step, 2);
}

#[test]
fn uct_plays_tic_tac_toe_soundly_from_every_position_it_is_shown() {
    let mut player = Uct { playouts: 400 };
    let mut blunders = 0;
    let sample: Vec<_> = positions().into_iter().step_by(29).collect();
    for (index, position) in sample.iter().enumerate() {
        let step = player.choose(position, &mut rng(index as u64), &mut NoProgress).unwrap();
        let mut after = position.clone();
        after.play(step);
        blunders += usize::from(-after.minimax() < position.minimax());
    }
    // Random play blunders in about half of these positions; UCT at this budget almost never.
    assert!(blunders * 20 <= sample.len(), "{blunders} blunders in {} positions", sample.len());
}
