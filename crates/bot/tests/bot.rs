//! The bot without a display: its vision on stored screenshots of the built-in window and GNOME
//! Mines (tests/fixtures/bot, each with the board read by eye in a .txt beside it), on boards
//! drawn at several cell sizes and colours, and its whole loop on a simulated target.

use bot::mines::synthetic::{
    Look, SimulatedInput, SimulatedScreen, Simulation, draw, quick_settings, simulated_bot,
};
use bot::{
    Bot, BotSettings, CellRead, MinesGame, TargetKind, Theme, calibrate, cell_changed, check_reads,
    consistent, read,
};
use mines::{BoardConfig, Cell, FirstClickRule, Game};
use std::path::Path;

#[test]
fn stored_screenshots_read_as_the_eye_reads_them() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bot");
    let mut checked = 0;
    for entry in std::fs::read_dir(&folder).expect("fixtures") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|extension| extension != "png") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let theme = if name.starts_with("gnome") { Theme::Tinted } else { Theme::Classic };
        let image = image::open(&path).expect("png").to_rgba8();
        let calibration = calibrate(&image, theme).unwrap_or_else(|error| panic!("{name}: {error}"));
        let board = read(&image, &calibration);
        let expected = std::fs::read_to_string(path.with_extension("txt")).expect("truth");
        assert_eq!(board.to_text().trim(), expected.trim(), "{name}");
        checked += 1;
    }
    assert!(checked >= 6, "{checked} fixtures");
}

/// A game with a few cells opened and one flagged, for drawing.
fn game_in_progress(width: usize, height: usize, mines: usize, seed: u64) -> Game {
    let config = BoardConfig::new(width, height, mines, FirstClickRule::Opening).expect("config");
    let mut game = Game::new(config, seed);
    game.reveal(height / 2, width / 2).expect("reveal");
    let mut flagged = false;
    for index in 0..width * height {
        let (row, column) = (index / width, index % width);
        if game.cell(row, column) == Cell::Covered
            && game.mine_layout().is_some_and(|layout| layout[index])
            && !flagged
        {
            game.toggle_flag(row, column).expect("flag");
            flagged = true;
        }
    }
    game
}

