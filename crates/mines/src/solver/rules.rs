//! The trivial and subset rules (`deduce`): certain cells found cheaply by propagation, before
//! and beside the exact count. O(numbers · 8²) per subset pass.

use super::*;

/// Which rule found a certain cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// A number whose covered neighbours must all be mines, or all safe.
    Trivial,
    /// One number's covered neighbours contain another's.
    Subset,
    /// Exact enumeration of the frontier.
    Enumeration,
}

/// Certain cells found by the trivial and subset rules, repeated to a fixed point.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Deductions {
    /// Certain safe cells with the rule that found each.
    pub safe: Vec<(usize, Rule)>,
    /// Certain mines with the rule that found each.
    pub mines: Vec<(usize, Rule)>,
}

/// Applies the trivial rule, then the subset rule, until nothing new is found.
///
/// Propagation: each number keeps its undetermined covered cells and the mines still missing
/// among them; a cell found certain updates the numbers around it, and only those are checked
/// again by the trivial rule. When no trivial step is left, the subset rule compares each
/// number with the numbers that share its first undetermined cell (a superset must contain that
/// cell), and any find goes back to the trivial rule. O(numbers · 8²) per subset pass.
///
/// Contradictions the rules meet on the way are errors: a number with more mines than covered
/// neighbours, or left by its neighbours' certain cells with too many mines or too few cells
/// (`SolveError::UnmetNumber`), and more certain mines (or safe cells) than the mine count
/// allows (`SolveError::Inconsistent`). A consistent board never gives one; an inconsistent one
/// may pass (only the enumeration proves that some layout fits).
pub fn deduce(view: &BoardView<'_>) -> Result<Deductions, SolveError> {
    check_view(view)?;
    let mut numbers = Propagation::new(view);
    let mut result = Deductions::default();
    loop {
        numbers.trivial(&mut result);
        let found = numbers.unmet.is_none() && numbers.subset(&mut result);
        if let Some((cell, reason)) = numbers.unmet {
            let Cell::Revealed(number) = view.cells[cell] else { unreachable!("only numbers are unmet") };
            let (row, column) = (cell / view.width, cell % view.width);
            return Err(SolveError::UnmetNumber { row, column, number, reason });
        }
        if !found {
            break;
        }
    }
    let covered = view.cells.iter().filter(|cell| matches!(cell, Cell::Covered | Cell::Flagged)).count();
    if result.mines.len() > view.mines || result.safe.len() > covered.saturating_sub(view.mines) {
        return Err(SolveError::Inconsistent { mines: view.mines });
    }
    Ok(result)
}

/// A revealed number during `deduce`: its undetermined covered cells and the mines missing
/// among them.
#[derive(Clone, Copy)]
pub(super) struct Number {
    /// The number's cell.
    pub(super) origin: u32,
    pub(super) cells: [u32; 8],
    pub(super) len: u8,
    pub(super) missing: u8,
}

impl Number {
    pub(super) fn cells(&self) -> &[u32] {
        &self.cells[..usize::from(self.len)]
    }
}

/// The state of `deduce`.
pub(super) struct Propagation {
    pub(super) numbers: Vec<Number>,
    /// Numbers next to each cell, as ranges into `around`.
    pub(super) starts: Vec<u32>,
    pub(super) around: Vec<u32>,
    /// 0 undetermined, 1 safe, 2 mine.
    pub(super) known: Vec<u8>,
    /// Numbers to check with the trivial rule.
    pub(super) queue: Vec<u32>,
    pub(super) queued: Vec<bool>,
    /// The first number found that cannot be met (its cell), which stops the rules.
    pub(super) unmet: Option<(usize, UnmetReason)>,
}

