//! `curio star ...`: render star polygons and stellar-number dot figures.
use crate::facets::{GroupArgs, House};

use super::export_file::{check_output, export_error, save_with_bar};
use super::{CliError, named, print_json, usage};
use ::star::{FigureOptions, StarSpec, StarStyle, figure_scene, stellar};
use clap::{Args, Subcommand};
use curio_core::export;
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

/// `curio star`.
#[derive(Debug, Args)]
pub struct StarArgs {
    #[command(subcommand)]
    command: StarCommand,
}

#[derive(Debug, Subcommand)]
enum StarCommand {
    /// Draw {n/d} and write it as SVG or PNG.
    #[command(
        after_help = "Examples:\n  curio star render --n 5 --d 2 --out pentagram.svg\n  curio star render --n 7 --d 3 --style density --size 4096 --out star.png\n  curio star render --n 12 --d 4 --construction --out compound.png"
    )]
    Render(RenderArgs),
    /// Print the stellar number S(p, k) = p k (k-1) + 1 and optionally draw its dot figure.
    #[command(
        after_help = "Examples:\n  curio star stellar --points 6 --stage 5\n  curio star stellar --points 6 --stage 5 --out dots.png --json"
    )]
    Stellar(StellarArgs),
    /// Time PNG export (rasterize + encode, in memory) of the reference stars.
    #[command(after_help = "Examples:\n  curio star bench\n  curio star bench --size 4096 --repeat 5 --json")]
    Bench(BenchArgs),
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// PNG size in pixels (longest side), 1..=16384.
    #[arg(long, default_value_t = 4096)]
    size: u64,
    /// Timed runs per case (the median is reported), 1..=100.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=100))]
    repeat: u32,
    /// Print a JSON report on stdout.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct RenderArgs {
    /// Number of tips, n >= 3.
    #[arg(long)]
    n: u64,
    /// Density: tips are joined every d-th, 1 <= d < n/2.
    #[arg(long)]
    d: u64,
    /// Drawing style.
    #[arg(long, value_parser = named(&StarStyle::ALL, StarStyle::name), default_value = "polygram")]
    style: StarStyle,
    /// PNG size in pixels (longest side), 1..=16384; ignored for SVG.
    #[arg(long, default_value_t = 1024)]
    size: u64,
    /// Output file; the extension (.svg or .png) picks the format.
    #[arg(long)]
    out: PathBuf,
    /// Rotation in degrees, counter-clockwise.
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    rotation: f64,
    /// Draw the construction circles and point labels.
    #[arg(long)]
    construction: bool,
    /// Transparent background instead of white.
    #[arg(long)]
    transparent: bool,
    /// No fill inside the outline/polygram.
    #[arg(long)]
    no_fill: bool,
    /// Print a JSON report on stdout.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct StellarArgs {
    /// Number of points p >= 3.
    #[arg(long)]
    points: u64,
    /// Stage k >= 1.
    #[arg(long)]
    stage: u64,
    /// Also draw the dot figure to this .svg or .png file.
    #[arg(long)]
    out: Option<PathBuf>,
    /// PNG size in pixels (longest side), 1..=16384.
    #[arg(long, default_value_t = 1024)]
    size: u64,
    /// Print `{"points":P,"stage":K,"value":V}` on stdout.
    #[arg(long)]
    json: bool,
}

impl GroupArgs for StarArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        run(self)
    }
}

fn run(args: StarArgs) -> Result<(), CliError> {
    match args.command {
        StarCommand::Render(args) => render(args),
        StarCommand::Stellar(args) => stellar_command(args),
        StarCommand::Bench(args) => bench(args),
    }
}

