//! The layer rule of docs/architecture.md. The compiler keeps most of it: a domain crate cannot
//! name a crate its `Cargo.toml` does not list, and Cargo refuses a cycle between crates. What
//! is left is checked here:
//!
//! - the dependency graph (`cargo metadata`): no pure crate (core, every domain, the bot)
//!   depends, directly or through another crate, on a UI, CLI or platform crate or on the
//!   house's upper crates; the platform crate on no UI or CLI crate;
//! - the pure crates' sources: no processes, no environment, no file written but through
//!   `curio_core::files` (the one place that may, and does so atomically);
//! - every crate's sources: no import circle between files of different folders.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Crates no pure crate may reach: UI, GPU, CLI and platform crates, and the house's upper
/// crates.
const NOT_FOR_PURE: [&str; 15] = [
    "egui",
    "eframe",
    "egui-wgpu",
    "egui_plot",
    "egui-winit",
    "winit",
    "wgpu",
    "clap",
    "indicatif",
    "rfd",
    "xcap",
    "enigo",
    "x11rb",
    "curio-app",
    "curio-cli",
];
/// Crates the platform crate may not reach (it may use xcap, enigo and x11rb).
const NOT_FOR_PLATFORM: [&str; 10] =
    ["egui", "eframe", "egui-wgpu", "egui_plot", "winit", "wgpu", "clap", "indicatif", "rfd", "curio-app"];
/// The workspace crates that may use UI, CLI or platform crates; every other crate of the
/// workspace is pure.
const UPPER: [&str; 4] = ["curio", "curio-app", "curio-cli", "curio-platform"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn metadata() -> Value {
    let output = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success(), "cargo metadata failed: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON")
}

/// The dependency graph of normal and build dependencies: package id to its dependencies' ids.
fn graph(metadata: &Value) -> BTreeMap<String, Vec<String>> {
    let mut graph = BTreeMap::new();
    for node in metadata["resolve"]["nodes"].as_array().expect("resolve nodes") {
        let deps = node["deps"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|dep| {
                dep["dep_kinds"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .any(|kind| kind["kind"].as_str() != Some("dev"))
            })
            .map(|dep| dep["pkg"].as_str().expect("dep id").to_string())
            .collect();
        graph.insert(node["id"].as_str().expect("node id").to_string(), deps);
    }
    graph
}

/// Package id to package name.
fn names(metadata: &Value) -> BTreeMap<String, String> {
    metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|package| {
            (package["id"].as_str().unwrap().to_string(), package["name"].as_str().unwrap().to_string())
        })
        .collect()
}

/// The workspace's crates: name to package id.
fn members(metadata: &Value) -> BTreeMap<String, String> {
    let names = names(metadata);
    metadata["workspace_members"]
        .as_array()
        .expect("workspace members")
        .iter()
        .map(|id| {
            let id = id.as_str().unwrap().to_string();
            (names[&id].clone(), id)
        })
        .collect()
}

/// For each pure crate (and the platform crate), the forbidden crates it reaches, each with the
/// path that reaches it.
fn forbidden_dependencies(metadata: &Value, graph: &BTreeMap<String, Vec<String>>) -> Vec<String> {
    let names = names(metadata);
    let mut found = Vec::new();
    for (name, id) in members(metadata) {
        let forbidden: &[&str] = match name.as_str() {
            "curio-platform" => &NOT_FOR_PLATFORM,
            name if UPPER.contains(&name) => continue,
            _ => &NOT_FOR_PURE,
        };
        // Breadth-first, remembering how each crate was reached.
        let mut reached: BTreeMap<String, String> = BTreeMap::from([(id.clone(), String::new())]);
        let mut queue = vec![id.clone()];
        while let Some(current) = queue.pop() {
            for dep in graph.get(&current).into_iter().flatten() {
                if reached.contains_key(dep) {
                    continue;
                }
                reached.insert(dep.clone(), current.clone());
                queue.push(dep.clone());
            }
        }
        for (dep, _) in reached.iter().filter(|(dep, _)| forbidden.contains(&names[*dep].as_str())) {
            let mut chain = vec![names[dep].clone()];
            let mut at = dep.clone();
            while let Some(parent) = reached.get(&at).filter(|parent| !parent.is_empty()) {
                chain.push(names[parent].clone());
                at = parent.clone();
            }
            chain.reverse();
            found.push(chain.join(" -> "));
        }
    }
    found
}

