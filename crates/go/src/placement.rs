//! The write-up's six ways of placing a stone, each as close as possible to where the user
//! clicked, and its table of what to try when something is in the way:
//!
//! | start | in the way | try again with |
//! |---|---|---|
//! | a: at a point | edge | b |
//! | a | stone | c |
//! | b: touching an edge | edge | e |
//! | b | stone | d |
//! | c: touching a stone | edge | d |
//! | c | stone | f |
//! | d, e, f | anything | no placement |
//!
//! Every candidate is solved exactly in integers: d, e and f take the integer points satisfying
//! both touching conditions nearest the click.

use super::geometry::{Edge, Point};
use super::position::Position;

/// A way of placing a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Mode {
    /// a: at the point clicked.
    Point,
    /// b: touching an edge.
    Edge,
    /// c: touching a stone.
    Stone,
    /// d: touching an edge and a stone.
    EdgeStone,
    /// e: touching two edges (a corner).
    TwoEdges,
    /// f: touching two stones.
    TwoStones,
}

impl Mode {
    /// Every mode, a to f.
    pub const ALL: [Mode; 6] =
        [Mode::Point, Mode::Edge, Mode::Stone, Mode::EdgeStone, Mode::TwoEdges, Mode::TwoStones];

    /// The write-up's letter.
    pub fn letter(self) -> &'static str {
        match self {
            Mode::Point => "a",
            Mode::Edge => "b",
            Mode::Stone => "c",
            Mode::EdgeStone => "d",
            Mode::TwoEdges => "e",
            Mode::TwoStones => "f",
        }
    }

    /// What it does, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Mode::Point => "at the point",
            Mode::Edge => "touching an edge",
            Mode::Stone => "touching a stone",
            Mode::EdgeStone => "touching an edge and a stone",
            Mode::TwoEdges => "touching two edges",
            Mode::TwoStones => "touching two stones",
        }
    }
}

/// Something a placement touches or is blocked by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Thing {
    /// A board edge.
    Edge(Edge),
    /// A stone, by its index in the position.
    Stone(usize),
}

/// What the user asks for: a mode, the click, and the edges and stones to touch (missing ones
/// are the nearest to the click).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The mode to start with.
    pub mode: Mode,
    /// The click.
    pub toward: Point,
    /// Stones to touch, by index.
    pub stones: Vec<usize>,
    /// Edges to touch.
    pub edges: Vec<Edge>,
}

/// A placement found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The stone's centre.
    pub at: Point,
    /// The mode that found it (after any fallbacks).
    pub mode: Mode,
    /// What it touches, as the mode asked.
    pub touches: Vec<Thing>,
    /// The modes tried before, each with what was in the way.
    pub tried: Vec<(Mode, Thing)>,
}

/// Why no placement was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    /// The request names something that does not exist or cannot go together.
    #[error("{0}")]
    Bad(String),
    /// The table has no way on: the last mode tried and what was in its way.
    #[error("no placement: mode {} ({}) is blocked by {}, and the table has no fallback", .mode.letter(), .mode.describe(), describe(.blocked))]
    Blocked {
        /// The last mode tried.
        mode: Mode,
        /// What was in its way.
        blocked: Thing,
    },
    /// No integer point satisfies the mode's conditions at all.
    #[error("no integer point is {} here", .0.describe())]
    Impossible(Mode),
}

fn describe(thing: &Thing) -> String {
    match thing {
        Thing::Edge(edge) => format!("the {} edge", edge.name()),
        Thing::Stone(id) => format!("stone {id}"),
    }
}

/// The first thing in the way of a stone at `p`, ignoring the things it is meant to touch.
fn obstruction(position: &Position, p: Point) -> Option<Thing> {
    if let Some(edge) = position.geometry.edge_crossed(p) {
        return Some(Thing::Edge(edge));
    }
    position.near(p, position.geometry.min2()).next().map(Thing::Stone)
}

