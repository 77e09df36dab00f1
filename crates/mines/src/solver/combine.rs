//! Combining the components' layout counts over mine totals (`combine`): each total m of the
//! frontier weighs C(u, M − m), u the covered cells off the frontier and M the mines. Small
//! boards convolve whole prefixes of the components as they are; big ones (weights beyond what
//! f64 holds, or too many totals) tilt the counts by exp(−λm) and keep each prefix only over
//! the totals that matter (`combine_tilted`), which leaves every probability as it is.
//!
//! Complexity: O(components · totals²) for the plain sums (totals ≤ `PLAIN_TOTALS`), and
//! O(components · window) per tilt tried for the tilted ones.

use super::*;

/// The layout counts of every component of a position, combined over mine totals.
pub(super) struct Combined {
    /// Per component, its layout counts (enumerated now, or reused).
    pub(super) components: Vec<Arc<ComponentCounts>>,
    /// False when a component went over the node budget and was approximated.
    pub(super) exact: bool,
    /// W(m) = C(u, M − m) for each frontier total m, relative to the largest (times exp(tilt · m)
    /// when the totals are tilted).
    pub(super) weights: Vec<f64>,
    /// The distributions of the totals of the first k components.
    pub(super) totals: Totals,
    /// Σ_m total(m) · W(m): the number of layouts, scaled.
    pub(super) z: f64,
    /// Natural log of the number of layouts (unscaled).
    pub(super) log_layouts: f64,
}

/// How `combine` summed the components over mine totals.
pub(super) enum Totals {
    /// Small boards: `prefix[k]` is the distribution of the first k components' totals, indexed
    /// from total 0, of the components as they are.
    Plain { prefix: Vec<Vec<f64>> },
    /// Big boards (`combine_tilted`): the components' counts tilted (`counts`), and each prefix
    /// only over the totals that matter, scaled to a largest entry of 1 (ln of the scale in
    /// `prefix_log`).
    Tilted { counts: Vec<ComponentCounts>, prefix: Vec<Window>, prefix_log: Vec<f64> },
}

impl Totals {
    /// The weight of total `m` in the distribution of the totals of the first `prefix`
    /// components (on that prefix's own scale).
    pub(super) fn prefix_at(&self, prefix: usize, m: usize) -> f64 {
        match self {
            Totals::Plain { prefix: prefixes } => prefixes[prefix].get(m).copied().unwrap_or(0.0),
            Totals::Tilted { prefix: prefixes, .. } => prefixes[prefix].at(m),
        }
    }

    /// The totals that the distribution of the first `prefix` components' totals may weigh.
    pub(super) fn range(&self, prefix: usize) -> std::ops::Range<usize> {
        match self {
            Totals::Plain { prefix: prefixes } => 0..prefixes[prefix].len(),
            Totals::Tilted { prefix: prefixes, .. } => prefixes[prefix].start..prefixes[prefix].end(),
        }
    }

    /// The layout counts per mine count of component `index` as they were combined (tilted on
    /// big boards).
    pub(super) fn layouts<'a>(&'a self, components: &'a [Arc<ComponentCounts>], index: usize) -> &'a [f64] {
        match self {
            Totals::Plain { .. } => &components[index].layouts,
            Totals::Tilted { counts, .. } => &counts[index].layouts,
        }
    }
}

/// The widest range, in natural-log units, that the weights of the possible frontier totals may
/// span when they are combined as they are: f64 loses precision below about e^-708, so past
/// this range `combine` tilts the counts instead. On expert boards the range is at most
/// ln C(480, 240) ≈ 330.
const PLAIN_WEIGHT_RANGE: f64 = 600.0;

/// The largest sum of the components' largest mine counts that `combine` sums as they are: the
/// plain sums keep every total from 0 for every prefix and convolve whole prefixes and suffixes
/// for each component, O(components · totals²), which a 1000x1000 board cannot afford. On expert
/// boards the sum is at most 480 (one per covered cell), so they are always summed as they are.
const PLAIN_TOTALS: usize = 600;

/// Entries below this share of a window's largest entry are cut from its ends.
const WINDOW_CUT: f64 = 1e-30;

