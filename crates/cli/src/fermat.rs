//! `curio fermat ...`: Fermat points, geometric medians, Torricelli triangles (Project Euler 143)
//! and Project Euler 299.
use crate::facets::{GroupArgs, House, MergeResult, merged};

use super::export_file::{check_output, save_with_bar};
use super::{CliError, print_json, run_job_with_bar, usage};
use crate::shards::{ShardArgs, read_set};
use ::fermat::{self, FigureLayers, WeightedPoint, pe299, torricelli};
use clap::{Args, Subcommand};
use curio_core::geom::Point;
use curio_core::shard::Partial;
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

/// `curio fermat`.
#[derive(Debug, Args)]
pub struct FermatArgs {
    #[command(subcommand)]
    command: FermatCommand,
}

#[derive(Debug, Subcommand)]
enum FermatCommand {
    /// The Fermat point of triangle ABC, its least sum PA+PB+PC and the construction check.
    #[command(
        after_help = "Examples:\n  curio fermat point --a 0,0 --b 4,0 --c 1,3\n  curio fermat point --a 0,0 --b 10,0 --c 5,1 --json"
    )]
    Point(TriangleArgs),
    /// The weighted geometric median of N points (Weiszfeld's iteration).
    #[command(
        after_help = "Examples:\n  curio fermat median --points \"0,0;4,0;1,3\"\n  curio fermat median --points \"0,0,2;4,0;1,3,0.5;-2,5\" --json"
    )]
    Median(MedianArgs),
    /// Torricelli triangles (Project Euler 143): the sum of the distinct p+q+r <= LIMIT.
    #[command(
        after_help = "Examples:\n  curio fermat torricelli --limit 120000\n  curio fermat torricelli --limit 10000000 --json\n  curio fermat torricelli --limit 2000 --show 5 --json"
    )]
    Torricelli(TorricelliArgs),
    /// Project Euler 299: triples (a, b, d) with b+d < LIMIT whose three triangles are similar.
    #[command(
        after_help = "Examples:\n  curio fermat pe299 --limit 100\n  curio fermat pe299 --limit 100000000 --json"
    )]
    Pe299(Pe299Args),
    /// Draw the construction of a triangle's Fermat point (or N points and their median) to SVG/PNG.
    #[command(
        after_help = "Examples:\n  curio fermat render --a 0,0 --b 4,0 --c 1,3 --out fermat.svg\n  curio fermat render --a 0,0 --b 4,0 --c 1,3 --layers lines,angles --size 2048 --out lines.png\n  curio fermat render --points \"0,0;4,0;1,3;5,4\" --out median.svg"
    )]
    Render(RenderArgs),
}

