//! Hanoi figures as vector scenes, for SVG and PNG through the shared export: the pegs and
//! disks of a position, the 3-peg state graph (the Sierpiński triangle of all 3^n positions,
//! coloured by distance from one of them), and the Frame–Stewart table.

use super::{Position, frame_stewart, three};
use curio_core::geom::{Color, Path, Point, Rect, Scene, Style, TextAnchor, text_path};

/// Most disks of the graph figure (3^10 positions).
pub const MAX_GRAPH_DISKS: usize = 10;

const BACKGROUND: Color = Color::rgb(0xf4, 0xf1, 0xea);
const INK: Color = Color::rgb(0x20, 0x20, 0x20);
const PEG: Color = Color::rgb(0x9a, 0x94, 0x88);

/// A disk's colour, from blue (smallest) to orange (largest).
pub fn disk_colour(disk: usize, disks: usize) -> Color {
    let t = disk as f64 / disks.max(1) as f64;
    Color::rgb((60.0 + 170.0 * t) as u8, (120.0 + 60.0 * (1.0 - t)) as u8, (200.0 - 120.0 * t) as u8)
}

/// A colour from blue (near, t = 0) to red (far, t = 1).
pub fn distance_colour(t: f64) -> Color {
    let t = t.clamp(0.0, 1.0);
    Color::rgb((40.0 + 200.0 * t) as u8, (90.0 + 80.0 * (1.0 - t)) as u8, (200.0 - 150.0 * t) as u8)
}

/// The pegs and disks of `position`: a column per peg, disks stacked largest at the bottom.
pub fn disks_scene(position: &Position) -> Scene {
    let pegs = position.pegs;
    let disks = position.disks.len();
    let (column, height) = (10.0, 1.0);
    let width = column * pegs as f64;
    let top = height * (disks as f64 + 2.0);
    let mut scene =
        Scene::new(Rect { min: Point::new(0.0, -1.0), max: Point::new(width, top) }, Some(BACKGROUND));
    let mut base = Path::new();
    base.polygon(&[
        Point::new(0.2, -0.2),
        Point::new(width - 0.2, -0.2),
        Point::new(width - 0.2, 0.0),
        Point::new(0.2, 0.0),
    ]);
    scene.push(base, Style::filled(PEG));
    let mut stacked = vec![0usize; pegs];
    for peg in 0..pegs {
        let x = column * (peg as f64 + 0.5);
        let mut rod = Path::new();
        rod.polygon(&[
            Point::new(x - 0.15, 0.0),
            Point::new(x + 0.15, 0.0),
            Point::new(x + 0.15, top - 0.8),
            Point::new(x - 0.15, top - 0.8),
        ]);
        scene.push(rod, Style::filled(PEG));
    }
    for disk in (0..disks).rev() {
        let peg = usize::from(position.disks[disk]);
        let x = column * (peg as f64 + 0.5);
        let half = (column - 1.0) * (0.3 + 0.7 * (disk as f64 + 1.0) / disks as f64) / 2.0;
        let y = height * stacked[peg] as f64;
        stacked[peg] += 1;
        let mut slab = Path::new();
        slab.polygon(&[
            Point::new(x - half, y + 0.05),
            Point::new(x + half, y + 0.05),
            Point::new(x + half, y + height - 0.05),
            Point::new(x - half, y + height - 0.05),
        ]);
        scene.push(slab, Style::filled(disk_colour(disk, disks)));
    }
    scene
}

/// The point of a 3-peg position in the Sierpiński triangle of side 1 (peg 0 at the top, 1
/// bottom left, 2 bottom right): disk k moves it 2^k towards its peg's corner.
pub fn graph_point(position: &Position) -> Point {
    let corners = [Point::new(0.5, 0.866), Point::new(0.0, 0.0), Point::new(1.0, 0.0)];
    let scale = 1.0 / ((1u64 << position.disks.len()) - 1).max(1) as f64;
    let mut at = Point::new(0.0, 0.0);
    for (disk, &peg) in position.disks.iter().enumerate() {
        at += corners[usize::from(peg)] * ((1u64 << disk) as f64 * scale);
    }
    at
}

