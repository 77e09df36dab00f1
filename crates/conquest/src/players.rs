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
//!
//! The turn search ([`Mcts`]) judges whole turns by rollouts of its own policy, which plays
//! the commands too: a Bombard where it destroys most, a Battle cry where it adds to a kill, a
//! defensive command on a side's last troop when the enemy could hurt it next, and no move into
//! the enemy's reach except to attack.

use crate::battle::{Battle, Ending, Stage, Step, distance};
use crate::rules::Effect;
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

/// The troops of `side` that may act this turn (alive, not frozen).
fn movers(battle: &Battle, side: u8) -> Vec<usize> {
    (0..battle.troops.len())
        .filter(|&index| {
            let troop = &battle.troops[index];
            troop.alive() && troop.side == side && !troop.frozen
        })
        .collect()
}

/// The living troops of the side other than `side`.
fn enemies(battle: &Battle, side: u8) -> Vec<usize> {
    (0..battle.troops.len())
        .filter(|&index| battle.troops[index].alive() && battle.troops[index].side != side)
        .collect()
}

/// Troop `mover`'s move to the square of its reach nearest its nearest enemy, among the
/// squares `keep` accepts (given the square and that enemy's square).
fn approach(
    battle: &Battle,
    mover: usize,
    enemies: &[usize],
    keep: impl Fn((i16, i16), (i16, i16)) -> bool,
) -> Option<Step> {
    let troop = &battle.troops[mover];
    let nearest = enemies
        .iter()
        .map(|&enemy| (battle.troops[enemy].x, battle.troops[enemy].y))
        .min_by_key(|&(x, y)| distance(troop.x, troop.y, x, y))?;
    battle
        .reach(mover)
        .into_iter()
        .filter(|&square| keep(square, nearest))
        .min_by_key(|&(x, y)| distance(x, y, nearest.0, nearest.1))
        .map(|(x, y)| Step::Move { troop: mover as u8, x, y })
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
            let movers = movers(battle, battle.to_move);
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
        // The rest of the turn under way at random, then whole turns by the playout policy.
        let side = battle.to_move;
        while battle.ending.is_none() && battle.to_move == side {
            let step = random_step(&battle, rng);
            battle.play(step);
        }
        while battle.ending.is_none() && battle.turn < stop {
            playout_turn(&mut battle, rng);
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
        if name == "greedy" {
            return Some(Box::new(Greedy::default()));
        }
        let playouts =
            name.strip_prefix("mcts:")?.parse::<u32>().ok().filter(|n| (1..=10_000_000).contains(n))?;
        Some(Box::new(Mcts::new(playouts)))
    }

    fn player_names() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "greedy",
                "the turn that destroys the most enemy worth now, less its own losses and half its exposure",
            ),
            (
                "mcts:N",
                "N playouts a turn, spread by UCB1 over whole turns (the rollout policy's own first, then the greedy player's order), more of them as the visits grow",
            ),
        ]
    }
}

