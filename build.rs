//! Names the commit the binary is built from, for `curio --version`: `CURIO_COMMIT` when set
//! (a build from a source archive), else what git says of the checkout, else "unknown".

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    (output.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

fn main() {
    println!("cargo:rerun-if-env-changed=CURIO_COMMIT");
    // A new commit moves HEAD or the branch it names; either file changing reruns this.
    if let Some(git_dir) = git(&["rev-parse", "--git-dir"]) {
        println!("cargo:rerun-if-changed={git_dir}/HEAD");
        if let Some(reference) = git(&["symbolic-ref", "-q", "HEAD"]) {
            println!("cargo:rerun-if-changed={git_dir}/{reference}");
        }
        println!("cargo:rerun-if-changed={git_dir}/packed-refs");
    }
    let commit = std::env::var("CURIO_COMMIT").ok().filter(|commit| !commit.is_empty()).or_else(|| {
        let hash = git(&["rev-parse", "--short=12", "HEAD"])?;
        let date = git(&["log", "-1", "--format=%cs", "HEAD"])?;
        Some(format!("{hash} {date}"))
    });
    println!("cargo:rustc-env=CURIO_COMMIT={}", commit.as_deref().unwrap_or("unknown"));
}