/// The edge nearest to `toward` that is not in `taken` (and, with `crossing`, of the other
/// orientation than it).
fn pick_edge(toward: Point, taken: &[Edge], crossing: Option<Edge>) -> Edge {
    let distances =
        [toward.x, super::geometry::BOARD - toward.x, toward.y, super::geometry::BOARD - toward.y];
    let mut order: Vec<usize> = (0..4).collect();
    order.sort_by_key(|&i| distances[i]);
    order
        .into_iter()
        .map(|i| Edge::ALL[i])
        .find(|edge| {
            !taken.contains(edge) && crossing.is_none_or(|other| edge.is_vertical() != other.is_vertical())
        })
        .expect("an edge of the other orientation exists")
}

/// The stones nearest to `toward` not in `taken`.
fn pick_stone(position: &Position, toward: Point, taken: &[usize]) -> Option<usize> {
    (0..position.stones().len())
        .filter(|id| !taken.contains(id))
        .min_by_key(|&id| position.stones()[id].at.distance2(toward))
}

/// Places a stone as the request asks, following the fallback table.
pub fn place(position: &Position, request: &Request) -> Result<Placement, PlaceError> {
    let count = position.stones().len();
    if let Some(&bad) = request.stones.iter().find(|&&id| id >= count) {
        return Err(PlaceError::Bad(format!("there is no stone {bad}: the position has {count}")));
    }
    let mut mode = request.mode;
    let mut stones = request.stones.clone();
    let mut edges = request.edges.clone();
    let mut tried = Vec::new();
    loop {
        // Complete the things this mode touches with the nearest ones.
        let (need_stones, need_edges) = match mode {
            Mode::Point => (0, 0),
            Mode::Edge => (0, 1),
            Mode::Stone => (1, 0),
            Mode::EdgeStone => (1, 1),
            Mode::TwoEdges => (0, 2),
            Mode::TwoStones => (2, 0),
        };
        while stones.len() < need_stones {
            match pick_stone(position, request.toward, &stones) {
                Some(id) => stones.push(id),
                None => {
                    return Err(PlaceError::Bad(format!(
                        "mode {} needs {need_stones} stone(s) on the board",
                        mode.letter()
                    )));
                }
            }
        }
        while edges.len() < need_edges {
            let crossing = (need_edges == 2).then(|| edges.first().copied()).flatten();
            edges.push(pick_edge(request.toward, &edges, crossing));
        }
        stones.truncate(need_stones);
        edges.truncate(need_edges);
        let candidate = solve(position, mode, request.toward, &stones, &edges)?;
        let touches: Vec<Thing> =
            edges.iter().map(|&e| Thing::Edge(e)).chain(stones.iter().map(|&s| Thing::Stone(s))).collect();
        match obstruction(position, candidate) {
            None => return Ok(Placement { at: candidate, mode, touches, tried }),
            Some(blocked) => {
                tried.push((mode, blocked));
                mode = match (mode, blocked) {
                    (Mode::Point, Thing::Edge(edge)) => {
                        edges = vec![edge];
                        Mode::Edge
                    }
                    (Mode::Point, Thing::Stone(id)) => {
                        stones = vec![id];
                        Mode::Stone
                    }
                    (Mode::Edge, Thing::Edge(edge)) => {
                        edges.push(edge);
                        Mode::TwoEdges
                    }
                    (Mode::Edge, Thing::Stone(id)) => {
                        stones = vec![id];
                        Mode::EdgeStone
                    }
                    (Mode::Stone, Thing::Edge(edge)) => {
                        edges = vec![edge];
                        Mode::EdgeStone
                    }
                    (Mode::Stone, Thing::Stone(id)) => {
                        stones.push(id);
                        Mode::TwoStones
                    }
                    (mode, blocked) => return Err(PlaceError::Blocked { mode, blocked }),
                };
            }
        }
    }
}

