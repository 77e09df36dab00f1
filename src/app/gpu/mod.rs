//! Custom wgpu pipelines drawn through egui_wgpu paint callbacks. Each panel installs its own
//! (`PanelType::install_gpu`); `panels::install_gpu` installs them all.
//!
//! Every pipeline here draws one full-viewport triangle (`vs_main`) and colours it in `fs_main`;
//! `fullscreen_pipeline` builds that shared part.

use eframe::egui_wgpu;
use eframe::wgpu;
use eframe::wgpu::util::DeviceExt;

pub mod fermat_field;
pub mod mines_heatmap;
pub mod star_density;

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
