//! A screenshot with what the bot read drawn over it: the calibrated grid and each cell's
//! reading as a small label (a 3x5 pixel font, scaled with the cells).

use super::vision::{BoardRead, Calibration, CellRead};
use image::{Rgba, RgbaImage};

/// 3x5 glyphs, rows top to bottom, three bits a row (left bit first).
pub(crate) fn glyph(symbol: char) -> [u8; 5] {
    match symbol {
        '0' | '.' => [0b000, 0b000, 0b010, 0b000, 0b000],
        '1' => [0b010, 0b110, 0b010, 0b010, 0b111],
        '2' => [0b110, 0b001, 0b010, 0b100, 0b111],
        '3' => [0b110, 0b001, 0b010, 0b001, 0b110],
        '4' => [0b101, 0b101, 0b111, 0b001, 0b001],
        '5' => [0b111, 0b100, 0b110, 0b001, 0b110],
        '6' => [0b011, 0b100, 0b111, 0b101, 0b111],
        '7' => [0b111, 0b001, 0b010, 0b010, 0b010],
        '8' => [0b111, 0b101, 0b111, 0b101, 0b111],
        'F' => [0b111, 0b100, 0b110, 0b100, 0b100],
        '*' => [0b101, 0b010, 0b111, 0b010, 0b101],
        'X' => [0b101, 0b101, 0b010, 0b101, 0b101],
        '#' => [0b000, 0b000, 0b000, 0b000, 0b000],
        _ => [0b111, 0b001, 0b010, 0b000, 0b010],
    }
}

fn blend(image: &mut RgbaImage, x: i64, y: i64, colour: Rgba<u8>) {
    if x >= 0 && y >= 0 && (x as u32) < image.width() && (y as u32) < image.height() {
        image.put_pixel(x as u32, y as u32, colour);
    }
}

/// The screenshot with the grid (magenta) and the readings (white labels on black; red for
/// cells read as unknown) drawn over it.
pub fn annotate(image: &RgbaImage, calibration: &Calibration, board: &BoardRead) -> RgbaImage {
    let mut out = image.clone();
    let grid = Rgba([255, 0, 255, 255]);
    let [left, top, right, bottom] = calibration.bounds();
    for column in 0..=calibration.columns {
        let x = calibration.cell_rect(0, column)[0].round() as i64;
        for y in top.round() as i64..=bottom.round() as i64 {
            blend(&mut out, x, y, grid);
        }
    }
    for row in 0..=calibration.rows {
        let y = calibration.cell_rect(row, 0)[1].round() as i64;
        for x in left.round() as i64..=right.round() as i64 {
            blend(&mut out, x, y, grid);
        }
    }
    let scale = ((calibration.pitch[0] / 12.0).floor() as i64).max(1);
    for row in 0..board.rows {
        for column in 0..board.columns {
            let cell = board.cells[row * board.columns + column];
            if cell == CellRead::Covered {
                continue;
            }
            let [x0, y0, _, _] = calibration.cell_rect(row, column);
            let (x0, y0) = (x0.round() as i64 + 2, y0.round() as i64 + 2);
            let background =
                if cell == CellRead::Unknown { Rgba([200, 0, 0, 255]) } else { Rgba([0, 0, 0, 255]) };
            for dy in 0..(5 * scale + 2) {
                for dx in 0..(3 * scale + 2) {
                    blend(&mut out, x0 + dx, y0 + dy, background);
                }
            }
            let bits = glyph(cell.symbol());
            for (gy, line) in bits.iter().enumerate() {
                for gx in 0..3 {
                    if line >> (2 - gx) & 1 == 1 {
                        for sy in 0..scale {
                            for sx in 0..scale {
                                blend(
                                    &mut out,
                                    x0 + 1 + gx * scale + sx,
                                    y0 + 1 + gy as i64 * scale + sy,
                                    Rgba([255, 255, 255, 255]),
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    out
}
