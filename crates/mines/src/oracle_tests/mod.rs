//! Oracle tests: the solver, the layout draws and the move policy against brute-force
//! enumeration of every mine layout (or a naive search) on boards small enough for it. The
//! shared helpers live here; the tests in `solver`, `layouts` and `policy`.

mod layouts;
mod policy;
mod solver;

use super::bench::Calibration;
use super::board::{BoardConfig, Cell, FirstClickRule, Game, GameStatus, neighbours};
use super::policy::{Action, Policy};
use super::solver::{
    BoardView, CertainCells, DEFAULT_NODE_BUDGET, SolveOptions, analyze, analyze_with, deduce, sample_layout,
    sample_layout_with,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::seq::SliceRandom;

/// Mine probability of each covered cell over all layouts consistent with the view, and the
/// number of those layouts, or `None` when the view has too many layouts to enumerate.
pub(super) fn brute_force(view: &BoardView<'_>) -> Option<(Vec<Option<f64>>, u64)> {
    let covered: Vec<usize> =
        (0..view.cells.len()).filter(|&i| matches!(view.cells[i], Cell::Covered | Cell::Flagged)).collect();
    let mut counts = vec![0u64; view.cells.len()];
    let mut total = 0u64;
    let mut chosen = vec![false; view.cells.len()];
    let mut visited = 0u64;
    fn consistent(view: &BoardView<'_>, mines: &[bool]) -> bool {
        view.cells.iter().enumerate().all(|(index, cell)| match cell {
            Cell::Revealed(n) => {
                neighbours(view.width, view.height, index).filter(|&m| mines[m]).count() == usize::from(*n)
            }
            _ => true,
        })
    }
    #[allow(clippy::too_many_arguments)]
    fn walk(
        view: &BoardView<'_>,
        covered: &[usize],
        start: usize,
        left: usize,
        chosen: &mut [bool],
        counts: &mut [u64],
        total: &mut u64,
        visited: &mut u64,
    ) -> bool {
        *visited += 1;
        if *visited > 3_000_000 {
            return false;
        }
        if left == 0 {
            if consistent(view, chosen) {
                *total += 1;
                for (index, mine) in chosen.iter().enumerate() {
                    if *mine {
                        counts[index] += 1;
                    }
                }
            }
            return true;
        }
        for position in start..covered.len() {
            if covered.len() - position < left {
                break;
            }
            chosen[covered[position]] = true;
            let ok = walk(view, covered, position + 1, left - 1, chosen, counts, total, visited);
            chosen[covered[position]] = false;
            if !ok {
                return false;
            }
        }
        true
    }
    if !walk(view, &covered, 0, view.mines, &mut chosen, &mut counts, &mut total, &mut visited) {
        return None;
    }
    Some((
        (0..view.cells.len())
            .map(|i| covered.contains(&i).then(|| counts[i] as f64 / total as f64))
            .collect(),
        total,
    ))
}

/// A random board: layout from `seed`, then `clicks` random safe cells revealed (with flood fill).
pub(super) fn random_game(width: usize, height: usize, mines: usize, seed: u64, clicks: usize) -> Game {
    let config = BoardConfig::new(width, height, mines, FirstClickRule::None).expect("valid");
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut layout = vec![true; mines];
    layout.resize(width * height, false);
    layout.shuffle(&mut rng);
    let mut game = Game::with_mines(config, layout.clone());
    let mut safe: Vec<usize> = (0..width * height).filter(|&i| !layout[i]).collect();
    safe.shuffle(&mut rng);
    for index in safe.into_iter().take(clicks) {
        let _ = game.reveal(index / width, index % width);
    }
    game
}

/// A random game with about `density` of its cells mines (at least one, never all), or `None`
/// when the clicks ended it.
pub(super) fn game_in_play(
    width: usize,
    height: usize,
    density: f64,
    seed: u64,
    clicks: usize,
) -> Option<(Game, usize)> {
    let cells = width * height;
    let mines = ((cells as f64 * density).round() as usize).clamp(1, cells - 1);
    let game = random_game(width, height, mines, seed, clicks);
    (game.status() == GameStatus::Playing).then_some((game, mines))
}

/// A random game on a board small enough for brute force: `None` unless there is a covered safe
/// cell, the game is still on, and at most `max_covered` cells are covered. Also its covered cells.
pub(super) fn small_game(
    (width, height, mines): (usize, usize, usize),
    seed: u64,
    clicks: usize,
    max_covered: usize,
) -> Option<(Game, Vec<usize>)> {
    if mines >= width * height {
        return None;
    }
    let game = random_game(width, height, mines, seed, clicks);
    let covered: Vec<usize> =
        (0..width * height).filter(|&i| matches!(game.cells()[i], Cell::Covered)).collect();
    (game.status() == GameStatus::Playing && covered.len() <= max_covered).then_some((game, covered))
}

/// The default options, with the certain cells taken out of every analysis when `always`, as
/// those of boards with components too big to count are.
pub(super) fn certain_cells(always: bool) -> SolveOptions {
    let certain_cells = if always { CertainCells::Always } else { CertainCells::WhenTooBig };
    SolveOptions { certain_cells, ..SolveOptions::default() }
}

/// Every layout consistent with the view (small boards only).
pub(super) fn all_layouts(view: &BoardView<'_>) -> Vec<Vec<bool>> {
    let cells = view.cells.len();
    let covered: Vec<usize> =
        (0..cells).filter(|&i| matches!(view.cells[i], Cell::Covered | Cell::Flagged)).collect();
    let mut result = Vec::new();
    for mask in 0u32..(1 << covered.len()) {
        if mask.count_ones() as usize != view.mines {
            continue;
        }
        let mut layout = vec![false; cells];
        for (bit, &cell) in covered.iter().enumerate() {
            layout[cell] = mask >> bit & 1 == 1;
        }
        if fits(view, &layout) {
            result.push(layout);
        }
    }
    result
}

/// Whether `layout` fits `view`: its mine count, and every revealed number (which is no mine).
pub(super) fn fits(view: &BoardView<'_>, layout: &[bool]) -> bool {
    layout.iter().filter(|&&mine| mine).count() == view.mines
        && view.cells.iter().enumerate().all(|(cell, state)| match state {
            Cell::Revealed(number) => {
                !layout[cell]
                    && neighbours(view.width, view.height, cell).filter(|&n| layout[n]).count()
                        == usize::from(*number)
            }
            _ => true,
        })
}
