//! The game engine: board sizes and presets, first-click rules, seeded mine placement, reveal with
//! flood fill, flags, chording, win/loss and the mine counter.

use rand::SeedableRng;
use rand::seq::index::sample;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

/// Largest board side.
pub const MAX_SIDE: usize = 1000;

/// Why a board cannot be made or a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Width or height out of range.
    #[error("board size {width}x{height} is out of range: each side must be between 1 and {MAX_SIDE}")]
    SizeOutOfRange {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// Too many mines for the board and rule.
    #[error("mines = {mines} is out of range for {width}x{height} with rule '{rule}': at most {max}")]
    TooManyMines {
        /// Requested mines.
        mines: usize,
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// The rule's name.
        rule: &'static str,
        /// Most mines allowed.
        max: usize,
    },
    /// A level name that is neither a preset nor WxH/M.
    #[error("unknown level '{0}': use beginner, intermediate, expert or WIDTHxHEIGHT/MINES (e.g. 30x16/99)")]
    UnknownLevel(String),
    /// A cell outside the board.
    #[error("cell (row {row}, column {column}) is outside the {width}x{height} board")]
    OutOfBoard {
        /// Row asked for.
        row: usize,
        /// Column asked for.
        column: usize,
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
}

/// Which first clicks are protected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FirstClickRule {
    /// The first clicked cell is never a mine.
    #[default]
    Safe,
    /// The first clicked cell and its neighbours are mine-free, so it opens an area.
    Opening,
    /// No protection: the first click may hit a mine.
    None,
}

impl FirstClickRule {
    /// Every rule, for menus and the command line.
    pub const ALL: [FirstClickRule; 3] =
        [FirstClickRule::Safe, FirstClickRule::Opening, FirstClickRule::None];

    /// The rule's name as used on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            FirstClickRule::Safe => "safe",
            FirstClickRule::Opening => "opening",
            FirstClickRule::None => "none",
        }
    }
}

/// Board dimensions, mine count and first-click rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardConfig {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Mines.
    pub mines: usize,
    /// First-click protection.
    pub rule: FirstClickRule,
}

impl BoardConfig {
    /// Validates a board.
    pub fn new(width: usize, height: usize, mines: usize, rule: FirstClickRule) -> Result<Self, BoardError> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(BoardError::SizeOutOfRange { width, height });
        }
        let cells = width * height;
        let protected = match rule {
            FirstClickRule::None => 0,
            FirstClickRule::Safe => 1,
            FirstClickRule::Opening => 9.min(cells),
        };
        let max = cells.saturating_sub(protected.max(1));
        if mines > max {
            return Err(BoardError::TooManyMines { mines, width, height, rule: rule.name(), max });
        }
        Ok(Self { width, height, mines, rule })
    }

    /// Parses `beginner` (9x9/10), `intermediate` (16x16/40), `expert` (30x16/99) or `WxH/M`.
    pub fn parse_level(level: &str, rule: FirstClickRule) -> Result<Self, BoardError> {
        let unknown = || BoardError::UnknownLevel(level.to_string());
        let name = level.trim().to_ascii_lowercase();
        if let Some(preset) = Level::ALL.iter().find(|preset| preset.name() == name) {
            let (width, height) = preset.size();
            return Self::new(width, height, preset.mines(), rule);
        }
        let (size, mines) = name.split_once('/').ok_or_else(unknown)?;
        let (width, height) = size.split_once('x').ok_or_else(unknown)?;
        let number = |text: &str| text.trim().parse::<usize>().map_err(|_| unknown());
        Self::new(number(width)?, number(height)?, number(mines)?, rule)
    }

    /// `30x16/99` style name, or the preset's name.
    pub fn level_name(&self) -> String {
        Level::ALL
            .iter()
            .find(|level| level.size() == (self.width, self.height) && level.mines() == self.mines)
            .map_or_else(
                || format!("{}x{}/{}", self.width, self.height, self.mines),
                |level| level.name().to_string(),
            )
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }
}

/// The three classic levels: the one table of their sizes and mine counts, used by the board
/// parser, the game window and the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// 9x9 with 10 mines.
    Beginner,
    /// 16x16 with 40 mines.
    Intermediate,
    /// 30x16 with 99 mines.
    Expert,
}

impl Level {
    /// Every level, smallest first.
    pub const ALL: [Level; 3] = [Level::Beginner, Level::Intermediate, Level::Expert];

