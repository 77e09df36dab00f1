//! The Minesweeper panel: play, Step and Hint with reasons, refinements, import and export,
//! benchmarks (plain and paired), zoom and pan of big boards, the game window, and snapshots.

use crate::common::{drag, harness, harness_with, settle, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::mines::{MinesPanel, MinesPanelState, SavedBenchmark};
use curio::app::state::AppState;
use eframe::egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::Path;

#[test]
fn a_saved_benchmark_loads_back_bit_for_bit() {
    // 1197.6929128865365 came back as ...363 from a settings file before serde_json's
    // float_roundtrip was on, so a restored benchmark differed from the one saved.
    let result = curio::mines::bench::BenchResult {
        level: "beginner".to_string(),
        rule: "safe".to_string(),
        games: 300,
        wins: 273,
        win_rate: 0.91,
        ci95: [0.8722229892013517, 0.9374097743945206],
        games_per_second: 1197.6929128865365,
        seed: 3,
        threads: 2,
        without: Vec::new(),
        tuning: Default::default(),
        write_up: None,
        move_time_p99_ms: 4.612,
        move_time_max_ms: 9.807,
        guesses_per_game: 0.7933333333333333,
        guesses_per_win: 0.8205128205128205,
        losses: Default::default(),
        calibration: curio::mines::bench::Calibration {
            risky_reveals: 238,
            expected_mines: 26.93125718309412,
            mines_variance: 22.3,
            mines_hit: 27,
            endgame_games: 61,
            endgame_expected_wins: 47.35,
            endgame_variance: 9.1,
            endgame_wins: 48,
        },
    };
    let saved = SavedBenchmark { result, samples: vec![[1.0, 1.0], [300.0, 0.91], [300.0, 0.1 + 0.2]], comparison: None };
    // A benchmark is a result, not a setting: it goes to the panel's results file and comes
    // back from it bit for bit.
    let mut app = CurioApp::with_state(AppState::default(), None);
    app.panel_mut::<MinesPanel>().state.last_benchmark = Some(saved.clone());
    let temporary = tempfile::tempdir().expect("temp dir");
    let folder = temporary.path().join("results");
    for (key, value) in app.results() {
        curio::app::state::write_results(&folder, &key, &value.to_string()).expect("written");
    }
    let (results, problems) = curio::app::state::read_results(&folder);
    assert!(problems.is_empty(), "{problems:?}");
    let mut restarted = CurioApp::with_state(AppState::default(), None);
    restarted.restore_results(&results);
    assert_eq!(restarted.panel_mut::<MinesPanel>().state.last_benchmark, Some(saved.clone()));
    assert_eq!(restarted.panel_mut::<MinesPanel>().bench_result().cloned(), Some(Ok(saved.result.clone())));
    // The settings no longer hold it.
    let state = app.state();
    assert!(state.panels["mines"].get("last_benchmark").is_none(), "{:?}", state.panels["mines"]);
    let path = temporary.path().join("settings.json");
    std::fs::write(&path, serde_json::to_string(&state).expect("serializes")).expect("written");
    let loaded = curio::app::load_settings(&path).expect("loads");
    assert_eq!(loaded, state);
    // A file saved before the solver settings, paired runs and results files existed loads
    // with their defaults, and the benchmark it holds is shown again.
    let mut older = serde_json::to_value(&state).expect("serializes");
    let mines = older["mines"].as_object_mut().expect("mines settings");
    mines.remove("tuning").expect("tuning saved");
    mines.remove("bench_paired").expect("paired switch saved");
    let mut legacy = serde_json::to_value(&saved).expect("serializes");
    legacy.as_object_mut().expect("benchmark").remove("comparison").expect("comparison saved");
    legacy["result"].as_object_mut().expect("result").remove("tuning").expect("result tuning saved");
    // A benchmark saved before guesses per win and the calibration existed loads with zeros,
    // which the panel shows as no calibration line.
    legacy["result"].as_object_mut().expect("result").remove("guesses_per_win").expect("guesses per win saved");
    legacy["result"].as_object_mut().expect("result").remove("calibration").expect("calibration saved");
    mines.insert("last_benchmark".to_string(), legacy);
    std::fs::write(&path, older.to_string()).expect("written");
    let older_loaded = curio::app::load_settings(&path).expect("older settings load");
    assert_eq!(older_loaded.settings::<MinesPanel>(), state.settings::<MinesPanel>());
    let mut migrated = CurioApp::with_state(older_loaded, None);
    let restored = migrated.panel_mut::<MinesPanel>().state.last_benchmark.clone().expect("benchmark").result;
    assert_eq!((restored.guesses_per_win, restored.calibration.describe()), (0.0, None));
    assert_eq!(restored.wins, 273);
    // The app itself saves through eframe's storage (RON) on exit.
    let mut storage = MemoryStorage::default();
    eframe::set_value(&mut storage, "curio", &state);
    assert_eq!(eframe::get_value::<AppState>(&storage, "curio"), Some(state));
}

/// An in-memory `eframe::Storage`, standing in for the app's settings file.
#[derive(Default)]
struct MemoryStorage(std::collections::HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }

    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }

    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }

    fn flush(&mut self) {}
}

