//! Random mine layouts that fit a position (`sample_layout`): uniform where every component
//! can be counted (joint mine totals, then one enumeration per component that keeps one layout),
//! and otherwise a layout found by local search over the components too big to count, mixed
//! towards a uniform draw, with the rest of the board drawn uniformly around it
//! (`layout_search`).
//!
//! Complexity: about one analysis for a board that can be counted; for one that cannot, that of
//! `layout_search`.

use super::layout_search::draw_around_searched;
use super::*;

/// A mine layout drawn by `sample_layout`.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnLayout {
    /// Whether each cell holds a mine.
    pub mines: Vec<bool>,
    /// True when every layout that fits was equally likely. False when a component was too big
    /// to count: its layout was found by a random local search and mixed towards a uniform draw
    /// (it fits, and the draw comes close to uniform as far as measured, but that is not
    /// proved), and the rest of the board was drawn uniformly around it.
    pub uniform: bool,
}

/// How many times `sample_layout` searches the components too big to count for layouts whose
/// mine total leaves a number of mines that the components counted exactly can hold.
pub(super) const SEARCH_TRIES: usize = 8;

/// A mine layout drawn at random from those that agree with `view` (its numbers and mine
/// count), for a board whose mines are not known, such as an imported position; uniformly when
/// every component can be counted within `node_budget`. In the time of about one analysis: the
/// components' mine totals are drawn with their joint chance (`draw_totals`), then each
/// component's layout among those with its total (one enumeration that keeps one layout,
/// `Draw`), the cells of each box uniformly, and the remaining mines go to cells off the
/// frontier uniformly, as every split of them is equally likely. Each step draws with the exact
/// share of the layouts it leads to, so every consistent layout is equally likely.
///
/// A component too big to count gets one layout found by a random local search and mixed
/// (`draw_around_searched`); with its cells assumed as found, the rest is drawn as above, and the
/// result says it is not proved uniform. A contradiction that the trivial and subset rules find is
/// reported as such (`deduce`); `SolveError::TooComplex` when the search does not finish
/// within `node_budget` steps per component searched, or when the searched components' mine
/// total leaves no room for the rest in `SEARCH_TRIES` tries.
pub fn sample_layout(
    view: &BoardView<'_>,
    node_budget: u64,
    rng: &mut impl rand::RngExt,
) -> Result<DrawnLayout, SolveError> {
    sample_layout_with(view, SolveOptions::with_budget(node_budget), rng)
}

/// [`sample_layout`] with its paths chosen by `options`.
pub fn sample_layout_with(
    view: &BoardView<'_>,
    options: SolveOptions,
    rng: &mut impl rand::RngExt,
) -> Result<DrawnLayout, SolveError> {
    check_view(view)?;
    let first = structure(view, &[], None, None).map_err(|error| name_unmet(view, error))?;
    // First within a smaller budget, as `analyze` does.
    let first_budget = options.node_budget.min(FIRST_TRY_NODE_BUDGET);
    let mut combined = combine(view, &first, SolveOptions { node_budget: first_budget, ..options }, true)
        .map_err(|error| name_unmet(view, error))?;
    if !combined.exact {
        // The local search cannot tell a component that no layout fits from a hard one: the
        // rules find the contradictions they can first. With the cells they prove taken out,
        // the components may all be counted (`Certain`): then the draw is uniform after all.
        if let Some(certain) = certain_to_take_out(view, options)?
            && let Ok(Some(mines)) = draw_without(view, &certain, options, rng)
        {
            return Ok(DrawnLayout { mines, uniform: true });
        }
        if first_budget < options.node_budget {
            combined = combine(view, &first, options, true).map_err(|error| name_unmet(view, error))?;
        }
    }
    if combined.exact {
        let mines = draw_layout(view, &first, &combined, options, rng)?;
        return Ok(DrawnLayout { mines, uniform: true });
    }
    let mines = draw_around_searched(view, &first, &combined, |counts| !counts.exact, options, rng)?;
    Ok(DrawnLayout { mines, uniform: false })
}

/// A layout drawn uniformly with the `certain` cells of `view` taken out of its components
/// (and put back: its certain mines are mines), where they can all be counted then; `None`
/// where they cannot.
fn draw_without(
    view: &BoardView<'_>,
    certain: &Certain,
    options: SolveOptions,
    rng: &mut impl rand::RngExt,
) -> Result<Option<Vec<bool>>, SolveError> {
    let reduced = certain.reduce(view)?;
    let without = structure(&reduced, &[], None, Some(certain))?;
    let combined = combine(&reduced, &without, options, true)?;
    if !combined.exact {
        return Ok(None);
    }
    let mut mines = draw_layout(&reduced, &without, &combined, options, rng)?;
    for (cell, state) in certain.state.iter().enumerate() {
        mines[cell] |= *state == Some(true);
    }
    Ok(Some(mines))
}

