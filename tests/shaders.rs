//! Every shaders/*.wgsl parses and validates with naga.

#[test]
fn every_wgsl_shader_validates() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("shaders");
    let mut checked = 0;
    for entry in std::fs::read_dir(&folder).expect("shaders folder") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "wgsl") {
            continue;
        }
        let source = std::fs::read_to_string(&path).expect("readable shader");
        let module = naga::front::wgsl::parse_str(&source)
            .unwrap_or_else(|error| panic!("{}: {}", path.display(), error.emit_to_string(&source)));
        naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::default(),
        )
        .validate(&module)
        .unwrap_or_else(|error| panic!("{}: {error:?}", path.display()));
        checked += 1;
    }
    assert!(checked >= 1, "no shaders found in {}", folder.display());
}

#[test]
fn a_broken_shader_is_rejected() {
    assert!(naga::front::wgsl::parse_str("fn main( { }").is_err());
}
