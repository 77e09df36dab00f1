//! The rules on a board without lines: stones, chains (stones of one colour connected by Eq. 1),
//! liberties (a chain has one when a stone could legally be placed touching one of its stones),
//! capture, suicide and positional superko. A spatial index of cells one connection wide keeps
//! neighbour queries to the few stones nearby.

use super::geometry::{BOARD, Geometry, Point};
use std::sync::Arc;

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Colour {
    /// Plays first.
    Black,
    /// Plays second.
    White,
}

impl Colour {
    /// The other player.
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// `B` or `W`, as records write it.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
    }

    /// 0 for black, 1 for white.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A stone on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Stone {
    /// Its centre.
    pub at: Point,
    /// Its colour.
    pub colour: Colour,
}

/// Why a placement is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// Part of the stone would lie off the board.
    #[error("a stone at ({x}, {y}) would not lie fully on the board")]
    OffBoard {
        /// Centre x.
        x: i64,
        /// Centre y.
        y: i64,
    },
    /// The stone would overlap another.
    #[error("a stone at ({x}, {y}) would overlap the stone at ({other_x}, {other_y})")]
    Overlap {
        /// Centre x.
        x: i64,
        /// Centre y.
        y: i64,
        /// The other stone's x.
        other_x: i64,
        /// The other stone's y.
        other_y: i64,
    },
    /// The mover's own chain would be left without a liberty.
    #[error("suicide: a chain of the mover would have no liberty")]
    Suicide,
    /// The position would repeat an earlier one.
    #[error("positional superko: the position would repeat an earlier one")]
    Superko,
}

/// Stones in cells of one connection's width, so a neighbour query looks at a few cells: a
/// linked list per cell in two flat arrays, cheap to clone.
#[derive(Clone, Debug)]
struct Index {
    cell: i64,
    side: usize,
    /// The first stone of each cell (`u32::MAX`: none).
    head: Vec<u32>,
    /// The next stone in the same cell, by stone id.
    next: Vec<u32>,
}

impl Index {
    fn new(geometry: &Geometry) -> Self {
        let cell = 2 * geometry.radius + 1;
        let side = (BOARD / cell + 1) as usize;
        Self { cell, side, head: vec![u32::MAX; side * side], next: Vec::new() }
    }

    fn cell_of(&self, p: Point) -> (usize, usize) {
        let clamp = |v: i64| ((v.clamp(0, BOARD)) / self.cell) as usize;
        (clamp(p.x), clamp(p.y))
    }

    fn insert(&mut self, id: usize, p: Point) {
        let (cx, cy) = self.cell_of(p);
        let cell = cy * self.side + cx;
        debug_assert_eq!(self.next.len(), id);
        self.next.push(self.head[cell]);
        self.head[cell] = id as u32;
    }

    /// Ids of stones in the cells within `reach` board units of `p` (a superset of the stones
    /// within that distance).
    fn around(&self, p: Point, reach: i64) -> impl Iterator<Item = usize> + '_ {
        let span = reach / self.cell + 1;
        let (cx, cy) = self.cell_of(p);
        let (cx, cy, side) = (cx as i64, cy as i64, self.side as i64);
        (cy - span..=cy + span)
            .filter(move |y| (0..side).contains(y))
            .flat_map(move |y| {
                (cx - span..=cx + span)
                    .filter(move |x| (0..side).contains(x))
                    .map(move |x| (y * side + x) as usize)
            })
            .flat_map(move |cell| {
                std::iter::successors(Some(self.head[cell]).filter(|&id| id != u32::MAX), move |&id| {
                    Some(self.next[id as usize]).filter(|&next| next != u32::MAX)
                })
                .map(|id| id as usize)
            })
    }
}

/// The ring of touching offsets and their angles, shared by every position of a geometry.
#[derive(Debug)]
pub struct Ring {
    /// Offsets (dx, dy) of every point touching a stone at the origin, by angle.
    pub points: Vec<(i64, i64)>,
    /// Their angles, ascending, in (-pi, pi].
    pub angles: Vec<f64>,
}

impl Ring {
    fn new(geometry: &Geometry) -> Self {
        let points = geometry.ring();
        let angles = points.iter().map(|&(x, y)| (y as f64).atan2(x as f64)).collect();
        Self { points, angles }
    }

    /// The ring offset nearest to angle `theta` (radians).
    pub fn toward(&self, theta: f64) -> (i64, i64) {
        let index = self.angles.partition_point(|&a| a < theta).min(self.points.len() - 1);
        self.points[index]
    }
}

