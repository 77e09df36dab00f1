//! Every WGSL shader of the app (each beside its pipeline, in its domain's folder) parses and
//! validates with naga.

/// The `.wgsl` files under `folder`.
fn shaders(folder: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(folder).expect("readable folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            shaders(&path, out);
        } else if path.extension().is_some_and(|e| e == "wgsl") {
            out.push(path);
        }
    }
}

#[test]
fn every_wgsl_shader_validates() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/app/src");
    let mut paths = Vec::new();
    shaders(&folder, &mut paths);
    for path in &paths {
        let source = std::fs::read_to_string(path).expect("readable shader");
        let module = naga::front::wgsl::parse_str(&source)
            .unwrap_or_else(|error| panic!("{}: {}", path.display(), error.emit_to_string(&source)));
        naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::default(),
        )
        .validate(&module)
        .unwrap_or_else(|error| panic!("{}: {error:?}", path.display()));
    }
    assert!(
        paths.len() >= 3,
        "expected the three pipelines' shaders under {}, found {paths:?}",
        folder.display()
    );
}

#[test]
fn a_broken_shader_is_rejected() {
    assert!(naga::front::wgsl::parse_str("fn main( { }").is_err());
}
