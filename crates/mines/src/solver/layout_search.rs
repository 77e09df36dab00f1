//! A layout for components too big to count: one random local search over all of them
//! (`repair_layout`), then mixed towards a uniform draw by block Gibbs sampling (`mix_layout`,
//! `exchange`), with the rest of the board drawn uniformly around it (`draw_around_searched`,
//! which `sample_layout` calls).
//!
//! Complexity: the local search, then `MIX_SWEEPS` sweeps per number of each searched
//! component, each window of at most `MIX_WINDOW_BOXES` boxes.

use super::layout::{SEARCH_TRIES, draw_layout, pick};
use super::*;

/// A layout drawn around layouts found by a random local search and mixed for the components
/// of `first` (analysed in `combined`) that `searched` picks: with their cells assumed as found,
/// the rest is drawn uniformly (`draw_layout`).
///
/// One local search (`repair_layout`) runs over all the searched components at once, so that
/// their total is one that the components counted exactly and the cells off the frontier can
/// complete (the fewest to the most mines they leave). Then each searched component is mixed
/// (`mix_layout`) with the others as found, and with two or more, `MIX_ROUNDS` more rounds mix
/// them again in steps that each pair two of them (`exchange`), so that mines pass between
/// them even where the rest of the board cannot take a mine more or less. Every step draws from
/// the exact share of the layouts of the whole board, so the draw tends to a uniform one
/// however many components are searched. The search is tried again, up to `SEARCH_TRIES`
/// times, when the counted components cannot hold exactly the mines left (their totals can
/// skip a value between their fewest and most).
pub(super) fn draw_around_searched(
    view: &BoardView<'_>,
    first: &Structure<'_>,
    combined: &Combined,
    searched: impl Fn(&ComponentCounts) -> bool,
    options: SolveOptions,
    rng: &mut impl rand::RngExt,
) -> Result<Vec<bool>, SolveError> {
    use rand::{RngExt, SeedableRng};
    let covered = view.cells.iter().filter(|cell| matches!(cell, Cell::Covered | Cell::Flagged)).count();
    let density = (view.mines as f64 / covered.max(1) as f64).clamp(1e-3, 1.0 - 1e-3);
    // The searched components' boxes, and the fewest and most mines the counted ones hold.
    let mut parts: Vec<&[usize]> = Vec::new();
    let (mut counted_fewest, mut counted_most) = (0, 0);
    for ((_, part), counts) in first.parts.iter().zip(&combined.components) {
        let Part::New(box_list) = part else {
            unreachable!("a structure built without reuse has only new components")
        };
        if searched(counts) {
            parts.push(box_list);
            continue;
        }
        let nonzero = |w: &f64| *w > 0.0;
        let (Some(fewest), Some(most)) =
            (counts.layouts.iter().position(nonzero), counts.layouts.iter().rposition(nonzero))
        else {
            return Err(SolveError::Inconsistent { mines: view.mines });
        };
        counted_fewest += fewest;
        counted_most += most;
    }
    let locals: Vec<LocalComponent> = parts
        .iter()
        .map(|&box_list| {
            LocalComponent::new(&Component { boxes: &first.boxes, box_list, first_cell: 0 }, &first.all)
        })
        .collect();
    let joint = LocalComponent::joined(&locals);
    let fewest = view.mines.saturating_sub(first.interior.len() + counted_most);
    let most =
        view.mines.checked_sub(counted_fewest).ok_or(SolveError::Inconsistent { mines: view.mines })?;
    let counted = Counted::new(first, combined, &searched);
    let all_cells = joint.cells();
    let mut rest = RestWeight::new(&counted, covered.saturating_sub(all_cells + counted.cells), view.mines);
    let steps = options.node_budget.saturating_mul(parts.len() as u64);
    for _ in 0..SEARCH_TRIES {
        let mut own = rand_pcg::Pcg64Mcg::seed_from_u64(rng.random());
        let mines =
            repair_layout(&joint, fewest..=most, density, &mut own, steps).ok_or(SolveError::TooComplex)?;
        let mut found: Vec<Searched<'_>> = Vec::with_capacity(parts.len());
        let mut offset = 0;
        for (&box_list, local) in parts.iter().zip(&locals) {
            let mixer = Mixer::new(local, mines[offset..offset + box_list.len()].to_vec());
            offset += box_list.len();
            found.push(Searched { box_list, local, mixer });
        }
        let mut placed: usize = found.iter().map(|component| component.mixer.total()).sum();
        for component in &mut found {
            let others = placed - component.mixer.total();
            mix_layout(
                component.local,
                &mut component.mixer,
                &mut rest,
                others,
                &mut own,
                options.node_budget,
            );
            placed = others + component.mixer.total();
        }
        if found.len() > 1 {
            // Every searched component again, in steps that each pair two of them: two numbers
            // of different components drawn at random, so that each component takes part in
            // steps in proportion to its numbers.
            let mut ends = Vec::with_capacity(found.len());
            let mut numbers = 0;
            for component in &found {
                numbers += component.local.need.len();
                ends.push(numbers);
            }
            let component_of = |number: usize| ends.partition_point(|&end| end <= number);
            for _ in 0..MIX_ROUNDS * MIX_SWEEPS * numbers / 2 {
                let index = component_of(own.random_range(0..numbers));
                let own_numbers = found[index].local.need.len();
                let Some(other_numbers) = numbers.checked_sub(own_numbers).filter(|&other| other > 0) else {
                    break;
                };
                // A number of another component: those of `index` skipped.
                let mut number = own.random_range(0..other_numbers);
                if number >= ends[index] - own_numbers {
                    number += own_numbers;
                }
                let partner = component_of(number);
                let Ok([one, other]) = found.get_disjoint_mut([index, partner]) else {
                    unreachable!("a partner is another component")
                };
                if one.mixer.search.nodes > options.node_budget
                    || other.mixer.search.nodes > options.node_budget
                {
                    continue;
                }
                let others = placed - one.mixer.total() - other.mixer.total();
                let (one, other) = ((one.local, &mut one.mixer), (other.local, &mut other.mixer));
                exchange(one, other, &mut rest, others, &mut own);
                placed = others + found[index].mixer.total() + found[partner].mixer.total();
            }
        }
        let mut assumed = Vec::new();
        for component in &found {
            for (&b, &mines) in component.box_list.iter().zip(&component.mixer.mines) {
                let cells = &first.boxes[b].cells;
                let start = assumed.len();
                assumed.extend(cells.iter().map(|&cell| (cell, false)));
                for pick in rand::seq::index::sample(rng, cells.len(), mines as usize) {
                    assumed[start + pick].1 = true;
                }
            }
        }
        let assumed_structure = structure(view, &assumed, None, None)?;
        match combine(view, &assumed_structure, options, true) {
            Ok(combined) if combined.exact => {
                return draw_layout(view, &assumed_structure, &combined, options, rng);
            }
            Ok(_) => return Err(SolveError::TooComplex),
            Err(SolveError::Inconsistent { .. }) => continue,
            Err(error) => return Err(error),
        }
    }
    Err(SolveError::TooComplex)
}

