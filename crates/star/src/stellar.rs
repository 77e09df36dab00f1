//! Stellar numbers S(p, k) = p·k·(k−1) + 1 and their dot figures.
//!
//! The dot figure of stage k has one centre dot and rings j = 1..k−1; ring j is the outline of a
//! p-pointed star scaled by j with each of its 2p edges divided into j steps, giving 2pj dots. So
//! the dot count is 1 + Σ 2pj = S(p, k). For p = 6 the rings use the hexagram {6/2}, whose tips and
//! inner corners sit on the triangular lattice, so all dots fall on that lattice.

use super::{StarSpec, max_density};
use curio_core::geom::{Color, Path, Point, Rect, Scene, Style};
use std::f64::consts::PI;

/// Smallest number of points.
pub const MIN_POINTS: u64 = 3;
/// Most dots a dot figure may have (bounded so exports stay small).
pub const MAX_FIGURE_DOTS: u64 = 2_000_000;

/// Why a stellar number or figure cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StellarError {
    /// p below 3.
    #[error("points = {0} is out of range: points must be at least {MIN_POINTS}")]
    PointsOutOfRange(u64),
    /// k below 1.
    #[error("stage = 0 is out of range: stage must be at least 1")]
    StageOutOfRange,
    /// The number does not fit in 64 bits.
    #[error("S({points}, {stage}) does not fit in 64 bits; use smaller points or stage")]
    Overflow {
        /// p.
        points: u64,
        /// k.
        stage: u64,
    },
    /// The figure would have too many dots to draw.
    #[error("the dot figure of S({points}, {stage}) has {dots} dots; at most {MAX_FIGURE_DOTS} can be drawn")]
    TooManyDots {
        /// p.
        points: u64,
        /// k.
        stage: u64,
        /// The dot count.
        dots: u64,
    },
}

/// S(p, k) = p·k·(k−1) + 1, checked.
pub fn stellar_number(points: u64, stage: u64) -> Result<u64, StellarError> {
    if points < MIN_POINTS {
        return Err(StellarError::PointsOutOfRange(points));
    }
    if stage == 0 {
        return Err(StellarError::StageOutOfRange);
    }
    points
        .checked_mul(stage)
        .and_then(|v| v.checked_mul(stage - 1))
        .and_then(|v| v.checked_add(1))
        .ok_or(StellarError::Overflow { points, stage })
}

/// Inner-corner radius ratio used for the rings: that of {p/2} when it exists, else 1/2.
pub fn ring_inner_ratio(points: u64) -> f64 {
    match u32::try_from(points) {
        Ok(n) if max_density(n) >= 2 => StarSpec { n, d: 2 }.inner_radius_ratio(),
        _ => 0.5,
    }
}

/// The dot positions of stage k, centre first, for tip spacing 1 per ring.
pub fn dot_positions(points: u64, stage: u64) -> Result<Vec<Point>, StellarError> {
    let dots = stellar_number(points, stage)?;
    if dots > MAX_FIGURE_DOTS {
        return Err(StellarError::TooManyDots { points, stage, dots });
    }
    let mut positions = Vec::with_capacity(dots as usize);
    positions.push(Point::default());
    for ring in 1..stage {
        let corners = ring_corners(points, ring);
        for (index, &start) in corners.iter().enumerate() {
            let end = corners[(index + 1) % corners.len()];
            for s in 0..ring {
                positions.push(start + (end - start) * (s as f64 / ring as f64));
            }
        }
    }
    Ok(positions)
}

/// The 2p corners of ring `ring` (tip, inner corner, tip, …), tips at radius `ring`.
fn ring_corners(points: u64, ring: u64) -> Vec<Point> {
    let ratio = ring_inner_ratio(points);
    let step = 2.0 * PI / points as f64;
    let scale = ring as f64;
    (0..points)
        .flat_map(|a| {
            let angle = PI / 2.0 + step * a as f64;
            [Point::polar(scale, angle), Point::polar(scale * ratio, angle + step / 2.0)]
        })
        .collect()
}

/// The dot figure as a scene: faint ring outlines and one dot per unit.
pub fn dot_figure_scene(
    points: u64,
    stage: u64,
    dot_color: Color,
    background: Option<Color>,
) -> Result<Scene, StellarError> {
    let positions = dot_positions(points, stage)?;
    let extent = (stage.saturating_sub(1)).max(1) as f64;
    let dot_radius = 0.22 * (0.5_f64).min(ring_spacing_factor(points));
    let half = extent + 0.6;
    let mut scene = Scene::new(Rect::centered_square(half), background);
    let mut rings = Path::new();
    for ring in 1..stage {
        rings.polygon(&ring_corners(points, ring));
    }
    scene.push(rings, Style::stroked(dot_color.lerp(Color::rgba(255, 255, 255, 0), 0.6), dot_radius * 0.35));
    let mut dots = Path::new();
    for position in positions {
        dots.circle(position, dot_radius);
    }
    scene.push(dots, Style::filled(dot_color));
    Ok(scene)
}

/// Smallest distance between neighbouring dots on a unit ring, relative to the ring radius.
fn ring_spacing_factor(points: u64) -> f64 {
    let ratio = ring_inner_ratio(points);
    let step = 2.0 * PI / points as f64;
    Point::polar(1.0, 0.0).distance(Point::polar(ratio, step / 2.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_pointed_stellar_numbers_are_the_star_numbers() {
        let values: Vec<u64> = (1..=5).map(|k| stellar_number(6, k).unwrap()).collect();
        assert_eq!(values, [1, 13, 37, 73, 121]);
    }

    #[test]
    fn dot_count_equals_the_stellar_number() {
        for points in 3..=12 {
            for stage in 1..=7 {
                let dots = dot_positions(points, stage).unwrap();
                assert_eq!(dots.len() as u64, stellar_number(points, stage).unwrap(), "S({points},{stage})");
            }
        }
    }

    #[test]
    fn hexagram_dots_fall_on_the_triangular_lattice_without_repeats() {
        // Lattice basis with unit spacing 1/sqrt(3) (the inner corner distance of ring 1).
        let spacing = 1.0 / 3f64.sqrt();
        let dots = dot_positions(6, 6).unwrap();
        let mut seen = std::collections::HashSet::new();
        for dot in dots {
            // Rotate so a lattice axis is horizontal: inner corners are at 0°, 60°, ...
            let b = dot.y / (spacing * (PI / 3.0).sin());
            let a = dot.x / spacing - b * 0.5;
            assert!((a - a.round()).abs() < 1e-9 && (b - b.round()).abs() < 1e-9, "{dot:?} off lattice");
            assert!(seen.insert((a.round() as i64, b.round() as i64)), "{dot:?} repeated");
        }
    }

    #[test]
    fn bad_input_is_named() {
        assert!(stellar_number(2, 3).unwrap_err().to_string().contains("points = 2"));
        assert!(stellar_number(6, 0).unwrap_err().to_string().contains("stage"));
        assert!(matches!(stellar_number(u64::MAX, 3), Err(StellarError::Overflow { .. })));
        assert!(matches!(dot_positions(6, 10_000), Err(StellarError::TooManyDots { .. })));
    }
}
