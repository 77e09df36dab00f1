//! Where food appears. A game either draws its food as the official engine does (symmetric
//! sets of squares, one square a player at the same offset from each player's first hill under
//! the map's symmetry, cycled in a shuffled order) from Curio's own random generator, or takes
//! every food's square and turn, and which hill spawned each ant, from a recorded game (a
//! replay), so that the same bots give the same game as the recording.

use crate::game::{FOOD, Game, LAND, WATER};
use crate::map::{Map, Square};
use crate::rules::{Settings, distance2};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use std::collections::{HashMap, HashSet, VecDeque};

type Rng = rand_pcg::Pcg64Mcg;

/// The food and spawn tie-breaks of a game.
#[derive(Clone, Debug)]
pub enum FoodSource {
    /// No food at all.
    None,
    /// Drawn as the official engine draws it, from Curio's generator.
    Symmetric(Box<Symmetric>),
    /// Taken from a recorded game.
    Recorded(Recorded),
}

impl FoodSource {
    pub(crate) fn start(&mut self, game: &mut Game) {
        match self {
            FoodSource::None => {}
            FoodSource::Symmetric(symmetric) => symmetric.start(game),
            FoodSource::Recorded(recorded) => recorded.place(game),
        }
    }

    pub(crate) fn turn(&mut self, game: &mut Game) {
        match self {
            FoodSource::None => {}
            FoodSource::Symmetric(symmetric) => symmetric.turn(game),
            FoodSource::Recorded(recorded) => recorded.place(game),
        }
    }

    /// The second key of the spawn order among a player's hills last touched on the same turn
    /// (lower spawns first).
    pub(crate) fn spawn_key(&mut self, game: &Game, hill: usize) -> u64 {
        match self {
            FoodSource::None => 0,
            FoodSource::Symmetric(symmetric) => symmetric.rng.random(),
            FoodSource::Recorded(recorded) => {
                recorded.spawns.get(&(game.turn, game.hills[hill].at)).map_or(u64::MAX, |&index| index as u64)
            }
        }
    }
}

/// Food and spawns read from a recorded game.
#[derive(Clone, Debug, Default)]
pub struct Recorded {
    /// Each food's turn and square, in the order they appeared.
    pub food: Vec<(u32, Square)>,
    /// Each ant's spawn turn and square, with its place in the recording's list of ants (the
    /// order the spawns were made in).
    pub spawns: HashMap<(u32, Square), usize>,
    next: usize,
    pending: Vec<Square>,
}

impl Recorded {
    /// A recording of these foods and spawns.
    pub fn new(food: Vec<(u32, Square)>, spawns: HashMap<(u32, Square), usize>) -> Recorded {
        Recorded { food, spawns, next: 0, pending: Vec::new() }
    }

    /// Places this turn's recorded food; a square that is not free (the game has left the
    /// recording) keeps its food waiting, as the official engine's pending food does.
    fn place(&mut self, game: &mut Game) {
        let mut waiting = std::mem::take(&mut self.pending);
        while self.next < self.food.len() && self.food[self.next].0 <= game.turn {
            waiting.push(self.food[self.next].1);
            self.next += 1;
        }
        for square in waiting {
            if !game.add_food(square) {
                self.pending.push(square);
            }
        }
    }
}

/// The official engine's symmetric food, drawn from Curio's generator.
#[derive(Clone, Debug)]
pub struct Symmetric {
    rng: Rng,
    players: usize,
    food_rate: u64,
    food_turn: u64,
    food_start: usize,
    food_visible: usize,
    land_area: usize,
    /// Food owed, in units of 1/`food_turn`.
    extra: u64,
    sets: VecDeque<Option<Vec<Square>>>,
    visible_sets: VecDeque<Option<Vec<Square>>>,
    pending: Vec<u32>,
    pending_list: Vec<Square>,
}

/// One of the eight orientations of an offset.
fn offset_aim((row, col): (i64, i64), aim: u8) -> (i64, i64) {
    match aim {
        0 => (row, col),
        1 => (-row, col),
        2 => (row, -col),
        3 => (-row, -col),
        4 => (col, row),
        5 => (-col, row),
        6 => (col, -row),
        _ => (-col, -row),
    }
}

struct Board<'a> {
    rows: i64,
    cols: i64,
    grid: &'a [i8],
}

