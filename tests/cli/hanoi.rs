//! The `curio hanoi` commands: solutions, the Frame–Stewart table against search, a search's
//! report, the average distance against its formula, and bad input.

use crate::common::*;

#[test]
fn solve_reports_moves_and_a_legal_path() {
    let report = json_of(&["hanoi", "solve", "--pegs", "4", "--disks", "6", "--moves", "--json"]);
    assert_eq!(report["moves"], 17);
    assert_eq!(report["path"].as_array().map(Vec::len), Some(17));
    let report = json_of(&["hanoi", "solve", "--pegs", "3", "--disks", "3", "--from", "012", "--to", "210", "--json"]);
    assert_eq!(report["moves"], 3);
    let report = json_of(&["hanoi", "solve", "--pegs", "4", "--disks", "4", "--from", "0013", "--to", "3210", "--json"]);
    assert_eq!(report["method"], "search (optimal)");
}

#[test]
fn the_table_puts_frame_stewart_beside_search() {
    let report = json_of(&["hanoi", "table", "--pegs", "4", "--max-disks", "8", "--json"]);
    assert_eq!(report["pegs"], 4);
    let rows = report["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 8);
    for row in rows {
        assert_eq!(row["frame_stewart"], row["searched"], "{row}");
    }
    assert_eq!(rows[5]["frame_stewart"], 17);
}

#[test]
fn search_reports_the_json_contract() {
    let report = json_of(&["hanoi", "search", "--pegs", "4", "--disks", "6", "--json"]);
    assert_eq!(report["positions"], 4096);
    assert_eq!(report["to_perfect"], serde_json::json!([0, 17, 17, 17]));
    assert!(report["eccentricity"].as_u64().unwrap() >= 17);
    assert!(report["seconds"].as_f64().is_some() && report["peak_bytes"].as_u64().unwrap() > 0);
    assert_eq!(report["method"], "dense", "4 pegs: the dense search");
    // Both methods find the same layers, and the same farthest positions.
    let frontier =
        json_of(&["hanoi", "search", "--pegs", "4", "--disks", "6", "--method", "frontier", "--json"]);
    assert_eq!(frontier["method"], "frontier");
    for field in ["layers", "eccentricity", "to_perfect", "farthest"] {
        assert_eq!(report[field], frontier[field], "{field}");
    }
    let three = json_of(&["hanoi", "search", "--pegs", "3", "--disks", "4", "--json"]);
    assert_eq!((three["method"].as_str(), three["eccentricity"].as_u64()), (Some("frontier"), Some(15)));
    // The farthest from a 3-peg tower, 2^n − 1 away: the other towers among 16.
    let farthest = three["farthest"].as_array().unwrap();
    assert_eq!(farthest.len() as u64, three["layers"].as_array().unwrap().last().unwrap().as_u64().unwrap());
    assert!(farthest.contains(&"1111".into()) && farthest.contains(&"2222".into()), "{farthest:?}");
}

#[test]
fn the_average_agrees_with_the_corrected_formula() {
    let report = json_of(&["hanoi", "average", "--disks", "4", "--json"]);
    let (average, formula) = (report["average"].as_f64().unwrap(), report["formula"].as_f64().unwrap());
    assert!((average - formula).abs() < 1e-9, "{report}");
    assert!((average - report["write_up_formula"].as_f64().unwrap()).abs() > 1e-4);
}

#[test]
fn bad_positions_and_sizes_are_one_line() {
    assert_bad_input(&["hanoi", "solve", "--pegs", "4", "--disks", "4", "--from", "0014"], &["'4' is not a peg of 4"]);
    assert_bad_input(&["hanoi", "solve", "--pegs", "4", "--disks", "4", "--from", "001"], &["names 3 disks"]);
    assert_bad_input(&["hanoi", "solve", "--pegs", "17", "--disks", "4"], &["17 pegs"]);
    assert_bad_input(&["hanoi", "search", "--pegs", "4", "--disks", "18"], &["68719476736 positions"]);
    assert_bad_input(&["hanoi", "search", "--pegs", "4", "--disks", "16", "--method", "frontier"], &["4294967296 positions"]);
    assert_bad_input(&["hanoi", "search", "--pegs", "3", "--disks", "5", "--method", "dense"], &["4 pegs or more"]);
    assert_bad_input(&["hanoi", "search", "--pegs", "3", "--disks", "21"], &["10460353203 positions"]);
    assert_bad_input(&["hanoi", "average", "--disks", "9"], &["1 to 8"]);
}

#[test]
fn render_writes_every_drawing_and_refuses_a_graph_it_cannot_draw() {
    let folder = temp_dir("hanoi-render");
    for (what, file) in [("disks", "disks.svg"), ("graph", "graph.png"), ("table", "table.svg")] {
        let out = folder.path().join(file);
        let output = curio(&["hanoi", "render", "--what", what, "--disks", "5", "--from", "01210", "--out", path_str(&out)]);
        assert!(output.status.success(), "{what}: {}", text(&output.stderr));
        assert!(std::fs::metadata(&out).unwrap().len() > 100, "{what}");
    }
    let out = folder.path().join("big.svg");
    assert_bad_input(
        &["hanoi", "render", "--what", "graph", "--pegs", "4", "--disks", "5", "--out", path_str(&out)],
        &["3 pegs and up to 10 disks"],
    );
    assert_bad_input(&["hanoi", "render", "--disks", "5", "--out", "x.gif"], &["x.gif"]);
}