/// Rounds of `draw_around_searched` that mix every searched component again in steps that each
/// pair two of them (`MIX_SWEEPS` / 2 steps per number in a round, each moving two windows),
/// when two or more are searched.
pub(super) const MIX_ROUNDS: usize = 1;

/// A component of `draw_around_searched` whose layout was searched: its boxes, its local index,
/// and its layout with what mixing it needs.
pub(super) struct Searched<'a> {
    pub(super) box_list: &'a [usize],
    pub(super) local: &'a LocalComponent,
    pub(super) mixer: Mixer,
}

/// A component's numbers and boxes in local indices (boxes by their slot in the component's
/// box list), for the local search and the mixing of its layouts.
pub(super) struct LocalComponent {
    /// Each box's numbers.
    pub(super) box_numbers: Vec<Vec<usize>>,
    /// Each number's boxes.
    pub(super) number_boxes: Vec<Vec<usize>>,
    /// The mines each number needs.
    pub(super) need: Vec<i64>,
    /// Each box's cells.
    pub(super) size: Vec<i64>,
}

impl LocalComponent {
    pub(super) fn new(component: &Component<'_>, all: &[Constraint]) -> Self {
        let Component { boxes, box_list, .. } = *component;
        let mut local: FxHashMap<usize, usize> = FxHashMap::default();
        let mut numbers: Vec<usize> = Vec::new();
        let mut box_numbers: Vec<Vec<usize>> = Vec::with_capacity(box_list.len());
        for &b in box_list {
            let mut list = Vec::with_capacity(boxes[b].constraints.len());
            for &c in &boxes[b].constraints {
                list.push(*local.entry(c).or_insert_with(|| {
                    numbers.push(c);
                    numbers.len() - 1
                }));
            }
            box_numbers.push(list);
        }
        let mut number_boxes = vec![Vec::new(); numbers.len()];
        for (slot, list) in box_numbers.iter().enumerate() {
            for &number in list {
                number_boxes[number].push(slot);
            }
        }
        let need = numbers.iter().map(|&c| all[c].mines as i64).collect();
        let size = box_list.iter().map(|&b| boxes[b].cells.len() as i64).collect();
        Self { box_numbers, number_boxes, need, size }
    }