fn mines_app(level: &str) -> CurioApp {
    let mut mines = MinesPanelState::default();
    mines.level = level.to_string();
    mines.seed = 3;
    let state = AppState::showing::<MinesPanel>().with::<MinesPanel>(&mines);
    CurioApp::with_state(state, None)
}

#[test]
fn mines_panel_steps_with_a_reason_and_plays_to_the_end() {
    let mut harness = harness(mines_app("beginner"));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Step").click();
    harness.run_settled();
    let first = *harness.state_mut().panel_mut::<MinesPanel>().last_move().expect("a move");
    assert_eq!(first.reason.rule, curio::mines::MoveRule::FirstClick);
    harness.get_by_label_contains("last move: row 0, column 0");
    for _ in 0..200 {
        if harness.state_mut().panel_mut::<MinesPanel>().game().status() != curio::mines::GameStatus::Playing
        {
            break;
        }
        harness.get_by_role_and_label(Role::Button, "Step").click();
        harness.run_settled();
    }
    assert_ne!(
        harness.state_mut().panel_mut::<MinesPanel>().game().status(),
        curio::mines::GameStatus::Playing
    );
    harness.get_by_role_and_label(Role::Button, "New game").click();
    harness.run_settled();
    assert_eq!(
        harness.state_mut().panel_mut::<MinesPanel>().game().status(),
        curio::mines::GameStatus::Playing
    );
    assert!(
        harness
            .state_mut()
            .panel_mut::<MinesPanel>()
            .game()
            .cells()
            .iter()
            .all(|c| *c == curio::mines::Cell::Covered)
    );
}

#[test]
fn mines_solver_refinements_toggle_and_big_boards_step_in_the_background() {
    use curio::mines::policy::Refinement;
    let mut harness = harness(mines_app("300x200/9000"));
    harness.run_settled();
    assert!(harness.state_mut().panel_mut::<MinesPanel>().solver().disabled().is_empty());
    harness.get_by_label("lookahead").click();
    harness.run_settled();
    assert!(!harness.state_mut().panel_mut::<MinesPanel>().state.lookahead);
    assert_eq!(
        harness.state_mut().panel_mut::<MinesPanel>().solver().disabled(),
        vec![Refinement::Lookahead]
    );
    harness.get_by_label("endgame search").click();
    harness.run_settled();
    harness.get_by_label("50/50 first").click();
    harness.run_settled();
    harness.get_by_label("isolated regions").click();
    harness.run_settled();
    assert_eq!(
        harness.state_mut().panel_mut::<MinesPanel>().solver().disabled(),
        vec![Refinement::Endgame, Refinement::Lookahead, Refinement::FiftyFifty, Refinement::Regions]
    );
    for _ in 0..3 {
        harness.get_by_role_and_label(Role::Button, "Step").click();
        settle(&mut harness);
    }
    harness.run_settled();
    let panel = harness.state_mut().panel_mut::<MinesPanel>();
    assert!(panel.last_move().is_some(), "the background move was played");
    assert!(panel.game().cells().iter().any(|c| matches!(c, curio::mines::Cell::Revealed(_))));
}

/// A new game of another size, started while the heatmap shows an analysis of the old board,
/// once indexed the old analysis with the new board's cells and panicked.
#[test]
fn a_new_game_of_another_size_drops_the_old_analysis() {
    let mut harness = harness(mines_app("intermediate"));
    harness.run_settled();
    for _ in 0..3 {
        harness.get_by_role_and_label(Role::Button, "Step").click();
        harness.run_settled();
    }
    harness.get_by_label_contains("certain safe");
    for level in ["expert", "beginner"] {
        harness.state_mut().panel_mut::<MinesPanel>().state.level = level.to_string();
        harness.get_by_role_and_label(Role::Button, "New game").click();
        harness.run_settled();
        let panel = harness.state_mut().panel_mut::<MinesPanel>();
        assert!(panel.game().cells().iter().all(|c| *c == curio::mines::Cell::Covered));
        assert!(panel.analysis().is_none(), "no analysis of an untouched board");
        harness.get_by_role_and_label(Role::Button, "Step").click();
        harness.run_settled();
        harness.get_by_role_and_label(Role::Button, "Step").click();
        harness.run_settled();
    }
    assert_eq!(harness.state_mut().panel_mut::<MinesPanel>().game().cells().len(), 81);
}

