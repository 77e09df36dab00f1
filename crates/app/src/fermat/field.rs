//! The Fermat panel's distance field on the GPU: a full-viewport triangle whose fragment shader
//! (`field.wgsl` beside it) colours each pixel by the weighted sum of distances to the
//! points, with isolines, as `fermat::field::field_image` does on the CPU.

use ::fermat::{FieldStyle, WeightedPoint};
use curio_core::geom::Rect;
use eframe::egui;
use eframe::egui_wgpu;
use eframe::wgpu;

/// WGSL source of the pipeline.
pub const SHADER_SOURCE: &str = include_str!("field.wgsl");

/// Most points the shader sums over (the size of its uniform array).
pub const MAX_POINTS: usize = 32;

/// Uniform block; layout mirrored by `Uniforms` in the WGSL (16-byte aligned).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct FieldUniforms {
    /// The canvas in framebuffer pixels: left, top, width, height (set in `prepare`).
    pub rect_px: [f32; 4],
    /// The model view: min x, min y, max x, max y.
    pub view: [f32; 4],
    /// f at the minimum.
    pub minimum: f32,
    /// f where the colour ramp ends.
    pub maximum: f32,
    /// Isoline spacing (0: none).
    pub spacing: f32,
    /// Number of points used.
    pub count: f32,
    /// Colour at the minimum (RGBA, 0..1, gamma space).
    pub low: [f32; 4],
    /// Colour at the maximum.
    pub high: [f32; 4],
    /// x, y, weight, unused.
    pub points: [[f32; 4]; MAX_POINTS],
}

impl FieldUniforms {
    /// The uniforms that draw `points` over `view` in `style`; `None` with more points than
    /// the shader takes.
    pub fn new(points: &[WeightedPoint], view: Rect, style: &FieldStyle) -> Option<Self> {
        if points.len() > MAX_POINTS {
            return None;
        }
        let mut packed = [[0.0; 4]; MAX_POINTS];
        for (slot, item) in packed.iter_mut().zip(points) {
            *slot = [item.point.x as f32, item.point.y as f32, item.weight as f32, 0.0];
        }
        Some(Self {
            rect_px: [0.0; 4],
            view: [view.min.x as f32, view.min.y as f32, view.max.x as f32, view.max.y as f32],
            minimum: style.minimum as f32,
            maximum: style.maximum as f32,
            spacing: style.spacing as f32,
            count: points.len() as f32,
            low: crate::theme::rgba_f32(style.low),
            high: crate::theme::rgba_f32(style.high),
            points: packed,
        })
    }
}

/// The pipeline, kept in the renderer's callback resources.
pub(crate) struct FieldResources(crate::gpu::UniformPipeline);

/// Builds the pipeline once and stores it in the renderer.
pub fn install(render_state: &egui_wgpu::RenderState) {
    let initial: FieldUniforms = bytemuck::Zeroable::zeroed();
    let pipeline = crate::gpu::UniformPipeline::new(
        render_state,
        "fermat_field",
        SHADER_SOURCE,
        bytemuck::bytes_of(&initial),
    );
    render_state.renderer.write().callback_resources.insert(FieldResources(pipeline));
}

/// One frame's field: the canvas rectangle (in points) and the uniforms.
pub struct FieldCallback {
    /// The canvas in logical points.
    pub rect: egui::Rect,
    /// The uniforms (`rect_px` is filled in `prepare`).
    pub uniforms: FieldUniforms,
}

impl crate::gpu::FullscreenDraw for FieldCallback {
    type Resources = FieldResources;

    fn prepare(
        &self,
        _device: &wgpu::Device,
        queue: &wgpu::Queue,
        scale: f32,
        resources: &mut FieldResources,
    ) {
        let uniforms = FieldUniforms {
            rect_px: [
                self.rect.min.x * scale,
                self.rect.min.y * scale,
                self.rect.width() * scale,
                self.rect.height() * scale,
            ],
            ..self.uniforms
        };
        resources.0.write(queue, bytemuck::bytes_of(&uniforms));
    }

    fn draw(&self, render_pass: &mut wgpu::RenderPass<'static>, resources: &FieldResources) {
        resources.0.draw(render_pass);
    }
}

/// Adds the field for `callback.rect` to the painter.
pub fn paint(painter: &egui::Painter, callback: FieldCallback) {
    crate::gpu::paint(painter, callback.rect, callback);
}