    /// Components that share no number as one: their boxes and numbers one after another, as
    /// `new` would index the joint box list.
    pub(super) fn joined(parts: &[LocalComponent]) -> Self {
        let mut joint =
            Self { box_numbers: Vec::new(), number_boxes: Vec::new(), need: Vec::new(), size: Vec::new() };
        for part in parts {
            let (slots, numbers) = (joint.size.len(), joint.need.len());
            joint
                .box_numbers
                .extend(part.box_numbers.iter().map(|list| list.iter().map(|n| n + numbers).collect()));
            joint
                .number_boxes
                .extend(part.number_boxes.iter().map(|list| list.iter().map(|b| b + slots).collect()));
            joint.need.extend_from_slice(&part.need);
            joint.size.extend_from_slice(&part.size);
        }
        joint
    }

    /// The covered cells of the component.
    pub(super) fn cells(&self) -> usize {
        self.size.iter().sum::<i64>() as usize
    }

    /// The mines around each number in a layout (mines per box).
    pub(super) fn sums(&self, mines: &[i64]) -> Vec<i64> {
        let mut sum = vec![0i64; self.need.len()];
        for (slot, list) in self.box_numbers.iter().enumerate() {
            for &number in list {
                sum[number] += mines[slot];
            }
        }
        sum
    }
}

/// The components of a position that `draw_around_searched` counts exactly (not searched): their
/// covered cells, and their layout counts by mine total, convolved (`totals`: the first total and
/// the counts from it on, scaled to a largest entry of 1, as only their ratios are used; the
/// tails below 1e-30 of it are dropped after each step, so that thousands of components stay
/// cheap).
pub(super) struct Counted {
    pub(super) cells: usize,
    pub(super) totals: (usize, Vec<f64>),
}

impl Counted {
    pub(super) fn new(
        first: &Structure<'_>,
        combined: &Combined,
        searched: impl Fn(&ComponentCounts) -> bool,
    ) -> Self {
        let counted = || first.parts.iter().zip(&combined.components).filter(|(_, counts)| !searched(counts));
        let cells = counted()
            .map(|((_, part), _)| match part {
                Part::New(box_list) => box_list.iter().map(|&b| first.boxes[b].cells.len()).sum::<usize>(),
                Part::Unchanged(_) => unreachable!("a structure built without reuse has only new components"),
            })
            .sum();
        let (mut offset, mut totals) = (0, vec![1.0]);
        for (_, counts) in counted() {
            let next = convolve(&totals, &counts.layouts);
            let peak = next.iter().copied().fold(0.0, f64::max);
            let kept = |w: &f64| *w > peak * 1e-30;
            let (Some(start), Some(end)) = (next.iter().position(kept), next.iter().rposition(kept)) else {
                return Self { cells, totals: (0, Vec::new()) };
            };
            totals = next[start..=end].iter().map(|w| w / peak).collect();
            offset += start;
        }
        Self { cells, totals: (offset, totals) }
    }
}

/// The weight of the searched components' mine total t in `mix_layout` and `exchange`: the ways
/// the rest of the board holds the mines left, Σ_k counted(k) · C(free cells, mines − t − k),
/// where `counted` are the components counted exactly and the free cells are the covered cells
/// off the frontier. Its natural log, scaled alike for every t, cached.
pub(super) struct RestWeight<'a> {
    pub(super) counted: &'a Counted,
    pub(super) free_cells: usize,
    pub(super) mines: usize,
    pub(super) cache: FxHashMap<i64, Option<f64>>,
}

impl<'a> RestWeight<'a> {
    pub(super) fn new(counted: &'a Counted, free_cells: usize, mines: usize) -> Self {
        Self { counted, free_cells, mines, cache: FxHashMap::default() }
    }