/// Settles the UI once an import was asked for: an imported board's layout is drawn, then
/// analysed.
fn wait_for_import(harness: &mut Harness<'static, CurioApp>) {
    settle(harness);
    assert!(!harness.state_mut().panel_mut::<MinesPanel>().is_importing(), "the import did not finish");
    harness.run_settled();
}

/// Export writes the mines too, so importing the file plays on the same game; a board without
/// its mines marked is played on a layout drawn from those that fit its numbers (on a background
/// thread), also when it is too big to count them.
#[test]
fn imported_boards_are_played_on_a_layout_that_fits() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("board.txt");
    let mut harness = harness(mines_app("expert"));
    harness.run_settled();
    for _ in 0..4 {
        harness.get_by_role_and_label(Role::Button, "Step").click();
        harness.run_settled();
    }
    harness.state_mut().panel_mut::<MinesPanel>().state.board_path = path.display().to_string();
    harness.get_by_role_and_label(Role::Button, "Export board").click();
    harness.run_settled();
    let exported = std::fs::read_to_string(&path).expect("exported board");
    let original = harness.state_mut().panel_mut::<MinesPanel>().game().clone();
    assert_eq!(exported.matches('*').count(), 99, "every mine is marked");

    harness.get_by_role_and_label(Role::Button, "Import").click();
    harness.run_settled();
    let imported = harness.state_mut().panel_mut::<MinesPanel>().game().clone();
    assert_eq!(imported.cells(), original.cells());
    assert_eq!(imported.mine_layout(), original.mine_layout(), "the same game");

    // Without the mines: a layout is drawn, and it agrees with every number on the board.
    std::fs::write(&path, exported.replace('*', ".")).expect("write");
    harness.get_by_role_and_label(Role::Button, "Import").click();
    wait_for_import(&mut harness);
    harness.get_by_label_contains("drawn at random");
    let game = harness.state_mut().panel_mut::<MinesPanel>().game().clone();
    assert_eq!(game.cells(), original.cells());
    let layout = game.mine_layout().expect("a drawn layout").to_vec();
    assert_eq!(layout.iter().filter(|&&mine| mine).count(), 99);
    let (width, height) = (game.config().width, game.config().height);
    for (index, cell) in game.cells().iter().enumerate() {
        if let curio::mines::Cell::Revealed(number) = cell {
            let around = curio::mines::board::neighbours(width, height, index).filter(|&n| layout[n]).count();
            assert_eq!(around, usize::from(*number), "cell {index}");
        }
    }
    // A big board is drawn as quickly: 400x200 with a row of zeros above a row of ones, which
    // the mines of the next row (one in every three cells) fit, and 8,000 mines.
    let big = format!(
        "mines=8000\n{}\n{}\n{}",
        "0".repeat(400),
        "1".repeat(400),
        format!("{}\n", ".".repeat(400)).repeat(198)
    );
    std::fs::write(&path, big).expect("write");
    harness.get_by_role_and_label(Role::Button, "Import").click();
    wait_for_import(&mut harness);
    harness.get_by_label_contains("drawn at random");
    let big_game = harness.state_mut().panel_mut::<MinesPanel>().game().clone();
    assert_eq!((big_game.config().width, big_game.config().height), (400, 200));
    let layout = big_game.mine_layout().expect("a drawn layout");
    assert_eq!(layout.iter().filter(|&&mine| mine).count(), 8000);
    for column in 0..400usize {
        let below = (column.saturating_sub(1)..(column + 2).min(400)).filter(|&c| layout[800 + c]).count();
        assert!(!layout[column] && !layout[400 + column] && below == 1, "column {column}");
    }
    // A board with a component too big to count (even with its certain cells taken out) gets a
    // layout that fits from a random search around which the rest is drawn, and the message
    // says it was not drawn uniformly.
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/mines-too-big-to-count-without-certain-cells.txt");
    std::fs::copy(&fixture, &path).expect("copy");
    harness.get_by_role_and_label(Role::Button, "Import").click();
    wait_for_import(&mut harness);
    harness.get_by_label_contains("not proved equally likely: the board is too big to count them");
    let tangled = harness.state_mut().panel_mut::<MinesPanel>().game().clone();
    let layout = tangled.mine_layout().expect("a drawn layout");
    assert_eq!(layout.iter().filter(|&&mine| mine).count(), 240);
    for (index, cell) in tangled.cells().iter().enumerate() {
        if let curio::mines::Cell::Revealed(number) = cell {
            let around = curio::mines::board::neighbours(40, 24, index).filter(|&n| layout[n]).count();
            assert_eq!(around, usize::from(*number), "cell {index}");
        }
    }
    // A board no layout fits is not loaded, and the message says why.
    std::fs::write(&path, "mines=1\n3.\n..\n").expect("write");
    harness.get_by_role_and_label(Role::Button, "Import").click();
    wait_for_import(&mut harness);
    harness.get_by_label_contains("cannot draw a mine layout that fits: the board is inconsistent");
    assert_eq!(
        harness.state_mut().panel_mut::<MinesPanel>().game().cells(),
        tangled.cells(),
        "the game in play stays"
    );
    // On a board too big to count, the message names a number that cannot be met.
    let expert =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mines-expert-too-big-to-count.txt");
    let row = "3.201.1012.3..6310111001.10022";
    let unmet = std::fs::read_to_string(&expert).expect("fixture").replace(row, &row.replace("..6", "..7"));
    std::fs::write(&path, unmet).expect("write");
    harness.get_by_role_and_label(Role::Button, "Import").click();
    wait_for_import(&mut harness);
    harness.get_by_label_contains("the 7 at row 3, column 14 has only 6 covered neighbours");
    assert_eq!(
        harness.state_mut().panel_mut::<MinesPanel>().game().cells(),
        tangled.cells(),
        "the game in play stays"
    );
    // Back to the expert board without its mines.
    std::fs::write(&path, exported.replace('*', ".")).expect("write");
    harness.get_by_role_and_label(Role::Button, "Import").click();
    wait_for_import(&mut harness);
    assert_eq!(harness.state_mut().panel_mut::<MinesPanel>().game().cells(), game.cells());
    // And it plays on: Step never loses on a move the solver called certain.
    for _ in 0..30 {
        harness.get_by_role_and_label(Role::Button, "Step").click();
        harness.run_settled();
        let panel = harness.state_mut().panel_mut::<MinesPanel>();
        if panel.game().status() == curio::mines::GameStatus::Lost {
            let last = panel.last_move().expect("the losing move");
            assert!(last.reason.probability > 0.0, "lost on a certain move: {last:?}");
            break;
        }
    }
}

