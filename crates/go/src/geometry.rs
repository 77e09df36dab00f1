//! Exact integer geometry of Go on a board without lines: an integer square root exact for every
//! `u64`, the connection and overlap tests of the write-up (its Eq. 1), the ring of integer
//! points touching a stone, and the write-up's Eq. 3–5 for touching placement with the one-unit
//! relaxation its talk page proposes.

/// The largest coordinate: centres and stone pixels lie in `0..=BOARD`.
pub const BOARD: i64 = 65_535;

/// The write-up's stone radius: a stone is about 1/19 of the board wide.
pub const DEFAULT_RADIUS: i64 = 1724;

/// A point of the board (a stone's centre), in board units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct Point {
    /// Column, 0 at the left.
    pub x: i64,
    /// Row, 0 at the top.
    pub y: i64,
}

impl Point {
    /// The point (x, y).
    pub const fn new(x: i64, y: i64) -> Self {
        Self { x, y }
    }

    /// The squared distance to `other`.
    pub fn distance2(self, other: Point) -> i64 {
        let (dx, dy) = (self.x - other.x, self.y - other.y);
        dx * dx + dy * dy
    }
}

/// floor(sqrt(n)) for every `u64`, exactly: a floating-point guess corrected in 128-bit integers
/// (a double has 53 bits, so the guess can be off by a little for large n).
pub fn isqrt(n: u64) -> u64 {
    if n < 2 {
        return n;
    }
    let mut root = (n as f64).sqrt() as u64;
    // Bring the guess into range: root^2 <= n < (root + 1)^2.
    while (root as u128) * (root as u128) > n as u128 {
        root -= 1;
    }
    while ((root + 1) as u128) * ((root + 1) as u128) <= n as u128 {
        root += 1;
    }
    root
}

/// The stone radius and the distances derived from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Geometry {
    /// Stone radius in board units.
    pub radius: i64,
}

impl Geometry {
    /// The geometry of stones of `radius` (1 to a quarter of the board).
    pub fn new(radius: i64) -> Option<Self> {
        (1..=BOARD / 4).contains(&radius).then_some(Self { radius })
    }

    /// Zmin^2 = (2r)^2: closer than this (or equal), two stones overlap.
    pub fn min2(&self) -> i64 {
        4 * self.radius * self.radius
    }

    /// Zmax^2 = (2r + 1)^2: the farthest two connected stones are.
    pub fn max2(&self) -> i64 {
        (2 * self.radius + 1) * (2 * self.radius + 1)
    }

    /// Eq. 1: stones at `a` and `b` are connected: (2r)^2 < d^2 <= (2r + 1)^2.
    pub fn connected(&self, a: Point, b: Point) -> bool {
        let d2 = a.distance2(b);
        self.min2() < d2 && d2 <= self.max2()
    }

    /// Stones at `a` and `b` overlap: d^2 <= (2r)^2.
    pub fn overlap(&self, a: Point, b: Point) -> bool {
        a.distance2(b) <= self.min2()
    }

    /// A stone at `p` lies fully on the board.
    pub fn on_board(&self, p: Point) -> bool {
        let r = self.radius;
        (r..=BOARD - r).contains(&p.x) && (r..=BOARD - r).contains(&p.y)
    }

    /// The edge a stone at `p` crosses, if any (the first of left, right, top, bottom).
    pub fn edge_crossed(&self, p: Point) -> Option<Edge> {
        let r = self.radius;
        if p.x < r {
            Some(Edge::Left)
        } else if p.x > BOARD - r {
            Some(Edge::Right)
        } else if p.y < r {
            Some(Edge::Top)
        } else if p.y > BOARD - r {
            Some(Edge::Bottom)
        } else {
            None
        }
    }

    /// The range of |y| of ring points at horizontal offset `x` (empty when none): integer
    /// offsets with (2r)^2 < x^2 + y^2 <= (2r + 1)^2.
    pub fn ring_column(&self, x: i64) -> Option<(i64, i64)> {
        let rest_max = self.max2() - x * x;
        if rest_max < 0 {
            return None;
        }
        let high = isqrt(rest_max as u64) as i64;
        let rest_min = self.min2() - x * x;
        let low = if rest_min < 0 { 0 } else { isqrt(rest_min as u64) as i64 + 1 };
        (low <= high).then_some((low, high))
    }

