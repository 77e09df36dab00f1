//! Counting a component's layouts: backtracking over its boxes in an order that prunes early,
//! counting layouts per mine total (a box of t cells holding k mines counts C(t, k) ways), within
//! a node budget; past it, an approximation that says so.

use super::*;

/// Per-component enumeration result: layout weight per mine count, and per box the weight of
/// layouts times the box's mines (and times its safe cells) per mine count. After enumeration
/// the weights are divided by their largest layout weight, whose log is kept, so products of
/// many components stay in range.
#[derive(Debug, PartialEq)]
pub(crate) struct ComponentCounts {
    /// Cells of each box, in enumeration order.
    pub(super) box_cells: Vec<Vec<usize>>,
    /// The component's lowest cell: components are combined in this order.
    pub(super) first_cell: usize,
    pub(super) layouts: Vec<f64>,
    /// The fewest mines of any layout: the per-box sums start at this mine count (below it
    /// they are zero).
    pub(super) row_base: usize,
    /// Weight times each box's mines, one row of boxes per mine count from `row_base` up.
    pub(super) mine_rows: Vec<f64>,
    /// The same for each box's safe cells.
    pub(super) safe_rows: Vec<f64>,
    /// For a large approximation instead of the rows: each box's share of the component's mines
    /// (a box holds min(k · share, its cells) of k mines), so that its size is O(boxes + mine
    /// counts), not their product.
    pub(super) shares: Vec<f64>,
    /// For an approximation, the binomial (cells, chance) its layout counts follow, floored at
    /// `APPROXIMATION_FLOOR`.
    pub(super) binomial: Option<(usize, f64)>,
    /// Natural log of the scale the weights were divided by.
    pub(super) log_scale: f64,
    pub(super) exact: bool,
}

impl ComponentCounts {
    /// The counts of an exact component: `layouts` per mine count, no per-box sums yet.
    pub(super) fn exact(first_cell: usize, layouts: Vec<f64>) -> Self {
        Self {
            box_cells: Vec::new(),
            first_cell,
            layouts,
            row_base: 0,
            mine_rows: Vec::new(),
            safe_rows: Vec::new(),
            shares: Vec::new(),
            binomial: None,
            log_scale: 0.0,
            exact: true,
        }
    }
}

pub(super) struct Enumerator<'a> {
    pub(super) boxes: &'a [Box],
    pub(super) order: Vec<usize>,
    pub(super) need: Vec<i64>,
    pub(super) capacity: Vec<i64>,
    /// Per slot (box in enumeration order), its mines and its safe cells in the current layout.
    pub(super) slot_mines: Vec<f64>,
    pub(super) slot_safe: Vec<f64>,
    pub(super) counts: ComponentCounts,
    pub(super) counts_only: bool,
    /// When drawing a layout instead of counting (`sample_layout`): the draw so far.
    pub(super) draw: Option<Draw>,
    /// When counting for each number a revealed cell may show (`enumerate_by_value`): its
    /// constraint, which then bounds nothing and counts the mines next to the cell, and the
    /// counts of each number (`counts` then only says whether the run stayed within budget).
    pub(super) by_value: Option<(usize, Vec<ComponentCounts>)>,
    pub(super) nodes: u64,
    pub(super) budget: u64,
}

/// One layout of a component with a given number of mines, drawn with chance proportional to
/// its weight while the layouts are enumerated (weighted reservoir sampling: the k-th layout of
/// that count replaces the one kept with chance weight / total weight so far), so it is drawn
/// uniformly among the component's layouts of cells, as a box of t cells with c mines stands for
/// C(t, c) of them.
pub(super) struct Draw {
    /// The number of mines of the layouts drawn from.
    pub(super) mines: usize,
    /// The weight of the layouts with that many mines enumerated so far.
    pub(super) seen: f64,
    /// Mines per slot of the layout kept (empty until one is kept).
    pub(super) kept: Vec<usize>,
    pub(super) rng: rand_pcg::Pcg64Mcg,
}

impl Draw {
    /// Offers the current layout, of `weight`, with `slot_mines` mines per slot.
    pub(super) fn offer(&mut self, weight: f64, slot_mines: &[f64]) {
        use rand::RngExt;
        self.seen += weight;
        if self.rng.random::<f64>() * self.seen < weight {
            self.kept.clear();
            self.kept.extend(slot_mines.iter().map(|&mines| mines as usize));
        }
    }
}