    pub(super) fn ln(&mut self, total: i64) -> Option<f64> {
        let Self { counted, free_cells, mines, .. } = *self;
        let (offset, counts) = &counted.totals;
        *self.cache.entry(total).or_insert_with(|| {
            let left = usize::try_from(total).ok().and_then(|total| mines.checked_sub(total))?;
            let terms: Vec<f64> = (0..counts.len())
                .filter(|&k| counts[k] > 0.0)
                .filter_map(|k| {
                    let free = left.checked_sub(offset + k)?;
                    Some(counts[k].ln() + ln_choose(free_cells, free)?)
                })
                .collect();
            Some(ln_sum(&terms)).filter(|&sum| sum > f64::NEG_INFINITY)
        })
    }
}

/// One layout of a component (mines per box) with a mine total in `total`, found by local
/// search (min-conflicts, as in WalkSAT): each box starts with a binomial number of mines at
/// `density`; then, for at most `steps` steps, a number that is not met (or the total, when it
/// is out of its range) is picked at random, and one of its boxes (for the total, one of 64
/// drawn at random) gets one mine more or less: the one that leaves the fewest mines missing or
/// extra over all the numbers and the total, or one time in five a random one, so that the
/// search does not stay stuck. `None` when it did not finish.
pub(super) fn repair_layout(
    local: &LocalComponent,
    total: std::ops::RangeInclusive<usize>,
    density: f64,
    rng: &mut rand_pcg::Pcg64Mcg,
    steps: u64,
) -> Option<Vec<i64>> {
    use rand::RngExt;
    let LocalComponent { box_numbers, number_boxes, need, size } = local;
    let boxes = size.len();
    let mut mines: Vec<i64> =
        size.iter().map(|&size| (0..size).filter(|_| rng.random::<f64>() < density).count() as i64).collect();
    let mut sum = local.sums(&mines);
    let (fewest, most) = (*total.start() as i64, *total.end() as i64);
    let mut placed: i64 = mines.iter().sum();
    let off_total = |placed: i64| (fewest - placed).max(0) + (placed - most).max(0);
    // The numbers not met, with each one's place in the list (or usize::MAX).
    let mut unmet: Vec<usize> = (0..need.len()).filter(|&c| sum[c] != need[c]).collect();
    let mut place = vec![usize::MAX; need.len()];
    for (index, &number) in unmet.iter().enumerate() {
        place[number] = index;
    }
    let mut candidates = Vec::new();
    for _ in 0..steps {
        let total_off = off_total(placed) > 0;
        if unmet.is_empty() && !total_off {
            return Some(mines);
        }
        let pick = rng.random_range(0..unmet.len() + usize::from(total_off));
        candidates.clear();
        let step = if pick < unmet.len() {
            let number = unmet[pick];
            candidates.extend_from_slice(&number_boxes[number]);
            (need[number] - sum[number]).signum()
        } else {
            candidates.extend((0..64).map(|_| rng.random_range(0..boxes)));
            if placed < fewest { 1 } else { -1 }
        };
        candidates.retain(|&slot| (0..=size[slot]).contains(&(mines[slot] + step)));
        if candidates.is_empty() {
            continue;
        }
        let cost = |slot: usize| -> i64 {
            let numbers = box_numbers[slot].iter().map(|&number| {
                (sum[number] + step - need[number]).abs() - (sum[number] - need[number]).abs()
            });
            numbers.sum::<i64>() + off_total(placed + step) - off_total(placed)
        };
        let chosen = if rng.random::<f64>() < 0.2 {
            candidates[rng.random_range(0..candidates.len())]
        } else {
            let costs: Vec<(i64, usize)> = candidates.iter().map(|&slot| (cost(slot), slot)).collect();
            let least = costs.iter().map(|&(cost, _)| cost).min().unwrap_or(0);
            candidates.clear();
            candidates.extend(costs.iter().filter(|&&(cost, _)| cost == least).map(|&(_, slot)| slot));
            candidates[rng.random_range(0..candidates.len())]
        };
        mines[chosen] += step;
        placed += step;
        for &number in &box_numbers[chosen] {
            sum[number] += step;
            let met = sum[number] == need[number];
            if met && place[number] != usize::MAX {
                let index = place[number];
                unmet.swap_remove(index);
                if index < unmet.len() {
                    place[unmet[index]] = index;
                }
                place[number] = usize::MAX;
            } else if !met && place[number] == usize::MAX {
                place[number] = unmet.len();
                unmet.push(number);
            }
        }
    }
    None
}

