//! `curio generate` (the manual pages and completions a package installs), `curio --version`,
//! and files given to `curio` that are not there.

use crate::common::*;

/// Every command under `command` (help left out), itself included.
fn commands(command: &clap::Command) -> usize {
    1 + command.get_subcommands().filter(|sub| sub.get_name() != "help").map(commands).sum::<usize>()
}

#[test]
fn man_writes_a_page_for_every_command() {
    let dir = temp_dir("man");
    let out = dir.path().join("man");
    let output = curio(&["generate", "man", "--out", path_str(&out)]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let pages: Vec<String> =
        std::fs::read_dir(&out).unwrap().map(|entry| entry.unwrap().file_name().to_string_lossy().into()).collect();
    assert_eq!(pages.len(), commands(&curio::command()), "{pages:?}");
    let bench = std::fs::read_to_string(out.join("curio-mines-bench.1")).unwrap();
    assert!(bench.contains(".TH curio-mines-bench 1"), "{bench}");
    assert!(bench.contains("\\-\\-games"), "the page lists the options");
    let top = std::fs::read_to_string(out.join("curio.1")).unwrap();
    assert!(top.contains("curio\\-mines(1)"), "the top page names the command pages");
}

#[test]
fn completion_scripts_complete_the_commands() {
    for (shell, marker) in [("bash", "_curio()"), ("zsh", "#compdef curio"), ("fish", "complete -c curio")] {
        let output = curio(&["generate", "completion", shell]);
        assert!(output.status.success(), "{shell}: {}", text(&output.stderr));
        let script = text(&output.stdout);
        assert!(script.contains(marker) && script.contains("mines"), "{shell}: {script:.300}");
    }
    // The bash script completes `curio mi` to `mines` (where bash is there to run it).
    let script = text(&curio(&["generate", "completion", "bash"]).stdout);
    let probe = format!("{script}\nCOMP_WORDS=(curio mi); COMP_CWORD=1; _curio curio mi curio; echo \"${{COMPREPLY[*]}}\"");
    if let Ok(output) = std::process::Command::new("bash").args(["-c", &probe]).output() {
        assert_eq!(text(&output.stdout).trim(), "mines", "{}", text(&output.stderr));
    }
    assert_bad_input(&["generate", "completion", "tcsh"], &["tcsh"]);
}

#[test]
fn version_names_the_commit() {
    let version = text(&curio(&["--version"]).stdout);
    let (_, commit) = version.trim().split_once("(commit ").expect("a commit");
    let hash = commit.split_whitespace().next().unwrap();
    assert!(hash == "unknown)" || (hash.len() == 12 && hash.chars().all(|c| c.is_ascii_hexdigit())), "{version}");
}

#[test]
fn a_file_that_is_not_there_is_bad_input_before_any_window() {
    assert_bad_input(&["mine", "bench"], &["no file 'mine'", "no command of that name"]);
    assert_bad_input(&["gui", "/no/such/board.txt"], &["no file '/no/such/board.txt'"]);
}