impl Board<'_> {
    fn at(&self, square: Square, (dr, dc): (i64, i64)) -> Square {
        let row = (square as i64 / self.cols + dr).rem_euclid(self.rows);
        let col = (square as i64 % self.cols + dc).rem_euclid(self.cols);
        (row * self.cols + col) as Square
    }

    /// The official `map_similar`: whether the board seen from `b` turned by `aim` looks like
    /// the board from `a`, player 0's ants there being `player`'s here; the enemies' mapping.
    fn similar(&self, a: Square, b: Square, aim: u8, player: i8) -> Option<HashMap<i8, i8>> {
        let mut enemies = HashMap::new();
        for row in 0..self.rows {
            for col in 0..self.cols {
                let first = self.grid[self.at(a, (row, col))];
                let second = self.grid[self.at(b, offset_aim((row, col), aim))];
                if (first == 0 && second != player)
                    || (first > 0 && (second < 0 || second == player))
                    || (first < 0 && second != first)
                {
                    return None;
                }
                if first >= 0 {
                    enemies.insert(first, second);
                }
            }
        }
        Some(enemies)
    }
}

type Orientation = Vec<(Square, u8, HashMap<i8, i8>)>;

/// The most hill orientations combined while looking for the map's symmetry.
const MAX_ORIENTATIONS: usize = 4096;

impl Symmetric {
    /// The food of a game on `map`, or why the map has no symmetry to place it by.
    pub fn new(map: &Map, settings: &Settings, seed: u64) -> Result<Symmetric, String> {
        let mut rng = Rng::seed_from_u64(seed);
        let mut grid: Vec<i8> = map.water.iter().map(|&water| if water { WATER } else { LAND }).collect();
        for &(square, owner) in &map.hills {
            grid[square] = owner as i8;
        }
        let board = Board { rows: map.rows as i64, cols: map.cols as i64, grid: &grid };
        let symmetry = symmetry(map, &board, &mut rng)?;
        let sets = food_sets(map, &board, &symmetry, settings, false);
        let visible = food_sets(map, &board, &symmetry, settings, true);
        let cycle = |sets: Vec<Vec<Square>>| -> VecDeque<Option<Vec<Square>>> {
            let mut deque: VecDeque<_> = sets.into_iter().map(Some).collect();
            deque.push_back(None);
            deque
        };
        Ok(Symmetric {
            rng,
            players: map.players,
            food_rate: u64::from(settings.food_rate),
            food_turn: u64::from(settings.food_turn.max(1)),
            food_start: settings.food_start as usize,
            food_visible: settings.food_visible as usize,
            land_area: map.land_area(),
            extra: 0,
            sets: cycle(sets),
            visible_sets: cycle(visible),
            pending: vec![0; map.rows * map.cols],
            pending_list: Vec::new(),
        })
    }

    fn start(&mut self, game: &mut Game) {
        let starting = self
            .land_area
            .checked_div(self.food_start)
            .map_or(0, |per| per as i64 - (self.food_visible * self.players) as i64);
        if self.food_visible > 0 {
            self.draw(game, true, (self.food_visible * self.players) as i64);
        }
        self.draw(game, false, starting);
    }

    fn turn(&mut self, game: &mut Game) {
        self.extra += self.food_rate * self.players as u64;
        let now = self.extra / self.food_turn;
        let left = self.draw(game, false, now as i64) as u64;
        self.extra -= (now - left) * self.food_turn;
    }

    /// The official `do_food_symmetric` (and `do_food_visible`): whole sets while they fit in
    /// `amount`, the cycle reshuffled each time round; returns what is left over.
    fn draw(&mut self, game: &mut Game, visible: bool, mut amount: i64) -> i64 {
        let sets = if visible { &mut self.visible_sets } else { &mut self.sets };
        if sets.len() > 1 {
            loop {
                let mut set = sets.pop_back().flatten();
                if set.is_none() {
                    let mut rest: Vec<_> = sets.drain(..).collect();
                    rest.shuffle(&mut self.rng);
                    sets.extend(rest);
                    sets.push_front(None);
                    set = sets.pop_back().flatten();
                }
                let set = set.unwrap_or_default();
                if set.len() as i64 > amount {
                    sets.push_back(Some(set));
                    break;
                }
                amount -= set.len() as i64;
                for &square in &set {
                    if self.pending[square] == 0 {
                        self.pending_list.push(square);
                    }
                    self.pending[square] += 1;
                }
                sets.push_front(Some(set));
            }
        }
        let pending = &mut self.pending;
        self.pending_list.retain(|&square| {
            if game.square(square) == LAND && game.add_food(square) {
                pending[square] -= 1;
            }
            pending[square] > 0
        });
        amount
    }
}