/// Boxes in one window of `Mixer::open`.
pub(super) const MIX_WINDOW_BOXES: usize = 12;

/// Windows per number of the component in `mix_layout`, and per number of the searched
/// components in each round of `draw_around_searched` (within the node budget).
pub(super) const MIX_SWEEPS: usize = 20;

/// Ways of filling one window above which the mixing leaves the window as it is.
pub(super) const MIX_WINDOW_WAYS: usize = 4096;

/// Moves a layout of a component (mines per box, meeting every number) towards a uniform draw
/// by block Gibbs sampling, for `MIX_SWEEPS` windows per number (or `budget` nodes). Each step
/// fills a window of the component anew (`Mixer::open`), drawing among its fillings with their
/// chance: C(size, mines) for each box times the ways the rest of the board goes with the
/// searched components' new total (`rest`, `others` of their mines outside this component). A
/// layout's chance is then left as it is by every step, so the draw tends to a uniform one; how
/// close it gets is measured, not proved.
pub(super) fn mix_layout(
    local: &LocalComponent,
    mixer: &mut Mixer,
    rest: &mut RestWeight<'_>,
    others: usize,
    rng: &mut impl rand::RngExt,
    budget: u64,
) {
    for _ in 0..MIX_SWEEPS * local.need.len() {
        if mixer.search.nodes > budget {
            break;
        }
        if mixer.open(local, rng) < 2 {
            continue;
        }
        let weights: Vec<f64> = mixer
            .fillings(local)
            .map(|(boxes, total)| {
                rest.ln(others as i64 + total).map_or(f64::NEG_INFINITY, |rest| boxes + rest)
            })
            .collect();
        if let Some(chosen) = pick_ln(rng, &weights) {
            mixer.apply(local, chosen);
        }
    }
}

/// One block Gibbs step over a window of each of two searched components at once (`first` and
/// `second`, each with its mixer), so that mines can pass from one to the other even where the
/// rest of the board cannot take a mine more or less: their pair of new totals is drawn with
/// the layouts of both windows that give it times the ways of the rest (`rest`, weighing the
/// mines of every searched component together, `others` of them outside these two), then each
/// window's filling among those with its total.
pub(super) fn exchange(
    first: (&LocalComponent, &mut Mixer),
    second: (&LocalComponent, &mut Mixer),
    rest: &mut RestWeight<'_>,
    others: usize,
    rng: &mut impl rand::RngExt,
) {
    let ((first_local, first), (second_local, second)) = (first, second);
    if first.open(first_local, rng) == 0 || second.open(second_local, rng) == 0 {
        return;
    }
    // Each window's fillings (ln of their boxes' ways, the component's total), once, and the
    // totals they reach with the ln of their summed ways.
    let fillings =
        |mixer: &Mixer, local: &LocalComponent| -> Vec<(f64, i64)> { mixer.fillings(local).collect() };
    let by_total = |fillings: &[(f64, i64)]| -> Vec<(i64, f64)> {
        let mut totals: Vec<i64> = Vec::new();
        for &(_, total) in fillings {
            if !totals.contains(&total) {
                totals.push(total);
            }
        }
        let ways = |total: i64| -> Vec<f64> {
            fillings.iter().filter(|&&(_, filled)| filled == total).map(|&(boxes, _)| boxes).collect()
        };
        totals.into_iter().map(|total| (total, ln_sum(&ways(total)))).collect()
    };
    let (first_fillings, second_fillings) = (fillings(first, first_local), fillings(second, second_local));
    let (first_totals, second_totals) = (by_total(&first_fillings), by_total(&second_fillings));
    let pairs: Vec<(i64, i64, f64)> = first_totals
        .iter()
        .flat_map(|&(one, one_weight)| {
            second_totals.iter().map(move |&(other, other_weight)| (one, other, one_weight + other_weight))
        })
        .map(|(one, other, weight)| {
            (one, other, weight + rest.ln(others as i64 + one + other).unwrap_or(f64::NEG_INFINITY))
        })
        .collect();
    let weights: Vec<f64> = pairs.iter().map(|&(_, _, weight)| weight).collect();
    let Some(chosen) = pick_ln(rng, &weights) else {
        return;
    };
    let (one, other, _) = pairs[chosen];
    let windows =
        [(first, first_local, &first_fillings, one), (second, second_local, &second_fillings, other)];
    for (mixer, local, fillings, total) in windows {
        let weights: Vec<f64> = fillings
            .iter()
            .map(|&(boxes, filled)| if filled == total { boxes } else { f64::NEG_INFINITY })
            .collect();
        if let Some(chosen) = pick_ln(rng, &weights) {
            mixer.apply(local, chosen);
        }
    }
}

