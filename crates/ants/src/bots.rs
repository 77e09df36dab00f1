//! Curio's own bots, playing in process from the view a protocol bot is sent.
//!
//! - `hold`: never moves (a target, and the official HoldBot's behaviour).
//! - `random`: each ant a random free step, no two ants onto one square.
//! - `greedy`: each food claimed by its nearest ant by breadth-first search, the rest explore.
//! - `curio` (the strong one): remembers the map it has seen; fights only where it outnumbers
//!   the enemy locally (an estimate of the focus rule one move ahead), and otherwise steps out
//!   of reach; sends ants to defend its hills; claims food by a search from every food at once
//!   (each food's nearest free ant); razes every enemy hill it knows with the nearest half of its free ants;
//!   and sends the rest towards the squares it has not seen for longest, spread out. It never
//!   leaves an ant on its own hill, so spawns are never blocked.

use crate::game::{Direction, Order};
use crate::play::Bot;
use crate::view::{Setup, State};
use rand::{RngExt, SeedableRng};
use std::collections::VecDeque;

/// The names of the built-in bots, strongest last.
pub const NAMES: [&str; 4] = ["hold", "random", "greedy", "curio"];

/// A built-in bot by name.
pub fn builtin(name: &str) -> Option<Box<dyn Bot>> {
    match name {
        "hold" => Some(Box::new(Hold)),
        "random" => Some(Box::new(Random::default())),
        "greedy" => Some(Box::new(Strategy::new(false))),
        "curio" => Some(Box::new(Strategy::new(true))),
        _ => None,
    }
}

struct Hold;

impl Bot for Hold {
    fn setup(&mut self, _setup: &Setup) {}
    fn turn(&mut self, _state: &State) -> Vec<Order> {
        Vec::new()
    }
}

/// What a bot knows of the map: the board's size, the water it has seen, when it last saw each
/// square, the hills it has seen standing.
#[derive(Default)]
struct Knowledge {
    rows: usize,
    cols: usize,
    water: Vec<bool>,
    last_seen: Vec<u32>,
    enemy_hills: Vec<usize>,
    own_hills: Vec<usize>,
    view_offsets: Vec<(usize, usize)>,
    attack_offsets: Vec<(usize, usize)>,
}

impl Knowledge {
    fn setup(&mut self, setup: &Setup) {
        let (rows, cols) = (setup.rows, setup.cols);
        *self = Knowledge {
            rows,
            cols,
            water: vec![false; rows * cols],
            last_seen: vec![0; rows * cols],
            ..Knowledge::default()
        };
        self.view_offsets = crate::rules::disc(setup.viewradius2, rows, cols);
        self.attack_offsets = crate::rules::disc(setup.attackradius2, rows, cols);
    }

    fn square(&self, row: usize, col: usize) -> usize {
        row * self.cols + col
    }

    fn step(&self, square: usize, direction: Direction) -> usize {
        let (dr, dc) = direction.offset();
        let row = ((square / self.cols) as isize + dr).rem_euclid(self.rows as isize) as usize;
        let col = ((square % self.cols) as isize + dc).rem_euclid(self.cols as isize) as usize;
        row * self.cols + col
    }

    fn shifted(&self, square: usize, (dr, dc): (usize, usize)) -> usize {
        ((square / self.cols + dr) % self.rows) * self.cols + (square % self.cols + dc) % self.cols
    }

    fn update(&mut self, state: &State) -> Vec<bool> {
        for &(r, c) in &state.water {
            let square = self.square(r, c);
            self.water[square] = true;
        }
        let mut visible = vec![false; self.rows * self.cols];
        for &(r, c, owner) in &state.ants {
            if owner == 0 {
                let at = self.square(r, c);
                for &offset in &self.view_offsets {
                    visible[self.shifted(at, offset)] = true;
                }
            }
        }
        for (square, &seen) in visible.iter().enumerate() {
            if seen {
                self.last_seen[square] = state.turn;
            }
        }
        let hills_now: Vec<(usize, usize)> =
            state.hills.iter().map(|&(r, c, o)| (self.square(r, c), o)).collect();
        // A remembered hill in sight but not listed has been razed.
        self.enemy_hills.retain(|&hill| !visible[hill] || hills_now.iter().any(|h| h.0 == hill));
        self.own_hills.retain(|&hill| !visible[hill] || hills_now.iter().any(|h| h.0 == hill));
        for &(square, owner) in &hills_now {
            let list = if owner == 0 { &mut self.own_hills } else { &mut self.enemy_hills };
            if !list.contains(&square) {
                list.push(square);
            }
        }
        visible
    }

