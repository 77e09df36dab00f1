//! Scene to SVG text.

use crate::geom::{Color, FillRule, PathCommand, Point, Scene};
use std::fmt::Write;

/// Formats a coordinate with at most 6 decimals and no trailing zeros.
fn number(value: f64) -> String {
    let text = format!("{value:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" { "0".to_string() } else { text.to_string() }
}

fn point(p: Point) -> String {
    // SVG is y-down: flip model y.
    format!("{} {}", number(p.x), number(-p.y))
}

fn paint(name: &str, color: Option<Color>) -> String {
    match color {
        None => format!(r#" {name}="none""#),
        Some(c) if c.a == 255 => format!(r#" {name}="{}""#, c.hex()),
        Some(c) => format!(r#" {name}="{}" {name}-opacity="{}""#, c.hex(), number(f64::from(c.a) / 255.0)),
    }
}

/// The scene as a standalone SVG document (exact coordinates, `viewBox` = the scene's view box).
pub fn to_svg(scene: &Scene) -> String {
    let view = scene.view_box;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {} {}" width="{}" height="{}">"#,
        number(view.min.x),
        number(-view.max.y),
        number(view.width()),
        number(view.height()),
        number(view.width() * 100.0),
        number(view.height() * 100.0),
    );
    if let Some(background) = scene.background {
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}"{}/>"#,
            number(view.min.x),
            number(-view.max.y),
            number(view.width()),
            number(view.height()),
            paint("fill", Some(background)),
        );
    }
    for shape in &scene.shapes {
        let mut data = String::new();
        for command in &shape.path.commands {
            match command {
                PathCommand::MoveTo(p) => {
                    let _ = write!(data, "M{}", point(*p));
                }
                PathCommand::LineTo(p) => {
                    let _ = write!(data, "L{}", point(*p));
                }
                PathCommand::CubicTo(a, b, c) => {
                    let _ = write!(data, "C{} {} {}", point(*a), point(*b), point(*c));
                }
                PathCommand::Close => data.push('Z'),
            }
        }
        let style = shape.style;
        let mut attributes = paint("fill", style.fill);
        if style.fill.is_some() && style.fill_rule == FillRule::EvenOdd {
            attributes.push_str(r#" fill-rule="evenodd""#);
        }
        match style.stroke {
            Some(stroke) => {
                attributes.push_str(&paint("stroke", Some(stroke.color)));
                let _ = write!(
                    attributes,
                    r#" stroke-width="{}" stroke-linejoin="round" stroke-linecap="round""#,
                    number(stroke.width)
                );
            }
            None => attributes.push_str(r#" stroke="none""#),
        }
        let _ = writeln!(out, r#"<path d="{data}"{attributes}/>"#);
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_signed_zero_free() {
        assert_eq!(number(1.5), "1.5");
        assert_eq!(number(2.0), "2");
        assert_eq!(number(-0.0000001), "0");
        assert_eq!(number(0.1234567), "0.123457");
    }
}