/// The point of `mode` nearest `toward`, before checking what is in the way.
fn solve(
    position: &Position,
    mode: Mode,
    toward: Point,
    stones: &[usize],
    edges: &[Edge],
) -> Result<Point, PlaceError> {
    let g = &position.geometry;
    let r = g.radius;
    let at = |id: usize| position.stones()[id].at;
    match mode {
        Mode::Point => Ok(toward),
        Mode::Edge => Ok(edges[0].touching(toward, r)),
        Mode::Stone => Ok(g.touch(at(stones[0]), toward)),
        Mode::TwoEdges => {
            let (a, b) = (edges[0], edges[1]);
            if a.is_vertical() == b.is_vertical() {
                return Err(PlaceError::Bad(format!("the {} and {} edges do not meet", a.name(), b.name())));
            }
            Ok(b.touching(a.touching(toward, r), r))
        }
        Mode::EdgeStone => {
            let (edge, stone) = (edges[0], at(stones[0]));
            // The edge fixes one coordinate; Eq. 1 gives the other's range.
            let fixed = edge.touching(stone, r);
            let (offset, free_centre, free_toward) = if edge.is_vertical() {
                (fixed.x - stone.x, stone.y, toward.y)
            } else {
                (fixed.y - stone.y, stone.x, toward.x)
            };
            let (low, high) = g.ring_column(offset).ok_or(PlaceError::Impossible(mode))?;
            let target = free_toward - free_centre;
            let best = [(low, high), (-high, -low)]
                .into_iter()
                .map(|(a, b)| target.clamp(a, b))
                .min_by_key(|&v| ((v - target).abs(), v))
                .expect("two intervals");
            let free = free_centre + best;
            Ok(if edge.is_vertical() { Point::new(fixed.x, free) } else { Point::new(free, fixed.y) })
        }
        Mode::TwoStones => {
            let (a, b) = (at(stones[0]), at(stones[1]));
            let reach = 2 * r + 1;
            let mut best: Option<(i64, Point)> = None;
            for dx in -reach..=reach {
                let Some((low, high)) = g.ring_column(dx) else { continue };
                // Only the part of the column within reach of b can be connected to it.
                let x = a.x + dx;
                let Some((b_low, b_high)) = g.ring_column(x - b.x) else { continue };
                for (lo, hi) in [(low, high), (-high, -low)] {
                    for (blo, bhi) in [(b_low, b_high), (-b_high, -b_low)] {
                        // y - a.y in [lo, hi] and y - b.y in [blo, bhi].
                        let start = (a.y + lo).max(b.y + blo);
                        let end = (a.y + hi).min(b.y + bhi);
                        if start > end {
                            continue;
                        }
                        let y = toward.y.clamp(start, end);
                        let p = Point::new(x, y);
                        let d = p.distance2(toward);
                        if best.is_none_or(|(bd, bp)| (d, p) < (bd, bp)) {
                            best = Some((d, p));
                        }
                    }
                }
            }
            best.map(|(_, p)| p).ok_or(PlaceError::Impossible(mode))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{BOARD, Geometry};
    use crate::position::{Colour, Stone};

    fn board(stones: &[(i64, i64)]) -> Position {
        let mut position = Position::new(Geometry::new(1724).unwrap());
        for &(x, y) in stones {
            position.add(Stone { at: Point::new(x, y), colour: Colour::Black });
        }
        position
    }

    fn request(mode: Mode, x: i64, y: i64) -> Request {
        Request { mode, toward: Point::new(x, y), stones: Vec::new(), edges: Vec::new() }
    }

    #[test]
    fn the_fallback_table_case_by_case() {
        let r = 1724;
        let empty = board(&[]);
        let one = board(&[(30_000, 30_000)]);
        // a, nothing in the way.
        let placed = place(&one, &request(Mode::Point, 10_000, 10_000)).unwrap();
        assert_eq!((placed.at, placed.mode), (Point::new(10_000, 10_000), Mode::Point));
        // a, edge in the way: b.
        let placed = place(&empty, &request(Mode::Point, 100, 20_000)).unwrap();
        assert_eq!((placed.at, placed.mode), (Point::new(r, 20_000), Mode::Edge));
        assert_eq!(placed.tried, vec![(Mode::Point, Thing::Edge(Edge::Left))]);
        // a, stone in the way: c, touching it.
        let placed = place(&one, &request(Mode::Point, 31_000, 30_000)).unwrap();
        assert_eq!(placed.mode, Mode::Stone);
        assert!(one.geometry.connected(placed.at, Point::new(30_000, 30_000)));
        // b, edge in the way: e (a corner).
        let placed = place(&empty, &request(Mode::Edge, 50, 60)).unwrap();
        assert_eq!((placed.at, placed.mode), (Point::new(r, r), Mode::TwoEdges));
        // b, stone in the way: d.
        let wall = board(&[(r, 20_000)]);
        let placed = place(&wall, &request(Mode::Edge, 10, 20_500)).unwrap();
        assert_eq!(placed.mode, Mode::EdgeStone);
        assert!(
            Edge::Left.touches(placed.at, r) && wall.geometry.connected(placed.at, Point::new(r, 20_000))
        );
        // c, edge in the way: d.
        let near_edge = board(&[(r + 100, 30_000)]);
        let mut asked = request(Mode::Stone, 0, 30_000);
        asked.stones = vec![0];
        let placed = place(&near_edge, &asked).unwrap();
        assert_eq!(placed.mode, Mode::EdgeStone);
        assert!(
            Edge::Left.touches(placed.at, r)
                && near_edge.geometry.connected(placed.at, Point::new(r + 100, 30_000))
        );
        // c, stone in the way: f.
        let two = board(&[(30_000, 30_000), (30_000 + 2 * r + 1, 30_000 + 2 * r + 1)]);
        let mut asked = request(Mode::Stone, 40_000, 40_000);
        asked.stones = vec![0];
        let placed = place(&two, &asked).unwrap();
        assert_eq!(placed.mode, Mode::TwoStones);
        for id in [0, 1] {
            assert!(two.geometry.connected(placed.at, two.stones()[id].at));
        }
        // d, e, f blocked: no way on.
        let corner = board(&[(r, r)]);
        assert!(matches!(
            place(&corner, &request(Mode::TwoEdges, 0, 0)),
            Err(PlaceError::Blocked { mode: Mode::TwoEdges, .. })
        ));
        assert!(matches!(place(&empty, &request(Mode::Stone, 5, 5)), Err(PlaceError::Bad(_))));
        let _ = BOARD;
    }

    #[test]
    fn every_placement_is_legal_and_touches_what_it_claims() {
        use rand::{RngExt, SeedableRng};
        let g = Geometry::new(1724).unwrap();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(66);
        let mut position = Position::new(g);
        let mut colour = Colour::Black;
        for _ in 0..600 {
            let mode = Mode::ALL[rng.random_range(0..6)];
            let toward =
                Point::new(rng.random_range(-1000..=BOARD + 1000), rng.random_range(-1000..=BOARD + 1000));
            let Ok(placed) =
                place(&position, &Request { mode, toward, stones: Vec::new(), edges: Vec::new() })
            else {
                continue;
            };
            assert!(position.fits(placed.at), "{placed:?}");
            for thing in &placed.touches {
                match *thing {
                    Thing::Edge(edge) => assert!(edge.touches(placed.at, g.radius), "{placed:?}"),
                    Thing::Stone(id) => {
                        assert!(g.connected(placed.at, position.stones()[id].at), "{placed:?}")
                    }
                }
            }
            if position.play(colour, placed.at).is_ok() {
                colour = colour.other();
            }
        }
        assert!(position.stones().len() > 50);
    }
}
