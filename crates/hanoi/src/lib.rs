//! Towers of Hanoi with any start and 3 to 16 pegs: positions, legal moves, the optimal 3-peg
//! solution between any two positions, Frame–Stewart for p pegs, and breadth-first search of the
//! whole state graph.
//!
//! Source: the blog series "Bringing Down Towers of Hanoi" (the write-up, parts 6 to 10: a 3-peg
//! solver that finishes a half-solved puzzle, a 4-peg solver that searches the best split of
//! the disks, a quoted formula for the average distance between positions and a guessed closed
//! form `4n - 2m + 1`).
//!
//! - [`Position`]: where each disk is; text form one digit per disk from the largest.
//! - [`three`]: 3 pegs, any position to any position, optimally (the largest disk that must move
//!   moves once or twice).
//! - [`frame_stewart`]: the Frame–Stewart number and best split for p pegs, with the move list.
//! - [`search`]: breadth-first search over all p^n positions (a visited bit per position, the
//!   frontier as a list, both cores).

pub mod figure;
pub mod frame_stewart;
pub mod search;
pub mod three;

use serde::Serialize;

/// Fewest pegs.
pub const MIN_PEGS: usize = 3;
/// Most pegs.
pub const MAX_PEGS: usize = 16;
/// Pegs: every command's `--pegs` (checked by the functions here) and the panel's.
pub const PEGS: curio_core::bounds::Bounds<usize> = curio_core::bounds::Bounds::new(MIN_PEGS, MAX_PEGS, 3);
/// Most disks for the formulas and the algorithms.
pub const MAX_DISKS: usize = 30;

/// One move: a disk (0 the smallest) from a peg to a peg.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Move {
    /// The disk, 0 the smallest.
    pub disk: u8,
    /// The peg it leaves.
    pub from: u8,
    /// The peg it goes to.
    pub to: u8,
}

/// A bad position or puzzle, in words that name the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HanoiError {
    /// Pegs out of range.
    #[error("{0} pegs: Curio takes {MIN_PEGS} to {MAX_PEGS}")]
    Pegs(usize),
    /// Disks out of range.
    #[error("{0} disks: Curio takes 1 to {MAX_DISKS}")]
    Disks(usize),
    /// A position of the wrong length.
    #[error(
        "position '{text}' names {found} disks; the puzzle has {expected} (one digit per disk, largest first)"
    )]
    Length {
        /// The text.
        text: String,
        /// Its digits.
        found: usize,
        /// The puzzle's disks.
        expected: usize,
    },
    /// A peg that does not exist.
    #[error("position '{text}': '{symbol}' is not a peg of {pegs} (0 to {last}; pegs past 9 are a to f)")]
    Peg {
        /// The text.
        text: String,
        /// The character.
        symbol: char,
        /// The puzzle's pegs.
        pegs: usize,
        /// The last peg's symbol.
        last: char,
    },
    /// Asked to stop.
    #[error("cancelled")]
    Cancelled,
    /// Too many positions to search.
    #[error("{pegs} pegs and {disks} disks make {positions} positions; the search takes at most {limit}")]
    TooBig {
        /// Pegs.
        pegs: usize,
        /// Disks.
        disks: usize,
        /// p^n.
        positions: u128,
        /// The limit.
        limit: u64,
    },
    /// The dense search sweeps its array once a layer, and 3 pegs make too many layers.
    #[error(
        "the dense search takes 4 pegs or more (3 pegs make too many layers to sweep): use the frontier search"
    )]
    DenseNeedsFourPegs,
}

/// A peg's symbol in a position's text: 0 to 9, then a to f.
pub fn peg_symbol(peg: usize) -> char {
    char::from_digit(peg as u32, 16).expect("a peg below 16")
}

/// Checks a puzzle's size.
pub fn check_size(pegs: usize, disks: usize) -> Result<(), HanoiError> {
    if !PEGS.contains(pegs) {
        return Err(HanoiError::Pegs(pegs));
    }
    if !(1..=MAX_DISKS).contains(&disks) {
        return Err(HanoiError::Disks(disks));
    }
    Ok(())
}

/// Where every disk is: `disks[i]` is the peg of disk i (0 the smallest). Any assignment is a
/// legal position (each peg's disks stack largest at the bottom).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Position {
    /// Pegs in the puzzle.
    pub pegs: usize,
    /// The peg of each disk, smallest first.
    pub disks: Vec<u8>,
}

impl Position {
    /// Every disk on `peg`.
    pub fn tower(pegs: usize, disks: usize, peg: u8) -> Position {
        Position { pegs, disks: vec![peg; disks] }
    }

