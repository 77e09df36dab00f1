//! The rules as data: the board, the budget, the troops' and commands' tables and a squad,
//! read from a JSON file the user can edit and checked whole.

use serde::{Deserialize, Serialize};

/// A kind of troop.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TroopKind {
    /// Its name (`Scout`).
    pub name: String,
    /// Squad resources it costs.
    pub cost: u32,
    /// Squares it may move a turn (king steps, around other troops).
    pub movement: u32,
    /// Squares away it may attack (diagonals count one).
    pub range: u32,
    /// Health an attack takes.
    pub damage: i32,
    /// Health it starts with.
    pub health: i32,
}

/// What a command does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// A troop of yours gains this damage and this much extra health until your next turn.
    BattleCry {
        /// Extra damage.
        damage: i32,
        /// Extra health (lost first).
        health: i32,
    },
    /// A troop of yours gains this much extra health until your next turn.
    Stoicism {
        /// Extra health (lost first).
        health: i32,
    },
    /// A troop of yours gets its full health back.
    Regenerate,
    /// An enemy troop loses this much health.
    Bombard {
        /// Health lost.
        damage: i32,
    },
    /// Another command of yours that is cooling down is ready again.
    WindsOfFate,
    /// A troop of yours moves this many more squares this turn.
    Charge {
        /// Extra squares.
        movement: u32,
    },
    /// An enemy troop can neither move nor attack in its side's next turn.
    Chastise,
    /// A troop of yours takes no damage until your next turn.
    ShieldWall,
    /// Until your next turn, a troop of yours strikes back at an enemy that attacks it and
    /// leaves it alive, when the attacker is in its range.
    Vigilance,
}

/// Whom a command's effect is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A troop of the side using it.
    Own,
    /// A troop of the other side.
    Enemy,
    /// Another command of the side using it.
    Command,
}

impl Effect {
    /// Whom the effect targets.
    pub fn target(&self) -> Target {
        match self {
            Effect::Bombard { .. } | Effect::Chastise => Target::Enemy,
            Effect::WindsOfFate => Target::Command,
            _ => Target::Own,
        }
    }
}

/// A command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandKind {
    /// Its name (`Battle cry`).
    pub name: String,
    /// Squad resources it costs.
    pub cost: u32,
    /// Turns of its side before it can be used again.
    pub cooldown: u32,
    /// What it does.
    pub effect: Effect,
}

/// A squad: troops by kind name at their home squares (x, y from the owner's back row), and the
/// commands chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Squad {
    /// (kind name, x, y), y = 0 the owner's back row.
    pub troops: Vec<(String, u32, u32)>,
    /// The names of the chosen commands.
    pub commands: Vec<String>,
}

/// The rules of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// A name for the table (where its values come from).
    pub name: String,
    /// Squares a side of the square board.
    pub board: u32,
    /// Rows of each side's home, where its squad starts.
    pub home_rows: u32,
    /// Squad resources for troops and commands.
    pub budget: u32,
    /// Most troops a squad.
    pub max_troops: usize,
    /// Most commands a squad.
    pub max_commands: usize,
    /// Turns (each side's counts one) after which the game is a draw.
    pub turn_limit: u32,
    /// The kinds of troop.
    pub troops: Vec<TroopKind>,
    /// The commands.
    pub commands: Vec<CommandKind>,
    /// The squad both sides play when none is given.
    pub squad: Squad,
}

/// The built-in rules: RuneHQ's troop table (foot soldier 100 damage, 300 health; archer 3
/// squares; knight 100 resources).
pub const RUNEHQ: &str = include_str!("../../../assets/conquest/rules-runehq.json");
/// The other published table: RuneSlayer's (foot soldier 300 damage, 100 health; archer 4
/// squares; knight 150 resources).
pub const RUNESLAYER: &str = include_str!("../../../assets/conquest/rules-runeslayer.json");

/// Why rules or a squad are not usable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// Not JSON of the rules' shape.
    #[error("not Conquest rules: {0}")]
    Format(String),
    /// A value out of range or inconsistent.
    #[error("{0}")]
    Invalid(String),
}

fn invalid(message: String) -> RulesError {
    RulesError::Invalid(message)
}

impl Rules {
    /// The built-in rules.
    pub fn builtin() -> Rules {
        Rules::parse(RUNEHQ).expect("the built-in rules are valid")
    }

