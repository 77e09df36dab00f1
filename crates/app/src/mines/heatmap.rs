//! The minesweeper heatmap on the GPU: cell states and probabilities uploaded as an r32float
//! texture (one texel per cell), coloured by `heatmap.wgsl` beside it, so that 1000x1000
//! boards draw in one pass.

use eframe::egui;
use eframe::egui_wgpu;
use eframe::wgpu;
use std::sync::Arc;

/// WGSL source of the pipeline.
pub const SHADER_SOURCE: &str = include_str!("heatmap.wgsl");

/// Texel code of a covered cell without a probability.
pub const COVERED: f32 = 2.0;
/// Texel code of a revealed cell.
pub const REVEALED: f32 = 3.0;
/// Texel code of the exploded mine.
pub const EXPLODED: f32 = 4.0;

/// The pipeline and the board's texture, kept in the renderer.
pub(crate) struct HeatmapResources(crate::gpu::CellBoard);

/// Builds the pipeline once and stores it in the renderer.
pub fn install(render_state: &egui_wgpu::RenderState) {
    let board = crate::gpu::CellBoard::new(render_state, "mines_heatmap", SHADER_SOURCE, wgpu::TextureFormat::R32Float);
    render_state.renderer.write().callback_resources.insert(HeatmapResources(board));
}

/// One frame's board: where, the cell size, and the texels (uploaded only when `version` changes).
pub struct HeatmapCallback {
    /// Board's top-left corner in points.
    pub origin: egui::Pos2,
    /// Cell side in points.
    pub cell: f32,
    /// Board size in cells (width, height).
    pub size: [u32; 2],
    /// One code per cell, row by row.
    pub texels: Arc<Vec<f32>>,
    /// Changes whenever `texels` change.
    pub version: u64,
}

impl crate::gpu::FullscreenDraw for HeatmapCallback {
    type Resources = HeatmapResources;

    fn prepare(&self, device: &wgpu::Device, queue: &wgpu::Queue, scale: f32, resources: &mut HeatmapResources) {
        let texels = bytemuck::cast_slice(self.texels.as_slice());
        resources.0.prepare(device, queue, self.origin, self.cell, scale, self.size, texels, self.version);
    }

    fn draw(&self, render_pass: &mut wgpu::RenderPass<'static>, resources: &HeatmapResources) {
        resources.0.draw(render_pass);
    }
}

/// Adds the board's fills over `rect` (the part of the board in view) to the painter.
pub fn paint(painter: &egui::Painter, rect: egui::Rect, callback: HeatmapCallback) {
    crate::gpu::paint(painter, rect, callback);
}
