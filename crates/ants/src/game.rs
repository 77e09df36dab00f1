//! The engine: the official rules turn by turn. Each function follows the official engine's
//! function of the same name (`ants.py`), and the order of a turn is its `finish_turn`: move,
//! attack, raze, spawn, gather, food, then the histories, vision and the cutoff. See
//! `docs/ants.md` for the rules in words.

use crate::food::FoodSource;
use crate::map::{Map, Square};
use crate::rules::{Around, Settings};

/// Points for razing an enemy hill.
pub const HILL_POINTS: i32 = 2;
/// Points for losing one's own hill.
pub const RAZE_POINTS: i32 = -1;

/// What a square holds besides hills: an ant's owner (0-9) or one of these.
pub const LAND: i8 = -2;
/// Food.
pub const FOOD: i8 = -3;
/// Water.
pub const WATER: i8 = -4;

/// A direction of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Up a row.
    North,
    /// Right a column.
    East,
    /// Down a row.
    South,
    /// Left a column.
    West,
}

impl Direction {
    /// All four, in the protocol's letters' order n, e, s, w.
    pub const ALL: [Direction; 4] = [Direction::North, Direction::East, Direction::South, Direction::West];

    /// The protocol's letter.
    pub fn letter(self) -> char {
        match self {
            Direction::North => 'n',
            Direction::East => 'e',
            Direction::South => 's',
            Direction::West => 'w',
        }
    }

    /// The direction a letter names.
    pub fn from_letter(letter: char) -> Option<Direction> {
        match letter {
            'n' => Some(Direction::North),
            'e' => Some(Direction::East),
            's' => Some(Direction::South),
            'w' => Some(Direction::West),
            _ => None,
        }
    }

    /// Row and column steps.
    pub fn offset(self) -> (isize, isize) {
        match self {
            Direction::North => (-1, 0),
            Direction::East => (0, 1),
            Direction::South => (1, 0),
            Direction::West => (0, -1),
        }
    }
}

/// An order as a bot gave it: a square (unchecked, maybe off the board) and a direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    /// Row as written.
    pub row: i64,
    /// Column as written.
    pub col: i64,
    /// The move.
    pub direction: Direction,
}

/// One ant of the game, living or dead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ant {
    /// Where it was spawned.
    pub start: Square,
    /// Where it is (or died).
    pub at: Square,
    /// Its player.
    pub owner: usize,
    /// The turn it was spawned (0 for the starting ants).
    pub spawn_turn: u32,
    /// The turn it died.
    pub death_turn: Option<u32>,
    /// Its move each turn since: `n`, `e`, `s`, `w` or `-` (stayed).
    pub moves: Vec<u8>,
    /// The last of `moves` (0 before its first), read without following `moves`.
    pub last_move: u8,
}

/// One food of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Food {
    /// Where.
    pub at: Square,
    /// The turn it appeared.
    pub start_turn: u32,
    /// The turn it was gathered or destroyed.
    pub end_turn: Option<u32>,
    /// The player that gathered it.
    pub owner: Option<usize>,
}

/// One hill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hill {
    /// Where.
    pub at: Square,
    /// Its player.
    pub owner: usize,
    /// The turn it was razed.
    pub end_turn: Option<u32>,
    /// Who razed it (or took it with the lone survivor's bonus).
    pub razed_by: Option<usize>,
    /// Whether its owner has lost its point for it.
    pub raze_points: bool,
    /// The last turn an ant of its owner stood on it or was spawned there.
    pub last_touched: u32,
}

/// What validating one player's order lines found: the orders kept and the lines ignored or
/// rejected, each with the reason (as the official engine's logs write them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrderReport {
    /// Lines that became moves.
    pub valid: Vec<String>,
    /// Lines that were well formed but blocked (`move blocked`).
    pub ignored: Vec<String>,
    /// Lines that were not orders or not the player's ants.
    pub invalid: Vec<String>,
}

const NONE: u32 = u32::MAX;

