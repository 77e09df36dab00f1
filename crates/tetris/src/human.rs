//! Tetris as a person plays it, on the engine's board and pieces: a piece appears centred at
//! the top and falls at the speed of its level, moves left and right, turns, soft- and
//! hard-drops, and locks half a second after it comes to rest. Scoring is Nintendo's, as the
//! write-up's clone uses it: 40, 120, 300 and 1,200 times (level + 1) for 1 to 4 rows at once,
//! the level going up every 10 rows.
//!
//! Turning is the engine's: a piece has its distinct rotations (I, S and Z two, O one, T, L and
//! J four) and turns about the middle of its box; a turn that would overlap the stack or a wall
//! is refused, with no kicks (the write-up's clone had none). Time is given in seconds
//! ([`Play::advance`]), so the game runs the same at any frame rate.

use super::board::{Board, Placement, SizeError};
use super::game::{Generator, Pieces, line_score};
use super::piece::{Piece, Rotation};
use super::policy::Policy;

/// The level a game starts at: `curio tetris replay` checks it, the panel offers it.
pub const LEVEL: curio_core::bounds::Bounds<u32> = curio_core::bounds::Bounds::new(0, 29, 0);

/// Seconds a piece may rest before it locks (reset by each move or turn, at most
/// [`LOCK_RESETS`] times).
pub const LOCK_DELAY: f64 = 0.5;

/// Moves and turns that may put off a resting piece's lock.
pub const LOCK_RESETS: u32 = 15;

/// Frames a second of the NTSC console, whose frames the gravity table counts.
const FRAMES_PER_SECOND: f64 = 60.0988;

/// Rows above the board's top a piece may reach while it moves and turns (a piece that locks
/// with a cell up there ends the game).
const ABOVE: i32 = 4;

/// Seconds a piece takes to fall one row at `level`: Nintendo's NTSC table (48 frames at level
/// 0 down to 1 frame from level 29).
pub fn gravity(level: u32) -> f64 {
    let frames = match level {
        0 => 48,
        1 => 43,
        2 => 38,
        3 => 33,
        4 => 28,
        5 => 23,
        6 => 18,
        7 => 13,
        8 => 8,
        9 => 6,
        10..=12 => 5,
        13..=15 => 4,
        16..=18 => 3,
        19..=28 => 2,
        _ => 1,
    };
    f64::from(frames) / FRAMES_PER_SECOND
}

/// Seconds a soft-dropped piece takes to fall one row (Nintendo's: a row every 2 frames).
pub fn soft_drop_gravity() -> f64 {
    2.0 / FRAMES_PER_SECOND
}

/// What a player does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Input {
    /// One column left.
    Left,
    /// One column right.
    Right,
    /// A quarter turn clockwise.
    Clockwise,
    /// A quarter turn counter-clockwise.
    CounterClockwise,
    /// Start falling fast (until [`Input::SoftDropEnd`]).
    SoftDrop,
    /// Fall at the level's speed again.
    SoftDropEnd,
    /// Straight down, and lock.
    HardDrop,
    /// Pause, or go on.
    Pause,
}

impl Input {
    /// Every input, in the order the controls list them.
    pub const ALL: [Input; 8] = [
        Input::Left,
        Input::Right,
        Input::Clockwise,
        Input::CounterClockwise,
        Input::SoftDrop,
        Input::SoftDropEnd,
        Input::HardDrop,
        Input::Pause,
    ];
}

/// What happened, for sounds and effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The piece moved sideways.
    Moved,
    /// The piece turned.
    Turned,
    /// The piece locked (after a hard drop of `rows`, or 0).
    Locked {
        /// Rows fallen in a hard drop.
        rows: u32,
    },
    /// Rows were cleared: the rows, bottom first, as they were on the board before.
    Cleared {
        /// How many.
        lines: u8,
        /// The rows' indices (from the bottom) on the board before.
        rows: [u8; 4],
    },
    /// The level went up.
    LevelUp(u32),
    /// The game ended.
    GameOver,
}

/// The falling piece: which rotation and where its box's lower-left corner is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Falling {
    /// The piece.
    pub piece: Piece,
    /// Its rotation's index among the piece's distinct rotations.
    pub rotation: u8,
    /// Its box's left column.
    pub column: i32,
    /// Its box's bottom row (0 the board's bottom row, y up).
    pub row: i32,
}

