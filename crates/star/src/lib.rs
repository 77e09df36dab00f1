//! Star polygons {n/d} and stellar numbers.
//!
//! Source: "Investigations on star polygons with a star polygon / stellar number generator"
//! (a blog post of June 2010). A star {n/d} is built on two circles:
//! the n tips on the outer circle of radius r, the n inner corners on a circle of radius
//! `i = r cos(πd/n) / cos(π(d-1)/n)`. The polygram joins every d-th tip; when `g = gcd(n, d) > 1`
//! it is a compound of g copies of {n/g / d/g}. The density (winding number) of any point is
//! computed in O(1) by [`StarGeometry::winding_number`]; the region of winding number at least k
//! is the outline star {n/(d-k+1)} on the same edge lines ([`StarGeometry::density_levels`]).
//!
//! Complexity: outline and polygram O(n) points; density levels O(n·d) points; winding O(1).
//!
//! ```
//! use curio_core::geom::Point;
//! use star::{StarGeometry, StarSpec};
//!
//! let pentagram = StarSpec::new(5, 2).expect("{5/2} is valid");
//! assert!((pentagram.inner_radius_ratio() - 0.381966).abs() < 1e-6);
//! let star = StarGeometry::unit(pentagram);
//! assert_eq!(star.winding_number(Point::new(0.0, 0.0)), 2); // the central pentagon
//! assert!(StarSpec::new(8, 4).is_err()); // d must be below n/2
//! ```

mod figure;
pub mod stellar;

pub use figure::{
    FigureOptions, MAX_FIGURE_POINTS, StarStyle, density_image, density_overlay_scene, figure_point_count,
    figure_scene, view_half_extent,
};

use curio_core::geom::{Point, line_intersection};
use std::f64::consts::PI;

/// The largest n accepted (keeps exports and the gallery bounded).
pub const MAX_POINTS: u32 = 100_000;

/// n, the star's tips: `curio star render --n` (checked by [`StarSpec::new`]) and the panel's.
pub const POINTS: curio_core::bounds::Bounds<u32> = curio_core::bounds::Bounds::new(3, MAX_POINTS, 7);

/// Why a star specification is invalid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StarError {
    /// n is below 3 or above [`MAX_POINTS`].
    #[error("n = {n} is out of range: n must be between 3 and {max}")]
    PointsOutOfRange {
        /// The rejected n.
        n: u64,
        /// The largest allowed n.
        max: u32,
    },
    /// d is 0 or at least n/2.
    #[error("d = {d} is out of range for n = {n}: d must satisfy 1 <= d < n/2, i.e. 1..={max}")]
    DensityOutOfRange {
        /// The n the density was checked against.
        n: u32,
        /// The rejected d.
        d: u64,
        /// The largest allowed d, floor((n-1)/2).
        max: u32,
    },
}

/// A valid star polygon symbol {n/d}: n >= 3 and 1 <= d < n/2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StarSpec {
    n: u32,
    d: u32,
}

impl StarSpec {
    /// Validates {n/d}.
    pub fn new(n: u64, d: u64) -> Result<Self, StarError> {
        if !u32::try_from(n).is_ok_and(|n| POINTS.contains(n)) {
            return Err(StarError::PointsOutOfRange { n, max: MAX_POINTS });
        }
        let n = n as u32;
        let max = max_density(n);
        if d == 0 || d > u64::from(max) {
            return Err(StarError::DensityOutOfRange { n, d, max });
        }
        Ok(Self { n, d: d as u32 })
    }

    /// Number of tips.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// Density: tips are joined every d-th.
    pub fn d(&self) -> u32 {
        self.d
    }

    /// gcd(n, d): the number of separate polygrams in the compound (1 for a single polygram).
    pub fn components(&self) -> u32 {
        gcd(self.n, self.d)
    }

    /// True when the polygram is a compound of several polygrams.
    pub fn is_compound(&self) -> bool {
        self.components() > 1
    }

    /// Inner-corner radius over tip radius: `cos(πd/n) / cos(π(d-1)/n)`.
    pub fn inner_radius_ratio(&self) -> f64 {
        let n = f64::from(self.n);
        let d = f64::from(self.d);
        (PI * d / n).cos() / (PI * (d - 1.0) / n).cos()
    }

    /// Every valid d for this n, as specs: {n/1}, {n/2}, …, {n/floor((n-1)/2)}.
    pub fn all_for(n: u32) -> Vec<StarSpec> {
        (1..=max_density(n)).map(|d| StarSpec { n, d }).collect()
    }
}

impl std::fmt::Display for StarSpec {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(formatter, "{{{}/{}}}", self.n, self.d)
    }
}

/// The largest valid density for n: floor((n-1)/2).
pub fn max_density(n: u32) -> u32 {
    n.saturating_sub(1) / 2
}

/// Greatest common divisor.
pub fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A star placed in model space: centre at the origin, tip radius and rotation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StarGeometry {
    /// Which star.
    pub spec: StarSpec,
    /// Radius of the tip circle (model units).
    pub radius: f64,
    /// Rotation in radians, counter-clockwise; 0 puts the first tip straight up.
    pub rotation: f64,
}