/// One turn of the playout policy: no commands; a troop (in random order) that can reach an
/// enemy moves into range of the weakest one it can reach and attacks it; when none can, a
/// random troop steps as close to its nearest enemy as its reach allows. One turn in ten is
/// random instead, so that playouts differ.
fn playout_turn(battle: &mut Battle, rng: &mut Rng) {
    let side = battle.to_move;
    if rng.random_range(0..10) == 0 {
        while battle.ending.is_none() && battle.to_move == side {
            let step = random_step(battle, rng);
            battle.play(step);
        }
        return;
    }
    if battle.stage == Stage::Commands {
        battle.play(Step::EndCommands);
    }
    let mut movers = movers(battle, side);
    if movers.is_empty() {
        battle.play(Step::EndTurn);
        return;
    }
    // Shuffle (Fisher-Yates) so that no troop is always first.
    for index in (1..movers.len()).rev() {
        movers.swap(index, rng.random_range(0..=index));
    }
    let enemies = enemies(battle, side);
    for &mover in &movers {
        let troop = &battle.troops[mover];
        let kind = &battle.rules.troops[troop.kind as usize];
        let (movement, range) = (kind.movement + u32::from(troop.extra_movement), kind.range);
        let weakest = enemies
            .iter()
            .copied()
            .filter(|&enemy| {
                distance(troop.x, troop.y, battle.troops[enemy].x, battle.troops[enemy].y) <= movement + range
            })
            .min_by_key(|&enemy| battle.troops[enemy].health);
        let Some(enemy) = weakest else { continue };
        let (ex, ey) = (battle.troops[enemy].x, battle.troops[enemy].y);
        if distance(troop.x, troop.y, ex, ey) <= range {
            battle.play(Step::Stay { troop: mover as u8 });
            battle.play(Step::Attack { target: enemy as u8 });
            return;
        }
        if let Some(&(x, y)) = battle.reach(mover).iter().find(|&&(x, y)| distance(x, y, ex, ey) <= range) {
            battle.play(Step::Move { troop: mover as u8, x, y });
            battle.play(Step::Attack { target: enemy as u8 });
            return;
        }
    }
    match approach(battle, movers[0], &enemies, |_, _| true) {
        Some(step) => {
            battle.play(step);
            battle.play(Step::EndTurn);
        }
        None => battle.play(Step::EndTurn),
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
        if battle.at_turn_start() || self.plan.is_empty() {
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
        Ok(next_planned(&mut self.plan, battle))
    }
}

/// Monte Carlo tree search over whole turns with progressive widening. The candidates are
/// the distinct turns in this order: first up to [`POLICY_CANDIDATES`] turns that the rollout
/// policy itself plays here, then the rest by the greedy player's value (a turn that spends fewer
/// commands first among equals). After n playouts the root considers the first ceil(2 sqrt(n))
/// of them (at least 2, at most [`MAX_WIDTH`]) and chooses among those by UCB1; a playout plays
/// the rollout policy (see [`ROLLOUT_TURNS`]) from the position the turn leaves; after `playouts`
/// playouts the most visited turn is played. The widening keeps ~10^4 turns a position within
/// reach of a few thousand playouts: the policy and the greedy order bring the likely good turns
/// first, and the playouts judge them by what follows rather than by the damage of the moment.
pub struct Mcts {
    /// Playouts a turn.
    pub playouts: u32,
    plan: Vec<Step>,
}

impl Mcts {
    /// A search of `playouts` playouts a turn.
    pub fn new(playouts: u32) -> Mcts {
        Mcts { playouts, plan: Vec::new() }
    }

    /// The turn the search chooses, and what it found of each turn.
    pub fn search(
        &self,
        battle: &Battle,
        rng: &mut Rng,
        progress: &mut dyn Progress,
    ) -> Result<TurnSearch, Cancelled> {
        let all = turns(battle, true);
        let values: Vec<f64> =
            all.iter().map(|turn| greedy_value(battle, &turn.after, &turn.steps)).collect();
        let mut order: Vec<usize> = (0..all.len()).collect();
        let commands: Vec<usize> = all
            .iter()
            .map(|turn| turn.steps.iter().filter(|step| matches!(step, Step::Command { .. })).count())
            .collect();
        order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(commands[a].cmp(&commands[b])));
        // The rollout policy's own turns go first: what the rollouts would play is a candidate.
        let mut first = Vec::new();
        for _ in 0..POLICY_CANDIDATES {
            let mut played = battle.clone();
            while played.ending.is_none() && played.to_move == battle.to_move {
                policy_turn(&mut played, rng);
            }
            if let Some(rank) = order.iter().position(|&index| all[index].after.same_position(&played))
                && !first.contains(&order[rank])
            {
                first.push(order[rank]);
            }
        }
        order.retain(|index| !first.contains(index));
        first.append(&mut order);
        let order = first;
        let mut stats = vec![(0u32, 0.0f64); order.len()];
        for done in 0..self.playouts {
            if done % 64 == 0 {
                check(progress.report(u64::from(done), u64::from(self.playouts), "turn search"))?;
            }
            let width = ((2.0 * f64::from(done).sqrt()).ceil() as usize).clamp(2, MAX_WIDTH).min(order.len());
            let log = f64::from(done.max(1)).ln();
            let pick = (0..width)
                .max_by(|&a, &b| {
                    let ucb = |(visits, points): (u32, f64)| {
                        if visits == 0 {
                            f64::INFINITY
                        } else {
                            points / f64::from(visits)
                                + crate::players::EXPLORATION * (log / f64::from(visits)).sqrt()
                        }
                    };
                    // Among unvisited turns the first in the greedy order goes first.
                    ucb(stats[a]).total_cmp(&ucb(stats[b])).then(b.cmp(&a))
                })
                .expect("a width of at least one");
            let after = &all[order[pick]].after;
            stats[pick].0 += 1;
            stats[pick].1 += rollout(after, battle.to_move, rng);
        }
        let best = (0..order.len())
            .max_by(|&a, &b| stats[a].0.cmp(&stats[b].0).then(b.cmp(&a)))
            .expect("a game not over has a turn");
        let steps = all[order[best]].steps.clone();
        let considered =
            stats.iter().map(|&(visits, points)| (visits, points / f64::from(visits.max(1)))).collect();
        let candidates = (0..order.len())
            .filter(|&rank| stats[rank].0 > 0)
            .map(|rank| Candidate {
                steps: all[order[rank]].steps.clone(),
                visits: stats[rank].0,
                value: stats[rank].1 / f64::from(stats[rank].0),
            })
            .collect();
        Ok(TurnSearch { steps, considered, candidates })
    }
}

