//! Curio's own bots, playing in process from the view a protocol bot is sent.
//!
//! - `hold`: never moves (a target, and the official HoldBot's behaviour).
//! - `random`: each ant a random free step, no two ants onto one square.
//! - `greedy`: each food claimed by its nearest ant by breadth-first search, the rest explore.
//! - `curio` (the strong one): remembers the map it has seen; resolves each battle by a search
//!   of its ants' moves against the enemies' likely answers, the focus rule played out on each
//!   (`search_battle`), and in battles too large for it fights only where it outnumbers the
//!   enemy locally and otherwise steps out of reach; sends ants to defend its hills; claims food by a search from every food at once
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
    attackradius2: usize,
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
        self.attackradius2 = setup.attackradius2 as usize;
    }

    /// The squared distance between squares `a` and `b`.
    fn distance2(&self, a: usize, b: usize) -> usize {
        let cols = self.cols;
        crate::rules::distance2((a / cols, a % cols), (b / cols, b % cols), self.rows, cols)
    }

    /// Whether ants on squares `a` and `b` are in attack range of each other.
    fn in_range(&self, a: usize, b: usize) -> bool {
        self.distance2(a, b) <= self.attackradius2
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

    /// Moves ant `ant` one step down the distance map to a square `safe` accepts, the lowest
    /// first; false when no step goes down.
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

/// The most ants of each side one battle search takes; larger fights fall back to the threat
/// heuristic.
const BATTLE_LIMIT: usize = 10;

/// The focus rule on one battle, every enemy taken as one side: how many of `ours` and of
/// `theirs` die.
fn battle_deaths(k: &Knowledge, ours: &[usize], theirs: &[usize]) -> (usize, usize) {
    let weak_ours: Vec<usize> =
        ours.iter().map(|&a| theirs.iter().filter(|&&e| k.in_range(a, e)).count()).collect();
    let weak_theirs: Vec<usize> =
        theirs.iter().map(|&e| ours.iter().filter(|&&a| k.in_range(a, e)).count()).collect();
    let ours_dead = (0..ours.len())
        .filter(|&i| {
            weak_ours[i] > 0
                && (0..theirs.len()).any(|j| k.in_range(ours[i], theirs[j]) && weak_theirs[j] <= weak_ours[i])
        })
        .count();
    let theirs_dead = (0..theirs.len())
        .filter(|&j| {
            weak_theirs[j] > 0
                && (0..ours.len()).any(|i| k.in_range(ours[i], theirs[j]) && weak_ours[i] <= weak_theirs[j])
        })
        .count();
    (ours_dead, theirs_dead)
}

/// The enemies' likely answers to a battle, from where every ant stands now (they move at the
/// same time as ours): all stay, each steps towards our nearest ant, each steps away from it.
fn enemy_answers(k: &Knowledge, ours: &[usize], theirs: &[usize], blocked: &[bool]) -> Vec<Vec<usize>> {
    let nearest = |square: usize| ours.iter().map(|&a| k.distance2(a, square)).min().unwrap_or(0);
    let step = |from: usize, closer: bool| {
        std::iter::once(from)
            .chain(Direction::ALL.iter().map(|&d| k.step(from, d)).filter(|&to| !blocked[to]))
            .min_by_key(|&to| if closer { nearest(to) as i64 } else { -(nearest(to) as i64) })
            .unwrap_or(from)
    };
    vec![
        theirs.to_vec(),
        theirs.iter().map(|&e| step(e, true)).collect(),
        theirs.iter().map(|&e| step(e, false)).collect(),
    ]
}

/// Battle resolution by search, as the contest's best entries fought: our ants' moves in one
/// battle are chosen together, one ant at a time, each pass keeping the move that scores best
/// against the enemies' worst answer (the focus rule played out on every answer), until no
/// single move improves. Scores: enemies killed less our losses (ours weighing a little more),
/// then, where we have more ants in the battle, closing in, and otherwise keeping away.
/// Returns each of our ants' square next turn.
fn search_battle(
    k: &Knowledge,
    ours: &[usize],
    theirs: &[usize],
    blocked: &[bool],
    occupied: &[bool],
) -> Vec<usize> {
    let answers = enemy_answers(k, ours, theirs, blocked);
    let options: Vec<Vec<usize>> = ours
        .iter()
        .map(|&a| {
            std::iter::once(a)
                .chain(Direction::ALL.iter().map(|&d| k.step(a, d)).filter(|&to| {
                    // Squares our other ants stand on are not ours to take.
                    !blocked[to] && (!occupied[to] || ours.contains(&to))
                }))
                .collect()
        })
        .collect();
    let stronger = ours.len() > theirs.len();
    let score = |choice: &[usize]| -> f64 {
        let worst = answers
            .iter()
            .map(|answer| {
                let (lost, killed) = battle_deaths(k, choice, answer);
                killed as f64 - 1.2 * lost as f64
            })
            .fold(f64::INFINITY, f64::min);
        let spread: usize =
            choice.iter().map(|&a| theirs.iter().map(|&e| k.distance2(a, e)).min().unwrap_or(0)).sum();
        let approach = if stronger { -(spread as f64) } else { spread as f64 };
        worst + 0.001 * approach
    };
    let mut choice: Vec<usize> = ours.to_vec();
    let mut best = score(&choice);
    for _ in 0..3 {
        let mut improved = false;
        for i in 0..ours.len() {
            for &to in &options[i] {
                if to == choice[i] || choice.iter().enumerate().any(|(j, &c)| j != i && c == to) {
                    continue;
                }
                let before = std::mem::replace(&mut choice[i], to);
                let value = score(&choice);
                if value > best + 1e-9 {
                    best = value;
                    improved = true;
                } else {
                    choice[i] = before;
                }
            }
        }
        if !improved {
            break;
        }
    }
    choice
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

        // Fights: the ants within three steps of an enemy, in battles (ours and theirs linked
        // by being within reach of a fight), each battle searched; the ants of battles too
        // large for the search attack where they outnumber the enemy, and otherwise step back.
        if self.strong && !enemies.is_empty() {
            let enemy_distance = k.distances(&enemies, 12);
            let fighting: Vec<usize> = (0..ants.len()).filter(|&i| enemy_distance[ants[i]] <= 3).collect();
            let close = |a: usize, b: usize| k.distance2(a, b) <= k.attackradius2 + 13;
            let foes: Vec<usize> =
                enemies.iter().copied().filter(|&e| fighting.iter().any(|&i| close(ants[i], e))).collect();
            // Battles: connected groups of our fighting ants and those enemies.
            let mut battle_of_ours = vec![usize::MAX; fighting.len()];
            let mut battle_of_foes = vec![usize::MAX; foes.len()];
            let mut battles = 0;
            for start in 0..fighting.len() {
                if battle_of_ours[start] != usize::MAX {
                    continue;
                }
                battle_of_ours[start] = battles;
                let mut stack = vec![(true, start)];
                while let Some((mine, index)) = stack.pop() {
                    let at = if mine { ants[fighting[index]] } else { foes[index] };
                    for (other, slot) in battle_of_ours.iter_mut().enumerate() {
                        if *slot == usize::MAX && !mine && close(at, ants[fighting[other]]) {
                            *slot = battles;
                            stack.push((true, other));
                        }
                    }
                    for (other, slot) in battle_of_foes.iter_mut().enumerate() {
                        if *slot == usize::MAX && mine && close(at, foes[other]) {
                            *slot = battles;
                            stack.push((false, other));
                        }
                    }
                }
                battles += 1;
            }
            let mut heuristic = Vec::new();
            for battle in 0..battles {
                let members: Vec<usize> = (0..fighting.len())
                    .filter(|&f| battle_of_ours[f] == battle)
                    .map(|f| fighting[f])
                    .collect();
                let theirs: Vec<usize> =
                    (0..foes.len()).filter(|&f| battle_of_foes[f] == battle).map(|f| foes[f]).collect();
                if theirs.is_empty() || members.len() > BATTLE_LIMIT || theirs.len() > BATTLE_LIMIT {
                    heuristic.extend(members);
                    continue;
                }
                let ours: Vec<usize> = members.iter().map(|&i| ants[i]).collect();
                let choice = search_battle(k, &ours, &theirs, &plan.blocked, &plan.occupied);
                // Moves onto squares that others of the battle leave wait for them to go; what
                // cannot move in the end stays.
                let mut pending: Vec<(usize, usize)> = members.iter().copied().zip(choice).collect();
                while !pending.is_empty() {
                    let before = pending.len();
                    pending.retain(|&(i, to)| !plan.go(i, to));
                    if pending.len() == before {
                        for &(i, _) in &pending {
                            let _ = plan.go(i, ants[i]);
                        }
                        break;
                    }
                }
            }
            heuristic.sort_by_key(|&i| enemy_distance[ants[i]]);
            for i in heuristic {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::food::FoodSource;
    use crate::game::Game;
    use crate::map::Map;
    use crate::rules::Settings;

    /// The battle search's focus rule against the engine's: random two-player skirmishes (the
    /// ants stand on hills, where a game starts them) are resolved by one turn of the engine,
    /// and the deaths counted on each side must be those `battle_deaths` predicts.
    #[test]
    fn battle_deaths_match_the_engine() {
        let (rows, cols) = (12, 12);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        let mut knowledge = Knowledge::default();
        let settings = Settings::official(1, 1);
        let setup = Setup {
            loadtime: 1,
            turntime: 1,
            rows,
            cols,
            turns: 10,
            viewradius2: settings.viewradius2,
            attackradius2: settings.attackradius2,
            spawnradius2: settings.spawnradius2,
            player_seed: 1,
        };
        knowledge.setup(&setup);
        let mut fights = 0;
        for _ in 0..500 {
            let mut squares: Vec<usize> = (0..36).map(|i| (3 + i / 6) * cols + 3 + i % 6).collect();
            for i in (1..squares.len()).rev() {
                squares.swap(i, rng.random_range(0..=i));
            }
            let (mine, theirs) = (rng.random_range(1..6), rng.random_range(1..6));
            let ours: Vec<usize> = squares[..mine].to_vec();
            let enemies: Vec<usize> = squares[mine..mine + theirs].to_vec();
            let mut text = format!("rows {rows}\ncols {cols}\nplayers 2\n");
            for r in 0..rows {
                let line: String = (0..cols)
                    .map(|c| {
                        let square = r * cols + c;
                        if ours.contains(&square) {
                            '0'
                        } else if enemies.contains(&square) {
                            '1'
                        } else {
                            '.'
                        }
                    })
                    .collect();
                text += &format!("m {line}\n");
            }
            let map = Map::parse(&text).expect("a valid map");
            let mut game = Game::new(&map, settings.clone(), FoodSource::None);
            game.start_game();
            game.start_turn();
            game.finish_turn();
            let dead = |owner: usize| {
                game.killed_this_turn.iter().filter(|&&id| game.ants[id as usize].owner == owner).count()
            };
            let predicted = battle_deaths(&knowledge, &ours, &enemies);
            assert_eq!(predicted, (dead(0), dead(1)), "ours {ours:?}, theirs {enemies:?}");
            fights += usize::from(predicted != (0, 0));
        }
        assert!(fights > 100, "only {fights} skirmishes had deaths");
    }
}
