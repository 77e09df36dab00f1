//! `tetris evolve` killed with SIGKILL at 100 random moments: the run file is never
//! half-written, every resume succeeds and loses nothing but the generation in progress, and
//! the run finished by resuming equals one that was never interrupted (all but its timings).

use crate::common::*;
use rand::{RngExt, SeedableRng};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

const KILLS: usize = 100;
const SETTINGS: [&str; 10] =
    ["--board", "6x10", "--population", "6", "--games", "2", "--max-pieces", "200", "--seed", "4"];

/// Generations saved in the run file, or `None` when there is none yet.
fn saved_generations(path: &std::path::Path) -> Option<usize> {
    let text = std::fs::read_to_string(path).ok()?;
    let run: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|error| {
        panic!("the run file is half-written or corrupt ({error}): {}", &text[..text.len().min(200)])
    });
    Some(run["history"].as_array().expect("a history").len())
}

#[test]
fn tetris_evolve_survives_100_sigkills_losing_at_most_the_generation_in_progress() {
    let dir = temp_dir("kill");
    let run = dir.path().join("run.json");
    let target = "100000";
    let mut random = rand_pcg::Pcg64Mcg::seed_from_u64(68);
    let (mut killed, mut most_lost_printed) = (0, 0usize);
    while killed < KILLS {
        let before = saved_generations(&run);
        let mut command = Command::new(env!("CARGO_BIN_EXE_curio"));
        command.args(["tetris", "evolve", "--generations", target, "--json"]);
        match before {
            Some(_) => command.args(["--resume", path_str(&run)]),
            None => command.args(SETTINGS).args(["--out", path_str(&run)]),
        };
        let mut child = command.stdout(Stdio::piped()).stderr(Stdio::null()).spawn().expect("curio starts");
        // A generation lasts about 10 ms here and the start about as long (more on a loaded
        // machine): kill anywhere in the first fifteen or so.
        std::thread::sleep(Duration::from_micros(random.random_range(0..200_000)));
        child.kill().expect("SIGKILL");
        let stdout = child.stdout.take().unwrap();
        let printed = BufReader::new(stdout).lines().map_while(Result::ok).count();
        child.wait().unwrap();
        killed += 1;
        let after = saved_generations(&run);
        match (before, after) {
            (_, None) => assert_eq!(printed, 0, "a generation was reported but no run file exists"),
            (before, Some(after)) => {
                let before = before.unwrap_or(0);
                // Every generation reported (each is saved before it is printed) is in the
                // file; at most one more (saved, not yet printed) can be.
                assert!(after >= before + printed, "kill {killed}: {printed} reported, {before} -> {after} saved");
                assert!(after <= before + printed + 1, "kill {killed}: {printed} reported, {before} -> {after} saved");
                most_lost_printed = most_lost_printed.max(after - before - printed);
            }
        }
    }
    let generations = saved_generations(&run).expect("a run after 100 kills");
    assert!(generations >= 10, "the kills came too early to test much: {generations} generations");
    // Finish one more generation by resuming, then compare with an uninterrupted run.
    let total = (generations + 1).to_string();
    let resumed = curio(&["tetris", "evolve", "--resume", path_str(&run), "--generations", &total]);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    let straight = dir.path().join("straight.json");
    let output = curio(&[&["tetris", "evolve", "--generations", &total, "--out", path_str(&straight)], &SETTINGS[..]].concat());
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(run_without_seconds(&run), run_without_seconds(&straight));
    eprintln!("{KILLS} SIGKILLs: every resume succeeded; {generations} generations saved; at most {most_lost_printed} saved but unreported at a kill");
}