impl Falling {
    /// Its rotation.
    pub fn shape(&self) -> &'static Rotation {
        &self.piece.rotations()[self.rotation as usize]
    }

    /// Its four cells, `(column, row)` with row 0 at the bottom.
    pub fn cells(&self) -> [(i32, i32); 4] {
        self.shape().cells.map(|(x, y)| (self.column + i32::from(x), self.row + i32::from(y)))
    }
}

/// A game as it was played: its rules, every input with the moment it came, and how it ended.
/// `curio tetris replay` plays it again and checks the score.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Record {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// How pieces were drawn.
    pub generator: Generator,
    /// The pieces' seed.
    pub seed: u64,
    /// The level it started at.
    pub level: u32,
    /// Each input and the seconds played when it came, in order.
    pub inputs: Vec<(f64, Input)>,
    /// Seconds played in all.
    pub seconds: f64,
    /// The score it ended with.
    pub score: u64,
    /// The rows it cleared.
    pub lines: u64,
}

/// Most seconds a record may last.
pub const MAX_RECORD_SECONDS: f64 = 1e6;

/// Most inputs a record may hold.
pub const MAX_RECORD_INPUTS: usize = 10_000_000;

impl Record {
    /// Plays the record again: the game as it stands after its last moment. An error names
    /// what is wrong with the record (its rules, a moment out of order or not a number).
    pub fn replay(&self) -> Result<Play, String> {
        if !LEVEL.contains(self.level) {
            return Err(format!("level {} is out of range {}..={}", self.level, LEVEL.min, LEVEL.max));
        }
        if self.inputs.len() > MAX_RECORD_INPUTS {
            return Err(format!("{} inputs: at most {MAX_RECORD_INPUTS}", self.inputs.len()));
        }
        let mut play = Play::new(self.width, self.height, self.generator, self.seed, self.level)
            .map_err(|error| error.to_string())?;
        let mut last = 0.0;
        for (index, &(moment, input)) in self.inputs.iter().enumerate() {
            if !moment.is_finite() || moment < last || moment > MAX_RECORD_SECONDS {
                return Err(format!(
                    "input {} comes at {moment} s, before the one before it ({last} s)",
                    index + 1
                ));
            }
            last = moment;
            play.advance_to(moment);
            play.input(input);
        }
        if !self.seconds.is_finite() || self.seconds < last || self.seconds > MAX_RECORD_SECONDS {
            return Err(format!(
                "the game lasts {} s: it must be a number from its last input's moment to {MAX_RECORD_SECONDS}",
                self.seconds
            ));
        }
        play.advance_to(self.seconds);
        Ok(play)
    }
}

/// A game a person plays.
#[derive(Clone, Debug)]
pub struct Play {
    width: usize,
    height: usize,
    generator: Generator,
    seed: u64,
    inputs: Vec<(f64, Input)>,
    board: Board,
    pieces: Pieces,
    falling: Falling,
    next: Piece,
    start_level: u32,
    /// Rows cleared.
    pub lines: u64,
    /// Nintendo's score.
    pub score: u64,
    /// Pieces locked.
    pub pieces_placed: u64,
    /// Seconds played (paused time not counted).
    pub seconds: f64,
    fall_clock: f64,
    /// Seconds the piece has rested on something, while it does.
    rested: Option<f64>,
    /// Moves and turns that put off this piece's lock so far.
    resets: u32,
    soft_drop: bool,
    paused: bool,
    over: bool,
    events: Vec<Event>,
}

impl Play {
    /// A new game on a `width` x `height` board with pieces from `generator` and `seed`,
    /// starting at `level`.
    pub fn new(
        width: usize,
        height: usize,
        generator: Generator,
        seed: u64,
        level: u32,
    ) -> Result<Play, SizeError> {
        let board = Board::new(width, height)?;
        let mut pieces = Pieces::new(generator, seed);
        let first = pieces.draw();
        let next = pieces.draw();
        let mut play = Play::from_board(board, pieces, first, next, level);
        play.generator = generator;
        play.seed = seed;
        Ok(play)
    }

