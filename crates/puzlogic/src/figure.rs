//! A puzzle as a vector scene for SVG and PNG through the shared export: the cells (givens dark,
//! placed pieces blue, wrong ones red), the sums beside their row (right) or column (below),
//! and the pieces left in a tray under the board.

use super::{Cell, Line, Placement, Puzzle};
use curio_core::geom::{Color, Path, Point, Rect, Scene, Style, TextAnchor, text_path};

const BACKGROUND: Color = Color::rgb(0xf4, 0xf1, 0xea);
const CELL: Color = Color::rgb(0xff, 0xff, 0xff);
const GIVEN: Color = Color::rgb(0x40, 0x40, 0x48);
const PLACED: Color = Color::rgb(0x2f, 0x6e, 0xc8);
const WRONG: Color = Color::rgb(0xd0, 0x30, 0x30);
const SUM: Color = Color::rgb(0x8a, 0x5a, 0x10);

fn square(x: f64, y: f64, size: f64) -> Path {
    let mut path = Path::new();
    path.polygon(&[
        Point::new(x, y),
        Point::new(x + size, y),
        Point::new(x + size, y + size),
        Point::new(x, y + size),
    ]);
    path
}

/// The puzzle with `placed` pieces on it; placements in `wrong` are drawn red.
pub fn scene(puzzle: &Puzzle, placed: &[Placement], wrong: &[Placement], tray: &[u8]) -> Scene {
    let (rows, cols) = (puzzle.rows as f64, puzzle.cols as f64);
    let tray_rows = tray.len().div_ceil(puzzle.cols.max(5)) as f64;
    let width = cols.max(5.0) + 1.5;
    let height = rows + 1.5 + tray_rows + 0.5;
    let mut scene =
        Scene::new(Rect { min: Point::new(0.0, 0.0), max: Point::new(width, height) }, Some(BACKGROUND));
    // Model y is up: row 0 at the top.
    let top = height - 0.25;
    let cell_at = |r: usize, c: usize| (0.25 + c as f64, top - 1.0 - r as f64);
    let mut cells = Path::new();
    let mut givens = Path::new();
    let mut placed_shapes = Path::new();
    let mut wrong_shapes = Path::new();
    let mut digits = Path::new();
    for r in 0..puzzle.rows {
        for c in 0..puzzle.cols {
            let (x, y) = cell_at(r, c);
            match puzzle.cell(r, c) {
                Cell::Hole => {}
                Cell::Empty => {
                    cells.extend(&square(x + 0.04, y + 0.04, 0.92));
                    if let Some(&(_, _, v)) = placed.iter().find(|p| p.0 == r && p.1 == c) {
                        let target = if wrong.iter().any(|p| p.0 == r && p.1 == c) {
                            &mut wrong_shapes
                        } else {
                            &mut placed_shapes
                        };
                        target.extend(&square(x + 0.1, y + 0.1, 0.8));
                        digits.extend(&text_path(
                            &v.to_string(),
                            Point::new(x + 0.5, y + 0.5),
                            0.6,
                            TextAnchor::Center,
                        ));
                    }
                }
                Cell::Given(v) => {
                    givens.extend(&square(x + 0.04, y + 0.04, 0.92));
                    digits.extend(&text_path(
                        &v.to_string(),
                        Point::new(x + 0.5, y + 0.5),
                        0.6,
                        TextAnchor::Center,
                    ));
                }
            }
        }
    }
    scene.push(cells, Style::filled(CELL));
    scene.push(givens, Style::filled(GIVEN));
    scene.push(placed_shapes, Style::filled(PLACED));
    scene.push(wrong_shapes, Style::filled(WRONG));
    let mut sums = Path::new();
    for sum in &puzzle.sums {
        let (x, y) = match sum.line {
            Line::Row(r) => {
                let (_, y) = cell_at(r, 0);
                (0.25 + cols + 0.5, y + 0.5)
            }
            Line::Col(c) => {
                let (x, _) = cell_at(0, c);
                (x + 0.5, top - rows - 0.45)
            }
        };
        sums.extend(&text_path(&sum.target.to_string(), Point::new(x, y), 0.45, TextAnchor::Center));
    }
    scene.push(sums, Style::filled(SUM));
    let per_row = puzzle.cols.max(5);
    let mut tray_shapes = Path::new();
    for (index, &v) in tray.iter().enumerate() {
        let x = 0.25 + (index % per_row) as f64;
        let y = top - rows - 1.5 - (index / per_row) as f64;
        tray_shapes.extend(&square(x + 0.1, y + 0.1, 0.8));
        digits.extend(&text_path(&v.to_string(), Point::new(x + 0.5, y + 0.5), 0.6, TextAnchor::Center));
    }
    scene.push(tray_shapes, Style::filled(PLACED));
    scene.push(digits, Style::filled(Color::rgb(0xff, 0xff, 0xff)));
    scene
}
