//! Minesweeper as a [`ScreenGame`]: the grid found by [`vision`], cells read by colour, moves
//! chosen by the minesweeper solver's [`Policy`], reveals clicked with the left button; its
//! targets ([`GAME`]): the built-in window (`curio mines window`) and GNOME Mines.

pub mod annotate;
pub mod learned;
pub mod skin;
pub mod synthetic;
pub mod vision;

use self::vision::{BoardRead, Calibration, CellRead, Theme, VisionError};
use crate::facet::{BotGame, Mark, Playable, Sketch, TruthCheck, Words};
use crate::game::{Action, Decision, ScreenGame};
use crate::input::{InputSink, MouseButton};
use crate::player::{Bot, BotSettings, BotStatus, ReadLog, StopReason};
use crate::screen::{ScreenSource, WindowInfo};
use crate::session::{SessionOutcome, SessionRequest};
use crate::targets::{self, Executable, LaunchCommand, LaunchRequest, Level, Program, TargetKind};

/// Minesweeper as the bot plays it.
pub const GAME: BotGame = BotGame {
    name: "mines",
    title: "Minesweeper",
    programs: &[BUILTIN, BUILTIN_OPENED, BUILTIN_SKINNED, GNOME_MINES],
    words: Words::PLAIN,
    run: crate::facet::run::<MinesGame>,
    check,
    reference_players: false,
};

/// `curio mines window`: the built-in window, which logs each finished game.
pub const BUILTIN: Program = Program {
    name: "builtin",
    label: "built-in window",
    title: "Curio Minesweeper",
    command: builtin_command,
    opens_dialogs: false,
    start_click: None,
    logs_truth: true,
};

/// The built-in window with every game starting with an opening revealed (`--opened`): the bot
/// calibrates and plays from a board in progress.
pub const BUILTIN_OPENED: Program = Program {
    name: "builtin-opened",
    label: "built-in window, games opened",
    title: "Curio Minesweeper",
    command: builtin_opened_command,
    opens_dialogs: false,
    start_click: None,
    logs_truth: true,
};

/// The built-in window in a skin generated from the launch's seed (`--skin SEED`: cell size,
/// styles, colours, font, where the counter and the face sit, whether games start opened): the
/// bot learns the skin on the spot.
pub const BUILTIN_SKINNED: Program = Program {
    name: "builtin-skinned",
    label: "built-in window, generated skin",
    title: "Curio Minesweeper",
    command: builtin_skinned_command,
    opens_dialogs: false,
    start_click: None,
    logs_truth: true,
};

fn builtin_skinned_command(request: &LaunchRequest) -> LaunchCommand {
    let mut command = builtin_command(request);
    command.arguments.extend(["--skin".into(), request.seed.to_string()]);
    command
}

fn builtin_opened_command(request: &LaunchRequest) -> LaunchCommand {
    let mut command = builtin_command(request);
    command.arguments.push("--opened".into());
    command
}

/// GNOME Mines, with settings of its own, in a session bus of its own.
pub const GNOME_MINES: Program = Program {
    name: "gnome-mines",
    label: "GNOME Mines",
    title: "Mines",
    command: gnome_command,
    opens_dialogs: true,
    start_click: Some(gnome_level_button),
    logs_truth: false,
};

fn builtin_command(request: &LaunchRequest) -> LaunchCommand {
    let mut arguments: Vec<String> =
        vec!["mines".into(), "window".into(), "--level".into(), request.level.name().into()];
    arguments.extend(["--seed".into(), request.seed.to_string()]);
    if let Some(log) = &request.log {
        arguments.extend(["--log".into(), log.display().to_string()]);
    }
    LaunchCommand::new(Executable::Curio, arguments)
}