/// A game under way.
#[derive(Clone, Debug)]
pub struct Game {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Players.
    pub players: usize,
    /// The settings.
    pub settings: Settings,
    /// The map as read.
    pub map: Map,
    /// The current turn (0 before the first move).
    pub turn: u32,
    grid: Vec<i8>,
    ant_at: Vec<u32>,
    /// Every ant, in the order they were made.
    pub ants: Vec<Ant>,
    /// Indices of the living ants.
    current: Vec<u32>,
    /// Indices of the ants that died this turn.
    pub killed_this_turn: Vec<u32>,
    /// Every food, in the order it appeared.
    pub food: Vec<Food>,
    food_at: Vec<u32>,
    on_board: Vec<u32>,
    /// Counts every food placed on or taken off the board: equal counts, same food.
    pub(crate) food_changes: u64,
    ant_count: Vec<u32>,
    stamp: Vec<u32>,
    stamp_now: u32,
    order_at: Vec<u8>,
    slot_of: Vec<u32>,
    /// The hills, in the map's order.
    pub hills: Vec<Hill>,
    hill_at: Vec<u32>,
    /// Food gathered and not yet spawned, a player.
    pub hive: Vec<i64>,
    /// The hive after each turn, a player.
    pub hive_history: Vec<Vec<i64>>,
    /// Scores.
    pub score: Vec<i32>,
    /// The lone survivor's bonus, once the game is over.
    pub bonus: Vec<i32>,
    /// The score after each turn, a player.
    pub score_history: Vec<Vec<i32>>,
    /// Players the engine has put out of the game (crashed, timed out).
    pub killed: Vec<bool>,
    /// Why the game ended, once it has.
    pub cutoff: Option<String>,
    cutoff_bot: i32,
    cutoff_turns: u32,
    hill_kill: bool,
    winning_bot: Option<Vec<usize>>,
    /// The turn the current leaders took the lead.
    pub winning_turn: u32,
    ranking_bots: Option<Vec<usize>>,
    /// The turn the ranking last changed.
    pub ranking_turn: u32,
    orders: Vec<Vec<(Square, Direction)>>,
    attack_range: Around,
    spawn_range: Around,
    food_source: FoodSource,
}

/// Offsets within a squared radius, as the official `neighbourhood_offsets` lists them (the
/// centre left out), each as a non-negative step modulo the board.
fn offsets(radius2: u32, rows: usize, cols: usize) -> Vec<(usize, usize)> {
    let mx = (radius2 as f64).sqrt() as i64;
    let mut list = Vec::new();
    for dr in -mx..=mx {
        for dc in -mx..=mx {
            let d = dr * dr + dc * dc;
            if 0 < d && d <= radius2 as i64 {
                list.push((dr.rem_euclid(rows as i64) as usize, dc.rem_euclid(cols as i64) as usize));
            }
        }
    }
    list
}

impl Game {
    /// A new game on `map`: one ant on every hill, scores at the number of player 0's hills.
    pub fn new(map: &Map, settings: Settings, food_source: FoodSource) -> Game {
        let (rows, cols, players) = (map.rows, map.cols, map.players);
        let mut grid = vec![LAND; rows * cols];
        for (square, &water) in map.water.iter().enumerate() {
            if water {
                grid[square] = WATER;
            }
        }
        let hills_of_first = map.hills.iter().filter(|(_, owner)| *owner == 0).count() as i32;
        let mut game = Game {
            rows,
            cols,
            players,
            attack_range: Around::new(offsets(settings.attackradius2, rows, cols), rows, cols),
            spawn_range: Around::new(offsets(settings.spawnradius2, rows, cols), rows, cols),
            settings,
            map: map.clone(),
            turn: 0,
            grid,
            ant_at: vec![NONE; rows * cols],
            ants: Vec::new(),
            current: Vec::new(),
            killed_this_turn: Vec::new(),
            food: Vec::new(),
            food_at: vec![NONE; rows * cols],
            on_board: Vec::new(),
            food_changes: 0,
            ant_count: vec![0; players],
            stamp: vec![0; rows * cols],
            stamp_now: 0,
            order_at: vec![0; rows * cols],
            slot_of: vec![NONE; rows * cols],
            hills: Vec::new(),
            hill_at: vec![NONE; rows * cols],
            hive: vec![0; players],
            hive_history: vec![vec![0]; players],
            score: vec![hills_of_first; players],
            bonus: vec![0; players],
            score_history: vec![vec![hills_of_first]; players],
            killed: vec![false; players],
            cutoff: None,
            cutoff_bot: LAND as i32,
            cutoff_turns: 0,
            hill_kill: false,
            winning_bot: None,
            winning_turn: 0,
            ranking_bots: None,
            ranking_turn: 0,
            orders: vec![Vec::new(); players],
            food_source,
        };
        for &(square, owner) in &map.hills {
            game.hill_at[square] = game.hills.len() as u32;
            game.hills.push(Hill {
                at: square,
                owner,
                end_turn: None,
                razed_by: None,
                raze_points: false,
                last_touched: 0,
            });
            game.add_ant(game.hills.len() - 1);
        }
        game
    }

