//! The minesweeper board: classic cells or the probability heatmap, shared by the Minesweeper
//! panel and the standalone game window.

use super::heatmap::{self, HeatmapCallback};
use crate::theme;
use ::mines::solver::Analysis;
use ::mines::{Cell, Game, GameStatus, Move};
use eframe::egui::{self, Color32, Vec2};
use std::sync::Arc;

/// Boards with more cells than this are drawn as one pixel per cell in a texture.
const PER_CELL_LIMIT: usize = 40_000;

/// Cells at least this many points wide get their digits, flags and marks (an expert board in
/// a 640x480 window has cells of about 9.7 points).
const MARKED_CELL: f32 = 8.0;

/// The board's fills on the GPU: texel codes (see [`board_texels`]) and their version.
#[derive(Clone, Debug)]
pub struct GpuBoard {
    /// Changes whenever the texels change (uploads happen only then).
    pub version: u64,
    /// One code per cell, row by row.
    pub texels: Arc<Vec<f32>>,
}

/// How the board's cell fills are drawn, each way with the one version that lets it skip work.
#[derive(Clone, Debug)]
pub enum BoardFills {
    /// By the GPU shader, from these texels (uploaded when their version changes).
    Gpu(GpuBoard),
    /// By egui. `version` changes whenever the game, the analysis or the heatmap switch changes:
    /// a board drawn one texel per cell keeps its texture while it holds (`None` rebuilds the
    /// texture every frame).
    Cpu {
        /// The fills' version, if the caller keeps one.
        version: Option<u64>,
    },
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
            Cell::Revealed(_) => heatmap::REVEALED,
            Cell::Exploded => heatmap::EXPLODED,
            Cell::Covered | Cell::Flagged => {
                analysis.and_then(|a| a.probabilities[index]).map_or(heatmap::COVERED, |p| p as f32)
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

/// Largest cell side, in points, that zooming in reaches (or the fitted size, if larger).
const MOST_ZOOMED_CELL: f32 = 48.0;

/// Which part of a board is in view: the wheel (or a pinch) zooms in about the pointer, and a
/// drag pans (the middle or right button, or the left one while zoomed in; a click still
/// plays). Zoomed out fully, the whole board fits the view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardZoom {
    /// Cell side over the fitted cell side: 1 shows the whole board.
    pub factor: f32,
    /// The board point (column, row, in cells) at the centre of the view; `None` for the
    /// board's centre.
    pub centre: Option<Vec2>,
}

impl Default for BoardZoom {
    fn default() -> Self {
        Self { factor: 1.0, centre: None }
    }
}

impl BoardZoom {
    /// True when the whole board is in view.
    pub fn is_fitted(&self) -> bool {
        self.factor <= 1.0
    }