    /// Every integer offset touching a stone at the origin (Eq. 1), sorted by angle from the
    /// positive x axis, counter-clockwise in board coordinates (y down: clockwise on screen).
    pub fn ring(&self) -> Vec<(i64, i64)> {
        let reach = 2 * self.radius + 1;
        let mut points = Vec::new();
        for x in -reach..=reach {
            if let Some((low, high)) = self.ring_column(x) {
                for y in low..=high {
                    points.push((x, y));
                    if y != 0 {
                        points.push((x, -y));
                    }
                }
            }
        }
        points.sort_by(|a, b| {
            let angle = |p: &(i64, i64)| (p.1 as f64).atan2(p.0 as f64);
            angle(a).total_cmp(&angle(b))
        });
        points
    }

    /// The centre touching the stone at `from` (Eq. 1) nearest to `toward` (Eq. 5), over the
    /// whole ring: exact. Ties go to the smaller (x, y).
    pub fn touch(&self, from: Point, toward: Point) -> Point {
        let reach = 2 * self.radius + 1;
        let target = (toward.x - from.x, toward.y - from.y);
        let mut best: Option<(i64, (i64, i64))> = None;
        for x in -reach..=reach {
            let Some((low, high)) = self.ring_column(x) else { continue };
            // In each of the two intervals of y, the value nearest the target's y.
            for (a, b) in [(low, high), (-high, -low)] {
                let y = target.1.clamp(a, b);
                let d = (x - target.0).pow(2) + (y - target.1).pow(2);
                if best.is_none_or(|(bd, bp)| (d, (x, y)) < (bd, bp)) {
                    best = Some((d, (x, y)));
                }
            }
        }
        let (_, (x, y)) = best.expect("the ring is never empty");
        Point::new(from.x + x, from.y + y)
    }

    /// The talk page's octant table: for t = 0 to R (R = 2r + 1, the distance of touching
    /// stones), the ring point of the first octant (x >= y >= 0) whose direction is nearest the
    /// ray from the centre through (R, t).
    pub fn octant_table(&self) -> Vec<(i64, i64)> {
        let reach = 2 * self.radius + 1;
        let octant: Vec<(i64, i64)> = self.ring().into_iter().filter(|&(x, y)| x >= y && y >= 0).collect();
        (0..=reach)
            .map(|t| {
                let angle = (t as f64).atan2(reach as f64);
                *octant
                    .iter()
                    .min_by(|a, b| {
                        let off = |p: &(i64, i64)| ((p.1 as f64).atan2(p.0 as f64) - angle).abs();
                        off(a).total_cmp(&off(b)).then(a.cmp(b))
                    })
                    .expect("the first octant holds ring points")
            })
            .collect()
    }

    /// The talk page's lookup (Sebastian's): fold the direction into the first octant, project
    /// it on the tangent, t = R * y0 / x0 (whole numbers), and read the touching point from
    /// [`Geometry::octant_table`] (`table`), unfolded. `None` toward the stone itself.
    pub fn touch_octant(&self, table: &[(i64, i64)], from: Point, toward: Point) -> Option<Point> {
        let (dx, dy) = (toward.x - from.x, toward.y - from.y);
        if dx == 0 && dy == 0 {
            return None;
        }
        let reach = 2 * self.radius + 1;
        let swap = dy.abs() > dx.abs();
        let (major, minor) = if swap { (dy.abs(), dx.abs()) } else { (dx.abs(), dy.abs()) };
        let t = (reach * minor / major) as usize;
        let (a, b) = *table.get(t)?;
        let (x, y) = if swap { (b, a) } else { (a, b) };
        // On an axis the folded minor offset is 0, so the sign of 0 loses nothing.
        Some(Point::new(from.x + dx.signum() * x, from.y + dy.signum() * y))
    }

