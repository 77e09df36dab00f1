//! Domain folders must not import UI, GPU or command-line crates, and the pure domains must not
//! reach the layers above them (jobs, export, app, cli): the layer rule of docs/architecture.md.

use std::path::Path;

/// The layers above the pure domains (`fuzz` runs every parser, the app's and the CLI's
/// included); every other folder or file of `src/` (but `lib.rs` and `main.rs`) is a pure
/// domain or a shared piece below them.
const UPPER_LAYERS: [&str; 6] = ["jobs", "export", "platform", "app", "cli", "fuzz"];
/// What only the platform layer (and `app`, `cli`) may touch: screen capture, synthetic input,
/// the X server, processes and the environment. `files.rs` names the temporary folder and the
/// process id for fresh file names, which is all it takes of them.
const PLATFORM_APIS: [&str; 6] = ["xcap::", "enigo::", "x11rb::", "Command::new", "std::env::var", "libc::"];
/// The layers that may use UI and command-line crates.
const UI_LAYERS: [&str; 2] = ["app", "cli"];

/// The entries of `src/` (folders and top-level files) other than `lib.rs`, `main.rs` and
/// `except`, read from the source tree so that a new domain folder is checked without a line here.
fn source_entries(except: &[&str]) -> Vec<String> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut names: Vec<String> = std::fs::read_dir(&source)
        .expect("src/ is readable")
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name != "lib.rs" && name != "main.rs" && !except.contains(&name.as_str()))
        .collect();
    names.sort();
    names
}

/// Crates that only `app` (UI, GPU) and `cli` (parsing, progress bars) may use.
const UI_CRATES: [&str; 6] = ["egui", "eframe", "egui_wgpu", "wgpu", "clap", "indicatif"];

fn rust_files(path: &Path, out: &mut Vec<std::path::PathBuf>) {
    if path.is_file() {
        if path.extension().is_some_and(|e| e == "rs") {
            out.push(path.to_path_buf());
        }
        return;
    }
    if let Ok(entries) = std::fs::read_dir(path) {
        for entry in entries.flatten() {
            rust_files(&entry.path(), out);
        }
    }
}

/// The lines of `source` whose code (the part before any `//`) `flagged` picks.
fn code_lines(source: &str, flagged: impl Fn(&str) -> bool) -> Vec<String> {
    source.lines().filter(|line| flagged(line.split("//").next().unwrap_or(""))).map(str::to_string).collect()
}

/// Returns the offending lines of `source`.
fn ui_imports(source: &str) -> Vec<String> {
    code_lines(source, |code| {
        UI_CRATES.iter().any(|name| {
            let trimmed = code.trim_start();
            trimmed.starts_with(&format!("use {name}::"))
                || trimmed.starts_with(&format!("use {name};"))
                || trimmed.starts_with(&format!("extern crate {name}"))
                || code.contains(&format!(" {name}::"))
                || code.contains(&format!("({name}::"))
                || code.contains(&format!("<{name}::"))
                || code.contains(&format!("&{name}::"))
        })
    })
}

/// The lines that `check` flags in the Rust files under `folders` of `src/`, each with its file.
fn offenders(folders: &[String], check: fn(&str) -> Vec<String>) -> Vec<String> {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for folder in folders {
        rust_files(&source.join(folder), &mut files);
    }
    assert!(files.len() >= 5, "expected domain sources, found {files:?}");
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable source");
        for line in check(&text) {
            found.push(format!("{}: {}", file.display(), line.trim()));
        }
    }
    found
}

#[test]
fn domain_code_imports_no_ui_crates() {
    let folders = source_entries(&UI_LAYERS);
    assert!(folders.iter().any(|name| name == "mines"), "{folders:?}");
    let offenders = offenders(&folders, ui_imports);
    assert!(offenders.is_empty(), "domain code imports UI or CLI crates:\n{}", offenders.join("\n"));
}

#[test]
fn the_checker_catches_a_ui_import() {
    assert_eq!(ui_imports("use eframe::egui;\nfn f() {}").len(), 1);
    assert_eq!(ui_imports("let x = egui::Color32::RED;").len(), 1);
    assert_eq!(ui_imports("#[derive(Clone, clap::ValueEnum)]").len(), 1);
    assert_eq!(ui_imports("use indicatif::ProgressBar;").len(), 1);
    assert!(ui_imports("// egui::Color32 in a comment\nuse crate::geom;").is_empty());
}

/// Returns the lines of `source` that reach an upper layer of this crate.
fn upper_layer_uses(source: &str) -> Vec<String> {
    code_lines(source, |code| UPPER_LAYERS.iter().any(|layer| code.contains(&format!("crate::{layer}"))))
}

#[test]
fn domain_code_reaches_no_upper_layer() {
    let folders = source_entries(&UPPER_LAYERS);
    assert!(folders.iter().any(|name| name == "geom") && !folders.iter().any(|name| name == "jobs"));
    let offenders = offenders(&folders, upper_layer_uses);
    assert!(offenders.is_empty(), "domain code reaches an upper layer:\n{}", offenders.join("\n"));
}

/// Returns the lines of `source` that do platform work.
fn platform_uses(source: &str) -> Vec<String> {
    code_lines(source, |code| PLATFORM_APIS.iter().any(|api| code.contains(api)))
}

#[test]
fn domain_code_does_no_platform_work() {
    let folders = source_entries(&UPPER_LAYERS);
    let offenders = offenders(&folders, platform_uses);
    assert!(offenders.is_empty(), "domain code does platform work:\n{}", offenders.join("\n"));
}

#[test]
fn the_checker_catches_platform_work() {
    assert_eq!(platform_uses("let input = enigo::Enigo::new(&settings);").len(), 1);
    assert_eq!(platform_uses("let child = Command::new(program).spawn();").len(), 1);
    assert_eq!(platform_uses("if let Some(folder) = std::env::var_os(\"X\") {").len(), 1);
    assert!(platform_uses("// spawned by Command::new in platform\nuse crate::bot;").is_empty());
}

#[test]
fn the_checker_catches_an_upper_layer_use() {
    assert_eq!(upper_layer_uses("use crate::jobs::Job;").len(), 1);
    assert!(upper_layer_uses("//! rasterized by `crate::export`\nuse crate::geom;").is_empty());
}
