//! The minesweeper board: classic cells or the probability heatmap, shared by the Minesweeper
//! panel and the standalone game window.

use crate::app::gpu::mines_heatmap::{self, HeatmapCallback};
use crate::app::theme;
use crate::mines::solver::Analysis;
use crate::mines::{Cell, Game, GameStatus, Move};
use eframe::egui::{self, Color32, Vec2};
use eframe::egui_wgpu;
use std::sync::Arc;

/// Boards with more cells than this are drawn as one pixel per cell in a texture.
const PER_CELL_LIMIT: usize = 40_000;

/// The board's fills on the GPU: texel codes (see [`board_texels`]) and their version.
#[derive(Clone, Debug)]
pub struct GpuBoard {
    /// Changes whenever the texels change (uploads happen only then).
    pub version: u64,
    /// One code per cell, row by row.
    pub texels: Arc<Vec<f32>>,
}

/// `analysis` if it is of a board the size of `game`'s: an analysis of another board (a new game
/// started before its own analysis is done) is never drawn.
fn of_this_board<'a>(game: &Game, analysis: Option<&'a Analysis>) -> Option<&'a Analysis> {
    analysis.filter(|analysis| analysis.probabilities.len() == game.cells().len())
}

/// Texel codes for the GPU heatmap: the mine probability of covered cells that have one, else a
/// state code (covered, revealed, exploded).
pub fn board_texels(game: &Game, analysis: Option<&Analysis>) -> Vec<f32> {
    let analysis = of_this_board(game, analysis);
    game.cells()
        .iter()
        .enumerate()
        .map(|(index, cell)| match cell {
            Cell::Revealed(_) => mines_heatmap::REVEALED,
            Cell::Exploded => mines_heatmap::EXPLODED,
            Cell::Covered | Cell::Flagged => {
                analysis.and_then(|a| a.probabilities[index]).map_or(mines_heatmap::COVERED, |p| p as f32)
            }
        })
        .collect()
}

/// A click on a board cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardClick {
    /// Row of the cell.
    pub row: usize,
    /// Column of the cell.
    pub column: usize,
    /// True for the secondary (right) button.
    pub secondary: bool,
}