    /// The game so far as a [`Record`].
    pub fn record(&self) -> Record {
        Record {
            width: self.width,
            height: self.height,
            generator: self.generator,
            seed: self.seed,
            level: self.start_level,
            inputs: self.inputs.clone(),
            seconds: self.seconds,
            score: self.score,
            lines: self.lines,
        }
    }

    /// Lets time pass until `seconds` have been played (at once while paused or over).
    pub fn advance_to(&mut self, seconds: f64) {
        while !self.paused && !self.over && self.seconds < seconds {
            let before = self.seconds;
            self.advance((seconds - self.seconds).min(1.0));
            if self.seconds <= before {
                break;
            }
        }
    }

    /// A game on `board` with `first` falling and `next` after it, the rest from `pieces`.
    pub fn from_board(board: Board, pieces: Pieces, first: Piece, next: Piece, level: u32) -> Play {
        let mut play = Play {
            width: board.width(),
            height: board.height(),
            generator: Generator::Uniform,
            seed: 0,
            inputs: Vec::new(),
            board,
            pieces,
            falling: Falling { piece: first, rotation: 0, column: 0, row: 0 },
            next,
            start_level: level,
            lines: 0,
            score: 0,
            pieces_placed: 0,
            seconds: 0.0,
            fall_clock: 0.0,
            rested: None,
            resets: 0,
            soft_drop: false,
            paused: false,
            over: false,
            events: Vec::new(),
        };
        play.spawn(first);
        play
    }

    /// The board (the falling piece is not on it).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The falling piece.
    pub fn falling(&self) -> Falling {
        self.falling
    }

    /// The piece that comes next.
    pub fn next(&self) -> Piece {
        self.next
    }

    /// The level: the starting level, and one more for every 10 rows cleared.
    pub fn level(&self) -> u32 {
        self.start_level + (self.lines / 10) as u32
    }

    /// Whether the game is paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The events since the last call, oldest first.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// Where the falling piece would land: its box's bottom row after a hard drop.
    pub fn ghost_row(&self) -> i32 {
        let mut row = self.falling.row;
        while self.board.is_free(self.falling.shape(), self.falling.column, row - 1, ABOVE) {
            row -= 1;
        }
        row
    }

    /// Puts `piece` at the top, centred; the game ends when it does not fit.
    fn spawn(&mut self, piece: Piece) {
        let shape = &piece.rotations()[0];
        let column = (self.board.width() as i32 - i32::from(shape.width)) / 2;
        let row = self.board.height() as i32 - i32::from(shape.height);
        self.falling = Falling { piece, rotation: 0, column, row };
        self.fall_clock = 0.0;
        self.rested = None;
        self.resets = 0;
        if !self.board.is_free(shape, column, row, ABOVE) {
            self.over = true;
            self.events.push(Event::GameOver);
        }
    }

    /// Tries the falling piece at another place; true when it fits there.
    fn shift(&mut self, to: Falling) -> bool {
        if !self.board.is_free(to.shape(), to.column, to.row, ABOVE) {
            return false;
        }
        self.falling = to;
        // A move or turn of a resting piece puts its lock off, a limited number of times.
        if self.rested.is_some() && self.resets < LOCK_RESETS {
            self.rested = Some(0.0);
            self.resets += 1;
        }
        true
    }

    /// Applies an input (ignored once the game is over, and while paused but for Pause).
    pub fn input(&mut self, input: Input) {
        if self.over {
            return;
        }
        if self.inputs.len() < MAX_RECORD_INPUTS {
            self.inputs.push((self.seconds, input));
        }
        if input == Input::Pause {
            self.paused = !self.paused;
            return;
        }
        if self.paused {
            return;
        }
        let falling = self.falling;
        match input {
            Input::Left | Input::Right => {
                let step = if input == Input::Left { -1 } else { 1 };
                if self.shift(Falling { column: falling.column + step, ..falling }) {
                    self.events.push(Event::Moved);
                }
            }
            Input::Clockwise | Input::CounterClockwise => {
                let count = falling.piece.rotations().len() as u8;
                let turn = if input == Input::Clockwise { 1 } else { count - 1 };
                let rotation = (falling.rotation + turn) % count;
                let (old, new) = (falling.shape(), &falling.piece.rotations()[rotation as usize]);
                // About the middle of the box: the new box centred where the old one was.
                let column = falling.column + (i32::from(old.width) - i32::from(new.width)) / 2;
                let row = falling.row + (i32::from(old.height) - i32::from(new.height)) / 2;
                if count > 1 && self.shift(Falling { rotation, column, row, ..falling }) {
                    self.events.push(Event::Turned);
                }
            }
            Input::SoftDrop => self.soft_drop = true,
            Input::SoftDropEnd => self.soft_drop = false,
            Input::HardDrop => {
                let row = self.ghost_row();
                let rows = (self.falling.row - row) as u32;
                self.falling.row = row;
                self.lock(rows);
            }
            Input::Pause => {}
        }
    }

