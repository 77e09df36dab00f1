//! Custom wgpu pipelines drawn through egui_wgpu paint callbacks.

pub mod star_density;