    /// Rules from JSON text, checked ([`Rules::check`]).
    pub fn parse(text: &str) -> Result<Rules, RulesError> {
        let rules: Rules =
            serde_json::from_str(text).map_err(|error| RulesError::Format(error.to_string()))?;
        rules.check()?;
        Ok(rules)
    }

    /// Checks the sizes and values, then the squad.
    pub fn check(&self) -> Result<(), RulesError> {
        if !(4..=64).contains(&self.board) {
            return Err(invalid(format!("board must be 4 to 64 squares a side, not {}", self.board)));
        }
        if self.home_rows == 0 || 2 * self.home_rows > self.board {
            return Err(invalid(format!(
                "home_rows must be 1 to half the board ({}), not {}",
                self.board / 2,
                self.home_rows
            )));
        }
        if !(1..=100_000).contains(&self.turn_limit) {
            return Err(invalid(format!("turn_limit must be 1 to 100,000, not {}", self.turn_limit)));
        }
        if self.troops.is_empty() || self.troops.len() > 32 {
            return Err(invalid(format!("there must be 1 to 32 kinds of troop, not {}", self.troops.len())));
        }
        if self.commands.len() > 16 || self.max_commands > self.commands.len() {
            return Err(invalid("at most 16 commands, and max_commands no more than there are".to_string()));
        }
        if !(1..=32).contains(&self.max_troops) {
            return Err(invalid(format!("max_troops must be 1 to 32, not {}", self.max_troops)));
        }
        for kind in &self.troops {
            if kind.movement > 16
                || kind.range > 64
                || !(1..=100_000).contains(&kind.health)
                || !(0..=100_000).contains(&kind.damage)
            {
                return Err(invalid(format!(
                    "{}: movement at most 16, range at most 64, health 1 to 100,000, damage 0 to 100,000",
                    kind.name
                )));
            }
        }
        for command in &self.commands {
            if command.cooldown > 100 {
                return Err(invalid(format!("{}: a cooldown of at most 100 turns", command.name)));
            }
        }
        self.check_squad(&self.squad).map(|_| ())
    }

    /// The kind named `name`.
    pub fn kind(&self, name: &str) -> Option<usize> {
        self.troops.iter().position(|kind| kind.name.eq_ignore_ascii_case(name))
    }

    /// The command named `name`.
    pub fn command(&self, name: &str) -> Option<usize> {
        self.commands.iter().position(|command| command.name.eq_ignore_ascii_case(name))
    }

    /// Checks a squad against the rules; its cost when it is valid.
    pub fn check_squad(&self, squad: &Squad) -> Result<u32, RulesError> {
        if squad.troops.is_empty() || squad.troops.len() > self.max_troops {
            return Err(invalid(format!(
                "a squad has 1 to {} troops, not {}",
                self.max_troops,
                squad.troops.len()
            )));
        }
        if squad.commands.len() > self.max_commands {
            return Err(invalid(format!(
                "a squad has at most {} commands, not {}",
                self.max_commands,
                squad.commands.len()
            )));
        }
        let mut cost = 0;
        let mut squares = Vec::new();
        for (name, x, y) in &squad.troops {
            let kind =
                self.kind(name).ok_or_else(|| invalid(format!("'{name}' is not a troop of these rules")))?;
            if *x >= self.board || *y >= self.home_rows {
                return Err(invalid(format!(
                    "{name} at ({x}, {y}): a troop starts in the home rows (x 0 to {}, y 0 to {})",
                    self.board - 1,
                    self.home_rows - 1
                )));
            }
            if squares.contains(&(x, y)) {
                return Err(invalid(format!("two troops at ({x}, {y})")));
            }
            squares.push((x, y));
            cost += self.troops[kind].cost;
        }
        let mut chosen = Vec::new();
        for name in &squad.commands {
            let command = self
                .command(name)
                .ok_or_else(|| invalid(format!("'{name}' is not a command of these rules")))?;
            if chosen.contains(&command) {
                return Err(invalid(format!("the command '{name}' is chosen twice")));
            }
            chosen.push(command);
            cost += self.commands[command].cost;
        }
        if cost > self.budget {
            return Err(invalid(format!("the squad costs {cost}, over the budget of {}", self.budget)));
        }
        Ok(cost)
    }
}
