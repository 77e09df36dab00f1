//! The Fermat (Torricelli) point of a triangle by the construction of the PE143 write-up (see the module `fermat`): an equilateral
//! triangle erected outward on each side, its circumcircle, and the line from its apex to the
//! opposite vertex. The three lines meet at the point, where each side subtends 120°, and each
//! line is as long as PA + PB + PC (Ptolemy's theorem on the cyclic quadrilateral). Where an
//! angle of the triangle is 120° or more the lines meet outside the optimum, and the vertex at
//! that angle minimises the sum instead. O(1).

use super::FermatError;
use curio_core::geom::{Point, line_intersection};

/// One of the triangle's vertices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Vertex {
    /// The first vertex.
    A,
    /// The second vertex.
    B,
    /// The third vertex.
    C,
}

impl Vertex {
    /// The vertex's letter.
    pub fn name(self) -> &'static str {
        match self {
            Vertex::A => "A",
            Vertex::B => "B",
            Vertex::C => "C",
        }
    }
}

/// The PE143 write-up's construction on one side: the equilateral triangle erected outward on the side
/// opposite `vertex`, its circumcircle, and the line from its apex to `vertex`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SideConstruction {
    /// The vertex opposite the side.
    pub vertex: Vertex,
    /// The two ends of the side, in order around the triangle.
    pub side: [Point; 2],
    /// The apex of the equilateral triangle on the side, outside the triangle.
    pub apex: Point,
    /// Centre of its circumcircle.
    pub center: Point,
    /// Radius of its circumcircle (side length / √3).
    pub radius: f64,
    /// Length of the line from the apex to the opposite vertex.
    pub line_length: f64,
}

/// The Fermat point of a triangle with its construction.
#[derive(Clone, Debug, PartialEq)]
pub struct FermatPoint {
    /// The point that minimises PA + PB + PC.
    pub point: Point,
    /// The least sum PA + PB + PC.
    pub sum: f64,
    /// The vertex whose angle is 120° or more, which is then the point; `None` when every angle
    /// is under 120° and the point lies inside, where the three lines meet.
    pub at_vertex: Option<Vertex>,
    /// The construction on the sides opposite A, B and C.
    pub sides: [SideConstruction; 3],
    /// The angles APB, BPC and CPA at the point, in degrees: each 120 when the point is inside,
    /// zeros when it is a vertex.
    pub angles_degrees: [f64; 3],
}

/// Sum of the distances from `point` to every vertex.
pub fn distance_sum(point: Point, vertices: &[Point; 3]) -> f64 {
    vertices.iter().map(|&vertex| point.distance(vertex)).sum()
}

/// The angle at `corner` between the rays to `first` and `second`, in radians (0..=π).
fn angle(corner: Point, first: Point, second: Point) -> f64 {
    let (u, v) = (first - corner, second - corner);
    let cross = u.x * v.y - u.y * v.x;
    let dot = u.x * v.x + u.y * v.y;
    cross.abs().atan2(dot)
}

/// Checks that the vertices are finite and make a proper triangle.
fn check_triangle(vertices: &[Point; 3]) -> Result<(), FermatError> {
    if vertices.iter().any(|vertex| !vertex.x.is_finite() || !vertex.y.is_finite()) {
        return Err(FermatError::NotFinite);
    }
    let names = [Vertex::A, Vertex::B, Vertex::C];
    for i in 0..3 {
        for j in i + 1..3 {
            if vertices[i] == vertices[j] {
                return Err(FermatError::Coincident(names[i].name(), names[j].name()));
            }
        }
    }
    let [a, b, c] = *vertices;
    let twice_area = ((b - a).x * (c - a).y - (b - a).y * (c - a).x).abs();
    let longest = a.distance(b).max(b.distance(c)).max(c.distance(a));
    if twice_area <= 1e-12 * longest * longest {
        return Err(FermatError::Collinear);
    }
    Ok(())
}

/// The construction on the side `from`–`to` opposite `vertex`: the apex is on the side of the
/// line away from `vertex`.
fn side_construction(vertex: Vertex, opposite: Point, from: Point, to: Point) -> SideConstruction {
    let middle = (from + to) * 0.5;
    let along = to - from;
    let length = along.length();
    let normal = Point::new(-along.y, along.x) * (1.0 / length);
    let height = length * 3f64.sqrt() / 2.0;
    let toward_vertex = (opposite - middle).x * normal.x + (opposite - middle).y * normal.y;
    let outward = if toward_vertex > 0.0 { normal * -1.0 } else { normal };
    let apex = middle + outward * height;
    SideConstruction {
        vertex,
        side: [from, to],
        apex,
        center: middle + outward * (height / 3.0),
        radius: length / 3f64.sqrt(),
        line_length: apex.distance(opposite),
    }
}

