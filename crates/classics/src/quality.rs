//! Quality of Living (IOI 2010, day 1, task 3): in an R x C grid of distinct ranks, the H x W
//! rectangle (H, W odd) with the smallest median rank. Bisection on the answer: for a guess m,
//! mark each cell -1 when its rank is at most m and +1 when above; a rectangle's median is at
//! most m exactly when its marks sum below zero, which 2-D prefix sums tell for every rectangle
//! in one pass. About log2(RC) passes of O(RC) each.

use super::ClassicsError;
use rand::SeedableRng;
use rand::seq::SliceRandom;

/// Most cells a grid may have (the task's largest is 3000 x 3000).
pub const MAX_CELLS: usize = 3000 * 3000 * 4;

/// A grid of distinct ranks 1..=R*C, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Ranks, row-major.
    pub ranks: Vec<u32>,
}

/// A task: the grid and the rectangle's height and width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    /// The grid.
    pub grid: Grid,
    /// Rectangle height (odd, at most the rows).
    pub height: usize,
    /// Rectangle width (odd, at most the columns).
    pub width: usize,
}

/// A best rectangle: its median and its top-left cell (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Answer {
    /// The smallest median.
    pub median: u32,
    /// Top row of the first rectangle (row-major order) with that median.
    pub row: usize,
    /// Left column.
    pub col: usize,
}

/// One bisection step: the guess and whether some rectangle's median was at most it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Step {
    /// The guessed median.
    pub guess: u32,
    /// Whether a rectangle with median at most `guess` exists.
    pub reached: bool,
    /// The bounds of the answer before the step.
    pub low: u32,
    /// Upper bound before the step.
    pub high: u32,
}

impl Grid {
    /// The rank at a cell.
    pub fn rank(&self, row: usize, col: usize) -> u32 {
        self.ranks[row * self.cols + col]
    }

    /// A random grid: the ranks 1..=R*C shuffled from `seed`.
    pub fn random(rows: usize, cols: usize, seed: u64) -> Result<Self, ClassicsError> {
        check_size(rows, cols)?;
        let mut ranks: Vec<u32> = (1..=(rows * cols) as u32).collect();
        ranks.shuffle(&mut rand_pcg::Pcg64Mcg::seed_from_u64(seed));
        Ok(Self { rows, cols, ranks })
    }
}

fn check_size(rows: usize, cols: usize) -> Result<(), ClassicsError> {
    if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
        return Err(ClassicsError::input(format!(
            "a {rows} x {cols} grid is out of range: rows and columns from 1, at most {MAX_CELLS} cells"
        )));
    }
    Ok(())
}

impl Task {
    /// A task after checking the rectangle fits and is odd by odd.
    pub fn new(grid: Grid, height: usize, width: usize) -> Result<Self, ClassicsError> {
        if height == 0 || width == 0 || height.is_multiple_of(2) || width.is_multiple_of(2) {
            return Err(ClassicsError::input(format!(
                "the rectangle must be odd by odd, not {height} x {width}"
            )));
        }
        if height > grid.rows || width > grid.cols {
            return Err(ClassicsError::input(format!(
                "a {height} x {width} rectangle does not fit a {} x {} grid",
                grid.rows, grid.cols
            )));
        }
        Ok(Self { grid, height, width })
    }

