//! Cubic UFO: turn a unit cube about its centre so that its shadow on the xz-plane (light along
//! y) has area A, 1 <= A <= sqrt(3); answer with three face centres. The shadow of a unit cube
//! along a unit direction u (in the cube's frame) has area |u_x| + |u_y| + |u_z|. Turning about
//! z by t gives cos t + sin t (1 to sqrt 2 at t = 45 degrees); then turning about x by p gives
//! sqrt(2) cos p + sin p (sqrt 2 to sqrt 3). Both invert in closed form. The write-up searched
//! instead ([`hill_climb`]): three rotation angles, the shadow by gift wrapping, continuous hill
//! climbing until the area is within 1e-9.

use super::{Method, Tokens};
use crate::ClassicsError;

/// Largest shadow: the cube seen along its diagonal.
pub const MAX_AREA: f64 = 1.732_050_807_568_877_2;

/// A 3-vector.
pub type Vector = [f64; 3];

/// The rotation (as its three columns: the images of x, y and z) giving a shadow of `area`.
pub fn rotation(area: f64) -> [Vector; 3] {
    let area = area.clamp(1.0, MAX_AREA);
    let sqrt2 = std::f64::consts::SQRT_2;
    let (turn, tilt) = if area <= sqrt2 {
        ((area / sqrt2).min(1.0).asin() - std::f64::consts::FRAC_PI_4, 0.0)
    } else {
        // sqrt(2) cos p + sin p = sqrt(3) sin(p + atan(sqrt 2)).
        (std::f64::consts::FRAC_PI_4, (area / MAX_AREA).min(1.0).asin() - sqrt2.atan())
    };
    let (st, ct) = turn.sin_cos();
    let (sp, cp) = tilt.sin_cos();
    // R = Rx(p) Rz(t); columns are R applied to the axes.
    let rz = [[ct, st, 0.0], [-st, ct, 0.0], [0.0, 0.0, 1.0]];
    rz.map(|[x, y, z]| [x, cp * y - sp * z, sp * y + cp * z])
}

/// The three face centres of the cube turned by [`rotation`] (half the columns).
pub fn face_centres(area: f64) -> [Vector; 3] {
    rotation(area).map(|column| column.map(|value| value * 0.5))
}

/// The shadow on the xz-plane of the cube whose face centres are given: the convex hull of its
/// eight corners' (x, z), counter-clockwise.
pub fn shadow(centres: &[Vector; 3]) -> Vec<(f64, f64)> {
    let mut corners = Vec::with_capacity(8);
    for signs in 0..8 {
        let sign = |bit: usize| if signs >> bit & 1 == 1 { 1.0 } else { -1.0 };
        let corner: Vector =
            std::array::from_fn(|axis| (0..3).map(|face| sign(face) * centres[face][axis]).sum());
        corners.push((corner[0], corner[2]));
    }
    convex_hull(corners)
}

/// The area of a simple polygon (shoelace).
pub fn polygon_area(points: &[(f64, f64)]) -> f64 {
    let n = points.len();
    (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum::<f64>()
        .abs()
        / 2.0
}

/// Andrew's monotone chain.
fn convex_hull(mut points: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    points.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    let cross =
        |o: (f64, f64), a: (f64, f64), b: (f64, f64)| (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0);
    let mut hull: Vec<(f64, f64)> = Vec::new();
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &(f64, f64)>> =
            if pass == 0 { Box::new(points.iter()) } else { Box::new(points.iter().rev()) };
        for &point in iter {
            while hull.len() >= start + 2 && cross(hull[hull.len() - 2], hull[hull.len() - 1], point) <= 1e-15
            {
                hull.pop();
            }
            hull.push(point);
        }
        hull.pop();
    }
    hull
}

