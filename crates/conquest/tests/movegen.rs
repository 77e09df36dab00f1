//! The move generator against a brute-force enumerator on small boards: every order of every
//! set of commands, every king walk a troop can take, every enemy in range by the distance
//! formula; the positions they leave, as a set, equal the generator's turns, and the generator
//! lists no position twice.

use conquest::{Battle, Rules, Snapshot, Squad, Step, Target, distance, turns};
use rustc_hash::FxHashSet;
use std::sync::Arc;

fn small_rules(board: u32) -> Rules {
    let mut rules = Rules::builtin();
    rules.board = board;
    rules.home_rows = 2;
    rules.max_commands = 4;
    rules.squad = Squad { troops: vec![("Scout".into(), 0, 0)], commands: Vec::new() };
    rules
}

/// Every end of walks of at most `steps` king steps from (x, y) through empty squares.
fn walks(battle: &Battle, x: i16, y: i16, steps: u32, ends: &mut FxHashSet<(i16, i16)>) {
    if steps == 0 {
        return;
    }
    let size = battle.rules.board as i16;
    for dy in -1..=1 {
        for dx in -1..=1 {
            let (nx, ny) = (x + dx, y + dy);
            if (dx, dy) != (0, 0)
                && (0..size).contains(&nx)
                && (0..size).contains(&ny)
                && battle.troop_at(nx, ny).is_none()
            {
                ends.insert((nx, ny));
                walks(battle, nx, ny, steps - 1, ends);
            }
        }
    }
}

fn finish(battle: &Battle, side: u8, found: &mut FxHashSet<Snapshot>) {
    // The part after the commands: pass, or a troop moves (or stays) and attacks (or not).
    let mut pass = battle.clone();
    if battle.ending.is_some() {
        found.insert(pass.snapshot());
        return;
    }
    if pass.stage == conquest::Stage::Commands {
        pass.play(Step::EndCommands);
    }
    let after_commands = pass.clone();
    pass.play(Step::EndTurn);
    found.insert(pass.snapshot());
    for (index, troop) in after_commands.troops.iter().enumerate() {
        if !troop.alive() || troop.side != side || troop.frozen {
            continue;
        }
        let kind = &after_commands.rules.troops[troop.kind as usize];
        let mut ends = FxHashSet::default();
        walks(&after_commands, troop.x, troop.y, kind.movement + u32::from(troop.extra_movement), &mut ends);
        ends.remove(&(troop.x, troop.y));
        let mut places: Vec<Option<(i16, i16)>> = ends.into_iter().map(Some).collect();
        places.push(None);
        for place in places {
            let mut moved = after_commands.clone();
            match place {
                Some((x, y)) => moved.play(Step::Move { troop: index as u8, x, y }),
                None => moved.play(Step::Stay { troop: index as u8 }),
            }
            let (ax, ay) = (moved.troops[index].x, moved.troops[index].y);
            let mut without = moved.clone();
            without.play(Step::EndTurn);
            found.insert(without.snapshot());
            for (target, enemy) in moved.troops.iter().enumerate() {
                if enemy.alive() && enemy.side != side && distance(ax, ay, enemy.x, enemy.y) <= kind.range {
                    let mut attacked = moved.clone();
                    attacked.play(Step::Attack { target: target as u8 });
                    found.insert(attacked.snapshot());
                }
            }
        }
    }
}

