//! Every fuzz target: each domain's (its `DOMAIN`'s `fuzz_targets`) and the house's own, the
//! settings, the partial results and any file given to `curio FILE`, which no single domain
//! reads. See [`cli::fuzz`](crate::cli::fuzz).
//! A domain's target keeps its seeds and regressions in its crate's folder
//! (`crates/<domain>/fuzz/{seeds,regressions}/<target>/`), the house's in `fuzz/`.

pub use crate::cli::fuzz::Target;
use crate::cli::fuzz::text;

/// The house's own targets.
const HOUSE_TARGETS: &[Target] = &[
    Target {
        name: "settings",
        reads: "the app's settings and saved results (curio gui --settings)",
        run: settings,
    },
    Target { name: "merge-partial", reads: "partial results (curio merge)", run: merge_partial },
    Target {
        name: "opened-file",
        reads: "any file given to curio FILE, asked of every domain's openers (a file name, a line, then the text)",
        run: opened_file,
    },
];

/// Every target, the domains' first.
pub fn targets() -> Vec<&'static Target> {
    crate::app::domain::fuzz_targets().chain(HOUSE_TARGETS).collect()
}

/// The folder, from the repository's root, that holds the target's `seeds/<name>/` and
/// `regressions/<name>/`: its domain's crate's `fuzz/`, or `fuzz/` for the house's.
pub fn folder(target: &Target) -> std::path::PathBuf {
    let domain = crate::app::DOMAINS
        .iter()
        .find(|domain| domain.fuzz_targets.iter().any(|declared| declared.name == target.name));
    match domain {
        Some(domain) => std::path::Path::new("crates").join(domain.name).join("fuzz"),
        None => "fuzz".into(),
    }
}

/// The target named `name`.
pub fn target(name: &str) -> Option<&'static Target> {
    targets().into_iter().find(|target| target.name == name)
}

fn settings(input: &[u8]) {
    let Ok(state) = serde_json::from_str::<crate::app::state::AppState>(&text(input)) else { return };
    // Build every panel the file names from its settings, and give it the same JSON as results.
    for entry in crate::app::domain::panels() {
        if let Some(saved) = state.panels.get(entry.key) {
            let mut panel = (entry.build)(Some(saved), None);
            panel.load_results(saved);
            let _ = panel.saved_state();
        }
    }
}

fn opened_file(input: &[u8]) {
    let input = text(input);
    let (name, content) = input.split_once('\n').unwrap_or(("file", &input));
    for opener in crate::app::domain::openers() {
        let _ = (opener.accepts)(name, content);
    }
}

fn merge_partial(input: &[u8]) {
    // One partial a line: a set that is complete is merged as `curio merge` merges it.
    let parts: Vec<(String, crate::shard::Partial)> = text(input)
        .lines()
        .enumerate()
        .filter_map(|(line, part)| crate::shard::Partial::parse(part).ok().map(|p| (line.to_string(), p)))
        .collect();
    if let Ok(set) = crate::shard::complete_set(parts) {
        let _ = crate::cli::merge::merged(&set, &crate::app::domain::merges());
    }
}
