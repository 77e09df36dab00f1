//! Guess choice when no cell is certain.
//!
//! The base rule is the least likely mine, ties broken by the fewest covered neighbours (the best
//! chance of a zero). The lookahead ("secondary safety") refines it: for each candidate near the
//! best safety it imagines every number the cell could show, solves that position exactly, and
//! scores the candidate by the chance of surviving this guess *and* the next move:
//! score(c) = Σ_v P(c safe, shows v) · next(v), where next(v) blends the safest and second-safest
//! living cells of the imagined position (4:1; two living certain-safe cells count as 1). A cell
//! is dead when all its covered neighbours are certain, so its number is known and revealing it
//! is no progress; dead cells count only when no living one is left. P(c safe, shows v) comes
//! from the ratio of layout counts of the imagined and the current position. A candidate's score
//! cannot exceed its safety, so candidates are visited safest first and the search stops once no
//! remaining candidate can win; within a candidate, the values not yet imagined add at most their
//! chance, so a candidate is dropped as soon as it cannot beat the best so far (same choice, fewer
//! analyses).
//!
//! Long-term risk (see `risk`): each score is multiplied by 1 + w · influence / safety, where the
//! influence is the chance of the 50/50s that may form through the candidate; a guess there settles
//! them while the loss is still avoidable. Cells with influence join the candidates, and the
//! bounds above use safety times the factor.
//!
//! Candidates: the frontier cells within `cutoff` of the best safety (at most `max_frontier`),
//! and, when the cells away from every number are safe enough, some of those
//! (`off_frontier_candidates`, D. N. Hill's off-edge rule).
//!
//! Source: D. N. Hill's "secondary safety" and living cells
//! (described in his solver's documentation); no code was copied.

use super::board::{Cell, neighbours};
use super::risk::LongTermRisk;
use super::solver::{self, Analysis, BoardView};

/// Settings of the lookahead.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LookaheadSettings {
    /// Candidates must be at least this fraction of the best safety.
    pub cutoff: f64,
    /// Most frontier candidates to examine.
    pub max_frontier: usize,
    /// Off-frontier cells are candidates only when their safety exceeds this fraction of the best
    /// safety (D. N. Hill's off-edge tolerance; at 1 they never are); which of them are examined is
    /// `off_frontier_candidates`'s rule.
    pub off_frontier_cutoff: f64,
    /// Weight of the safest cell against the second safest in `next(v)`.
    pub best_weight: f64,
    /// Weight w of long-term risk (see `risk`): a candidate's score is multiplied by
    /// 1 + w · influence / safety; 0 turns it off.
    pub risk_weight: f64,
}

impl Default for LookaheadSettings {
    fn default() -> Self {
        Self { cutoff: 0.90, max_frontier: 12, off_frontier_cutoff: 0.95, best_weight: 0.8, risk_weight: 0.9 }
    }
}

fn covered_neighbours(view: &BoardView<'_>, cell: usize) -> usize {
    neighbours(view.width, view.height, cell)
        .filter(|&n| matches!(view.cells[n], Cell::Covered | Cell::Flagged))
        .count()
}

/// The least likely mine; ties broken by fewest covered neighbours, then by position.
pub fn safest(view: &BoardView<'_>, analysis: &Analysis) -> usize {
    let best = analysis.probabilities.iter().flatten().cloned().fold(f64::INFINITY, f64::min);
    analysis
        .probabilities
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_some_and(|p| p <= best + 1e-9))
        .map(|(cell, _)| cell)
        .min_by_key(|&cell| (covered_neighbours(view, cell), cell))
        .unwrap_or(0)
}

/// Probabilities this close to 0 or 1 count as certain.
const CERTAIN: f64 = 1e-12;

/// A covered cell is dead when every covered neighbour is a certain mine or certain safe: the
/// number it would show is already known, so revealing it gives no information.
fn is_dead(view: &BoardView<'_>, analysis: &Analysis, cell: usize) -> bool {
    neighbours(view.width, view.height, cell).all(|n| {
        !matches!(view.cells[n], Cell::Covered | Cell::Flagged)
            || analysis.probabilities[n].is_some_and(|p| p <= CERTAIN || p >= 1.0 - CERTAIN)
    })
}

