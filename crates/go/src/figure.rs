//! The position as a vector scene for SVG and PNG through the shared export: a wooden board,
//! the stones, and optionally the territory of the area score (a small square on each owned
//! sample point) and chain outlines (a line between connected stones of a chain).

use super::game::{Score, score};
use super::geometry::{BOARD, Point as BoardPoint};
use super::position::{Colour, Position};
use curio_core::geom::{Color, Path, Point, Rect, Scene, Style};

/// The board's wood.
pub const WOOD: Color = Color::rgb(0xdc, 0xb3, 0x6c);
/// Black stones.
pub const BLACK: Color = Color::rgb(0x1c, 0x1c, 0x1c);
/// White stones.
pub const WHITE: Color = Color::rgb(0xf4, 0xf4, 0xf0);

/// Board coordinates (y down) to model space (y up).
pub fn model(p: BoardPoint) -> Point {
    Point::new(p.x as f64, (BOARD - p.y) as f64)
}

/// The position's scene; with `territory`, the owners of the area score (komi `komi`); with
/// `chains`, lines joining connected stones.
pub fn scene(position: &Position, territory: bool, chains: bool, komi: f64) -> Scene {
    let size = (BOARD + 1) as f64;
    let mut scene = Scene::new(Rect { min: Point::new(0.0, 0.0), max: Point::new(size, size) }, Some(WOOD));
    let r = position.geometry.radius as f64;
    if territory {
        let Score { owners, .. } = score(position, komi, super::game::SAMPLES);
        let samples = super::game::SAMPLES;
        let step = size / samples as f64;
        for (colour, code) in [(BLACK, 1u8), (WHITE, 2u8)] {
            let mut path = Path::new();
            for (index, &owner) in owners.iter().enumerate() {
                if owner == code {
                    let (row, col) = (index / samples, index % samples);
                    let centre = Point::new((col as f64 + 0.5) * step, size - (row as f64 + 0.5) * step);
                    let half = step * 0.18;
                    path.polygon(&[
                        Point::new(centre.x - half, centre.y - half),
                        Point::new(centre.x + half, centre.y - half),
                        Point::new(centre.x + half, centre.y + half),
                        Point::new(centre.x - half, centre.y + half),
                    ]);
                }
            }
            scene.push(path, Style::filled(colour));
        }
    }
    for colour in [Colour::Black, Colour::White] {
        let mut path = Path::new();
        for stone in position.stones().iter().filter(|s| s.colour == colour) {
            path.circle(model(stone.at), r);
        }
        let fill = if colour == Colour::Black { BLACK } else { WHITE };
        scene.push(
            path,
            Style {
                fill: Some(fill),
                stroke: Some(curio_core::geom::Stroke { color: BLACK, width: r * 0.04 }),
                ..Style::default()
            },
        );
    }
    if chains {
        let mut path = Path::new();
        let stones = position.stones();
        for (a, first) in stones.iter().enumerate() {
            for second in stones.iter().skip(a + 1) {
                if first.colour == second.colour && position.geometry.connected(first.at, second.at) {
                    path.move_to(model(first.at)).line_to(model(second.at));
                }
            }
        }
        scene.push(path, Style::stroked(Color::rgb(0xd0, 0x40, 0x30), r * 0.12));
    }
    scene
}