    /// Breadth-first distances from `sources` over squares not known to be water, up to
    /// `limit` steps (`u32::MAX` beyond).
    fn distances(&self, sources: &[usize], limit: u32) -> Vec<u32> {
        let mut distance = vec![u32::MAX; self.rows * self.cols];
        let mut queue = VecDeque::new();
        for &source in sources {
            if distance[source] == u32::MAX {
                distance[source] = 0;
                queue.push_back(source);
            }
        }
        while let Some(square) = queue.pop_front() {
            let next = distance[square] + 1;
            if next > limit {
                continue;
            }
            for direction in Direction::ALL {
                let neighbour = self.step(square, direction);
                if !self.water[neighbour] && distance[neighbour] == u32::MAX {
                    distance[neighbour] = next;
                    queue.push_back(neighbour);
                }
            }
        }
        distance
    }
}

#[derive(Default)]
struct Random {
    rng: Option<rand_pcg::Pcg64Mcg>,
    knowledge: Knowledge,
}

impl Bot for Random {
    fn setup(&mut self, setup: &Setup) {
        self.knowledge.setup(setup);
        self.rng = Some(rand_pcg::Pcg64Mcg::seed_from_u64(setup.player_seed as u64));
    }

    fn turn(&mut self, state: &State) -> Vec<Order> {
        self.knowledge.update(state);
        let k = &self.knowledge;
        let Some(rng) = self.rng.as_mut() else { return Vec::new() };
        let mut taken: Vec<usize> =
            state.ants.iter().filter(|a| a.2 == 0).map(|&(r, c, _)| k.square(r, c)).collect();
        let food: Vec<usize> = state.food.iter().map(|&(r, c)| k.square(r, c)).collect();
        let mut orders = Vec::new();
        for &(r, c, owner) in &state.ants {
            if owner != 0 {
                continue;
            }
            let at = k.square(r, c);
            let mut directions = Direction::ALL;
            for i in (1..4).rev() {
                directions.swap(i, rng.random_range(0..=i));
            }
            for direction in directions {
                let to = k.step(at, direction);
                if !k.water[to] && !food.contains(&to) && !taken.contains(&to) {
                    taken.retain(|&s| s != at);
                    taken.push(to);
                    orders.push(Order { row: r as i64, col: c as i64, direction });
                    break;
                }
            }
        }
        orders
    }
}

/// The greedy and the strong bot: one planner, the strong one with fights, defence and hills.
struct Strategy {
    strong: bool,
    knowledge: Knowledge,
    rng: rand_pcg::Pcg64Mcg,
}

impl Strategy {
    fn new(strong: bool) -> Strategy {
        Strategy { strong, knowledge: Knowledge::default(), rng: rand_pcg::Pcg64Mcg::seed_from_u64(1) }
    }
}

/// One turn's plan: where each own ant goes, squares taken next turn.
struct Plan<'a> {
    k: &'a Knowledge,
    ants: Vec<usize>,
    moved: Vec<Option<usize>>,
    occupied: Vec<bool>,
    blocked: Vec<bool>,
    orders: Vec<Order>,
}

impl Plan<'_> {
    fn is_free(&self, ant: usize) -> bool {
        self.moved[ant].is_none()
    }

    /// Moves ant `ant` to `to` (a neighbour or its own square) if no other ant goes there.
    fn go(&mut self, ant: usize, to: usize) -> bool {
        let at = self.ants[ant];
        if to == at {
            self.moved[ant] = Some(at);
            return true;
        }
        if self.occupied[to] || self.blocked[to] {
            return false;
        }
        let Some(direction) = Direction::ALL.into_iter().find(|&d| self.k.step(at, d) == to) else {
            return false;
        };
        self.occupied[at] = false;
        self.occupied[to] = true;
        self.moved[ant] = Some(to);
        self.orders.push(Order { row: (at / self.k.cols) as i64, col: (at % self.k.cols) as i64, direction });
        true
    }

    /// Moves ant `ant` one step down the distance map, preferring squares `score` rates lower;
    /// false when no step goes down.
    fn descend(&mut self, ant: usize, distance: &[u32], safe: &dyn Fn(usize) -> bool) -> bool {
        let at = self.ants[ant];
        let here = distance[at];
        if here == u32::MAX {
            return false;
        }
        let mut steps: Vec<usize> = Direction::ALL
            .iter()
            .map(|&d| self.k.step(at, d))
            .filter(|&to| distance[to] < here && safe(to))
            .collect();
        steps.sort_by_key(|&to| distance[to]);
        steps.into_iter().any(|to| self.go(ant, to))
    }
}