/// Stones on the board and the structures that answer questions about them.
#[derive(Clone, Debug)]
pub struct Position {
    /// The geometry (stone radius).
    pub geometry: Geometry,
    stones: Vec<Stone>,
    index: Index,
    ring: Arc<Ring>,
    hash: u64,
}

fn stone_hash(stone: &Stone) -> u64 {
    // splitmix64 of the colour and the centre.
    let mut z = (stone.at.x as u64) << 33 ^ (stone.at.y as u64) << 1 ^ stone.colour.index() as u64;
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Position {
    /// An empty board of `geometry`.
    pub fn new(geometry: Geometry) -> Self {
        Self {
            index: Index::new(&geometry),
            ring: Arc::new(Ring::new(&geometry)),
            geometry,
            stones: Vec::new(),
            hash: 0,
        }
    }

    /// The stones, in the order they were placed (captured ones removed).
    pub fn stones(&self) -> &[Stone] {
        &self.stones
    }

    /// The ring of touching offsets.
    pub fn ring(&self) -> &Ring {
        &self.ring
    }

    /// A hash of the set of stones (the same set gives the same hash in any order).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Ids of the stones within squared distance `distance2` of `p`.
    pub fn near(&self, p: Point, distance2: i64) -> impl Iterator<Item = usize> + '_ {
        let reach = isqrt_ceiling(distance2);
        self.index.around(p, reach).filter(move |&id| self.stones[id].at.distance2(p) <= distance2)
    }

    /// Whether a stone fits at `p`: fully on the board and overlapping none.
    pub fn check_fits(&self, p: Point) -> Result<(), Illegal> {
        if !self.geometry.on_board(p) {
            return Err(Illegal::OffBoard { x: p.x, y: p.y });
        }
        if let Some(id) = self.near(p, self.geometry.min2()).next() {
            let other = self.stones[id].at;
            return Err(Illegal::Overlap { x: p.x, y: p.y, other_x: other.x, other_y: other.y });
        }
        Ok(())
    }

    /// Whether a stone fits at `p`.
    pub fn fits(&self, p: Point) -> bool {
        self.geometry.on_board(p) && self.near(p, self.geometry.min2()).next().is_none()
    }

    /// The stone nearest to `p`, if any.
    pub fn nearest_stone(&self, p: Point) -> Option<usize> {
        (0..self.stones.len()).min_by_key(|&id| self.stones[id].at.distance2(p))
    }

    /// The chain of stone `id`: every stone of its colour connected to it, directly or through
    /// others.
    pub fn chain(&self, id: usize) -> Vec<usize> {
        let colour = self.stones[id].colour;
        let mut chain = vec![id];
        let mut seen = vec![false; self.stones.len()];
        seen[id] = true;
        let mut next = 0;
        while next < chain.len() {
            let at = self.stones[chain[next]].at;
            next += 1;
            for other in self.near(at, self.geometry.max2()) {
                if !seen[other]
                    && self.stones[other].colour == colour
                    && self.geometry.connected(at, self.stones[other].at)
                {
                    seen[other] = true;
                    chain.push(other);
                }
            }
        }
        chain
    }

    /// Every chain, each a list of stone ids.
    pub fn chains(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.stones.len()];
        let mut chains = Vec::new();
        for id in 0..self.stones.len() {
            if !seen[id] {
                let chain = self.chain(id);
                for &member in &chain {
                    seen[member] = true;
                }
                chains.push(chain);
            }
        }
        chains
    }

    /// A point where a stone could legally be placed touching stone `id` (mode c, any
    /// direction): its liberty, if it has one.
    pub fn free_touch(&self, id: usize) -> Option<Point> {
        let centre = self.stones[id].at;
        let ring = &self.ring;
        let try_index = |index: usize| {
            let (dx, dy) = ring.points[index];
            let p = Point::new(centre.x + dx, centre.y + dy);
            self.fits(p).then_some(p)
        };
        // A few evenly spread points first: most stones have a liberty in plain sight.
        let count = ring.points.len();
        for k in 0..16 {
            if let Some(p) = try_index(k * count / 16) {
                return Some(p);
            }
        }
        // Otherwise only the angles no neighbour or edge surely blocks can hold one.
        for (start, end) in self.open_arcs(centre) {
            let first = ring.angles.partition_point(|&a| a < start);
            let last = ring.angles.partition_point(|&a| a <= end);
            for index in first..last {
                if let Some(p) = try_index(index) {
                    return Some(p);
                }
            }
        }
        None
    }

    /// The angle intervals (within [-pi, pi]) of the ring around `centre` that no stone or edge
    /// surely blocks. Arcs are computed for every ring radius in (2r, 2r + 1] and narrowed by a
    /// margin, so a ring point outside them is certainly blocked.
    fn open_arcs(&self, centre: Point) -> Vec<(f64, f64)> {
        use std::f64::consts::{FRAC_PI_2, PI};
        let r = self.geometry.radius as f64;
        let (inner, outer) = (2.0 * r, 2.0 * r + 1.0);
        let margin = 2.0 / inner;
        let mut blocked: Vec<(f64, f64)> = Vec::new();
        let mut push = |middle: f64, half: f64| {
            let half = half - margin;
            if half > 0.0 {
                blocked.push((middle - half, middle + half));
            }
        };
        let reach = 4 * self.geometry.radius + 1;
        for id in self.near(centre, reach * reach) {
            let other = self.stones[id].at;
            if other == centre {
                continue;
            }
            let d2 = other.distance2(centre) as f64;
            let d = d2.sqrt();
            let bound = |rho: f64| (rho * rho + d2 - 4.0 * r * r) / (2.0 * rho * d);
            let cosine = bound(inner).max(bound(outer));
            if cosine <= 1.0 {
                let direction = ((other.y - centre.y) as f64).atan2((other.x - centre.x) as f64);
                push(direction, cosine.max(-1.0).acos());
            }
        }
        let board = BOARD as f64;
        let (x, y) = (centre.x as f64, centre.y as f64);
        for (middle, room) in
            [(PI, x - r), (0.0, board - r - x), (-FRAC_PI_2, y - r), (FRAC_PI_2, board - r - y)]
        {
            let cosine = room / inner;
            if cosine < 1.0 {
                push(middle, cosine.max(-1.0).acos());
            }
        }
        // Unwrap the arcs into [-pi, pi] and take the complement of their union.
        let mut pieces: Vec<(f64, f64)> = Vec::new();
        for (start, end) in blocked {
            if end - start >= 2.0 * PI {
                return Vec::new();
            }
            let wrap = |a: f64| {
                if a < -PI {
                    a + 2.0 * PI
                } else if a > PI {
                    a - 2.0 * PI
                } else {
                    a
                }
            };
            let (s, e) = (wrap(start), wrap(end));
            if s <= e {
                pieces.push((s, e));
            } else {
                pieces.push((s, PI));
                pieces.push((-PI, e));
            }
        }
        pieces.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut open = Vec::new();
        let mut covered = -PI;
        for (start, end) in pieces {
            if start > covered {
                open.push((covered, start));
            }
            covered = covered.max(end);
        }
        if covered < PI {
            open.push((covered, PI));
        }
        open
    }

    /// Whether the chain holds a liberty.
    pub fn has_liberty(&self, chain: &[usize]) -> bool {
        chain.iter().any(|&id| self.free_touch(id).is_some())
    }

    /// Adds a stone without any rule (setting up positions, tests).
    pub fn add(&mut self, stone: Stone) -> usize {
        let id = self.stones.len();
        self.index.insert(id, stone.at);
        self.hash ^= stone_hash(&stone);
        self.stones.push(stone);
        id
    }

    /// Removes the stones `ids`.
    pub fn remove(&mut self, ids: &[usize]) {
        let mut gone = vec![false; self.stones.len()];
        for &id in ids {
            gone[id] = true;
        }
        let stones = std::mem::take(&mut self.stones);
        self.index = Index::new(&self.geometry);
        self.hash = 0;
        for (id, stone) in stones.into_iter().enumerate() {
            if !gone[id] {
                self.add(stone);
            }
        }
    }

    /// Plays `colour` at `p` under the rules, without the superko check (see [`super::Game`]):
    /// the stones captured, or why it is illegal (the position is then unchanged).
    pub fn play(&mut self, colour: Colour, p: Point) -> Result<Vec<Stone>, Illegal> {
        self.check_fits(p)?;
        let before = self.clone();
        let id = self.add(Stone { at: p, colour });
        // Chains that can have lost a liberty: those with a stone near enough that the new
        // stone covers part of its ring.
        let reach = 4 * self.geometry.radius + 1;
        let nearby: Vec<usize> = self.near(p, reach * reach).collect();
        let mut captured_ids = Vec::new();
        let mut checked = vec![false; self.stones.len()];
        for &other in &nearby {
            if checked[other] || self.stones[other].colour == colour {
                continue;
            }
            let chain = self.chain(other);
            for &member in &chain {
                checked[member] = true;
            }
            if !self.has_liberty(&chain) {
                captured_ids.extend(chain);
            }
        }
        let captured: Vec<Stone> = captured_ids.iter().map(|&i| self.stones[i]).collect();
        if !captured_ids.is_empty() {
            self.remove(&captured_ids);
        }
        // The mover's chains near the stone must keep a liberty.
        let new_id = if captured_ids.is_empty() {
            id
        } else {
            self.stones.iter().position(|s| s.at == p).expect("the new stone stays")
        };
        let mut own: Vec<usize> =
            self.near(p, reach * reach).filter(|&i| self.stones[i].colour == colour).collect();
        own.push(new_id);
        let mut checked = vec![false; self.stones.len()];
        for other in own {
            if checked[other] {
                continue;
            }
            let chain = self.chain(other);
            for &member in &chain {
                checked[member] = true;
            }
            if !self.has_liberty(&chain) {
                *self = before;
                return Err(Illegal::Suicide);
            }
        }
        Ok(captured)
    }
}