impl StarGeometry {
    /// A star of radius 1, first tip up.
    pub fn unit(spec: StarSpec) -> Self {
        Self { spec, radius: 1.0, rotation: 0.0 }
    }

    fn step(&self) -> f64 {
        2.0 * PI / f64::from(self.spec.n)
    }

    /// Angle of tip `index`.
    pub fn tip_angle(&self, index: u32) -> f64 {
        self.rotation + PI / 2.0 + self.step() * f64::from(index)
    }

    /// The n tips, counter-clockwise from the top.
    pub fn tips(&self) -> Vec<Point> {
        (0..self.spec.n).map(|a| Point::polar(self.radius, self.tip_angle(a))).collect()
    }

    /// Radius of the inner-corner circle.
    pub fn inner_radius(&self) -> f64 {
        self.radius * self.spec.inner_radius_ratio()
    }

    /// The n inner corners; corner `a` lies between tips `a` and `a + 1`.
    pub fn inner_corners(&self) -> Vec<Point> {
        let inner = self.inner_radius();
        let half = self.step() / 2.0;
        (0..self.spec.n).map(|a| Point::polar(inner, self.tip_angle(a) + half)).collect()
    }

    /// The simple 2n-vertex boundary: tip, inner corner, tip, …
    pub fn outline(&self) -> Vec<Point> {
        outline_points(self.spec.n, self.radius, self.inner_radius(), self.rotation)
    }

    /// The polygram: g = gcd(n, d) closed cycles of n/g tips, each joining every d-th tip.
    pub fn polygram_cycles(&self) -> Vec<Vec<Point>> {
        let n = self.spec.n;
        let d = self.spec.d;
        let components = self.spec.components();
        let tips = self.tips();
        (0..components)
            .map(|start| (0..n / components).map(|k| tips[((start + k * d) % n) as usize]).collect())
            .collect()
    }

    /// Distance from the centre to every polygram edge line: `r cos(πd/n)`.
    pub fn edge_distance(&self) -> f64 {
        self.radius * (PI * f64::from(self.spec.d) / f64::from(self.spec.n)).cos()
    }

    /// Nested outlines by density: element k-1 bounds the region whose winding number is >= k
    /// (k = 1..=d). Level k is the outline star {n/(d-k+1)} on the polygram's edge lines.
    pub fn density_levels(&self) -> Vec<Vec<Point>> {
        let n = f64::from(self.spec.n);
        let edge = self.edge_distance();
        (1..=self.spec.d)
            .map(|k| {
                let m = f64::from(self.spec.d - k + 1);
                let tip = edge / (PI * m / n).cos();
                let inner = edge / (PI * (m - 1.0) / n).cos();
                // The tips of {n/m} on these lines sit half a step further round per level.
                let turn = PI * f64::from(k - 1) / n;
                outline_points(self.spec.n, tip, inner, self.rotation + turn)
            })
            .collect()
    }

    /// The winding number (density) of the polygram around `point`, in O(1).
    ///
    /// Every polygram edge runs the same way round the centre, so the count of edges that the
    /// outward radial ray from `point` crosses is the winding number. Edge j subtends directions
    /// within πd/n of its normal θ_j and meets the ray at distance h / cos(φ - θ_j); counting
    /// the θ_j in an angular window is a lattice count.
    pub fn winding_number(&self, point: Point) -> u32 {
        winding_number_polar(
            self.spec.n,
            self.spec.d,
            point.length() / self.radius,
            point.y.atan2(point.x) - self.rotation,
        )
    }

    /// The pair of polygram edges whose crossing is inner corner `a`, as tip-index pairs.
    pub fn corner_edges(&self, a: u32) -> ((u32, u32), (u32, u32)) {
        let n = self.spec.n;
        let d = self.spec.d;
        ((a, (a + d) % n), ((a + 1 + n - d) % n, (a + 1) % n))
    }

    /// Inner corner `a` computed as the intersection of its two polygram edges (for checking).
    pub fn corner_from_edges(&self, a: u32) -> Option<Point> {
        let tips = self.tips();
        let ((p, q), (s, t)) = self.corner_edges(a);
        line_intersection(tips[p as usize], tips[q as usize], tips[s as usize], tips[t as usize])
    }
}

/// Winding number of {n/d} of unit radius (rotation 0) at polar coordinates (`rho`, `phi`).
/// Mirrors `shaders/star_density.wgsl`.
pub fn winding_number_polar(n: u32, d: u32, rho: f64, phi: f64) -> u32 {
    let nf = f64::from(n);
    let half_span = PI * f64::from(d) / nf;
    let edge = half_span.cos();
    // Directions where the ray passes beyond the edge: |Δ| > acos(h/ρ).
    let inner_limit = if rho <= edge { 0.0 } else { (edge / rho).acos() };
    if inner_limit >= half_span {
        return 0;
    }
    // Normal of edge j: π/2 + 2πj/n + πd/n. t = offset of φ in units of the edge spacing.
    let first_normal = PI / 2.0 + half_span;
    let offset = (phi - first_normal).rem_euclid(2.0 * PI);
    let t = offset * nf / (2.0 * PI);
    let count_within = |angle: f64| -> i64 {
        // Integers j (mod n) with |t - j| < w, for w < n/2: no wrap double-count.
        let w = angle * nf / (2.0 * PI);
        ((t + w).ceil() - (t - w).floor() - 1.0) as i64
    };
    let outer = count_within(half_span);
    let inner = if inner_limit > 0.0 { count_within(inner_limit) } else { 0 };
    (outer - inner).max(0) as u32
}