    /// What the square holds: an ant's owner, [`LAND`], [`FOOD`] or [`WATER`].
    pub fn square(&self, square: Square) -> i8 {
        self.grid[square]
    }

    /// The living ant on a square.
    pub fn ant_on(&self, square: Square) -> Option<&Ant> {
        let id = self.ant_at[square];
        (id != NONE).then(|| &self.ants[id as usize])
    }

    /// The hill on a square.
    pub fn hill_on(&self, square: Square) -> Option<&Hill> {
        let id = self.hill_at[square];
        (id != NONE).then(|| &self.hills[id as usize])
    }

    /// The living ants' indices into [`Game::ants`].
    pub fn living(&self) -> &[u32] {
        &self.current
    }

    /// Indices of the food on the board.
    pub fn food_on_board(&self) -> impl Iterator<Item = &Food> {
        self.on_board.iter().map(|&id| &self.food[id as usize])
    }

    /// The square one step from `square`.
    pub fn step(&self, square: Square, direction: Direction) -> Square {
        let (rows, cols) = (self.rows, self.cols);
        let (r, c) = (square / cols, square % cols);
        match direction {
            Direction::North => wrap(r + rows - 1, rows) * cols + c,
            Direction::South => wrap(r + 1, rows) * cols + c,
            Direction::East => r * cols + wrap(c + 1, cols),
            Direction::West => r * cols + wrap(c + cols - 1, cols),
        }
    }

    fn add_ant(&mut self, hill: usize) {
        let (square, owner) = (self.hills[hill].at, self.hills[hill].owner);
        self.ant_count[owner] += 1;
        self.grid[square] = owner as i8;
        self.ant_at[square] = self.ants.len() as u32;
        self.current.push(self.ants.len() as u32);
        self.ants.push(Ant {
            start: square,
            at: square,
            owner,
            spawn_turn: self.turn,
            death_turn: None,
            moves: Vec::new(),
            last_move: 0,
        });
        self.hills[hill].last_touched = self.turn;
    }

    /// Places food on a square of land; false (and nothing placed) when it is not land.
    pub fn add_food(&mut self, square: Square) -> bool {
        if self.grid[square] != LAND {
            return false;
        }
        self.grid[square] = FOOD;
        self.food_at[square] = self.food.len() as u32;
        self.on_board.push(self.food.len() as u32);
        self.food_changes += 1;
        self.food.push(Food { at: square, start_turn: self.turn, end_turn: None, owner: None });
        true
    }

    fn remove_food(&mut self, square: Square, owner: Option<usize>) {
        let id = std::mem::replace(&mut self.food_at[square], NONE) as usize;
        self.grid[square] = LAND;
        self.food[id].end_turn = Some(self.turn);
        if let Some(slot) = self.on_board.iter().position(|&f| f as usize == id) {
            self.on_board.swap_remove(slot);
            self.food_changes += 1;
        }
        if let Some(owner) = owner {
            self.food[id].owner = Some(owner);
            self.hive[owner] += 1;
        }
    }

    /// Whether a player is still in the game: not put out, and with an ant.
    pub fn is_alive(&self, player: usize) -> bool {
        !self.killed[player] && self.ant_count[player] > 0
    }

    /// A player's living ants.
    pub fn ants_of(&self, player: usize) -> u32 {
        self.ant_count[player]
    }

    fn remaining_players(&self) -> Vec<usize> {
        (0..self.players).filter(|&player| self.is_alive(player)).collect()
    }

    /// Players with a hill standing.
    fn has_hill(&self, player: usize) -> bool {
        self.hills.iter().any(|hill| hill.owner == player && hill.razed_by.is_none())
    }

