// Star density view: every pixel coloured by the winding number of the {n/d} polygram.
// Mirrors `curio::star::winding_number_polar` (O(1) per sample), 3x3 supersampled.

struct Uniforms {
    // Star centre in framebuffer pixels (y down).
    center_px: vec2<f32>,
    // Tip radius in framebuffer pixels.
    radius_px: f32,
    // Rotation in radians, counter-clockwise.
    rotation: f32,
    n: f32,
    d: f32,
    _padding: vec2<f32>,
    low: vec4<f32>,
    high: vec4<f32>,
    background: vec4<f32>,
};

@group(0) @binding(0) var<uniform> uniforms: Uniforms;

const PI: f32 = 3.14159265358979;

@vertex
fn vs_main(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    // One triangle that covers the whole viewport.
    let x = f32(i32(index & 1u) * 4 - 1);
    let y = f32(i32(index >> 1u) * 4 - 1);
    return vec4<f32>(x, y, 0.0, 1.0);
}

fn count_within(t: f32, angle: f32) -> f32 {
    let w = angle * uniforms.n / (2.0 * PI);
    return ceil(t + w) - floor(t - w) - 1.0;
}

fn winding(model: vec2<f32>) -> f32 {
    let rho = length(model);
    let half_span = PI * uniforms.d / uniforms.n;
    let edge = cos(half_span);
    var inner_limit = 0.0;
    if (rho > edge) {
        inner_limit = acos(clamp(edge / rho, -1.0, 1.0));
    }
    if (inner_limit >= half_span) {
        return 0.0;
    }
    let phi = atan2(model.y, model.x) - uniforms.rotation;
    let first_normal = PI / 2.0 + half_span;
    var offset = (phi - first_normal) % (2.0 * PI);
    if (offset < 0.0) {
        offset = offset + 2.0 * PI;
    }
    let t = offset * uniforms.n / (2.0 * PI);
    var inner = 0.0;
    if (inner_limit > 0.0) {
        inner = count_within(t, inner_limit);
    }
    return max(count_within(t, half_span) - inner, 0.0);
}

fn shade(winding_number: f32) -> vec4<f32> {
    if (winding_number < 0.5) {
        return uniforms.background;
    }
    let t = select((winding_number - 1.0) / (uniforms.d - 1.0), 0.0, uniforms.d < 1.5);
    return mix(uniforms.low, uniforms.high, clamp(t, 0.0, 1.0));
}

@fragment
fn fs_main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    var sum = vec4<f32>(0.0);
    for (var sx = 0; sx < 3; sx = sx + 1) {
        for (var sy = 0; sy < 3; sy = sy + 1) {
            let sample = position.xy + (vec2<f32>(f32(sx), f32(sy)) - 1.0) / 3.0;
            let model = vec2<f32>(sample.x - uniforms.center_px.x, uniforms.center_px.y - sample.y) / uniforms.radius_px;
            sum = sum + shade(winding(model));
        }
    }
    return sum / 9.0;
}