/// Chance of surviving the next move in an analysed position, counting only living (not dead)
/// cells: 1 with two living certain-safe cells, else the blend of the safest and second-safest
/// living cells (a certain-safe cell has safety 1). With no living cell left, the safest dead
/// one; with nothing but mines left, 1 (the game is won).
fn next_safety(view: &BoardView<'_>, analysis: &Analysis, best_weight: f64) -> f64 {
    let living_safe = analysis.safe.iter().filter(|&&cell| !is_dead(view, analysis, cell)).take(2).count();
    if living_safe == 2 {
        return 1.0;
    }
    let (mut first, mut second) = (0.0f64, 0.0f64);
    let mut safest_dead: Option<f64> = None;
    for (cell, p) in analysis.probabilities.iter().enumerate() {
        let Some(p) = *p else { continue };
        if p >= 1.0 - CERTAIN {
            continue;
        }
        let safety = 1.0 - p;
        if safety <= second {
            // Cannot change the top two (this also skips the many off-frontier cells, which share
            // one value, once two living ones are seen); `safest_dead` only matters while both
            // are still 0.
            continue;
        }
        if is_dead(view, analysis, cell) {
            safest_dead = Some(safest_dead.map_or(safety, |best| best.max(safety)));
        } else if safety > first {
            second = first;
            first = safety;
        } else {
            second = safety;
        }
    }
    if first > 0.0 { best_weight * first + (1.0 - best_weight) * second } else { safest_dead.unwrap_or(1.0) }
}