    /// Puts a player out of the game (a crash or a timeout): it loses its point for every hill.
    pub fn kill_player(&mut self, player: usize) {
        self.killed[player] = true;
        for hill in &mut self.hills {
            if hill.owner == player && !hill.raze_points {
                hill.raze_points = true;
                self.score[player] += RAZE_POINTS;
            }
        }
    }

    /// Turn 0's food: some in sight of every hill, then the rest of the starting food.
    pub fn start_game(&mut self) {
        let mut source = std::mem::replace(&mut self.food_source, FoodSource::None);
        source.start(self);
        self.food_source = source;
    }

    /// Begins a turn: the turn number goes up and the last turn's orders and deaths are cleared.
    pub fn start_turn(&mut self) {
        self.turn += 1;
        self.killed_this_turn.clear();
        for orders in &mut self.orders {
            orders.clear();
        }
        self.hill_kill = false;
    }

    /// Reads and checks a player's order lines as the official engine does, and keeps the valid
    /// ones as the player's moves this turn.
    pub fn do_moves(&mut self, player: usize, lines: &[String]) -> OrderReport {
        let mut report = OrderReport::default();
        let mut parsed = Vec::new();
        for raw in lines {
            let line = raw.trim().to_lowercase();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let data: Vec<&str> = line.split_whitespace().collect();
            if data[0] != "o" {
                report.invalid.push(format!("{line} # unknown action"));
                continue;
            }
            if data.len() != 4 {
                report.invalid.push(format!("{line} # incorrectly formatted order"));
                continue;
            }
            let (Some(row), Some(col)) = (python_int(data[1]), python_int(data[2])) else {
                report.invalid.push(format!("{line} # invalid row or col"));
                continue;
            };
            let Some(direction) = (data[3].len() == 1)
                .then(|| Direction::from_letter(data[3].chars().next().unwrap_or(' ')))
                .flatten()
            else {
                report.invalid.push(format!("{line} # invalid direction"));
                continue;
            };
            parsed.push((Some(line.clone()), Order { row, col, direction }));
        }
        self.validate(player, parsed, &mut report);
        report
    }

    /// Checks orders already parsed (a built-in bot's), as [`Game::do_moves`] does lines.
    pub fn do_orders_of(&mut self, player: usize, orders: &[Order]) -> OrderReport {
        let mut report = OrderReport::default();
        let parsed = orders.iter().map(|order| (None, *order)).collect();
        self.validate(player, parsed, &mut report);
        report
    }

    /// Checks parsed orders; `line` is the order's text as the bot wrote it, `None` for a
    /// built-in bot's order (written out only when the order is refused, and not kept when
    /// valid).
    fn validate(&mut self, player: usize, parsed: Vec<(Option<String>, Order)>, report: &mut OrderReport) {
        let mut moves = Vec::new();
        self.stamp_now = self.stamp_now.wrapping_add(1);
        if self.stamp_now == 0 {
            self.stamp.fill(0);
            self.stamp_now = 1;
        }
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        for (text, order) in parsed {
            let line = || {
                text.clone()
                    .unwrap_or_else(|| format!("o {} {} {}", order.row, order.col, order.direction.letter()))
            };
            // Python indexes from the end for -rows..-1; anything else off the board raises.
            let index = |value: i64, size: i64| -> Option<i64> {
                if (0..size).contains(&value) {
                    Some(value)
                } else if (-size..0).contains(&value) {
                    Some(value + size)
                } else {
                    None
                }
            };
            let (Some(row), Some(col)) = (index(order.row, rows), index(order.col, cols)) else {
                report.invalid.push(format!("{} # out of bounds", line()));
                continue;
            };
            let square = (row * cols + col) as Square;
            // Only valid orders are remembered, and they are all on the board.
            if order.row >= 0 && order.col >= 0 && self.stamp[square] == self.stamp_now {
                report.invalid.push(format!("{} # duplicate order", line()));
                continue;
            }
            if self.grid[square] != player as i8 {
                report.invalid.push(format!("{} # not player ant", line()));
                continue;
            }
            if order.row < 0 || order.col < 0 {
                report.invalid.push(format!("{} # out of bounds", line()));
                continue;
            }
            let destination = self.step(square, order.direction);
            if matches!(self.grid[destination], FOOD | WATER) {
                report.ignored.push(format!("{} # move blocked", line()));
                continue;
            }
            moves.push((square, order.direction));
            if let Some(text) = text {
                report.valid.push(text);
            }
            self.stamp[square] = self.stamp_now;
        }
        self.orders[player] = moves;
    }