/// The natural log of the sum of the numbers whose natural logs are `terms`.
pub(super) fn ln_sum(terms: &[f64]) -> f64 {
    let peak = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if peak == f64::NEG_INFINITY {
        return peak;
    }
    peak + terms.iter().map(|term| (term - peak).exp()).sum::<f64>().ln()
}

/// An index drawn with chance proportional to the exponential of its weight in `weights`;
/// `None` when every weight is −∞.
pub(super) fn pick_ln(rng: &mut impl rand::RngExt, weights: &[f64]) -> Option<usize> {
    let peak = weights.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if peak == f64::NEG_INFINITY {
        return None;
    }
    pick(rng, weights.iter().map(|&weight| (weight - peak).exp()).enumerate())
}

/// One searched component's layout (mines per box, meeting every number) with what its block
/// Gibbs steps need: the mines around each number, the total, and the window in hand with its
/// fillings.
pub(super) struct Mixer {
    /// Mines per box.
    pub(super) mines: Vec<i64>,
    /// Mines around each number (each number's need, between steps).
    pub(super) sum: Vec<i64>,
    /// Mines in all.
    pub(super) placed: i64,
    /// Mines in the window's boxes before the step.
    pub(super) inside: i64,
    /// The window's boxes.
    pub(super) window: Vec<usize>,
    /// The numbers of the window's boxes.
    pub(super) touched: Vec<usize>,
    pub(super) in_window: Vec<bool>,
    pub(super) seen: Vec<bool>,
    pub(super) search: WindowSearch,
}

impl Mixer {
    pub(super) fn new(local: &LocalComponent, mines: Vec<i64>) -> Self {
        let numbers = local.need.len();
        let sum = local.sums(&mines);
        debug_assert_eq!(sum, local.need, "mixing starts from a layout that meets every number");
        Self {
            placed: mines.iter().sum(),
            in_window: vec![false; mines.len()],
            mines,
            sum,
            inside: 0,
            window: Vec::new(),
            touched: Vec::new(),
            seen: vec![false; numbers],
            search: WindowSearch {
                target: vec![0; numbers],
                partial: vec![0; numbers],
                capacity: vec![0; numbers],
                values: Vec::new(),
                ways: Vec::new(),
                nodes: 0,
            },
        }
    }

    /// The mines in all.
    pub(super) fn total(&self) -> usize {
        self.placed as usize
    }

    /// Takes a window of boxes around a random number (its boxes, then those of the numbers
    /// around them, breadth first, up to `MIX_WINDOW_BOXES`) and lists every way of filling it
    /// that meets all the numbers with the boxes outside it as they are. The number of ways, or
    /// 0 when there are more than `MIX_WINDOW_WAYS` (or no number).
    pub(super) fn open(&mut self, local: &LocalComponent, rng: &mut impl rand::RngExt) -> usize {
        let numbers = local.need.len();
        if numbers == 0 {
            return 0;
        }
        let Self { window, touched, in_window, seen, search, .. } = self;
        window.clear();
        touched.clear();
        let start = rng.random_range(0..numbers);
        seen[start] = true;
        touched.push(start);
        let mut next = 0;
        while next < touched.len() && window.len() < MIX_WINDOW_BOXES {
            let number = touched[next];
            next += 1;
            for &slot in &local.number_boxes[number] {
                if window.len() == MIX_WINDOW_BOXES {
                    break;
                }
                if !in_window[slot] {
                    in_window[slot] = true;
                    window.push(slot);
                    for &other in &local.box_numbers[slot] {
                        if !seen[other] {
                            seen[other] = true;
                            touched.push(other);
                        }
                    }
                }
            }
        }
        // Each touched number's mines outside the window are fixed: the window must hold the rest.
        for &number in touched.iter() {
            search.target[number] = local.need[number] - self.sum[number];
            search.capacity[number] = 0;
        }
        self.inside = 0;
        for &slot in window.iter() {
            self.inside += self.mines[slot];
            for &number in &local.box_numbers[slot] {
                search.target[number] += self.mines[slot];
                search.capacity[number] += local.size[slot];
            }
        }
        search.values.clear();
        search.values.resize(window.len(), 0);
        search.ways.clear();
        search.run(local, window, 0);
        for &slot in window.iter() {
            in_window[slot] = false;
        }
        for &number in touched.iter() {
            seen[number] = false;
        }
        let ways = search.ways.len() / window.len().max(1);
        if ways > MIX_WINDOW_WAYS { 0 } else { ways }
    }