fn expected_text(game: &Game) -> String {
    let width = game.config().width;
    game.cells()
        .chunks(width)
        .map(|row| {
            row.iter()
                .map(|cell| match cell {
                    Cell::Covered => '#',
                    Cell::Flagged => 'F',
                    Cell::Revealed(0) => '.',
                    Cell::Revealed(n) => char::from(b'0' + n),
                    Cell::Exploded => 'X',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn boards_drawn_at_other_sizes_and_colours_are_found_and_read() {
    let looks = [
        Look::classic(12),
        Look::classic(17),
        Look::classic(24),
        Look::classic(33),
        Look::classic(40),
        Look {
            covered: [150, 170, 200],
            revealed: [235, 240, 250],
            window: [60, 60, 70],
            ..Look::classic(20)
        },
        Look {
            covered: [170, 200, 150],
            revealed: [245, 245, 235],
            window: [250, 250, 250],
            gap: 3,
            ..Look::classic(28)
        },
        Look {
            covered: [120, 120, 120],
            revealed: [200, 200, 200],
            window: [40, 40, 40],
            gap: 2,
            ..Look::classic(15)
        },
        // Tiles fitted to a window: the first ten a pixel wider (GNOME Mines at 30x16).
        Look {
            covered: [186, 189, 182],
            revealed: [222, 250, 195],
            window: [246, 245, 244],
            gap: 3,
            wider: 10,
            ..Look::classic(26)
        },
        Look { wider: 5, ..Look::classic(21) },
    ];
    for (index, look) in looks.iter().enumerate() {
        for (width, height, mines) in [(9, 9, 10), (16, 16, 40), (30, 16, 99)] {
            let game = game_in_progress(width, height, mines, 11 + index as u64);
            let image = draw(&game, look);
            // Calibrate on a new game, as the bot does, then read the game in progress.
            let fresh = draw(&Game::new(game.config(), 1), look);
            let calibration = calibrate(&fresh, Theme::Classic)
                .unwrap_or_else(|error| panic!("look {index} ({} px) {width}x{height}: {error}", look.cell));
            assert_eq!(
                (calibration.columns, calibration.rows),
                (width, height),
                "look {index} ({} px)",
                look.cell
            );
            let mean_pitch = f64::from(look.cell) + f64::from(look.wider.min(width as u32)) / width as f64;
            assert!(
                (calibration.pitch[0] - mean_pitch).abs() < 0.5,
                "look {index}: pitch {:?}",
                calibration.pitch
            );
            let board = read(&image, &calibration);
            assert_eq!(
                board.to_text(),
                expected_text(&game),
                "look {index} ({} px) {width}x{height}",
                look.cell
            );
        }
    }
}

#[test]
fn reads_that_cannot_follow_are_rejected() {
    let image = draw(&game_in_progress(9, 9, 10, 3), &Look::default());
    let calibration = calibrate(&image, Theme::Classic).expect("board");
    let before = read(&image, &calibration);
    assert!(consistent(None, &before).is_ok());
    assert!(consistent(Some(&before), &before).is_ok());
    let mut changed = before.clone();
    let number = changed.cells.iter().position(|cell| matches!(cell, CellRead::Number(_))).expect("a number");
    changed.cells[number] = CellRead::Covered;
    assert!(consistent(Some(&before), &changed).is_err());
    let mut unknown = before.clone();
    unknown.cells[0] = CellRead::Unknown;
    assert!(consistent(None, &unknown).is_err());
}

/// The bot waits for each click to show: a cell opened to a blank on a classic board (the same
/// grey, only its bevel gone) and a flag count as changes; an untouched cell does not.
#[test]
fn a_click_shows_as_a_changed_cell() {
    let config = BoardConfig::new(9, 9, 1, FirstClickRule::Opening).expect("config");
    let look = Look { revealed: Look::default().covered, ..Look::default() };
    let mut game = Game::new(config, 3);
    let before = draw(&game, &look);
    let calibration = calibrate(&before, Theme::Classic).expect("calibrated");
    game.reveal(4, 4).expect("reveal");
    assert_eq!(game.cell(4, 4), Cell::Revealed(0));
    let mine = game.mine_layout().expect("mines laid").iter().position(|&m| m).expect("one mine");
    let opened = draw(&game, &look);
    assert!(cell_changed(&before, &opened, &calibration, 4, 4));
    assert!(!cell_changed(&before, &opened, &calibration, mine / 9, mine % 9));
    assert!(!cell_changed(&opened, &opened, &calibration, 4, 4));
    let mut fresh = Game::new(config, 3);
    fresh.toggle_flag(0, 0).expect("flag");
    assert!(cell_changed(&before, &draw(&fresh, &look), &calibration, 0, 0));
}

#[test]
fn the_whole_loop_wins_simulated_games_and_clicks_only_inside_the_board() {
    plays_simulated_games(false, 0);
}

/// A target that resolves clicks once a frame where the pointer is then (as egui does) loses
/// every click the pointer leaves before the frame: the bot holds still until each shows. Its
/// picture trails the game (a slow renderer), so a finished game stays on screen a while after
/// the face is clicked: that is not a new game to count.
#[test]
fn clicks_wait_for_a_frame_batching_target_to_take_them() {
    let moved = plays_simulated_games(true, 3);
    assert_eq!(moved, 0, "clicks resolved away from where they were made");
}

/// Plays eight beginner games on a simulated target (its clicks taken a frame late or at once,
/// its picture `frame_lag` captures behind), checks the games, the clicks and the reads, and
/// returns how many clicks the target resolved away from where the bot made them.
fn plays_simulated_games(frame_batched: bool, frame_lag: usize) -> usize {
    let config = BoardConfig::new(9, 9, 10, FirstClickRule::Safe).expect("config");
    let simulation = Simulation::new(Game::new(config, 1), Look::default());
    simulation.borrow_mut().frame_batched = frame_batched;
    simulation.borrow_mut().frame_lag = frame_lag;
    let window = simulation.borrow().window.clone();
    let mut bot = simulated_bot(&simulation, quick_settings(8), &bot::mines::BUILTIN);
    // A bot whose clicks are lost would wait forever: stop it after far more statuses than
    // eight games take.
    let mut statuses = 0;
    let mut live_rate: f64 = 0.0;
    let (report, log) = bot.play(&mut |status: &bot::BotStatus<MinesGame>| {
        statuses += 1;
        live_rate = live_rate.max(status.report.moves_per_second);
        if statuses > 5_000 { std::ops::ControlFlow::Break(()) } else { std::ops::ControlFlow::Continue(()) }
    });
    assert_eq!(report.stopped, None);
    assert_eq!(report.games, 8);
    assert!(report.wins >= 4, "{report:?}");
    assert_eq!(report.outside_clicks, 0);
    // The statuses carry the rate as the games go (the pane shows it live).
    assert!(live_rate > 0.0, "no live moves/s");
    // The games and wins counted are the target's.
    let finished = &simulation.borrow().finished;
    assert_eq!(finished.len(), 8, "{report:?}");
    assert_eq!(finished.iter().filter(|(_, won, _)| *won).count(), report.wins);
    // Every cell click lies on the board; the other clicks are the face, in the bar above it.
    let simulation = simulation.borrow();
    let look = simulation.look;
    let board = (
        window.x + look.margin.0 as i32,
        window.y + look.margin.1 as i32,
        window.x + look.margin.0 as i32 + 9 * look.cell as i32,
        window.y + look.margin.1 as i32 + 9 * look.cell as i32,
    );
    for &(x, y, _) in &simulation.clicks {
        let on_board = x > board.0 && x < board.2 && y > board.1 && y < board.3;
        let on_bar = y < board.1 && y > window.y;
        assert!(on_board || on_bar, "click at ({x}, {y}) outside the board {board:?}");
    }
    // Every read agrees with the simulated games' mines.
    let truth: Vec<serde_json::Value> = simulation
        .finished
        .iter()
        .map(|(_, _, layout)| {
            let mines: Vec<[usize; 2]> =
                layout.iter().enumerate().filter(|(_, m)| **m).map(|(i, _)| [i / 9, i % 9]).collect();
            serde_json::json!({ "width": 9, "height": 9, "mines": mines })
        })
        .collect();
    let (checked, wrong) = check_reads(&log, &truth);
    assert!(checked > 20);
    assert_eq!(wrong, 0);
    simulation.moved_clicks
}

#[test]
fn a_mine_count_that_does_not_fit_the_board_stops_with_a_clear_reason() {
    let config = BoardConfig::new(9, 9, 10, FirstClickRule::Safe).expect("config");
    for mines in [0, 81] {
        let simulation = Simulation::new(Game::new(config, 1), Look::default());
        let window = simulation.borrow().window.clone();
        let settings = BotSettings { mines: Some(mines), ..BotSettings::default() };
        let mut bot = Bot::mines(
            SimulatedScreen(simulation.clone()),
            SimulatedInput(simulation.clone()),
            settings,
            TargetKind::Program(&bot::mines::BUILTIN),
            window,
        );
        let (report, _) = bot.play(&mut |_: &bot::BotStatus<MinesGame>| std::ops::ControlFlow::Continue(()));
        let reason = report.stopped.expect("stopped");
        assert!(reason.contains(&format!("{mines} mines do not fit the 9x9 board")), "{reason}");
        assert!(simulation.borrow().clicks.is_empty(), "clicked with a wrong mine count");
    }
}

/// A bot on a simulated target of `look` whose window is at `place`.
fn bot_on(
    look: Look,
    place: (i32, i32),
    games: usize,
) -> (std::rc::Rc<std::cell::RefCell<Simulation>>, bot::mines::synthetic::SimulatedBot) {
    let config = BoardConfig::new(9, 9, 10, FirstClickRule::Safe).expect("config");
    let simulation = Simulation::new(Game::new(config, 3), look);
    simulation.borrow_mut().window.x = place.0;
    simulation.borrow_mut().window.y = place.1;
    let window = simulation.borrow().window.clone();
    let settings = BotSettings {
        games,
        max_moves_per_second: 1.0e6,
        settle_timeout: std::time::Duration::from_millis(20),
        ..BotSettings::default()
    };
    let bot = Bot::mines(
        SimulatedScreen(simulation.clone()),
        SimulatedInput(simulation.clone()),
        settings,
        TargetKind::Program(&bot::mines::BUILTIN),
        window,
    );
    (simulation, bot)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 10, ..Default::default() })]

    /// Wherever the window is and however its board is drawn (cell size, gaps, margins), no
    /// press lands outside the board (a fifth of a cell in) or the bar above it inside the
    /// window (the face).
    #[test]
    fn no_press_outside_the_fence_for_any_window_placement_or_calibration(
        x in 0i32..2400, y in 0i32..1400, cell in 12u32..40, gap in 0u32..3, left in 4u32..60, top in 30u32..90, wider in 0u32..4,
    ) {
        let look = Look { cell, gap, margin: (left, top), wider, ..Look::default() };
        let (simulation, mut bot) = bot_on(look, (x, y), 1);
        let mut statuses = 0;
        let (report, _) = bot.play(&mut |_: &bot::BotStatus<MinesGame>| {
            statuses += 1;
            if statuses > 2_000 { std::ops::ControlFlow::Break(()) } else { std::ops::ControlFlow::Continue(()) }
        });
        // A press the fence refused is counted and stops the bot, and is never made.
        proptest::prop_assert!(report.outside_clicks == 0 || report.stopped.is_some());
        let simulation = simulation.borrow();
        let (left, top) = (x + left as i32, y + top as i32);
        let (right, bottom) = (left + look.offset(9) as i32, top + look.offset(9) as i32);
        let margin = cell as f64 * 0.2 - 1.0;
        for &(cx, cy, _) in &simulation.clicks {
            let on_board = f64::from(cx) >= f64::from(left) + margin && f64::from(cx) <= f64::from(right) - margin
                && f64::from(cy) >= f64::from(top) + margin && f64::from(cy) <= f64::from(bottom) - margin;
            let on_bar = cy < top && cy > y && cx > x && cx < x + simulation.window.width as i32 && cy < y + simulation.window.height as i32;
            proptest::prop_assert!(on_board || on_bar, "press at ({}, {}) outside the board ({}, {})-({}, {})", cx, cy, left, top, right, bottom);
        }
    }
}

#[test]
fn a_window_moved_mid_game_stops_the_bot_before_its_next_press() {
    for after in [1, 3, 6] {
        let (simulation, mut bot) = bot_on(Look::default(), (100, 80), 3);
        simulation.borrow_mut().move_window_after = Some(after);
        let (report, _) = bot.play(&mut |_: &bot::BotStatus<MinesGame>| std::ops::ControlFlow::Continue(()));
        let reason = report.stopped.expect("the bot stopped");
        assert!(reason.contains("moved"), "{reason}");
        assert_eq!(simulation.borrow().clicks.len(), after, "a press after the window moved: {reason}");
    }
}

/// A number with one mine the solver is sure of and four cells it found safe around it: the
/// bot flags the mine and clicks the number once (two clicks for four cells); a batch with a
/// guess is played as it is.
#[test]
fn a_chord_flags_a_numbers_mines_and_clicks_the_number() {
    use bot::mines::vision::BoardRead;
    use bot::mines::{PressKind, chord};
    use mines::{Action as MinesAction, Move, MoveRule, Reason};
    let cells = "####1.#..".chars().map(|symbol| match symbol {
        '#' => CellRead::Covered,
        '.' => CellRead::Number(0),
        digit => CellRead::Number(digit.to_digit(10).unwrap() as u8),
    });
    let board = BoardRead { columns: 3, rows: 3, cells: cells.collect() };
    let reason =
        |rule| Reason { rule, probability: 0.0, component_size: 5, exact: true, win_probability: None };
    let reveal = |index: usize, rule| Move {
        row: index / 3,
        column: index % 3,
        action: MinesAction::Reveal,
        reason: reason(rule),
    };
    // The mine at (0, 0); the others around the 1 safe.
    let mut probabilities = vec![None; 9];
    probabilities[0] = Some(1.0);
    let safe = [1, 2, 3, 6];
    for index in safe {
        probabilities[index] = Some(0.0);
    }
    let moves: Vec<Move> = safe.iter().map(|&index| reveal(index, MoveRule::Enumeration)).collect();
    let presses = chord(&board, &moves, &probabilities);
    let kinds: Vec<(usize, usize, PressKind)> =
        presses.iter().map(|press| (press.row, press.column, press.kind)).collect();
    assert_eq!(kinds, vec![(0, 0, PressKind::PlaceFlag), (1, 1, PressKind::Chord { opens: 4 })]);
    let with_guess = [reveal(1, MoveRule::Guess), reveal(2, MoveRule::Enumeration)];
    assert!(chord(&board, &with_guess, &probabilities).iter().all(|press| press.kind == PressKind::Reveal));
}

/// The whole loop with chording on a simulated target (which chords as the built-in window
/// does): the same games won as without it, with fewer clicks, every read right.
#[test]
fn chording_wins_the_same_games_with_fewer_clicks() {
    let run = |chord: bool| {
        let config = BoardConfig::new(16, 16, 40, FirstClickRule::Safe).expect("config");
        let simulation = Simulation::new(Game::new(config, 11), Look::default());
        let mut bot =
            simulated_bot(&simulation, BotSettings { chord, ..quick_settings(4) }, &bot::mines::BUILTIN);
        let (report, _) = bot.play(&mut |_: &bot::BotStatus<MinesGame>| std::ops::ControlFlow::Continue(()));
        assert_eq!(report.stopped, None);
        let simulation = simulation.borrow();
        let wins: Vec<bool> = simulation.finished.iter().map(|(_, won, _)| *won).collect();
        let right_clicks =
            simulation.clicks.iter().filter(|(_, _, button)| *button == bot::MouseButton::Right).count();
        (wins, simulation.clicks.len(), right_clicks)
    };
    let (plain_wins, plain_clicks, plain_flags) = run(false);
    let (chord_wins, chord_clicks, chord_flags) = run(true);
    assert_eq!(plain_flags, 0);
    assert!(chord_flags > 0, "no flag placed for a chord");
    assert_eq!(chord_wins, plain_wins);
    assert!(chord_clicks < plain_clicks, "{chord_clicks} clicks chording, {plain_clicks} without");
}