#[test]
fn mines_panel_reports_a_bad_level_inline() {
    let mut harness = harness(mines_app("beginner"));
    harness.run_settled();
    harness.state_mut().panel_mut::<MinesPanel>().state.level = "5x5/30".to_string();
    harness.get_by_role_and_label(Role::Button, "New game").click();
    harness.run_settled();
    harness.get_by_label_contains("mines = 30 is out of range");
}

/// Clicks Run benchmark and steps the app until the job has ended.
fn run_benchmark(harness: &mut Harness<'static, CurioApp>) {
    harness.get_by_role_and_label(Role::Button, "Run benchmark").click();
    settle(harness);
}

/// The result of the benchmark that ran last, which must have finished without error.
fn finished_benchmark(harness: &mut Harness<'static, CurioApp>) -> curio::mines::bench::BenchResult {
    let result = harness.state_mut().panel_mut::<MinesPanel>().bench_result().cloned().expect("finished");
    result.expect("benchmark ok")
}

#[test]
fn mines_paired_benchmark_compares_the_settings_with_the_default_solver() {
    let mut harness = harness(mines_app("beginner"));
    harness.run_settled();
    // The settings fold out; a changed value is marked and used by the solver.
    harness.get_by_label("solver settings").click();
    harness.run_settled();
    harness.get_by_label("lookahead cut-off");
    harness.get_by_label("off-frontier cut-off");
    let panel = harness.state_mut().panel_mut::<MinesPanel>();
    panel.state.tuning.endgame_layouts = 10;
    panel.state.tuning.off_frontier_cutoff = 0.5;
    panel.state.bench_games = 200;
    assert_eq!(panel.solver().endgame.map(|limits| limits.max_layouts), Some(10));
    assert_eq!(panel.solver().lookahead.map(|settings| settings.off_frontier_cutoff), Some(0.5));
    harness.run_settled();
    harness.get_by_label("solver settings (changed)");
    harness.get_by_label("paired with the default solver").click();
    run_benchmark(&mut harness);
    harness.run_settled();
    let panel = harness.state_mut().panel_mut::<MinesPanel>();
    let comparison = panel.comparison().cloned().expect("a paired run");
    assert_eq!(comparison.candidate.tuning.endgame_layouts, 10);
    assert_eq!(comparison.baseline.tuning, curio::mines::Tuning::default());
    assert_eq!(panel.bench_result().cloned(), Some(Ok(comparison.candidate.clone())));
    assert_eq!(
        comparison.candidate.wins as i64 - comparison.baseline.wins as i64,
        comparison.candidate_only as i64 - comparison.baseline_only as i64
    );
    harness.get_by_label_contains("candidate − baseline:");
    harness.get_by_label_contains("off-frontier cutoff 0.5, endgame layouts 10");
    // The comparison is saved with the results and shown again after a restart.
    let json = serde_json::to_string(&harness.state_mut().state()).expect("settings serialize");
    let results = serde_json::to_string(&harness.state().results()).expect("results serialize");
    let restored: AppState = serde_json::from_str(&json).expect("settings load");
    let mut app = CurioApp::with_state(restored, None);
    app.restore_results(&serde_json::from_str(&results).expect("results load"));
    let mut restarted = crate::common::harness(app);
    restarted.run_settled();
    restarted.get_by_label_contains("candidate − baseline:");
    assert_eq!(restarted.state_mut().panel_mut::<MinesPanel>().comparison(), Some(&comparison));
    // Settings out of range in a hand-edited file fall back to the defaults.
    restarted.state_mut().panel_mut::<MinesPanel>().state.tuning.cutoff = 7.0;
    assert_eq!(
        restarted.state_mut().panel_mut::<MinesPanel>().solver().tuning(),
        curio::mines::Tuning::default()
    );
    restarted.run_settled();
    restarted.get_by_label_contains("cutoff must be above 0 and at most 1, not 7; the defaults are used");
}