    /// Ends the turn: moves, attack, raze, spawn, gather, food, histories, cutoff.
    pub fn finish_turn(&mut self) {
        self.do_orders();
        self.do_attack();
        self.do_raze_hills();
        self.do_spawn();
        self.do_gather();
        let mut source = std::mem::replace(&mut self.food_source, FoodSource::None);
        source.turn(self);
        self.food_source = source;
        for player in 0..self.players {
            let alive = self.is_alive(player);
            let score = self.score[player];
            record(&mut self.score_history[player], score, alive, self.turn);
            let hive = self.hive[player];
            record(&mut self.hive_history[player], hive, alive, self.turn);
        }
        self.update_cutoff();
        self.calc_significant_turns();
    }

    fn do_orders(&mut self) {
        // Each ordered square's direction (1 + its place in Direction::ALL), read and cleared
        // as its ant moves.
        for orders in &self.orders {
            for &(square, dir) in orders {
                self.order_at[square] = 1 + dir as u8;
            }
        }
        for &id in &self.current {
            let at = self.ants[id as usize].at;
            self.grid[at] = LAND;
            self.ant_at[at] = NONE;
        }
        // Move every ant, then the ants alone on their square survive.
        let living = std::mem::take(&mut self.current);
        for &id in &living {
            let ant = &self.ants[id as usize];
            let order = std::mem::take(&mut self.order_at[ant.at]);
            let (at, letter) = match order.checked_sub(1) {
                Some(index) => {
                    let dir = Direction::ALL[index as usize];
                    (self.step(ant.at, dir), dir.letter() as u8)
                }
                None => (ant.at, b'-'),
            };
            let ant = &mut self.ants[id as usize];
            ant.at = at;
            ant.moves.push(letter);
            ant.last_move = letter;
            self.ant_at[at] = if self.ant_at[at] == NONE { id } else { NONE - 1 };
        }
        let mut colliding = Vec::new();
        for &id in &living {
            let at = self.ants[id as usize].at;
            if self.ant_at[at] == id {
                self.current.push(id);
            } else {
                colliding.push(id);
            }
        }
        for &id in &colliding {
            let at = self.ants[id as usize].at;
            self.ant_at[at] = NONE;
        }
        for id in colliding {
            self.kill_ant(id);
        }
        for &id in &self.current {
            let ant = &self.ants[id as usize];
            self.grid[ant.at] = ant.owner as i8;
        }
    }

    fn kill_ant(&mut self, id: u32) {
        let at = self.ants[id as usize].at;
        self.ant_count[self.ants[id as usize].owner] -= 1;
        if self.ant_at[at] == id {
            self.grid[at] = LAND;
            self.ant_at[at] = NONE;
        } else if self.ant_at[at] == NONE {
            self.grid[at] = LAND;
        }
        self.killed_this_turn.push(id);
        self.ants[id as usize].death_turn = Some(self.turn);
        let hill = self.hill_at[at];
        if hill != NONE {
            let hill = &self.hills[hill as usize];
            if hill.owner as i32 != self.cutoff_bot && hill.razed_by.is_none() {
                self.hill_kill = true;
            }
        }
    }

    fn enemies_near(&self, at: Square, owner: usize) -> usize {
        let mut count = 0;
        self.attack_range.each(at, |square| {
            let value = self.grid[square];
            count += usize::from(value >= 0 && value as usize != owner);
        });
        count
    }