/// GNOME Mines' settings for a launch, in a folder of their own (GLib's keyfile backend): the
/// player's settings are neither read nor changed, the window is large enough for the size
/// asked for (GNOME Mines keeps its window size and would cut a 30x16 board off), and tiles
/// open without animation (as a player may set it), so no capture catches one half drawn.
fn gnome_command(request: &LaunchRequest) -> LaunchCommand {
    let (width, height) = match request.level {
        Level::Beginner | Level::Intermediate => (600, 480),
        Level::Expert => (1000, 700),
    };
    LaunchCommand {
        settings: vec![(
            "glib-2.0/settings/keyfile".into(),
            format!(
                "[org/gnome/Mines]\nwindow-width={width}\nwindow-height={height}\nuse-animations=false\n"
            ),
        )],
        settings_variables: vec!["XDG_CONFIG_HOME"],
        environment: vec![("GSETTINGS_BACKEND", "keyfile".into())],
        session_bus: true,
        ..LaunchCommand::new(
            Executable::Installed(&["/usr/games/gnome-mines", "/usr/bin/gnome-mines", "gnome-mines"]),
            Vec::new(),
        )
    }
}

/// For GNOME Mines' size chooser: where the button of `level` is, in window pixels (the four
/// buttons sit in a 2x2 grid centred under the header bar).
pub fn gnome_level_button(window: &WindowInfo, level: Level) -> [f64; 2] {
    let (width, height) = (f64::from(window.width), f64::from(window.height));
    let header = 50.0;
    let center = (width / 2.0, header + (height - header) / 2.0);
    let step = 102.0;
    match level {
        Level::Beginner => [center.0 - step, center.1 - step],
        Level::Intermediate => [center.0 + step, center.1 - step],
        Level::Expert => [center.0 - step, center.1 + step],
    }
}

/// Checks the reads against the built-in window's log (see [`check_reads`]), and plays the
/// logged games with the solver alone: the wins a perfect reader would have had.
fn check(outcome: &SessionOutcome, truth: &[serde_json::Value]) -> TruthCheck {
    let (checked, wrong) = check_reads(&outcome.log, truth);
    let logged_wins = truth.iter().filter(|line| line["result"] == "won").count();
    TruthCheck {
        checked,
        misreads: wrong,
        findings: vec![
            ("solver_wins_same_games", solver_wins_on(truth).into()),
            ("target_logged_games", truth.len().into()),
            ("target_logged_wins", logged_wins.into()),
        ],
    }
}

/// How many of the logged games the solver wins when it plays them itself (same board, rule
/// and seed, no screen).
pub fn solver_wins_on(lines: &[serde_json::Value]) -> usize {
    use ::mines::{BoardConfig, FirstClickRule, play_game};
    lines
        .iter()
        .filter(|line| {
            let number = |key: &str| line[key].as_u64().unwrap_or(0) as usize;
            let mines = line["mines"].as_array().map_or(0, Vec::len);
            let rule = FirstClickRule::ALL
                .into_iter()
                .find(|rule| Some(rule.name()) == line["rule"].as_str())
                .unwrap_or_default();
            let seed = line["seed"].as_u64().unwrap_or(0);
            let Ok(config) = BoardConfig::new(number("width"), number("height"), mines, rule) else {
                return false;
            };
            if line["opened"].as_bool() == Some(true) {
                return solver_wins_opened(config, seed);
            }
            play_game(config, seed, &Policy::default()).is_ok_and(|record| record.won)
        })
        .count()
}

/// Whether the solver wins the game the window opened itself (see [`skin::opened_game`]),
/// playing on from its opening.
pub fn solver_wins_opened(config: ::mines::BoardConfig, seed: u64) -> bool {
    use ::mines::GameStatus;
    let mut game = skin::opened_game(config, seed, true);
    let policy = Policy::default();
    while game.status() == GameStatus::Playing {
        let Ok(moves) = policy.next_moves(&game.view(), FirstClickRule::Safe) else { return false };
        for chosen in moves {
            if chosen.action == MinesAction::Reveal {
                let _ = game.reveal(chosen.row, chosen.column);
            }
            if game.status() != GameStatus::Playing {
                break;
            }
        }
    }
    game.status() == GameStatus::Won
}

impl Playable for MinesGame {
    /// The game as the target draws it, with the mine count set (else the standard one).
    fn for_session(request: &SessionRequest) -> MinesGame {
        MinesGame {
            chords: request.settings.chord,
            ..MinesGame::new(&request.launch.kind, request.settings.mines)
        }
    }