    /// Pans, if needed, so that the cell at `row`, `column` of a board of `size` (width,
    /// height) cells is in `view`, where the board is drawn with cells at most `max_cell`.
    pub fn reveal_cell(
        &mut self,
        view: egui::Rect,
        size: [usize; 2],
        max_cell: f32,
        row: usize,
        column: usize,
    ) {
        let (cell, board) = board_layout(view, size, max_cell, Some(self));
        let cell_rect = egui::Rect::from_min_size(
            board.min + Vec2::new(column as f32 * cell, row as f32 * cell),
            Vec2::splat(cell),
        );
        if !view.contains_rect(cell_rect) {
            self.centre = Some(Vec2::new(column as f32 + 0.5, row as f32 + 0.5));
        }
    }
}

/// The cell side and the board's rectangle for a board of `size` (width, height) cells drawn
/// in `view`: fitted and centred (cells at most `max_cell`), or as `zoom` says, the board kept
/// inside the view along a side where it is smaller than the view and over the whole view along
/// a side where it is larger.
fn board_layout(
    view: egui::Rect,
    size: [usize; 2],
    max_cell: f32,
    zoom: Option<&BoardZoom>,
) -> (f32, egui::Rect) {
    let [width, height] = size.map(|cells| cells.max(1) as f32);
    let fitted = fitted_cell(view, size, max_cell);
    let cell = zoom.map_or(fitted, |zoom| fitted * zoom.factor.clamp(1.0, most_zoom(fitted)));
    let centre = zoom.and_then(|zoom| zoom.centre).unwrap_or(Vec2::new(width / 2.0, height / 2.0));
    // Each axis: a board smaller than the view stays inside it, a larger one covers it.
    let axis = |centre: f32, cells: f32, span: f32| {
        let half = span / 2.0 / cell;
        centre.clamp(half.min(cells - half), half.max(cells - half))
    };
    let centre = Vec2::new(axis(centre.x, width, view.width()), axis(centre.y, height, view.height()));
    let min = view.center() - centre * cell;
    (cell, egui::Rect::from_min_size(min, Vec2::new(width * cell, height * cell)))
}

/// The smallest fitted cell side: a 1000x1000 board fits in 50 points (cells smaller than a
/// pixel are drawn from the one-texel-per-cell texture).
const LEAST_CELL: f32 = 0.05;

/// The cell side that fits a board of `size` (width, height) cells in `view`, at most `max_cell`.
fn fitted_cell(view: egui::Rect, size: [usize; 2], max_cell: f32) -> f32 {
    let [width, height] = size.map(|cells| cells.max(1) as f32);
    (view.width() / width).min(view.height() / height).clamp(LEAST_CELL, max_cell.max(LEAST_CELL))
}

/// The largest zoom factor for a fitted cell side.
fn most_zoom(fitted: f32) -> f32 {
    (MOST_ZOOMED_CELL / fitted).max(1.0)
}

/// Applies this frame's wheel, pinch and drag over the board's `response` to `zoom`.
fn update_zoom(
    ui: &egui::Ui,
    response: &egui::Response,
    view: egui::Rect,
    size: [usize; 2],
    max_cell: f32,
    zoom: &mut BoardZoom,
) {
    // The view may have changed size since the last frame: keep the factor in its range.
    let fitted = fitted_cell(view, size, max_cell);
    zoom.factor = zoom.factor.clamp(1.0, most_zoom(fitted));
    let (cell, board) = board_layout(view, size, max_cell, Some(zoom));
    // Current centre, as drawn (after clamping).
    let mut centre = (view.center() - board.min) / cell;
    let dragged = [egui::PointerButton::Middle, egui::PointerButton::Secondary]
        .into_iter()
        .any(|button| response.dragged_by(button))
        || (!zoom.is_fitted() && response.dragged_by(egui::PointerButton::Primary));
    if dragged {
        centre -= response.drag_delta() / cell;
    }
    if response.hovered() {
        let (scroll, pinch) = ui.input(|input| (input.smooth_scroll_delta.y, input.zoom_delta()));
        let multiplier = pinch * (scroll / 200.0).exp();
        if multiplier != 1.0 {
            let factor = (zoom.factor * multiplier).clamp(1.0, most_zoom(fitted));
            let new_cell = fitted * factor;
            // The board point under the pointer stays under it.
            let anchor = response.hover_pos().unwrap_or(view.center()) - view.center();
            let point = centre + anchor / cell;
            centre = point - anchor / new_cell;
            zoom.factor = factor;
        }
    }
    zoom.centre = (!zoom.is_fitted()).then_some(centre);
}

/// Everything the board widget draws, with [`MinesBoard::show`].
pub struct MinesBoard<'a> {
    /// The game to draw.
    pub game: &'a Game,
    /// The analysis whose heatmap to draw (ignored unless it is of a board of this size).
    pub analysis: Option<&'a Analysis>,
    /// A move to outline.
    pub hint: Option<&'a Move>,
    /// Largest fitted cell side, in points.
    pub max_cell: f32,
    /// How the cell fills are drawn: by the GPU shader or by egui.
    pub fills: BoardFills,
    /// Zoom and pan, for a board that may be zoomed; `None` keeps it fitted.
    pub zoom: Option<&'a mut BoardZoom>,
}