    /// The focus rule: an ant dies when some enemy in range has as many enemies in range as it
    /// has, or fewer.
    fn do_attack(&mut self) {
        let weakness: Vec<usize> = self
            .current
            .iter()
            .map(|&id| {
                let ant = &self.ants[id as usize];
                self.enemies_near(ant.at, ant.owner)
            })
            .collect();
        let mut indexed = false;
        let mut doomed = Vec::new();
        for (slot, &id) in self.current.iter().enumerate() {
            if weakness[slot] == 0 {
                continue;
            }
            if !indexed {
                // Only squares with an ant are read, so the table needs no clearing.
                indexed = true;
                for (slot, &id) in self.current.iter().enumerate() {
                    self.slot_of[self.ants[id as usize].at] = slot as u32;
                }
            }
            let ant = &self.ants[id as usize];
            let mut min_enemy = usize::MAX;
            self.attack_range.each(ant.at, |square| {
                let value = self.grid[square];
                if value >= 0 && value as usize != ant.owner {
                    min_enemy = min_enemy.min(weakness[self.slot_of[square] as usize]);
                }
            });
            if min_enemy <= weakness[slot] {
                doomed.push(id);
            }
        }
        if doomed.is_empty() {
            return;
        }
        for &id in &doomed {
            self.kill_ant(id);
        }
        self.current.retain(|&id| self.ants[id as usize].death_turn.is_none());
    }

    fn do_raze_hills(&mut self) {
        for index in 0..self.hills.len() {
            let at = self.hills[index].at;
            let id = self.ant_at[at];
            if id == NONE {
                continue;
            }
            let ant_owner = self.ants[id as usize].owner;
            if ant_owner == self.hills[index].owner {
                self.hills[index].last_touched = self.turn;
            } else if self.hills[index].razed_by.is_none() {
                let hill = &mut self.hills[index];
                hill.end_turn = Some(self.turn);
                hill.razed_by = Some(ant_owner);
                self.score[ant_owner] += HILL_POINTS;
                if !hill.raze_points {
                    hill.raze_points = true;
                    self.score[hill.owner] += RAZE_POINTS;
                }
                self.cutoff_turns = 0;
            }
        }
    }

    fn do_spawn(&mut self) {
        let mut source = std::mem::replace(&mut self.food_source, FoodSource::None);
        for player in 0..self.players {
            let mut hills: Vec<usize> = (0..self.hills.len())
                .filter(|&index| self.hills[index].owner == player && self.hills[index].razed_by.is_none())
                .collect();
            if hills.is_empty() {
                continue;
            }
            let keys: Vec<(u32, u64)> = hills
                .iter()
                .map(|&index| (self.hills[index].last_touched, source.spawn_key(self, index)))
                .collect();
            let mut order: Vec<usize> = (0..hills.len()).collect();
            order.sort_by_key(|&slot| keys[slot]);
            hills = order.into_iter().map(|slot| hills[slot]).collect();
            for hill in hills {
                if self.hive[player] > 0 && self.ant_at[self.hills[hill].at] == NONE {
                    self.hive[player] -= 1;
                    self.add_ant(hill);
                }
            }
        }
        self.food_source = source;
    }

    fn do_gather(&mut self) {
        let on_board: Vec<Square> = self.on_board.iter().map(|&id| self.food[id as usize].at).collect();
        for at in on_board {
            let mut owners = 0u16;
            self.spawn_range.each(at, |square| {
                let value = self.grid[square];
                if value >= 0 {
                    owners |= 1 << value;
                }
            });
            match owners.count_ones() {
                0 => {}
                1 => self.remove_food(at, Some(owners.trailing_zeros() as usize)),
                _ => self.remove_food(at, None),
            }
        }
    }

    fn update_cutoff(&mut self) {
        let mut count = vec![0i64; self.players];
        for &id in &self.current {
            count[self.ants[id as usize].owner] += 1;
        }
        for hill in &self.hills {
            if hill.razed_by.is_none() {
                count[hill.owner] += self.hive[hill.owner];
            }
        }
        let food = self.on_board.len() as i64;
        let total = (count.iter().sum::<i64>() + food) as f64;
        let leader = (0..self.players)
            .map(|player| (player as i32, count[player]))
            .chain(std::iter::once((FOOD as i32, food)))
            .find(|&(_, value)| value as f64 >= total * self.settings.cutoff_percent);
        match leader {
            Some((owner, _)) if owner == self.cutoff_bot => {
                if !self.hill_kill {
                    self.cutoff_turns += 1;
                }
            }
            Some((owner, _)) => {
                self.cutoff_bot = owner;
                self.cutoff_turns = 1;
            }
            None => {
                self.cutoff_bot = LAND as i32;
                self.cutoff_turns = 0;
            }
        }
    }