impl Enumerator<'_> {
    pub(super) fn run(&mut self, depth: usize, mines: usize, weight: f64) {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.counts.exact = false;
            return;
        }
        let slots = self.order.len();
        if depth == slots {
            self.add_layout(mines, weight);
            return;
        }
        let box_index = self.order[depth];
        let current = &self.boxes[box_index];
        let size = current.cells.len();
        // Each constraint needs 0 <= need - k <= capacity left after this box, so the mines
        // that fit form one range.
        let (mut low, mut high) = (0i64, size as i64);
        for &c in &current.constraints {
            self.capacity[c] -= size as i64;
            low = low.max(self.need[c] - self.capacity[c]);
            high = high.min(self.need[c]);
        }
        for k in low.max(0)..=high {
            let k = k as usize;
            for &c in &current.constraints {
                self.need[c] -= k as i64;
            }
            self.slot_mines[depth] = k as f64;
            self.slot_safe[depth] = (size - k) as f64;
            self.run(depth + 1, mines + k, weight * choose(size, k));
            for &c in &current.constraints {
                self.need[c] += k as i64;
            }
            if !self.counts.exact {
                break;
            }
        }
        for &c in &current.constraints {
            self.capacity[c] += size as i64;
        }
    }

    /// Adds the current layout (`mines` in all, of weight `weight`) to the counts, or offers it
    /// to the draw.
    pub(super) fn add_layout(&mut self, mines: usize, weight: f64) {
        if let Some(draw) = &mut self.draw {
            if mines == draw.mines {
                draw.offer(weight, &self.slot_mines);
            }
            return;
        }
        let counts = match &mut self.by_value {
            Some((constraint, by_value)) => {
                let shown = (UNBOUND - self.need[*constraint]) as usize;
                if by_value.len() <= shown {
                    by_value.resize_with(shown + 1, || {
                        ComponentCounts::exact(self.counts.first_cell, Vec::new())
                    });
                }
                &mut by_value[shown]
            }
            None => &mut self.counts,
        };
        if counts.layouts.len() <= mines {
            counts.layouts.resize(mines + 1, 0.0);
        }
        counts.layouts[mines] += weight;
        if self.counts_only {
            return;
        }
        let slots = self.order.len();
        if counts.mine_rows.is_empty() {
            counts.row_base = mines;
        } else if mines < counts.row_base {
            // Rows for the smaller totals go in front.
            let zeros = (counts.row_base - mines) * slots;
            counts.mine_rows.splice(0..0, std::iter::repeat_n(0.0, zeros));
            counts.safe_rows.splice(0..0, std::iter::repeat_n(0.0, zeros));
            counts.row_base = mines;
        }
        let start = (mines - counts.row_base) * slots;
        if counts.mine_rows.len() < start + slots {
            counts.mine_rows.resize(start + slots, 0.0);
            counts.safe_rows.resize(start + slots, 0.0);
        }
        let mine_row = &mut counts.mine_rows[start..start + slots];
        let safe_row = &mut counts.safe_rows[start..start + slots];
        for (((total_mines, total_safe), box_mines), box_safe) in
            mine_row.iter_mut().zip(safe_row.iter_mut()).zip(&self.slot_mines).zip(&self.slot_safe)
        {
            *total_mines += weight * box_mines;
            *total_safe += weight * box_safe;
        }
    }
}

pub(super) struct Component<'a> {
    pub(super) boxes: &'a [Box],
    pub(super) box_list: &'a [usize],
    pub(super) first_cell: usize,
}

/// Components with more boxes than this are enumerated on a thread of their own with a stack
/// to match (`Enumerator::run` recurses once per box; a 2 MiB thread stack overflowed on a
/// 500x300 board). Expert boards have at most 480 boxes.
pub(super) const DEEP_COMPONENT_BOXES: usize = 2_000;

/// Stack reserved per box for such a thread: several times one level of `Enumerator::run`.
pub(super) const STACK_PER_BOX: usize = 1024;

