//! Fermat points: the point of a triangle that minimises the sum of distances to its vertices,
//! the weighted geometric median of N points, and two number-theory searches on the same
//! geometry.
//!
//! Sources: the blog posts "Fermat points and parameterizing the 120 degree integer triangle
//! (Project Euler 143)" (the PE143 write-up: the construction and the parameterisation of
//! x² + xy + y² = z²) and "Project Euler 299: Three similar triangles" (the PE299 write-up: the
//! incenter and parallel cases).
//!
//! - `triangle`: the construction (outward equilateral triangles, circumcircles, apex-to-vertex
//!   lines), the vertex case at 120° or more, degenerate triangles as errors. O(1).
//! - `median`: Weiszfeld's iteration with Vardi and Zhang's step at data points. O(N) a step.
//! - `torricelli`: Project Euler 143 by sorted lists of parameterised pairs.
//! - `pe299`: Project Euler 299 from primitive solutions, multiples counted, not listed.
//! - `figure`: the construction as a `geom::Scene` for the screen, SVG and PNG.
//! - `field`: the sum of distances over the plane as a heatmap with isolines (the CPU twin of
//!   the panel's shader).

pub mod field;
pub mod figure;
pub mod median;
pub mod pe299;
pub mod torricelli;
pub mod triangle;

pub use field::{FieldStyle, field_image};
pub use figure::{FigureLayers, median_scene, median_view, triangle_scene, triangle_view};
pub use median::{Median, WeightedPoint, geometric_median};
pub use pe299::{Pe299Result, pe299};
pub use torricelli::{TorricelliResult, TorricelliTriangle, torricelli};
pub use triangle::{FermatPoint, Vertex, fermat_point};

/// Why a Fermat point or median cannot be computed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FermatError {
    /// A coordinate or weight is NaN or infinite.
    #[error("every coordinate and weight must be a finite number")]
    NotFinite,
    /// Two vertices of the triangle are the same point.
    #[error("vertices {0} and {1} are the same point: the triangle is degenerate")]
    Coincident(&'static str, &'static str),
    /// The three vertices lie on one line.
    #[error("the three vertices lie on one line: the triangle is degenerate")]
    Collinear,
    /// The median was asked of no points.
    #[error("give at least one point")]
    NoPoints,
    /// A weight is below zero.
    #[error("point {index} has weight {weight}: weights must be at least 0")]
    NegativeWeight {
        /// The point's place in the list, from 1.
        index: usize,
        /// Its weight.
        weight: f64,
    },
    /// Every weight is zero.
    #[error("every weight is 0: at least one must be positive")]
    ZeroWeights,
}