    /// The grid and every cell's reading drawn in; each covered cell's chance of a mine; the
    /// cells chosen.
    fn sketch(image: &image::RgbaImage, status: &BotStatus<MinesGame>) -> Sketch {
        let (Some(calibration), Some(board)) = (&status.calibration, &status.board) else {
            return Sketch::default();
        };
        let mut marks = Vec::new();
        for (index, probability) in status.probabilities.iter().enumerate() {
            if let (Some(chance), Some(CellRead::Covered)) = (probability, board.cells.get(index)) {
                let at = calibration.cell_center(index / board.columns, index % board.columns);
                marks.push(Mark::Chance { at, chance: *chance });
            }
        }
        for chosen in &status.moves {
            marks.push(Mark::Chosen { at: calibration.cell_center(chosen.row, chosen.column) });
        }
        Sketch {
            annotated: Some(annotate::annotate(image, calibration, board)),
            marks,
            pitch: calibration.pitch[0],
        }
    }
}
use ::mines::{Action as MinesAction, Cell, FirstClickRule, Move, Policy, solver::BoardView};
use image::RgbaImage;

/// What a press does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PressKind {
    /// Open a covered cell (a left click).
    Reveal,
    /// A mine the solver keeps to itself: no input.
    Flag,
    /// Flag a mine on the board (a right click), for a chord next to it.
    PlaceFlag,
    /// Click a number whose mines are all flagged: the target opens its other neighbours (a
    /// left click on the revealed number), `opens` of them.
    Chord {
        /// Covered cells it opens.
        opens: usize,
    },
}

/// A move as the bot makes it: a solver's move, or a press that serves a chord.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Press {
    /// The cell's row.
    pub row: usize,
    /// The cell's column.
    pub column: usize,
    /// What it does.
    pub kind: PressKind,
    /// Why (for a chord, the reason of one of the cells it opens).
    pub reason: ::mines::Reason,
}

impl Press {
    /// The solver's move as it is: a reveal, or a flag kept to itself.
    pub fn solver(chosen: Move) -> Press {
        let kind = if chosen.action == MinesAction::Reveal { PressKind::Reveal } else { PressKind::Flag };
        Press { row: chosen.row, column: chosen.column, kind, reason: chosen.reason }
    }

    /// Covered cells it opens.
    pub fn opens(&self) -> usize {
        match self.kind {
            PressKind::Reveal => 1,
            PressKind::Chord { opens } => opens,
            PressKind::Flag | PressKind::PlaceFlag => 0,
        }
    }
}

