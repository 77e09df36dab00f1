//! Helpers shared by the command-line tests (`tests/cli/<domain>.rs`): run the `curio`
//! binary, check bad input, temporary folders, parse JSON output.

#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// Runs `curio ARGS` and waits for it.
pub fn curio(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_curio")).args(args).output().expect("curio runs")
}

/// `curio ARGS` started with its standard streams piped.
pub fn spawn_curio(args: &[&str]) -> std::process::Child {
    use std::process::Stdio;
    Command::new(env!("CARGO_BIN_EXE_curio"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("curio starts")
}

/// Runs `curio ARGS` with `input` on standard input and waits for it.
pub fn curio_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = spawn_curio(args);
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    child.wait_with_output().expect("curio ends")
}

/// A temporary folder, removed when dropped.
pub fn temp_dir(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("curio-cli-{name}-")).tempdir().expect("temp dir")
}

/// Bytes as text (lossy).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Bad input: exit code 2, one line on stderr containing every `needles`, no panic.
pub fn assert_bad_input(args: &[&str], needles: &[&str]) {
    let output = curio(args);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: stderr {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    for needle in needles {
        assert!(stderr.contains(needle), "{args:?}: expected {needle:?} in {stderr:?}");
    }
    assert!(output.stdout.is_empty(), "{args:?}: nothing on stdout, got {}", text(&output.stdout));
}

/// A temporary path as `&str`.
pub fn path_str(path: &Path) -> &str {
    path.to_str().expect("utf-8 temp path")
}

/// `curio ARGS`, checked for success, its stdout parsed as one JSON object.
pub fn json_of(args: &[&str]) -> serde_json::Value {
    let output = curio(args);
    assert!(output.status.success(), "{args:?}: {}", text(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

/// Fields of a result that measure the machine, not the result.
pub const TIMINGS: [&str; 8] = [
    "seconds",
    "games_per_second",
    "pieces_per_second",
    "playouts_per_second",
    "seconds_per_move",
    "move_time_p99_ms",
    "move_time_max_ms",
    "threads",
];

/// `value` with every timing field ([`TIMINGS`]) taken out, at any depth: what a sharded run
/// must reproduce.
pub fn without_timings(value: &serde_json::Value) -> serde_json::Value {
    match value {
        serde_json::Value::Object(map) => serde_json::Value::Object(
            map.iter()
                .filter(|(key, _)| !TIMINGS.contains(&key.as_str()))
                .map(|(key, value)| (key.clone(), without_timings(value)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// A saved Tetris run without its wall times (the run's and each generation's `seconds`): what
/// a resumed or sharded run must reproduce.
pub fn run_without_seconds(path: &Path) -> serde_json::Value {
    let mut run: serde_json::Value =
        serde_json::from_slice(&std::fs::read(path).expect("the run file")).expect("the run file is JSON");
    run.as_object_mut().expect("a run is an object").remove("seconds");
    for generation in run["history"].as_array_mut().expect("a history") {
        generation.as_object_mut().expect("a generation is an object").remove("seconds");
    }
    run
}