/// The 3-peg state graph of `from`'s disks: every position a dot coloured by its distance from
/// `from` (blue near, red far), `from` marked; `None` past [`MAX_GRAPH_DISKS`] or for other pegs.
pub fn graph_scene(from: &Position) -> Option<Scene> {
    let disks = from.disks.len();
    if from.pegs != 3 || disks > MAX_GRAPH_DISKS {
        return None;
    }
    let mut scene =
        Scene::new(Rect { min: Point::new(-0.05, -0.05), max: Point::new(1.05, 0.92) }, Some(BACKGROUND));
    let radius = (0.35 / (1u64 << disks) as f64).max(0.001);
    let farthest = (1u64 << disks) as f64;
    for index in 0..3u64.pow(disks as u32) {
        let other = Position::from_index(index, 3, disks);
        let mut dot = Path::new();
        dot.circle(graph_point(&other), radius);
        scene.push(dot, Style::filled(distance_colour(three::distance(from, &other) as f64 / farthest)));
    }
    let mut here = Path::new();
    here.circle(graph_point(from), radius * 2.5);
    scene.push(here, Style::filled(Color::rgb(0xd0, 0x30, 0x30)));
    Some(scene)
}

/// The Frame–Stewart table of `pegs` pegs for 1..=`disks` disks: moves, split and the
/// write-up's `4n − 2m + 1` (marked where it holds), with `searched` optima where known.
pub fn table_scene(pegs: usize, disks: usize, searched: &[Option<u64>]) -> Scene {
    let rows = frame_stewart::table(pegs, disks);
    let line = 1.4;
    let height = line * (disks as f64 + 2.0);
    let mut scene =
        Scene::new(Rect { min: Point::new(0.0, 0.0), max: Point::new(36.0, height) }, Some(BACKGROUND));
    let columns = [1.0, 5.0, 15.0, 21.0, 29.0];
    let headers = ["n", "Frame–Stewart", "split", "searched", "4n−2m+1"];
    let mut text = Path::new();
    for (x, header) in columns.iter().zip(headers) {
        text.extend(&text_path(header, Point::new(*x, height - line), 0.8, TextAnchor::Left));
    }
    for (n, &(moves, split)) in rows.iter().enumerate().skip(1) {
        let y = height - line * (n as f64 + 1.0);
        let guess = 4 * n as i64 - 2 * pegs as i64 + 1;
        let cells = [
            n.to_string(),
            moves.to_string(),
            split.to_string(),
            searched.get(n).copied().flatten().map_or("–".to_string(), |d| d.to_string()),
            if guess == moves as i64 { format!("{guess} ✓") } else { guess.to_string() },
        ];
        for (x, cell) in columns.iter().zip(cells) {
            text.extend(&text_path(&cell, Point::new(*x, y), 0.8, TextAnchor::Left));
        }
    }
    scene.push(text, Style::filled(INK));
    scene
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_draw_every_disk_and_position() {
        let position = Position::parse("01210", 3, 5).unwrap();
        // A base, three rods and five disks.
        assert_eq!(disks_scene(&position).shapes.len(), 1 + 3 + 5);
        let graph = graph_scene(&position).unwrap();
        assert_eq!(graph.shapes.len(), 243 + 1);
        assert!(graph_scene(&Position::tower(4, 3, 0)).is_none());
        // The towers sit at the corners.
        let top = graph_point(&Position::tower(3, 4, 0));
        assert!((top.x - 0.5).abs() < 1e-12 && (top.y - 0.866).abs() < 1e-12);
        assert!(!table_scene(4, 6, &[]).shapes.is_empty());
    }
}
