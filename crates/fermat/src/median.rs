//! The weighted geometric median (the Fermat–Weber point) of N points: the point X that
//! minimises Σ wᵢ·|X − Pᵢ|, by Weiszfeld's iteration with Vardi and Zhang's step at a data
//! point, so that an iterate landing on a point neither divides by zero nor sticks there when
//! the point is not the median. O(N) per iteration; the iteration converges linearly.

use super::FermatError;
use curio_core::geom::Point;

/// A point with its weight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WeightedPoint {
    /// Where it is.
    pub point: Point,
    /// Its weight (finite, at least 0).
    pub weight: f64,
}

/// The median found and how it was found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Median {
    /// The point that minimises the weighted sum of distances.
    pub point: Point,
    /// The least weighted sum Σ wᵢ·|X − Pᵢ|.
    pub sum: f64,
    /// Weiszfeld steps taken.
    pub iterations: usize,
}

/// Most Weiszfeld steps before the iteration stops where it is.
pub const MAX_ITERATIONS: usize = 100_000;

/// The iteration stops once a step moves less than this share of the points' extent.
const TOLERANCE: f64 = 1e-12;

/// The weighted sum of distances from `at` to `points`.
pub fn weighted_sum(at: Point, points: &[WeightedPoint]) -> f64 {
    points.iter().map(|item| item.weight * at.distance(item.point)).sum()
}

/// Checks the points: at least one, every coordinate and weight finite, weights at least 0 and
/// not all 0.
fn check(points: &[WeightedPoint]) -> Result<(), FermatError> {
    if points.is_empty() {
        return Err(FermatError::NoPoints);
    }
    for (index, item) in points.iter().enumerate() {
        if !item.point.x.is_finite() || !item.point.y.is_finite() || !item.weight.is_finite() {
            return Err(FermatError::NotFinite);
        }
        if item.weight < 0.0 {
            return Err(FermatError::NegativeWeight { index: index + 1, weight: item.weight });
        }
    }
    if points.iter().all(|item| item.weight == 0.0) {
        return Err(FermatError::ZeroWeights);
    }
    Ok(())
}

/// One Vardi–Zhang step from `at`: Weiszfeld's weighted mean over the points away from `at`,
/// pulled back towards `at` by the weight of the points on it. `None` when `at` is the median
/// (the pull of the others is no stronger than the weight on it).
fn step(at: Point, points: &[WeightedPoint]) -> Option<Point> {
    let (mut weighted, mut total) = (Point::default(), 0.0);
    let mut pull = Point::default();
    let mut on_point = 0.0;
    for item in points {
        let distance = at.distance(item.point);
        if distance == 0.0 {
            on_point += item.weight;
            continue;
        }
        let factor = item.weight / distance;
        weighted += item.point * factor;
        total += factor;
        pull += (item.point - at) * factor;
    }
    if total == 0.0 {
        return None;
    }
    let mean = weighted * (1.0 / total);
    if on_point == 0.0 {
        return Some(mean);
    }
    let strength = pull.length();
    if strength <= on_point {
        return None;
    }
    let share = on_point / strength;
    Some(mean * (1.0 - share) + at * share)
}

