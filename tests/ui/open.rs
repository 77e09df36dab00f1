//! Files opened by kind (`curio FILE`, the desktop's "Open with"): each kind in its panel, with
//! what the panel's own Open or Load button would have done, and a message naming the problem for
//! a file Curio does not open.

use curio::app::CurioApp;
use curio::app::ants::AntsPanel;
use curio::app::classics::ClassicsPanel;
use curio::app::go::GoPanel;
use curio::app::mines::MinesPanel;
use curio::app::puzlogic::PuzlogicPanel;
use curio::app::state::AppState;
use curio::app::tetris::TetrisPanel;
use curio::classics::Problem;
use curio::classics::codejam::CodeJamProblem;
use std::path::{Path, PathBuf};

fn fresh() -> CurioApp {
    CurioApp::with_state(AppState::default(), None)
}

/// Writes `text` to a file called `name` in `folder`.
fn file(folder: &Path, name: &str, text: &str) -> PathBuf {
    let path = folder.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn seed(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// Runs the panels' frames until `done` holds (a panel's background work has ended).
fn settle(app: &mut CurioApp, done: impl Fn(&mut CurioApp) -> bool) {
    let ctx = eframe::egui::Context::default();
    for _ in 0..1000 {
        app.update_logic(&ctx);
        if done(app) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the panel's work did not end");
}

#[test]
fn each_kind_opens_in_its_panel() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = fresh();

    let board = file(folder.path(), "board.txt", &seed("crates/mines/fuzz/seeds/mines-board/mines-isolated-region.txt"));
    assert_eq!(app.open(&board), Ok("a minesweeper board"));
    assert_eq!(app.panel(), "mines");
    let size = |app: &mut CurioApp| {
        let config = app.panel_mut::<MinesPanel>().game().config();
        (config.width, config.height)
    };
    settle(&mut app, |app| size(app) == (16, 8));
    let mines = app.panel_mut::<MinesPanel>();
    assert_eq!(mines.state.board_path, board.display().to_string());

    let record = file(folder.path(), "game.txt", &seed("crates/go/fuzz/seeds/go-record/g.txt"));
    assert_eq!(app.open(&record), Ok("a Go record"));
    assert_eq!(app.panel(), "go");
    assert_eq!(app.panel_mut::<GoPanel>().game.moves.len(), 3);

    let text = seed("crates/puzlogic/fuzz/seeds/puzlogic-puzzle/level-1.txt");
    let puzzle = file(folder.path(), "level.txt", &text);
    assert_eq!(app.open(&puzzle), Ok("a Puzlogic puzzle"));
    assert_eq!(app.panel(), "puzlogic");
    let puzlogic = app.panel_mut::<PuzlogicPanel>();
    assert_eq!(puzlogic.state.text, text);
    assert!(puzlogic.message.is_none(), "{:?}", puzlogic.message);

    let run = file(folder.path(), "run.json", &seed("crates/tetris/fuzz/seeds/tetris-run/run.json"));
    assert_eq!(app.open(&run), Ok("a Tetris run"));
    assert_eq!(app.panel(), "tetris");
    assert!(app.panel_mut::<TetrisPanel>().state.run.is_some(), "the run is loaded");

    let replay = file(folder.path(), "game.replay", &seed("tests/fixtures/ants/official/hunter-lefty.replay"));
    assert_eq!(app.open(&replay), Ok("an Ants replay"));
    assert_eq!(app.panel(), "ants");
    settle(&mut app, |app| app.panel_mut::<AntsPanel>().loaded().is_some());
    assert_eq!(app.panel_mut::<AntsPanel>().loaded().unwrap().timeline.last_turn(), 75);

    let weights = file(folder.path(), "w.json", &seed("crates/tetris/fuzz/seeds/tetris-weights/w.json"));
    app.show("star");
    assert_eq!(app.open(&weights), Ok("Tetris weights"));
    assert_eq!(app.panel(), "tetris");

    // A Code Jam input by its file name, as the contest named them, and by being the only
    // problem whose input it is.
    let stalls = "3\n4 2\n5 2\n1000 1\n";
    for name in ["bathroom_stalls-sample.in", "B-small.in"] {
        let mut app = fresh();
        let input = file(folder.path(), name, stalls);
        assert_eq!(app.open(&input), Ok("a Code Jam 2018 input"), "{name}");
        let classics = app.panel_mut::<ClassicsPanel>();
        assert_eq!(classics.state.problem, Problem::CodeJam(CodeJamProblem::BathroomStalls));
        let (problem, output) = classics.codejam.output.clone().expect("the input is solved");
        assert_eq!(problem, CodeJamProblem::BathroomStalls);
        assert_eq!(output.unwrap(), "Case #1: 1 0\nCase #2: 1 0\nCase #3: 500 499\n");
    }
}

#[test]
fn a_file_curio_does_not_open_is_named_with_the_problem() {
    let folder = tempfile::tempdir().unwrap();
    let mut app = fresh();
    let prose = file(folder.path(), "letter.txt", "Dear reader,\nthis is no board.\n");
    let error = app.open(&prose).unwrap_err();
    assert!(error.contains("letter.txt") && error.contains("none of the files Curio opens"), "{error}");
    assert!(error.contains("a minesweeper board") && error.contains("a Go record"), "{error}");
    assert_eq!(app.panel(), "star", "the panel shown stays");

    let binary = folder.path().join("image.png");
    std::fs::write(&binary, [0x89, b'P', b'N', b'G', 0xff, 0xfe]).unwrap();
    let error = app.open(&binary).unwrap_err();
    assert!(error.contains("it is not text"), "{error}");

    let error = app.open(&folder.path().join("missing.txt")).unwrap_err();
    assert!(error.contains("cannot open") && error.contains("missing.txt"), "{error}");

    // A Code Jam file name with an input of another problem is not taken for that problem.
    let wrong = file(folder.path(), "trouble_sort.in", "1\n4 2\n");
    assert!(app.open(&wrong).is_err());
}
