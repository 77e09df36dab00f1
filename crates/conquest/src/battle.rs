//! A game in progress and its turn as a sequence of steps: commands (any number, each once, in
//! any order), then one troop moves or stays, then that troop attacks or not. Dead troops stay
//! in the list (so indices are stable within a game) with no health.

use crate::rules::{Effect, Rules, Squad, Target};
use std::sync::Arc;

/// A troop on the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Troop {
    /// Index of its kind in the rules.
    pub kind: u8,
    /// 0 for the side that moves first, 1 for the other.
    pub side: u8,
    /// Column, 0 at the left.
    pub x: i16,
    /// Row, 0 the first side's back row.
    pub y: i16,
    /// Health left; 0 or less: dead.
    pub health: i32,
    /// Extra health until its side's next turn (lost first).
    pub shield: i32,
    /// Extra damage until its side's next turn.
    pub bonus: i32,
    /// Takes no damage until its side's next turn.
    pub walled: bool,
    /// Strikes back until its side's next turn.
    pub vigilant: bool,
    /// Can neither move nor attack in its side's next turn.
    pub frozen: bool,
    /// Extra squares it may move this turn.
    pub extra_movement: u8,
}

impl Troop {
    /// Whether it is alive.
    pub fn alive(&self) -> bool {
        self.health > 0
    }
}

/// Where a turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Commands may be used.
    Commands,
    /// A troop may move or stay to attack.
    Move,
    /// The troop chosen may attack.
    Attack,
}

/// One step of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Step {
    /// Use the side's command in `slot` on troop `target` (or, for Winds of Fate, on the
    /// side's command in slot `target`).
    Command {
        /// The command's slot in the side's squad.
        slot: u8,
        /// A troop's index, or a slot.
        target: u8,
    },
    /// No more commands this turn.
    EndCommands,
    /// Move troop `troop` to (x, y); it may then attack.
    Move {
        /// The troop.
        troop: u8,
        /// Column.
        x: i16,
        /// Row.
        y: i16,
    },
    /// Troop `troop` stays where it is and may attack.
    Stay {
        /// The troop.
        troop: u8,
    },
    /// The troop that moved or stayed attacks troop `target`.
    Attack {
        /// The enemy troop.
        target: u8,
    },
    /// The turn ends.
    EndTurn,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// This side (0 or 1) killed every enemy troop.
    Won(u8),
    /// The turn limit came first.
    Draw,
}

/// A game of Conquest.
#[derive(Clone, Debug)]
pub struct Battle {
    /// The rules.
    pub rules: Arc<Rules>,
    /// Every troop, dead ones included.
    pub troops: Vec<Troop>,
    /// Each side's commands (indices into the rules' commands).
    pub commands: [Vec<u8>; 2],
    /// Each side's turns left before each of its commands is ready (0: ready).
    pub cooldowns: [Vec<u8>; 2],
    /// The side to move.
    pub to_move: u8,
    /// Turns played (each side's counts one).
    pub turn: u32,
    /// Where the turn is.
    pub stage: Stage,
    /// The slots used this turn (a bit each).
    pub used: u32,
    /// The troop that moved or stayed this turn.
    pub actor: Option<u8>,
    /// How the game ended.
    pub ending: Option<Ending>,
}

/// What decides a position (a battle without its rules), for comparing and hashing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Snapshot {
    troops: Vec<Troop>,
    cooldowns: [Vec<u8>; 2],
    to_move: u8,
    turn: u32,
    stage: Stage,
    used: u32,
    actor: Option<u8>,
    ending: Option<Ending>,
}

/// The squares between two squares when diagonals count one (Chebyshev distance).
pub fn distance(ax: i16, ay: i16, bx: i16, by: i16) -> u32 {
    (ax - bx).unsigned_abs().max((ay - by).unsigned_abs()) as u32
}