#[derive(Debug, Args)]
struct TriangleArgs {
    /// Vertex A as X,Y.
    #[arg(long, value_name = "X,Y", value_parser = parse_point)]
    a: Point,
    /// Vertex B as X,Y.
    #[arg(long, value_name = "X,Y", value_parser = parse_point)]
    b: Point,
    /// Vertex C as X,Y.
    #[arg(long, value_name = "X,Y", value_parser = parse_point)]
    c: Point,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct MedianArgs {
    /// The points as "x,y[,w];x,y[,w];...", weight 1 where none is given.
    #[arg(long, value_name = "X,Y;X,Y;...", value_parser = parse_points)]
    points: PointList,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct TorricelliArgs {
    /// The bound on p+q+r, 1..=50000000.
    #[arg(long, value_parser = |text: &str| torricelli::LIMIT.parse(text))]
    limit: u64,
    /// Also list the first SHOW triangles (by p+q+r).
    #[arg(long, default_value_t = 0)]
    show: usize,
    #[command(flatten)]
    shards: ShardArgs,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
}

/// What decides a sharded `fermat torricelli`'s result (and how much of it is shown).
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct TorricelliJob {
    limit: u64,
    show: usize,
}
#[derive(Debug, Args)]
struct Pe299Args {
    /// The bound: b+d < LIMIT, 1..=1000000000000.
    #[arg(long, value_parser = |text: &str| pe299::LIMIT.parse(text))]
    limit: u64,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct RenderArgs {
    /// Vertex A as X,Y (with --b and --c).
    #[arg(long, value_name = "X,Y", value_parser = parse_point, requires_all = ["b", "c"], conflicts_with = "points")]
    a: Option<Point>,
    /// Vertex B as X,Y.
    #[arg(long, value_name = "X,Y", value_parser = parse_point, requires_all = ["a", "c"])]
    b: Option<Point>,
    /// Vertex C as X,Y.
    #[arg(long, value_name = "X,Y", value_parser = parse_point, requires_all = ["a", "b"])]
    c: Option<Point>,
    /// Instead of a triangle, N points "x,y[,w];..." and their median.
    #[arg(long, value_name = "X,Y;X,Y;...", value_parser = parse_points)]
    points: Option<PointList>,
    /// Construction layers to draw, comma-separated: equilateral, circles, lines, angles, labels,
    /// or none.
    #[arg(long, default_value = "equilateral,circles,lines,angles,labels", value_parser = parse_layers)]
    layers: FigureLayers,
    /// PNG size in pixels (longest side), 1..=16384; ignored for SVG.
    #[arg(long, default_value_t = 1024)]
    size: u64,
    /// Output file; the extension (.svg or .png) picks the format.
    #[arg(long)]
    out: PathBuf,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
}

/// A point written "X,Y".
fn parse_point(text: &str) -> Result<Point, String> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let [x, y] = parts.as_slice() else {
        return Err(format!("point '{text}' must be X,Y, e.g. 1.5,-2"));
    };
    let number = |value: &str| -> Result<f64, String> {
        let parsed: f64 = value.parse().map_err(|_| format!("point '{text}': '{value}' is not a number"))?;
        if parsed.is_finite() { Ok(parsed) } else { Err(format!("point '{text}': '{value}' is not finite")) }
    };
    Ok(Point::new(number(x)?, number(y)?))
}

/// The points of one `--points` value (one value, so that clap does not take a list of them).
#[derive(Clone, Debug)]
struct PointList(Vec<WeightedPoint>);

/// Points written "x,y[,w];...".
fn parse_points(text: &str) -> Result<PointList, String> {
    let mut points = Vec::new();
    for (index, item) in text.split(';').map(str::trim).filter(|item| !item.is_empty()).enumerate() {
        let parts: Vec<&str> = item.split(',').collect();
        let (coordinates, weight) = match parts.as_slice() {
            [_, _] => (item.to_string(), 1.0),
            [x, y, weight] => {
                let weight: f64 = weight.trim().parse().map_err(|_| {
                    format!("point {} '{item}': weight '{}' is not a number", index + 1, weight.trim())
                })?;
                if !weight.is_finite() || weight < 0.0 {
                    return Err(format!(
                        "point {} '{item}': weight {weight} must be a finite number >= 0",
                        index + 1
                    ));
                }
                (format!("{x},{y}"), weight)
            }
            _ => return Err(format!("point {} '{item}' must be x,y or x,y,weight", index + 1)),
        };
        let point = parse_point(&coordinates).map_err(|error| format!("point {}: {error}", index + 1))?;
        points.push(WeightedPoint { point, weight });
    }
    if points.is_empty() {
        return Err("give at least one point, e.g. \"0,0;4,0;1,3\"".to_string());
    }
    Ok(PointList(points))
}

/// Layers written "a,b,c" (or "none").
fn parse_layers(text: &str) -> Result<FigureLayers, String> {
    let mut layers = FigureLayers::NONE;
    for name in text.split(',').map(str::trim).filter(|name| !name.is_empty() && *name != "none") {
        layers = layers.with(name).ok_or_else(|| {
            format!("unknown layer '{name}': use {} or none", FigureLayers::NAMES.join(", "))
        })?;
    }
    Ok(layers)
}

impl GroupArgs for FermatArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        run(self)
    }
}