    /// Parses one digit per disk from the largest (`0013`: disks 4 and 3 on peg 0, disk 2 on peg
    /// 1, disk 1 on peg 3).
    pub fn parse(text: &str, pegs: usize, disks: usize) -> Result<Position, HanoiError> {
        check_size(pegs, disks)?;
        let text = text.trim();
        let symbols: Vec<char> = text.chars().collect();
        if symbols.len() != disks {
            return Err(HanoiError::Length { text: text.to_string(), found: symbols.len(), expected: disks });
        }
        let mut placed = Vec::with_capacity(disks);
        for &symbol in symbols.iter().rev() {
            let peg = symbol.to_digit(16).filter(|&peg| (peg as usize) < pegs).ok_or_else(|| {
                HanoiError::Peg { text: text.to_string(), symbol, pegs, last: peg_symbol(pegs - 1) }
            })?;
            placed.push(peg as u8);
        }
        Ok(Position { pegs, disks: placed })
    }

    /// The text form, largest disk first.
    pub fn text(&self) -> String {
        self.disks.iter().rev().map(|&peg| peg_symbol(usize::from(peg))).collect()
    }

    /// The smallest disk on each peg (`None`: empty).
    pub fn tops(&self) -> Vec<Option<u8>> {
        let mut tops = vec![None; self.pegs];
        for (disk, &peg) in self.disks.iter().enumerate() {
            if tops[usize::from(peg)].is_none() {
                tops[usize::from(peg)] = Some(disk as u8);
            }
        }
        tops
    }

    /// Whether `step` is legal here: the disk is on top of its peg and smaller than the
    /// destination's top.
    pub fn allows(&self, step: Move) -> bool {
        let tops = self.tops();
        usize::from(step.disk) < self.disks.len()
            && self.disks[usize::from(step.disk)] == step.from
            && step.from != step.to
            && usize::from(step.to) < self.pegs
            && tops[usize::from(step.from)] == Some(step.disk)
            && tops[usize::from(step.to)].is_none_or(|top| top > step.disk)
    }

    /// Makes `step` (legal or not).
    pub fn apply(&mut self, step: Move) {
        self.disks[usize::from(step.disk)] = step.to;
    }

    /// Every legal move.
    pub fn moves(&self) -> Vec<Move> {
        let tops = self.tops();
        let mut moves = Vec::new();
        for from in 0..self.pegs {
            let Some(disk) = tops[from] else { continue };
            for (to, top) in tops.iter().enumerate() {
                if to != from && top.is_none_or(|top| top > disk) {
                    moves.push(Move { disk, from: from as u8, to: to as u8 });
                }
            }
        }
        moves
    }

    /// The position as a number: disk i's peg is digit i in base `pegs`.
    pub fn index(&self) -> u64 {
        self.disks.iter().rev().fold(0u64, |index, &peg| index * self.pegs as u64 + u64::from(peg))
    }

    /// The position of a number ([`Position::index`]).
    pub fn from_index(mut index: u64, pegs: usize, disks: usize) -> Position {
        let mut placed = Vec::with_capacity(disks);
        for _ in 0..disks {
            placed.push((index % pegs as u64) as u8);
            index /= pegs as u64;
        }
        Position { pegs, disks: placed }
    }
}

/// Checks a move list from `start`: every move legal; returns where it ends.
pub fn replay(start: &Position, moves: &[Move]) -> Result<Position, String> {
    let mut position = start.clone();
    for (number, &step) in moves.iter().enumerate() {
        if !position.allows(step) {
            return Err(format!("move {} ({step:?}) is not legal at {}", number + 1, position.text()));
        }
        position.apply(step);
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn positions_parse_as_the_issue_writes_them() {
        let position = Position::parse("0013", 4, 4).unwrap();
        // Disks 4 and 3 on peg 0, disk 2 on peg 1, disk 1 (the smallest) on peg 3.
        assert_eq!(position.disks, vec![3, 1, 0, 0]);
        assert_eq!(position.text(), "0013");
        assert_eq!(position.tops(), vec![Some(2), Some(1), None, Some(0)]);
        assert!(Position::parse("0014", 4, 4).unwrap_err().to_string().contains("'4' is not a peg of 4"));
        assert!(Position::parse("001", 4, 4).unwrap_err().to_string().contains("names 3 disks"));
        assert!(Position::parse("000", 17, 3).unwrap_err().to_string().contains("17 pegs"));
        // Pegs past 9 are letters.
        let many = Position::parse("a90", 11, 3).unwrap();
        assert_eq!(many.disks, vec![0, 9, 10]);
        assert_eq!(many.text(), "a90");
        assert_eq!(Position::parse("A90", 11, 3).unwrap(), many);
        assert!(
            Position::parse("b00", 11, 3).unwrap_err().to_string().contains("'b' is not a peg of 11 (0 to a")
        );
    }

    proptest! {
        #[test]
        fn indices_round_trip_and_moves_are_legal(index in 0u64..4u64.pow(8)) {
            let position = Position::from_index(index, 4, 8);
            prop_assert_eq!(position.index(), index);
            prop_assert_eq!(Position::parse(&position.text(), 4, 8).unwrap(), position.clone());
            for step in position.moves() {
                prop_assert!(position.allows(step));
                let mut next = position.clone();
                next.apply(step);
                // Moves go both ways.
                let back = Move { disk: step.disk, from: step.to, to: step.from };
                prop_assert!(next.allows(back), "{:?} cannot be undone", step);
            }
        }
    }
}