    /// Its name (`--level` on the command line, `level` in settings).
    pub fn name(&self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Intermediate => "intermediate",
            Level::Expert => "expert",
        }
    }

    /// Width and height in cells.
    pub fn size(&self) -> (usize, usize) {
        match self {
            Level::Beginner => (9, 9),
            Level::Intermediate => (16, 16),
            Level::Expert => (30, 16),
        }
    }

    /// Number of mines.
    pub fn mines(&self) -> usize {
        match self {
            Level::Beginner => 10,
            Level::Intermediate => 40,
            Level::Expert => 99,
        }
    }
}

/// What the player sees in one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cell {
    /// Not revealed.
    Covered,
    /// Not revealed, marked as a mine by the player.
    Flagged,
    /// Revealed, showing the number of neighbouring mines.
    Revealed(u8),
    /// A revealed mine (only after a loss).
    Exploded,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    /// Moves can be played.
    Playing,
    /// Every safe cell is revealed.
    Won,
    /// A mine was revealed.
    Lost,
}

/// A game in progress: hidden mines (placed at the first reveal) and the visible cells.
#[derive(Clone, Debug)]
pub struct Game {
    config: BoardConfig,
    seed: u64,
    mines: Option<Vec<bool>>,
    cells: Vec<Cell>,
    status: GameStatus,
    covered_safe: usize,
    clicks: usize,
}

impl Game {
    /// A new game; mines are placed at the first reveal with a generator seeded by `seed`.
    pub fn new(config: BoardConfig, seed: u64) -> Self {
        Self {
            config,
            seed,
            mines: None,
            cells: vec![Cell::Covered; config.cells()],
            status: GameStatus::Playing,
            covered_safe: config.cells() - config.mines,
            clicks: 0,
        }
    }

    /// A game with a fixed mine layout (`mines[row * width + column]`), e.g. from a board file.
    pub fn with_mines(config: BoardConfig, mines: Vec<bool>) -> Self {
        let mut game = Self::new(config, 0);
        game.mines = Some(mines);
        game
    }

    /// Replaces the visible cells (for imported boards); the status follows the cells: lost if a
    /// mine is shown exploded, won if no safe cell is left covered, else playing.
    pub fn set_visible(&mut self, cells: Vec<Cell>) {
        if cells.len() != self.cells.len() {
            return;
        }
        let revealed = cells.iter().filter(|c| matches!(c, Cell::Revealed(_))).count();
        self.covered_safe = self.config.cells().saturating_sub(self.config.mines + revealed);
        self.status = if cells.contains(&Cell::Exploded) {
            GameStatus::Lost
        } else if self.covered_safe == 0 && self.mines.is_some() {
            GameStatus::Won
        } else {
            GameStatus::Playing
        };
        self.cells = cells;
    }

    /// Board settings.
    pub fn config(&self) -> BoardConfig {
        self.config
    }