#[test]
fn pure_crates_reach_no_ui_cli_or_platform_crate() {
    let metadata = metadata();
    let members = members(&metadata);
    for crate_name in ["curio-core", "curio-mines", "curio-go", "curio-bot", "curio-app", "curio-cli"] {
        assert!(members.contains_key(crate_name), "{crate_name} is not in the workspace: {members:?}");
    }
    let found = forbidden_dependencies(&metadata, &graph(&metadata));
    assert!(found.is_empty(), "a pure crate reaches a UI, CLI or platform crate:\n{}", found.join("\n"));
}

#[test]
fn the_dependency_check_catches_a_ui_crate_two_crates_down() {
    let metadata = metadata();
    let members = members(&metadata);
    let mut graph = graph(&metadata);
    // Give the core crate a dependency on the platform crate: every domain now reaches xcap,
    // enigo and x11rb through the core.
    graph.get_mut(&members["curio-core"]).unwrap().push(members["curio-platform"].clone());
    let found = forbidden_dependencies(&metadata, &graph);
    assert!(
        found.iter().any(|chain| chain == "curio-mines -> curio-core -> curio-platform -> xcap"),
        "{found:#?}"
    );
    assert!(
        found.iter().any(|chain| chain.starts_with("curio-go -> curio-core -> curio-platform")),
        "{found:#?}"
    );
}

/// A Rust source as tokens: identifiers (and keywords), and punctuation, `::` as one token;
/// comments, strings and character literals are dropped.
fn tokens(source: &str) -> Vec<String> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == '"'
            || (c == 'r' && (next == Some('"') || next == Some('#')))
            || (c == 'b' && next == Some('"'))
        {
            // A string: plain (with escapes) or raw (r"…", r#"…"#).
            if c == 'b' {
                i += 1;
            }
            if chars[i] == 'r' {
                let mut hashes = 0;
                i += 1;
                while chars.get(i) == Some(&'#') {
                    hashes += 1;
                    i += 1;
                }
                if chars.get(i) != Some(&'"') {
                    out.push("r".to_string());
                    continue;
                }
                i += 1;
                while i < chars.len() {
                    if chars[i] == '"' && (0..hashes).all(|k| chars.get(i + 1 + k) == Some(&'#')) {
                        i += 1 + hashes;
                        break;
                    }
                    i += 1;
                }
            } else {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
            }
            out.push("\"\"".to_string());
        } else if c == '\'' {
            // A character literal ('x', '\n') or a lifetime ('a).
            if next == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else if c == ':' && next == Some(':') {
            out.push("::".to_string());
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push(c.to_string());
            }
            i += 1;
        }
    }
    out
}

/// The paths a `use` tree starting at `tokens[i]` imports, each as its segments (an alias
/// `as x` adds `=x` to the path); returns them and the index after the tree.
fn use_tree(tokens: &[String], mut i: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix.to_vec();
    while i < tokens.len() {
        match tokens[i].as_str() {
            "{" => {
                i += 1;
                while i < tokens.len() && tokens[i] != "}" {
                    i = use_tree(tokens, i, &path, out);
                    if tokens.get(i).is_some_and(|token| token == ",") {
                        i += 1;
                    }
                }
                return i + 1;
            }
            "::" => i += 1,
            "as" => {
                if let Some(alias) = tokens.get(i + 1) {
                    path.push(format!("={alias}"));
                }
                i += 2;
            }
            "," | "}" | ";" => break,
            token => {
                path.push(token.to_string());
                i += 1;
            }
        }
    }
    out.push(path);
    i
}