/// The candidate with the best chance of surviving this guess and the next move.
pub fn lookahead(
    view: &BoardView<'_>,
    analysis: &Analysis,
    settings: &LookaheadSettings,
    node_budget: u64,
) -> usize {
    let fallback = safest(view, analysis);
    if !analysis.exact {
        return fallback;
    }
    let best_safety = 1.0 - analysis.probabilities[fallback].unwrap_or(1.0);
    let threshold = best_safety * settings.cutoff;
    let mut frontier: Vec<(f64, usize, usize)> = Vec::new();
    for (cell, p) in analysis.probabilities.iter().enumerate() {
        let Some(p) = p else { continue };
        let safety = 1.0 - p;
        if safety < threshold || safety <= 0.0 || analysis.component_of[cell].is_none() {
            continue;
        }
        frontier.push((safety, covered_neighbours(view, cell), cell));
    }
    frontier.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    frontier.truncate(settings.max_frontier);
    let mut candidates = frontier;
    candidates.extend(off_frontier_candidates(view, analysis, best_safety * settings.off_frontier_cutoff));
    let risk = (settings.risk_weight > 0.0).then(|| LongTermRisk::new(view, analysis, node_budget)).flatten();
    if let Some(risk) = &risk {
        for cell in risk.influenced(best_safety * RISK_CUTOFF, |cell| is_dead(view, analysis, cell)) {
            if !candidates.iter().any(|&(_, _, known)| known == cell) {
                let safety = 1.0 - analysis.probabilities[cell].unwrap_or(1.0);
                candidates.push((safety, covered_neighbours(view, cell), cell));
            }
        }
    }
    // Each candidate with the factor its score is multiplied by (1 without long-term risk).
    let mut weighted: Vec<(f64, usize, usize, f64)> = candidates
        .into_iter()
        .map(|(safety, covered, cell)| {
            let factor = match &risk {
                Some(risk) if safety > 0.0 => 1.0 + settings.risk_weight * risk.influence(cell) / safety,
                _ => 1.0,
            };
            (safety, covered, cell, factor)
        })
        .collect();
    weighted.sort_by(|a, b| (b.0 * b.3).total_cmp(&(a.0 * a.3)).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    let mut best: Option<(f64, usize)> = None;
    for (safety, _, cell, factor) in weighted {
        if best.is_some_and(|(score, _)| safety * factor <= score) {
            break;
        }
        let floor = best.map_or(f64::NEG_INFINITY, |(score, _)| score / factor + 1e-12);
        let bound = Bound { safety, floor };
        if let Some(score) = bounded_score(view, analysis, cell, settings.best_weight, node_budget, bound) {
            best = Some((score * factor, cell));
        }
    }
    best.map_or(fallback, |(_, cell)| cell)
}

/// Below this many off-frontier cells, every one of them is a candidate.
const ALL_OFF_FRONTIER_BELOW: usize = 30;

/// The off-frontier cells the lookahead examines, as (safety, covered neighbours, cell), fewest
/// covered neighbours first (D. N. Hill's off-edge candidates; re-implemented, no code copied).
/// None unless their safety (they all share one) exceeds `threshold`. Then every one of them
/// when fewer than `ALL_OFF_FRONTIER_BELOW` are left; otherwise the cells two steps straight up,
/// down, left or right of a revealed number that still touches an undetermined cell (a number
/// there may settle cells next to what is known), and the cells with two or three covered
/// neighbours (corners, and cells hemmed in by revealed ones: the likeliest to open an area).
fn off_frontier_candidates(
    view: &BoardView<'_>,
    analysis: &Analysis,
    threshold: f64,
) -> Vec<(f64, usize, usize)> {
    let undetermined =
        |cell: usize| analysis.probabilities[cell].is_some_and(|p| p > CERTAIN && p < 1.0 - CERTAIN);
    // (A certain-safe cell counts too, though play takes those before any guess.)
    let off_frontier = |cell: usize| {
        analysis.component_of[cell].is_none()
            && analysis.probabilities[cell].is_some_and(|p| p < 1.0 - CERTAIN)
    };
    let cells: Vec<usize> = (0..view.cells.len()).filter(|&cell| off_frontier(cell)).collect();
    let Some(safety) = cells.first().and_then(|&cell| analysis.probabilities[cell]).map(|p| 1.0 - p) else {
        return Vec::new();
    };
    if safety <= threshold {
        return Vec::new();
    }
    // With few left, every one; else those two steps straight from a number (marked here) and
    // those hemmed in (checked below, with the covered neighbours every candidate needs anyway).
    let every = cells.len() < ALL_OFF_FRONTIER_BELOW;
    let mut near_number = vec![false; view.cells.len()];
    if !every {
        let (width, height) = (view.width, view.height);
        for (index, state) in view.cells.iter().enumerate() {
            if !matches!(state, Cell::Revealed(_)) || !neighbours(width, height, index).any(undetermined) {
                continue;
            }
            let (row, column) = (index / width, index % width);
            let straight = [
                row.checked_sub(2).map(|above| (above, column)),
                (row + 2 < height).then_some((row + 2, column)),
                column.checked_sub(2).map(|left| (row, left)),
                (column + 2 < width).then_some((row, column + 2)),
            ];
            for (target_row, target_column) in straight.into_iter().flatten() {
                near_number[target_row * width + target_column] = true;
            }
        }
    }
    let mut candidates: Vec<(f64, usize, usize)> = cells
        .into_iter()
        .filter_map(|cell| {
            let covered = covered_neighbours(view, cell);
            (every || near_number[cell] || (2..=3).contains(&covered)).then_some((safety, covered, cell))
        })
        .collect();
    candidates.sort_by_key(|&(_, covered, cell)| (covered, cell));
    candidates
}

/// Cells influenced by possible 50/50s join the candidates above this fraction of the best
/// safety (counting their influence).
const RISK_CUTOFF: f64 = 0.9;

/// The chance of surviving a reveal of `cell` and then the next move (see the module text):
/// Σ_v P(cell safe, shows v) · next(v).
pub fn two_move_score(
    view: &BoardView<'_>,
    analysis: &Analysis,
    cell: usize,
    best_weight: f64,
    node_budget: u64,
) -> f64 {
    let safety = 1.0 - analysis.probabilities[cell].unwrap_or(1.0);
    let bound = Bound { safety, floor: f64::NEG_INFINITY };
    bounded_score(view, analysis, cell, best_weight, node_budget, bound).unwrap_or(0.0)
}

/// What a candidate must beat, and the most it can reach.
#[derive(Clone, Copy)]
struct Bound {
    /// The candidate's safety: the chances of its values sum to it.
    safety: f64,
    /// Scores at or below this lose.
    floor: f64,
}

/// `two_move_score`, abandoned (`None`) as soon as it can no longer exceed `bound.floor`: each
/// value not yet imagined adds at most its chance, and the chances sum to the safety.
fn bounded_score(
    view: &BoardView<'_>,
    analysis: &Analysis,
    cell: usize,
    best_weight: f64,
    node_budget: u64,
    bound: Bound,
) -> Option<f64> {
    let mut cells = view.cells.to_vec();
    // Each possible number's share of the score. The likeliest numbers are imagined first (those
    // closest to the expected count of mines around the cell), so that a losing candidate is
    // dropped sooner; the shares are still added in number order, so the score is the same to
    // the last bit whatever the visiting order.
    let mut shares = [0.0f64; 9];
    let mut score = 0.0;
    let mut unseen = bound.safety;
    let possible = possible_values(view, analysis, cell);
    let expected: f64 =
        neighbours(view.width, view.height, cell).filter_map(|n| analysis.probabilities[n]).sum();
    // (The range never passes the number of covered neighbours: it starts there and only narrows.)
    let mut values: Vec<u8> = possible.collect();
    values.sort_by(|a, b| {
        (f64::from(*a) - expected).abs().total_cmp(&(f64::from(*b) - expected).abs()).then(a.cmp(b))
    });
    // The imagined boards differ only in the cell's number: their structure is built once, when
    // the first number is imagined.
    let mut reveal: Option<Option<solver::Reveal<'_>>> = None;
    for value in values {
        // The chances come from ratios of layout counts in log space, so they sum to the safety
        // only to about 1e-12: keep a margin so that rounding never drops the best candidate.
        if score + unseen + 1e-9 <= bound.floor {
            return None;
        }
        cells[cell] = Cell::Revealed(value);
        let imagined = BoardView { cells: &cells, ..*view };
        let reveal = reveal.get_or_insert_with(|| solver::Reveal::new(&imagined, analysis, cell).ok());
        let Some(reveal) = reveal.as_mut() else { continue };
        let Ok(next) = reveal.analyze(&imagined, value, node_budget) else { continue };
        let chance = (next.log_layouts - analysis.log_layouts).exp();
        let next_value = if next.exact { next_safety(&imagined, &next, best_weight) } else { 0.0 };
        let share = chance * next_value;
        shares[usize::from(value)] = share;
        score += share;
        unseen -= chance;
    }
    let score = shares.iter().fold(0.0, |sum, share| sum + share);
    (score > bound.floor).then_some(score)
}

/// The numbers a covered cell could show, as a range that leaves out values no layout allows:
/// its neighbours that are certain mines count, and each revealed number within two cells, with
/// m mines missing among its u undetermined cells (the guessed cell left out), i of them next to
/// the cell, puts at least m − (u − i) of its missing mines and at least i − m of its safe cells
/// next to the cell. Skipping the values outside saves the analyses that would only find the
/// imagined board inconsistent (nine in ten of them, about a third of the lookahead's analyses).
pub(crate) fn possible_values(
    view: &BoardView<'_>,
    analysis: &Analysis,
    cell: usize,
) -> std::ops::RangeInclusive<u8> {
    let (width, height) = (view.width, view.height);
    let is_mine = |n: usize| analysis.mines.binary_search(&n).is_ok();
    let undetermined =
        |n: usize| n != cell && matches!(view.cells[n], Cell::Covered | Cell::Flagged) && !is_mine(n);
    let (row, column) = (cell / width, cell % width);
    let next_to_cell = |n: usize| (n / width).abs_diff(row) <= 1 && (n % width).abs_diff(column) <= 1;
    let known = neighbours(width, height, cell).filter(|&n| is_mine(n)).count();
    let open = neighbours(width, height, cell).filter(|&n| undetermined(n)).count();
    let (mut low, mut high) = (known, known + open);
    for r in row.saturating_sub(2)..=(row + 2).min(height - 1) {
        for c in column.saturating_sub(2)..=(column + 2).min(width - 1) {
            let index = r * width + c;
            let Cell::Revealed(number) = view.cells[index] else { continue };
            let (mut mines, mut inside, mut outside) = (0usize, 0usize, 0usize);
            for n in neighbours(width, height, index) {
                if is_mine(n) {
                    mines += 1;
                } else if undetermined(n) {
                    if next_to_cell(n) {
                        inside += 1;
                    } else {
                        outside += 1;
                    }
                }
            }
            let missing = usize::from(number).saturating_sub(mines);
            low = low.max(known + missing.saturating_sub(outside));
            high = high.min(known + open - inside.saturating_sub(missing));
        }
    }
    low as u8..=high as u8
}

/// A forced 50/50: two covered cells holding exactly one mine that no later reveal can tell
/// apart, so it must be guessed sooner or later; guessing it first can only help (what it shows
/// may settle other guesses). Returns one of the two cells.
///
/// Sound test: both cells have probability 1/2; some number's undetermined covered neighbours
/// are exactly the two cells with one mine left; and every cell next to exactly one of them is a
/// certain mine (never revealed, so never tells them apart).
pub fn forced_fifty_fifty(view: &BoardView<'_>, analysis: &Analysis) -> Option<usize> {
    if !analysis.exact {
        return None;
    }
    let (width, height) = (view.width, view.height);
    let is_mine = |cell: usize| analysis.mines.binary_search(&cell).is_ok();
    let half = |cell: usize| analysis.probabilities[cell].is_some_and(|p| (p - 0.5).abs() < 1e-9);
    for (index, cell) in view.cells.iter().enumerate() {
        let Cell::Revealed(number) = cell else { continue };
        let mut open = Vec::new();
        let mut known_mines = 0;
        for n in neighbours(width, height, index) {
            if matches!(view.cells[n], Cell::Covered | Cell::Flagged) {
                if is_mine(n) {
                    known_mines += 1;
                } else {
                    open.push(n);
                }
            }
        }
        let &[a, b] = open.as_slice() else { continue };
        if usize::from(*number) != known_mines + 1 || !half(a) || !half(b) {
            continue;
        }
        let near_a: Vec<usize> = neighbours(width, height, a).collect();
        let near_b: Vec<usize> = neighbours(width, height, b).collect();
        let mut telling = near_a
            .iter()
            .filter(|n| !near_b.contains(n) && **n != b)
            .chain(near_b.iter().filter(|n| !near_a.contains(n) && **n != a));
        if telling.all(|&n| is_mine(n)) {
            return Some(if covered_neighbours(view, a) <= covered_neighbours(view, b) { a } else { b });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{DEFAULT_NODE_BUDGET, analyze};

    /// A `width` x `height` board with mines at `mines` and the cells of `revealed` showing their
    /// numbers.
    fn board(
        width: usize,
        height: usize,
        mines: &[(usize, usize)],
        revealed: &[(usize, usize)],
    ) -> Vec<Cell> {
        let is_mine = |cell: usize| mines.iter().any(|&(row, column)| row * width + column == cell);
        let mut cells = vec![Cell::Covered; width * height];
        for &(row, column) in revealed {
            let cell = row * width + column;
            cells[cell] =
                Cell::Revealed(neighbours(width, height, cell).filter(|&n| is_mine(n)).count() as u8);
        }
        cells
    }

    fn candidates(view: &BoardView<'_>, threshold: f64) -> Vec<(usize, usize)> {
        let analysis = analyze(view, DEFAULT_NODE_BUDGET).unwrap();
        off_frontier_candidates(view, &analysis, threshold)
            .into_iter()
            .map(|(_, _, cell)| (cell / view.width, cell % view.width))
            .collect()
    }

    #[test]
    fn off_frontier_candidates_are_two_steps_from_a_number_or_hemmed_in() {
        // The top-left 3x3 block revealed on a 10x8 board: 0s inside, 1s and a 2 on its border;
        // 64 covered cells are off the frontier.
        let block: Vec<(usize, usize)> =
            (0..3).flat_map(|row| (0..3).map(move |column| (row, column))).collect();
        let mines = [(1, 3), (3, 1), (5, 5), (6, 8), (2, 7), (7, 4), (4, 6), (0, 6), (5, 2), (6, 6)];
        let cells = board(10, 8, &mines, &block);
        let view = BoardView { width: 10, height: 8, mines: mines.len(), cells: &cells };
        // The cells two steps right of the border numbers and two steps below them, and the three
        // far corners; fewest covered neighbours first (3, then 5 on an edge, then 8), then in
        // board order.
        let expected = [(0, 9), (7, 0), (7, 9), (0, 4), (4, 0), (1, 4), (2, 4), (4, 1), (4, 2)];
        assert_eq!(candidates(&view, 0.0), expected);
        // Below the threshold none is examined.
        assert_eq!(candidates(&view, 0.999), []);
    }

    #[test]
    fn every_off_frontier_cell_is_a_candidate_when_few_are_left() {
        let block: Vec<(usize, usize)> =
            (0..3).flat_map(|row| (0..3).map(move |column| (row, column))).collect();
        let mines = [(1, 3), (3, 1), (5, 5)];
        let cells = board(6, 6, &mines, &block);
        let view = BoardView { width: 6, height: 6, mines: mines.len(), cells: &cells };
        let analysis = analyze(&view, DEFAULT_NODE_BUDGET).unwrap();
        let mut got = candidates(&view, 0.0);
        got.sort();
        let off_frontier: Vec<(usize, usize)> = (0..36)
            .filter(|&cell| analysis.component_of[cell].is_none() && matches!(cells[cell], Cell::Covered))
            .map(|cell| (cell / 6, cell % 6))
            .collect();
        assert_eq!(off_frontier.len(), 20, "{off_frontier:?}");
        assert_eq!(got, off_frontier);
    }
}
