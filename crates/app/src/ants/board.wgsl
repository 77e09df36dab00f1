// The Ants board: one texel per square (rgba8unorm, the square's final colour), drawn opaque.

struct Uniforms {
    // Board's top-left corner in framebuffer pixels.
    origin_px: vec2<f32>,
    // Square side in framebuffer pixels.
    cell_px: f32,
    _padding: f32,
    // Board size in squares (columns, rows).
    size: vec2<f32>,
    _padding2: vec2<f32>,
};

@group(0) @binding(0) var<uniform> uniforms: Uniforms;
@group(0) @binding(1) var squares: texture_2d<f32>;

@vertex
fn vs_main(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    let x = f32(i32(index & 1u) * 4 - 1);
    let y = f32(i32(index >> 1u) * 4 - 1);
    return vec4<f32>(x, y, 0.0, 1.0);
}

@fragment
fn fs_main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let local = (position.xy - uniforms.origin_px) / uniforms.cell_px;
    let square = clamp(vec2<i32>(floor(local)), vec2<i32>(0), vec2<i32>(uniforms.size) - vec2<i32>(1));
    return vec4<f32>(textureLoad(squares, square, 0).rgb, 1.0);
}