/// What the turn search found.
#[derive(Clone, Debug)]
pub struct TurnSearch {
    /// The steps of the turn chosen.
    pub steps: Vec<Step>,
    /// Each turn in the greedy order: its visits and its mean value for the side to move.
    pub considered: Vec<(u32, f64)>,
    /// The turns visited, in the greedy order, with their steps.
    pub candidates: Vec<Candidate>,
}

/// A turn the search tried.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// Its steps.
    pub steps: Vec<Step>,
    /// Rollouts from it.
    pub visits: u32,
    /// Its mean value for the side that played it (0 to 1: a win rate where rollouts end the
    /// game, the squashed worth lead where they do not).
    pub value: f64,
}

/// Most turns the turn search considers: past about ten, more playouts spread over more turns,
/// each judged by fewer noisy rollouts.
pub const MAX_WIDTH: usize = 10;

/// Turns of the rollout policy the turn search tries first (distinct ones; the policy is
/// partly random).
pub const POLICY_CANDIDATES: usize = 4;

/// Turns a rollout of the turn search plays (with the rollout policy, `policy_turn`) before it
/// is valued by the worth lead; most games end sooner, so most rollouts are scored by their end.
pub const ROLLOUT_TURNS: u32 = 80;

/// The value for side `me` of a short rollout from `after`: 1 or 0 when the game ends in it,
/// else the worth lead squashed into 0 to 1 (0.5 + tanh(lead / 300) / 2).
fn rollout(after: &Battle, me: u8, rng: &mut Rng) -> f64 {
    let mut battle = after.clone();
    let stop = battle.turn.saturating_add(ROLLOUT_TURNS);
    while battle.ending.is_none() && battle.turn < stop {
        policy_turn(&mut battle, rng);
    }
    match battle.ending {
        Some(Ending::Won(winner)) => f64::from(u8::from(winner == me)),
        Some(Ending::Draw) => 0.5,
        None => {
            let worth = battle.worth();
            let lead = worth[me as usize] - worth[1 - me as usize];
            0.5 + (lead / 300.0).tanh() / 2.0
        }
    }
}

/// UCB1's exploration constant for the turn search (points in 0 to 1).
pub const EXPLORATION: f64 = 0.5;

impl Player<Battle> for Mcts {
    fn choose(
        &mut self,
        battle: &Battle,
        rng: &mut Rng,
        progress: &mut dyn Progress,
    ) -> Result<Step, Cancelled> {
        if battle.at_turn_start() || self.plan.is_empty() {
            self.plan = self.search(battle, rng, progress)?.steps;
            self.plan.reverse();
        }
        Ok(next_planned(&mut self.plan, battle))
    }
}

impl Battle {
    /// Whether the side to move has not yet taken a step this turn.
    fn at_turn_start(&self) -> bool {
        self.used == 0
            && self.actor.is_none()
            && (self.stage == Stage::Commands
                || (self.stage == Stage::Move && self.command_steps().is_empty()))
    }
}