    /// Lets `seconds` pass: the piece falls at its speed and locks once it has rested
    /// [`LOCK_DELAY`]. Nothing passes while paused or over.
    pub fn advance(&mut self, seconds: f64) {
        if self.over || self.paused || !seconds.is_finite() || seconds <= 0.0 {
            return;
        }
        // Long gaps (a window in the background) count as at most a second.
        let mut left = seconds.min(1.0);
        self.seconds += left;
        while left > 0.0 && !self.over {
            let interval = if self.soft_drop {
                soft_drop_gravity().min(gravity(self.level()))
            } else {
                gravity(self.level())
            };
            let below = Falling { row: self.falling.row - 1, ..self.falling };
            let rests = !self.board.is_free(below.shape(), below.column, below.row, ABOVE);
            match self.rested {
                Some(rested) if rests => {
                    let step = left.min(LOCK_DELAY - rested);
                    left -= step;
                    if rested + step >= LOCK_DELAY - 1e-12 {
                        self.lock(0);
                    } else {
                        self.rested = Some(rested + step);
                    }
                }
                None if rests => self.rested = Some(0.0),
                _ => {
                    // Falling (again, if a move took it off an edge): its rest starts anew.
                    self.rested = None;
                    let step = left.min(interval - self.fall_clock);
                    left -= step;
                    self.fall_clock += step;
                    if self.fall_clock >= interval - 1e-12 {
                        self.fall_clock = 0.0;
                        self.falling = below;
                    }
                }
            }
        }
    }

    /// Locks the falling piece where it is, scores the rows it clears, and brings the next.
    fn lock(&mut self, hard_drop_rows: u32) {
        let falling = self.falling;
        let drop = self.board.place(falling.shape(), falling.column as usize, falling.row as u32);
        self.events.push(Event::Locked { rows: hard_drop_rows });
        self.pieces_placed += 1;
        if drop.game_over {
            self.over = true;
            self.events.push(Event::GameOver);
            return;
        }
        if drop.lines > 0 {
            let full = self.full_rows(falling);
            let level = self.level();
            self.score += line_score(drop.lines) * u64::from(level + 1);
            self.lines += u64::from(drop.lines);
            self.events.push(Event::Cleared { lines: drop.lines, rows: full });
            if self.level() > level {
                self.events.push(Event::LevelUp(self.level()));
            }
        }
        self.board = drop.after;
        let next = self.next;
        self.next = self.pieces.draw();
        self.spawn(next);
    }

    /// The rows the falling piece fills, on the board before it locks (up to four; the rest 255).
    fn full_rows(&self, falling: Falling) -> [u8; 4] {
        let mut rows = [u8::MAX; 4];
        let mut found = 0;
        let cells = falling.cells();
        for row in falling.row..falling.row + i32::from(falling.shape().height) {
            let full = (0..self.board.width() as i32).all(|column| {
                self.board.filled(column as usize, row as usize) || cells.contains(&(column, row))
            });
            if full && found < 4 {
                rows[found] = row as u8;
                found += 1;
            }
        }
        rows
    }

    /// Where `policy` would put the falling piece (knowing the next one): the AI's hint.
    pub fn hint(&self, policy: &Policy) -> Option<Placement> {
        if self.over {
            return None;
        }
        policy.choose(&self.board, self.falling.piece, Some(self.next), true).map(|choice| choice.placement)
    }