    /// Reads the task's input: `R C H W`, then R rows of C ranks, the ranks being 1..=R*C each
    /// once. Errors name the line and the token.
    pub fn parse(text: &str) -> Result<Self, ClassicsError> {
        let mut tokens = text
            .lines()
            .enumerate()
            .flat_map(|(line, content)| content.split_whitespace().map(move |token| (line + 1, token)));
        let mut number = |what: &str| -> Result<(usize, u64), ClassicsError> {
            let (line, token) =
                tokens.next().ok_or_else(|| ClassicsError::input(format!("the input ends before {what}")))?;
            token.parse::<u64>().map(|value| (line, value)).map_err(|_| {
                ClassicsError::input(format!("line {line}: '{token}' is not a whole number ({what})"))
            })
        };
        let (_, rows) = number("R")?;
        let (_, cols) = number("C")?;
        let (_, height) = number("H")?;
        let (_, width) = number("W")?;
        let (rows, cols) = (rows as usize, cols as usize);
        check_size(rows, cols)?;
        let cells = rows * cols;
        let mut ranks = Vec::with_capacity(cells);
        let mut seen = vec![false; cells + 1];
        for index in 0..cells {
            let (line, rank) = number(&format!("the rank of row {}, column {}", index / cols, index % cols))?;
            if rank == 0 || rank > cells as u64 {
                return Err(ClassicsError::input(format!("line {line}: rank {rank} is outside 1..={cells}")));
            }
            if std::mem::replace(&mut seen[rank as usize], true) {
                return Err(ClassicsError::input(format!("line {line}: rank {rank} appears twice")));
            }
            ranks.push(rank as u32);
        }
        if let Some((line, token)) = tokens.next() {
            return Err(ClassicsError::input(format!("line {line}: '{token}' after the last row")));
        }
        Task::new(Grid { rows, cols, ranks }, height as usize, width as usize)
    }

    /// The task in its input format.
    pub fn text(&self) -> String {
        let mut text = format!("{} {} {} {}\n", self.grid.rows, self.grid.cols, self.height, self.width);
        for row in self.grid.ranks.chunks(self.grid.cols) {
            let line: Vec<String> = row.iter().map(u32::to_string).collect();
            text.push_str(&line.join(" "));
            text.push('\n');
        }
        text
    }

    /// Cells of a rectangle at most its median.
    fn half(&self) -> i64 {
        (self.height * self.width).div_ceil(2) as i64
    }
}

/// Prefix counts of the cells at most a guess, reused across guesses.
struct Counts {
    cols: usize,
    sums: Vec<u32>,
}

impl Counts {
    fn new(grid: &Grid) -> Self {
        Self { cols: grid.cols + 1, sums: vec![0; (grid.rows + 1) * (grid.cols + 1)] }
    }

    /// Fills the counts for `guess`, then returns the first rectangle (row-major) holding at
    /// least `half` cells at most the guess.
    fn first_reaching(&mut self, task: &Task, guess: u32) -> Option<(usize, usize)> {
        let grid = &task.grid;
        let stride = self.cols;
        for row in 0..grid.rows {
            let mut running = 0u32;
            let (above, here) = self.sums.split_at_mut((row + 1) * stride);
            let above = &above[row * stride..];
            let here = &mut here[..stride];
            let ranks = &grid.ranks[row * grid.cols..(row + 1) * grid.cols];
            for col in 0..grid.cols {
                running += (ranks[col] <= guess) as u32;
                here[col + 1] = above[col + 1] + running;
            }
        }
        let half = task.half() as u32;
        let (height, width) = (task.height, task.width);
        for row in 0..=grid.rows - height {
            let top = &self.sums[row * stride..];
            let bottom = &self.sums[(row + height) * stride..];
            for col in 0..=grid.cols - width {
                let count = bottom[col + width] + top[col] - bottom[col] - top[col + width];
                if count >= half {
                    return Some((row, col));
                }
            }
        }
        None
    }
}

/// The smallest median by bisection; `steps`, when given, receives each step.
pub fn solve(task: &Task, mut steps: Option<&mut Vec<Step>>) -> Answer {
    let mut counts = Counts::new(&task.grid);
    let (mut low, mut high) = (1u32, (task.grid.rows * task.grid.cols) as u32);
    // The answer is in low..=high; every rectangle reaches the largest rank.
    let mut best =
        counts.first_reaching(task, high).expect("every rectangle's median is at most the largest rank");
    while low < high {
        let guess = low + (high - low) / 2;
        let found = counts.first_reaching(task, guess);
        if let Some(steps) = steps.as_deref_mut() {
            steps.push(Step { guess, reached: found.is_some(), low, high });
        }
        match found {
            Some(position) => {
                best = position;
                high = guess;
            }
            None => low = guess + 1,
        }
    }
    if best_is_stale(task, &mut counts, low, best) {
        best = counts.first_reaching(task, low).expect("the answer is reached");
    }
    Answer { median: low, row: best.0, col: best.1 }
}