    /// The fillings of the window in hand: for each, the natural log of its boxes' ways
    /// (Π C(size, mines)) and the component's total with it.
    pub(super) fn fillings<'s>(&'s self, local: &'s LocalComponent) -> impl Iterator<Item = (f64, i64)> + 's {
        let base = self.placed - self.inside;
        self.search.ways.chunks(self.window.len().max(1)).map(move |way| {
            let boxes: f64 = self
                .window
                .iter()
                .zip(way)
                .map(|(&slot, &value)| {
                    ln_choose(local.size[slot] as usize, value as usize).unwrap_or(f64::NEG_INFINITY)
                })
                .sum();
            (boxes, base + way.iter().sum::<i64>())
        })
    }

    /// Puts the window's filling `chosen` in the layout.
    pub(super) fn apply(&mut self, local: &LocalComponent, chosen: usize) {
        let width = self.window.len();
        let way = &self.search.ways[chosen * width..(chosen + 1) * width];
        for (&slot, &value) in self.window.iter().zip(way) {
            let change = value - self.mines[slot];
            self.mines[slot] = value;
            self.placed += change;
            for &number in &local.box_numbers[slot] {
                self.sum[number] += change;
            }
        }
        debug_assert!(self.touched.iter().all(|&number| self.sum[number] == local.need[number]));
    }
}

/// The ways of filling a window of `Mixer::open`: every number of a window box gets its
/// `target` mines from the window.
pub(super) struct WindowSearch {
    /// Per number: the mines its window boxes must hold.
    pub(super) target: Vec<i64>,
    /// Per number: the mines its window boxes hold so far.
    pub(super) partial: Vec<i64>,
    /// Per number: the cells of its window boxes not yet filled.
    pub(super) capacity: Vec<i64>,
    /// The mines of each window box so far.
    pub(super) values: Vec<i64>,
    /// The ways found, one after another (`MIX_WINDOW_WAYS` + 1 at most).
    pub(super) ways: Vec<i64>,
    /// Nodes visited in all.
    pub(super) nodes: u64,
}

