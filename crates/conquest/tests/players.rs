//! The rules files and the players: both published tables load and differ where the guides
//! differ, bad rules are named, the greedy and tree-search players beat random play, and the
//! turn search's turn is a legal one.

use arena::{Game as _, Player, RandomPlayer, Side, rng};
use conquest::{Battle, Ending, Greedy, Mcts, RUNESLAYER, Rules, RulesError, Squad, turns};
use curio_core::progress::NoProgress;
use std::sync::Arc;

#[test]
fn both_tables_load_and_differ_where_the_guides_do() {
    let runehq = Rules::builtin();
    let runeslayer = Rules::parse(RUNESLAYER).unwrap();
    let kind = |rules: &Rules, name: &str| rules.troops[rules.kind(name).unwrap()].clone();
    assert_eq!((kind(&runehq, "Foot soldier").damage, kind(&runehq, "Foot soldier").health), (100, 300));
    assert_eq!(
        (kind(&runeslayer, "Foot soldier").damage, kind(&runeslayer, "Foot soldier").health),
        (300, 100)
    );
    assert_eq!((kind(&runehq, "Knight").cost, kind(&runeslayer, "Knight").cost), (100, 150));
    assert_eq!(runehq.commands.len(), 9);
    assert_eq!(runehq.check_squad(&runehq.squad), Ok(950));
    assert_eq!(runeslayer.check_squad(&runeslayer.squad), Ok(1000));
}

#[test]
fn bad_rules_and_squads_are_named() {
    let rules = Rules::builtin();
    let squad = |troops: Vec<(&str, u32, u32)>, commands: Vec<&str>| Squad {
        troops: troops.into_iter().map(|(name, x, y)| (name.to_string(), x, y)).collect(),
        commands: commands.into_iter().map(str::to_string).collect(),
    };
    let message = |result: Result<u32, RulesError>| result.unwrap_err().to_string();
    assert!(
        message(rules.check_squad(&squad(vec![("Champion", 0, 0); 6], vec![])))
            .contains("two troops at (0, 0)")
    );
    let six = (0..6).map(|x| ("Champion", x, 0)).collect();
    assert!(message(rules.check_squad(&squad(six, vec![]))).contains("over the budget of 1000"));
    assert!(
        message(rules.check_squad(&squad(vec![("Dragon", 0, 0)], vec![])))
            .contains("'Dragon' is not a troop")
    );
    assert!(message(rules.check_squad(&squad(vec![("Scout", 0, 5)], vec![]))).contains("home rows"));
    assert!(
        message(rules.check_squad(&squad(vec![("Scout", 0, 0)], vec!["Charge", "Charge"])))
            .contains("chosen twice")
    );
    let many = vec!["Charge", "Chastise", "Bombard", "Stoicism", "Vigilance"];
    assert!(message(rules.check_squad(&squad(vec![("Scout", 0, 0)], many))).contains("at most 4 commands"));
    assert!(matches!(Rules::parse("{"), Err(RulesError::Format(_))));
    let mut big = rules.clone();
    big.board = 100;
    assert!(big.check().unwrap_err().to_string().contains("board must be 4 to 64"));
}

fn play(battle: &mut Battle, players: [&mut dyn Player<Battle>; 2], seed: u64) -> Option<Ending> {
    let mut random = rng(seed);
    let [first, second] = players;
    while battle.ending.is_none() {
        let player: &mut dyn Player<Battle> =
            if battle.to_move() == Side::First { &mut *first } else { &mut *second };
        let step = player.choose(battle, &mut random, &mut NoProgress).unwrap();
        assert!(battle.steps().contains(&step), "{step:?}");
        battle.play(step);
    }
    battle.ending
}

#[test]
fn greedy_and_the_turn_search_beat_random_play() {
    let rules = Arc::new(Rules::builtin());
    for seed in 0..2 {
        let mut battle = Battle::standard(Arc::clone(&rules));
        let (mut greedy, mut random) = (Greedy::default(), RandomPlayer);
        let players: [&mut dyn Player<Battle>; 2] =
            if seed == 0 { [&mut greedy, &mut random] } else { [&mut random, &mut greedy] };
        assert_eq!(
            play(&mut battle, players, seed),
            Some(Ending::Won(seed as u8)),
            "greedy wins as side {seed}"
        );
    }
    let mut battle = Battle::standard(Arc::clone(&rules));
    let mut search = Battle::player("mcts:100").unwrap();
    let mut random = RandomPlayer;
    assert_eq!(play(&mut battle, [&mut random, search.as_mut()], 7), Some(Ending::Won(1)));
}

#[test]
fn the_turn_search_plays_a_legal_turn_and_spends_its_playouts() {
    let battle = Battle::standard(Arc::new(Rules::builtin()));
    let found = Mcts::new(300).search(&battle, &mut rng(2), &mut NoProgress).unwrap();
    let visits: u32 = found.considered.iter().map(|&(visits, _)| visits).sum();
    assert_eq!(visits, 300);
    assert!(
        found.considered.iter().filter(|&&(visits, _)| visits > 0).count() <= conquest::players::MAX_WIDTH
    );
    let mut replayed = battle.clone();
    for &step in &found.steps {
        assert!(replayed.steps().contains(&step));
        replayed.play(step);
    }
    assert_eq!(replayed.to_move, 1, "a whole turn");
    let all = turns(&battle, true);
    assert!(all.iter().any(|turn| turn.after.snapshot() == replayed.snapshot()));
}

#[test]
fn the_turn_search_shields_its_last_troop_from_a_ready_bombard() {
    // One scout a side, far apart; the second side to move with its Battle cry ready and its
    // Bombard cooling, the first side's Bombard ready: without a shield its scout dies next turn.
    let mut battle = Battle::standard(Arc::new(Rules::builtin()));
    let scout = battle.rules.kind("Scout").unwrap() as u8;
    let last: Vec<usize> =
        (0..battle.troops.len()).filter(|&index| battle.troops[index].kind == scout).collect();
    assert_eq!(last.len(), 2);
    for (index, troop) in battle.troops.iter_mut().enumerate() {
        if !last.contains(&index) {
            troop.health = 0;
        }
    }
    battle.to_move = 1;
    battle.turn = 41;
    battle.cooldowns = [vec![2, 0], vec![0, 1]];
    assert_eq!(battle.steps().len(), 2, "Battle cry on the scout, or no command");
    let found = Mcts::new(500).search(&battle, &mut rng(3), &mut NoProgress).unwrap();
    let cry = conquest::Step::Command { slot: 0, target: last[1] as u8 };
    assert!(found.steps.contains(&cry), "{:?}", found.steps);
}

#[test]
fn the_turn_search_moving_second_beats_greedy() {
    let mut battle = Battle::standard(Arc::new(Rules::builtin()));
    let mut search = Battle::player("mcts:1000").unwrap();
    let mut greedy = Greedy::default();
    assert_eq!(play(&mut battle, [&mut greedy, search.as_mut()], 1), Some(Ending::Won(1)));
}
