//! Conquest in the arena. A turn has up to ~10^5 distinct forms, too many for a search to try
//! each; so the arena sees a turn as its steps (each command with its target, then a troop's
//! move or stay, then its attack), a few dozen to a few hundred choices each, and a tree search
//! searches steps: the same side moves again until its turn ends.
//!
//! The random player (and the playouts) choose in steps too: commands half the time while any
//! is ready, a troop uniformly, then a square uniformly among those it can reach or its own,
//! then an attack on a random enemy in range whenever there is one. A playout stops after
//! [`PLAYOUT_TURNS`] turns and the side with the greater worth (cost x health left / health,
//! summed over its living troops) wins it.
//!
//! The greedy player plays the whole turn that does most harm now and least exposure: over every
//! distinct turn, the enemy worth it destroys minus its own, minus half the worth of the troop
//! that acted that the enemies could destroy next turn (each enemy whose movement and range
//! reach it deals its damage once).

use crate::battle::{Battle, Ending, Stage, Step, distance};
use crate::turns::turns;
use arena::{Outcome, Player, Rng, Side};
use curio_core::progress::{Cancelled, Progress, check};
use rand::RngExt;

/// Turns a playout plays before it is scored by worth.
pub const PLAYOUT_TURNS: u32 = 20;

fn side(side: u8) -> Side {
    if side == 0 { Side::First } else { Side::Second }
}

fn outcome_of(ending: Ending) -> Outcome {
    match ending {
        Ending::Won(winner) => Outcome::Win(side(winner)),
        Ending::Draw => Outcome::Draw,
    }
}

/// A random step of the side to move (see the module's docs).
fn random_step(battle: &Battle, rng: &mut Rng) -> Step {
    match battle.stage {
        Stage::Commands => {
            let commands = battle.command_steps();
            if commands.is_empty() || rng.random_bool(0.5) {
                Step::EndCommands
            } else {
                commands[rng.random_range(0..commands.len())]
            }
        }
        Stage::Move => {
            let movers: Vec<usize> = (0..battle.troops.len())
                .filter(|&index| {
                    let troop = &battle.troops[index];
                    troop.alive() && troop.side == battle.to_move && !troop.frozen
                })
                .collect();
            if movers.is_empty() {
                return Step::EndTurn;
            }
            let troop = movers[rng.random_range(0..movers.len())];
            let reach = battle.reach(troop);
            let pick = rng.random_range(0..=reach.len());
            match reach.get(pick) {
                Some(&(x, y)) => Step::Move { troop: troop as u8, x, y },
                None if !battle.targets(troop).is_empty() => Step::Stay { troop: troop as u8 },
                None => Step::EndTurn,
            }
        }
        Stage::Attack => {
            let targets = battle.targets(battle.actor.expect("a troop acts") as usize);
            if targets.is_empty() {
                Step::EndTurn
            } else {
                Step::Attack { target: targets[rng.random_range(0..targets.len())] }
            }
        }
    }
}

impl arena::Game for Battle {
    type Move = Step;

    fn to_move(&self) -> Side {
        side(self.to_move)
    }

    fn moves(&self) -> Vec<Step> {
        self.steps()
    }

    fn play(&mut self, step: Step) {
        Battle::play(self, step);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending.map(outcome_of)
    }

    fn hash(&self) -> u64 {
        Battle::hash(self)
    }

    fn random_move(&self, rng: &mut Rng) -> Option<Step> {
        self.ending.is_none().then(|| random_step(self, rng))
    }

    fn playout(&self, rng: &mut Rng) -> Outcome {
        let mut battle = self.clone();
        let stop = battle.turn.saturating_add(PLAYOUT_TURNS);
        while battle.ending.is_none() && battle.turn < stop {
            let step = random_step(&battle, rng);
            battle.play(step);
        }
        if let Some(ending) = battle.ending {
            return outcome_of(ending);
        }
        let [first, second] = battle.worth();
        if first > second {
            Outcome::Win(Side::First)
        } else if second > first {
            Outcome::Win(Side::Second)
        } else {
            Outcome::Draw
        }
    }

    fn move_text(&self, step: Step) -> String {
        self.step_text(step)
    }

    fn player(name: &str) -> Option<Box<dyn Player<Self>>> {
        (name == "greedy").then(|| Box::new(Greedy::default()) as Box<dyn Player<Self>>)
    }

    fn player_names() -> &'static [(&'static str, &'static str)] {
        &[(
            "greedy",
            "the turn that destroys the most enemy worth now, less its own losses and half its exposure",
        )]
    }
}

/// The greedy player (see the module's docs): it plans a whole turn at its first step and
/// plays the plan's steps.
#[derive(Default)]
pub struct Greedy {
    plan: Vec<Step>,
}

/// The greedy player's value of a turn from `before` to `after` for the side that played it.
pub fn greedy_value(before: &Battle, after: &Battle, steps: &[Step]) -> f64 {
    let me = before.to_move as usize;
    let (was, now) = (before.worth(), after.worth());
    let gained = (was[1 - me] - now[1 - me]) - (was[me] - now[me]);
    if after.ending == Some(Ending::Won(me as u8)) {
        return f64::from(u32::MAX);
    }
    let actor = steps.iter().find_map(|step| match step {
        Step::Move { troop, .. } | Step::Stay { troop } => Some(*troop as usize),
        _ => None,
    });
    let exposure = actor.map_or(0.0, |index| {
        let troop = &after.troops[index];
        if !troop.alive() {
            return 0.0;
        }
        let kind = &after.rules.troops[troop.kind as usize];
        let threat: i32 = after
            .troops
            .iter()
            .filter(|enemy| enemy.alive() && usize::from(enemy.side) != me && !enemy.frozen)
            .filter(|enemy| {
                let reach = after.rules.troops[enemy.kind as usize].movement
                    + after.rules.troops[enemy.kind as usize].range;
                distance(enemy.x, enemy.y, troop.x, troop.y) <= reach
            })
            .map(|enemy| after.rules.troops[enemy.kind as usize].damage)
            .sum();
        let lost = if troop.walled { 0 } else { (threat - troop.shield).clamp(0, troop.health) };
        let lost = f64::from(lost);
        f64::from(kind.cost) * lost / f64::from(kind.health)
    });
    gained - 0.5 * exposure
}

impl Player<Battle> for Greedy {
    fn choose(
        &mut self,
        battle: &Battle,
        _rng: &mut Rng,
        progress: &mut dyn Progress,
    ) -> Result<Step, Cancelled> {
        let at_start = battle.used == 0 && battle.actor.is_none() && battle.stage != Stage::Attack;
        let start_of_turn = at_start && (battle.stage == Stage::Commands || battle.first_stage_is_move());
        if start_of_turn || self.plan.is_empty() {
            check(progress.report(0, 1, "greedy turn"))?;
            let all = turns(battle, true);
            let mut best: Option<(f64, Vec<Step>)> = None;
            for turn in all {
                let value = greedy_value(battle, &turn.after, &turn.steps);
                if best.as_ref().is_none_or(|(top, _)| value > *top) {
                    best = Some((value, turn.steps));
                }
            }
            self.plan = best.map(|(_, steps)| steps).unwrap_or_default();
            self.plan.reverse();
        }
        let open = battle.steps();
        let step = self.plan.pop().filter(|step| open.contains(step));
        Ok(step.unwrap_or_else(|| *open.last().expect("a game not over has a step")))
    }
}

impl Battle {
    /// Whether the side to move starts its turn with the move (no command ready).
    fn first_stage_is_move(&self) -> bool {
        self.stage == Stage::Move && self.used == 0 && self.command_steps().is_empty()
    }
}
