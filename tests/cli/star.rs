//! The `curio star` commands, including bad input.

use crate::common::*;

#[test]
fn render_writes_svg_for_every_style() {
    let dir = temp_dir("svg");
    let dir = dir.path();
    for style in ["outline", "polygram", "density"] {
        let out = dir.join(format!("star-{style}.svg"));
        let output =
            curio(&["star", "render", "--n", "7", "--d", "3", "--style", style, "--out", path_str(&out)]);
        assert!(output.status.success(), "{style}: {}", text(&output.stderr));
        let svg = std::fs::read_to_string(&out).expect("svg written");
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{style}");
        assert!(text(&output.stdout).contains("wrote"), "{style}");
    }
}

#[test]
fn render_writes_png_of_the_requested_size_and_reports_json() {
    let dir = temp_dir("png");
    let dir = dir.path();
    let out = dir.join("star.png");
    let output = curio(&[
        "star",
        "render",
        "--n",
        "12",
        "--d",
        "4",
        "--style",
        "density",
        "--size",
        "300",
        "--construction",
        "--out",
        path_str(&out),
        "--json",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    assert_eq!(report["n"], 12);
    assert_eq!(report["d"], 4);
    assert_eq!(report["compound_of"], 4);
    assert_eq!(report["width"], 300);
    let image = image::open(&out).expect("valid png").to_rgba8();
    assert_eq!(image.dimensions(), (300, 300));
    let distinct: std::collections::HashSet<_> = image.pixels().map(|p| p.0).collect();
    assert!(distinct.len() > 10, "an anti-aliased figure has many colours");
}

/// The write-up's pentagram: "if r = 1, then d ≈ 0.38197" (the value is the inner radius i;
/// d is the density, 2).
#[test]
fn render_reports_the_write_ups_inner_radius() {
    let dir = temp_dir("inner");
    let out = dir.path().join("pentagram.svg");
    let output = curio(&["star", "render", "--n", "5", "--d", "2", "--out", path_str(&out), "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    let inner = report["inner_radius_ratio"].as_f64().expect("a number");
    assert!((inner - 0.38197).abs() < 5e-6, "{inner}");
    let plain = curio(&["star", "render", "--n", "5", "--d", "2", "--out", path_str(&out)]);
    assert!(text(&plain.stdout).contains("inner radius i/r = 0.381966"), "{}", text(&plain.stdout));
}

#[test]
fn stellar_prints_the_number_and_json() {
    let output = curio(&["star", "stellar", "--points", "6", "--stage", "5", "--json"]);
    assert!(output.status.success());
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(report, serde_json::json!({"points": 6, "stage": 5, "value": 121}));
    let plain = curio(&["star", "stellar", "--points", "6", "--stage", "3"]);
    assert_eq!(text(&plain.stdout).trim(), "S(6, 3) = 37");
}

#[test]
fn stellar_draws_its_dot_figure() {
    let dir = temp_dir("dots");
    let dir = dir.path();
    let out = dir.join("dots.svg");
    let output = curio(&["star", "stellar", "--points", "6", "--stage", "4", "--out", path_str(&out)]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let svg = std::fs::read_to_string(&out).expect("svg");
    // 73 dots, each a circle of four cubic arcs: count the sub-paths of the dot shape.
    let lines: Vec<&str> = svg.lines().collect();
    let dots_path = lines[lines.len() - 2];
    assert_eq!(dots_path.matches('M').count(), 73);
}

#[test]
fn density_out_of_range_is_a_clear_error() {
    assert_bad_input(
        &["star", "render", "--n", "8", "--d", "4", "--out", "x.svg"],
        &["d = 4", "n = 8", "1..=3"],
    );
    assert_bad_input(&["star", "render", "--n", "7", "--d", "0", "--out", "x.svg"], &["d = 0"]);
}

#[test]
fn too_few_points_is_a_clear_error() {
    assert_bad_input(&["star", "render", "--n", "2", "--d", "1", "--out", "x.svg"], &["n = 2", "between 3"]);
    assert_bad_input(&["star", "render", "--n", "-5", "--d", "1", "--out", "x.svg"], &["-5"]);
    assert_bad_input(&["star", "stellar", "--points", "2", "--stage", "3"], &["points = 2"]);
    assert_bad_input(&["star", "stellar", "--points", "6", "--stage", "0"], &["stage"]);
}

#[test]
fn png_size_out_of_range_is_a_clear_error() {
    assert_bad_input(
        &["star", "render", "--n", "5", "--d", "2", "--size", "0", "--out", "x.png"],
        &["size = 0", "16384"],
    );
    assert_bad_input(
        &["star", "render", "--n", "5", "--d", "2", "--size", "20000", "--out", "x.png"],
        &["size = 20000"],
    );
}

#[test]
fn unknown_extension_is_a_clear_error() {
    assert_bad_input(
        &["star", "render", "--n", "5", "--d", "2", "--out", "star.jpg"],
        &["star.jpg", ".svg or .png"],
    );
    assert_bad_input(&["star", "render", "--n", "5", "--d", "2", "--out", "star"], &[".svg or .png"]);
}

#[test]
fn unwritable_path_is_a_clear_error() {
    assert_bad_input(
        &["star", "render", "--n", "5", "--d", "2", "--out", "/no/such/folder/star.svg"],
        &["cannot write", "/no/such/folder"],
    );
    // /proc exists but accepts no new files, even for root.
    assert_bad_input(
        &["star", "render", "--n", "5", "--d", "2", "--out", "/proc/curio-star.svg"],
        &["cannot write"],
    );
}

#[test]
fn oversized_density_figure_is_refused_not_attempted() {
    assert_bad_input(
        &["star", "render", "--n", "10000", "--d", "4999", "--style", "density", "--out", "big.svg"],
        &["{10000/4999}", "path points"],
    );
}

#[test]
fn bench_reports_every_reference_star() {
    let output = curio(&["star", "bench", "--size", "64", "--repeat", "1", "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    let cases = report["png_export"].as_array().expect("array");
    assert_eq!(cases.len(), 3);
    assert_eq!(cases[1]["star"], "{10000/4999}");
    assert!(cases.iter().all(|case| case["png_bytes"].as_u64().unwrap_or(0) > 0));
    assert_bad_input(&["star", "bench", "--size", "0"], &["size = 0"]);
}