#[test]
fn mines_benchmark_runs_as_a_job() {
    let mut harness = harness(mines_app("beginner"));
    harness.run_settled();
    harness.state_mut().panel_mut::<MinesPanel>().state.bench_games = 300;
    run_benchmark(&mut harness);
    let result = finished_benchmark(&mut harness);
    assert_eq!(result.games, 300);
    assert!(result.ci95[0] <= result.win_rate && result.win_rate <= result.ci95[1]);
    harness.run_settled();
    harness.get_by_label_contains(" per won game; ");
    harness.get_by_label_contains("stated chances against outcomes: ");
    // The chart keeps the finished run's curve, ending at its final rate.
    let samples = harness.state_mut().panel_mut::<MinesPanel>().bench_samples().to_vec();
    assert!(samples.len() >= 2, "{samples:?}");
    assert_eq!(samples.last().copied(), Some([300.0, result.win_rate]));
    // The result and its curve are saved with the results and shown again after a restart.
    let saved = harness.state_mut().state();
    let results = harness.state().results();
    assert_eq!(results["mines"]["last_benchmark"]["result"]["wins"], result.wins);
    let json = serde_json::to_string(&saved).expect("settings serialize");
    let restored: AppState = serde_json::from_str(&json).expect("settings load");
    let mut app = CurioApp::with_state(restored, None);
    app.restore_results(&serde_json::from_str(&serde_json::to_string(&results).unwrap()).unwrap());
    let mut restarted = crate::common::harness(app);
    restarted.run_settled();
    restarted.get_by_label_contains(" per won game; ");
    restarted.get_by_label_contains("stated chances against outcomes: ");
    let panel = restarted.state_mut().panel_mut::<MinesPanel>();
    assert_eq!(panel.bench_result().cloned(), Some(Ok(result)));
    assert_eq!(panel.bench_samples().to_vec(), samples);
}

/// The write-up's own solvers are a choice of the panel: chosen, they play the benchmark (and
/// the refinements, which are Curio's, are greyed out).
#[test]
fn the_write_ups_solver_plays_the_benchmark() {
    let mut harness = harness(mines_app("beginner"));
    harness.run_settled();
    harness.get_by_label("solver").click();
    harness.run_settled();
    harness.get_by_label("the write-up's Tank solver").click();
    harness.run_settled();
    assert_eq!(harness.state_mut().panel_mut::<MinesPanel>().state.write_up, Some(curio::mines::write_up::Ladder::Tank));
    assert!(egui_kittest::kittest::NodeT::accesskit_node(&harness.get_by_label("lookahead")).is_disabled());
    harness.state_mut().panel_mut::<MinesPanel>().state.bench_games = 300;
    harness.run_settled();
    run_benchmark(&mut harness);
    let result = finished_benchmark(&mut harness);
    assert_eq!((result.games, result.write_up), (300, Some(curio::mines::write_up::Ladder::Tank)));
    harness.run_settled();
    harness.get_by_label_contains("played by the write-up's Tank solver");
}

/// With a write-up solver chosen, the panel shows its Tank view of the board: the write-up's
/// eleven-layout example, its 82% guess and the region split.
#[test]
fn the_write_ups_tank_view_of_an_imported_board() {
    let mut harness = harness(mines_app("expert"));
    harness.run_settled();
    let board = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mines-write-up-eleven-layouts.txt");
    let panel = harness.state_mut().panel_mut::<MinesPanel>();
    panel.state.board_path = board.display().to_string();
    panel.state.write_up = Some(curio::mines::write_up::Ladder::Tank);
    harness.get_by_role_and_label(Role::Button, "Import").click();
    wait_for_import(&mut harness);
    harness.run_settled();
    harness.get_by_label_contains("the write-up's Tank view: its rules prove 3 mines; regions: 13 tiles, 11 layouts");
    harness.get_by_label_contains("a mine in 2 of 11 layouts (81.8% safe)");
}

