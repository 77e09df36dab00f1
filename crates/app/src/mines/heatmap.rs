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

/// Uniform block; layout mirrored by `Uniforms` in the WGSL.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
struct HeatmapUniforms {
    origin_px: [f32; 2],
    cell_px: f32,
    padding: f32,
    size: [f32; 2],
    padding2: [f32; 2],
}

pub(crate) struct HeatmapResources {
    pipeline: wgpu::RenderPipeline,
    layout: wgpu::BindGroupLayout,
    uniforms: wgpu::Buffer,
    texture: Option<(wgpu::Texture, wgpu::BindGroup, [u32; 2])>,
    uploaded_version: u64,
}

/// Builds the pipeline once and stores it in the renderer.
pub fn install(render_state: &egui_wgpu::RenderState) {
    let device = &render_state.device;
    let uniforms = crate::gpu::uniform_buffer(
        device,
        "mines_heatmap_uniforms",
        bytemuck::bytes_of(&HeatmapUniforms::default()),
    );
    let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("mines_heatmap_layout"),
        entries: &[
            crate::gpu::uniform_entry(0),
            wgpu::BindGroupLayoutEntry {
                binding: 1,
                visibility: wgpu::ShaderStages::FRAGMENT,
                ty: wgpu::BindingType::Texture {
                    sample_type: wgpu::TextureSampleType::Float { filterable: false },
                    view_dimension: wgpu::TextureViewDimension::D2,
                    multisampled: false,
                },
                count: None,
            },
        ],
    });
    let pipeline = crate::gpu::fullscreen_pipeline(render_state, "mines_heatmap", SHADER_SOURCE, &layout);
    render_state.renderer.write().callback_resources.insert(HeatmapResources {
        pipeline,
        layout,
        uniforms,
        texture: None,
        uploaded_version: u64::MAX,
    });
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

    fn prepare(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        scale: f32,
        resources: &mut HeatmapResources,
    ) {
        let uniforms = HeatmapUniforms {
            origin_px: [self.origin.x * scale, self.origin.y * scale],
            cell_px: self.cell * scale,
            size: [self.size[0] as f32, self.size[1] as f32],
            ..HeatmapUniforms::default()
        };
        queue.write_buffer(&resources.uniforms, 0, bytemuck::bytes_of(&uniforms));
        if resources.texture.as_ref().is_none_or(|(_, _, size)| *size != self.size) {
            let texture = device.create_texture(&wgpu::TextureDescriptor {
                label: Some("mines_heatmap_cells"),
                size: wgpu::Extent3d { width: self.size[0], height: self.size[1], depth_or_array_layers: 1 },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: wgpu::TextureFormat::R32Float,
                usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
                view_formats: &[],
            });
            let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
            let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("mines_heatmap_bind_group"),
                layout: &resources.layout,
                entries: &[
                    wgpu::BindGroupEntry { binding: 0, resource: resources.uniforms.as_entire_binding() },
                    wgpu::BindGroupEntry { binding: 1, resource: wgpu::BindingResource::TextureView(&view) },
                ],
            });
            resources.texture = Some((texture, bind_group, self.size));
            resources.uploaded_version = u64::MAX;
        }
        if resources.uploaded_version != self.version
            && let Some((texture, _, size)) = &resources.texture
        {
            queue.write_texture(
                texture.as_image_copy(),
                bytemuck::cast_slice(self.texels.as_slice()),
                wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(size[0] * 4),
                    rows_per_image: Some(size[1]),
                },
                wgpu::Extent3d { width: size[0], height: size[1], depth_or_array_layers: 1 },
            );
            resources.uploaded_version = self.version;
        }
    }

    fn draw(&self, render_pass: &mut wgpu::RenderPass<'static>, resources: &HeatmapResources) {
        if let Some((_, bind_group, _)) = &resources.texture {
            crate::gpu::draw_fullscreen(render_pass, &resources.pipeline, bind_group);
        }
    }
}

/// Adds the board's fills over `rect` (the part of the board in view) to the painter.
pub fn paint(painter: &egui::Painter, rect: egui::Rect, callback: HeatmapCallback) {
    crate::gpu::paint(painter, rect, callback);
}