/// Every path a source names: the paths its `use` trees import, and each path written in the
/// code (`a::b::c`).
fn paths(tokens: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i] == "use" {
            i = use_tree(tokens, i + 1, &[], &mut out);
            continue;
        }
        if tokens.get(i + 1).is_some_and(|token| token == "::")
            && tokens[i].chars().all(|c| c.is_alphanumeric() || c == '_')
            && (i == 0 || tokens[i - 1] != "::")
        {
            let mut path = vec![tokens[i].clone()];
            i += 1;
            while tokens.get(i).is_some_and(|token| token == "::")
                && tokens
                    .get(i + 1)
                    .is_some_and(|token| token.chars().all(|c| c.is_alphanumeric() || c == '_'))
            {
                path.push(tokens[i + 1].clone());
                i += 2;
            }
            out.push(path);
            continue;
        }
        i += 1;
    }
    out
}

/// What `std::fs` offers that only reads.
const FILE_READS: [&str; 6] = ["read", "read_to_string", "read_dir", "metadata", "exists", "canonicalize"];

/// The platform work a pure crate's source does: a process, the environment, or a file
/// written other than through `curio_core::files`. Each finding names the path.
fn platform_work(source: &str) -> Vec<String> {
    let tokens = tokens(source);
    let paths = paths(&tokens);
    // Names that stand for `std::env`, `std::process` or `std::fs` (`use std::env as e;`).
    let mut aliases: BTreeMap<String, &str> = [("env", "env"), ("process", "process"), ("fs", "fs")]
        .into_iter()
        .map(|(a, b)| (a.to_string(), b))
        .collect();
    for path in &paths {
        if let [.., module, alias] = path.as_slice()
            && let Some(alias) = alias.strip_prefix('=')
            && let Some(kind) = aliases.get(module.as_str()).copied()
        {
            aliases.insert(alias.to_string(), kind);
        }
    }
    let mut found = Vec::new();
    for path in &paths {
        let segments: Vec<&str> = path.iter().map(|segment| segment.trim_start_matches('=')).collect();
        for (k, segment) in segments.iter().enumerate() {
            // A module only counts as a path segment with something after it, or as the
            // module a `use` names (`use std::env;`).
            let is_module = k + 1 < segments.len() || (k > 0 && segments[k - 1] == "std");
            match aliases.get(*segment) {
                Some(&"env") | Some(&"process") if is_module => found.push(segments.join("::")),
                Some(&"fs") if k + 1 < segments.len() => {
                    let item = segments[k + 1];
                    if item != "self" && !FILE_READS.contains(&item) {
                        found.push(segments.join("::"));
                    }
                }
                _ => {}
            }
        }
        if segments.contains(&"OpenOptions") || segments.windows(2).any(|pair| pair == ["File", "create"]) {
            found.push(segments.join("::"));
        }
    }
    found.sort();
    found.dedup();
    found
}

#[test]
fn the_source_check_catches_processes_environment_and_file_writes() {
    let caught = [
        "fn f() { std::process::exit(1) }",
        "fn f() { let a: Vec<String> = std::env::args().collect(); }",
        "use std::env;\nfn f() { let _ = env::var(\"HOME\"); }",
        "use std::env as e;\nfn f() { let _ = e::var(\"HOME\"); }",
        "use std::{env, io};",
        "use std::{\n    io,\n    process::Command,\n};",
        "use std::process::Command;",
        "fn f() { let _ = std::fs::write(\"a\", b\"x\"); }",
        "use std::fs;\nfn f() { let _ = fs::write(\"a\", b\"x\"); }",
        "use std::fs::{read_to_string, write as put};",
        "use std::fs as f;\nfn g() { let _ = f::remove_file(\"a\"); }",
        "fn f() { let _ = std::fs::OpenOptions::new(); }",
        "use std::fs::File;\nfn f() { let _ = File::create(\"a\"); }",
        "use std as s;\nfn f() { let _ = s::env::var(\"HOME\"); }",
    ];
    for source in caught {
        assert!(!platform_work(source).is_empty(), "not caught:\n{source}");
    }
    let allowed = [
        "// std::process::exit in a comment\nfn f() {}",
        "const HELP: &str = \"use std::env; std::fs::write\";",
        "fn f() { let _ = std::fs::read_to_string(\"a\"); }",
        "use std::fs;\nfn f() { let _ = fs::read_dir(\"a\"); }",
        "fn f() { let _ = env!(\"CARGO_PKG_VERSION\"); let process = 3; let env = process + 1; }",
        "fn f<'a>(x: &'a str) -> char { let c = '\"'; c }",
        "use curio_core::files::write_atomically;",
    ];
    for source in allowed {
        assert!(platform_work(source).is_empty(), "flagged: {:?}\n{source}", platform_work(source));
    }
}