/// Snapshot `name` of the panel (drawn without a GPU) at `size`, `steps` solver moves into a game
/// of `level`.
fn mines_snapshot_after_steps(name: &str, level: &str, steps: usize, size: [f32; 2]) {
    let mut app = mines_app(level);
    for _ in 0..steps {
        app.panel_mut::<MinesPanel>().step();
    }
    snapshot_app(name, size, |_| app);
}

#[test]
fn mines_panel_heatmap_snapshot() {
    mines_snapshot_after_steps("mines_panel_heatmap", "intermediate", 3, [900.0, 620.0]);
}

/// An expert board in a 640x480 window has cells of about 9.7 points: its digits and marks are
/// still drawn (they were left out below 10 points).
#[test]
fn mines_panel_small_window_snapshot() {
    mines_snapshot_after_steps("mines_panel_small", "expert", 6, [640.0, 480.0]);
}

#[test]
fn mines_panel_heatmap_on_gpu_snapshot() {
    snapshot_app("mines_panel_heatmap_gpu", [900.0, 620.0], |adapter| {
        let mut mines = MinesPanelState::default();
        mines.level = "intermediate".to_string();
        mines.seed = 3;
        let state = AppState::showing::<MinesPanel>().with::<MinesPanel>(&mines);
        let mut app = CurioApp::with_state(state, Some(adapter));
        assert!(app.panel_mut::<MinesPanel>().heatmap_on_gpu());
        for _ in 0..3 {
            app.panel_mut::<MinesPanel>().step();
        }
        app
    });
}

#[test]
fn mines_panel_large_board_on_gpu_snapshot() {
    snapshot_app("mines_panel_large_gpu", [700.0, 520.0], |adapter| {
        let mut mines = MinesPanelState::default();
        mines.level = "300x200/9000".to_string();
        mines.seed = 5;
        let state = AppState::showing::<MinesPanel>().with::<MinesPanel>(&mines);
        let mut app = CurioApp::with_state(state, Some(adapter));
        app.panel_mut::<MinesPanel>().step();
        app
    });
}

/// Clicks at a position in the harness (move, press, release).
fn click_at(
    harness: &mut Harness<'_, curio::app::mines::window::MinesWindow>,
    pos: eframe::egui::Pos2,
    secondary: bool,
) {
    use eframe::egui::{Event, Modifiers, PointerButton};
    let button = if secondary { PointerButton::Secondary } else { PointerButton::Primary };
    harness.event(Event::PointerMoved(pos));
    harness.event(Event::PointerButton { pos, button, pressed: true, modifiers: Modifiers::NONE });
    harness.event(Event::PointerButton { pos, button, pressed: false, modifiers: Modifiers::NONE });
    harness.run_settled();
}

#[test]
fn mines_window_plays_by_mouse_and_logs_finished_games() {
    use curio::app::mines::window::{CELL, MinesWindow, window_size};
    use curio::mines::{BoardConfig, BoardView, FirstClickRule, GameStatus, Policy};
    let temporary = tempfile::tempdir().expect("temp dir");
    let log = temporary.path().join("games.jsonl");
    let config = BoardConfig::parse_level("beginner", FirstClickRule::Safe).expect("beginner");
    let window = MinesWindow::new(config, 11, Some(log.clone()));
    let mut harness = Harness::builder()
        .with_size(window_size(config))
        .with_context_setup(curio::app::theme::install_fonts)
        .build_ui_state(|ui, window: &mut MinesWindow| window.draw(ui), window);
    harness.run_settled();
    let cell_centre = |row: usize, column: usize| {
        eframe::egui::pos2(4.0 + (column as f32 + 0.5) * CELL, 48.0 + (row as f32 + 0.5) * CELL)
    };
    // Flag a cell and unflag it by right clicks.
    click_at(&mut harness, cell_centre(8, 8), true);
    assert_eq!(harness.state().game().cell(8, 8), curio::mines::Cell::Flagged);
    click_at(&mut harness, cell_centre(8, 8), true);
    let solver = Policy::default();
    for _ in 0..100 {
        if harness.state().game().status() != GameStatus::Playing {
            break;
        }
        let cells = harness.state().game().cells().to_vec();
        let view = BoardView { width: 9, height: 9, mines: 10, cells: &cells };
        let next = solver.next_moves(&view, FirstClickRule::Safe).expect("solvable")[0];
        click_at(&mut harness, cell_centre(next.row, next.column), false);
    }
    let status = harness.state().game().status();
    assert_ne!(status, GameStatus::Playing);
    let text = std::fs::read_to_string(&log).expect("log written");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1);
    let entry: serde_json::Value = serde_json::from_str(lines[0]).expect("json line");
    assert_eq!(entry["result"], if status == GameStatus::Won { "won" } else { "lost" });
    assert_eq!(entry["mines"].as_array().expect("layout").len(), 10);
    assert_eq!(entry["seed"], 11);
    assert!(entry["board"].as_str().expect("board").starts_with("mines=10\n"));
    // The face starts the next game.
    harness.get_by_label("New game").click();
    harness.run_settled();
    assert_eq!(harness.state().game().status(), GameStatus::Playing);
    assert_eq!(harness.state().game().seed(), 12);
}

