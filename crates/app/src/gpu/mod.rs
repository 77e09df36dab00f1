//! Custom wgpu pipelines drawn through egui_wgpu paint callbacks. Each panel installs its own
//! (`PanelType::install_gpu`); `install_gpu` (the crate root) installs them all.
//!
//! Every pipeline here draws one full-viewport triangle (`vs_main`) and colours it in `fs_main`;
//! `fullscreen_pipeline` builds that shared part. What a frame draws implements
//! `FullscreenDraw`, and `paint` turns it into egui's paint callback.

use eframe::egui;
use eframe::egui_wgpu::{self, CallbackResources, CallbackTrait, ScreenDescriptor};
use eframe::wgpu;
use eframe::wgpu::util::DeviceExt;

/// One frame's drawing with a pipeline kept in the renderer's callback resources (stored there
/// once by the pipeline's `install`, as a value of type `Resources`).
pub(crate) trait FullscreenDraw: Send + Sync + 'static {
    /// The pipeline and buffers, one value per type in the renderer.
    type Resources: Send + Sync + 'static;
    /// Uploads this frame's data; `pixels_per_point` turns logical points into framebuffer
    /// pixels.
    fn prepare(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        pixels_per_point: f32,
        resources: &mut Self::Resources,
    );
    /// Records the draw.
    fn draw(&self, render_pass: &mut wgpu::RenderPass<'static>, resources: &Self::Resources);
}

/// egui's paint callback for any [`FullscreenDraw`]; draws nothing when the pipeline was not
/// installed.
struct Painted<D>(D);

impl<D: FullscreenDraw> CallbackTrait for Painted<D> {
    fn prepare(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        screen: &ScreenDescriptor,
        _encoder: &mut wgpu::CommandEncoder,
        resources: &mut CallbackResources,
    ) -> Vec<wgpu::CommandBuffer> {
        if let Some(resources) = resources.get_mut::<D::Resources>() {
            self.0.prepare(device, queue, screen.pixels_per_point, resources);
        }
        Vec::new()
    }

    fn paint(
        &self,
        _info: egui::PaintCallbackInfo,
        render_pass: &mut wgpu::RenderPass<'static>,
        resources: &CallbackResources,
    ) {
        if let Some(resources) = resources.get::<D::Resources>() {
            self.0.draw(render_pass, resources);
        }
    }
}

/// Adds `draw` over `rect` to the painter.
pub(crate) fn paint<D: FullscreenDraw>(painter: &egui::Painter, rect: egui::Rect, draw: D) {
    painter.add(egui_wgpu::Callback::new_paint_callback(rect, Painted(draw)));
}

/// A [`fullscreen_pipeline`] whose fragment shader reads one uniform buffer at binding 0:
/// what the simple pipelines keep in the renderer (each in a newtype of its own, since the
/// renderer keeps one value per type).
pub(crate) struct UniformPipeline {
    pipeline: wgpu::RenderPipeline,
    bind_group: wgpu::BindGroup,
    uniforms: wgpu::Buffer,
}

impl UniformPipeline {
    /// Builds the pipeline named `label` from WGSL `source`, its uniforms first set to `initial`.
    pub(crate) fn new(
        render_state: &egui_wgpu::RenderState,
        label: &str,
        source: &str,
        initial: &[u8],
    ) -> Self {
        let device = &render_state.device;
        let uniforms = uniform_buffer(device, &format!("{label}_uniforms"), initial);
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some(&format!("{label}_layout")),
            entries: &[uniform_entry(0)],
        });
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some(&format!("{label}_bind_group")),
            layout: &layout,
            entries: &[wgpu::BindGroupEntry { binding: 0, resource: uniforms.as_entire_binding() }],
        });
        let pipeline = fullscreen_pipeline(render_state, label, source, &layout);
        Self { pipeline, bind_group, uniforms }
    }

    /// Sets the uniforms of the next draw.
    pub(crate) fn write(&self, queue: &wgpu::Queue, bytes: &[u8]) {
        queue.write_buffer(&self.uniforms, 0, bytes);
    }

    /// Draws the full-viewport triangle.
    pub(crate) fn draw(&self, render_pass: &mut wgpu::RenderPass<'static>) {
        draw_fullscreen(render_pass, &self.pipeline, &self.bind_group);
    }
}

/// Layout entry of the fragment-stage uniform buffer at `binding`.
pub(crate) fn uniform_entry(binding: u32) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::FRAGMENT,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    }
}

/// A uniform buffer named `label` holding `contents`, rewritten each frame (`COPY_DST`).
pub(crate) fn uniform_buffer(device: &wgpu::Device, label: &str, contents: &[u8]) -> wgpu::Buffer {
    device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some(label),
        contents,
        usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
    })
}

/// Draws the full-viewport triangle of a [`fullscreen_pipeline`] with its one bind group.
pub(crate) fn draw_fullscreen(
    render_pass: &mut wgpu::RenderPass<'static>,
    pipeline: &wgpu::RenderPipeline,
    bind_group: &wgpu::BindGroup,
) {
    render_pass.set_pipeline(pipeline);
    render_pass.set_bind_group(0, bind_group, &[]);
    render_pass.draw(0..3, 0..1);
}