/// The combinations that `combine_tilted` tries at most before it settles on its tilt (each
/// either settles or at least halves the bracket of totals, so 64 cover any board).
const TILT_ROUNDS: usize = 64;

/// A stretch of a distribution over mine totals: `values[i]` weighs the total `start + i`, and
/// every total outside weighs 0 (or, after a cut, too little to count).
#[derive(Clone, Debug)]
pub(super) struct Window {
    pub(super) start: usize,
    pub(super) values: Vec<f64>,
}

impl Window {
    /// The stretch of `values` (indexed from total 0) between its first and last nonzero entry.
    fn of(values: &[f64]) -> Self {
        let first = values.iter().position(|v| *v != 0.0).unwrap_or(0);
        let last = values.iter().rposition(|v| *v != 0.0).map_or(first, |last| last + 1);
        Self { start: first, values: values[first..last].to_vec() }
    }

    /// One past the last total.
    pub(super) fn end(&self) -> usize {
        self.start + self.values.len()
    }

    /// The weight of total `t`.
    pub(super) fn at(&self, t: usize) -> f64 {
        t.checked_sub(self.start).and_then(|index| self.values.get(index)).copied().unwrap_or(0.0)
    }

    /// Scaled to a largest entry of 1, with the ends below `WINDOW_CUT` of it cut; returns ln of
    /// the scale (0 when every entry is 0).
    pub(super) fn normalize(&mut self) -> f64 {
        let top = self.values.iter().cloned().fold(0.0, f64::max);
        if !(top > 0.0 && top.is_finite()) {
            return 0.0;
        }
        let cut = top * WINDOW_CUT;
        let first = self.values.iter().position(|v| *v >= cut).unwrap_or(0);
        let last = self.values.iter().rposition(|v| *v >= cut).map_or(first, |last| last + 1);
        self.values = self.values[first..last].iter().map(|v| v / top).collect();
        self.start += first;
        top.ln()
    }
}

/// A copy of `counts` with the layouts of k mines (and the per-box sums of that row) multiplied
/// by exp(−tilt · k), then scaled to a largest layout count of 1 again, the scale added to
/// `log_scale`. Computed in logs, so no factor overflows on the way. The cells of the boxes are
/// not copied: they stay with `counts`.
fn tilted_counts(counts: &ComponentCounts, tilt: f64) -> ComponentCounts {
    // ln of the count of k mines: for an approximation from its binomial, not from the stored
    // value, whose floor (kept so that every total stays possible) the tilt would otherwise lift
    // by up to e^(tilt · k) above the binomial's peak.
    let ln_layouts = |k: usize, value: f64| match counts.binomial {
        Some((size, p)) => {
            ln_choose(size, k)
                .map_or(f64::NEG_INFINITY, |ln| ln + k as f64 * p.ln() + (size - k) as f64 * (1.0 - p).ln())
                - counts.log_scale
        }
        None if value > 0.0 => value.ln(),
        None => f64::NEG_INFINITY,
    };
    let top = counts
        .layouts
        .iter()
        .enumerate()
        .map(|(k, value)| ln_layouts(k, *value) - tilt * k as f64)
        .fold(f64::NEG_INFINITY, f64::max);
    // Each count of k mines (with its per-box sums) multiplied by exp(−tilt · k − top), and an
    // approximation floored again after that.
    let floor = if counts.binomial.is_some() { APPROXIMATION_FLOOR } else { 0.0 };
    let layouts: Vec<f64> = counts
        .layouts
        .iter()
        .enumerate()
        .map(|(k, value)| {
            if *value > 0.0 { (ln_layouts(k, *value) - tilt * k as f64 - top).exp().max(floor) } else { 0.0 }
        })
        .collect();
    let slots = counts.box_cells.len().max(1);
    let rows = |rows: &[f64]| -> Vec<f64> {
        rows.iter()
            .enumerate()
            .map(|(index, value)| {
                let k = counts.row_base + index / slots;
                let stored = counts.layouts[k];
                if stored > 0.0 { value / stored * layouts[k] } else { 0.0 }
            })
            .collect()
    };
    ComponentCounts {
        box_cells: Vec::new(),
        first_cell: counts.first_cell,
        row_base: counts.row_base,
        mine_rows: rows(&counts.mine_rows),
        safe_rows: rows(&counts.safe_rows),
        layouts,
        shares: counts.shares.clone(),
        binomial: counts.binomial,
        log_scale: counts.log_scale + top,
        exact: counts.exact,
    }
}