    /// Plays the falling piece where `policy` would (turned and moved at the top, then hard
    /// dropped): the AI taking over for one piece. False when it has no move.
    pub fn play_hint(&mut self, policy: &Policy) -> bool {
        let Some(placement) = self.hint(policy) else { return false };
        let target =
            Falling { rotation: placement.rotation, column: i32::from(placement.column), ..self.falling };
        let top = self.board.height() as i32 - i32::from(target.shape().height);
        let placed = [Falling { row: top, ..target }, target]
            .into_iter()
            .find(|candidate| self.board.is_free(candidate.shape(), candidate.column, candidate.row, ABOVE));
        match placed {
            Some(candidate) => {
                self.falling = candidate;
                self.input(Input::HardDrop);
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Preset;

    fn play_on(rows: &[&str], first: Piece, level: u32) -> Play {
        let board = Board::from_rows(10, 20, rows).unwrap();
        Play::from_board(board, Pieces::new(Generator::Uniform, 1), first, Piece::O, level)
    }

    #[test]
    fn nintendo_scores_one_to_four_rows_times_the_level_plus_one() {
        for (lines, points) in [(1u8, 40u64), (2, 120), (3, 300), (4, 1200)] {
            for level in [0u32, 3, 9] {
                // `lines` rows full but for column 9; an upright I dropped there fills them.
                let mut rows = vec!["#########."; lines as usize];
                rows.insert(0, "..........");
                let mut play = play_on(&rows, Piece::I, level);
                play.input(Input::Clockwise);
                while play.falling().column < 9 {
                    let before = play.falling().column;
                    play.input(Input::Right);
                    assert!(play.falling().column > before, "the I reaches column 9");
                }
                play.input(Input::HardDrop);
                assert_eq!(play.lines, u64::from(lines));
                assert_eq!(play.score, points * u64::from(level + 1), "{lines} rows at level {level}");
                let events = play.take_events();
                assert!(
                    events
                        .iter()
                        .any(|event| matches!(event, Event::Cleared { lines: l, .. } if *l == lines))
                );
            }
        }
    }

    #[test]
    fn a_piece_falls_at_its_levels_speed_and_locks_after_the_delay() {
        let mut play = play_on(&[], Piece::O, 0);
        let top = play.falling().row;
        play.advance(gravity(0) * 0.99);
        assert_eq!(play.falling().row, top);
        play.advance(gravity(0) * 0.02);
        assert_eq!(play.falling().row, top - 1);
        // Faster at level 19, and the same whatever the frame rate.
        let (mut coarse, mut fine) = (play_on(&[], Piece::T, 19), play_on(&[], Piece::T, 19));
        coarse.advance(0.25);
        for _ in 0..250 {
            fine.advance(0.001);
        }
        assert_eq!(coarse.falling(), fine.falling());
        assert_eq!(coarse.falling().row, top - (0.25 / gravity(19)) as i32);
        // At the bottom it rests, then locks half a second later.
        let mut play = play_on(&[], Piece::O, 29);
        play.advance(0.4);
        assert_eq!(play.falling().row, 0);
        assert_eq!(play.pieces_placed, 0);
        play.advance(LOCK_DELAY);
        assert_eq!(play.pieces_placed, 1);
        assert!(play.board().filled(4, 0) && play.board().filled(5, 1));
    }

    #[test]
    fn moves_put_off_a_lock_a_limited_number_of_times() {
        let mut play = play_on(&[], Piece::T, 29);
        play.advance(0.35);
        assert_eq!((play.falling().row, play.pieces_placed), (0, 0), "resting on the floor");
        for step in 0..30 {
            play.advance(LOCK_DELAY * 0.8);
            if step < LOCK_RESETS {
                assert_eq!(play.pieces_placed, 0, "a move put the lock off");
            }
            play.input(if step % 2 == 0 { Input::Left } else { Input::Right });
        }
        assert_eq!(play.pieces_placed, 1, "locked once the resets ran out");
    }

    #[test]
    fn turns_are_refused_at_a_wall_without_kicks_and_the_ghost_is_the_drop() {
        let mut play = play_on(&[], Piece::I, 0);
        play.input(Input::Clockwise);
        assert_eq!(play.falling().shape().width, 1);
        while play.falling().column > 0 {
            play.input(Input::Left);
        }
        play.input(Input::Clockwise);
        assert_eq!(play.falling().shape().width, 1, "a lying I does not fit against the wall");
        let board = Board::from_rows(10, 20, &["..#.......", ".###......"]).unwrap();
        let mut play = Play::from_board(board, Pieces::new(Generator::Uniform, 1), Piece::O, Piece::O, 0);
        play.input(Input::Left);
        play.input(Input::Left);
        let falling = play.falling();
        let expected = board.landing_row(falling.shape(), falling.column as usize) as i32;
        assert_eq!(play.ghost_row(), expected);
    }

    #[test]
    fn bad_records_are_refused_with_the_reason() {
        let good = Play::new(10, 20, Generator::Bag, 1, 0).unwrap().record();
        assert!(good.replay().is_ok());
        let mut bad = good.clone();
        bad.width = 3;
        assert!(bad.replay().unwrap_err().contains("width 3"));
        let mut bad = good.clone();
        bad.inputs = vec![(1.0, Input::Left), (0.5, Input::Right)];
        bad.seconds = 2.0;
        assert!(bad.replay().unwrap_err().contains("input 2"));
        let mut bad = good.clone();
        bad.level = 30;
        assert!(bad.replay().unwrap_err().contains("level 30"));
        let mut bad = good;
        bad.seconds = f64::NAN;
        assert!(bad.replay().is_err());
    }

    #[test]
    fn levels_go_up_every_ten_rows_and_pause_stops_time() {
        let mut play = play_on(&[], Piece::O, 2);
        play.lines = 19;
        assert_eq!(play.level(), 3);
        play.input(Input::Pause);
        let before = play.falling();
        play.advance(5.0);
        play.input(Input::Left);
        assert_eq!(play.falling(), before);
        play.input(Input::Pause);
        play.input(Input::Left);
        assert_ne!(play.falling(), before);
    }

    #[test]
    fn the_hint_is_the_ais_choice_and_taking_over_plays_it() {
        let policy = Policy::new(Preset::named("bcts").unwrap().weights());
        let mut play = Play::new(10, 20, Generator::Bag, 5, 0).unwrap();
        for _ in 0..40 {
            let hint = play.hint(&policy).expect("a move");
            let choice = policy.choose(play.board(), play.falling().piece, Some(play.next()), true).unwrap();
            assert_eq!(hint, choice.placement);
            let expected = choice.drop.after;
            assert!(play.play_hint(&policy));
            assert_eq!(*play.board(), expected, "the AI's drop, rows cleared");
        }
        assert_eq!(play.pieces_placed, 40);
    }

    /// A whole game driven by a seeded stream of inputs and time ends, and its score is the
    /// Nintendo sum of its clears.
    #[test]
    fn a_whole_game_played_by_keys_ends_with_the_score_of_its_clears() {
        use rand::{RngExt, SeedableRng};
        let mut random = rand_pcg::Pcg64Mcg::seed_from_u64(9);
        let mut play = Play::new(10, 20, Generator::Uniform, 3, 5).unwrap();
        let (mut expected, mut frames) = (0u64, 0);
        while !play.is_over() && frames < 100_000 {
            let input = [
                Input::Left,
                Input::Right,
                Input::Clockwise,
                Input::CounterClockwise,
                Input::HardDrop,
                Input::SoftDrop,
                Input::SoftDropEnd,
            ][random.random_range(0..7)];
            let mut score = |play: &mut Play, level: u32| {
                for event in play.take_events() {
                    if let Event::Cleared { lines, .. } = event {
                        expected += line_score(lines) * u64::from(level + 1);
                    }
                }
            };
            if random.random_range(0..4) == 0 {
                let level = play.level();
                play.input(input);
                score(&mut play, level);
            }
            let level = play.level();
            play.advance(1.0 / 60.0);
            score(&mut play, level);
            frames += 1;
        }
        assert!(play.is_over(), "the game ends");
        assert!(play.pieces_placed > 10);
        assert_eq!(play.score, expected);
        // Its record plays back to the same end.
        let record = play.record();
        let json = serde_json::to_string(&record).unwrap();
        let again: Record = serde_json::from_str(&json).unwrap();
        let replayed = again.replay().unwrap();
        assert!(replayed.is_over());
        assert_eq!(
            (replayed.score, replayed.lines, replayed.pieces_placed),
            (play.score, play.lines, play.pieces_placed)
        );
        assert_eq!(replayed.board(), play.board());
    }
}