fn render(args: RenderArgs) -> Result<(), CliError> {
    let spec = StarSpec::new(args.n, args.d).map_err(usage)?;
    if !args.rotation.is_finite() {
        return Err(usage(anyhow::anyhow!("rotation = {} is not a finite number of degrees", args.rotation)));
    }
    let format = check_output(&args.out, args.size)?;
    let defaults = FigureOptions::default();
    let options = FigureOptions {
        style: args.style,
        rotation_degrees: args.rotation,
        construction: args.construction,
        background: if args.transparent { None } else { defaults.background },
        fill: if args.no_fill { None } else { defaults.fill },
        ..defaults
    };
    let points = ::star::figure_point_count(spec, &options);
    if points > ::star::MAX_FIGURE_POINTS {
        return Err(usage(anyhow::anyhow!(
            "the {} figure of {spec} needs {points} path points, more than {}; choose another style or a smaller d",
            args.style.name(),
            ::star::MAX_FIGURE_POINTS
        )));
    }
    let started = Instant::now();
    let scene = figure_scene(spec, &options);
    let (width, height) = save_with_bar(scene, args.out.clone(), args.size)?;
    let seconds = started.elapsed().as_secs_f64();
    let format_name = if format == export::Format::Svg { "svg" } else { "png" };
    if args.json {
        print_json(&json!({
            "file": args.out.display().to_string(),
            "format": format_name,
            "n": spec.n(),
            "d": spec.d(),
            "style": args.style.name(),
            "compound_of": spec.components(),
            "inner_radius_ratio": spec.inner_radius_ratio(),
            "width": if format == export::Format::Png { json!(width) } else { json!(null) },
            "height": if format == export::Format::Png { json!(height) } else { json!(null) },
            "seconds": seconds,
        }))
    } else {
        let size =
            if format == export::Format::Png { format!(", {width}x{height} px") } else { String::new() };
        say!(
            "wrote {} ({spec} {}{size}, inner radius i/r = {:.6}) in {:.3} s",
            args.out.display(),
            args.style.name(),
            spec.inner_radius_ratio(),
            seconds
        );
        Ok(())
    }
}

fn stellar_command(args: StellarArgs) -> Result<(), CliError> {
    let value = stellar::stellar_number(args.points, args.stage).map_err(usage)?;
    if let Some(out) = &args.out {
        check_output(out, args.size)?;
        let defaults = FigureOptions::default();
        let scene =
            stellar::dot_figure_scene(args.points, args.stage, defaults.line_color, defaults.background)
                .map_err(usage)?;
        save_with_bar(scene, out.clone(), args.size)?;
    }
    if args.json {
        print_json(&json!({"points": args.points, "stage": args.stage, "value": value}))
    } else {
        say!("S({}, {}) = {value}", args.points, args.stage);
        Ok(())
    }
}

fn bench(args: BenchArgs) -> Result<(), CliError> {
    let size = export::check_size(args.size).map_err(export_error)?;
    let cases = [
        (7, 3, StarStyle::Polygram),
        (10_000, 4_999, StarStyle::Polygram),
        (10_000, 4_999, StarStyle::Outline),
    ];
    let mut results = Vec::new();
    for (n, d, style) in cases {
        let spec = StarSpec::new(n, d).map_err(usage)?;
        let options = FigureOptions { style, ..FigureOptions::default() };
        let mut seconds = Vec::new();
        let mut bytes = 0;
        for _ in 0..args.repeat {
            let started = Instant::now();
            let scene = figure_scene(spec, &options);
            let image = export::rasterize(&scene, size);
            let png =
                export::encode_png(&image).map_err(|message| CliError::Failure(anyhow::anyhow!(message)))?;
            seconds.push(started.elapsed().as_secs_f64());
            bytes = png.len();
        }
        seconds.sort_by(f64::total_cmp);
        let median = seconds[seconds.len() / 2];
        if !args.json {
            say!(
                "{spec} {:<8} {size} px: median {:.1} ms, min {:.1} ms over {} runs ({bytes} bytes)",
                style.name(),
                median * 1e3,
                seconds[0] * 1e3,
                args.repeat
            );
        }
        results.push(json!({
            "star": spec.to_string(), "style": style.name(), "size": size, "runs": args.repeat,
            "median_ms": median * 1e3, "min_ms": seconds[0] * 1e3, "png_bytes": bytes,
        }));
    }
    if args.json { print_json(&json!({ "png_export": results })) } else { Ok(()) }
}