    /// The write-up's Eq. 3–5, with Eq. 3 relaxed by one unit either way: the major coordinate
    /// (the larger of |dx|, |dy| of the direction) from Eq. 3, the other from Eq. 4, the result
    /// nearest `toward` (Eq. 5). `None` when the direction is the stone itself. Without the
    /// relaxation (`relaxed = false`) Eq. 3 can be empty: r = 10 toward (30, 30) gives
    /// 14 < x <= 14.
    pub fn touch_eq3(&self, from: Point, toward: Point, relaxed: bool) -> Option<Point> {
        let (dx, dy) = (toward.x - from.x, toward.y - from.y);
        if dx == 0 && dy == 0 {
            return None;
        }
        // Work with the major coordinate as "a" and the minor as "b".
        let swap = dy.abs() > dx.abs();
        let (a0, b0) = if swap { (dy, dx) } else { (dx, dy) };
        let norm = (a0 * a0 + b0 * b0) as u128;
        let scaled = |z2: i64| isqrt(((z2 as u128 * (a0 * a0) as u128) / norm) as u64) as i64;
        let (mut low, mut high) = (scaled(self.min2()) + 1, scaled(self.max2()));
        if relaxed {
            low -= 1;
            high += 1;
        }
        let mut best: Option<(i64, Point)> = None;
        for a in low.max(0)..=high {
            let a_signed = if a0 < 0 { -a } else { a };
            let Some((b_low, b_high)) = self.ring_column(a_signed) else { continue };
            for b in [b_low, b_high, -b_low, -b_high] {
                let (x, y) = if swap { (b, a_signed) } else { (a_signed, b) };
                if !self.connected(Point::new(0, 0), Point::new(x, y)) {
                    continue;
                }
                let point = Point::new(from.x + x, from.y + y);
                let d = point.distance2(toward);
                if best.is_none_or(|(bd, bp)| (d, point) < (bd, bp)) {
                    best = Some((d, point));
                }
            }
        }
        best.map(|(_, point)| point)
    }
}

/// How the three ways to find a touching point agree, over directions all round a stone.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TouchSurvey {
    /// Stone radius.
    pub radius: i64,
    /// Directions tried.
    pub directions: usize,
    /// The octant table's point equals the exact one (nearest the click).
    pub octant_exact: usize,
    /// The relaxed Eq. 3–5 point equals the exact one.
    pub eq3_exact: usize,
    /// Plain Eq. 3 found no point.
    pub eq3_plain_empty: usize,
    /// The octant table's point touches the stone (Eq. 1).
    pub octant_touching: usize,
    /// The octant table's point: the largest extra distance to the click beyond the exact
    /// point's, in board units.
    pub octant_worst_extra: f64,
}

/// Where a third stone can touch two touching stones (the talk page's wish: "to any pair of
/// overlapping halos, we must be able to place exactly two new halos touching both").
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PairTouches {
    /// Stone radius.
    pub radius: i64,
    /// Touching pairs tried: every offset of the second stone in the first octant.
    pub pairs: usize,
    /// Pairs with a point touching both on each side of the line through them.
    pub both_sides: usize,
    /// Pairs with exactly one such point on each side (the wish, to the letter).
    pub exactly_one_each: usize,
    /// The most such points on one side of any pair.
    pub most_on_a_side: usize,
}

/// [`PairTouches`] of `geometry`: every touching offset (x >= y >= 0) of a second stone, every
/// ring point of the first tested against the second's Eq. 1.
pub fn pair_touches(geometry: Geometry) -> PairTouches {
    let ring = geometry.ring();
    let mut survey = PairTouches {
        radius: geometry.radius,
        pairs: 0,
        both_sides: 0,
        exactly_one_each: 0,
        most_on_a_side: 0,
    };
    for &(bx, by) in ring.iter().filter(|&&(x, y)| x >= y && y >= 0) {
        let other = Point::new(bx, by);
        let (mut left, mut right) = (0, 0);
        for &(x, y) in &ring {
            let point = Point::new(x, y);
            // Ring points touch the first stone, so they never overlap it.
            if geometry.connected(other, point) {
                if bx * y - by * x > 0 { left += 1 } else { right += 1 }
            }
        }
        survey.pairs += 1;
        survey.both_sides += usize::from(left > 0 && right > 0);
        survey.exactly_one_each += usize::from(left == 1 && right == 1);
        survey.most_on_a_side = survey.most_on_a_side.max(left).max(right);
    }
    survey
}