impl Battle {
    /// A game with `squads[0]` for the first side (its home rows at the bottom) and
    /// `squads[1]` for the second (mirrored at the top); the squads must be checked.
    pub fn new(rules: Arc<Rules>, squads: [&Squad; 2]) -> Battle {
        let mut troops = Vec::new();
        let mut commands = [Vec::new(), Vec::new()];
        for (side, squad) in squads.iter().enumerate() {
            for (name, x, y) in &squad.troops {
                let kind = rules.kind(name).expect("a checked squad");
                let y = if side == 0 { *y as i16 } else { (rules.board - 1 - y) as i16 };
                troops.push(Troop {
                    kind: kind as u8,
                    side: side as u8,
                    x: *x as i16,
                    y,
                    health: rules.troops[kind].health,
                    shield: 0,
                    bonus: 0,
                    walled: false,
                    vigilant: false,
                    frozen: false,
                    extra_movement: 0,
                });
            }
            commands[side] = squad
                .commands
                .iter()
                .map(|name| rules.command(name).expect("a checked squad") as u8)
                .collect();
        }
        let cooldowns = [vec![0; commands[0].len()], vec![0; commands[1].len()]];
        let mut battle = Battle {
            rules,
            troops,
            commands,
            cooldowns,
            to_move: 0,
            turn: 0,
            stage: Stage::Move,
            used: 0,
            actor: None,
            ending: None,
        };
        battle.stage = battle.first_stage();
        battle
    }

    /// Both sides with the rules' squad.
    pub fn standard(rules: Arc<Rules>) -> Battle {
        let squad = rules.squad.clone();
        Battle::new(rules, [&squad, &squad])
    }