/// The Rust files under `folder`.
fn rust_files(folder: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            stack.extend(
                std::fs::read_dir(&path).expect("readable folder").flatten().map(|entry| entry.path()),
            );
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// Each workspace crate's source folder, by crate name.
fn source_folders(metadata: &Value) -> BTreeMap<String, PathBuf> {
    let ids: BTreeSet<&str> =
        metadata["workspace_members"].as_array().unwrap().iter().map(|id| id.as_str().unwrap()).collect();
    metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|package| ids.contains(package["id"].as_str().unwrap()))
        .map(|package| {
            let manifest = PathBuf::from(package["manifest_path"].as_str().unwrap());
            (package["name"].as_str().unwrap().to_string(), manifest.parent().unwrap().join("src"))
        })
        .collect()
}

#[test]
fn pure_crates_do_no_platform_work() {
    let metadata = metadata();
    let mut checked = 0;
    let mut found = Vec::new();
    for (name, folder) in source_folders(&metadata) {
        if UPPER.contains(&name.as_str()) {
            continue;
        }
        for file in rust_files(&folder) {
            // The one module that writes files, names the temporary folder and the process id.
            if name == "curio-core" && file.ends_with("files.rs") {
                continue;
            }
            let source = std::fs::read_to_string(&file).expect("readable source");
            found
                .extend(platform_work(&source).into_iter().map(|path| format!("{}: {path}", file.display())));
            checked += 1;
        }
    }
    assert!(checked >= 100, "only {checked} files checked");
    assert!(found.is_empty(), "pure crates do platform work:\n{}", found.join("\n"));
}

/// The module file a path from `file` names (`crate::a::b`, `super::c`, `self::d`), if it
/// names one of the crate under `src`.
fn module_file(src: &Path, file: &Path, path: &[String]) -> Option<PathBuf> {
    // The folder that holds the current module's children.
    let module_folder = |file: &Path| -> PathBuf {
        let name = file.file_stem().unwrap().to_string_lossy();
        if name == "mod" || name == "lib" || name == "main" {
            file.parent().unwrap().to_path_buf()
        } else {
            file.with_extension("")
        }
    };
    let mut segments = path.iter().map(String::as_str).peekable();
    let mut folder = match *segments.peek()? {
        "crate" => src.to_path_buf(),
        "self" => module_folder(file),
        "super" => {
            let mut folder = module_folder(file);
            while segments.peek() == Some(&"super") {
                segments.next();
                folder = folder.parent()?.to_path_buf();
            }
            folder
        }
        _ => return None,
    };
    if matches!(segments.peek(), Some(&"crate") | Some(&"self")) {
        segments.next();
    }
    let mut found = None;
    for segment in segments {
        let segment = segment.trim_start_matches('=');
        let file = folder.join(format!("{segment}.rs"));
        let module = folder.join(segment).join("mod.rs");
        if file.is_file() {
            found = Some(file);
        } else if module.is_file() {
            found = Some(module);
        } else {
            break;
        }
        folder = folder.join(segment);
    }
    found
}