/// The Fermat point of the triangle `vertices` (A, B, C) by the construction; degenerate
/// triangles (a vertex not finite, two vertices at one place, all three on a line) are errors.
pub fn fermat_point(vertices: [Point; 3]) -> Result<FermatPoint, FermatError> {
    check_triangle(&vertices)?;
    let [a, b, c] = vertices;
    let sides = [
        side_construction(Vertex::A, a, b, c),
        side_construction(Vertex::B, b, c, a),
        side_construction(Vertex::C, c, a, b),
    ];
    let corner_angles = [angle(a, b, c), angle(b, c, a), angle(c, a, b)];
    let wide = corner_angles.iter().position(|&corner| corner >= 2.0 * std::f64::consts::PI / 3.0 - 1e-12);
    let (point, at_vertex) = match wide {
        Some(index) => (vertices[index], Some([Vertex::A, Vertex::B, Vertex::C][index])),
        None => {
            // The lines from two apexes to their opposite vertices meet at the point; with
            // every angle under 120° they are never parallel.
            let point = line_intersection(sides[0].apex, a, sides[1].apex, b)
                .or_else(|| line_intersection(sides[1].apex, b, sides[2].apex, c))
                .ok_or(FermatError::Collinear)?;
            (point, None)
        }
    };
    let angles_degrees = if at_vertex.is_some() {
        [0.0; 3]
    } else {
        [angle(point, a, b), angle(point, b, c), angle(point, c, a)].map(f64::to_degrees)
    };
    Ok(FermatPoint { point, sum: distance_sum(point, &vertices), at_vertex, sides, angles_degrees })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn triangle() -> impl Strategy<Value = [Point; 3]> {
        proptest::array::uniform3((-100.0f64..100.0, -100.0f64..100.0).prop_map(|(x, y)| Point::new(x, y)))
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

        /// Inside, the three angles are 120° and each line is as long as the sum; at a vertex
        /// the sum is that of the two sides from it. Either way no nearby point does better.
        #[test]
        fn the_construction_point_minimises_the_sum(vertices in triangle()) {
            let Ok(fermat) = fermat_point(vertices) else { return Ok(()) };
            let scale = vertices[0].distance(vertices[1]).max(vertices[1].distance(vertices[2]));
            if fermat.at_vertex.is_none() {
                for degrees in fermat.angles_degrees {
                    prop_assert!((degrees - 120.0).abs() < 1e-6, "{:?}", fermat.angles_degrees);
                }
                for side in fermat.sides {
                    prop_assert!((side.line_length - fermat.sum).abs() < 1e-9 * scale.max(1.0), "{} {}", side.line_length, fermat.sum);
                }
            }
            for step in [1e-3, 1e-2, 1e-1] {
                for direction in 0..16 {
                    let probe = fermat.point + Point::polar(step * scale, f64::from(direction) * std::f64::consts::PI / 8.0);
                    prop_assert!(distance_sum(probe, &vertices) >= fermat.sum - 1e-9 * scale);
                }
            }
        }
    }

    #[test]
    fn a_wide_angle_puts_the_point_at_its_vertex() {
        let vertices = [Point::new(0.0, 0.0), Point::new(10.0, 0.0), Point::new(5.0, 1.0)];
        let fermat = fermat_point(vertices).unwrap();
        assert_eq!(fermat.at_vertex, Some(Vertex::C));
        assert_eq!(fermat.point, vertices[2]);
        assert!((fermat.sum - 2.0 * 26f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn an_equilateral_triangle_has_its_point_at_the_centre() {
        let vertices = [Point::new(0.0, 0.0), Point::new(2.0, 0.0), Point::new(1.0, 3f64.sqrt())];
        let fermat = fermat_point(vertices).unwrap();
        assert!(fermat.point.distance(Point::new(1.0, 3f64.sqrt() / 3.0)) < 1e-12);
        assert!((fermat.sum - 2.0 * 3f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn degenerate_triangles_are_clear_errors() {
        let p = Point::new;
        assert_eq!(
            fermat_point([p(0.0, 0.0), p(0.0, 0.0), p(1.0, 1.0)]),
            Err(FermatError::Coincident("A", "B"))
        );
        assert_eq!(fermat_point([p(0.0, 0.0), p(1.0, 1.0), p(2.0, 2.0)]), Err(FermatError::Collinear));
        assert_eq!(fermat_point([p(f64::NAN, 0.0), p(1.0, 1.0), p(2.0, 0.0)]), Err(FermatError::NotFinite));
    }
}