/// The solver's certain moves made with fewer clicks, as speed players make them: where a
/// number's covered neighbours are all known (mines the solver found, cells it found safe), its
/// mines are flagged (right clicks) and the number clicked once, which opens the others; a
/// chord is taken when it saves clicks (its safe cells outnumber the flags it still needs plus
/// one), the best first. A batch with a guess is played as it is.
/// `probabilities` are the solver's chances of a mine per cell: a 1 is a mine it is sure of.
pub fn chord(reading: &BoardRead, moves: &[Move], probabilities: &[Option<f64>]) -> Vec<Press> {
    let (columns, rows) = (reading.columns, reading.rows);
    if moves.iter().any(|chosen| !chosen.reason.rule.is_certain()) {
        return moves.iter().copied().map(Press::solver).collect();
    }
    let mut safe: Vec<Option<Move>> = vec![None; columns * rows];
    let mut mine: Vec<bool> = (0..columns * rows)
        .map(|index| probabilities.get(index).copied().flatten().is_some_and(|chance| chance >= 1.0))
        .collect();
    for chosen in moves {
        let index = chosen.row * columns + chosen.column;
        match chosen.action {
            MinesAction::Reveal => safe[index] = Some(*chosen),
            MinesAction::Flag => mine[index] = true,
        }
    }
    let mut flagged: Vec<bool> = reading.cells.iter().map(|cell| *cell == CellRead::Flag).collect();
    let mut presses = Vec::new();
    loop {
        // The number whose chord saves the most clicks now.
        let mut best: Option<(usize, usize, Vec<usize>, Vec<usize>)> = None;
        for (index, cell) in reading.cells.iter().enumerate() {
            let CellRead::Number(number) = *cell else { continue };
            if number == 0 {
                continue;
            }
            let around: Vec<usize> = ::mines::board::neighbours(columns, rows, index)
                .filter(|&n| matches!(reading.cells[n], CellRead::Covered | CellRead::Flag))
                .collect();
            let opened: Vec<usize> = around.iter().copied().filter(|&n| safe[n].is_some()).collect();
            let known = around.iter().all(|&n| safe[n].is_some() || mine[n] || flagged[n]);
            let mines = around.iter().filter(|&&n| mine[n] || flagged[n]).count();
            if opened.is_empty() || !known || mines != usize::from(number) {
                continue;
            }
            let to_flag: Vec<usize> = around.iter().copied().filter(|&n| mine[n] && !flagged[n]).collect();
            let saved = opened.len().saturating_sub(to_flag.len() + 1);
            if saved > 0 && best.as_ref().is_none_or(|(most, ..)| saved > *most) {
                best = Some((saved, index, to_flag, opened));
            }
        }
        let Some((_, number, to_flag, opened)) = best else { break };
        for index in to_flag {
            flagged[index] = true;
            // A mine the solver is sure of.
            let reason = ::mines::Reason {
                rule: ::mines::MoveRule::Enumeration,
                probability: 1.0,
                component_size: 0,
                exact: true,
                win_probability: None,
            };
            presses.push(Press {
                row: index / columns,
                column: index % columns,
                kind: PressKind::PlaceFlag,
                reason,
            });
        }
        let reason =
            opened.first().and_then(|&index| safe[index]).map_or(moves[0].reason, |chosen| chosen.reason);
        for &index in &opened {
            safe[index] = None;
        }
        presses.push(Press {
            row: number / columns,
            column: number % columns,
            kind: PressKind::Chord { opens: opened.len() },
            reason,
        });
    }
    presses.extend(safe.into_iter().flatten().map(Press::solver));
    presses
}

/// Minesweeper on a target's screen.
#[derive(Clone, Debug)]
pub struct MinesGame {
    /// How the target draws its cells.
    pub theme: Theme,
    /// The target's first-click rule (the solver's first move depends on it).
    pub rule: FirstClickRule,
    /// Mines on the board as set; `None` takes the standard count of the size found.
    pub mines_setting: Option<usize>,
    /// Mines on the board of the game being played.
    mines: usize,
    policy: Policy,
    /// Whether the target chords (a click on a number whose mines are flagged opens its other
    /// neighbours), and the bot chords where that saves clicks.
    pub chords: bool,
    /// What the bot has learned of the skin (learned theme), kept from read to read and game
    /// to game.
    learned: std::sync::Arc<std::sync::Mutex<learned::LearnedSkin>>,
}

impl MinesGame {
    /// The game as `kind` draws it, with `mines` mines (`None`: the standard count of the size
    /// found).
    pub fn new(kind: &TargetKind, mines: Option<usize>) -> MinesGame {
        // GNOME Mines opens a region with its first click, and tints its numbers.
        let (rule, theme) = if kind.program() == Some(&GNOME_MINES) {
            (FirstClickRule::Opening, Theme::Tinted)
        } else if kind.program() == Some(&BUILTIN_SKINNED)
            || kind.program() == Some(&BUILTIN_OPENED)
            || !kind.is_launched()
        {
            // A skin generated or never seen (an open window of any minesweeper) is learned on
            // the spot.
            (FirstClickRule::Safe, Theme::Learned)
        } else {
            (FirstClickRule::Safe, Theme::Classic)
        };
        MinesGame {
            theme,
            rule,
            mines_setting: mines,
            mines: 0,
            policy: Policy::default(),
            chords: false,
            learned: Default::default(),
        }
    }

    /// The mine count of a board of the size found: as set, else the standard one.
    pub fn mines_for(&self, calibration: &Calibration) -> Option<usize> {
        self.mines_setting.or_else(|| targets::standard_mines(calibration.columns, calibration.rows))
    }
}