/// The official `get_map_symmetry`: an orientation of each player's hills that maps player 0's
/// first hill's view of the map onto theirs, checked for handedness; one at random.
fn symmetry(map: &Map, board: &Board, rng: &mut Rng) -> Result<Orientation, String> {
    let hills_of = |player: usize| -> Vec<Square> {
        map.hills.iter().filter(|(_, owner)| *owner == player).map(|(square, _)| *square).collect()
    };
    let first = hills_of(0);
    let identity: HashMap<i8, i8> = (0..map.players as i8).map(|p| (p, p)).collect();
    let mut orientations: Vec<Orientation> = vec![vec![(first[0], 0, identity)]];
    for player in 1..map.players {
        let theirs = hills_of(player);
        if theirs.len() != first.len() {
            return Err(format!(
                "the map is not symmetric: player 0 has {} hills and player {player} has {}",
                first.len(),
                theirs.len()
            ));
        }
        let mut next = Vec::new();
        for &hill in &theirs {
            for aim in 0..8 {
                if let Some(enemies) = board.similar(first[0], hill, aim, player as i8) {
                    for orientation in &orientations {
                        if next.len() < MAX_ORIENTATIONS {
                            let mut extended = orientation.clone();
                            extended.push((hill, aim, enemies.clone()));
                            next.push(extended);
                        }
                    }
                }
            }
        }
        orientations = next;
        if orientations.is_empty() {
            return Err(format!(
                "the map is not symmetric: no orientation of player {player}'s hills matches player 0's"
            ));
        }
    }
    let mut valid = Vec::new();
    let mut grid = board.grid.to_vec();
    for orientation in orientations {
        let mut fixed = Vec::new();
        for (hill, aim, _) in &orientation {
            let square = board.at(*hill, offset_aim((1, 2), *aim));
            fixed.push((square, grid[square]));
            grid[square] = FOOD;
        }
        let marked = Board { rows: board.rows, cols: board.cols, grid: &grid };
        let ok = orientation
            .iter()
            .all(|(hill, aim, enemies)| marked.similar(orientation[0].0, *hill, *aim, enemies[&0]).is_some());
        for (square, value) in fixed.into_iter().rev() {
            grid[square] = value;
        }
        if ok {
            valid.push(orientation);
        }
    }
    if valid.is_empty() {
        return Err("the map is not symmetric: no orientation of the hills keeps its handedness".into());
    }
    let pick = rng.random_range(0..valid.len());
    Ok(valid.swap_remove(pick))
}

/// The official `get_symmetric_food_sets`: every square with its images under the symmetry,
/// dropping sets whose squares touch; with `starting`, only squares reachable within sight of
/// a hill and sets with one square a player.
fn food_sets(
    map: &Map,
    board: &Board,
    symmetry: &Orientation,
    settings: &Settings,
    starting: bool,
) -> Vec<Vec<Square>> {
    let (rows, cols) = (map.rows, map.cols);
    let hills: HashSet<Square> = map.hills.iter().map(|(square, _)| *square).collect();
    let mut in_sight = vec![false; rows * cols];
    if starting {
        for &(hill, _) in &map.hills {
            let mut queue = VecDeque::from([hill]);
            let mut seen = HashSet::from([hill]);
            while let Some(square) = queue.pop_front() {
                in_sight[square] = true;
                for next in crate::map::neighbours(square, rows, cols) {
                    let near = distance2((hill / cols, hill % cols), (next / cols, next % cols), rows, cols)
                        <= settings.viewradius2 as usize;
                    if board.grid[next] != WATER && near && seen.insert(next) {
                        queue.push_back(next);
                    }
                }
            }
        }
    }
    let origin = symmetry[0].0;
    let mut visited = vec![false; rows * cols];
    let mut sets = Vec::new();
    for square in 0..rows * cols {
        if visited[square] || hills.contains(&square) || (starting && !in_sight[square]) {
            continue;
        }
        let offset = (
            (square / cols) as i64 - (origin / cols) as i64,
            (square % cols) as i64 - (origin % cols) as i64,
        );
        let mut locations: Vec<Square> = Vec::new();
        for (hill, aim, _) in symmetry {
            let image = board.at(*hill, offset_aim(offset, *aim));
            if !locations.contains(&image) {
                locations.push(image);
            }
        }
        let touching = locations.iter().enumerate().any(|(i, &a)| {
            locations[i + 1..]
                .iter()
                .any(|&b| distance2((a / cols, a % cols), (b / cols, b % cols), rows, cols) == 1)
        });
        if touching {
            continue;
        }
        if !starting || locations.len() == map.players {
            for &location in &locations {
                visited[location] = true;
            }
            sets.push(locations);
        }
    }
    sets
}
