//! The Puzlogic panel: solutions counted and the search stepped through, the write-up's level 3
//! played by hand to "solved", a wrong placement flagged, a bad text named, and a snapshot.

use crate::common::{harness, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::puzlogic::{PuzlogicPanel, PuzlogicPanelState};
use curio::app::state::AppState;
use eframe::egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

fn puzlogic_app(state: PuzlogicPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<PuzlogicPanel>().with::<PuzlogicPanel>(&state), None)
}

#[test]
fn counting_proves_level_three_unique_and_the_search_steps() {
    let mut harness = harness(puzlogic_app(PuzlogicPanelState::default()));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Count solutions").click();
    harness.run_settled();
    harness.get_by_label_contains("one solution, proven unique");
    let panel = harness.state_mut().panel_mut::<PuzlogicPanel>();
    let (_, trace) = panel.solved.clone().expect("a trace");
    panel.step = trace.len();
    harness.run_settled();
}

#[test]
fn level_three_played_by_hand() {
    let mut harness = harness(puzlogic_app(PuzlogicPanelState::default()));
    harness.run_settled();
    let panel = harness.state_mut().panel_mut::<PuzlogicPanel>();
    // The solution's moves, each by picking the piece from the tray and clicking the cell.
    for (r, c, v) in [(0, 0, 4), (0, 2, 6), (1, 3, 5), (2, 4, 4), (3, 1, 5), (4, 4, 6)] {
        let index = panel.tray().iter().position(|&t| t == v).unwrap();
        panel.held = Some(index);
        panel.click_cell(r, c);
    }
    assert!(panel.tray().is_empty());
    harness.run_settled();
    harness.get_by_label("solved!");
    // A wrong placement is allowed and flagged: a 5 in row 0, which holds a given 5.
    let panel = harness.state_mut().panel_mut::<PuzlogicPanel>();
    panel.state.placed.clear();
    panel.held = panel.tray().iter().position(|&t| t == 5);
    panel.click_cell(0, 0);
    assert_eq!(panel.wrong(), vec![(0, 0, 5)]);
    // Clicking a placed piece takes it back to the tray.
    panel.click_cell(0, 0);
    assert!(panel.state.placed.is_empty() && panel.tray().len() == 6);
}

#[test]
fn a_bad_text_is_named() {
    let state = PuzlogicPanelState { text: "_ x\npieces: 1 2\n".into(), ..PuzlogicPanelState::default() };
    let mut harness = harness(puzlogic_app(state));
    harness.run_settled();
    harness.get_by_role_and_label(Role::Button, "Read text").click();
    harness.run_settled();
    harness.get_by_label_contains("line 1, column 3: 'x' is not");
}

#[test]
fn puzlogic_panel_snapshot() {
    snapshot_app("puzlogic_panel", [1000.0, 700.0], |_| puzlogic_app(PuzlogicPanelState::default()));
}

#[test]
fn the_game_window_plays_by_dragging_and_logs_what_it_shows_and_receives() {
    use curio::app::puzlogic::window::{PuzlogicWindow, SQUARE, Source, WINDOW};
    use curio::puzlogic::solver;
    use eframe::egui::{Event, Modifiers, PointerButton, Pos2, Vec2};
    let folder = tempfile::tempdir().unwrap();
    let log = folder.path().join("window.jsonl");
    let window = PuzlogicWindow::new(Source::Level(3), Some(log.clone())).unwrap();
    let mut harness = egui_kittest::Harness::builder()
        .with_size(WINDOW)
        .with_context_setup(curio::app::theme::install_fonts)
        .build_ui_state(|ui, window: &mut PuzlogicWindow| window.draw(ui), window);
    harness.run_settled();
    let drag = |harness: &mut egui_kittest::Harness<'_, PuzlogicWindow>, from: Pos2, to: Pos2| {
        harness.event(Event::PointerMoved(from));
        harness.event(Event::PointerButton { pos: from, button: PointerButton::Primary, pressed: true, modifiers: Modifiers::NONE });
        harness.step();
        harness.event(Event::PointerMoved(to));
        harness.step();
        harness.event(Event::PointerButton { pos: to, button: PointerButton::Primary, pressed: false, modifiers: Modifiers::NONE });
        harness.step();
    };
    let centre = |origin: Pos2| origin + Vec2::splat(SQUARE / 2.0);
    let solution = solver::solve(&harness.state().puzzle, 1).solutions.remove(0);
    // A piece dropped off the board goes back to the tray.
    let first = centre(harness.state().tray_origin(0));
    drag(&mut harness, first, Pos2::new(880.0, 20.0));
    assert!(harness.state().placed.is_empty());
    for &(r, c, v) in &solution {
        let index = harness.state().tray().iter().position(|&t| t == v).unwrap();
        let from = centre(harness.state().tray_origin(index));
        let to = centre(harness.state().cell_origin(r, c));
        drag(&mut harness, from, to);
    }
    assert!(harness.state().is_solved(), "{:?}", harness.state().placed);
    harness.run_settled();
    harness.get_by_label("Next").click();
    harness.run_settled();
    assert_eq!(harness.state().source(), Source::Level(4));
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&log).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["event"], "shown");
    assert_eq!(lines[0]["level"], 3);
    assert_eq!(lines[1]["event"], "returned");
    assert_eq!(lines.iter().filter(|l| l["event"] == "drop").count(), solution.len());
    assert!(lines.iter().any(|l| l["event"] == "solved"));
    assert_eq!(lines.last().unwrap()["level"], 4);
}

