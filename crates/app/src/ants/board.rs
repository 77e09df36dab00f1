//! The Ants board on the GPU: one rgba8 texel a square, already in its final colour, drawn by
//! `board.wgsl` without blending. On the CPU renderer this costs about half of an egui image
//! of the same size, whose shader converts colours and blends every pixel.

use eframe::egui;
use eframe::egui_wgpu;
use eframe::wgpu;
use std::sync::Arc;

/// WGSL source of the pipeline.
const SHADER_SOURCE: &str = include_str!("board.wgsl");

/// Uniform block; layout mirrored by `Uniforms` in the WGSL.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
struct BoardUniforms {
    origin_px: [f32; 2],
    cell_px: f32,
    padding: f32,
    size: [f32; 2],
    padding2: [f32; 2],
}

/// The pipeline, its uniforms and the board's texture, kept in the renderer.
pub(crate) struct BoardResources {
    pipeline: wgpu::RenderPipeline,
    layout: wgpu::BindGroupLayout,
    uniforms: wgpu::Buffer,
    texture: Option<(wgpu::Texture, wgpu::BindGroup, [u32; 2])>,
    uploaded_version: u64,
}

/// Builds the pipeline once and stores it in the renderer.
pub fn install(render_state: &egui_wgpu::RenderState) {
    let device = &render_state.device;
    let uniforms =
        crate::gpu::uniform_buffer(device, "ants_board_uniforms", bytemuck::bytes_of(&BoardUniforms::default()));
    let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("ants_board_layout"),
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
    let pipeline = crate::gpu::fullscreen_pipeline(render_state, "ants_board", SHADER_SOURCE, &layout);
    render_state.renderer.write().callback_resources.insert(BoardResources {
        pipeline,
        layout,
        uniforms,
        texture: None,
        uploaded_version: u64::MAX,
    });
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
        let uniforms = BoardUniforms {
            origin_px: [self.origin.x * scale, self.origin.y * scale],
            cell_px: self.cell * scale,
            size: [self.size[0] as f32, self.size[1] as f32],
            ..BoardUniforms::default()
        };
        queue.write_buffer(&resources.uniforms, 0, bytemuck::bytes_of(&uniforms));
        if resources.texture.as_ref().is_none_or(|(_, _, size)| *size != self.size) {
            let texture = device.create_texture(&wgpu::TextureDescriptor {
                label: Some("ants_board_squares"),
                size: wgpu::Extent3d { width: self.size[0], height: self.size[1], depth_or_array_layers: 1 },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: wgpu::TextureFormat::Rgba8Unorm,
                usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
                view_formats: &[],
            });
            let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
            let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("ants_board_bind_group"),
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
            && self.colours.len() == size[0] as usize * size[1] as usize
        {
            queue.write_texture(
                texture.as_image_copy(),
                bytemuck::cast_slice(self.colours.as_slice()),
                wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(size[0] * 4), rows_per_image: Some(size[1]) },
                wgpu::Extent3d { width: size[0], height: size[1], depth_or_array_layers: 1 },
            );
            resources.uploaded_version = self.version;
        }
    }

    fn draw(&self, render_pass: &mut wgpu::RenderPass<'static>, resources: &BoardResources) {
        if let Some((_, bind_group, _)) = &resources.texture {
            crate::gpu::draw_fullscreen(render_pass, &resources.pipeline, bind_group);
        }
    }
}

/// Adds the board over `rect` to the painter.
pub fn paint(painter: &egui::Painter, rect: egui::Rect, callback: BoardCallback) {
    crate::gpu::paint(painter, rect, callback);
}
