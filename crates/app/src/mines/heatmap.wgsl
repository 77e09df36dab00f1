// Minesweeper board fills: one texel per cell (r32float), coloured here.
// Texel codes: 0..1 = mine probability of a covered cell (heatmap), 2 = covered (no probability),
// 3 = revealed, 4 = exploded mine.

struct Uniforms {
    // Board's top-left corner in framebuffer pixels.
    origin_px: vec2<f32>,
    // Cell side in framebuffer pixels.
    cell_px: f32,
    _padding: f32,
    // Board size in cells.
    size: vec2<f32>,
    _padding2: vec2<f32>,
};

@group(0) @binding(0) var<uniform> uniforms: Uniforms;
@group(0) @binding(1) var cells: texture_2d<f32>;

@vertex
fn vs_main(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    let x = f32(i32(index & 1u) * 4 - 1);
    let y = f32(i32(index >> 1u) * 4 - 1);
    return vec4<f32>(x, y, 0.0, 1.0);
}

fn heat(p: f32) -> vec3<f32> {
    let q = clamp(p, 0.0, 1.0);
    var r = 1.0;
    var g = 1.0;
    if (q < 0.5) {
        r = q * 2.0;
    } else {
        g = (1.0 - q) * 2.0;
    }
    return vec3<f32>(60.0 + 190.0 * r, 60.0 + 170.0 * g, 70.0) / 255.0;
}

@fragment
fn fs_main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let local = (position.xy - uniforms.origin_px) / uniforms.cell_px;
    if (local.x < 0.0 || local.y < 0.0 || local.x >= uniforms.size.x || local.y >= uniforms.size.y) {
        discard;
    }
    let cell = vec2<i32>(floor(local));
    let value = textureLoad(cells, cell, 0).r;
    var colour = vec3<f32>(0.753, 0.753, 0.753);
    if (value <= 1.0) {
        colour = heat(value);
    } else if (value < 2.5) {
        colour = vec3<f32>(0.753, 0.753, 0.753);
    } else if (value < 3.5) {
        colour = vec3<f32>(0.894, 0.894, 0.894);
    } else {
        colour = vec3<f32>(0.878, 0.188, 0.188);
    }
    // A one-pixel line between cells when cells are large enough to see it: the pixel whose
    // span crosses a cell boundary is darkened, so no boundary falls between pixel centres
    // whatever the board's offset and cell size.
    let before = floor((position.xy - vec2<f32>(0.5) - uniforms.origin_px) / uniforms.cell_px);
    let after = floor((position.xy + vec2<f32>(0.5) - uniforms.origin_px) / uniforms.cell_px);
    if (uniforms.cell_px >= 4.0 && (before.x != after.x || before.y != after.y)) {
        colour = colour * 0.85;
    }
    return vec4<f32>(colour, 1.0);
}
