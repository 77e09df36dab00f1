//! Custom wgpu pipelines drawn through egui_wgpu paint callbacks.

pub mod mines_heatmap;
pub mod star_density;

/// Installs every pipeline into the renderer; returns the adapter's name.
pub fn install_all(render_state: &eframe::egui_wgpu::RenderState) -> String {
    mines_heatmap::install(render_state);
    star_density::install(render_state)
}