    /// The seed mines are placed with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The visible cells, row by row.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The game as the solver sees it: the visible cells and the mine count.
    pub fn view(&self) -> BoardView<'_> {
        BoardView {
            width: self.config.width,
            height: self.config.height,
            mines: self.config.mines,
            cells: &self.cells,
        }
    }

    /// The visible cell at (row, column).
    pub fn cell(&self, row: usize, column: usize) -> Cell {
        self.cells[row * self.config.width + column]
    }

    /// Game status.
    pub fn status(&self) -> GameStatus {
        self.status
    }

    /// Mines minus flags (the classic counter; may go negative).
    pub fn mine_counter(&self) -> i64 {
        let flags = self.cells.iter().filter(|c| **c == Cell::Flagged).count();
        self.config.mines as i64 - flags as i64
    }

    /// Reveal and chord actions played so far.
    pub fn clicks(&self) -> usize {
        self.clicks
    }

    /// The mine layout, once placed.
    pub fn mine_layout(&self) -> Option<&[bool]> {
        self.mines.as_deref()
    }

    /// Indices of the neighbours of `index`.
    pub fn neighbours(&self, index: usize) -> impl Iterator<Item = usize> + use<> {
        neighbours(self.config.width, self.config.height, index)
    }

    fn check(&self, row: usize, column: usize) -> Result<usize, BoardError> {
        if row >= self.config.height || column >= self.config.width {
            return Err(BoardError::OutOfBoard {
                row,
                column,
                width: self.config.width,
                height: self.config.height,
            });
        }
        Ok(row * self.config.width + column)
    }

    fn place_mines(&mut self, first: usize) {
        let cells = self.config.cells();
        let mut excluded = vec![false; cells];
        match self.config.rule {
            FirstClickRule::None => {}
            FirstClickRule::Safe => excluded[first] = true,
            FirstClickRule::Opening => {
                excluded[first] = true;
                for neighbour in self.neighbours(first) {
                    excluded[neighbour] = true;
                }
            }
        }
        let allowed: Vec<usize> = (0..cells).filter(|&i| !excluded[i]).collect();
        let mut rng = Pcg64Mcg::seed_from_u64(self.seed);
        let mut mines = vec![false; cells];
        // Uniform over the layouts the rule allows: a uniform M-subset of the allowed cells.
        for pick in sample(&mut rng, allowed.len(), self.config.mines.min(allowed.len())) {
            mines[allowed[pick]] = true;
        }
        self.mines = Some(mines);
    }

    fn count(&self, mines: &[bool], index: usize) -> u8 {
        self.neighbours(index).filter(|&n| mines[n]).count() as u8
    }

    /// Reveals (row, column), flood-filling zeros. Revealing a flagged or revealed cell does nothing.
    pub fn reveal(&mut self, row: usize, column: usize) -> Result<GameStatus, BoardError> {
        let index = self.check(row, column)?;
        if self.status != GameStatus::Playing || self.cells[index] != Cell::Covered {
            return Ok(self.status);
        }
        if self.mines.is_none() {
            self.place_mines(index);
        }
        self.clicks += 1;
        self.open(index);
        Ok(self.status)
    }

    fn open(&mut self, start: usize) {
        let Some(mines) = self.mines.take() else { return };
        if mines[start] {
            self.cells[start] = Cell::Exploded;
            self.status = GameStatus::Lost;
            self.mines = Some(mines);
            return;
        }
        let mut stack = vec![start];
        while let Some(index) = stack.pop() {
            if self.cells[index] != Cell::Covered {
                continue;
            }
            let count = self.count(&mines, index);
            self.cells[index] = Cell::Revealed(count);
            self.covered_safe -= 1;
            if count == 0 {
                stack.extend(self.neighbours(index).filter(|&n| self.cells[n] == Cell::Covered));
            }
        }
        if self.covered_safe == 0 {
            self.status = GameStatus::Won;
        }
        self.mines = Some(mines);
    }

    /// Toggles a flag on a covered cell.
    pub fn toggle_flag(&mut self, row: usize, column: usize) -> Result<(), BoardError> {
        let index = self.check(row, column)?;
        if self.status == GameStatus::Playing {
            self.cells[index] = match self.cells[index] {
                Cell::Covered => Cell::Flagged,
                Cell::Flagged => Cell::Covered,
                other => other,
            };
        }
        Ok(())
    }

    /// Chords on a revealed number whose flags match it: reveals its other covered neighbours.
    pub fn chord(&mut self, row: usize, column: usize) -> Result<GameStatus, BoardError> {
        let index = self.check(row, column)?;
        let Cell::Revealed(number) = self.cells[index] else { return Ok(self.status) };
        if self.status != GameStatus::Playing {
            return Ok(self.status);
        }
        let flags = self.neighbours(index).filter(|&n| self.cells[n] == Cell::Flagged).count();
        if flags != usize::from(number) {
            return Ok(self.status);
        }
        self.clicks += 1;
        let covered: Vec<usize> =
            self.neighbours(index).filter(|&n| self.cells[n] == Cell::Covered).collect();
        for neighbour in covered {
            self.open(neighbour);
            if self.status != GameStatus::Playing {
                break;
            }
        }
        Ok(self.status)
    }
}

/// Indices of the up to 8 neighbours of `index` on a `width`×`height` board, row by row, left to
/// right (callers rely on this order for reproducible choices). They are listed into a small
/// array first: the solver walks neighbours in its innermost loops, and a plain array iterator
/// is several times cheaper there than a chain of nested range adapters.
pub fn neighbours(width: usize, height: usize, index: usize) -> impl Iterator<Item = usize> {
    let row = index / width;
    let column = index % width;
    let (left, right) = (column > 0, column + 1 < width);
    let mut cells = [0usize; 8];
    let mut count = 0;
    let mut push_row = |middle: usize, with_middle: bool| {
        for (present, cell) in [(left, middle.wrapping_sub(1)), (with_middle, middle), (right, middle + 1)] {
            if present {
                cells[count] = cell;
                count += 1;
            }
        }
    };
    if row > 0 {
        push_row(index - width, true);
    }
    push_row(index, false);
    if row + 1 < height {
        push_row(index + width, true);
    }
    cells.into_iter().take(count)
}