/// A harness for tests that point at the board: its hover text shows at once, without a fade
/// that would keep the harness stepping.
fn board_harness(app: CurioApp) -> Harness<'static, CurioApp> {
    harness_with(app, [1100.0, 760.0], |ctx| {
        curio::app::theme::install_fonts(ctx);
        ctx.global_style_mut(|style| {
            style.interaction.tooltip_delay = 0.0;
            style.animation_time = 0.0;
        });
    })
}

/// Clicks Step on a board big enough to be stepped and analysed in the background, and waits
/// for both: a move that lands later could change the board under a test's pointer.
fn step_big_board(harness: &mut Harness<'static, CurioApp>) {
    harness.get_by_role_and_label(Role::Button, "Step").click();
    // One frame for the click: the analysis may end in the next few, which keep repainting.
    harness.step();
    settle(harness);
    harness.run_settled();
    assert!(harness.state_mut().panel_mut::<MinesPanel>().analysis().is_some());
}

/// The cell named by the board's hover text at `pos`, as (row, column).
fn hovered_cell(harness: &mut Harness<'static, CurioApp>, pos: eframe::egui::Pos2) -> (usize, usize) {
    harness.event(eframe::egui::Event::PointerMoved(pos));
    harness.run_settled();
    // The hover text's window and its label both carry it.
    let node = harness.query_all_by_label_contains("P(mine)").next().expect("hover text");
    let text = egui_kittest::kittest::NodeT::accesskit_node(&node).label().expect("hover text");
    let numbers: Vec<usize> =
        text.split(|c: char| !c.is_ascii_digit()).filter_map(|part| part.parse().ok()).take(2).collect();
    (numbers[0], numbers[1])
}

/// Wheel steps over the board at `pos` (positive: zoom in).
fn wheel_at(harness: &mut Harness<'static, CurioApp>, pos: eframe::egui::Pos2, lines: f32) {
    use eframe::egui::{Event, Modifiers, MouseWheelSource, MouseWheelUnit, TouchPhase, Vec2};
    harness.event(Event::PointerMoved(pos));
    harness.event(Event::MouseWheel {
        unit: MouseWheelUnit::Line,
        delta: Vec2::new(0.0, lines),
        phase: TouchPhase::Move,
        source: MouseWheelSource::Unknown,
        modifiers: Modifiers::NONE,
    });
    harness.run_settled();
}

/// A board too big to read whole is zoomed in about the pointer (once it covers the view, the
/// cell under the pointer stays under it), panned by a drag, brought back whole by Fit, and
/// shown whole again by a new game.
#[test]
fn big_boards_zoom_about_the_pointer_and_pan() {
    use eframe::egui::{PointerButton, pos2};
    let mut harness = board_harness(mines_app("400x300/20000"));
    harness.run_settled();
    step_big_board(&mut harness);
    // Near the top left of the board, where zooming about the view's centre would lose it.
    let pointer = pos2(600.0, 190.0);
    let fitted = hovered_cell(&mut harness, pointer);
    assert!(harness.state_mut().panel_mut::<MinesPanel>().zoom().is_fitted());
    // Zoomed in far enough for the board to cover the view, the cell under the pointer stays.
    wheel_at(&mut harness, pointer, 3.0);
    let before = hovered_cell(&mut harness, pointer);
    for _ in 0..5 {
        wheel_at(&mut harness, pointer, 3.0);
    }
    let zoom = harness.state_mut().panel_mut::<MinesPanel>().zoom();
    assert!(zoom.factor > 10.0, "zoomed in: {zoom:?}");
    let after = hovered_cell(&mut harness, pointer);
    assert!(before.0.abs_diff(after.0) <= 1 && before.1.abs_diff(after.1) <= 1, "{before:?} then {after:?}");
    harness.get_by_label_contains("zoom ");
    // A drag to the left shows the cells that were to the right.
    let right = hovered_cell(&mut harness, pos2(pointer.x + 200.0, pointer.y));
    let target = pos2(pointer.x - 200.0, pointer.y);
    drag(&mut harness, pointer, target, PointerButton::Middle);
    let panned = hovered_cell(&mut harness, pointer);
    assert_eq!(panned.0, after.0);
    assert!(panned.1.abs_diff(right.1) <= 1, "{after:?}, {right:?} to the right, then {panned:?}");
    assert_eq!(
        harness.state_mut().panel_mut::<MinesPanel>().game().status(),
        curio::mines::GameStatus::Playing
    );
    harness.get_by_role_and_label(Role::Button, "Fit").click();
    harness.run_settled();
    assert!(harness.state_mut().panel_mut::<MinesPanel>().zoom().is_fitted());
    assert_eq!(hovered_cell(&mut harness, pointer), fitted);
    wheel_at(&mut harness, pointer, 3.0);
    assert!(!harness.state_mut().panel_mut::<MinesPanel>().zoom().is_fitted());
    harness.get_by_role_and_label(Role::Button, "New game").click();
    harness.run_settled();
    assert!(harness.state_mut().panel_mut::<MinesPanel>().zoom().is_fitted());
}

