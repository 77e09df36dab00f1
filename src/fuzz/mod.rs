//! Fuzz targets: every parser and file format Curio reads, each a function from arbitrary bytes
//! to "a value or one clear error" (a panic is a bug; so is a hang or an allocation out of
//! proportion to the input). One list, run two ways: `tests/fuzz.rs` feeds each target random
//! and mutated inputs in CI, and `fuzz/` builds them for AFL++ (`scripts/fuzz.sh MINUTES`),
//! coverage-guided. Each target's seeds are real files of its format (`fuzz/seeds/<name>/`).

/// One fuzz target.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// Its name: the folder of its seeds and crashes, and the argument of `scripts/fuzz.sh`.
    pub name: &'static str,
    /// What it reads.
    pub reads: &'static str,
    /// Runs the parser (and what the app or CLI does next with its value) on `input`.
    pub run: fn(&[u8]),
}

/// Every target.
pub const TARGETS: &[Target] = &[
    Target {
        name: "mines-board",
        reads: "minesweeper board files (mines solve, layout, the panel's Import)",
        run: mines_board,
    },
    Target {
        name: "tetris-weights",
        reads: "Tetris weights files (tetris play --weights FILE)",
        run: tetris_weights,
    },
    Target {
        name: "tetris-run",
        reads: "Tetris run files (tetris evolve --resume, the panel)",
        run: tetris_run,
    },
    Target { name: "puzlogic-puzzle", reads: "Puzlogic puzzle files (puzlogic solve)", run: puzlogic_puzzle },
    Target {
        name: "hanoi-position",
        reads: "Hanoi positions (hanoi solve --from/--to)",
        run: hanoi_position,
    },
    Target { name: "go-record", reads: "Go game records (go place, go render, the panel)", run: go_record },
    Target { name: "grascii", reads: "Grascii outlines (gregg render, the panel)", run: grascii },
    Target {
        name: "settings",
        reads: "the app's settings and saved results (curio gui --settings)",
        run: settings,
    },
    Target { name: "merge-partial", reads: "partial results (curio merge)", run: merge_partial },
    Target {
        name: "quality-task",
        reads: "Quality of Living task files (classics quality)",
        run: quality_task,
    },
    Target {
        name: "codejam-input",
        reads: "Code Jam 2018 inputs (classics codejam PROBLEM)",
        run: codejam_input,
    },
];

/// The target named `name`.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|target| target.name == name)
}

/// The input as text, as the readers get it from `read_to_string` (invalid UTF-8 replaced, so
/// the parsers see the odd characters rather than an early refusal).
fn text(input: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(input)
}

fn mines_board(input: &[u8]) {
    let Ok(board) = crate::mines::text::parse(&text(input)) else { return };
    // What `mines solve` does next, with a small search budget so each run stays short.
    if board.cells.len() <= 2_000 {
        let _ = crate::mines::analyze(&board.view(), 20_000);
    }
}

fn tetris_weights(input: &[u8]) {
    let _ = crate::tetris::parse_weights(&text(input), "input");
}

fn tetris_run(input: &[u8]) {
    if let Ok(run) = crate::tetris::parse_run(&text(input), "input") {
        let _ = run.answer();
    }
}

fn puzlogic_puzzle(input: &[u8]) {
    let Ok(puzzle) = crate::puzlogic::Puzzle::parse(&text(input)) else { return };
    let _ = crate::puzlogic::solver::solve_bounded(&puzzle, 2, 2_000, None);
}

fn hanoi_position(input: &[u8]) {
    let [pegs, disks, rest @ ..] = input else { return };
    let (pegs, disks) = (usize::from(*pegs % 9), usize::from(*disks % 70));
    let _ = crate::hanoi::Position::parse(&text(rest), pegs, disks);
}

fn go_record(input: &[u8]) {
    if let Ok(game) = crate::eugo::Game::from_record(&text(input)) {
        let _ = game.record();
        let _ = crate::eugo::game::score(&game.position, game.komi, 16);
    }
}

fn grascii(input: &[u8]) {
    let outline = text(input);
    let _ = crate::gregg::grascii::tokens(&outline);
    let _ = crate::gregg::glyph::draw(&outline, 1.0);
}

fn settings(input: &[u8]) {
    let Ok(state) = serde_json::from_str::<crate::app::state::AppState>(&text(input)) else { return };
    // Build every panel the file names from its settings, and give it the same JSON as results.
    for entry in crate::app::panels::PANELS {
        if let Some(saved) = state.panels.get(entry.key) {
            let mut panel = (entry.build)(Some(saved), None);
            panel.load_results(saved);
            let _ = panel.saved_state();
        }
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
        let _ = crate::cli::merge::merged(&set);
    }
}

fn quality_task(input: &[u8]) {
    if let Ok(task) = crate::classics::quality::Task::parse(&text(input))
        && task.grid.rows * task.grid.cols <= 10_000
    {
        let _ = crate::classics::quality::solve(&task, None);
    }
}

fn codejam_input(input: &[u8]) {
    let [which, rest @ ..] = input else { return };
    let problems = crate::classics::codejam::CodeJamProblem::ALL;
    let problem = problems[usize::from(*which) % problems.len()];
    let _ = problem.solve(&text(rest));
}