impl WindowSearch {
    pub(super) fn run(&mut self, local: &LocalComponent, window: &[usize], depth: usize) {
        self.nodes += 1;
        if self.ways.len() > MIX_WINDOW_WAYS * window.len() {
            return;
        }
        let Some(&slot) = window.get(depth) else {
            self.ways.extend_from_slice(&self.values);
            return;
        };
        let size = local.size[slot];
        for &number in &local.box_numbers[slot] {
            self.capacity[number] -= size;
        }
        for value in 0..=size {
            let numbers = &local.box_numbers[slot];
            if numbers.iter().any(|&number| self.partial[number] + value > self.target[number]) {
                break;
            }
            if numbers
                .iter()
                .any(|&number| self.partial[number] + value + self.capacity[number] < self.target[number])
            {
                continue;
            }
            for &number in numbers {
                self.partial[number] += value;
            }
            self.values[depth] = value;
            self.run(local, window, depth + 1);
            for &number in numbers {
                self.partial[number] -= value;
            }
        }
        for &number in &local.box_numbers[slot] {
            self.capacity[number] += size;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layouts found by searching components instead of counting them (what a component
    /// too big to count gets) fit the board, and over 200 draws per layout every layout comes
    /// up uniformly: each within five standard deviations of an equal share. On one component
    /// where one mine total has layouts of different boxes; on two components whose totals fix
    /// each other (no cell off the frontier), searched both or only the first (the second
    /// counted); on two searched components with four cells off the frontier between them; and
    /// on two searched components that fix each other's totals with very different counts of
    /// layouts; and on two whose totals are tied by the mine count, the first able to hold 2 or
    /// 3 mines but only 2 leaving the second the 1 it needs. With each component mixed once in
    /// turn, the others not yet found taken as free cells, the fourth board failed (its worst
    /// layout 8.8 deviations off); with a second round that mixed each component alone, the
    /// fifth did (two layouts drawn 924 times each instead of 200); and when each component was
    /// searched in turn, a component too big to count (its totals unknown) in place of the
    /// first one of the last board took 3 mines in 48 of 100 draws, after which the second one's
    /// search ran out of steps ("too complex").
    #[test]
    fn searched_layouts_fit_and_reach_every_layout() {
        use crate::oracle_tests::all_layouts;
        use rand::SeedableRng;
        let two = "mines=5\n1.2.1..1.2.1\n............\n";
        let apart = "mines=5\n1.2.1....1.2.1\n..............\n";
        let tied = "mines=5\n.11..22.\n........\n";
        let narrow = "mines=3\n.211..1\n.......\n";
        let boards = [
            ("mines=4\n1.2.1\n.....\n.....\n", false),
            (two, false),
            (two, true),
            (apart, false),
            (tied, false),
            (narrow, false),
        ];
        for (content, only_first) in boards {
            let board = crate::text::parse(content).unwrap();
            let view = board.view();
            let every = all_layouts(&view);
            let first = structure(&view, &[], None, None).unwrap();
            let combined = combine(&view, &first, SolveOptions::default(), true).unwrap();
            let lowest = combined.components.iter().map(|counts| counts.first_cell).min().unwrap();
            let searched = |counts: &ComponentCounts| !only_first || counts.first_cell == lowest;
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
            let mut seen = vec![0usize; every.len()];
            for _ in 0..200 * every.len() {
                let layout = draw_around_searched(
                    &view,
                    &first,
                    &combined,
                    searched,
                    SolveOptions::default(),
                    &mut rng,
                )
                .unwrap();
                let index = every.iter().position(|fitting| *fitting == layout);
                seen[index.expect("a drawn layout fits the board")] += 1;
            }
            let expected = 200.0;
            let spread = 5.0 * (expected * (1.0 - 1.0 / every.len() as f64)).sqrt();
            assert!(
                seen.iter().all(|&count| (count as f64 - expected).abs() < spread),
                "{content:?}, only the first searched: {only_first}: {seen:?} (expected {expected} ± {spread:.0} each)"
            );
        }
    }

    /// The mixing's weight of a searched component's mine total is the number of layouts of the
    /// rest of the board that go with it: on two components, the first searched and the second
    /// counted, against the brute-force list of layouts grouped by the first one's cells.
    #[test]
    fn rest_weights_equal_brute_force() {
        let board = crate::text::parse("mines=5\n1.2.1..1.2.1\n............\n").unwrap();
        let view = board.view();
        let first = structure(&view, &[], None, None).unwrap();
        let combined = combine(&view, &first, SolveOptions::default(), true).unwrap();
        let lowest = combined.components.iter().map(|counts| counts.first_cell).min().unwrap();
        let counted = Counted::new(&first, &combined, |counts: &ComponentCounts| counts.first_cell == lowest);
        let index = combined.components.iter().position(|counts| counts.first_cell == lowest).unwrap();
        let (_, Part::New(box_list)) = &first.parts[index] else { unreachable!("no reuse") };
        let cells: Vec<usize> = box_list.iter().flat_map(|&b| first.boxes[b].cells.iter().copied()).collect();
        let covered = view.cells.iter().filter(|&&cell| cell == Cell::Covered).count();
        let mut rest = RestWeight::new(&counted, covered - cells.len() - counted.cells, view.mines);
        let mut by_pattern: FxHashMap<Vec<bool>, usize> = FxHashMap::default();
        for layout in crate::oracle_tests::all_layouts(&view) {
            *by_pattern.entry(cells.iter().map(|&cell| layout[cell]).collect()).or_default() += 1;
        }
        let total = |pattern: &[bool]| pattern.iter().filter(|&&mine| mine).count() as i64;
        let (reference, reference_count) =
            by_pattern.iter().next().map(|(p, &count)| (total(p), count)).unwrap();
        let reference_weight = rest.ln(reference).expect("a weight");
        for (pattern, &count) in &by_pattern {
            let expected = (count as f64 / reference_count as f64).ln();
            let got = rest.ln(total(pattern)).expect("a weight") - reference_weight;
            assert!((got - expected).abs() < 1e-9, "total {}: {got} against {expected}", total(pattern));
        }
        let totals: std::collections::BTreeSet<i64> =
            by_pattern.keys().map(|pattern| total(pattern)).collect();
        assert!(totals.len() > 1, "the searched component's total must vary: {totals:?}");
    }
}