/// Per-constraint working arrays of the enumeration, indexed by constraint, allocated once for
/// all the components of an analysis: each component sets only the entries of its own
/// constraints (no two components share one), so a board of many small components does not pay
/// for all of its constraints once per component.
pub(super) struct Scratch {
    pub(super) need: Vec<i64>,
    pub(super) capacity: Vec<i64>,
    pub(super) touched: Vec<bool>,
    pub(super) boxes_of: Vec<Vec<usize>>,
}

impl Scratch {
    pub(super) fn new(constraints: usize) -> Self {
        Self {
            need: vec![0; constraints],
            capacity: vec![0; constraints],
            touched: vec![false; constraints],
            boxes_of: vec![Vec::new(); constraints],
        }
    }
}

/// Sets up the enumeration of `component` (counting its layouts, or drawing one with `draw`)
/// and runs it within `budget` nodes; `counts.exact` is false when it went over.
pub(super) fn run_enumeration<'a>(
    component: &Component<'a>,
    all: &[Constraint],
    budget: u64,
    counts_only: bool,
    draw: Option<Draw>,
    by_value: Option<usize>,
    scratch: &mut Scratch,
) -> Enumerator<'a> {
    let Component { boxes, box_list, first_cell } = *component;
    let order = enumeration_order(boxes, box_list, scratch);
    let mut need = std::mem::take(&mut scratch.need);
    let mut capacity = std::mem::take(&mut scratch.capacity);
    for &b in &order {
        for &c in &boxes[b].constraints {
            need[c] = all[c].mines as i64;
            capacity[c] = 0;
        }
    }
    for &b in &order {
        for &c in &boxes[b].constraints {
            capacity[c] += boxes[b].cells.len() as i64;
        }
    }
    if let Some(constraint) = by_value {
        // need − capacity stays below 0 and need above any box's size: the constraint bounds no
        // box, and UNBOUND − need is the mines placed next to it so far.
        need[constraint] = UNBOUND;
        capacity[constraint] = 2 * UNBOUND;
    }
    let slots = order.len();
    let mut enumerator = Enumerator {
        boxes,
        order,
        need,
        capacity,
        slot_mines: vec![0.0; slots],
        slot_safe: vec![0.0; slots],
        counts: ComponentCounts::exact(first_cell, Vec::new()),
        counts_only,
        draw,
        by_value: by_value.map(|constraint| (constraint, Vec::new())),
        nodes: 0,
        budget: budget.max(10_000),
    };
    if slots <= DEEP_COMPONENT_BOXES {
        enumerator.run(0, 0, 1.0);
    } else {
        // One level of recursion per box: a component this long (big boards only) is enumerated
        // on a thread whose stack holds it; if none can be started, it is approximated.
        let ran = std::thread::scope(|scope| {
            std::thread::Builder::new()
                .name("curio-mines-enumerate".into())
                .stack_size(slots * STACK_PER_BOX + (1 << 20))
                .spawn_scoped(scope, || enumerator.run(0, 0, 1.0))
                .map(|handle| handle.join())
        });
        match ran {
            Ok(Ok(())) => {}
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(_) => enumerator.counts.exact = false,
        }
    }
    scratch.need = std::mem::take(&mut enumerator.need);
    scratch.capacity = std::mem::take(&mut enumerator.capacity);
    enumerator
}

/// Enumerates one component within `budget` nodes (an approximation past it), with its weights
/// scaled to a largest layout weight of 1; only layout counts with `counts_only`. Returns the
/// counts and the nodes used.
pub(super) fn enumerate_component(
    component: &Component<'_>,
    all: &[Constraint],
    budget: u64,
    counts_only: bool,
    always_shares: bool,
    scratch: &mut Scratch,
) -> (ComponentCounts, u64) {
    let Component { boxes, first_cell, .. } = *component;
    let enumerator = run_enumeration(component, all, budget, counts_only, None, None, scratch);
    let mut counts = enumerator.counts;
    if !counts.exact {
        counts = approximate_component(boxes, &enumerator.order, all, always_shares);
        counts.first_cell = first_cell;
    }
    (finish(counts, boxes, &enumerator.order, counts_only), enumerator.nodes)
}

/// A constraint's need and capacity start from this (and twice this) when it bounds nothing
/// (`enumerate_by_value`).
const UNBOUND: i64 = 1 << 40;