/// A layout drawn uniformly from those of `structure`, whose exact counts `combined` holds (the
/// steps of `sample_layout`).
pub(super) fn draw_layout(
    view: &BoardView<'_>,
    structure: &Structure<'_>,
    combined: &Combined,
    options: SolveOptions,
    rng: &mut impl rand::RngExt,
) -> Result<Vec<bool>, SolveError> {
    use rand::SeedableRng;
    let drawn = draw_totals(combined, rng).ok_or(SolveError::TooComplex)?;
    let mut layout = vec![false; view.width * view.height];
    let mut scratch = Scratch::new(structure.all.len());
    for ((first_cell, part), &mines) in structure.parts.iter().zip(&drawn) {
        let Part::New(box_list) = part else {
            unreachable!("a structure built without reuse has only new components")
        };
        let component = Component { boxes: &structure.boxes, box_list, first_cell: *first_cell };
        let own = rand_pcg::Pcg64Mcg::seed_from_u64(rng.random());
        let draw = Draw { mines, seen: 0.0, kept: Vec::new(), rng: own };
        let enumerator = run_enumeration(
            &component,
            &structure.all,
            options.node_budget,
            true,
            Some(draw),
            None,
            &mut scratch,
        );
        let kept = enumerator.draw.map(|draw| draw.kept).unwrap_or_default();
        if !enumerator.counts.exact || kept.len() != enumerator.order.len() {
            return Err(SolveError::TooComplex);
        }
        for (&b, &count) in enumerator.order.iter().zip(&kept) {
            let cells = &structure.boxes[b].cells;
            for pick in rand::seq::index::sample(rng, cells.len(), count) {
                layout[cells[pick]] = true;
            }
        }
    }
    let interior = &structure.interior;
    let frontier_mines: usize = drawn.iter().sum();
    let rest = view.mines.checked_sub(frontier_mines).filter(|&rest| rest <= interior.len());
    let rest = rest.ok_or(SolveError::Inconsistent { mines: view.mines })?;
    for pick in rand::seq::index::sample(rng, interior.len(), rest) {
        layout[interior[pick]] = true;
    }
    Ok(layout)
}

/// The mine total of each component of `combined`, drawn with their joint chance (the product
/// of the components' layout counts times W of their sum): the sum first, from the distribution
/// of all the totals times W, then each component's total, last first, from its counts times
/// the distribution of the totals of the components before it. `None` when no total has weight.
fn draw_totals(combined: &Combined, rng: &mut impl rand::RngExt) -> Option<Vec<usize>> {
    let Combined { components, weights, totals, .. } = combined;
    let count = components.len();
    let weight = |m: usize| weights.get(m).copied().unwrap_or(0.0);
    let mut total = pick(rng, totals.range(count).map(|m| (m, totals.prefix_at(count, m) * weight(m))))?;
    let mut drawn = vec![0; count];
    for index in (0..count).rev() {
        let layouts = totals.layouts(components, index);
        let choices =
            (0..layouts.len().min(total + 1)).map(|k| (k, layouts[k] * totals.prefix_at(index, total - k)));
        drawn[index] = pick(rng, choices)?;
        total -= drawn[index];
    }
    (total == 0).then_some(drawn)
}

/// One of the values of `choices`, drawn with chance proportional to its weight; `None` when no
/// weight is positive and finite.
pub(super) fn pick(
    rng: &mut impl rand::RngExt,
    choices: impl Iterator<Item = (usize, f64)>,
) -> Option<usize> {
    let choices: Vec<(usize, f64)> = choices.filter(|&(_, weight)| weight > 0.0).collect();
    let index = rand::distr::weighted::WeightedIndex::new(choices.iter().map(|&(_, weight)| weight)).ok()?;
    Some(choices[rng.sample(&index)].0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::tests::APPROXIMATED_EXPERT;

    /// `APPROXIMATED_EXPERT`, with a component over the node budget (its certain cells kept
    /// in), gets a layout that fits, drawn around a searched one and so said not to be uniform;
    /// with them taken out, every component is counted and the draw is uniform.
    #[test]
    fn a_board_too_big_to_count_gets_a_searched_layout() {
        use rand::SeedableRng;
        let board = crate::text::parse(APPROXIMATED_EXPERT).unwrap();
        let view = board.view();
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
        for keep_certain in [true, false] {
            let options =
                if keep_certain { crate::solver::tests::keeping_certain() } else { SolveOptions::default() };
            for _ in 0..20 {
                let drawn = sample_layout_with(&view, options, &mut rng).expect("a layout fits");
                assert_eq!(drawn.uniform, !keep_certain);
                assert!(crate::oracle_tests::fits(&view, &drawn.mines));
            }
        }
    }
}
