//! A game as played: the moves, the position, and how it ended (the position alone cannot
//! hold a won game: the solver's positions are never won already).

use super::position::{CELLS, Position, PositionError, WIDTH};
use super::solver::best_by_centre;
use rand::RngExt;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player (1 moves first, 2 second) made four in a row.
    Won(u8),
    /// The board filled with no four in a row.
    Draw,
}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// The column is not 1-7 or is full.
    #[error("column {0} is full or not on the board (1-7)")]
    Column(usize),
}

/// A game: the columns played (0-based), the position before the last move when that move won,
/// and the outcome.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    moves: Vec<usize>,
    position: Position,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game not started.
    pub fn new() -> Self {
        Self::default()
    }

    /// The game of the moves in `text` (1-based columns), whose last move may win.
    pub fn parse(text: &str) -> Result<Self, PositionError> {
        let mut game = Self::new();
        let count = text.chars().count();
        for (index, found) in text.chars().enumerate() {
            let move_number = index + 1;
            let column = super::position::column_of(move_number, found)?;
            if !game.position.can_play(column) {
                return Err(PositionError::FullColumn { move_number, column: column + 1 });
            }
            if game.position.is_winning_move(column) && move_number < count {
                return Err(PositionError::AlreadyWon { move_number, column: column + 1 });
            }
            game.play(column).expect("checked above");
        }
        Ok(game)
    }

    /// Plays `column` (0-based).
    pub fn play(&mut self, column: usize) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::Over);
        }
        if !self.position.can_play(column) {
            return Err(MoveError::Column(column + 1));
        }
        let mover = self.to_move();
        self.moves.push(column);
        if self.position.is_winning_move(column) {
            self.outcome = Some(Outcome::Won(mover));
            return Ok(());
        }
        self.position.play_column(column);
        if self.position.moves() == CELLS {
            self.outcome = Some(Outcome::Draw);
        }
        Ok(())
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(_) = self.moves.pop() else { return false };
        let moves = std::mem::take(&mut self.moves);
        *self = Self::new();
        for column in moves {
            self.play(column).expect("a move of the same game");
        }
        true
    }

    /// The columns played, 0-based.
    pub fn moves(&self) -> &[usize] {
        &self.moves
    }

    /// The moves as text, 1-based columns (`4453`).
    pub fn text(&self) -> String {
        self.moves.iter().map(|column| char::from(b'1' + *column as u8)).collect()
    }

    /// The position to move from (before the winning move of a won game).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The player to move: 1 (first) or 2.
    pub fn to_move(&self) -> u8 {
        if self.moves.len().is_multiple_of(2) { 1 } else { 2 }
    }

    /// The stone at `column`, `row` (0 at the bottom): 1, 2, or 0 when empty; the winning
    /// stone of a won game included.
    pub fn stone(&self, column: usize, row: usize) -> u8 {
        if let (Some(Outcome::Won(player)), Some(&last)) = (self.outcome, self.moves.last())
            && last == column
            && row == self.position.height(column)
        {
            return player;
        }
        self.position.stone(column, row)
    }

    /// The cells of the four (or more) in a row of a won game, as (column, row).
    pub fn winning_line(&self) -> Vec<(usize, usize)> {
        let Some(Outcome::Won(player)) = self.outcome else { return Vec::new() };
        let mut cells = Vec::new();
        let at = |column: isize, row: isize| {
            (0..WIDTH as isize).contains(&column)
                && (0..super::HEIGHT as isize).contains(&row)
                && self.stone(column as usize, row as usize) == player
        };
        let last = *self.moves.last().expect("a won game has moves");
        let (column, row) = (last as isize, self.position.height(last) as isize);
        for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            let mut line = vec![(column, row)];
            for sign in [1, -1] {
                let (mut c, mut r) = (column + sign * dc, row + sign * dr);
                while at(c, r) {
                    line.push((c, r));
                    c += sign * dc;
                    r += sign * dr;
                }
            }
            if line.len() >= 4 {
                cells.extend(line.into_iter().map(|(c, r)| (c as usize, r as usize)));
            }
        }
        cells
    }
}

impl std::fmt::Display for Game {
    /// The board a row a line, top row first (`X` the first player, `O` the second, `.` empty,
    /// the winning stone included), then the column numbers.
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str(&super::position::draw(|column, row| self.stone(column, row), " "))?;
        formatter.write_str(" 1 2 3 4 5 6 7")
    }
}

/// A column chosen uniformly among those with room; `None` on a full board.
pub fn random_column(position: &Position, rng: &mut impl rand::Rng) -> Option<usize> {
    let open: Vec<usize> = (0..WIDTH).filter(|&column| position.can_play(column)).collect();
    (!open.is_empty()).then(|| open[rng.random_range(0..open.len())])
}

/// One game of random moves from `position`: 1 when the side to move there wins, -1 when it
/// loses, 0 for a draw.
pub fn random_playout(position: &Position, rng: &mut impl rand::Rng) -> i32 {
    let mut current = *position;
    let mut sign = 1;
    while let Some(column) = random_column(&current, rng) {
        if current.is_winning_move(column) {
            return sign;
        }
        current.play_column(column);
        sign = -sign;
    }
    0
}

/// The column with the highest rate, the centre first among equals.
pub fn best_rate(rates: &[Option<f64>; WIDTH]) -> Option<usize> {
    best_by_centre(rates)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_ends_on_its_winning_move_and_undo_takes_it_back() {
        let mut game = Game::parse("121212").unwrap();
        assert_eq!(game.outcome(), None);
        game.play(0).unwrap();
        assert_eq!(game.outcome(), Some(Outcome::Won(1)));
        assert_eq!(game.stone(0, 3), 1);
        assert_eq!(game.winning_line().len(), 4);
        assert_eq!(game.play(1), Err(MoveError::Over));
        assert_eq!(game.text(), "1212121");
        assert_eq!(Game::parse("1212121").unwrap(), game);
        assert!(game.undo());
        assert_eq!(game.outcome(), None);
        // A winning move that is not the last: the moves after it were never played.
        assert_eq!(Game::parse("12121212"), Err(PositionError::AlreadyWon { move_number: 7, column: 1 }));
    }
}