fn run(args: FermatArgs) -> Result<(), CliError> {
    match args.command {
        FermatCommand::Point(args) => point(args),
        FermatCommand::Median(args) => median(args),
        FermatCommand::Torricelli(args) => torricelli_command(args),
        FermatCommand::Pe299(args) => pe299_command(args),
        FermatCommand::Render(args) => render(args),
    }
}

fn point(args: TriangleArgs) -> Result<(), CliError> {
    let result = fermat::fermat_point([args.a, args.b, args.c]).map_err(usage)?;
    let line_lengths: Vec<f64> = result.sides.iter().map(|side| side.line_length).collect();
    if args.json {
        print_json(&json!({
            "x": result.point.x,
            "y": result.point.y,
            "sum": result.sum,
            "at_vertex": result.at_vertex.map(|vertex| vertex.name()),
            "line_lengths": line_lengths,
            "angles_degrees": if result.at_vertex.is_some() { json!(null) } else { json!(result.angles_degrees) },
        }))
    } else {
        say!("P = ({}, {}), PA+PB+PC = {}", result.point.x, result.point.y, result.sum);
        match result.at_vertex {
            Some(vertex) => say!("the angle at {} is 120° or more: the point is that vertex", vertex.name()),
            None => say!(
                "construction check: apex-to-vertex lines {:.12}, {:.12}, {:.12}; angles APB, BPC, CPA {:.9}°, {:.9}°, {:.9}°",
                line_lengths[0],
                line_lengths[1],
                line_lengths[2],
                result.angles_degrees[0],
                result.angles_degrees[1],
                result.angles_degrees[2]
            ),
        }
        Ok(())
    }
}

fn median(args: MedianArgs) -> Result<(), CliError> {
    let result = fermat::geometric_median(&args.points.0).map_err(usage)?;
    if args.json {
        print_json(
            &json!({"x": result.point.x, "y": result.point.y, "sum": result.sum, "iterations": result.iterations}),
        )
    } else {
        say!(
            "median = ({}, {}), weighted sum of distances {} after {} iterations",
            result.point.x,
            result.point.y,
            result.sum,
            result.iterations
        );
        Ok(())
    }
}

fn torricelli_command(args: TorricelliArgs) -> Result<(), CliError> {
    let limit = args.limit;
    args.shards.check()?;
    let shard = args.shards.shard();
    let started = Instant::now();
    let found = run_job_with_bar("curio-torricelli", move |progress| {
        torricelli::torricelli_shard(limit, shard, progress)
    })?
    .map_err(|error| CliError::Failure(error.into()))?;
    let seconds = started.elapsed().as_secs_f64();
    let job = TorricelliJob { limit, show: args.show };
    if args.shards.is_partial() {
        return args.shards.write("fermat torricelli", &job, seconds, &found);
    }
    print_torricelli(&job, &found.result(), seconds, args.json)
}

/// `curio merge` of `fermat torricelli` partials.
pub fn merge_torricelli(parts: &[Partial]) -> MergeResult {
    let (job, data): (TorricelliJob, Vec<torricelli::TorricelliShard>) = read_set(parts)?;
    let mut total = torricelli::TorricelliShard { limit: job.limit, ..Default::default() };
    for shard in data {
        if shard.limit != torricelli::LIMIT.clamp(job.limit) {
            return Err(usage(anyhow::anyhow!(
                "a partial's data has limit {}, its settings {}",
                shard.limit,
                job.limit
            )));
        }
        // Only real triangles below the limit (which also keeps p + q + r far from overflow).
        let real = |t: &torricelli::TorricelliTriangle| {
            t.p < t.q
                && t.q < t.r
                && t.r <= job.limit
                && t.p + t.q + t.r <= job.limit
                && torricelli::is_pair(t.p, t.q)
                && torricelli::is_pair(t.p, t.r)
                && torricelli::is_pair(t.q, t.r)
                && *t == torricelli::triangle(t.p, t.q, t.r)
        };
        if let Some(t) = shard.triangles.iter().find(|t| !real(t)) {
            return Err(usage(anyhow::anyhow!(
                "a partial holds p, q, r = {}, {}, {}, which is not a Torricelli triangle within the limit",
                t.p,
                t.q,
                t.r
            )));
        }
        total.pairs = shard.pairs;
        total.merge(shard);
    }
    let result = total.result();
    Ok(merged((job, result), |(job, result), seconds, json| print_torricelli(job, result, seconds, json)))
}