fn outline_points(n: u32, tip_radius: f64, inner_radius: f64, rotation: f64) -> Vec<Point> {
    let step = 2.0 * PI / f64::from(n);
    (0..n)
        .flat_map(|a| {
            let angle = rotation + PI / 2.0 + step * f64::from(a);
            [Point::polar(tip_radius, angle), Point::polar(inner_radius, angle + step / 2.0)]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use curio_core::geom::polygon_winding;
    use proptest::prelude::*;

    fn spec(n: u64, d: u64) -> StarSpec {
        StarSpec::new(n, d).expect("valid star")
    }

    #[test]
    fn pentagram_inner_ratio_matches_the_seed() {
        assert!((spec(5, 2).inner_radius_ratio() - 0.381_966).abs() < 1e-6);
    }

    #[test]
    fn invalid_symbols_are_rejected_with_the_allowed_range() {
        assert_eq!(StarSpec::new(2, 1), Err(StarError::PointsOutOfRange { n: 2, max: MAX_POINTS }));
        let error = StarSpec::new(8, 4).unwrap_err();
        assert_eq!(error, StarError::DensityOutOfRange { n: 8, d: 4, max: 3 });
        assert!(error.to_string().contains("1..=3"));
        assert!(StarSpec::new(7, 0).is_err());
        assert!(StarSpec::new(7, 3).is_ok());
    }

    #[test]
    fn compounds_split_into_gcd_cycles() {
        let star = StarGeometry::unit(spec(6, 2));
        let cycles = star.polygram_cycles();
        assert_eq!(cycles.len(), 2);
        assert!(cycles.iter().all(|cycle| cycle.len() == 3));
        assert_eq!(StarGeometry::unit(spec(7, 3)).polygram_cycles().len(), 1);
    }

    #[test]
    fn hexagram_centre_has_density_two() {
        let star = StarGeometry::unit(spec(6, 2));
        assert_eq!(star.winding_number(Point::new(0.0, 0.0)), 2);
        assert_eq!(star.winding_number(Point::new(0.02, 0.9)), 1);
        assert_eq!(star.winding_number(Point::new(0.02, 1.1)), 0);
    }

    /// Brute-force winding number: sum over the polygram's closed cycles.
    fn brute_winding(star: &StarGeometry, point: Point) -> i64 {
        star.polygram_cycles().iter().map(|cycle| polygon_winding(cycle, point)).sum()
    }

    proptest! {
        #[test]
        fn inner_corners_are_polygram_edge_intersections(n in 5u32..=200, d_pick in 0u32..1000) {
            let max = max_density(n);
            prop_assume!(max >= 2);
            let d = 2 + d_pick % (max - 1);
            let star = StarGeometry::unit(StarSpec::new(n.into(), d.into()).unwrap());
            let corners = star.inner_corners();
            for a in 0..n {
                let crossing = star.corner_from_edges(a).expect("edges cross");
                prop_assert!(crossing.distance(corners[a as usize]) < 1e-9,
                    "{{{}/{}}} corner {}: {:?} vs {:?}", n, d, a, crossing, corners[a as usize]);
            }
        }

        #[test]
        fn analytic_winding_matches_brute_force(
            n in 3u32..=60, d_pick in 0u32..100, x in -1.2f64..1.2, y in -1.2f64..1.2,
            rotation in -3.0f64..3.0,
        ) {
            let d = 1 + d_pick % max_density(n);
            let star = StarGeometry {
                spec: StarSpec::new(n.into(), d.into()).unwrap(), radius: 1.0, rotation,
            };
            let point = Point::new(x, y);
            let brute = brute_winding(&star, point);
            // Counter-clockwise cycles wind positively.
            prop_assert_eq!(i64::from(star.winding_number(point)), brute);
        }

        #[test]
        fn density_levels_bound_the_winding_regions(
            n in 3u32..=40, d_pick in 0u32..100, x in -1.1f64..1.1, y in -1.1f64..1.1,
        ) {
            let d = 1 + d_pick % max_density(n);
            let star = StarGeometry::unit(StarSpec::new(n.into(), d.into()).unwrap());
            let point = Point::new(x, y);
            let winding = star.winding_number(point);
            for (index, level) in star.density_levels().iter().enumerate() {
                let inside = polygon_winding(level, point) != 0;
                prop_assert_eq!(inside, winding as usize > index);
            }
        }
    }
}