/// Checks every accepted read against the built-in window's truth log (one JSON line a
/// finished game, with its `mines` as `[row, column]` pairs): a number must be a safe cell with
/// that many mines around it, a mine or exploded cell a mine. Returns (reads checked, reads with
/// a wrong cell).
pub fn check_reads(log: &ReadLog, truth: &[serde_json::Value]) -> (usize, usize) {
    let (mut checked, mut wrong) = (0, 0);
    for (reads, game) in log.games.iter().zip(truth) {
        let width = game["width"].as_u64().unwrap_or(0) as usize;
        let height = game["height"].as_u64().unwrap_or(0) as usize;
        let mut mine = vec![false; width * height];
        for pair in game["mines"].as_array().into_iter().flatten() {
            let (row, column) =
                (pair[0].as_u64().unwrap_or(0) as usize, pair[1].as_u64().unwrap_or(0) as usize);
            if row < height && column < width {
                mine[row * width + column] = true;
            }
        }
        for read in reads {
            checked += 1;
            let cells: Vec<char> = read.lines().flat_map(str::chars).collect();
            let bad = cells.len() != width * height
                || cells.iter().enumerate().any(|(index, symbol)| match symbol {
                    '.' | '1'..='8' => {
                        let expected =
                            ::mines::board::neighbours(width, height, index).filter(|&n| mine[n]).count();
                        let shown =
                            if *symbol == '.' { 0 } else { symbol.to_digit(10).unwrap_or(0) as usize };
                        mine[index] || expected != shown
                    }
                    'X' | '*' => !mine[index],
                    _ => false,
                });
            wrong += usize::from(bad);
        }
    }
    (checked, wrong)
}

fn to_cells(board: &BoardRead) -> Vec<Cell> {
    board
        .cells
        .iter()
        .map(|cell| match cell {
            CellRead::Number(n) => Cell::Revealed(*n),
            CellRead::Flag => Cell::Flagged,
            CellRead::Exploded | CellRead::Mine => Cell::Exploded,
            CellRead::Covered | CellRead::Unknown | CellRead::Glyph(_) => Cell::Covered,
        })
        .collect()
}

/// Whether `next` can follow `previous` in one game: revealed numbers stay, nothing returns to
/// covered except a flag the bot removed, and every cell is something the theme knows.
pub fn consistent(previous: Option<&BoardRead>, next: &BoardRead) -> Result<(), String> {
    if let Some(index) = next.cells.iter().position(|cell| *cell == CellRead::Unknown) {
        return Err(format!("cell {index} fits nothing"));
    }
    if let Some(previous) = previous {
        if previous.cells.len() != next.cells.len() {
            return Err("the board changed size".into());
        }
        for (index, (before, after)) in previous.cells.iter().zip(&next.cells).enumerate() {
            let fine = match (before, after) {
                (CellRead::Number(a), CellRead::Number(b)) => a == b,
                (CellRead::Number(_), _) => false,
                (CellRead::Glyph(a), CellRead::Glyph(b)) => a == b,
                (CellRead::Glyph(_), other) => matches!(other, CellRead::Number(_)),
                (CellRead::Exploded, other) => *other == CellRead::Exploded,
                _ => true,
            };
            if !fine {
                return Err(format!("cell {index} was {before:?} and now reads {after:?}"));
            }
        }
    }
    Ok(())
}

/// The game's state from a read with `mines` mines.
fn outcome(board: &BoardRead, mines: usize) -> Option<bool> {
    if board.cells.iter().any(|cell| matches!(cell, CellRead::Exploded | CellRead::Mine)) {
        return Some(false);
    }
    let unrevealed =
        board.cells.iter().filter(|cell| matches!(cell, CellRead::Covered | CellRead::Flag)).count();
    (unrevealed == mines).then_some(true)
}

impl ScreenGame for MinesGame {
    type Calibration = Calibration;
    type Reading = BoardRead;
    type Move = Press;

    fn calibrate(&self, image: &RgbaImage) -> Result<Calibration, VisionError> {
        vision::calibrate(image, self.theme)
    }

