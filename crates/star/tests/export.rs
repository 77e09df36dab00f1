//! Export: SVG golden snapshots, and our PNG against resvg's rendering of our SVG.

use curio_core::export::{rasterize, to_svg};
use curio_core::geom::Scene;
use star::{FigureOptions, StarSpec, StarStyle, figure_scene, stellar};

fn star(n: u64, d: u64, style: StarStyle, construction: bool) -> Scene {
    let options = FigureOptions { style, construction, ..FigureOptions::default() };
    figure_scene(StarSpec::new(n, d).expect("valid"), &options)
}

#[test]
fn pentagram_svg_matches_the_snapshot() {
    insta::assert_snapshot!("pentagram_polygram", to_svg(&star(5, 2, StarStyle::Polygram, false)));
}

#[test]
fn heptagram_outline_svg_matches_the_snapshot() {
    insta::assert_snapshot!("heptagram_outline", to_svg(&star(7, 3, StarStyle::Outline, false)));
}

#[test]
fn hexagram_density_svg_matches_the_snapshot() {
    insta::assert_snapshot!("hexagram_density", to_svg(&star(6, 2, StarStyle::Density, false)));
}

#[test]
fn stellar_dot_figure_svg_matches_the_snapshot() {
    let options = FigureOptions::default();
    let scene =
        stellar::dot_figure_scene(6, 3, options.line_color, options.background).expect("small figure");
    insta::assert_snapshot!("stellar_6_3", to_svg(&scene));
}

/// Mean absolute channel difference (0..255) and the fraction of pixels differing by more than 48.
fn compare_with_resvg(scene: &Scene, size: u32) -> (f64, f64) {
    let ours = rasterize(scene, size);
    let svg = to_svg(scene);
    let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).expect("our SVG parses");
    let mut pixmap = resvg::tiny_skia::Pixmap::new(ours.width(), ours.height()).expect("pixmap");
    let scale = ours.width() as f32 / tree.size().width();
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    let mut total = 0.0;
    let mut far = 0usize;
    for (theirs, mine) in pixmap.pixels().iter().zip(ours.pixels()) {
        let theirs = theirs.demultiply();
        let channels = [theirs.red(), theirs.green(), theirs.blue(), theirs.alpha()];
        let worst =
            channels.iter().zip(mine.0).map(|(a, b)| (i32::from(*a) - i32::from(b)).abs()).max().unwrap_or(0);
        total += channels
            .iter()
            .zip(mine.0)
            .map(|(a, b)| f64::from((i32::from(*a) - i32::from(b)).abs()))
            .sum::<f64>()
            / 4.0;
        if worst > 48 {
            far += 1;
        }
    }
    let count = f64::from(ours.width() * ours.height());
    (total / count, far as f64 / count)
}

#[test]
fn png_matches_resvg_rendering_of_the_svg() {
    let scenes = [
        ("{7/3} polygram", star(7, 3, StarStyle::Polygram, false)),
        ("{5/2} outline + construction", star(5, 2, StarStyle::Outline, true)),
        ("{12/5} density", star(12, 5, StarStyle::Density, false)),
        ("{8/3} polygram transparent", {
            let options = FigureOptions { background: None, ..FigureOptions::default() };
            figure_scene(StarSpec::new(8, 3).expect("valid"), &options)
        }),
    ];
    for (name, scene) in scenes {
        let (mean, far) = compare_with_resvg(&scene, 256);
        assert!(mean < 1.5, "{name}: mean channel difference {mean:.3}");
        assert!(far < 0.005, "{name}: {:.3}% of pixels differ a lot", far * 100.0);
    }
}

#[test]
fn the_comparison_detects_a_different_figure() {
    // Guard against a comparison that cannot fail: two different stars must differ.
    let a = rasterize(&star(7, 3, StarStyle::Polygram, false), 128);
    let b = rasterize(&star(7, 2, StarStyle::Polygram, false), 128);
    let differing = a.pixels().zip(b.pixels()).filter(|(x, y)| x != y).count();
    assert!(differing > 500);
}

#[test]
fn png_longest_side_is_the_requested_size() {
    let image = rasterize(&star(9, 4, StarStyle::Outline, true), 333);
    assert_eq!(image.dimensions(), (333, 333));
}

#[test]
fn save_refuses_bad_sizes_and_extensions() {
    use curio_core::export::{ExportError, save};
    use curio_core::progress::NoProgress;
    let scene = star(5, 2, StarStyle::Polygram, false);
    let dir = std::env::temp_dir();
    assert!(matches!(
        save(&scene, &dir.join("a.png"), 0, &mut NoProgress),
        Err(ExportError::SizeOutOfRange(0))
    ));
    assert!(matches!(
        save(&scene, &dir.join("a.png"), 16_385, &mut NoProgress),
        Err(ExportError::SizeOutOfRange(_))
    ));
    assert!(matches!(
        save(&scene, &dir.join("a.gif"), 10, &mut NoProgress),
        Err(ExportError::UnknownExtension(_))
    ));
}

#[test]
fn cancelled_export_leaves_no_file() {
    use curio_core::export::{ExportError, save};
    use curio_core::progress::Progress;
    use std::ops::ControlFlow;
    struct CancelAfterFirst(u32);
    impl Progress for CancelAfterFirst {
        fn report(&mut self, _: u64, _: u64, _: &str) -> ControlFlow<()> {
            self.0 += 1;
            if self.0 > 1 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        }
    }
    let path = std::env::temp_dir().join(format!("curio-cancel-{}.png", std::process::id()));
    let result = save(&star(5, 2, StarStyle::Polygram, false), &path, 64, &mut CancelAfterFirst(0));
    assert!(matches!(result, Err(ExportError::Cancelled)));
    assert!(!path.exists());
}
