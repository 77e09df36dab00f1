//! `curio eyes draw`: the eyes in a row look at the point given (negative coordinates too), the
//! picture is written as asked, and bad input is one clear line.

use super::common::*;

#[test]
fn eyes_look_at_the_point_given() {
    let dir = temp_dir("eyes");
    let out = dir.path().join("eyes.png");
    let drawn = json_of(&["eyes", "draw", "--eyes", "3", "--look", "-100,-40", "--out", path_str(&out), "--json"]);
    assert_eq!(drawn["eyes"].as_array().unwrap().len(), 3);
    for (eye, pupil) in drawn["eyes"].as_array().unwrap().iter().zip(drawn["pupils"].as_array().unwrap()) {
        let center = [eye["center"][0].as_f64().unwrap(), eye["center"][1].as_f64().unwrap()];
        let pupil = [pupil[0].as_f64().unwrap(), pupil[1].as_f64().unwrap()];
        assert!(pupil[0] < center[0] && pupil[1] < center[1], "up and to the left: {pupil:?} of {center:?}");
    }
    let image = image::open(&out).expect("a PNG").to_rgba8();
    assert_eq!((image.width(), image.height()), (400, 240));
    let svg = dir.path().join("eyes.svg");
    let output = curio(&["eyes", "draw", "--look", "200,120", "--out", path_str(&svg)]);
    assert!(output.status.success());
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
}

#[test]
fn eyes_bad_input_is_one_clear_line() {
    assert_bad_input(&["eyes", "draw", "--radius", "2", "--out", "e.svg"], &["--radius", "out of range 8..=400"]);
    assert_bad_input(&["eyes", "draw", "--look", "1", "--out", "e.svg"], &["X,Y"]);
    assert_bad_input(&["eyes", "draw", "--look", "nan,1", "--out", "e.svg"], &["not a number"]);
    assert_bad_input(&["eyes", "draw", "--eyes", "0", "--out", "e.svg"], &["--eyes"]);
    assert_bad_input(&["eyes", "draw", "--size", "2x2", "--out", "e.svg"], &["16..=16384"]);
    assert_bad_input(&["eyes", "draw", "--out", "e.txt"], &[".svg or .png"]);
}