/// Every order of every set of commands with every target, then [`finish`].
fn brute(battle: &Battle, side: u8, found: &mut FxHashSet<Snapshot>) {
    finish(battle, side, found);
    if battle.ending.is_some() || battle.stage != conquest::Stage::Commands {
        return;
    }
    let slots = battle.commands[side as usize].len();
    for slot in 0..slots {
        if battle.cooldowns[side as usize][slot] != 0 || battle.used & (1 << slot) != 0 {
            continue;
        }
        let command = &battle.rules.commands[battle.commands[side as usize][slot] as usize];
        let targets: Vec<u8> = match command.effect.target() {
            Target::Own => (0..battle.troops.len())
                .filter(|&t| battle.troops[t].alive() && battle.troops[t].side == side)
                .map(|t| t as u8)
                .collect(),
            Target::Enemy => (0..battle.troops.len())
                .filter(|&t| battle.troops[t].alive() && battle.troops[t].side != side)
                .map(|t| t as u8)
                .collect(),
            Target::Command => (0..slots)
                .filter(|&other| other != slot && battle.cooldowns[side as usize][other] > 0)
                .map(|t| t as u8)
                .collect(),
        };
        for target in targets {
            let mut next = battle.clone();
            next.play(Step::Command { slot: slot as u8, target });
            brute(&next, side, found);
        }
    }
}

fn check(battle: &Battle) -> usize {
    let generated = turns(battle, true);
    let set: FxHashSet<Snapshot> = generated.iter().map(|turn| turn.after.snapshot()).collect();
    assert_eq!(set.len(), generated.len(), "a position listed twice");
    let mut expected = FxHashSet::default();
    brute(battle, battle.to_move, &mut expected);
    assert_eq!(set.len(), expected.len(), "turns: generator {} brute force {}", set.len(), expected.len());
    assert_eq!(set, expected);
    // Replaying each turn's steps leaves its position.
    for turn in &generated {
        let mut replayed = battle.clone();
        for &step in &turn.steps {
            assert!(replayed.steps().contains(&step), "{step:?} is open");
            replayed.play(step);
        }
        assert_eq!(replayed.snapshot(), turn.after.snapshot());
    }
    generated.len()
}

#[test]
fn the_generator_equals_brute_force_on_small_boards() {
    let rules = small_rules(6);
    let squads = [
        Squad {
            troops: vec![("Scout".into(), 1, 0), ("Archer".into(), 3, 1), ("Knight".into(), 4, 0)],
            commands: vec!["Battle cry".into(), "Bombard".into(), "Winds of fate".into(), "Charge".into()],
        },
        Squad {
            troops: vec![("Foot soldier".into(), 2, 0), ("Mage".into(), 3, 1)],
            commands: vec!["Chastise".into(), "Shield wall".into(), "Vigilance".into(), "Regenerate".into()],
        },
    ];
    let rules = Arc::new(rules);
    let mut battle = Battle::new(Arc::clone(&rules), [&squads[0], &squads[1]]);
    let mut random = arena::rng(3);
    let mut checked = 0;
    // Positions along a game of random turns, both sides, commands cooling down and not.
    for _ in 0..8 {
        if battle.ending.is_some() {
            break;
        }
        let count = check(&battle);
        assert!(count > 1);
        checked += 1;
        let all = turns(&battle, true);
        use rand::RngExt;
        battle = all[random.random_range(0..all.len())].after.clone();
    }
    assert!(checked >= 4, "{checked} positions checked");
}

#[test]
fn troops_block_moves_and_the_board_edge_stops_them() {
    let mut rules = small_rules(5);
    rules.troops[0].movement = 2;
    let rules = Arc::new(rules);
    let squads = [
        Squad {
            troops: vec![
                ("Scout".into(), 0, 0),
                ("Knight".into(), 1, 0),
                ("Knight".into(), 0, 1),
                ("Knight".into(), 1, 1),
            ],
            commands: vec![],
        },
        Squad { troops: vec![("Scout".into(), 4, 0)], commands: vec![] },
    ];
    let battle = Battle::new(rules, [&squads[0], &squads[1]]);
    // The scout in the corner is walled in by its own knights: it cannot move.
    assert!(battle.reach(0).is_empty());
    // A knight on the edge moves within 4 king steps around the others.
    assert!(battle.reach(1).iter().all(|&(x, y)| (0..5).contains(&x) && (0..5).contains(&y)));
    check(&battle);
}
