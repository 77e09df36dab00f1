//! The star density view on the GPU: a full-viewport triangle whose fragment shader
//! (`density.wgsl` beside it) colours each pixel by the polygram's winding number.

use eframe::egui;
use eframe::egui_wgpu;
use eframe::wgpu;

/// WGSL source of the pipeline.
pub const SHADER_SOURCE: &str = include_str!("density.wgsl");

/// Uniform block; layout mirrored by `Uniforms` in the WGSL (16-byte aligned, explicit padding).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct DensityUniforms {
    /// Star centre in framebuffer pixels.
    pub center_px: [f32; 2],
    /// Tip radius in framebuffer pixels.
    pub radius_px: f32,
    /// Rotation in radians.
    pub rotation: f32,
    /// Number of tips.
    pub n: f32,
    /// Density.
    pub d: f32,
    /// Padding to 16 bytes.
    pub padding: [f32; 2],
    /// Colour of density 1 (RGBA, 0..1, gamma space).
    pub low: [f32; 4],
    /// Colour of the highest density.
    pub high: [f32; 4],
    /// Colour outside the star.
    pub background: [f32; 4],
}

/// The pipeline, kept in the renderer's callback resources.
pub(crate) struct DensityResources(crate::gpu::UniformPipeline);

/// Builds the pipeline once and stores it in the renderer.
pub fn install(render_state: &egui_wgpu::RenderState) {
    let initial = DensityUniforms::default();
    let pipeline = crate::gpu::UniformPipeline::new(
        render_state,
        "star_density",
        SHADER_SOURCE,
        bytemuck::bytes_of(&initial),
    );
    render_state.renderer.write().callback_resources.insert(DensityResources(pipeline));
}

/// One frame's density view: where to draw and with which uniforms (centre in points).
pub struct DensityCallback {
    /// Star centre in logical points.
    pub center: egui::Pos2,
    /// Tip radius in logical points.
    pub radius: f32,
    /// The rest of the uniforms (centre and radius are filled in `prepare`).
    pub uniforms: DensityUniforms,
}

impl crate::gpu::FullscreenDraw for DensityCallback {
    type Resources = DensityResources;

    fn prepare(
        &self,
        _device: &wgpu::Device,
        queue: &wgpu::Queue,
        scale: f32,
        resources: &mut DensityResources,
    ) {
        let uniforms = DensityUniforms {
            center_px: [self.center.x * scale, self.center.y * scale],
            radius_px: self.radius * scale,
            ..self.uniforms
        };
        resources.0.write(queue, bytemuck::bytes_of(&uniforms));
    }

    fn draw(&self, render_pass: &mut wgpu::RenderPass<'static>, resources: &DensityResources) {
        resources.0.draw(render_pass);
    }
}

/// Adds the density view for `rect` to the painter.
pub fn paint(painter: &egui::Painter, rect: egui::Rect, callback: DensityCallback) {
    crate::gpu::paint(painter, rect, callback);
}