impl MinesBoard<'_> {
    /// Draws the board into `rect`: the classic look, or the heatmap of the analysis with
    /// certain safe/mine marks and the exact probability on hover, and the hint outlined.
    /// Digits, flags and marks are drawn when cells are large enough to show them and at most
    /// `PER_CELL_LIMIT` cells are in view. Returns the cell clicked this frame, if any.
    pub fn show(self, ui: &mut egui::Ui, rect: egui::Rect) -> Option<BoardClick> {
        let MinesBoard { game, analysis, hint, max_cell, fills, mut zoom } = self;
        let config = game.config();
        let (width, height) = (config.width, config.height);
        // A board that zooms takes the wheel and drags over the whole view.
        let (sense, area) = if zoom.is_some() {
            (egui::Sense::click_and_drag(), rect)
        } else {
            (egui::Sense::click(), board_layout(rect, [width, height], max_cell, None).1)
        };
        let response = ui.interact(area, ui.scope_id().with("mines-board"), sense);
        if let Some(zoom) = zoom.as_deref_mut() {
            update_zoom(ui, &response, rect, [width, height], max_cell, zoom);
        }
        let (cell, board) = board_layout(rect, [width, height], max_cell, zoom.as_deref());
        let painter = ui.painter_at(rect);
        let probabilities = of_this_board(game, analysis);
        let layout = game.mine_layout();
        let lost = game.status() == GameStatus::Lost;
        let on_gpu = matches!(fills, BoardFills::Gpu(_));
        if let BoardFills::Gpu(gpu) = &fills {
            let callback = HeatmapCallback {
                origin: board.min,
                cell,
                size: [width as u32, height as u32],
                texels: Arc::clone(&gpu.texels),
                version: gpu.version,
            };
            heatmap::paint(&painter, board.intersect(rect), callback);
        }
        // The cells in view.
        let visible = |start: f32, end: f32, origin: f32, cells: usize| {
            let first = ((start - origin) / cell).floor().max(0.0) as usize;
            let last = (((end - origin) / cell).ceil().max(0.0) as usize).min(cells);
            first.min(last)..last
        };
        let columns = visible(rect.min.x, rect.max.x, board.min.x, width);
        let rows = visible(rect.min.y, rect.max.y, board.min.y, height);
        if columns.len() * rows.len() > PER_CELL_LIMIT {
            // One texel per cell; the GPU, when there is one, has drawn the fills above.
            if let BoardFills::Cpu { version } = fills {
                let texture = board_texture(ui, version, game, probabilities);
                painter.image(
                    texture.id(),
                    board,
                    egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
                    Color32::WHITE,
                );
            }
        } else {
            forget_board_texture(ui);
            for row in rows {
                for column in columns.clone() {
                    let index = row * width + column;
                    let cell_rect = egui::Rect::from_min_size(
                        board.min + Vec2::new(column as f32 * cell, row as f32 * cell),
                        Vec2::splat(cell),
                    );
                    let state = game.cells()[index];
                    let probability = probabilities.and_then(|a| a.probabilities[index]);
                    if !on_gpu {
                        painter.rect_filled(cell_rect.shrink(0.5), 0.0, cell_colour(state, probability));
                    }
                    if cell >= MARKED_CELL {
                        let mine_shown = lost && layout.is_some_and(|l| l[index]);
                        draw_cell_marks(
                            &painter,
                            cell_rect,
                            state,
                            probability,
                            mine_shown,
                            probabilities,
                            index,
                        );
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
            (rect.contains(position)
                && column >= 0.0
                && row >= 0.0
                && (column as usize) < width
                && (row as usize) < height)
                .then_some((row as usize, column as usize))
        };
        if let Some(position) = response.hover_pos()
            && let Some((row, column)) = cell_at(position)
            && let Some(p) = probabilities.and_then(|a| a.probabilities[row * width + column])
        {
            response
                .clone()
                .on_hover_text_at_pointer(format!("row {row}, column {column}: P(mine) = {p:.6}"));
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
}

/// The CPU fallback's texture of a board, one texel per cell, with the version it shows.
#[derive(Clone)]
struct BoardTexture {
    version: u64,
    texture: egui::TextureHandle,
}

/// The texture of `game`'s fills, one texel per cell: the one kept for this widget while
/// `version` holds, else a new one (kept when there is a version). A 1000x1000 board is 4 MB to
/// build and upload, too much for every frame.
fn board_texture(
    ui: &egui::Ui,
    version: Option<u64>,
    game: &Game,
    probabilities: Option<&Analysis>,
) -> egui::TextureHandle {
    let id = board_texture_id(ui);
    if let Some(version) = version
        && let Some(kept) = ui.data(|data| data.get_temp::<BoardTexture>(id))
        && kept.version == version
    {
        return kept.texture;
    }
    let config = game.config();
    let pixels: Vec<Color32> = game
        .cells()
        .iter()
        .enumerate()
        .map(|(index, &cell)| cell_colour(cell, probabilities.and_then(|a| a.probabilities[index])))
        .collect();
    let image = egui::ColorImage {
        size: [config.width, config.height],
        pixels,
        source_size: Vec2::new(config.width as f32, config.height as f32),
    };
    let texture = ui.ctx().load_texture("mines-board", image, egui::TextureOptions::NEAREST);
    if let Some(version) = version {
        ui.data_mut(|data| data.insert_temp(id, BoardTexture { version, texture: texture.clone() }));
    }
    texture
}

/// Drops the texture kept by [`board_texture`], once the board is drawn cell by cell.
fn forget_board_texture(ui: &egui::Ui) {
    ui.data_mut(|data| data.remove::<BoardTexture>(board_texture_id(ui)));
}

/// Where [`board_texture`] keeps its texture.
fn board_texture_id(ui: &egui::Ui) -> egui::Id {
    ui.scope_id().with("mines-board-texture")
}

/// Draws what sits on one cell of at least `MARKED_CELL` points: the raised edge of a covered cell without
/// a probability, its digit, flag or mine (`mine_shown`: a covered mine of a lost game), and
/// the certain safe/mine marks of `analysis`.
fn draw_cell_marks(
    painter: &egui::Painter,
    cell_rect: egui::Rect,
    state: Cell,
    probability: Option<f64>,
    mine_shown: bool,
    analysis: Option<&Analysis>,
    index: usize,
) {
    let cell = cell_rect.width();
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
    // Small cells get a larger share, so that a digit stays legible (about 7 points at the
    // smallest cells marked); the two rules meet at 16-point cells.
    let font = egui::FontId::monospace((cell * 0.9).min(10.0).max(cell * 0.62));
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
            painter.text(cell_rect.center(), egui::Align2::CENTER_CENTER, "⚑", font, theme::MINES_FLAG);
        }
        Cell::Exploded => {
            painter.circle_filled(cell_rect.center(), cell * 0.28, Color32::BLACK);
        }
        Cell::Covered if mine_shown => {
            painter.circle_filled(cell_rect.center(), cell * 0.25, Color32::BLACK);
        }
        Cell::Covered => {
            if let Some(analysis) = analysis {
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

/// Fill colour of a cell: the heatmap for covered cells with a probability, else the classic look.
fn cell_colour(cell: Cell, probability: Option<f64>) -> Color32 {
    match (cell, probability) {
        (Cell::Revealed(_), _) => theme::MINES_REVEALED,
        (Cell::Exploded, _) => theme::MINES_EXPLODED,
        (Cell::Covered | Cell::Flagged, Some(p)) => theme::heat(p as f32),
        (Cell::Covered | Cell::Flagged, None) => theme::MINES_COVERED,
    }
}

#[cfg(test)]
mod tests {
    use super::{BoardZoom, board_layout};
    use eframe::egui::{Rect, Vec2, pos2};

    const VIEW: Rect = Rect { min: pos2(100.0, 50.0), max: pos2(900.0, 650.0) };

    #[test]
    fn a_fitted_board_is_centred_with_cells_at_most_the_largest() {
        let (cell, board) = board_layout(VIEW, [400, 200], 36.0, None);
        assert_eq!(cell, 2.0);
        assert_eq!(board.center(), VIEW.center());
        assert_eq!(board.size(), Vec2::new(800.0, 400.0));
        let (cell, board) = board_layout(VIEW, [9, 9], 36.0, Some(&BoardZoom::default()));
        assert_eq!(cell, 36.0);
        assert_eq!(board.center(), VIEW.center());
        // A 1000x1000 board in a small window (300 x 430 points) fits too, with cells smaller
        // than a pixel, instead of showing only its middle.
        let small = Rect::from_min_size(pos2(330.0, 40.0), Vec2::new(300.0, 430.0));
        let (cell, board) = board_layout(small, [1000, 1000], 36.0, Some(&BoardZoom::default()));
        assert!((cell - 0.3).abs() < 1e-6, "{cell}");
        assert!(small.expand(1e-3).contains_rect(board), "{board:?} in {small:?}");
    }

    #[test]
    fn a_zoomed_board_covers_the_view_or_stays_inside_it() {
        // Asked to centre on the top left corner: the board's corner goes to the view's corner.
        let zoom = BoardZoom { factor: 10.0, centre: Some(Vec2::ZERO) };
        let (cell, board) = board_layout(VIEW, [400, 200], 36.0, Some(&zoom));
        assert_eq!(cell, 20.0);
        assert_eq!(board.min, VIEW.min);
        // Past the far corner: the far corners meet.
        let zoom = BoardZoom { factor: 10.0, centre: Some(Vec2::new(1e6, 1e6)) };
        assert_eq!(board_layout(VIEW, [400, 200], 36.0, Some(&zoom)).1.max, VIEW.max);
        // Zoomed by 1.2 the board is 960 wide and 480 high: it covers the view's width and stays
        // inside its height, as close to the centre asked for as it can.
        let zoom = BoardZoom { factor: 1.2, centre: Some(Vec2::new(0.0, 0.0)) };
        let (_, board) = board_layout(VIEW, [400, 200], 36.0, Some(&zoom));
        assert!(
            (board.min.x - VIEW.min.x).abs() < 1e-3 && (board.max.y - VIEW.max.y).abs() < 1e-3,
            "{board:?}"
        );
        let zoom = BoardZoom { factor: 1.2, centre: Some(Vec2::new(400.0, 200.0)) };
        let (_, board) = board_layout(VIEW, [400, 200], 36.0, Some(&zoom));
        assert!(
            (board.max.x - VIEW.max.x).abs() < 1e-3 && (board.min.y - VIEW.min.y).abs() < 1e-3,
            "{board:?}"
        );
        // No zoom beyond the largest cell.
        let zoom = BoardZoom { factor: 1000.0, centre: None };
        assert_eq!(board_layout(VIEW, [400, 200], 36.0, Some(&zoom)).0, super::MOST_ZOOMED_CELL);
    }

    #[test]
    fn revealing_a_cell_pans_only_when_it_is_out_of_view() {
        let mut zoom = BoardZoom { factor: 10.0, centre: Some(Vec2::ZERO) };
        zoom.reveal_cell(VIEW, [400, 200], 36.0, 2, 3);
        assert_eq!(zoom.centre, Some(Vec2::ZERO), "in view: no pan");
        zoom.reveal_cell(VIEW, [400, 200], 36.0, 150, 300);
        assert_eq!(zoom.centre, Some(Vec2::new(300.5, 150.5)));
        let (cell, board) = board_layout(VIEW, [400, 200], 36.0, Some(&zoom));
        let centre = board.min + Vec2::new(300.5, 150.5) * cell;
        assert_eq!(centre, VIEW.center());
    }
}