    /// What decides the position.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            troops: self.troops.clone(),
            cooldowns: self.cooldowns.clone(),
            to_move: self.to_move,
            turn: self.turn,
            stage: self.stage,
            used: self.used,
            actor: self.actor,
            ending: self.ending,
        }
    }

    /// Whether `other` is the same position (equal snapshots), without copying either.
    pub fn same_position(&self, other: &Battle) -> bool {
        self.troops == other.troops
            && self.cooldowns == other.cooldowns
            && self.to_move == other.to_move
            && self.turn == other.turn
            && self.stage == other.stage
            && self.used == other.used
            && self.actor == other.actor
            && self.ending == other.ending
    }

    /// A hash of the snapshot.
    pub fn hash(&self) -> u64 {
        use std::hash::BuildHasher;
        rustc_hash::FxBuildHasher.hash_one(self.snapshot())
    }

    fn ready(&self, side: u8, slot: usize) -> bool {
        self.cooldowns[side as usize][slot] == 0 && self.used & (1 << slot) == 0
    }

    fn first_stage(&self) -> Stage {
        let side = self.to_move;
        if (0..self.commands[side as usize].len()).any(|slot| self.ready(side, slot)) {
            Stage::Commands
        } else {
            Stage::Move
        }
    }

    /// The troop at (x, y), alive.
    pub fn troop_at(&self, x: i16, y: i16) -> Option<usize> {
        self.troops.iter().position(|troop| troop.alive() && troop.x == x && troop.y == y)
    }

    /// Squares troop `index` may move to this turn (king steps through empty squares, at most
    /// its movement and any charge), without its own square.
    pub fn reach(&self, index: usize) -> Vec<(i16, i16)> {
        let troop = &self.troops[index];
        let steps = self.rules.troops[troop.kind as usize].movement + u32::from(troop.extra_movement);
        let size = self.rules.board as i16;
        let mut occupied = vec![false; (size as usize) * (size as usize)];
        for other in self.troops.iter().filter(|other| other.alive()) {
            occupied[other.y as usize * size as usize + other.x as usize] = true;
        }
        let cell = |x: i16, y: i16| y as usize * size as usize + x as usize;
        let mut seen = vec![false; occupied.len()];
        seen[cell(troop.x, troop.y)] = true;
        let mut frontier = vec![(troop.x, troop.y)];
        let mut reached = Vec::new();
        for _ in 0..steps {
            let mut next = Vec::new();
            for &(x, y) in &frontier {
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        let (nx, ny) = (x + dx, y + dy);
                        if (0..size).contains(&nx)
                            && (0..size).contains(&ny)
                            && !seen[cell(nx, ny)]
                            && !occupied[cell(nx, ny)]
                        {
                            seen[cell(nx, ny)] = true;
                            next.push((nx, ny));
                            reached.push((nx, ny));
                        }
                    }
                }
            }
            frontier = next;
        }
        reached
    }

    /// Enemies troop `index` may attack from where it stands.
    pub fn targets(&self, index: usize) -> Vec<u8> {
        let troop = &self.troops[index];
        let range = self.rules.troops[troop.kind as usize].range;
        (0..self.troops.len())
            .filter(|&other| {
                let enemy = &self.troops[other];
                enemy.alive()
                    && enemy.side != troop.side
                    && distance(troop.x, troop.y, enemy.x, enemy.y) <= range
            })
            .map(|other| other as u8)
            .collect()
    }

    /// Whether troop `index` of the side to move may act (move, or stay and attack).
    fn can_act(&self, index: usize) -> bool {
        let troop = &self.troops[index];
        troop.alive() && troop.side == self.to_move && !troop.frozen
    }

    /// Command steps open now: each ready command on each of its targets.
    pub fn command_steps(&self) -> Vec<Step> {
        let side = self.to_move as usize;
        let mut steps = Vec::new();
        for (slot, &command) in self.commands[side].iter().enumerate() {
            if !self.ready(self.to_move, slot) {
                continue;
            }
            match self.rules.commands[command as usize].effect.target() {
                Target::Own | Target::Enemy => {
                    let own = self.rules.commands[command as usize].effect.target() == Target::Own;
                    for (index, troop) in self.troops.iter().enumerate() {
                        if troop.alive() && (troop.side as usize == side) == own {
                            steps.push(Step::Command { slot: slot as u8, target: index as u8 });
                        }
                    }
                }
                Target::Command => {
                    for other in 0..self.commands[side].len() {
                        if other != slot && self.cooldowns[side][other] > 0 {
                            steps.push(Step::Command { slot: slot as u8, target: other as u8 });
                        }
                    }
                }
            }
        }
        steps
    }

    /// Every step open now (none when the game is over).
    pub fn steps(&self) -> Vec<Step> {
        if self.ending.is_some() {
            return Vec::new();
        }
        match self.stage {
            Stage::Commands => {
                let mut steps = self.command_steps();
                steps.push(Step::EndCommands);
                steps
            }
            Stage::Move => {
                let mut steps = Vec::new();
                for index in 0..self.troops.len() {
                    if !self.can_act(index) {
                        continue;
                    }
                    for (x, y) in self.reach(index) {
                        steps.push(Step::Move { troop: index as u8, x, y });
                    }
                    if !self.targets(index).is_empty() {
                        steps.push(Step::Stay { troop: index as u8 });
                    }
                }
                steps.push(Step::EndTurn);
                steps
            }
            Stage::Attack => {
                let actor = self.actor.expect("a troop acts in the attack stage") as usize;
                let mut steps: Vec<Step> =
                    self.targets(actor).into_iter().map(|target| Step::Attack { target }).collect();
                steps.push(Step::EndTurn);
                steps
            }
        }
    }

    /// Damage `amount` to troop `index` (none if walled; its extra health first).
    fn hurt(&mut self, index: usize, amount: i32) {
        let troop = &mut self.troops[index];
        if troop.walled || amount <= 0 {
            return;
        }
        let absorbed = amount.min(troop.shield);
        troop.shield -= absorbed;
        troop.health -= amount - absorbed;
        if troop.health <= 0 {
            troop.health = 0;
            troop.shield = 0;
        }
    }

    /// Ends the game when a side has no troop left.
    fn check_ending(&mut self) {
        let alive = |side: u8| self.troops.iter().any(|troop| troop.alive() && troop.side == side);
        let mover = self.to_move;
        if !alive(1 - mover) {
            self.ending = Some(Ending::Won(mover));
        } else if !alive(mover) {
            self.ending = Some(Ending::Won(1 - mover));
        }
    }

    /// Plays a step from [`Battle::steps`].
    pub fn play(&mut self, step: Step) {
        let side = self.to_move as usize;
        match step {
            Step::Command { slot, target } => {
                let slot = slot as usize;
                let command = self.rules.commands[self.commands[side][slot] as usize].clone();
                self.used |= 1 << slot;
                self.cooldowns[side][slot] = command.cooldown.min(255) as u8;
                let index = target as usize;
                match command.effect {
                    Effect::BattleCry { damage, health } => {
                        self.troops[index].bonus += damage;
                        self.troops[index].shield += health;
                    }
                    Effect::Stoicism { health } => self.troops[index].shield += health,
                    Effect::Regenerate => {
                        let kind = self.troops[index].kind as usize;
                        self.troops[index].health = self.rules.troops[kind].health;
                    }
                    Effect::Bombard { damage } => {
                        self.hurt(index, damage);
                        self.check_ending();
                    }
                    Effect::WindsOfFate => self.cooldowns[side][index] = 0,
                    Effect::Charge { movement } => {
                        let extra = u32::from(self.troops[index].extra_movement) + movement;
                        self.troops[index].extra_movement = extra.min(255) as u8;
                    }
                    Effect::Chastise => self.troops[index].frozen = true,
                    Effect::ShieldWall => self.troops[index].walled = true,
                    Effect::Vigilance => self.troops[index].vigilant = true,
                }
            }
            Step::EndCommands => self.stage = Stage::Move,
            Step::Move { troop, x, y } => {
                let moved = &mut self.troops[troop as usize];
                (moved.x, moved.y) = (x, y);
                self.actor = Some(troop);
                self.stage = Stage::Attack;
            }
            Step::Stay { troop } => {
                self.actor = Some(troop);
                self.stage = Stage::Attack;
            }
            Step::Attack { target } => {
                let attacker = self.actor.expect("a troop acts") as usize;
                let damage = self.rules.troops[self.troops[attacker].kind as usize].damage
                    + self.troops[attacker].bonus;
                let target = target as usize;
                self.hurt(target, damage);
                let struck = &self.troops[target];
                if struck.alive() && struck.vigilant {
                    let range = self.rules.troops[struck.kind as usize].range;
                    let back = self.rules.troops[struck.kind as usize].damage + struck.bonus;
                    let near = distance(struck.x, struck.y, self.troops[attacker].x, self.troops[attacker].y)
                        <= range;
                    if near {
                        self.hurt(attacker, back);
                    }
                }
                self.check_ending();
                self.end_turn();
            }
            Step::EndTurn => self.end_turn(),
        }
    }

    /// Ends the turn: the mover's charges and freezes end; the other side's turn starts (its
    /// cooldowns tick, its troops' effects "until your next turn" end).
    fn end_turn(&mut self) {
        let mover = self.to_move;
        for troop in self.troops.iter_mut().filter(|troop| troop.side == mover) {
            troop.extra_movement = 0;
            troop.frozen = false;
        }
        self.used = 0;
        self.actor = None;
        self.turn += 1;
        if self.ending.is_none() && self.turn >= self.rules.turn_limit {
            self.ending = Some(Ending::Draw);
        }
        self.to_move = 1 - mover;
        let next = self.to_move;
        for cooldown in &mut self.cooldowns[next as usize] {
            *cooldown = cooldown.saturating_sub(1);
        }
        for troop in self.troops.iter_mut().filter(|troop| troop.side == next) {
            troop.shield = 0;
            troop.bonus = 0;
            troop.walled = false;
            troop.vigilant = false;
        }
        self.stage = self.first_stage();
    }

    /// Each side's troops' worth: the sum over its living troops of cost x health left /
    /// starting health.
    pub fn worth(&self) -> [f64; 2] {
        let mut worth = [0.0; 2];
        for troop in self.troops.iter().filter(|troop| troop.alive()) {
            let kind = &self.rules.troops[troop.kind as usize];
            worth[troop.side as usize] +=
                f64::from(kind.cost) * f64::from(troop.health) / f64::from(kind.health);
        }
        worth
    }

    /// The step as a person reads it.
    pub fn step_text(&self, step: Step) -> String {
        let name = |index: u8| {
            let troop = &self.troops[index as usize];
            format!("{} ({},{})", self.rules.troops[troop.kind as usize].name, troop.x, troop.y)
        };
        match step {
            Step::Command { slot, target } => {
                let command =
                    &self.rules.commands[self.commands[self.to_move as usize][slot as usize] as usize];
                if command.effect.target() == Target::Command {
                    let other = self.commands[self.to_move as usize][target as usize] as usize;
                    format!("{} on {}", command.name, self.rules.commands[other].name)
                } else {
                    format!("{} on {}", command.name, name(target))
                }
            }
            Step::EndCommands => "no more commands".to_string(),
            Step::Move { troop, x, y } => format!("{} to ({x},{y})", name(troop)),
            Step::Stay { troop } => format!("{} stays", name(troop)),
            Step::Attack { target } => format!("attack {}", name(target)),
            Step::EndTurn => "end of turn".to_string(),
        }
    }
}