/// `enumerate_component` for each number that the cell whose number is constraint `shown` may
/// show, in one enumeration without that constraint: a layout where the cell shows v is
/// reached in the same order, with the same weight, as when the constraint asks for v, so each
/// number's counts equal `enumerate_component`'s with that number to the last bit. Returns the
/// counts indexed by the number (those with no layout empty) and the nodes used, or `None`
/// when the enumeration needs more than `budget` nodes; each single number needs at most as
/// many, as its search tree is a part of this one.
pub(super) fn enumerate_by_value(
    component: &Component<'_>,
    all: &[Constraint],
    shown: usize,
    budget: u64,
    scratch: &mut Scratch,
) -> Option<(Vec<ComponentCounts>, u64)> {
    let enumerator = run_enumeration(component, all, budget, false, None, Some(shown), scratch);
    if !enumerator.counts.exact || enumerator.nodes > budget {
        return None;
    }
    let order = &enumerator.order;
    let (_, by_value) = enumerator.by_value?;
    // (A number no layout fits keeps its empty counts: only their emptiness is read.)
    let counts =
        by_value
            .into_iter()
            .map(|counts| {
                if counts.layouts.is_empty() { counts } else { finish(counts, component.boxes, order, false) }
            })
            .collect();
    Some((counts, enumerator.nodes))
}

/// An enumeration's counts with the cells of its boxes, and scaled to a largest layout count
/// of 1.
fn finish(mut counts: ComponentCounts, boxes: &[Box], order: &[usize], counts_only: bool) -> ComponentCounts {
    counts.box_cells = order.iter().map(|&b| boxes[b].cells.clone()).collect();
    if counts_only && counts.exact {
        // No per-box rows were kept, so `add_layout` did not set the fewest mines; the tilted
        // combination starts its search for the likeliest total from the sum of them.
        counts.row_base = counts.layouts.iter().position(|w| *w > 0.0).unwrap_or(0);
    }
    if counts.layouts.iter().all(|w| *w == 0.0) {
        // No layout: the caller reports the board inconsistent.
        return counts;
    }
    // Scale to max 1 so products of many components stay in range; ratios are unchanged.
    let scale = counts.layouts.iter().cloned().fold(0.0, f64::max);
    counts.log_scale = scale.ln();
    for value in counts.layouts.iter_mut().chain(&mut counts.mine_rows).chain(&mut counts.safe_rows) {
        *value /= scale;
    }
    counts
}

/// Components of at most this many boxes are ordered by a scan, larger ones with the heap.
const SCAN_BOXES: usize = 48;

/// Boxes in an order where each next box shares the most constraints with earlier ones (early
/// pruning), ties to the box listed first. Past `SCAN_BOXES` boxes a max-heap with stale entries
/// skipped keeps it O((B + E) log B) for B boxes and E box-constraint incidences counted once per
/// box of each constraint; picking by a scan each time is O(B²), minutes for the 30,000-box
/// components of a 1000x1000 board, but faster than the heap for the few boxes of most.
pub(super) fn enumeration_order(boxes: &[Box], box_list: &[usize], scratch: &mut Scratch) -> Vec<usize> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut order = Vec::with_capacity(box_list.len());
    let mut placed = vec![false; box_list.len()];
    let mut score = vec![0usize; box_list.len()];
    let Scratch { touched, boxes_of, .. } = scratch;
    for &b in box_list {
        for &c in &boxes[b].constraints {
            touched[c] = false;
            boxes_of[c].clear();
        }
    }
    for (slot, &b) in box_list.iter().enumerate() {
        for &c in &boxes[b].constraints {
            boxes_of[c].push(slot);
        }
    }
    if box_list.len() <= SCAN_BOXES {
        // Few boxes: a scan for the best score is cheaper than the heap, and picks the same.
        for _ in 0..box_list.len() {
            let mut next = usize::MAX;
            for (slot, (&done, &slot_score)) in placed.iter().zip(&score).enumerate() {
                if !done && (next == usize::MAX || slot_score > score[next]) {
                    next = slot;
                }
            }
            placed[next] = true;
            for &c in &boxes[box_list[next]].constraints {
                if !touched[c] {
                    touched[c] = true;
                    for &other in &boxes_of[c] {
                        score[other] += 1;
                    }
                }
            }
            order.push(box_list[next]);
        }
        return order;
    }
    let mut heap: BinaryHeap<(usize, Reverse<usize>)> =
        (0..box_list.len()).map(|slot| (0, Reverse(slot))).collect();
    while let Some((entry_score, Reverse(next))) = heap.pop() {
        if placed[next] || entry_score != score[next] {
            continue;
        }
        placed[next] = true;
        for &c in &boxes[box_list[next]].constraints {
            if !touched[c] {
                touched[c] = true;
                for &other in &boxes_of[c] {
                    score[other] += 1;
                    if !placed[other] {
                        heap.push((score[other], Reverse(other)));
                    }
                }
            }
        }
        order.push(box_list[next]);
    }
    order
}