    fn describe_calibration(&self, calibration: &Calibration) -> String {
        format!("{}x{} cells of {:.1} px", calibration.columns, calibration.rows, calibration.pitch[0])
    }

    fn read(&self, image: &RgbaImage, calibration: &Calibration) -> BoardRead {
        if calibration.theme == Theme::Learned {
            let mut learned = self.learned.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            return learned.read(image, calibration);
        }
        vision::read(image, calibration)
    }

    fn consistent(&self, previous: Option<&BoardRead>, next: &BoardRead) -> Result<(), String> {
        consistent(previous, next)
    }

    fn bounds(&self, calibration: &Calibration) -> [f64; 4] {
        calibration.bounds()
    }

    fn pitch(&self, calibration: &Calibration) -> f64 {
        calibration.pitch[0]
    }

    fn is_new_game(&self, reading: &BoardRead) -> bool {
        reading.count(CellRead::Covered) == reading.cells.len()
    }

    /// Readable, nothing lost, cells still to open, and at a size whose mine count is known and
    /// unfinished at it: the last game, finished, can still be on screen while the target draws
    /// the new one, and a finished board's flags and digits can fool the calibration into a
    /// part of the board.
    fn is_in_progress(&self, calibration: &Calibration, reading: &BoardRead) -> bool {
        let unfinished = self.mines_for(calibration).is_some_and(|mines| outcome(reading, mines).is_none());
        consistent(None, reading).is_ok()
            && reading.count(CellRead::Mine) + reading.count(CellRead::Exploded) == 0
            && reading.count(CellRead::Covered) > 0
            && unfinished
    }

    fn start_game(&mut self, calibration: &Calibration) -> Result<(), StopReason> {
        let mines = self.mines_for(calibration).ok_or_else(|| {
            StopReason::MineCount(format!(
                "a {}x{} board has no standard mine count; say how many",
                calibration.columns, calibration.rows
            ))
        })?;
        let cells = calibration.columns * calibration.rows;
        if mines == 0 || mines >= cells {
            return Err(StopReason::MineCount(format!(
                "{mines} mines do not fit the {}x{} board found (1 to {})",
                calibration.columns,
                calibration.rows,
                cells - 1
            )));
        }
        self.mines = mines;
        Ok(())
    }

    fn outcome(&self, reading: &BoardRead) -> Option<bool> {
        outcome(reading, self.mines)
    }

    fn decide(&mut self, calibration: &Calibration, reading: &BoardRead) -> Result<Decision<Press>, String> {
        let resolved;
        let mut reading = reading;
        if reading.cells.iter().any(|cell| matches!(cell, CellRead::Glyph(_))) {
            let mut learned = self.learned.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            match learned::label(&mut learned, reading, self.mines)? {
                learned::Labelling::Complete => {
                    resolved = learned.resolve(reading);
                    reading = &resolved;
                }
                learned::Labelling::Open { fitting, moves, probabilities } => {
                    let message = format!(
                        "{fitting} ways to value the digits seen fit the board: {} move(s) safe under all of them",
                        moves.iter().filter(|chosen| chosen.reason.probability == 0.0).count()
                    );
                    let moves = moves.into_iter().map(Press::solver).collect();
                    return Ok(Decision { moves, probabilities, message });
                }
            }
        }
        let cells = to_cells(reading);
        let view = BoardView {
            width: calibration.columns,
            height: calibration.rows,
            mines: self.mines,
            cells: &cells,
        };
        let moves = self.policy.next_moves(&view, self.rule).map_err(|error| error.to_string())?;
        let probabilities = ::mines::analyze(&view, ::mines::solver::DEFAULT_NODE_BUDGET)
            .map(|analysis| analysis.probabilities)
            .unwrap_or_default();
        let message = moves
            .first()
            .map(|first| {
                let verb = if first.action == MinesAction::Flag { "flag" } else { "reveal" };
                format!("{verb} row {}, column {}: {}", first.row, first.column, first.reason.describe())
            })
            .unwrap_or_default();
        let moves = if self.chords {
            chord(reading, &moves, &probabilities)
        } else {
            moves.into_iter().map(Press::solver).collect()
        };
        Ok(Decision { moves, probabilities, message })
    }

