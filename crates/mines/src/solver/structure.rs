//! The structure an analysis works on: frontier cells merged into boxes (cells with the same
//! numbers around them), boxes split into independent components, and the parts of an earlier
//! analysis that a new one can reuse.

use super::*;

/// A group of frontier cells with the same constraints.
pub(super) struct Box {
    pub(super) cells: Vec<usize>,
    pub(super) constraints: Vec<usize>,
}

/// Components of an earlier analysis that a new one may take as they are.
pub(super) struct Reuse<'a> {
    pub(super) base: &'a Analysis,
    /// The cells that differ from the position of `base` (revealed or assumed).
    pub(super) cells: Vec<usize>,
    /// Components of `base` that hold a changed cell, sorted; the others are unchanged.
    pub(super) changed: Vec<usize>,
}

impl<'a> Reuse<'a> {
    /// Reuse of `base` for a position that differs from it only at the `changed` cells: a
    /// revealed cell (with its neighbours) changes the numbers it belonged to, an assumed cell
    /// only its own component.
    pub(super) fn around(base: &'a Analysis, changed: impl Iterator<Item = usize>) -> Self {
        let cells: Vec<usize> = changed.collect();
        let mut components: Vec<usize> =
            cells.iter().filter_map(|&cell| base.component_of.get(cell).copied().flatten()).collect();
        components.sort_unstable();
        components.dedup();
        Self { base, cells, changed: components }
    }

    /// The cells whose structure must be built anew, sorted: the covered changed cells and the
    /// cells of the changed components. No number links them to an unchanged component: such a
    /// number was there before too (the only new number is a revealed changed cell, whose covered
    /// neighbours are changed cells), and it would have put both in one component.
    pub(super) fn region(&self, view: &BoardView<'_>) -> Vec<usize> {
        let mut region: Vec<usize> = self
            .cells
            .iter()
            .copied()
            .filter(|&cell| matches!(view.cells[cell], Cell::Covered | Cell::Flagged))
            .chain(
                self.changed
                    .iter()
                    .flat_map(|&index| self.base.components[index].box_cells.iter().flatten().copied()),
            )
            .collect();
        region.sort_unstable();
        region.dedup();
        region
    }

    /// The numbers next to the region, and the revealed changed cells (a revealed cell without
    /// covered neighbours must show 0), each once, in board order.
    pub(super) fn numbers(&self, view: &BoardView<'_>, region: &[usize]) -> Vec<Constraint> {
        let mut numbers: Vec<usize> = region
            .iter()
            .flat_map(|&cell| neighbours(view.width, view.height, cell))
            .chain(self.cells.iter().copied())
            .filter(|&cell| matches!(view.cells[cell], Cell::Revealed(_)))
            .collect();
        numbers.sort_unstable();
        numbers.dedup();
        numbers.into_iter().filter_map(|cell| constraint_at(view, cell)).collect()
    }