/// A render pipeline from WGSL `source` with entry points `vs_main` (a full-viewport triangle,
/// no vertex buffers) and `fs_main`, one bind group `layout`, drawing into egui's target format.
pub(crate) fn fullscreen_pipeline(
    render_state: &egui_wgpu::RenderState,
    label: &str,
    source: &str,
    layout: &wgpu::BindGroupLayout,
) -> wgpu::RenderPipeline {
    let device = &render_state.device;
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some(label),
        source: wgpu::ShaderSource::Wgsl(source.into()),
    });
    let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: Some(label),
        bind_group_layouts: &[Some(layout)],
        ..Default::default()
    });
    device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some(label),
        layout: Some(&pipeline_layout),
        vertex: wgpu::VertexState {
            module: &module,
            entry_point: Some("vs_main"),
            compilation_options: wgpu::PipelineCompilationOptions::default(),
            buffers: &[],
        },
        fragment: Some(wgpu::FragmentState {
            module: &module,
            entry_point: Some("fs_main"),
            compilation_options: wgpu::PipelineCompilationOptions::default(),
            targets: &[Some(render_state.target_format.into())],
        }),
        primitive: wgpu::PrimitiveState::default(),
        depth_stencil: None,
        multisample: wgpu::MultisampleState::default(),
        multiview_mask: None,
        cache: None,
    })
}

/// Uniforms of a board drawn one texel a cell, mirrored by `Uniforms` in its WGSL: the board's
/// top-left corner and cell side in framebuffer pixels, and its size in cells.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
struct CellUniforms {
    origin_px: [f32; 2],
    cell_px: f32,
    padding: f32,
    size: [f32; 2],
    padding2: [f32; 2],
}

/// A board drawn one texel a cell: a [`fullscreen_pipeline`] whose shader reads
/// [`CellUniforms`] at binding 0 and the cells' texture (4 bytes a texel, read with
/// `textureLoad`) at binding 1; the texture is uploaded only when its version changes.
pub(crate) struct CellBoard {
    label: &'static str,
    format: wgpu::TextureFormat,
    pipeline: wgpu::RenderPipeline,
    layout: wgpu::BindGroupLayout,
    uniforms: wgpu::Buffer,
    texture: Option<(wgpu::Texture, wgpu::BindGroup, [u32; 2])>,
    uploaded_version: u64,
}

impl CellBoard {
    /// The pipeline named `label` from WGSL `source`, for cells of texture `format`.
    pub(crate) fn new(
        render_state: &egui_wgpu::RenderState,
        label: &'static str,
        source: &str,
        format: wgpu::TextureFormat,
    ) -> CellBoard {
        let device = &render_state.device;
        let uniforms = uniform_buffer(
            device,
            &format!("{label}_uniforms"),
            bytemuck::bytes_of(&CellUniforms::default()),
        );
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some(&format!("{label}_layout")),
            entries: &[
                uniform_entry(0),
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
        let pipeline = fullscreen_pipeline(render_state, label, source, &layout);
        CellBoard { label, format, pipeline, layout, uniforms, texture: None, uploaded_version: u64::MAX }
    }

    /// Sets where the board goes (`origin` and `cell` in points, `scale` pixels a point) and
    /// uploads `texels` (row by row, 4 bytes each, `size` cells) unless `version` is the one
    /// uploaded last.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn prepare(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        origin: egui::Pos2,
        cell: f32,
        scale: f32,
        size: [u32; 2],
        texels: &[u8],
        version: u64,
    ) {
        let uniforms = CellUniforms {
            origin_px: [origin.x * scale, origin.y * scale],
            cell_px: cell * scale,
            size: [size[0] as f32, size[1] as f32],
            ..CellUniforms::default()
        };
        queue.write_buffer(&self.uniforms, 0, bytemuck::bytes_of(&uniforms));
        if self.texture.as_ref().is_none_or(|(_, _, kept)| *kept != size) {
            let texture = device.create_texture(&wgpu::TextureDescriptor {
                label: Some(&format!("{}_cells", self.label)),
                size: wgpu::Extent3d { width: size[0], height: size[1], depth_or_array_layers: 1 },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: self.format,
                usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
                view_formats: &[],
            });
            let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
            let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some(&format!("{}_bind_group", self.label)),
                layout: &self.layout,
                entries: &[
                    wgpu::BindGroupEntry { binding: 0, resource: self.uniforms.as_entire_binding() },
                    wgpu::BindGroupEntry { binding: 1, resource: wgpu::BindingResource::TextureView(&view) },
                ],
            });
            self.texture = Some((texture, bind_group, size));
            self.uploaded_version = u64::MAX;
        }
        if self.uploaded_version != version
            && let Some((texture, _, size)) = &self.texture
            && texels.len() == size[0] as usize * size[1] as usize * 4
        {
            queue.write_texture(
                texture.as_image_copy(),
                texels,
                wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(size[0] * 4),
                    rows_per_image: Some(size[1]),
                },
                wgpu::Extent3d { width: size[0], height: size[1], depth_or_array_layers: 1 },
            );
            self.uploaded_version = version;
        }
    }

    /// Draws the board once a texture is uploaded.
    pub(crate) fn draw(&self, render_pass: &mut wgpu::RenderPass<'static>) {
        if let Some((_, bind_group, _)) = &self.texture {
            draw_fullscreen(render_pass, &self.pipeline, bind_group);
        }
    }
}