/// Compares the exact touching point, the write-up's Eq. 3–5 and the talk page's octant table
/// toward `directions` clicks evenly spread on a circle of three stone diameters.
pub fn survey_touches(geometry: Geometry, directions: usize) -> TouchSurvey {
    let table = geometry.octant_table();
    let origin = Point::new(0, 0);
    let distance = 6.0 * geometry.radius as f64;
    let mut survey = TouchSurvey {
        radius: geometry.radius,
        directions,
        octant_exact: 0,
        eq3_exact: 0,
        eq3_plain_empty: 0,
        octant_touching: 0,
        octant_worst_extra: 0.0,
    };
    for index in 0..directions {
        let angle = std::f64::consts::TAU * index as f64 / directions as f64;
        let toward =
            Point::new((distance * angle.cos()).round() as i64, (distance * angle.sin()).round() as i64);
        let exact = geometry.touch(origin, toward);
        if geometry.touch_eq3(origin, toward, true) == Some(exact) {
            survey.eq3_exact += 1;
        }
        if geometry.touch_eq3(origin, toward, false).is_none() {
            survey.eq3_plain_empty += 1;
        }
        if let Some(octant) = geometry.touch_octant(&table, origin, toward) {
            survey.octant_exact += usize::from(octant == exact);
            survey.octant_touching += usize::from(geometry.connected(origin, octant));
            let extra = (octant.distance2(toward) as f64).sqrt() - (exact.distance2(toward) as f64).sqrt();
            survey.octant_worst_extra = survey.octant_worst_extra.max(extra);
        }
    }
    survey
}

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Edge {
    /// x = 0.
    Left,
    /// x = BOARD.
    Right,
    /// y = 0.
    Top,
    /// y = BOARD.
    Bottom,
}

impl Edge {
    /// Every edge.
    pub const ALL: [Edge; 4] = [Edge::Left, Edge::Right, Edge::Top, Edge::Bottom];