/// The next step of a planned turn (kept reversed in `plan`), or, when the plan no longer fits
/// the position, the step that ends the stage.
fn next_planned(plan: &mut Vec<Step>, battle: &Battle) -> Step {
    let open = battle.steps();
    let step = plan.pop().filter(|step| open.contains(step));
    step.unwrap_or_else(|| *open.last().expect("a game not over has a step"))
}

/// Worth side `side`'s enemy `index` loses to `damage` (its extra health first; none if walled).
fn worth_destroyed(battle: &Battle, index: usize, damage: i32) -> f64 {
    let troop = &battle.troops[index];
    if troop.walled || !troop.alive() {
        return 0.0;
    }
    let kind = &battle.rules.troops[troop.kind as usize];
    let lost = (damage - troop.shield).clamp(0, troop.health);
    f64::from(kind.cost) * f64::from(lost) / f64::from(kind.health)
}

/// Whether the enemies of troop `index` could hurt it in their next turn: a Bombard of theirs
/// ready by then, or an enemy whose movement and range reach it.
fn threatened(battle: &Battle, index: usize) -> bool {
    let troop = &battle.troops[index];
    let enemy = 1 - troop.side as usize;
    let bombard = battle.commands[enemy].iter().zip(&battle.cooldowns[enemy]).any(|(&command, &cooldown)| {
        matches!(battle.rules.commands[command as usize].effect, Effect::Bombard { .. }) && cooldown <= 1
    });
    bombard
        || battle.troops.iter().any(|other| {
            other.alive() && usize::from(other.side) == enemy && {
                let kind = &battle.rules.troops[other.kind as usize];
                distance(other.x, other.y, troop.x, troop.y) <= kind.movement + kind.range
            }
        })
}

/// The commands of the rollout policy, for a turn whose attack (if any) will be made by
/// `attacker`: a Bombard on the enemy it destroys most worth of; a Battle cry on the attacker
/// when its damage destroys more; a Battle cry, Stoicism or Shield wall on the side's last troop
/// when the enemy could hurt it next turn; a Regenerate on the troop that lost most worth.
/// Other commands wait.
fn policy_commands(battle: &mut Battle, attacker: Option<(usize, usize)>) {
    let side = battle.to_move;
    let own: Vec<usize> = (0..battle.troops.len())
        .filter(|&index| battle.troops[index].alive() && battle.troops[index].side == side)
        .collect();
    for slot in 0..battle.commands[side as usize].len() {
        if battle.stage != Stage::Commands || battle.ending.is_some() {
            return;
        }
        if battle.cooldowns[side as usize][slot] > 0 {
            continue;
        }
        let effect = battle.rules.commands[battle.commands[side as usize][slot] as usize].effect.clone();
        let target = match effect {
            Effect::Bombard { damage } => (0..battle.troops.len())
                .filter(|&index| battle.troops[index].side != side)
                .map(|index| (index, worth_destroyed(battle, index, damage)))
                .filter(|&(_, worth)| worth > 0.0)
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(index, _)| index),
            Effect::BattleCry { damage, .. } => {
                let offensive = attacker.filter(|&(troop, enemy)| {
                    let base = battle.rules.troops[battle.troops[troop].kind as usize].damage;
                    worth_destroyed(battle, enemy, base + damage) > worth_destroyed(battle, enemy, base)
                });
                offensive
                    .map(|(troop, _)| troop)
                    .or_else(|| (own.len() == 1 && threatened(battle, own[0])).then(|| own[0]))
            }
            Effect::Stoicism { .. } | Effect::ShieldWall => {
                (own.len() == 1 && threatened(battle, own[0])).then(|| own[0])
            }
            Effect::Regenerate => own
                .iter()
                .copied()
                .map(|index| {
                    let troop = &battle.troops[index];
                    let kind = &battle.rules.troops[troop.kind as usize];
                    (
                        index,
                        f64::from(kind.cost) * f64::from(kind.health - troop.health) / f64::from(kind.health),
                    )
                })
                .filter(|&(_, lost)| lost >= 50.0)
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(index, _)| index),
            _ => None,
        };
        if let Some(target) = target {
            battle.play(Step::Command { slot: slot as u8, target: target as u8 });
        }
    }
}

