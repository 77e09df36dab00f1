// Fermat distance field: every pixel coloured by f(X) = sum of w_i |X - P_i| over the view,
// with isolines at f_min + k * spacing (k >= 1). Mirrors `curio::fermat::field::shade`.

const MAX_POINTS: u32 = 32u;

struct Uniforms {
    // The canvas rectangle in framebuffer pixels: left, top, width, height.
    rect_px: vec4<f32>,
    // The model view shown in it: min x, min y, max x, max y (y up).
    view: vec4<f32>,
    // f at the minimum, f where the ramp ends, isoline spacing (0: none), number of points.
    minimum: f32,
    maximum: f32,
    spacing: f32,
    count: f32,
    low: vec4<f32>,
    high: vec4<f32>,
    // x, y, weight, unused.
    points: array<vec4<f32>, 32>,
};

@group(0) @binding(0) var<uniform> uniforms: Uniforms;

@vertex
fn vs_main(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
    // One triangle that covers the whole viewport.
    let x = f32(i32(index & 1u) * 4 - 1);
    let y = f32(i32(index >> 1u) * 4 - 1);
    return vec4<f32>(x, y, 0.0, 1.0);
}

fn field(model: vec2<f32>) -> f32 {
    var sum = 0.0;
    let count = min(u32(uniforms.count), MAX_POINTS);
    for (var i = 0u; i < count; i = i + 1u) {
        let point = uniforms.points[i];
        sum = sum + point.z * distance(model, point.xy);
    }
    return sum;
}

@fragment
fn fs_main(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
    let relative = (position.xy - uniforms.rect_px.xy) / uniforms.rect_px.zw;
    let model = vec2<f32>(
        mix(uniforms.view.x, uniforms.view.z, relative.x),
        mix(uniforms.view.w, uniforms.view.y, relative.y),
    );
    let value = field(model);
    let t = clamp((value - uniforms.minimum) / (uniforms.maximum - uniforms.minimum), 0.0, 1.0);
    var color = mix(uniforms.low, uniforms.high, sqrt(t));
    if (uniforms.spacing > 0.0) {
        let phase = (value - uniforms.minimum) / uniforms.spacing;
        if (round(phase) >= 1.0) {
            let change = max(fwidth(value), 1e-12);
            let line_distance = abs(phase - round(phase)) * uniforms.spacing / change;
            let line = clamp(1.0 - line_distance, 0.0, 1.0) * 0.55;
            color = vec4<f32>(color.rgb * (1.0 - line), color.a);
        }
    }
    return color;
}