/// The strongly connected components of a graph (Tarjan's algorithm, iterative).
fn components(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    let nodes: Vec<&PathBuf> = graph.keys().collect();
    let index_of: BTreeMap<&PathBuf, usize> = nodes.iter().enumerate().map(|(i, node)| (*node, i)).collect();
    let edges: Vec<Vec<usize>> = nodes
        .iter()
        .map(|node| graph[*node].iter().filter_map(|to| index_of.get(to).copied()).collect())
        .collect();
    let count = nodes.len();
    let (mut index, mut low, mut on_stack) = (vec![usize::MAX; count], vec![0; count], vec![false; count]);
    let (mut stack, mut out, mut next) = (Vec::new(), Vec::new(), 0);
    for start in 0..count {
        if index[start] != usize::MAX {
            continue;
        }
        let mut work = vec![(start, 0)];
        while let Some(&mut (node, ref mut edge)) = work.last_mut() {
            if *edge == 0 && index[node] == usize::MAX {
                index[node] = next;
                low[node] = next;
                next += 1;
                stack.push(node);
                on_stack[node] = true;
            }
            if let Some(&to) = edges[node].get(*edge) {
                *edge += 1;
                if index[to] == usize::MAX {
                    work.push((to, 0));
                } else if on_stack[to] {
                    low[node] = low[node].min(index[to]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == index[node] {
                let mut component = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component.push(nodes[member].clone());
                    if member == node {
                        break;
                    }
                }
                out.push(component);
            }
        }
    }
    out
}

/// The import circles of the crate under `src` whose files lie in more than one folder.
fn import_circles(src: &Path) -> Vec<String> {
    let files = rust_files(src);
    let mut graph: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for file in &files {
        let source = std::fs::read_to_string(file).expect("readable source");
        let targets = paths(&tokens(&source))
            .iter()
            .filter_map(|path| module_file(src, file, path))
            .filter(|target| target != file)
            .collect();
        graph.insert(file.clone(), targets);
    }
    components(&graph)
        .into_iter()
        .filter(|component| component.iter().map(|file| file.parent()).collect::<BTreeSet<_>>().len() > 1)
        .map(|component| {
            let mut names: Vec<String> = component
                .iter()
                .map(|file| file.strip_prefix(src).unwrap_or(file).display().to_string())
                .collect();
            names.sort();
            format!("{}: {}", src.display(), names.join(", "))
        })
        .collect()
}

#[test]
fn no_import_circle_between_folders() {
    let metadata = metadata();
    let mut found = Vec::new();
    for folder in source_folders(&metadata).values() {
        found.extend(import_circles(folder));
    }
    assert!(
        found.is_empty(),
        "files of different folders import each other in a circle:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_circle_check_catches_a_circle_across_folders() {
    let folder = tempfile::tempdir().unwrap();
    let src = folder.path();
    std::fs::create_dir_all(src.join("widgets")).unwrap();
    std::fs::create_dir_all(src.join("panels")).unwrap();
    std::fs::write(src.join("lib.rs"), "pub mod widgets;\npub mod panels;\n").unwrap();
    std::fs::write(src.join("widgets/mod.rs"), "pub mod board;\n").unwrap();
    std::fs::write(src.join("panels/mod.rs"), "pub mod mines;\n").unwrap();
    std::fs::write(src.join("widgets/board.rs"), "use crate::{\n    panels::mines::Panel,\n};\n").unwrap();
    std::fs::write(src.join("panels/mines.rs"), "pub struct Panel(crate::widgets::board::Board);\n").unwrap();
    assert_eq!(import_circles(src).len(), 1, "{:?}", import_circles(src));
    // A child and its parent in one folder are no circle across folders.
    std::fs::write(src.join("widgets/board.rs"), "use super::Thing;\npub struct Board;\n").unwrap();
    std::fs::write(
        src.join("widgets/mod.rs"),
        "pub mod board;\npub struct Thing(board::Board);\nuse self::board::Board;\n",
    )
    .unwrap();
    assert!(import_circles(src).is_empty(), "{:?}", import_circles(src));
}