    /// The name on the command line and in records.
    pub fn name(self) -> &'static str {
        match self {
            Edge::Left => "left",
            Edge::Right => "right",
            Edge::Top => "top",
            Edge::Bottom => "bottom",
        }
    }

    /// Moves `p` so that a stone of `radius` there touches this edge (its outermost pixel on
    /// the edge's line), keeping the other coordinate.
    pub fn touching(self, p: Point, radius: i64) -> Point {
        match self {
            Edge::Left => Point::new(radius, p.y),
            Edge::Right => Point::new(BOARD - radius, p.y),
            Edge::Top => Point::new(p.x, radius),
            Edge::Bottom => Point::new(p.x, BOARD - radius),
        }
    }

    /// Whether a stone of `radius` at `p` touches this edge.
    pub fn touches(self, p: Point, radius: i64) -> bool {
        match self {
            Edge::Left => p.x == radius,
            Edge::Right => p.x == BOARD - radius,
            Edge::Top => p.y == radius,
            Edge::Bottom => p.y == BOARD - radius,
        }
    }

    /// Whether the edge is vertical (left or right).
    pub fn is_vertical(self) -> bool {
        matches!(self, Edge::Left | Edge::Right)
    }

    /// The edge nearest to `p`.
    pub fn nearest(p: Point) -> Edge {
        let distances = [p.x, BOARD - p.x, p.y, BOARD - p.y];
        let index = (0..4).min_by_key(|&i| distances[i]).expect("four edges");
        Edge::ALL[index]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    fn check_isqrt(n: u64) {
        let root = isqrt(n) as u128;
        assert!(root * root <= n as u128 && (root + 1) * (root + 1) > n as u128, "{n}");
    }

    #[test]
    fn isqrt_is_exact_for_squares_their_neighbours_and_the_extremes() {
        for n in 0..10_000 {
            check_isqrt(n);
        }
        check_isqrt(u64::MAX);
        check_isqrt(u64::MAX - 1);
        // Every square and square minus one up to 2^64 - 1: k from 1 to 2^32 - 1, sampled
        // densely at both ends and at random in between.
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(64);
        let ks = (1u64..200_000)
            .chain((u32::MAX as u64 - 200_000)..=u32::MAX as u64)
            .chain((0..200_000).map(|_| rng.random_range(1..=u32::MAX as u64)));
        for k in ks {
            let square = k * k;
            assert_eq!(isqrt(square), k);
            assert_eq!(isqrt(square - 1), k - 1);
            if let Some(next) = square.checked_add(1) {
                assert_eq!(isqrt(next), k);
            }
        }
        for _ in 0..200_000 {
            check_isqrt(rng.random_range(0..=u64::MAX));
        }
    }

    #[test]
    fn the_octant_table_finds_touching_points_near_the_exact_ones() {
        for radius in [1, 10, 57, 300] {
            let geometry = Geometry::new(radius).unwrap();
            let table = geometry.octant_table();
            assert_eq!(table.len() as i64, 2 * radius + 2);
            let survey = survey_touches(geometry, 720);
            // Always a touching point, in every direction (the table folds symmetrically)...
            assert_eq!(survey.octant_touching, 720, "r = {radius}");
            // ... but not always the one nearest the click: the tangent is cut to whole units.
            assert!(survey.octant_exact < 720, "r = {radius}: {survey:?}");
            assert!(survey.octant_worst_extra < 2.0, "r = {radius}: {survey:?}");
        }
        let geometry = Geometry::new(10).unwrap();
        let table = geometry.octant_table();
        let origin = Point::new(0, 0);
        for toward in [Point::new(50, 0), Point::new(0, -50), Point::new(-30, 30), Point::new(30, -12)] {
            let point = geometry.touch_octant(&table, origin, toward).unwrap();
            assert!(geometry.connected(origin, point), "{toward:?}: {point:?}");
        }
        assert_eq!(geometry.touch_octant(&table, origin, origin), None);
    }

    #[test]
    fn a_third_stone_cannot_always_touch_two_touching_stones() {
        // r = 10, the stones 21 apart: no whole point is within (20, 21] of both (brute force
        // over the square around them), so mode f has nothing on either side.
        let geometry = Geometry::new(10).unwrap();
        let other = Point::new(21, 0);
        let both = (-21..=42)
            .flat_map(|x| (-21..=21).map(move |y| Point::new(x, y)))
            .filter(|&p| geometry.connected(Point::new(0, 0), p) && geometry.connected(other, p))
            .count();
        assert_eq!(both, 0);
        for radius in [10, 57] {
            let survey = pair_touches(Geometry::new(radius).unwrap());
            assert!(survey.both_sides < survey.pairs, "{survey:?}");
            assert!(survey.exactly_one_each <= survey.both_sides, "{survey:?}");
        }
    }

    #[test]
    fn the_talk_page_case() {
        let geometry = Geometry::new(10).unwrap();
        let origin = Point::new(0, 0);
        let toward = Point::new(30, 30);
        // Plain Eq. 3 is empty in this direction; the relaxed one and the whole ring find
        // (14, 15) or (15, 14).
        assert_eq!(geometry.touch_eq3(origin, toward, false), None);
        let relaxed = geometry.touch_eq3(origin, toward, true).unwrap();
        assert!([Point::new(14, 15), Point::new(15, 14)].contains(&relaxed), "{relaxed:?}");
        let exact = geometry.touch(origin, toward);
        assert!([Point::new(14, 15), Point::new(15, 14)].contains(&exact), "{exact:?}");
    }

    #[test]
    fn every_ring_point_is_connected_and_the_touch_is_the_nearest() {
        for radius in [1, 2, 10, 57, 300] {
            let geometry = Geometry::new(radius).unwrap();
            let ring = geometry.ring();
            let origin = Point::new(0, 0);
            // The ring is exactly the connected offsets of the bounding square.
            let reach = 2 * radius + 1;
            let mut count = 0;
            for x in -reach..=reach {
                for y in -reach..=reach {
                    count += geometry.connected(origin, Point::new(x, y)) as usize;
                }
            }
            assert_eq!(ring.len(), count);
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(radius as u64);
            for _ in 0..200 {
                let toward = Point::new(
                    rng.random_range(-5 * radius..=5 * radius),
                    rng.random_range(-5 * radius..=5 * radius),
                );
                let touch = geometry.touch(origin, toward);
                assert!(geometry.connected(origin, touch));
                let nearest = ring.iter().map(|&(x, y)| Point::new(x, y).distance2(toward)).min().unwrap();
                assert_eq!(touch.distance2(toward), nearest);
                if toward != origin {
                    let relaxed =
                        geometry.touch_eq3(origin, toward, true).expect("the relaxed Eq. 3 finds a point");
                    assert!(geometry.connected(origin, relaxed));
                }
            }
        }
    }
}