#[test]
fn the_bot_reads_the_game_window_as_the_window_shows_it() {
    use curio::app::puzlogic::window::{PuzlogicWindow, Source, WINDOW};
    use curio::bot::puzlogic::vision::{Digits, read};
    use curio::puzlogic::generator::Spec;
    let Some((renderer, _)) = crate::common::gpu_renderer() else { return };
    let digits = Digits::new();
    let mut renderer = Some(renderer);
    for (source, drops) in [
        (Source::Seed(Spec { rows: 9, cols: 9, pieces: 30, sums: true }, 11), 0),
        // A sum with a 0 in it (col 4 = 30).
        (Source::Seed(Spec { rows: 9, cols: 9, pieces: 30, sums: true }, 9), 0),
        (Source::Seed(Spec { rows: 6, cols: 6, pieces: 10, sums: true }, 3), 4),
        (Source::Level(30), 0),
    ] {
        let mut window = PuzlogicWindow::new(source, None).unwrap();
        // Some pieces on the board (the solution's first ones).
        let solution = curio::puzlogic::solver::solve(&window.puzzle, 1).solutions.remove(0);
        window.placed = solution[..drops].to_vec();
        let expected_placed = window.placed.clone();
        let expected = window.puzzle.clone();
        let mut harness = egui_kittest::Harness::builder()
            .with_size(WINDOW)
            .with_context_setup(curio::app::theme::install_fonts)
            .renderer(renderer.take().unwrap_or_else(|| crate::common::gpu_renderer().unwrap().0))
            .build_ui_state(|ui, window: &mut PuzlogicWindow| window.draw(ui), window);
        harness.run_settled();
        let image = harness.render().expect("the window renders");
        let (_, shown) = read(&image, &digits).unwrap_or_else(|error| panic!("{source:?}: {error}"));
        // The reading starts at the first row and column that hold a cell.
        let crop = |puzzle: &curio::puzlogic::Puzzle| {
            let first_row = (0..puzzle.rows).find(|&r| (0..puzzle.cols).any(|c| puzzle.cell(r, c) != curio::puzlogic::Cell::Hole)).unwrap();
            let first_col = (0..puzzle.cols).find(|&c| (0..puzzle.rows).any(|r| puzzle.cell(r, c) != curio::puzlogic::Cell::Hole)).unwrap();
            (first_row, first_col)
        };
        let (dr, dc) = crop(&expected);
        for r in 0..shown.puzzle.rows {
            for c in 0..shown.puzzle.cols {
                assert_eq!(shown.puzzle.cell(r, c), expected.cell(r + dr, c + dc), "{source:?}: cell ({}, {})", r + dr, c + dc);
            }
        }
        assert_eq!(shown.puzzle.pieces, expected.pieces, "{source:?}");
        let mut sums: Vec<(String, u32)> = expected
            .sums
            .iter()
            .map(|s| match s.line {
                curio::puzlogic::Line::Row(r) => (format!("row {}", r - dr), s.target),
                curio::puzlogic::Line::Col(c) => (format!("col {}", c - dc), s.target),
            })
            .collect();
        let mut read_sums: Vec<(String, u32)> = shown
            .puzzle
            .sums
            .iter()
            .map(|s| match s.line {
                curio::puzlogic::Line::Row(r) => (format!("row {r}"), s.target),
                curio::puzlogic::Line::Col(c) => (format!("col {c}"), s.target),
            })
            .collect();
        sums.sort();
        read_sums.sort();
        assert_eq!(read_sums, sums, "{source:?}");
        let placed: Vec<_> = expected_placed.iter().map(|&(r, c, v)| (r - dr, c - dc, v)).collect();
        let mut placed_sorted = placed.clone();
        placed_sorted.sort_unstable();
        assert_eq!(shown.placed, placed_sorted, "{source:?}");
        assert_eq!(shown.tray.len(), expected.pieces.len() - drops);
    }
}

#[test]
fn the_bot_pane_offers_puzlogic() {
    use curio::app::bot::{BotPanel, BotPanelState};
    use curio::bot::TargetKind;
    let state = BotPanelState { game: "puzlogic".into(), ..BotPanelState::default() };
    assert_eq!(state.kind(), Some(TargetKind::Program(&curio::bot::puzlogic::BUILTIN)));
    let app = CurioApp::with_state(AppState::showing::<BotPanel>().with::<BotPanel>(&BotPanelState::default()), None);
    let mut harness = crate::common::harness(app);
    harness.run_settled();
    // The catalogue lists a "Puzlogic" panel too; the pane's choice comes after it.
    harness.get_all_by_label("Puzlogic").last().expect("the pane's game choice").click();
    harness.run_settled();
    assert_eq!(harness.state().panel(), "bot");
    assert_eq!(harness.state_mut().panel_mut::<BotPanel>().state.game, "puzlogic");
}
