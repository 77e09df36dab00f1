//! Tic-tac-toe, a game small enough to solve by brute force: the oracle of the players' tests.

#![allow(dead_code)]

use arena::{Game, Outcome, Side};

/// A tic-tac-toe position: the cells (0 empty, 1 first, 2 second), row by row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TicTacToe {
    pub cells: [u8; 9],
}

const LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

impl TicTacToe {
    pub fn parse(text: &str) -> Self {
        let mut cells = [0; 9];
        for (cell, found) in cells.iter_mut().zip(text.chars().filter(|c| !c.is_whitespace())) {
            *cell = match found {
                'X' => 1,
                'O' => 2,
                _ => 0,
            };
        }
        Self { cells }
    }

    fn winner(&self) -> Option<u8> {
        LINES.iter().find_map(|line| {
            let first = self.cells[line[0]];
            (first != 0 && line.iter().all(|&cell| self.cells[cell] == first)).then_some(first)
        })
    }

    /// The game's value for the side to move by plain minimax: 1, 0 or -1.
    pub fn minimax(&self) -> i32 {
        match self.outcome() {
            Some(Outcome::Draw) => return 0,
            Some(Outcome::Win(side)) => return if side == self.to_move() { 1 } else { -1 },
            None => {}
        }
        self.moves()
            .into_iter()
            .map(|step| {
                let mut after = self.clone();
                after.play(step);
                -after.minimax()
            })
            .max()
            .unwrap()
    }
}

impl Game for TicTacToe {
    type Move = usize;

    fn to_move(&self) -> Side {
        if self.cells.iter().filter(|&&cell| cell != 0).count() % 2 == 0 { Side::First } else { Side::Second }
    }

    fn moves(&self) -> Vec<usize> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        (0..9).filter(|&cell| self.cells[cell] == 0).collect()
    }

    fn play(&mut self, step: usize) {
        self.cells[step] = if self.to_move() == Side::First { 1 } else { 2 };
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.winner() {
            Some(1) => Some(Outcome::Win(Side::First)),
            Some(_) => Some(Outcome::Win(Side::Second)),
            None if self.cells.iter().all(|&cell| cell != 0) => Some(Outcome::Draw),
            None => None,
        }
    }

    fn hash(&self) -> u64 {
        self.cells.iter().fold(0, |hash, &cell| hash * 3 + u64::from(cell))
    }

    fn evaluate(&self) -> Option<f64> {
        Some(0.0)
    }

    fn move_text(&self, step: usize) -> String {
        (step + 1).to_string()
    }
}

/// Every position reachable from the empty board that is not over.
pub fn positions() -> Vec<TicTacToe> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![TicTacToe::default()];
    let mut found = Vec::new();
    while let Some(position) = stack.pop() {
        if position.outcome().is_some() || !seen.insert(position.cells) {
            continue;
        }
        for step in position.moves() {
            let mut after = position.clone();
            after.play(step);
            stack.push(after);
        }
        found.push(position);
    }
    found
}
