//! The `curio fermat` commands, including bad input.

use crate::common::*;

#[test]
fn fermat_point_reports_the_point_its_sum_and_the_vertex_case() {
    let inside = json_of(&["fermat", "point", "--a", "0,0", "--b", "4,0", "--c", "1,3", "--json"]);
    assert_eq!(inside["at_vertex"], serde_json::Value::Null);
    let sum = inside["sum"].as_f64().unwrap();
    for length in inside["line_lengths"].as_array().unwrap() {
        assert!((length.as_f64().unwrap() - sum).abs() < 1e-9);
    }
    let wide = json_of(&["fermat", "point", "--a", "0,0", "--b", "10,0", "--c", "5,1", "--json"]);
    assert_eq!(wide["at_vertex"], "C");
    assert_eq!((wide["x"].as_f64(), wide["y"].as_f64()), (Some(5.0), Some(1.0)));
    let negative = json_of(&["fermat", "point", "--a", "-3,-1", "--b", "4,0", "--c", "1,3", "--json"]);
    assert!(negative["sum"].as_f64().unwrap() > 0.0);
}

#[test]
fn fermat_median_and_the_two_searches_give_known_answers() {
    let median = json_of(&["fermat", "median", "--points", "0,0;4,0;1,3", "--json"]);
    let point = json_of(&["fermat", "point", "--a", "0,0", "--b", "4,0", "--c", "1,3", "--json"]);
    assert!((median["sum"].as_f64().unwrap() - point["sum"].as_f64().unwrap()).abs() < 1e-9);
    assert!(median["iterations"].as_u64().unwrap() > 0);
    let torricelli = json_of(&["fermat", "torricelli", "--limit", "120000", "--show", "2", "--json"]);
    assert_eq!(torricelli["sum"], 30_758_397);
    assert_eq!(torricelli["first"].as_array().unwrap().len(), 2);
    let pe299 = json_of(&["fermat", "pe299", "--limit", "100", "--json"]);
    assert_eq!(pe299["count"], 92);
}

#[test]
fn fermat_render_writes_the_figure_and_the_median() {
    let dir = temp_dir("fermat");
    let svg = dir.path().join("fermat.svg");
    let png = dir.path().join("median.png");
    let output = curio(&[
        "fermat",
        "render",
        "--a",
        "0,0",
        "--b",
        "4,0",
        "--c",
        "1,3",
        "--layers",
        "lines,angles",
        "--out",
        path_str(&svg),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(std::fs::read_to_string(&svg).expect("svg").contains("<svg"));
    let output = curio(&[
        "fermat",
        "render",
        "--points",
        "0,0;4,0;1,3,2;5,4",
        "--size",
        "300",
        "--out",
        path_str(&png),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(image::image_dimensions(&png).expect("png"), (300, 300));
}

#[test]
fn fermat_bad_input_is_a_clear_error() {
    assert_bad_input(
        &["fermat", "point", "--a", "0,0", "--b", "0,0", "--c", "1,1"],
        &["A and B are the same point"],
    );
    assert_bad_input(&["fermat", "point", "--a", "0,0", "--b", "1,1", "--c", "2,2"], &["lie on one line"]);
    assert_bad_input(&["fermat", "point", "--a", "0", "--b", "1,1", "--c", "2,2"], &["must be X,Y"]);
    assert_bad_input(&["fermat", "point", "--a", "nan,0", "--b", "1,1", "--c", "2,2"], &["not finite"]);
    assert_bad_input(&["fermat", "median", "--points", "0,0;1,x"], &["point 2", "'x' is not a number"]);
    assert_bad_input(&["fermat", "median", "--points", "0,0,-1;1,1"], &["weight -1"]);
    assert_bad_input(&["fermat", "median", "--points", "0,0,0;1,1,0"], &["every weight is 0"]);
    assert_bad_input(&["fermat", "torricelli", "--limit", "0"], &["--limit"]);
    assert_bad_input(&["fermat", "torricelli", "--limit", "60000000"], &["--limit"]);
    assert_bad_input(&["fermat", "pe299", "--limit", "-5"], &["--limit"]);
    assert_bad_input(
        &[
            "fermat", "render", "--a", "0,0", "--b", "4,0", "--c", "1,3", "--layers", "bogus", "--out",
            "x.svg",
        ],
        &["unknown layer 'bogus'"],
    );
    assert_bad_input(
        &["fermat", "render", "--a", "0,0", "--b", "4,0", "--c", "1,3", "--out", "x.gif"],
        &["unknown output format"],
    );
    assert_bad_input(&["fermat", "render", "--out", "x.svg"], &["give the triangle"]);
}
