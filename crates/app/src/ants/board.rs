//! The Ants board on the GPU: one rgba8 texel a square, already in its final colour, drawn by
//! `board.wgsl` without blending. On the CPU renderer this costs about half of an egui image
//! of the same size, whose shader converts colours and blends every pixel.

use eframe::egui;
use eframe::egui_wgpu;
use eframe::wgpu;
use std::sync::Arc;

/// WGSL source of the pipeline.
const SHADER_SOURCE: &str = include_str!("board.wgsl");

/// The pipeline and the board's texture, kept in the renderer.
pub(crate) struct BoardResources(crate::gpu::CellBoard);

/// Builds the pipeline once and stores it in the renderer.
pub fn install(render_state: &egui_wgpu::RenderState) {
    let board = crate::gpu::CellBoard::new(render_state, "ants_board", SHADER_SOURCE, wgpu::TextureFormat::Rgba8Unorm);
    render_state.renderer.write().callback_resources.insert(BoardResources(board));
}

/// One frame's board: where, the square size, and the colours (uploaded when `version` changes).
pub struct BoardCallback {
    /// Board's top-left corner in points.
    pub origin: egui::Pos2,
    /// Square side in points.
    pub cell: f32,
    /// Board size in squares (columns, rows).
    pub size: [u32; 2],
    /// One colour a square, row by row.
    pub colours: Arc<Vec<egui::Color32>>,
    /// Changes whenever `colours` change.
    pub version: u64,
}

impl crate::gpu::FullscreenDraw for BoardCallback {
    type Resources = BoardResources;

    fn prepare(&self, device: &wgpu::Device, queue: &wgpu::Queue, scale: f32, resources: &mut BoardResources) {
        let texels = bytemuck::cast_slice(self.colours.as_slice());
        resources.0.prepare(device, queue, self.origin, self.cell, scale, self.size, texels, self.version);
    }

    fn draw(&self, render_pass: &mut wgpu::RenderPass<'static>, resources: &BoardResources) {
        resources.0.draw(render_pass);
    }
}

/// Adds the board over `rect` to the painter.
pub fn paint(painter: &egui::Painter, rect: egui::Rect, callback: BoardCallback) {
    crate::gpu::paint(painter, rect, callback);
}
