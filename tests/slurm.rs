//! The Slurm scripts on a real Slurm: a 4-shard job array of `mines bench` and of `tetris play`
//! through `scripts/slurm/submit.sh`, each followed by its merge job (afterok), and the merged
//! JSON equals a single run's in every field but timings. Needs a running cluster
//! (`scripts/slurm/start-single-node.sh`; CI starts one); skips without `sbatch` unless
//! CURIO_REQUIRE_SLURM=1, under which it fails instead.

#[path = "common/cli.rs"]
mod common;

use common::*;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// How long a job array and its merge may take on a busy single node.
const PATIENCE: Duration = Duration::from_secs(300);

fn slurm_available() -> bool {
    let found = Command::new("sinfo").arg("-h").output().is_ok_and(|output| output.status.success());
    if !found {
        assert!(
            std::env::var("CURIO_REQUIRE_SLURM").as_deref() != Ok("1"),
            "CURIO_REQUIRE_SLURM=1 but no Slurm answers (sinfo): run scripts/slurm/start-single-node.sh"
        );
        eprintln!("skipped: no Slurm cluster (sinfo); scripts/slurm/start-single-node.sh starts one");
    }
    found
}

/// Submits `script` as 4 shards with `flags` and waits for the merged result.
fn submit_and_wait(folder: &Path, script: &str, flags: &[&str]) -> serde_json::Value {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new(root.join("scripts/slurm/submit.sh"))
        .arg("4")
        .arg("out")
        .arg(root.join("scripts/slurm").join(script))
        .args(flags)
        .current_dir(folder)
        .env("CURIO", env!("CARGO_BIN_EXE_curio"))
        .output()
        .expect("submit.sh runs");
    assert!(output.status.success(), "submit.sh {script}: {}", text(&output.stderr));
    let result = folder.join("out/result.json");
    let started = Instant::now();
    while !result.exists() {
        assert!(
            started.elapsed() < PATIENCE,
            "{script}: no result after {PATIENCE:?}; {}; logs: {:?}",
            text(&Command::new("squeue").output().map(|o| o.stdout).unwrap_or_default()),
            std::fs::read_dir(folder)
                .map(|entries| entries.flatten().map(|e| e.file_name()).collect::<Vec<_>>())
        );
        std::thread::sleep(Duration::from_millis(250));
    }
    let parts = std::fs::read_dir(folder.join("out"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("part-"))
        .count();
    assert_eq!(parts, 4, "{script}: one partial a shard");
    serde_json::from_slice(&std::fs::read(&result).unwrap()).expect("the merge wrote JSON")
}

#[test]
fn job_arrays_and_their_merge_equal_single_runs() {
    if !slurm_available() {
        return;
    }
    let bench = ["--level", "beginner", "--games", "400", "--seed", "3"];
    let play = ["--weights", "bcts", "--board", "6x10", "--games", "40", "--seed", "2"];
    let arena = ["--game", "connect4", "--players", "random,flat:20,uct:20", "--games", "6", "--seed", "4"];
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ants/maps");
    let ants = [
        "--maps",
        maps.to_str().unwrap(),
        "--bots",
        "builtin:curio",
        "builtin:greedy",
        "builtin:random",
        "--games",
        "8",
        "--turns",
        "120",
        "--seed",
        "2",
    ];
    for (script, command, flags) in [
        ("mines-bench.sbatch", &["mines", "bench"][..], &bench[..]),
        ("tetris-play.sbatch", &["tetris", "play"][..], &play[..]),
        ("arena.sbatch", &["arena"][..], &arena[..]),
        ("ants-tournament.sbatch", &["ants", "tournament"][..], &ants[..]),
    ] {
        let folder = temp_dir("slurm");
        let merged = submit_and_wait(folder.path(), script, flags);
        let single = json_of(&[command, flags, &["--json"]].concat());
        assert_eq!(without_timings(&merged), without_timings(&single), "{script}");
    }
}

#[test]
fn tetris_evolution_judged_by_job_steps_equals_a_run_on_one_machine() {
    if !slurm_available() {
        return;
    }
    let folder = temp_dir("slurm-evolve");
    let settings = ["--board", "6x10", "--population", "8", "--games", "2", "--max-pieces", "200"];
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/slurm/tetris-evolve.sbatch");
    // Two submissions: the second resumes the run file the first left.
    for generations in ["2", "3"] {
        let output = Command::new("sbatch")
            .args(["--wait", "--ntasks=2", "--cpus-per-task=1"])
            .arg(&script)
            .args(["run.json", generations])
            .args(settings)
            .current_dir(folder.path())
            .env("CURIO", env!("CARGO_BIN_EXE_curio"))
            .output()
            .expect("sbatch runs");
        assert!(
            output.status.success(),
            "tetris-evolve.sbatch: {} {}",
            text(&output.stdout),
            text(&output.stderr)
        );
    }
    let local = folder.path().join("local.json");
    let output = curio(
        &[&["tetris", "evolve", "--generations", "3", "--out", path_str(&local)], &settings[..]].concat(),
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(run_without_seconds(&folder.path().join("run.json")), run_without_seconds(&local));
}