pub(super) fn print_torricelli(
    job: &TorricelliJob,
    result: &torricelli::TorricelliResult,
    seconds: f64,
    json: bool,
) -> Result<(), CliError> {
    let shown = &result.triangles[..job.show.min(result.triangles.len())];
    if json {
        print_json(&json!({
            "limit": result.limit,
            "sum": result.sum,
            "triangles": result.triangles.len(),
            "distinct_sums": result.distinct_sums,
            "pairs": result.pairs,
            "seconds": seconds,
            "first": shown,
        }))
    } else {
        say!(
            "sum of distinct p+q+r <= {}: {} ({} triangles, {} distinct sums, {} pairs) in {:.3} s",
            result.limit,
            result.sum,
            result.triangles.len(),
            result.distinct_sums,
            result.pairs,
            seconds
        );
        for t in shown {
            say!(
                "p+q+r = {}: p, q, r = {}, {}, {}; sides a, b, c = {}, {}, {}",
                t.sum(),
                t.p,
                t.q,
                t.r,
                t.a,
                t.b,
                t.c
            );
        }
        Ok(())
    }
}

fn pe299_command(args: Pe299Args) -> Result<(), CliError> {
    let limit = args.limit;
    let started = Instant::now();
    let result = run_job_with_bar("curio-pe299", move |progress| pe299::pe299(limit, progress))?
        .map_err(|error| CliError::Failure(error.into()))?;
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        print_json(&json!({
            "limit": result.limit,
            "count": result.count,
            "incenter": result.incenter,
            "parallel": result.parallel,
            "seconds": seconds,
        }))
    } else {
        say!(
            "triples with b+d < {}: {} ({} incenter, {} parallel) in {:.3} s",
            result.limit,
            result.count,
            result.incenter,
            result.parallel,
            seconds
        );
        Ok(())
    }
}

fn render(args: RenderArgs) -> Result<(), CliError> {
    check_output(&args.out, args.size)?;
    let (scene, summary) = match (&args.points, args.a, args.b, args.c) {
        (Some(PointList(points)), ..) => {
            let median = fermat::geometric_median(points).map_err(usage)?;
            let view = fermat::median_view(points, &median);
            (
                fermat::median_scene(points, &median, view, true),
                json!({"x": median.point.x, "y": median.point.y, "sum": median.sum}),
            )
        }
        (None, Some(a), Some(b), Some(c)) => {
            let result = fermat::fermat_point([a, b, c]).map_err(usage)?;
            (
                fermat::triangle_scene(
                    [a, b, c],
                    &result,
                    args.layers,
                    fermat::triangle_view([a, b, c], &result, args.layers),
                    true,
                ),
                json!({"x": result.point.x, "y": result.point.y, "sum": result.sum}),
            )
        }
        _ => return Err(usage(anyhow::anyhow!("give the triangle (--a, --b, --c) or --points"))),
    };
    save_with_bar(scene, args.out.clone(), args.size)?;
    if args.json {
        print_json(&json!({"file": args.out.display().to_string(), "point": summary}))
    } else {
        say!("wrote {}", args.out.display());
        Ok(())
    }
}