/// What the solver (and the text format) sees of a board: the visible board and the total number of mines.
#[derive(Clone, Copy, Debug)]
pub struct BoardView<'a> {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Mines on the whole board.
    pub mines: usize,
    /// Visible cells, row by row.
    pub cells: &'a [Cell],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_click_is_never_a_mine_under_safe() {
        let config = BoardConfig::new(9, 9, 80, FirstClickRule::Safe).unwrap();
        for seed in 0..200 {
            let mut game = Game::new(config, seed);
            assert_ne!(game.reveal(4, 4).unwrap(), GameStatus::Lost, "seed {seed}");
        }
    }

    #[test]
    fn opening_rule_opens_an_area() {
        let config = BoardConfig::parse_level("expert", FirstClickRule::Opening).unwrap();
        for seed in 0..200 {
            let mut game = Game::new(config, seed);
            game.reveal(0, 0).unwrap();
            assert_eq!(game.cell(0, 0), Cell::Revealed(0), "seed {seed}");
        }
    }

    #[test]
    fn placement_is_seeded_and_counts_are_right() {
        let config = BoardConfig::parse_level("intermediate", FirstClickRule::Safe).unwrap();
        let mut a = Game::new(config, 7);
        let mut b = Game::new(config, 7);
        a.reveal(3, 3).unwrap();
        b.reveal(3, 3).unwrap();
        assert_eq!(a.mine_layout(), b.mine_layout());
        let mines = a.mine_layout().unwrap();
        assert_eq!(mines.iter().filter(|m| **m).count(), 40);
        for (index, cell) in a.cells().iter().enumerate() {
            if let Cell::Revealed(n) = cell {
                assert_eq!(usize::from(*n), neighbours(16, 16, index).filter(|&i| mines[i]).count());
            }
        }
    }

    #[test]
    fn bad_boards_are_clear_errors() {
        assert!(matches!(
            BoardConfig::new(0, 5, 1, FirstClickRule::Safe),
            Err(BoardError::SizeOutOfRange { .. })
        ));
        assert!(BoardConfig::new(3, 3, 9, FirstClickRule::Safe).is_err());
        assert!(BoardConfig::new(3, 3, 8, FirstClickRule::Safe).is_ok());
        assert!(BoardConfig::new(3, 3, 1, FirstClickRule::Opening).is_err());
        assert!(
            BoardConfig::parse_level("huge", FirstClickRule::Safe).unwrap_err().to_string().contains("huge")
        );
        assert_eq!(
            BoardConfig::parse_level("30x16/99", FirstClickRule::Safe).unwrap().level_name(),
            "expert"
        );
    }

    #[test]
    fn chording_reveals_unflagged_neighbours() {
        // Row 0: mine at column 0; revealing (0, 2) shows 0? Build a fixed layout instead.
        let config = BoardConfig::new(3, 3, 1, FirstClickRule::None).unwrap();
        let mut mines = vec![false; 9];
        mines[0] = true;
        let mut game = Game::with_mines(config, mines);
        game.reveal(1, 1).unwrap();
        assert_eq!(game.cell(1, 1), Cell::Revealed(1));
        game.toggle_flag(0, 0).unwrap();
        game.chord(1, 1).unwrap();
        assert_eq!(game.status(), GameStatus::Won);
        assert_eq!(game.mine_counter(), 0);
    }

    #[test]
    fn neighbours_are_listed_row_by_row() {
        for (width, height) in [(1, 1), (1, 5), (5, 1), (2, 2), (3, 3), (30, 16)] {
            for index in 0..width * height {
                let (row, column) = ((index / width) as i64, (index % width) as i64);
                let mut expected = Vec::new();
                for r in row - 1..=row + 1 {
                    for c in column - 1..=column + 1 {
                        let inside = (0..height as i64).contains(&r) && (0..width as i64).contains(&c);
                        if inside && (r, c) != (row, column) {
                            expected.push(r as usize * width + c as usize);
                        }
                    }
                }
                let listed: Vec<usize> = neighbours(width, height, index).collect();
                assert_eq!(listed, expected, "{width}x{height}, cell {index}");
            }
        }
    }
}