/// The combination of `components` on big boards: when the weights C(u, M − m) of their possible
/// totals span more than f64 can hold, or the totals are too many to keep whole. The counts of a
/// total m are multiplied by exp(−tilt · m) and its weight by exp(tilt · m), which leaves every
/// product, so every probability, as it is, with the tilt taken from the slope of ln W at the
/// likeliest total: then the weights are flat around it and the tilted distributions of the
/// totals are concentrated there (each a sum of many small components). That total is found by
/// a bracketed search: each round combines with the tilt of a guess, whose likeliest total lies
/// on the side of the answer, until a guess comes out as its own likeliest total; where the
/// search cannot go on, `reaches_a_total` tells an inconsistent board (`Inconsistent`) from one
/// beyond this method (`TooComplex`). Each prefix is scaled to a largest entry of 1 as it is built and its ends
/// below `WINDOW_CUT` of that are cut, so no product overflows and a prefix holds only the totals
/// that matter. `log_weights[m]` is ln C(u, M − m) (`None` where no layout has that total).
fn combine_tilted(
    components: Vec<Arc<ComponentCounts>>,
    exact: bool,
    log_weights: &[Option<f64>],
    mines: usize,
) -> Result<Combined, SolveError> {
    let at = |m: usize| log_weights.get(m).copied().flatten();
    // The totals the weights allow (M − u ≤ m ≤ M) that some layout can reach: one range.
    let fewest: usize = components.iter().map(|component| component.row_base).sum();
    let Some(lowest) = (fewest..log_weights.len()).find(|&m| at(m).is_some()) else {
        return Err(SolveError::Inconsistent { mines });
    };
    let highest = (lowest..log_weights.len()).rev().find(|&m| at(m).is_some()).unwrap_or(lowest);
    // −d ln W / dm at m: the tilt that makes the weights flat around m (rising with m, as ln W
    // is concave).
    let slope = |m: usize| match (at(m), at(m + 1), m.checked_sub(1).and_then(at)) {
        (Some(here), Some(next), _) => here - next,
        (Some(here), None, Some(before)) => before - here,
        _ => 0.0,
    };
    // The tilted counts and the windows of their prefixes.
    let combine_with = |tilt: f64| {
        let counts: Vec<ComponentCounts> =
            components.iter().map(|component| tilted_counts(component, tilt)).collect();
        let mut prefix = vec![Window { start: 0, values: vec![1.0] }];
        let mut prefix_log = vec![0.0];
        for component in &counts {
            let last = prefix.last().expect("starts with one");
            let layouts = Window::of(&component.layouts);
            let mut next =
                Window { start: last.start + layouts.start, values: convolve(&last.values, &layouts.values) };
            let log = next.normalize();
            prefix_log.push(prefix_log.last().copied().unwrap_or(0.0) + log);
            prefix.push(next);
        }
        (counts, prefix, prefix_log)
    };
    // The likeliest allowed total in the window of all the components' totals.
    let likeliest = |total: &Window, tilt: f64| {
        (total.start.max(lowest)..total.end().min(highest + 1))
            .filter(|&m| total.at(m) > 0.0)
            .filter_map(|m| at(m).map(|w| (m, total.at(m).ln() + w + tilt * m as f64)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(m, _)| m)
    };
    // The likeliest total m* is where the tilted totals, tilted by the slope at m*, peak: with
    // the tilt of a guess m the likeliest total in the window lies on the side of m*, so the
    // guesses close in on it (a bracket, halved when a guess would leave it).
    let (mut tilt, mut combined) = (0.0, combine_with(0.0));
    let first = likeliest(&combined.1[components.len()], 0.0);
    let total = &combined.1[components.len()];
    // Where the search cannot go on: an exact check of the totals decides whether no layout
    // fits (no allowed total is reachable) or the sums are beyond this method.
    let dead_end = || {
        if reaches_a_total(&components, lowest, highest) {
            SolveError::TooComplex
        } else {
            SolveError::Inconsistent { mines }
        }
    };
    let mut centre = match first {
        Some(m) => m,
        None if total.end() <= lowest => lowest,
        None if total.start > highest => highest,
        None => return Err(dead_end()),
    };
    let (mut low, mut high) = (lowest, highest);
    for _ in 0..TILT_ROUNDS {
        tilt = slope(centre);
        combined = combine_with(tilt);
        let total = &combined.1[components.len()];
        let found = likeliest(total, tilt);
        match found {
            Some(m) if m == centre => break,
            Some(m) if m > centre => low = centre + 1,
            Some(_) => high = centre.saturating_sub(1),
            None if total.end() <= centre => high = centre.saturating_sub(1),
            None if total.start > centre => low = centre + 1,
            None => return Err(dead_end()),
        }
        if low > high {
            break;
        }
        centre = match found {
            Some(m) if (low..=high).contains(&m) => m,
            _ => low + (high - low) / 2,
        };
    }
    let (counts, prefix, prefix_log) = combined;
    let total = &prefix[components.len()];
    // Weights of the possible totals only (below the smallest no layout has the total, and
    // there the tilted weight could overflow); ln W + tilt · m is concave, so at most 0 here.
    let peak = (fewest..log_weights.len())
        .filter_map(|m| at(m).map(|w| w + tilt * m as f64))
        .fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = (0..log_weights.len())
        .map(|m| match at(m) {
            Some(w) if m >= fewest => (w + tilt * m as f64 - peak).exp(),
            _ => 0.0,
        })
        .collect();
    let z: f64 =
        (total.start..total.end()).map(|m| total.at(m) * weights.get(m).copied().unwrap_or(0.0)).sum();
    if z <= 0.0 || !z.is_finite() {
        // The search did not settle where the weights and the totals meet.
        return Err(dead_end());
    }
    let log_scale: f64 = counts.iter().map(|component| component.log_scale).sum();
    let log_layouts = z.ln() + peak + log_scale + prefix_log[components.len()];
    Ok(Combined {
        components,
        exact,
        weights,
        totals: Totals::Tilted { counts, prefix, prefix_log },
        z,
        log_layouts,
    })
}

/// Whether one mine count of each component (one with a layout) adds up to a total in
/// `lowest..=highest`: the sums of their possible counts, as bit sets.
fn reaches_a_total(components: &[Arc<ComponentCounts>], lowest: usize, highest: usize) -> bool {
    let words = highest / 64 + 1;
    let mut reach = vec![0u64; words];
    reach[0] = 1;
    for component in components {
        let mut next = vec![0u64; words];
        for k in (0..component.layouts.len().min(highest + 1)).filter(|&k| component.layouts[k] > 0.0) {
            // next |= reach << k
            let (whole, bits) = (k / 64, k % 64);
            for index in (whole..words).rev() {
                let mut word = reach[index - whole] << bits;
                if bits > 0 && index > whole {
                    word |= reach[index - whole - 1] >> (64 - bits);
                }
                next[index] |= word;
            }
        }
        reach = next;
    }
    (lowest..=highest).any(|m| reach[m / 64] >> (m % 64) & 1 == 1)
}

/// The new components of `structure` enumerated (only their layout counts with `counts_only`)
/// and all of them combined by convolution over mine totals, weighted by C(u, M − m). Big boards
/// (weights that span more than `PLAIN_WEIGHT_RANGE` over the possible totals, more than
/// `PLAIN_TOTALS` totals, or sums that leave the range of f64) are combined by `combine_tilted`.
pub(super) fn combine(
    view: &BoardView<'_>,
    structure: &Structure<'_>,
    options: SolveOptions,
    counts_only: bool,
) -> Result<Combined, SolveError> {
    let Structure { all, boxes, interior, parts } = structure;
    let mut exact = true;
    let mut components: Vec<Arc<ComponentCounts>> = Vec::with_capacity(parts.len());
    let mut budget_left = options.node_budget;
    let mut scratch = Scratch::new(all.len());
    for (first_cell, part) in parts {
        match part {
            Part::Unchanged(stored) => components.push(Arc::clone(stored)),
            Part::New(box_list) => {
                let component = Component { boxes, box_list, first_cell: *first_cell };
                let (counts, nodes) = enumerate_component(
                    &component,
                    all,
                    budget_left,
                    counts_only,
                    options.always_shares,
                    &mut scratch,
                );
                budget_left = budget_left.saturating_sub(nodes);
                exact &= counts.exact;
                if counts.layouts.iter().all(|w| *w == 0.0) {
                    return Err(SolveError::Inconsistent { mines: view.mines });
                }
                components.push(Arc::new(counts));
            }
        }
    }
    combine_components(view, interior.len(), components, exact, options)
}

/// `combine` of components already enumerated (`exact` false when one was approximated), with
/// `u` covered cells off the frontier.
pub(super) fn combine_components(
    view: &BoardView<'_>,
    u: usize,
    components: Vec<Arc<ComponentCounts>>,
    exact: bool,
    options: SolveOptions,
) -> Result<Combined, SolveError> {
    let log_scale: f64 = components.iter().map(|component| component.log_scale).sum();
    // Weights of frontier totals: W(m) = C(u, M - m), relative to its largest value.
    let total_max: usize = components.iter().map(|c| c.layouts.len().saturating_sub(1)).sum();
    let log_weights: Vec<Option<f64>> =
        (0..=total_max).map(|m| view.mines.checked_sub(m).and_then(|rest| ln_choose(u, rest))).collect();
    let peak = log_weights.iter().flatten().cloned().fold(f64::NEG_INFINITY, f64::max);
    if !peak.is_finite() {
        return Err(SolveError::Inconsistent { mines: view.mines });
    }
    // The smallest possible total: below it no layout, so no weight, counts.
    let fewest: usize = components.iter().map(|component| component.row_base).sum();
    let in_range = log_weights.iter().skip(fewest).flatten().all(|w| peak - w <= PLAIN_WEIGHT_RANGE);
    if !in_range || total_max > PLAIN_TOTALS || options.always_tilt {
        return combine_tilted(components, exact, &log_weights, view.mines);
    }
    let weights: Vec<f64> = log_weights.iter().map(|w| w.map_or(0.0, |w| (w - peak).exp())).collect();
    let mut prefix = vec![vec![1.0]];
    for component in &components {
        let next = convolve(prefix.last().map(Vec::as_slice).unwrap_or(&[1.0]), &component.layouts);
        prefix.push(next);
    }
    let total = &prefix[components.len()];
    let z: f64 = total.iter().enumerate().map(|(m, t)| t * weights.get(m).copied().unwrap_or(0.0)).sum();
    if z <= 0.0 || !z.is_finite() {
        return combine_tilted(components, exact, &log_weights, view.mines);
    }
    let log_layouts = z.ln() + peak + log_scale;
    Ok(Combined { components, exact, weights, totals: Totals::Plain { prefix }, z, log_layouts })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reachable_totals_are_the_sums_of_possible_counts() {
        let component = |counts: &[usize]| {
            let mut layouts = vec![0.0; counts.iter().max().map_or(0, |max| max + 1)];
            for &k in counts {
                layouts[k] = 1.0;
            }
            Arc::new(ComponentCounts::exact(0, layouts))
        };
        // {0, 2} + {0, 2}: 0, 2 and 4 only.
        let even = [component(&[0, 2]), component(&[0, 2])];
        assert!(!reaches_a_total(&even, 3, 3));
        assert!(reaches_a_total(&even, 4, 4) && reaches_a_total(&even, 1, 2));
        assert!(!reaches_a_total(&even, 5, 9));
        // Across 64-bit words: {0, 70} + {1, 130} reaches 1, 71, 130 and 200 only.
        let far = [component(&[0, 70]), component(&[1, 130])];
        for total in [1, 71, 130, 200] {
            assert!(reaches_a_total(&far, total, total), "{total}");
        }
        for (low, high) in [(2, 70), (72, 129), (132, 199)] {
            assert!(!reaches_a_total(&far, low, high), "{low}..={high}");
        }
    }
}
