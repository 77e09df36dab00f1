//! `curio --help` and `curio gui`: examples, a missing display, bad window sizes and settings files.

use crate::common::*;
use std::process::Command;

#[test]
fn help_shows_examples() {
    let output = curio(&["star", "render", "--help"]);
    assert!(output.status.success());
    assert!(text(&output.stdout).contains("Examples:"));
    let top = curio(&["--help"]);
    assert!(text(&top.stdout).contains("star"));
}

#[test]
fn gui_without_a_display_says_so() {
    let output = Command::new(env!("CARGO_BIN_EXE_curio"))
        .arg("gui")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("no display"), "{stderr}");
    assert!(!stderr.contains("panicked"));
}

#[test]
fn gui_rejects_a_bad_window_size() {
    assert_bad_input(&["gui", "--size", "10x10"], &["10x10", "200..=8192"]);
}

#[test]
fn gui_rejects_unreadable_or_invalid_settings() {
    assert_bad_input(
        &["gui", "--settings", "/no/such/settings.json"],
        &["cannot read settings", "/no/such/settings.json"],
    );
    let dir = temp_dir("settings");
    let dir = dir.path();
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{ not json").expect("write");
    assert_bad_input(&["gui", "--settings", path_str(&bad)], &["not valid"]);
}