    fn calc_significant_turns(&mut self) {
        let ranking: Vec<usize> =
            self.score.iter().map(|s| self.score.iter().filter(|other| *other > s).count()).collect();
        if self.ranking_bots.as_ref() != Some(&ranking) {
            self.ranking_turn = self.turn;
        }
        self.ranking_bots = Some(ranking);
        let best = self.score.iter().copied().max().unwrap_or(0);
        let winning: Vec<usize> = (0..self.players).filter(|&p| self.score[p] == best).collect();
        if self.winning_bot.as_ref() != Some(&winning) {
            self.winning_turn = self.turn;
        }
        self.winning_bot = Some(winning);
    }

    fn is_rank_stabilized(&self) -> bool {
        for player in 0..self.players {
            if !(self.is_alive(player) && self.has_hill(player)) {
                continue;
            }
            let standing = |owner_is: &dyn Fn(usize) -> bool| {
                self.hills.iter().filter(|hill| hill.razed_by.is_none() && owner_is(hill.owner)).count()
                    as i32
            };
            let max_score = HILL_POINTS * standing(&|owner| owner != player) + self.score[player];
            for opponent in (0..self.players).filter(|&o| o != player) {
                let min_score = RAZE_POINTS * standing(&|owner| owner == opponent) + self.score[opponent];
                let (mine, theirs) = (self.score[player], self.score[opponent]);
                if (mine < theirs && max_score >= min_score) || (mine == theirs && max_score > min_score) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether the game is over, recording why.
    pub fn game_over(&mut self) -> bool {
        let remaining = self.remaining_players().len();
        let reason = if remaining == 0 {
            "extermination"
        } else if remaining == 1 {
            "lone survivor"
        } else if self.cutoff_turns >= self.settings.cutoff_turn {
            if self.cutoff_bot == FOOD as i32 { "food not being gathered" } else { "ants not razing hills" }
        } else if self.is_rank_stabilized() {
            "rank stabilized"
        } else {
            return false;
        };
        self.cutoff = Some(reason.to_string());
        true
    }

    /// Ends the game: a lone survivor takes every standing hill (2 points each, 1 off each
    /// owner that still had its point), and the bonus is added to the scores.
    pub fn finish_game(&mut self) {
        let remaining = self.remaining_players();
        if let [winner] = remaining[..] {
            for hill in &mut self.hills {
                if hill.owner != winner {
                    if hill.razed_by.is_none() {
                        self.bonus[winner] += HILL_POINTS;
                        hill.razed_by = Some(winner);
                    }
                    if !hill.raze_points {
                        self.bonus[hill.owner] += RAZE_POINTS;
                        hill.raze_points = true;
                    }
                }
            }
            for player in 0..self.players {
                self.score[player] += self.bonus[player];
            }
        }
        self.calc_significant_turns();
        if self.cutoff.is_none() {
            self.cutoff = Some("turn limit reached".into());
        }
    }
}

/// `value` brought below `size`, for a value below twice `size`.
#[inline]
pub(crate) fn wrap(value: usize, size: usize) -> usize {
    if value >= size { value - size } else { value }
}

fn record<T: Copy + PartialEq>(history: &mut Vec<T>, value: T, alive: bool, turn: u32) {
    if alive {
        history.push(value);
    } else if let Some(&last) = history.last()
        && value != last
    {
        let length = history.len();
        history.extend(std::iter::repeat_n(last, (turn as usize).saturating_sub(length)));
        history.push(value);
    }
}

/// A whole number as Python's `int()` reads one: optional sign, digits, single underscores
/// between digits, surrounding spaces.
fn python_int(text: &str) -> Option<i64> {
    let text = text.trim();
    let (sign, digits) = match text.as_bytes().first()? {
        b'-' => (-1, &text[1..]),
        b'+' => (1, &text[1..]),
        _ => (1, text),
    };
    if digits.is_empty() || digits.starts_with('_') || digits.ends_with('_') || digits.contains("__") {
        return None;
    }
    let cleaned: String = digits.chars().filter(|&c| c != '_').collect();
    if !cleaned.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    cleaned.parse::<i64>().ok().map(|value| sign * value)
}