    /// Reveals are left-clicks on their cell's centre, and so are chords (on their number);
    /// flags placed for a chord are right-clicks; the solver's other flags need no input (it
    /// keeps them itself); a cell an earlier click of the batch opened, or a flag already
    /// there, needs no click.
    fn action(&self, calibration: &Calibration, shown: &RgbaImage, chosen: &Press) -> Option<Action> {
        let here = vision::read_cell(shown, calibration, chosen.row, chosen.column);
        let button = match chosen.kind {
            PressKind::Reveal if matches!(here, CellRead::Number(_)) => return None,
            PressKind::Reveal | PressKind::Chord { .. } => MouseButton::Left,
            PressKind::Flag => return None,
            PressKind::PlaceFlag if here == CellRead::Flag => return None,
            PressKind::PlaceFlag => MouseButton::Right,
        };
        Some(Action::Click { at: calibration.cell_center(chosen.row, chosen.column), button })
    }

    /// A reveal or a flag shows on its cell; a chord on the cells around its number.
    fn move_shown(
        &self,
        calibration: &Calibration,
        before: &RgbaImage,
        after: &RgbaImage,
        chosen: &Press,
    ) -> bool {
        match chosen.kind {
            PressKind::Chord { .. } => ::mines::board::neighbours(
                calibration.columns,
                calibration.rows,
                chosen.row * calibration.columns + chosen.column,
            )
            .any(|index| {
                vision::cell_changed(
                    before,
                    after,
                    calibration,
                    index / calibration.columns,
                    index % calibration.columns,
                )
            }),
            _ => vision::cell_changed(before, after, calibration, chosen.row, chosen.column),
        }
    }

    /// Revealing every safe cell left ends the game.
    fn finishes(&self, reading: &BoardRead, moves: &[Press]) -> bool {
        let reveals: usize = moves.iter().map(Press::opens).sum();
        let unrevealed =
            reading.cells.iter().filter(|cell| matches!(cell, CellRead::Covered | CellRead::Flag)).count();
        reveals > 0 && reveals == unrevealed.saturating_sub(self.mines)
    }

    fn describe(&self, reading: &BoardRead) -> String {
        reading.to_text()
    }

    /// The grid and every cell's reading over the capture (unknown cells in red).
    fn annotate(&self, image: &RgbaImage, calibration: &Calibration, reading: &BoardRead) -> RgbaImage {
        annotate::annotate(image, calibration, reading)
    }

    /// The face above the board (built-in and classic clones) or GNOME Mines' "Play Again"
    /// button (the top button of the column right of the board).
    fn new_game_point(
        &self,
        kind: &TargetKind,
        window: &WindowInfo,
        calibration: &Calibration,
        _shown: &RgbaImage,
    ) -> [f64; 2] {
        let [left, top, right, bottom] = calibration.bounds();
        if kind.program() == Some(&GNOME_MINES) {
            // The button column starts a tile's gap right of the board; "Play Again" / "Start
            // Over" is its first button, level with the board's middle.
            [right + (f64::from(window.width) - right) / 2.0, top + (bottom - top) * 0.59]
        } else if let Some(button) = calibration.button {
            // A skin learned on the spot: the square button found beside the board.
            button
        } else {
            // The face: centred over the board, in the bar above it.
            let scale = calibration.pitch[1] / 24.0;
            [(left + right) / 2.0, top - 4.0 * scale - 22.0 * scale]
        }
    }
}

impl<S: ScreenSource, I: InputSink> Bot<S, I, MinesGame> {
    /// A minesweeper bot for a window (the mine count from `settings.mines`, else the standard
    /// count of the size found).
    pub fn mines(screen: S, input: I, settings: BotSettings, kind: TargetKind, window: WindowInfo) -> Self {
        let game = MinesGame { chords: settings.chord, ..MinesGame::new(&kind, settings.mines) };
        Bot::with_game(screen, input, settings, kind, window, game)
    }
}