/// The ids of the textures named `name` now allocated.
fn texture_ids(harness: &Harness<'static, CurioApp>, name: &str) -> Vec<eframe::egui::TextureId> {
    let manager = harness.ctx.tex_manager();
    let manager = manager.read();
    manager.allocated().filter(|(_, meta)| meta.name == name).map(|(id, _)| *id).collect()
}

/// Without a GPU, a board of more cells than are drawn one by one is one texture, kept while
/// the board and its analysis stay the same (a 1000x1000 board is 4 MB to build and upload) and
/// replaced when they change; zoomed in to fewer cells, it is drawn cell by cell and the texture
/// is dropped.
#[test]
fn a_big_board_without_a_gpu_keeps_its_texture_until_it_changes() {
    let mut harness = board_harness(mines_app("400x300/20000"));
    harness.run_settled();
    assert!(!harness.state_mut().panel_mut::<MinesPanel>().heatmap_on_gpu());
    let untouched = texture_ids(&harness, "mines-board");
    assert_eq!(untouched.len(), 1, "{untouched:?}");
    harness.run_settled();
    assert_eq!(texture_ids(&harness, "mines-board"), untouched);
    step_big_board(&mut harness);
    let analysed = texture_ids(&harness, "mines-board");
    assert_eq!(analysed.len(), 1, "{analysed:?}");
    assert_ne!(analysed, untouched, "the board changed");
    for _ in 0..3 {
        harness.run_settled();
        assert_eq!(texture_ids(&harness, "mines-board"), analysed);
    }
    // Zoomed in to fewer cells than that, the board is drawn cell by cell and the texture goes.
    for _ in 0..3 {
        wheel_at(&mut harness, eframe::egui::pos2(700.0, 400.0), 3.0);
    }
    assert!(harness.state_mut().panel_mut::<MinesPanel>().zoom().factor > 4.0);
    assert!(texture_ids(&harness, "mines-board").is_empty());
    harness.get_by_role_and_label(Role::Button, "Fit").click();
    harness.run_settled();
    assert_eq!(texture_ids(&harness, "mines-board").len(), 1);
}

#[test]
fn the_opened_window_starts_every_game_with_an_opening_revealed() {
    use curio::app::mines::window::MinesWindow;
    use curio::mines::{BoardConfig, Cell, FirstClickRule, GameStatus};
    let config = BoardConfig::parse_level("expert", FirstClickRule::Safe).expect("expert");
    let mut window = MinesWindow::with_opening(config, 5, None, true);
    let mut openings = Vec::new();
    for _ in 0..5 {
        let game = window.game();
        assert_eq!(game.status(), GameStatus::Playing);
        let revealed: Vec<usize> =
            (0..game.cells().len()).filter(|&cell| matches!(game.cells()[cell], Cell::Revealed(_))).collect();
        // The opening rule: the first click shows a 0, so an area opens (at least a 0 and its
        // three neighbours in a corner), never a lone number.
        assert!(revealed.len() >= 4, "{} cells open", revealed.len());
        assert!(revealed.iter().any(|&cell| game.cells()[cell] == Cell::Revealed(0)));
        openings.push(revealed);
        window.restart();
    }
    openings.dedup();
    assert_eq!(openings.len(), 5, "each game opens somewhere of its own");
    // Without --opened, a game starts covered.
    let plain = MinesWindow::new(config, 5, None);
    assert!(plain.game().cells().iter().all(|cell| *cell == Cell::Covered));
}