/// Draws `game` into `rect` (cells at most `max_cell` points): the classic look, or the heatmap
/// of `analysis` with certain safe/mine marks and the exact probability on hover, and `hint`
/// outlined. Returns the cell clicked this frame, if any.
pub fn mines_board(
    ui: &mut egui::Ui,
    rect: egui::Rect,
    game: &Game,
    analysis: Option<&Analysis>,
    hint: Option<&Move>,
    max_cell: f32,
    gpu: Option<GpuBoard>,
) -> Option<BoardClick> {
    let config = game.config();
    let (width, height) = (config.width, config.height);
    let cell = (rect.width() / width as f32).min(rect.height() / height as f32).clamp(0.5, max_cell.max(0.5));
    let size = Vec2::new(cell * width as f32, cell * height as f32);
    let board = egui::Rect::from_center_size(rect.center(), size);
    let response = ui.interact(board, ui.scope_id().with("mines-board"), egui::Sense::click());
    let painter = ui.painter_at(rect);
    let probabilities = of_this_board(game, analysis);
    let layout = game.mine_layout().map(<[bool]>::to_vec);
    let lost = game.status() == GameStatus::Lost;
    let on_gpu = gpu.is_some();
    if let Some(gpu) = gpu {
        let callback = HeatmapCallback {
            origin: board.min,
            cell,
            size: [width as u32, height as u32],
            texels: gpu.texels,
            version: gpu.version,
        };
        painter.add(egui_wgpu::Callback::new_paint_callback(board, callback));
    }
    if width * height > PER_CELL_LIMIT {
        if on_gpu {
            // Fills only, drawn by the shader above.
        } else {
            let pixels: Vec<Color32> = (0..width * height)
                .map(|index| {
                    let probability = probabilities.and_then(|a| a.probabilities[index]);
                    cell_colour(game.cells()[index], probability)
                })
                .collect();
            let image = egui::ColorImage {
                size: [width, height],
                pixels,
                source_size: Vec2::new(width as f32, height as f32),
            };
            let texture = ui.ctx().load_texture("mines-board", image, egui::TextureOptions::NEAREST);
            painter.image(
                texture.id(),
                board,
                egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
                Color32::WHITE,
            );
        }
    } else {
        for index in 0..width * height {
            let (row, column) = (index / width, index % width);
            let cell_rect = egui::Rect::from_min_size(
                board.min + Vec2::new(column as f32 * cell, row as f32 * cell),
                Vec2::splat(cell),
            );
            let state = game.cells()[index];
            let probability = probabilities.and_then(|a| a.probabilities[index]);
            if !on_gpu {
                painter.rect_filled(cell_rect.shrink(0.5), 1.0, cell_colour(state, probability));
            }
            if cell >= 10.0 {
                if matches!(state, Cell::Covered | Cell::Flagged) && probability.is_none() {
                    // Classic raised look.
                    let light = egui::Stroke::new(1.5, theme::MINES_RAISED_LIGHT);
                    let dark = egui::Stroke::new(1.5, theme::MINES_RAISED_DARK);
                    let r = cell_rect.shrink(1.0);
                    painter.line_segment([r.left_top(), r.right_top()], light);
                    painter.line_segment([r.left_top(), r.left_bottom()], light);
                    painter.line_segment([r.right_top(), r.right_bottom()], dark);
                    painter.line_segment([r.left_bottom(), r.right_bottom()], dark);
                }
                let font = egui::FontId::monospace(cell * 0.62);
                match state {
                    Cell::Revealed(n) if n > 0 => {
                        painter.text(
                            cell_rect.center(),
                            egui::Align2::CENTER_CENTER,
                            n.to_string(),
                            font,
                            theme::MINES_DIGITS[usize::from(n)],
                        );
                    }
                    Cell::Flagged => {
                        painter.text(
                            cell_rect.center(),
                            egui::Align2::CENTER_CENTER,
                            "⚑",
                            font,
                            theme::MINES_FLAG,
                        );
                    }
                    Cell::Exploded => {
                        painter.circle_filled(cell_rect.center(), cell * 0.28, Color32::BLACK);
                    }
                    Cell::Covered if lost && layout.as_ref().is_some_and(|l| l[index]) => {
                        painter.circle_filled(cell_rect.center(), cell * 0.25, Color32::BLACK);
                    }
                    Cell::Covered => {
                        if let Some(analysis) = probabilities {
                            if analysis.safe.binary_search(&index).is_ok() {
                                painter.circle_stroke(
                                    cell_rect.center(),
                                    cell * 0.25,
                                    egui::Stroke::new(2.0, theme::MINES_SAFE),
                                );
                            } else if analysis.mines.binary_search(&index).is_ok() {
                                painter.text(
                                    cell_rect.center(),
                                    egui::Align2::CENTER_CENTER,
                                    "✕",
                                    font,
                                    theme::MINES_MINE,
                                );
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    if let Some(hint) = hint {
        let hint_rect = egui::Rect::from_min_size(
            board.min + Vec2::new(hint.column as f32 * cell, hint.row as f32 * cell),
            Vec2::splat(cell),
        );
        painter.rect_stroke(
            hint_rect,
            2.0,
            egui::Stroke::new(3.0, theme::SELECTED),
            egui::StrokeKind::Inside,
        );
    }
    let cell_at = |position: egui::Pos2| -> Option<(usize, usize)> {
        let local = position - board.min;
        let (column, row) = ((local.x / cell).floor(), (local.y / cell).floor());
        (column >= 0.0 && row >= 0.0 && (column as usize) < width && (row as usize) < height)
            .then_some((row as usize, column as usize))
    };
    if let Some(position) = response.hover_pos()
        && let Some((row, column)) = cell_at(position)
        && let Some(p) = probabilities.and_then(|a| a.probabilities[row * width + column])
    {
        response.clone().on_hover_text_at_pointer(format!("row {row}, column {column}: P(mine) = {p:.6}"));
    }
    let (row, column) = cell_at(response.interact_pointer_pos()?)?;
    if response.clicked() {
        Some(BoardClick { row, column, secondary: false })
    } else if response.secondary_clicked() {
        Some(BoardClick { row, column, secondary: true })
    } else {
        None
    }
}

/// Fill colour of a cell: the heatmap for covered cells with a probability, else the classic look.
fn cell_colour(cell: Cell, probability: Option<f64>) -> Color32 {
    match (cell, probability) {
        (Cell::Revealed(_), _) => theme::MINES_REVEALED,
        (Cell::Exploded, _) => theme::MINES_EXPLODED,
        (Cell::Covered | Cell::Flagged, Some(p)) => theme::heat(p as f32),
        (Cell::Covered | Cell::Flagged, None) => theme::MINES_COVERED,
    }
}