impl Propagation {
    pub(super) fn new(view: &BoardView<'_>) -> Self {
        let cells = view.width * view.height;
        let mut numbers = Vec::new();
        let mut unmet = None;
        for (index, cell) in view.cells.iter().enumerate() {
            if let Cell::Revealed(value) = cell {
                let mut number = Number { origin: index as u32, cells: [0; 8], len: 0, missing: *value };
                for n in neighbours(view.width, view.height, index) {
                    if matches!(view.cells[n], Cell::Covered | Cell::Flagged) {
                        number.cells[usize::from(number.len)] = n as u32;
                        number.len += 1;
                    }
                }
                if number.len < number.missing && unmet.is_none() {
                    unmet = Some((index, UnmetReason::TooFewCovered { covered: usize::from(number.len) }));
                }
                if number.len > 0 {
                    numbers.push(number);
                }
            }
        }
        let mut starts = vec![0u32; cells + 1];
        for number in &numbers {
            for &cell in number.cells() {
                starts[cell as usize + 1] += 1;
            }
        }
        for cell in 0..cells {
            starts[cell + 1] += starts[cell];
        }
        let mut fill = starts.clone();
        let mut around = vec![0u32; starts[cells] as usize];
        for (index, number) in numbers.iter().enumerate() {
            for &cell in number.cells() {
                around[fill[cell as usize] as usize] = index as u32;
                fill[cell as usize] += 1;
            }
        }
        let count = numbers.len();
        Self {
            numbers,
            starts,
            around,
            known: vec![0; cells],
            queue: (0..count as u32).rev().collect(),
            queued: vec![true; count],
            unmet,
        }
    }

    /// Records a certain cell and updates the numbers around it; a number left with more mines
    /// than it shows, or fewer undetermined cells than its missing mines, is unmet.
    pub(super) fn settle(&mut self, cell: u32, mine: bool, rule: Rule, result: &mut Deductions) {
        let index = cell as usize;
        if self.known[index] != 0 {
            return;
        }
        self.known[index] = if mine { 2 } else { 1 };
        if mine {
            result.mines.push((index, rule));
        } else {
            result.safe.push((index, rule));
        }
        for slot in self.starts[index]..self.starts[index + 1] {
            let owner = self.around[slot as usize] as usize;
            let number = &mut self.numbers[owner];
            let len = usize::from(number.len);
            if let Some(position) = number.cells[..len].iter().position(|&c| c == cell) {
                number.cells.copy_within(position + 1..len, position);
                number.len -= 1;
                let too_many = mine && number.missing == 0;
                if mine {
                    number.missing = number.missing.saturating_sub(1);
                }
                if (too_many || number.len < number.missing) && self.unmet.is_none() {
                    self.unmet = Some((number.origin as usize, UnmetReason::ByTheNumbersAround));
                }
            }
            if !self.queued[owner] {
                self.queued[owner] = true;
                self.queue.push(owner as u32);
            }
        }
    }

    /// The trivial rule until no queued number yields anything, or a number is unmet.
    pub(super) fn trivial(&mut self, result: &mut Deductions) {
        while self.unmet.is_none()
            && let Some(owner) = self.queue.pop()
        {
            let owner = owner as usize;
            self.queued[owner] = false;
            let number = self.numbers[owner];
            let mine = match number.missing {
                _ if number.len == 0 => continue,
                0 => false,
                missing if missing == number.len => true,
                _ => continue,
            };
            for &cell in number.cells() {
                self.settle(cell, mine, Rule::Trivial, result);
            }
        }
    }

    /// One pass of the subset rule; true when it found a cell. A number that holds a smaller
    /// one's cells must need at least its mines, and no more than its mines plus its other
    /// cells; otherwise it is unmet and the pass stops.
    pub(super) fn subset(&mut self, result: &mut Deductions) -> bool {
        let mut found_any = false;
        for a_index in 0..self.numbers.len() {
            let mut found = false;
            let a = self.numbers[a_index];
            let Some(&first) = a.cells().first() else { continue };
            let first = first as usize;
            for slot in self.starts[first]..self.starts[first + 1] {
                let b_index = self.around[slot as usize] as usize;
                let b = self.numbers[b_index];
                if b_index == a_index
                    || a.len >= b.len
                    || !a.cells().iter().all(|cell| b.cells().contains(cell))
                {
                    continue;
                }
                let rest = b.cells().iter().filter(|cell| !a.cells().contains(cell));
                let mine = match b.missing.checked_sub(a.missing) {
                    Some(0) => false,
                    Some(extra) if extra == b.len - a.len => true,
                    Some(extra) if extra < b.len - a.len => continue,
                    _ => {
                        self.unmet = Some((b.origin as usize, UnmetReason::ByTheNumbersAround));
                        return found_any;
                    }
                };
                for &cell in rest {
                    self.settle(cell, mine, Rule::Subset, result);
                }
                found = true;
                break;
            }
            if found {
                // Let the trivial rule run on what changed before comparing more numbers.
                self.trivial(result);
                found_any = true;
                if self.unmet.is_some() {
                    return found_any;
                }
            }
        }
        found_any
    }
}