/// The weighted geometric median of `points`, from their weighted centroid.
pub fn geometric_median(points: &[WeightedPoint]) -> Result<Median, FermatError> {
    check(points)?;
    let total: f64 = points.iter().map(|item| item.weight).sum();
    let mut at = points.iter().fold(Point::default(), |sum, item| sum + item.point * (item.weight / total));
    let extent = points.iter().map(|item| item.point.distance(at)).fold(0.0, f64::max).max(f64::MIN_POSITIVE);
    let mut iterations = 0;
    while iterations < MAX_ITERATIONS {
        let Some(next) = step(at, points) else { break };
        iterations += 1;
        let moved = next.distance(at);
        at = next;
        if moved <= TOLERANCE * extent {
            break;
        }
    }
    Ok(Median { point: at, sum: weighted_sum(at, points), iterations })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A numeric minimiser that knows nothing of Weiszfeld: compass search on the convex sum,
    /// halving its step whenever no direction improves.
    fn compass_minimum(points: &[WeightedPoint]) -> (Point, f64) {
        let mut at = points[0].point;
        let mut best = weighted_sum(at, points);
        let mut step = points.iter().map(|item| item.point.distance(at)).fold(1.0, f64::max);
        while step > 1e-11 {
            let mut improved = false;
            for direction in 0..8 {
                let probe = at + Point::polar(step, f64::from(direction) * std::f64::consts::PI / 4.0);
                let value = weighted_sum(probe, points);
                if value < best {
                    (at, best, improved) = (probe, value, true);
                }
            }
            if !improved {
                step *= 0.5;
            }
        }
        (at, best)
    }

    fn weighted_points() -> impl Strategy<Value = Vec<WeightedPoint>> {
        proptest::collection::vec((-50.0f64..50.0, -50.0f64..50.0, 0.1f64..5.0), 3..12).prop_map(|items| {
            items
                .into_iter()
                .map(|(x, y, weight)| WeightedPoint { point: Point::new(x, y), weight })
                .collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        #[test]
        fn the_median_is_the_numeric_minimum(points in weighted_points()) {
            let median = geometric_median(&points).unwrap();
            let (_, minimum) = compass_minimum(&points);
            prop_assert!(median.sum <= minimum + 1e-7 * minimum.max(1.0), "{} against {minimum}", median.sum);
        }

        /// Three points with unit weights: the median is the triangle's Fermat point.
        #[test]
        fn three_unit_points_give_the_fermat_point(
            coordinates in proptest::array::uniform6(-50.0f64..50.0),
        ) {
            let [ax, ay, bx, by, cx, cy] = coordinates;
            let vertices = [Point::new(ax, ay), Point::new(bx, by), Point::new(cx, cy)];
            let Ok(fermat) = super::super::fermat_point(vertices) else { return Ok(()) };
            let points: Vec<WeightedPoint> = vertices.iter().map(|&point| WeightedPoint { point, weight: 1.0 }).collect();
            let median = geometric_median(&points).unwrap();
            prop_assert!((median.sum - fermat.sum).abs() < 1e-7 * fermat.sum.max(1.0), "{} against {}", median.sum, fermat.sum);
        }
    }

    #[test]
    fn a_heavy_point_is_its_own_median_and_the_iteration_does_not_stick_on_a_light_one() {
        let p = |x, y, weight| WeightedPoint { point: Point::new(x, y), weight };
        // The centroid (0, 0) is the first iterate and also a data point.
        let heavy = [p(0.0, 0.0, 5.0), p(1.0, 0.0, 1.0), p(-1.0, 1.0, 1.0), p(0.0, -1.0, 1.0)];
        assert_eq!(geometric_median(&heavy).unwrap().point, Point::new(0.0, 0.0));
        let light = [p(0.0, 0.0, 0.1), p(3.0, 0.0, 1.0), p(-3.0, 0.0, 1.0), p(0.0, 3.0, 1.0)];
        let median = geometric_median(&light).unwrap();
        assert!(median.point.y > 0.5, "{:?}", median.point);
    }

    #[test]
    fn collinear_points_have_their_middle_point_as_median() {
        let points: Vec<WeightedPoint> = [0.0, 1.0, 5.0]
            .iter()
            .map(|&x| WeightedPoint { point: Point::new(x, 2.0 * x), weight: 1.0 })
            .collect();
        let median = geometric_median(&points).unwrap();
        assert!(median.point.distance(Point::new(1.0, 2.0)) < 1e-9, "{:?}", median.point);
    }

    #[test]
    fn bad_points_are_clear_errors() {
        let p = |x, weight| WeightedPoint { point: Point::new(x, 0.0), weight };
        assert_eq!(geometric_median(&[]), Err(FermatError::NoPoints));
        assert_eq!(
            geometric_median(&[p(0.0, 1.0), p(1.0, -2.0)]),
            Err(FermatError::NegativeWeight { index: 2, weight: -2.0 })
        );
        assert_eq!(geometric_median(&[p(0.0, 0.0)]), Err(FermatError::ZeroWeights));
        assert_eq!(geometric_median(&[p(f64::INFINITY, 1.0)]), Err(FermatError::NotFinite));
    }
}