    /// The unchanged components of `base`, each with its first cell.
    pub(super) fn unchanged(&self) -> impl Iterator<Item = (usize, &'a Arc<ComponentCounts>)> + '_ {
        let base: &'a Analysis = self.base;
        base.components
            .iter()
            .enumerate()
            .filter(|(index, _)| self.changed.binary_search(index).is_err())
            .map(|(_, component)| (component.first_cell, component))
    }
}

/// The boxes and components an analysis works on: every constraint (numbers, then assumed
/// cells), the boxes of the region built anew, the covered cells off the frontier, and all
/// components, new (as lists of boxes) and unchanged, ordered by their first cell.
pub(super) struct Structure<'a> {
    pub(super) all: Vec<Constraint>,
    pub(super) boxes: Vec<Box>,
    pub(super) interior: Vec<usize>,
    pub(super) parts: Vec<(usize, Part<'a>)>,
}

/// Builds the `Structure` of `view` under the assumed cells: over every covered cell, or with
/// `reuse` only over the region that changed since its analysis.
pub(super) fn structure<'a>(
    view: &BoardView<'_>,
    assumed: &[(usize, bool)],
    reuse: Option<&Reuse<'a>>,
    certain: Option<&Certain>,
) -> Result<Structure<'a>, SolveError> {
    debug_assert!(reuse.is_none() || certain.is_none());
    let cells = view.width * view.height;
    let is_covered = |cell: usize| matches!(view.cells[cell], Cell::Covered | Cell::Flagged);
    // The cells whose boxes and components are built here, sorted, and their numbers: every
    // covered cell, or with an earlier analysis only the changed region.
    let (mut region, mut all) = match reuse {
        Some(reuse) => {
            let region = reuse.region(view);
            let numbers = reuse.numbers(view, &region);
            (region, numbers)
        }
        None => ((0..cells).filter(|&cell| is_covered(cell)).collect(), constraints(view)),
    };
    let undetermined = |cell: usize| certain.is_none_or(|certain| certain.state[cell].is_none());
    if let Some(certain) = certain {
        // Each number keeps its undetermined cells and the mines they still need.
        region.retain(|&cell| undetermined(cell));
        for constraint in &mut all {
            let mines = constraint.cells().iter().filter(|&&cell| certain.state[cell] == Some(true)).count();
            let mines =
                constraint.mines.checked_sub(mines).ok_or(SolveError::Inconsistent { mines: view.mines })?;
            *constraint = Constraint::new(
                constraint.origin,
                constraint.cells().iter().copied().filter(|&cell| undetermined(cell)),
                mines,
            );
        }
        all.retain(|constraint| constraint.len > 0 || constraint.mines > 0);
        // An assumption on a certain cell holds in every layout or in none.
        if assumed.iter().any(|&(cell, mine)| certain.state[cell].is_some_and(|state| state != mine)) {
            return Err(SolveError::Inconsistent { mines: view.mines });
        }
    }
    all.extend(
        assumed
            .iter()
            .filter(|&&(cell, _)| undetermined(cell))
            .map(|&(cell, mine)| Constraint::new(cell, [cell], usize::from(mine))),
    );
    // Constraints with no covered cells must be satisfied already (number 0 revealed around).
    if all.iter().any(|c| c.cells().is_empty() && c.mines > 0) {
        return Err(SolveError::Inconsistent { mines: view.mines });
    }
    // Each region cell's constraints, by its place in the region (every constrained cell is in
    // it), so that a small region costs little on a big board.
    const OUTSIDE: u32 = u32::MAX;
    let mut place = vec![OUTSIDE; cells];
    for (index, &cell) in region.iter().enumerate() {
        place[cell] = index as u32;
    }
    let mut signature: Vec<Vec<usize>> = vec![Vec::new(); region.len()];
    for (index, constraint) in all.iter().enumerate() {
        for &cell in constraint.cells() {
            debug_assert!(place[cell] != OUTSIDE, "a constrained cell outside the region");
            if let Some(signature) = signature.get_mut(place[cell] as usize) {
                signature.push(index);
            }
        }
    }
    // Off the frontier: covered cells without a number (outside the region, those that were
    // off the frontier before).
    let interior: Vec<usize> = match reuse {
        Some(reuse) => (0..cells)
            .filter(|&cell| {
                is_covered(cell)
                    && match signature.get(place[cell] as usize) {
                        Some(signature) => signature.is_empty(),
                        None => reuse.base.component_of[cell].is_none(),
                    }
            })
            .collect(),
        None => region.iter().zip(&signature).filter(|(_, s)| s.is_empty()).map(|(&cell, _)| cell).collect(),
    };
    // Boxes: frontier cells grouped by constraint signature, created in cell order.
    let mut box_of_signature: FxHashMap<&[usize], usize> = FxHashMap::default();
    let mut boxes: Vec<Box> = Vec::new();
    for (&cell, key) in region.iter().zip(&signature).filter(|(_, s)| !s.is_empty()) {
        let key = key.as_slice();
        let index = *box_of_signature.entry(key).or_insert_with(|| {
            boxes.push(Box { cells: Vec::new(), constraints: key.to_vec() });
            boxes.len() - 1
        });
        boxes[index].cells.push(cell);
    }
    // Components: boxes linked through shared constraints (union-find over constraints, by
    // size, with path halving; which root a set gets does not change the components below).
    let mut parent: Vec<usize> = (0..all.len()).collect();
    let mut size = vec![1usize; all.len()];
    pub(super) fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for current in &boxes {
        let first = current.constraints[0];
        for &other in &current.constraints[1..] {
            let (a, b) = (find(&mut parent, first), find(&mut parent, other));
            if a != b {
                let (small, large) = if size[a] < size[b] { (a, b) } else { (b, a) };
                parent[small] = large;
                size[large] += size[small];
            }
        }
    }
    let mut component_of_root: FxHashMap<usize, usize> = FxHashMap::default();
    let mut new_components: Vec<Vec<usize>> = Vec::new();
    for (index, current) in boxes.iter().enumerate() {
        let root = find(&mut parent, current.constraints[0]);
        let slot = *component_of_root.entry(root).or_insert_with(|| {
            new_components.push(Vec::new());
            new_components.len() - 1
        });
        new_components[slot].push(index);
    }
    // All components, new and unchanged, ordered by their first cell (boxes are in cell order,
    // so a component's first box holds its first cell): the same order with or without reuse.
    let mut parts: Vec<(usize, Part<'_>)> = new_components
        .into_iter()
        .map(|box_list| (boxes[box_list[0]].cells[0], Part::New(box_list)))
        .collect();
    if let Some(reuse) = reuse {
        parts.extend(reuse.unchanged().map(|(first, stored)| (first, Part::Unchanged(stored))));
    }
    parts.sort_unstable_by_key(|&(first, _)| first);
    Ok(Structure { all, boxes, interior, parts })
}

/// A new component to enumerate: its boxes (indices into `boxes`) and its first cell.
/// A component of a new analysis: its boxes, to enumerate, or an unchanged earlier one.
pub(super) enum Part<'a> {
    New(Vec<usize>),
    Unchanged(&'a Arc<ComponentCounts>),
}