/// How far an answer is from right: the largest of the shadow's error against `area`, each
/// face centre's length squared against 1/4, and each pair's dot product (the contest accepts
/// 1e-6).
pub fn error(centres: &[Vector; 3], area: f64) -> f64 {
    let dot = |a: &Vector, b: &Vector| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    let mut worst = (polygon_area(&shadow(centres)) - area).abs();
    for i in 0..3 {
        worst = worst.max((dot(&centres[i], &centres[i]) - 0.25).abs());
        for j in i + 1..3 {
            worst = worst.max(dot(&centres[i], &centres[j]).abs());
        }
    }
    worst
}

/// Rounds of the write-up's hill climbing before giving up (its Python loops for ever).
pub const CLIMB_ROUNDS: usize = 100_000;

/// `v` turned about z by `gamma`, then y by `beta`, then x by `alpha` (the write-up's
/// `rotate_matrix`, its matrices from the same article).
fn rotate(v: Vector, alpha: f64, beta: f64, gamma: f64) -> Vector {
    let (s, c) = gamma.sin_cos();
    let v = [c * v[0] - s * v[1], s * v[0] + c * v[1], v[2]];
    let (s, c) = beta.sin_cos();
    let v = [c * v[0] + s * v[2], v[1], -s * v[0] + c * v[2]];
    let (s, c) = alpha.sin_cos();
    [v[0], c * v[1] - s * v[2], s * v[1] + c * v[2]]
}

/// Python's `round(value, 15)`, near enough: the write-up's guard against points that should
/// be equal but differ in the last bits.
fn round15(value: f64) -> f64 {
    (value * 1e15).round() / 1e15
}

/// The write-up's gift wrapping (Jarvis march, as in its article's pseudocode): from the
/// leftmost point, take as the next point one that no other point lies left of. Stops, rather
/// than loop, after as many points as there are.
fn gift_wrap(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let is_on_left = |x: (f64, f64), start: (f64, f64), end: (f64, f64)| {
        (end.0 - start.0) * (x.1 - start.1) - (end.1 - start.1) * (x.0 - start.0) > 0.0
    };
    let Some(&first) = points.iter().min_by(|a, b| a.0.total_cmp(&b.0)) else { return Vec::new() };
    let mut hull = Vec::new();
    let mut on_hull = first;
    loop {
        hull.push(on_hull);
        let mut endpoint = points[0];
        for &point in points {
            if endpoint == on_hull || is_on_left(point, on_hull, endpoint) {
                endpoint = point;
            }
        }
        on_hull = endpoint;
        if endpoint == hull[0] || hull.len() > points.len() {
            return hull;
        }
    }
}

/// The write-up's `get_step`: the face centres and the shadow's area of the cube turned by the
/// three angles (corners projected by dropping y, rounded, deduplicated, wrapped).
pub fn turned(alpha: f64, beta: f64, gamma: f64) -> ([Vector; 3], f64) {
    let faces =
        [[0.5, 0.0, 0.0], [0.0, 0.5, 0.0], [0.0, 0.0, 0.5]].map(|face| rotate(face, alpha, beta, gamma));
    let mut points: Vec<(f64, f64)> = (0..8)
        .map(|corner| {
            let sign = |bit: usize| if corner >> bit & 1 == 1 { 0.5 } else { -0.5 };
            let v = rotate([sign(2), sign(1), sign(0)], alpha, beta, gamma);
            (round15(v[0]), round15(v[2]))
        })
        .collect();
    points.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    points.dedup();
    let hull = gift_wrap(&points);
    (faces, polygon_area(&hull))
}

