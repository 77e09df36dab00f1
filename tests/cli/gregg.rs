//! The `curio gregg` commands, including bad input.

use crate::common::*;

#[test]
fn gregg_transcribe_lists_outline_source_and_phonemes() {
    let output = curio(&["gregg", "transcribe", "The cake, blorptastic!", "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let words: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    let words = words.as_array().expect("a list");
    assert_eq!(words.len(), 3);
    assert_eq!(words[0]["word"], "The");
    assert_eq!(words[0]["source"], "brief-form");
    assert_eq!(words[1]["outline"], "kak");
    assert_eq!(words[1]["phonemes"], "K EY1 K");
    assert_eq!(words[2]["source"], "letter-to-sound");
    let table = curio(&["gregg", "transcribe", "church", "--rules-only"]);
    assert!(text(&table.stdout).contains("che~ch"), "{}", text(&table.stdout));
    assert_bad_input(&["gregg", "transcribe", "123 ..."], &["no words"]);
}

#[test]
fn gregg_eval_reports_every_rate() {
    let dir = temp_dir("gregg-eval");
    let list = dir.path().join("words.tsv");
    std::fs::write(&list, "# words\ncake\tkak\nchurch\tche~ch | chrch\nblorp\tblorp\n").unwrap();
    let output = curio(&["gregg", "eval", path_str(&list), "--rules-only", "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(report["words"], 3);
    assert_eq!(report["known_words"], 2);
    for key in ["exact_rate", "exact_rate_known", "letters_rate", "consonants_rate", "consonants_rate_known"]
    {
        let rate = report[key].as_f64().expect(key);
        assert!((0.0..=1.0).contains(&rate), "{key} {rate}");
    }
    assert_eq!(report["exact_rate_known"], 1.0);
    assert!(report["by_class"]["exact"].as_u64().unwrap() >= 2);
    assert!(report["worst"].is_array());
    let broken = dir.path().join("broken.tsv");
    std::fs::write(&broken, "cake kak\n").unwrap();
    assert_bad_input(&["gregg", "eval", path_str(&broken)], &["line 1"]);
    assert_bad_input(&["gregg", "eval", "/nonexistent/words.tsv"], &["cannot read"]);
}

#[test]
fn gregg_render_writes_svg_and_png() {
    let dir = temp_dir("gregg-render");
    let svg = dir.path().join("page.svg");
    let output =
        curio(&["gregg", "render", "London bridge is falling down.", "--out", path_str(&svg), "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(report["words"], 5);
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let png = dir.path().join("page.png");
    let output = curio(&["gregg", "render", "cake", "--out", path_str(&png), "--width", "300", "--debug"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let image = image::open(&png).expect("a png");
    assert_eq!(image.width(), 300);
    assert_bad_input(&["gregg", "render", "cake", "--out", "page.gif"], &["gif"]);
    assert_bad_input(&["gregg", "render", "cake", "--out", path_str(&svg), "--unit", "0"], &["--unit"]);
    assert_bad_input(&["gregg", "render", "  ", "--out", path_str(&svg)], &["nothing to write"]);
}

#[test]
fn gregg_learn_writes_rewrites_that_eval_can_use() {
    let dir = temp_dir("gregg-learn");
    let list = dir.path().join("words.tsv");
    let words =
        ["agitate\tajta", "accelerate\takselra", "abdicate\tabdeka", "advocate\tavka", "celebrate\tselbra"];
    std::fs::write(&list, words.join("\n")).unwrap();
    let out = dir.path().join("rewrites.tsv");
    let output = curio(&[
        "gregg",
        "learn",
        path_str(&list),
        "--split",
        "all",
        "--min-gain",
        "2",
        "--out",
        path_str(&out),
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let rewrites = std::fs::read_to_string(&out).unwrap();
    assert!(rewrites.starts_with("# Learned rewrites"), "{rewrites}");
}

#[test]
fn gregg_bench_reports_words_per_second() {
    let output = curio(&["gregg", "bench", "--words", "2000", "--json"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert!(report["words"].as_u64().unwrap() >= 2000);
    assert!(report["words_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn gregg_eval_takes_a_rewrites_file_and_names_a_bad_one() {
    let dir = temp_dir("gregg-rewrites");
    let list = dir.path().join("words.tsv");
    std::fs::write(&list, "cake\tkk\n").unwrap();
    let rewrites = dir.path().join("rewrites.tsv");
    std::fs::write(&rewrites, "# mine\nanywhere\tkak\tkk\n").unwrap();
    let output = curio(&[
        "gregg",
        "eval",
        path_str(&list),
        "--rules-only",
        "--rewrites",
        path_str(&rewrites),
        "--json",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(report["exact_rate"], 1.0);
    std::fs::write(&rewrites, "middle\tk\tg\n").unwrap();
    assert_bad_input(
        &["gregg", "eval", path_str(&list), "--rewrites", path_str(&rewrites)],
        &["not a rewrites file"],
    );
}
