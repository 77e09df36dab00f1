//! Round robins: shards add up to the whole, colours alternate, and ratings order the players.

mod common;

use arena::{PairTally, PlayerSpec, SpecError, Tally, Tournament, play_shard, ratings};
use common::TicTacToe;
use curio_core::progress::NoProgress;
use curio_core::shard::Shard;

fn specs(names: &[&str]) -> Vec<PlayerSpec> {
    names.iter().map(|name| PlayerSpec::parse(name, &TicTacToe::default(), "tic-tac-toe").unwrap()).collect()
}

fn without_times(mut tally: Tally) -> Tally {
    for pair in &mut tally.pairs {
        (pair.a_seconds, pair.b_seconds) = (0.0, 0.0);
    }
    tally
}

#[test]
fn shards_add_up_to_the_whole_round_robin() {
    let tournament = Tournament::new(specs(&["random", "flat:20", "alphabeta:9"]), 10, 7).unwrap();
    let whole = play_shard(&tournament, &TicTacToe::default, Shard::WHOLE, &mut NoProgress).unwrap();
    assert_eq!(whole.games(), 30);
    assert_eq!(whole.pairs.len(), 3);
    let mut merged = Tally::empty(&tournament);
    for index in 0..4 {
        let shard = Shard::parse(&format!("{index}/4")).unwrap();
        merged.merge(&play_shard(&tournament, &TicTacToe::default, shard, &mut NoProgress).unwrap()).unwrap();
    }
    assert_eq!(without_times(merged), without_times(whole.clone()));
    // Perfect play never loses: alpha-beta to the end against anyone.
    for pair in whole.pairs.iter().filter(|pair| pair.b == "alphabeta:9") {
        assert_eq!(pair.a_wins, 0, "{pair:?}");
    }
    // Alternating colours: each side chose about half the moves of the pair.
    let pair = &whole.pairs[0];
    assert_eq!(pair.a_moves + pair.b_moves, pair.moves);
}

#[test]
fn a_tally_of_other_players_does_not_merge() {
    let one = Tally::empty(&Tournament::new(specs(&["random", "flat:5"]), 2, 1).unwrap());
    let mut other = Tally::empty(&Tournament::new(specs(&["random", "uct:5"]), 2, 1).unwrap());
    assert!(other.merge(&one).is_err());
}

#[test]
fn names_are_checked() {
    let game = TicTacToe::default();
    assert_eq!(PlayerSpec::parse("uct:1000", &game, "t").unwrap(), PlayerSpec::Uct(1000));
    assert_eq!(PlayerSpec::parse("uct:1000", &game, "t").unwrap().name(), "uct:1000");
    assert!(matches!(PlayerSpec::parse("flat:0", &game, "t"), Err(SpecError::Count { .. })));
    assert!(matches!(PlayerSpec::parse("flat:x", &game, "t"), Err(SpecError::Count { .. })));
    assert!(matches!(PlayerSpec::parse("alphabeta:13", &game, "t"), Err(SpecError::Count { .. })));
    let unknown = PlayerSpec::parse("perfect", &game, "tic-tac-toe").unwrap_err().to_string();
    assert!(unknown.contains("'perfect' is not a player of tic-tac-toe"), "{unknown}");
    assert!(Tournament::new(specs(&["random"]), 2, 1).is_err());
    assert!(Tournament::new(specs(&["random", "random"]), 2, 1).is_err());
}

fn pair(a: &str, b: &str, a_wins: u64, draws: u64, b_wins: u64) -> PairTally {
    PairTally { a: a.into(), b: b.into(), a_wins, draws, b_wins, ..PairTally::default() }
}

#[test]
fn ratings_order_the_players_and_even_results_rate_even() {
    let even = ratings(&Tally { pairs: vec![pair("a", "b", 30, 40, 30)] });
    assert!((even["a"].rating - 1500.0).abs() < 1e-6 && (even["b"].rating - 1500.0).abs() < 1e-6);
    let chain = Tally {
        pairs: vec![
            pair("strong", "middle", 80, 0, 20),
            pair("strong", "weak", 98, 0, 2),
            pair("middle", "weak", 80, 0, 20),
        ],
    };
    let rated = ratings(&chain);
    assert!(rated["strong"].rating > rated["middle"].rating && rated["middle"].rating > rated["weak"].rating);
    for rating in rated.values() {
        assert!(rating.low < rating.rating && rating.rating < rating.high);
    }
    // 80% against the next is 400 log10(4) = 241 points a step; 98% over two steps asks for
    // more (a 482-point gap predicts 94%), so the fit lands between.
    let step = rated["strong"].rating - rated["middle"].rating;
    assert!((241.0..300.0).contains(&step), "{rated:?}");
    // With many games the prior fades: 80% is 241 points, and the mean stays at 1500.
    let many = ratings(&Tally { pairs: vec![pair("a", "b", 8000, 0, 2000)] });
    assert!((many["a"].rating - many["b"].rating - 240.8).abs() < 1.0, "{many:?}");
    assert!((many["a"].rating + many["b"].rating - 3000.0).abs() < 1e-6);
    // Winning every game is finite, and draws count half.
    let sweep = ratings(&Tally { pairs: vec![pair("a", "b", 100, 0, 0)] });
    assert!(sweep["a"].rating.is_finite() && sweep["a"].rating > sweep["b"].rating + 400.0, "{sweep:?}");
    let halves = ratings(&Tally { pairs: vec![pair("a", "b", 4000, 4000, 2000)] });
    assert!(
        (halves["a"].rating - halves["b"].rating - 70.4).abs() < 1.0,
        "60% is 400 log10(1.5) = 70.4: {halves:?}"
    );
    // The more games, the narrower the interval.
    let more = ratings(&Tally {
        pairs: chain.pairs.iter().map(|p| pair(&p.a, &p.b, p.a_wins * 10, 0, p.b_wins * 10)).collect(),
    });
    assert!(more["middle"].high - more["middle"].low < rated["middle"].high - rated["middle"].low);
}

#[test]
fn a_score_interval_holds_the_share() {
    let tally = pair("a", "b", 30, 20, 50);
    let (share, [low, high]) = tally.a_score();
    assert!((share - 0.4).abs() < 1e-12 && low < share && share < high);
    let (all, [low, high]) = pair("a", "b", 100, 0, 0).a_score();
    assert_eq!(all, 1.0);
    assert!(low > 0.95 && high == 1.0);
}
