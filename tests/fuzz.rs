//! The short fuzz run of CI: every target of `curio::fuzz` gets its seeds, every crash AFL++ ever
//! found (`regressions/<target>/` beside its seeds, each a regression test) and a few thousand inputs made
//! by mutating the seeds at random (seeded, so a failure repeats). Any panic fails, naming the
//! input; so does an input that runs for more than ten seconds (a hang). The long,
//! coverage-guided run is `scripts/fuzz.sh MINUTES`.

use rand::{RngExt, SeedableRng};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Mutated inputs a target gets (CURIO_FUZZ_CASES overrides).
const CASES: usize = 1500;
/// The longest an input may run.
const HANG: Duration = Duration::from_secs(10);

fn files(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .map(|entries| entries.flatten().map(|entry| entry.path()).filter(|path| path.is_file()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

/// Text fragments that parsers meet at their edges.
const TOKENS: &[&str] = &[
    "0",
    "-1",
    "1",
    "255",
    "256",
    "65536",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775808",
    "1e308",
    "NaN",
    "inf",
    "-0",
    "0.5",
    "\n",
    "\r\n",
    "\t",
    " ",
    "#",
    "=",
    "/",
    ",",
    "{",
    "}",
    "[",
    "]",
    "\"",
    ":",
    "null",
    "true",
    "\u{feff}",
    "é",
    "\u{0}",
];

/// A random change to `input`: flips, inserts, deletions, duplicated or spliced chunks, edge
/// tokens.
fn mutate(input: &[u8], other: &[u8], random: &mut rand_pcg::Pcg64Mcg) -> Vec<u8> {
    let mut data = input.to_vec();
    for _ in 0..random.random_range(1..=4) {
        let at = if data.is_empty() { 0 } else { random.random_range(0..=data.len()) };
        match random.random_range(0..7) {
            0 if !data.is_empty() => {
                let index = at.min(data.len() - 1);
                data[index] ^= 1 << random.random_range(0..8);
            }
            1 => data.insert(at, random.random()),
            2 if !data.is_empty() => {
                let end = (at + random.random_range(1..=16)).min(data.len());
                data.drain(at.min(end)..end);
            }
            3 if !data.is_empty() => {
                let start = random.random_range(0..data.len());
                let end = (start + random.random_range(1..=64)).min(data.len());
                let chunk: Vec<u8> = data[start..end].to_vec();
                for _ in 0..random.random_range(1..=8) {
                    data.splice(at.min(data.len())..at.min(data.len()), chunk.iter().copied());
                }
            }
            4 if !other.is_empty() => {
                let start = random.random_range(0..other.len());
                let end = (start + random.random_range(1..=128)).min(other.len());
                data.splice(at..at, other[start..end].iter().copied());
            }
            5 => {
                let token = TOKENS[random.random_range(0..TOKENS.len())];
                data.splice(at..at, token.bytes());
            }
            _ => {
                // Replace a run of digits with an edge number.
                if let Some(start) = (at..data.len()).find(|&index| data[index].is_ascii_digit()) {
                    let end = (start..data.len())
                        .find(|&index| !data[index].is_ascii_digit())
                        .unwrap_or(data.len());
                    let token = TOKENS[random.random_range(0..10)];
                    data.splice(start..end, token.bytes());
                }
            }
        }
    }
    data.truncate(64 * 1024);
    data
}

/// Runs `target` on `input` on a thread of its own: a panic or a hang is an error naming it.
fn run_one(target: &'static curio::fuzz::Target, input: Vec<u8>, what: &str) -> Result<(), String> {
    let (done, wait) = std::sync::mpsc::channel();
    // Kept where a failure names it, to become a regression file.
    let kept = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "fuzz-{}-{}",
        target.name,
        what.replace([' ', '/'], "-")
    ));
    let _ = std::fs::write(&kept, &input);
    let shown =
        format!("{} (input in {})", String::from_utf8_lossy(&input[..input.len().min(120)]), kept.display());
    std::thread::spawn(move || {
        let outcome = std::panic::catch_unwind(|| (target.run)(&input));
        let _ = done.send(outcome.is_ok());
    });
    match wait.recv_timeout(HANG) {
        Ok(true) => Ok(()),
        Ok(false) => Err(format!("{}: {what} panicked; input starts {shown:?}", target.name)),
        Err(_) => Err(format!("{}: {what} ran past {HANG:?}; input starts {shown:?}", target.name)),
    }
}

#[test]
fn every_parser_takes_seeds_old_crashes_and_mutated_inputs_without_a_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cases = std::env::var("CURIO_FUZZ_CASES").ok().and_then(|text| text.parse().ok()).unwrap_or(CASES);
    let mut failures = Vec::new();
    for target in curio::fuzz::targets() {
        let folder = root.join(curio::fuzz::folder(target));
        let seeds: Vec<Vec<u8>> = files(&folder.join("seeds").join(target.name))
            .iter()
            .map(|path| std::fs::read(path).unwrap())
            .collect();
        assert!(!seeds.is_empty(), "{}: no seeds in {}/seeds/{}", target.name, folder.display(), target.name);
        for path in files(&folder.join("regressions").join(target.name)) {
            let input = std::fs::read(&path).unwrap();
            failures.extend(run_one(target, input, &format!("regression {}", path.display())).err());
        }
        let mut random = rand_pcg::Pcg64Mcg::seed_from_u64(0x00f0_22ed ^ target.name.len() as u64);
        for case in 0..cases {
            let seed = &seeds[case % seeds.len()];
            let other = &seeds[random.random_range(0..seeds.len())];
            let input = if case < seeds.len() { seed.clone() } else { mutate(seed, other, &mut random) };
            if let Err(failure) = run_one(target, input, &format!("case {case}")) {
                failures.push(failure);
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