/// The write-up's hill climbing: from angles (1, 1, 1) and steps (1, 1, 1), try each angle
/// moved by the step times -12, -1/12, 0, 1/12 or 12 and keep the best (the step grows by that
/// factor, or shrinks twelvefold when staying put is best), until the area is within 1e-9 of
/// `area`. The face centres and the rounds it took; `None` after [`CLIMB_ROUNDS`].
pub fn hill_climb(area: f64) -> (Option<usize>, [Vector; 3]) {
    const ACCELERATION: f64 = 12.0;
    const CANDIDATES: [f64; 5] = [-ACCELERATION, -1.0 / ACCELERATION, 0.0, 1.0 / ACCELERATION, ACCELERATION];
    let shadow_area = |point: &[f64; 3]| turned(point[0], point[1], point[2]).1;
    let mut point = [1.0f64; 3];
    let mut step = [1.0f64; 3];
    for round in 1..=CLIMB_ROUNDS {
        for i in 0..3 {
            let mut best = 0;
            let mut best_score = f64::INFINITY;
            for (j, candidate) in CANDIDATES.iter().enumerate() {
                point[i] += step[i] * candidate;
                let score = (shadow_area(&point) - area).abs();
                point[i] -= step[i] * candidate;
                if score < best_score {
                    best_score = score;
                    best = j;
                }
            }
            if CANDIDATES[best] == 0.0 {
                step[i] /= ACCELERATION;
            } else {
                point[i] += step[i] * CANDIDATES[best];
                step[i] *= CANDIDATES[best];
            }
        }
        if (area - shadow_area(&point)).abs() < 1e-9 {
            return (Some(round), turned(point[0], point[1], point[2]).0);
        }
    }
    (None, turned(point[0], point[1], point[2]).0)
}

fn number(value: f64) -> String {
    let value = if value.abs() < 1e-15 { 0.0 } else { value };
    format!("{value}")
}

pub(super) fn read_and_solve(tokens: &mut Tokens, method: Method) -> Result<String, ClassicsError> {
    let area = tokens.real("A", 1.0, 1.732051)?;
    let centres = match method {
        Method::WriteUp => hill_climb(area).1,
        Method::Curio | Method::WriteUpFirst => face_centres(area),
    };
    let lines: Vec<String> = centres.iter().map(|centre| centre.map(number).join(" ")).collect();
    Ok(format!("\n{}", lines.join("\n")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codejam::CodeJamProblem;

    fn parse_answer(output: &str) -> Vec<[Vector; 3]> {
        let lines: Vec<&str> = output.lines().collect();
        lines
            .chunks(4)
            .map(|chunk| {
                std::array::from_fn(|face| {
                    let values: Vec<f64> = chunk[face + 1].split(' ').map(|v| v.parse().unwrap()).collect();
                    [values[0], values[1], values[2]]
                })
            })
            .collect()
    }

    /// The contest's checker: three face centres of a unit cube (length 1/2, at right angles)
    /// whose shadow has the area within 1e-6.
    fn check(centres: &[Vector; 3], area: f64) {
        let got = error(centres, area);
        assert!(got <= 1e-6, "area {area}: off by {got}");
    }

    #[test]
    fn the_sample_within_tolerance() {
        let problem = CodeJamProblem::CubicUfo;
        let output = problem.solve(problem.sample_input()).unwrap();
        assert!(output.starts_with("Case #1:\n0.5 0 0\n0 0.5 0\n0 0 0.5\nCase #2:\n"), "{output}");
        for (centres, area) in parse_answer(&output).iter().zip([1.0, "1.414213".parse::<f64>().unwrap()]) {
            check(centres, area);
        }
    }

    #[test]
    fn every_area_within_tolerance() {
        for step in 0..=2000 {
            let area = 1.0 + (1.732050 - 1.0) * step as f64 / 2000.0;
            check(&face_centres(area), area);
        }
        check(&face_centres(1.732050), 1.732050);
    }

    #[test]
    fn the_write_ups_search_reaches_its_own_two_targets() {
        for area in [1_414_213.0 / 1e6, 1_732_050.0 / 1e6] {
            let (rounds, centres) = hill_climb(area);
            assert!(rounds.is_some(), "{area}");
            assert!(error(&centres, area) <= 1e-6, "{area}: {}", error(&centres, area));
        }
        // Its shadow by gift wrapping equals the monotone chain's.
        for (alpha, beta, gamma) in [(0.3, 1.1, -0.7), (1.0, 1.0, 1.0), (0.0, 0.0, 0.0), (2.0, -0.4, 0.9)] {
            let (centres, area) = turned(alpha, beta, gamma);
            assert!((polygon_area(&shadow(&centres)) - area).abs() < 1e-12);
        }
    }
}