/// The least weight an approximation gives any total of its mines (its binomial weights sum to
/// 1): every total stays possible, so an approximation never makes a board that some layout fits
/// inconsistent.
pub(super) const APPROXIMATION_FLOOR: f64 = 1e-200;

/// The most per-box sums (mine counts times boxes) an approximated component keeps as rows;
/// past it, it keeps each box's share instead (a 500x300 board had a component of 29,137 boxes
/// and about 40,000 possible mine counts: 19 GB of rows).
pub(super) const APPROXIMATE_ROWS: usize = 1 << 20;

/// Fallback for a component over budget: each box gets the average density of its constraints,
/// and the component's mine total a binomial distribution around the expected total over all
/// its possible totals (floored above zero), so that together with the other components and the
/// off-frontier cells some total always fits the mines left; a single rounded total could leave
/// none, and a consistent board would then be reported inconsistent. Each box holds a share of
/// every total in proportion to its expected mines, never more mines than it has cells.
pub(super) fn approximate_component(
    boxes: &[Box],
    order: &[usize],
    constraints: &[Constraint],
    always_shares: bool,
) -> ComponentCounts {
    let mut densities = Vec::with_capacity(order.len());
    let mut expected = 0.0;
    let mut size = 0usize;
    for &b in order {
        let density = boxes[b]
            .constraints
            .iter()
            .map(|&c| constraints[c].mines as f64 / constraints[c].cells().len().max(1) as f64)
            .sum::<f64>()
            / boxes[b].constraints.len().max(1) as f64;
        let density = density.clamp(0.0, 1.0);
        densities.push(density);
        expected += density * boxes[b].cells.len() as f64;
        size += boxes[b].cells.len();
    }
    let p = (expected / size.max(1) as f64).clamp(1e-6, 1.0 - 1e-6);
    let layouts: Vec<f64> = (0..=size)
        .map(|k| {
            let ln = ln_choose(size, k).unwrap_or(f64::NEG_INFINITY)
                + k as f64 * p.ln()
                + (size - k) as f64 * (1.0 - p).ln();
            ln.exp().max(APPROXIMATION_FLOOR)
        })
        .collect();
    let share = |slot: usize, b: usize| {
        if expected > 0.0 {
            densities[slot] * boxes[b].cells.len() as f64 / expected
        } else {
            boxes[b].cells.len() as f64 / size.max(1) as f64
        }
    };
    if layouts.len() * order.len() > APPROXIMATE_ROWS || always_shares {
        return ComponentCounts {
            box_cells: Vec::new(),
            first_cell: 0,
            layouts,
            row_base: 0,
            mine_rows: Vec::new(),
            safe_rows: Vec::new(),
            shares: order.iter().enumerate().map(|(slot, &b)| share(slot, b)).collect(),
            binomial: Some((size, p)),
            log_scale: 0.0,
            exact: false,
        };
    }
    let mut mine_rows = Vec::with_capacity(layouts.len() * order.len());
    let mut safe_rows = Vec::with_capacity(layouts.len() * order.len());
    for (k, w) in layouts.iter().enumerate() {
        for (slot, &b) in order.iter().enumerate() {
            let cells = boxes[b].cells.len() as f64;
            let mines = w * (k as f64 * share(slot, b)).min(cells);
            mine_rows.push(mines);
            safe_rows.push(w * cells - mines);
        }
    }
    ComponentCounts {
        box_cells: Vec::new(),
        first_cell: 0,
        layouts,
        row_base: 0,
        mine_rows,
        safe_rows,
        shares: Vec::new(),
        binomial: Some((size, p)),
        log_scale: 0.0,
        exact: false,
    }
}