/// Whether the remembered rectangle came from a larger guess than the answer (then another
/// rectangle may come first in row-major order).
fn best_is_stale(task: &Task, counts: &mut Counts, answer: u32, best: (usize, usize)) -> bool {
    counts.first_reaching(task, answer) != Some(best)
}

/// The median of one rectangle (sorting its ranks).
pub fn median_at(task: &Task, row: usize, col: usize) -> u32 {
    let mut ranks: Vec<u32> = (row..row + task.height)
        .flat_map(|r| (col..col + task.width).map(move |c| (r, c)))
        .map(|(r, c)| task.grid.rank(r, c))
        .collect();
    let middle = ranks.len() / 2;
    *ranks.select_nth_unstable(middle).1
}

/// Every rectangle's median by sorting: the oracle (first best rectangle in row-major order).
pub fn brute_force(task: &Task) -> Answer {
    let mut best = Answer { median: u32::MAX, row: 0, col: 0 };
    for row in 0..=task.grid.rows - task.height {
        for col in 0..=task.grid.cols - task.width {
            let median = median_at(task, row, col);
            if median < best.median {
                best = Answer { median, row, col };
            }
        }
    }
    best
}

/// Each cell's mark for a guess: -1 at most the guess, +1 above it (the write-up's map; the
/// guess itself would be 0 there, here it counts with the cells below).
pub fn marks(grid: &Grid, guess: u32) -> Vec<i8> {
    grid.ranks.iter().map(|&rank| if rank <= guess { -1 } else { 1 }).collect()
}

/// The two examples of the task statement.
pub fn statement_examples() -> [(Task, u32); 2] {
    let first = Grid {
        rows: 5,
        cols: 5,
        ranks: vec![
            5, 11, 12, 16, 25, 17, 18, 2, 7, 10, 4, 23, 20, 3, 1, 24, 21, 19, 14, 9, 6, 22, 8, 13, 15,
        ],
    };
    let second = Grid { rows: 2, cols: 6, ranks: vec![6, 1, 2, 11, 7, 5, 9, 3, 4, 10, 12, 8] };
    [
        (Task::new(first, 3, 3).expect("the example fits"), 9),
        (Task::new(second, 1, 5).expect("the example fits"), 5),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    #[test]
    fn the_statement_examples() {
        for (task, median) in statement_examples() {
            let answer = solve(&task, None);
            assert_eq!(answer.median, median);
            assert_eq!(answer, brute_force(&task));
            assert_eq!(median_at(&task, answer.row, answer.col), median);
        }
    }

    #[test]
    fn bisection_agrees_with_brute_force_on_random_grids() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(2010);
        for seed in 0..1000 {
            let rows: usize = rng.random_range(1..=9);
            let cols: usize = rng.random_range(1..=9);
            let height = 2 * rng.random_range(0..rows.div_ceil(2)) + 1;
            let width = 2 * rng.random_range(0..cols.div_ceil(2)) + 1;
            let task = Task::new(Grid::random(rows, cols, seed).unwrap(), height, width).unwrap();
            assert_eq!(solve(&task, None), brute_force(&task), "{}", task.text());
        }
    }

    #[test]
    fn the_input_format_round_trips_and_rejects_bad_files() {
        let (task, _) = statement_examples().into_iter().next().unwrap();
        assert_eq!(Task::parse(&task.text()).unwrap(), task);
        for (text, needle) in [
            ("2 2 1 1\n1 2\n3", "ends before"),
            ("2 2 1 1\n1 2\n3 3", "line 3: rank 3 appears twice"),
            ("2 2 1 1\n1 2\n3 9", "outside 1..=4"),
            ("2 2 2 1\n1 2\n3 4", "odd by odd"),
            ("2 2 3 1\n1 2\n3 4", "does not fit"),
            ("2 x 1 1", "line 1: 'x'"),
            ("1 1 1 1\n1\n7", "line 3: '7' after"),
            ("0 5 1 1", "out of range"),
        ] {
            let error = Task::parse(text).unwrap_err().to_string();
            assert!(error.contains(needle), "{text:?}: {error}");
        }
    }
}