impl Bot for Strategy {
    fn setup(&mut self, setup: &Setup) {
        self.knowledge.setup(setup);
        self.rng = rand_pcg::Pcg64Mcg::seed_from_u64(setup.player_seed as u64 ^ 0x5eed);
    }

    fn turn(&mut self, state: &State) -> Vec<Order> {
        if self.knowledge.rows == 0 {
            return Vec::new();
        }
        let visible = self.knowledge.update(state);
        let k = &self.knowledge;
        let area = k.rows * k.cols;
        let ants: Vec<usize> =
            state.ants.iter().filter(|a| a.2 == 0).map(|&(r, c, _)| k.square(r, c)).collect();
        let enemies: Vec<usize> =
            state.ants.iter().filter(|a| a.2 != 0).map(|&(r, c, _)| k.square(r, c)).collect();
        let food: Vec<usize> = state.food.iter().map(|&(r, c)| k.square(r, c)).collect();
        let mut blocked = k.water.clone();
        for &f in &food {
            blocked[f] = true;
        }
        let mut occupied = vec![false; area];
        for &a in &ants {
            occupied[a] = true;
        }
        let mut plan = Plan {
            k,
            moved: vec![None; ants.len()],
            ants: ants.clone(),
            occupied,
            blocked,
            orders: Vec::new(),
        };

        // Threat: how many enemies could attack each square next turn, and how many of ours
        // could attack each enemy's possible squares.
        let mut threat = vec![0u16; area];
        let mut support = vec![0u16; area];
        if self.strong && !enemies.is_empty() {
            let reach = |from: usize, counts: &mut Vec<u16>| {
                let mut marked: Vec<usize> = Vec::new();
                for to in std::iter::once(from).chain(Direction::ALL.iter().map(|&d| k.step(from, d))) {
                    if k.water[to] {
                        continue;
                    }
                    for &offset in &k.attack_offsets {
                        let square = k.shifted(to, offset);
                        if !marked.contains(&square) {
                            marked.push(square);
                            counts[square] += 1;
                        }
                    }
                }
            };
            for &e in &enemies {
                reach(e, &mut threat);
            }
            for &a in &ants {
                reach(a, &mut support);
            }
        }
        let safe_for = |to: usize| -> bool { threat[to] == 0 || support[to] > threat[to] + 1 };

        // Fights: ants in reach of enemies attack where we outnumber them, otherwise step back.
        if self.strong && !enemies.is_empty() {
            let enemy_distance = k.distances(&enemies, 12);
            let mut order: Vec<usize> = (0..ants.len()).filter(|&i| enemy_distance[ants[i]] <= 4).collect();
            order.sort_by_key(|&i| enemy_distance[ants[i]]);
            for i in order {
                let at = ants[i];
                let stronger = support[at] > threat[at] + 1;
                if stronger {
                    // Close in.
                    let _ = plan.descend(i, &enemy_distance, &|_| true);
                } else if threat[at] > 0 {
                    // Step to the least threatened square.
                    let mut options: Vec<usize> = std::iter::once(at)
                        .chain(Direction::ALL.iter().map(|&d| k.step(at, d)))
                        .filter(|&to| !k.water[to])
                        .collect();
                    options.sort_by_key(|&to| {
                        (threat[to] as i32 - support[to] as i32, u32::MAX - enemy_distance[to].min(99))
                    });
                    for to in options {
                        if plan.go(i, to) {
                            break;
                        }
                    }
                }
            }
        }

        // Defence: enemies near our hills draw our nearest ants.
        if self.strong && !k.own_hills.is_empty() {
            let hill_distance = k.distances(&k.own_hills, 12);
            let raiders: Vec<usize> = enemies.iter().copied().filter(|&e| hill_distance[e] <= 10).collect();
            if !raiders.is_empty() {
                let to_raiders = k.distances(&raiders, 20);
                let mut defenders: Vec<usize> =
                    (0..ants.len()).filter(|&i| plan.is_free(i) && to_raiders[ants[i]] <= 20).collect();
                defenders.sort_by_key(|&i| to_raiders[ants[i]]);
                for i in defenders.into_iter().take(raiders.len() * 2) {
                    let _ = plan.descend(i, &to_raiders, &safe_for);
                }
            }
        }

        // Food: each food's nearest free ant.
        let mut foods: Vec<usize> = food.clone();
        foods.sort_unstable();
        let mut claims: Vec<(u32, usize, usize)> = Vec::new();
        for &f in &foods {
            let distance = k.distances(&[f], 30);
            if let Some((d, i)) = (0..ants.len())
                .filter(|&i| plan.is_free(i))
                .map(|i| (distance[ants[i]], i))
                .filter(|(d, _)| *d != u32::MAX)
                .min()
            {
                claims.push((d, f, i));
            }
        }
        claims.sort_unstable();
        let mut claimed_food = Vec::new();
        for (_, f, i) in claims {
            if claimed_food.contains(&f) || !plan.is_free(i) {
                continue;
            }
            let distance = k.distances(&[f], 30);
            if distance[ants[i]] == 1 {
                // Next to it: it is gathered where the ant stands.
                plan.moved[i] = Some(ants[i]);
                claimed_food.push(f);
                continue;
            }
            if plan.descend(i, &distance, &|to| !self.strong || safe_for(to)) {
                claimed_food.push(f);
            }
        }

        // Enemy hills: ants within reach go for them.
        if self.strong && !k.enemy_hills.is_empty() {
            let hill_distance = k.distances(&k.enemy_hills, (k.rows + k.cols) as u32);
            let mut raiders: Vec<usize> =
                (0..ants.len()).filter(|&i| plan.is_free(i) && hill_distance[ants[i]] != u32::MAX).collect();
            raiders.sort_by_key(|&i| hill_distance[ants[i]]);
            // Half the free ants, the nearest: the rest keep gathering and exploring.
            let count = raiders.len() / 2;
            for i in raiders.into_iter().take(count.max(1)) {
                let _ = plan.descend(i, &hill_distance, &safe_for);
            }
        }

        // Exploration: towards the squares unseen longest, spread out.
        let turn = state.turn;
        let stale: Vec<usize> = (0..area)
            .filter(|&s| {
                !k.water[s]
                    && !visible[s]
                    && (turn.saturating_sub(k.last_seen[s]) > 10 || k.last_seen[s] == 0)
            })
            .collect();
        let explore =
            if stale.is_empty() { None } else { Some(k.distances(&stale, (k.rows + k.cols) as u32)) };
        let mut free: Vec<usize> = (0..ants.len()).filter(|&i| plan.is_free(i)).collect();
        for i in (1..free.len()).rev() {
            free.swap(i, self.rng.random_range(0..=i));
        }
        for i in free {
            if let Some(distance) = &explore
                && plan.descend(i, distance, &|to| !self.strong || safe_for(to))
            {
                continue;
            }
            // Nothing to go to: a random step (always off our own hill).
            let at = ants[i];
            let mut directions = Direction::ALL;
            for j in (1..4).rev() {
                directions.swap(j, self.rng.random_range(0..=j));
            }
            let on_hill = k.own_hills.contains(&at);
            if on_hill || self.rng.random_bool(0.5) {
                for direction in directions {
                    if plan.go(i, k.step(at, direction)) {
                        break;
                    }
                }
            }
        }
        // Ants still on our hills step off so that the hill can spawn.
        for (i, &at) in ants.iter().enumerate() {
            if plan.moved[i].is_none_or(|to| to == at) && k.own_hills.contains(&at) {
                for direction in Direction::ALL {
                    let to = k.step(at, direction);
                    if (!self.strong || safe_for(to)) && plan.go(i, to) {
                        break;
                    }
                }
            }
        }
        plan.orders
    }
}