fn isqrt_ceiling(n: i64) -> i64 {
    let root = super::geometry::isqrt(n.max(0) as u64) as i64;
    if root * root < n { root + 1 } else { root }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry() -> Geometry {
        Geometry::new(1724).unwrap()
    }

    /// The liberty test against enumerating every ring point exactly.
    fn liberty_by_brute_force(position: &Position, id: usize) -> bool {
        let centre = position.stones()[id].at;
        position.ring().points.iter().any(|&(dx, dy)| position.fits(Point::new(centre.x + dx, centre.y + dy)))
    }

    #[test]
    fn a_corner_stone_is_captured_by_two_stones() {
        let g = geometry();
        let r = g.radius;
        let mut position = Position::new(g);
        let white = Point::new(r, r);
        position.play(Colour::White, white).unwrap();
        let first = g.touch(white, Point::new(60_000, r));
        assert!(position.play(Colour::Black, first).unwrap().is_empty());
        assert!(position.has_liberty(&position.chain(0)));
        let second = g.touch(white, Point::new(r, 60_000));
        let captured = position.play(Colour::Black, second).unwrap();
        assert_eq!(captured, vec![Stone { at: white, colour: Colour::White }]);
        assert_eq!(position.stones().len(), 2);
        // White may not play back into the corner spot: it would have no liberty (and it
        // captures nothing).
        assert_eq!(position.play(Colour::White, white), Err(Illegal::Suicide));
    }

    #[test]
    fn the_liberty_test_agrees_with_every_ring_point_on_crowded_boards() {
        use rand::{RngExt, SeedableRng};
        let g = Geometry::new(900).unwrap();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
        for _ in 0..4 {
            let mut position = Position::new(g);
            let mut colour = Colour::Black;
            for _ in 0..400 {
                let toward = Point::new(rng.random_range(0..=BOARD), rng.random_range(0..=BOARD));
                let at = match position.nearest_stone(toward) {
                    Some(id) if rng.random_bool(0.7) => g.touch(position.stones()[id].at, toward),
                    _ => toward,
                };
                let mut with_stone = position.clone();
                let fits = with_stone.fits(at);
                if fits {
                    with_stone.add(Stone { at, colour });
                }
                if let Ok(captured) = position.play(colour, at) {
                    // Captures remove exactly the opponent chains left without a liberty.
                    for stone in &captured {
                        let id = with_stone.stones().iter().position(|s| s == stone).unwrap();
                        assert!(stone.colour != colour && !with_stone.has_liberty(&with_stone.chain(id)));
                    }
                    for chain in position.chains() {
                        assert!(position.has_liberty(&chain));
                    }
                    colour = colour.other();
                }
            }
            assert!(position.stones().len() > 100);
            for id in 0..position.stones().len() {
                assert_eq!(
                    position.free_touch(id).is_some(),
                    liberty_by_brute_force(&position, id),
                    "stone {id}"
                );
                if let Some(p) = position.free_touch(id) {
                    assert!(g.connected(p, position.stones()[id].at) && position.fits(p));
                }
            }
            for chain in position.chains() {
                assert!(position.has_liberty(&chain), "every chain left on the board has a liberty");
            }
        }
    }

    #[test]
    fn placements_are_checked_and_a_failed_play_changes_nothing() {
        let mut position = Position::new(geometry());
        assert!(matches!(
            position.play(Colour::Black, Point::new(10, 30_000)),
            Err(Illegal::OffBoard { .. })
        ));
        position.play(Colour::Black, Point::new(30_000, 30_000)).unwrap();
        let before = position.hash();
        assert!(matches!(
            position.play(Colour::White, Point::new(31_000, 30_000)),
            Err(Illegal::Overlap { .. })
        ));
        assert_eq!(position.hash(), before);
        assert_eq!(position.stones().len(), 1);
    }
}