/// An attack the rollout policy may make.
#[derive(Clone, Copy)]
struct Attack {
    /// Enemy worth it destroys.
    worth: f64,
    /// The troop that attacks.
    mover: usize,
    /// Where it moves first (`None`: it stays).
    square: Option<(i16, i16)>,
    /// The enemy it attacks.
    enemy: usize,
}

/// One turn of the turn search's rollout policy: the attack that destroys most enemy worth
/// (any troop that can move into range of an enemy), with the commands of [`policy_commands`];
/// without an attack, a random troop steps nearer its nearest enemy but only to a square no
/// enemy can reach next turn. One turn in ten the troop and its move are random instead.
fn policy_turn(battle: &mut Battle, rng: &mut Rng) {
    let side = battle.to_move;
    let movers = movers(battle, side);
    let enemies = enemies(battle, side);
    let mut best: Option<Attack> = None;
    for &mover in &movers {
        let troop = &battle.troops[mover];
        let kind = &battle.rules.troops[troop.kind as usize];
        let (movement, range) = (kind.movement + u32::from(troop.extra_movement), kind.range);
        let near: Vec<usize> = enemies
            .iter()
            .copied()
            .filter(|&enemy| {
                distance(troop.x, troop.y, battle.troops[enemy].x, battle.troops[enemy].y) <= movement + range
            })
            .collect();
        if near.is_empty() {
            continue;
        }
        let reach = battle.reach(mover);
        for enemy in near {
            let (ex, ey) = (battle.troops[enemy].x, battle.troops[enemy].y);
            let square = if distance(troop.x, troop.y, ex, ey) <= range {
                Some(None)
            } else {
                reach.iter().find(|&&(x, y)| distance(x, y, ex, ey) <= range).map(|&square| Some(square))
            };
            let Some(square) = square else { continue };
            let worth = worth_destroyed(battle, enemy, kind.damage);
            if best.is_none_or(|top| worth > top.worth) {
                best = Some(Attack { worth, mover, square, enemy });
            }
        }
    }
    if battle.stage == Stage::Commands {
        policy_commands(battle, best.map(|attack| (attack.mover, attack.enemy)));
        if battle.ending.is_some() {
            return;
        }
        if battle.stage == Stage::Commands {
            battle.play(Step::EndCommands);
        }
    }
    if movers.is_empty() {
        battle.play(Step::EndTurn);
        return;
    }
    if rng.random_range(0..10) == 0 {
        while battle.ending.is_none() && battle.to_move == side {
            let step = match battle.stage {
                Stage::Commands => Step::EndCommands,
                _ => random_step(battle, rng),
            };
            battle.play(step);
        }
        return;
    }
    if let Some(Attack { mover, square, enemy, .. }) = best
        && battle.troops[enemy].alive()
    {
        match square {
            Some((x, y)) if battle.troop_at(x, y).is_none() => {
                battle.play(Step::Move { troop: mover as u8, x, y })
            }
            Some(_) => {
                battle.play(Step::EndTurn);
                return;
            }
            None => battle.play(Step::Stay { troop: mover as u8 }),
        }
        if battle.targets(mover).contains(&(enemy as u8)) {
            battle.play(Step::Attack { target: enemy as u8 });
        } else {
            battle.play(Step::EndTurn);
        }
        return;
    }
    let mover = movers[rng.random_range(0..movers.len())];
    let (tx, ty) = (battle.troops[mover].x, battle.troops[mover].y);
    let safe = |x: i16, y: i16| {
        enemies.iter().all(|&enemy| {
            let other = &battle.troops[enemy];
            let kind = &battle.rules.troops[other.kind as usize];
            distance(other.x, other.y, x, y) > kind.movement + kind.range
        })
    };
    let step = approach(battle, mover, &enemies, |(x, y), (ex, ey)| {
        distance(x, y, ex, ey) < distance(tx, ty, ex, ey) && safe(x, y)
    });
    battle.play(step.unwrap_or(Step::EndTurn));
    if battle.ending.is_none() && battle.to_move == side {
        battle.play(Step::EndTurn);
    }
}
