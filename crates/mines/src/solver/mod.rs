//! The exact probability solver: the analysis API (`analyze`, `count_layouts_assuming`,
//! `Reveal`) on top of its parts, one file each.
//!
//! 1. Trivial and subset rules find certain cells cheaply (`rules`).
//! 2. Exact probabilities: frontier cells (covered cells next to a number) are merged into boxes
//!    of cells with the same constraints, boxes are split into independent components, and each
//!    component's consistent layouts are enumerated by backtracking, counting layouts per number of
//!    mines (a box of t cells holding k mines counts C(t, k) ways). Components are combined by
//!    convolution over mine totals, each total m weighted by C(u, M − m) (u covered cells off the
//!    frontier, M mines), computed in log space so any board size is safe. This gives the exact
//!    probability of every covered cell and contains the mine-counter and endgame tactics of the blog post "How to Write your own Minesweeper AI".
//!    Boxes and components: `structure`; enumeration: `enumerate`; the convolution: `combine`.
//! 3. A node budget bounds enumeration; past it the component falls back to an approximation and
//!    the analysis says it is not exact.
//! 4. Random layouts that fit a position, drawn from the same counts (`layout`,
//!    `sample_layout`).
//!
//! Flags are never trusted: every covered cell, flagged or not, is unknown to the solver.
//! Complexity: exponential in the largest component's box count in the worst case (bounded by the
//! budget); linear in the board size otherwise.

pub use super::board::BoardView;
use super::board::{Cell, neighbours};
use rustc_hash::FxHashMap;
use std::sync::Arc;

mod combine;
mod enumerate;
mod layout;
mod layout_search;
mod rules;
mod structure;

use combine::{Combined, Totals, Window, combine, combine_components};
use enumerate::*;
pub use layout::{DrawnLayout, sample_layout, sample_layout_with};
pub use rules::{Deductions, Rule, deduce};
use structure::*;

/// Default cap on backtracking nodes per analysis.
pub const DEFAULT_NODE_BUDGET: u64 = 2_000_000;

/// The nodes an analysis spends on the components as they are before it takes the certain
/// cells out (`Certain`): where the components need more, certain mines most likely hold them
/// together, and taken apart they are counted in far fewer.
const FIRST_TRY_NODE_BUDGET: u64 = 200_000;

/// Why the board cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// No mine layout agrees with the numbers and the mine count.
    #[error("the board is inconsistent: no mine layout agrees with its numbers and a mine count of {mines}")]
    Inconsistent {
        /// Mines on the board.
        mines: usize,
    },
    /// A revealed number that cannot be met: found by the trivial and subset rules, on boards
    /// of any size (also where the enumeration is only approximate).
    #[error("the board is inconsistent: the {number} at row {row}, column {column} {reason}")]
    UnmetNumber {
        /// The number's row.
        row: usize,
        /// The number's column.
        column: usize,
        /// The number shown.
        number: u8,
        /// Why it cannot be met.
        reason: UnmetReason,
    },
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// An exact count of the layouts would take more than the node budget.
    #[error("the board is too complex to count its mine layouts exactly")]
    TooComplex,
    /// The cell list does not match the size.
    #[error("the board has {cells} cells, expected {expected} for its size")]
    SizeMismatch {
        /// Cells given.
        cells: usize,
        /// width × height.
        expected: usize,
    },
}

impl SolveError {
    /// True when no mine layout fits the board (`Inconsistent`, or an `UnmetNumber` named).
    pub fn is_inconsistent(&self) -> bool {
        matches!(self, Self::Inconsistent { .. } | Self::UnmetNumber { .. })
    }
}

/// Why a number cannot be met (`SolveError::UnmetNumber`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnmetReason {
    /// It needs more mines than it has covered neighbours.
    #[error("has only {covered} covered neighbours")]
    TooFewCovered {
        /// Its covered (or flagged) neighbours.
        covered: usize,
    },
    /// The trivial and subset rules, applied to the numbers around it, leave it more mines than
    /// it shows, or too few undecided cells for the mines it still needs.
    #[error("cannot be met together with the numbers around it")]
    ByTheNumbersAround,
}

/// The result of an analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Mine probability of each cell; `None` for revealed cells.
    pub probabilities: Vec<Option<f64>>,
    /// Cells that are safe in every consistent layout.
    pub safe: Vec<usize>,
    /// Cells that are mines in every consistent layout.
    pub mines: Vec<usize>,
    /// False when a component exceeded the budget and was approximated.
    pub exact: bool,
    /// Component number of each frontier cell (cells off the frontier have none).
    pub component_of: Vec<Option<usize>>,
    /// Number of cells in each component.
    pub component_sizes: Vec<usize>,
    /// Mine probability of covered cells off the frontier, if any.
    pub interior_probability: Option<f64>,
    /// Natural log of the number of consistent layouts (exact analyses only).
    pub log_layouts: f64,
    /// Per component, its enumeration (reused for the components that a later analysis of a
    /// nearby position leaves untouched; empty for counts only).
    pub(crate) components: Vec<Arc<ComponentCounts>>,
    /// The cells the trivial and subset rules prove, where they were taken out of the
    /// components (`without_certain`); none for an analysis of the whole frontier.
    pub(crate) certain: Option<Arc<Certain>>,
}

/// Cells the trivial and subset rules prove safe or mines. An analysis may take them out of
/// the boxes and numbers (each number keeping its undetermined cells and the mines they still
/// need): every layout holds them the same way, so the counts and the chances of the other
/// cells are unchanged. Certain mines are shared by many numbers and glue independent parts of
/// the frontier into one component, whose layouts are then the product of the parts' and soon
/// too many to count; taken out, the parts are components of their own and are convolved.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Certain {
    /// Per cell: `Some(true)` a certain mine, `Some(false)` certain safe, `None` undetermined.
    state: Vec<Option<bool>>,
    /// The certain mines.
    mines: usize,
}

impl Certain {
    /// The certain cells of `view` (`None` when there are none).
    fn of(view: &BoardView<'_>) -> Result<Option<Self>, SolveError> {
        let deductions = deduce(view)?;
        if deductions.safe.is_empty() && deductions.mines.is_empty() {
            return Ok(None);
        }
        let mut state = vec![None; view.cells.len()];
        for &(cell, _) in &deductions.safe {
            state[cell] = Some(false);
        }
        for &(cell, _) in &deductions.mines {
            state[cell] = Some(true);
        }
        Ok(Some(Self { state, mines: deductions.mines.len() }))
    }

    /// `view` with the certain mines taken from its mine count.
    fn reduce<'v>(&self, view: &BoardView<'v>) -> Result<BoardView<'v>, SolveError> {
        let mines =
            view.mines.checked_sub(self.mines).ok_or(SolveError::Inconsistent { mines: view.mines })?;
        Ok(BoardView { mines, ..*view })
    }

    /// Sets the certain cells' chances in an analysis made without them.
    fn restore(self: &Arc<Self>, mut analysis: Analysis) -> Analysis {
        for (cell, state) in self.state.iter().enumerate() {
            match state {
                Some(true) => {
                    analysis.probabilities[cell] = Some(1.0);
                    analysis.mines.push(cell);
                }
                Some(false) => {
                    analysis.probabilities[cell] = Some(0.0);
                    analysis.safe.push(cell);
                }
                None => {}
            }
        }
        analysis.safe.sort_unstable();
        analysis.mines.sort_unstable();
        analysis.certain = Some(Arc::clone(self));
        analysis
    }
}

/// When an analysis takes the certain cells (`Certain`) out of its components.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CertainCells {
    /// Where a component is too big to count with them in (the solver's choice).
    #[default]
    WhenTooBig,
    /// Always: every board is analysed as boards with components too big to count are.
    Always,
    /// Never: a component too big to count stays so (approximated).
    Never,
}

/// How an analysis runs: its node budget and which of its paths it takes. The defaults are the
/// solver's own choices; the other settings force a path that small boards never take, so that
/// oracle tests can check it against brute force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Most backtracking nodes the whole analysis may spend on enumeration.
    pub node_budget: u64,
    /// When the certain cells are taken out of the components.
    pub certain_cells: CertainCells,
    /// Keep a component over the budget as each box's share of its mines (as the biggest are
    /// kept), even where its rows would fit.
    pub always_shares: bool,
    /// Combine the components by tilted windows (`combine_tilted`) as big boards are, even
    /// where plain sums would do.
    pub always_tilt: bool,
}

impl Default for SolveOptions {
    fn default() -> Self {
        Self::with_budget(DEFAULT_NODE_BUDGET)
    }
}

impl SolveOptions {
    /// The solver's own choices within `node_budget` nodes.
    pub const fn with_budget(node_budget: u64) -> Self {
        Self {
            node_budget,
            certain_cells: CertainCells::WhenTooBig,
            always_shares: false,
            always_tilt: false,
        }
    }
}

/// The certain cells of `view`, to take out where a component is too big to count; none
/// where there are none, or where `options` keep them in.
fn certain_to_take_out(view: &BoardView<'_>, options: SolveOptions) -> Result<Option<Certain>, SolveError> {
    Ok(Certain::of(view)?.filter(|_| options.certain_cells != CertainCells::Never))
}

/// ln(n!) for any n: a table for small n, Stirling's series beyond (error < 1e-13).
fn ln_factorial(n: usize) -> f64 {
    const TABLE: usize = 256;
    static CACHE: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
    let table = CACHE.get_or_init(|| {
        let mut values = vec![0.0; TABLE];
        for i in 1..TABLE {
            values[i] = values[i - 1] + (i as f64).ln();
        }
        values
    });
    if n < TABLE {
        return table[n];
    }
    let x = n as f64;
    x * x.ln() - x + 0.5 * (2.0 * std::f64::consts::PI * x).ln() + 1.0 / (12.0 * x)
        - 1.0 / (360.0 * x * x * x)
        + 1.0 / (1260.0 * x.powi(5))
}

/// ln C(n, k); `None` when k > n.
fn ln_choose(n: usize, k: usize) -> Option<f64> {
    (k <= n).then(|| ln_factorial(n) - ln_factorial(k) - ln_factorial(n - k))
}

/// C(n, k) as f64 for the small box sizes of enumeration.
fn choose(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Polynomial product of two mine-count distributions.
fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        if *x == 0.0 {
            continue;
        }
        for (j, y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

/// One constraint: these covered cells hold exactly `mines` mines.
#[derive(Clone, Debug)]
pub(crate) struct Constraint {
    /// Covered (or flagged) neighbours of a revealed number (or one assumed cell), inline: an
    /// analysis builds one constraint per number, and a heap list for each showed in profiles.
    cells: [usize; 8],
    len: u8,
    /// The number: mines among `cells`.
    pub(crate) mines: usize,
    /// The revealed cell the number is on (the assumed cell for an assumption).
    origin: usize,
}

impl Constraint {
    /// The constraint of `origin` that `cells` (at most 8) hold `mines` mines.
    fn new(origin: usize, cells: impl IntoIterator<Item = usize>, mines: usize) -> Self {
        let mut constraint = Self { cells: [0; 8], len: 0, mines, origin };
        for cell in cells {
            constraint.cells[usize::from(constraint.len)] = cell;
            constraint.len += 1;
        }
        constraint
    }

    /// The constrained cells.
    pub(crate) fn cells(&self) -> &[usize] {
        &self.cells[..usize::from(self.len)]
    }
}

/// One constraint per revealed number with covered neighbours (or a non-zero number).
pub(crate) fn constraints(view: &BoardView<'_>) -> Vec<Constraint> {
    (0..view.cells.len()).filter_map(|index| constraint_at(view, index)).collect()
}

/// The constraint of the revealed number at `index`, if it has covered neighbours or is not 0.
fn constraint_at(view: &BoardView<'_>, index: usize) -> Option<Constraint> {
    let Cell::Revealed(number) = view.cells[index] else { return None };
    let covered = neighbours(view.width, view.height, index)
        .filter(|&n| matches!(view.cells[n], Cell::Covered | Cell::Flagged));
    let constraint = Constraint::new(index, covered, usize::from(number));
    (constraint.len > 0 || number > 0).then_some(constraint)
}

pub(crate) fn check_view(view: &BoardView<'_>) -> Result<(), SolveError> {
    if view.cells.len() != view.width * view.height {
        return Err(SolveError::SizeMismatch { cells: view.cells.len(), expected: view.width * view.height });
    }
    if view.cells.contains(&Cell::Exploded) {
        return Err(SolveError::GameOver);
    }
    Ok(())
}

/// Exact (within `node_budget`) mine probabilities of every covered cell.
///
/// An exact analysis proves the board consistent (or not). An approximate one proves nothing,
/// so the trivial and subset rules (`deduce`) look for contradictions first; they also name the
/// unmet number of an inconsistent board where they find one.
pub fn analyze(view: &BoardView<'_>, node_budget: u64) -> Result<Analysis, SolveError> {
    analyze_with(view, SolveOptions::with_budget(node_budget))
}

/// [`analyze`] with its paths chosen by `options`.
pub fn analyze_with(view: &BoardView<'_>, options: SolveOptions) -> Result<Analysis, SolveError> {
    check_view(view)?;
    if options.certain_cells == CertainCells::Always {
        return without_certain(view, options).map_err(|error| name_unmet(view, error));
    }
    let structure = structure(view, &[], None, None).map_err(|error| name_unmet(view, error))?;
    // A component that needs more than a first budget is most likely held together by certain
    // mines: then again with the certain cells taken out, which on big boards splits it into
    // parts that can be counted; where there are none, the whole budget after all.
    let first_budget = options.node_budget.min(FIRST_TRY_NODE_BUDGET);
    let analysis = solve_structure(view, &structure, SolveOptions { node_budget: first_budget, ..options })
        .map_err(|error| name_unmet(view, error))?;
    if analysis.exact {
        return Ok(analysis);
    }
    if let Some(certain) = certain_to_take_out(view, options)?
        && let Ok(without) = analyze_without(view, Arc::new(certain), options)
    {
        return Ok(without);
    }
    if first_budget == options.node_budget {
        return Ok(analysis);
    }
    solve_structure(view, &structure, options).map_err(|error| name_unmet(view, error))
}

/// `analyze` with the cells that the trivial and subset rules prove taken out of the components
/// (`Certain`).
fn without_certain(view: &BoardView<'_>, options: SolveOptions) -> Result<Analysis, SolveError> {
    let certain = Certain::of(view)?.unwrap_or(Certain { state: vec![None; view.cells.len()], mines: 0 });
    analyze_without(view, Arc::new(certain), options)
}

/// `analyze` without the `certain` cells of `view`.
fn analyze_without(
    view: &BoardView<'_>,
    certain: Arc<Certain>,
    options: SolveOptions,
) -> Result<Analysis, SolveError> {
    let reduced = certain.reduce(view)?;
    let structure = structure(&reduced, &[], None, Some(&certain))?;
    let analysis = solve_structure(&reduced, &structure, options)?;
    Ok(certain.restore(analysis))
}

/// `error`, or where it says the board is inconsistent, the unmet number that the trivial and
/// subset rules find (a message that points at the cell), if they find one.
fn name_unmet(view: &BoardView<'_>, error: SolveError) -> SolveError {
    match error {
        SolveError::Inconsistent { .. } => deduce(view).err().unwrap_or(error),
        error => error,
    }
}

/// The number of consistent layouts in which some covered cells are mines (`true`) or safe
/// (`false`), as its natural log, and whether it is exact (within the budget). Minus
/// `base.log_layouts` it is the log of the chance that all the assumptions hold. `base` must be
/// the analysis of the same view: its components that no assumed cell touches are reused, not
/// enumerated again, and only layout counts are computed, not probabilities. Assumptions that no
/// layout fits give `SolveError::Inconsistent`.
pub fn count_layouts_assuming(
    view: &BoardView<'_>,
    base: &Analysis,
    node_budget: u64,
    assumed: &[(usize, bool)],
) -> Result<(f64, bool), SolveError> {
    debug_assert!(assumed.iter().all(|&(cell, _)| matches!(view.cells[cell], Cell::Covered | Cell::Flagged)));
    check_view(view)?;
    let options = SolveOptions::with_budget(node_budget);
    if let Some(certain) = &base.certain {
        // The assumptions on top of the same certain cells.
        let reduced = certain.reduce(view)?;
        let structure = structure(&reduced, assumed, None, Some(certain))?;
        let combined = combine(&reduced, &structure, options, true)?;
        return Ok((combined.log_layouts, combined.exact));
    }
    let reuse =
        Some(Reuse::around(base, assumed.iter().map(|&(cell, _)| cell))).filter(|reuse| reuse.base.exact);
    let structure = structure(view, assumed, reuse.as_ref(), None)?;
    let combined = combine(view, &structure, options, true)?;
    Ok((combined.log_layouts, combined.exact))
}

/// The positions after revealing one covered cell, whatever number it shows: they share boxes
/// and components (only the cell's own number differs), so the structure is built once and each
/// number is then enumerated and combined (`analyze`). The components of `base` that neither the
/// cell nor its covered neighbours belong to are unchanged and reused; each result equals a
/// fresh `analyze` of the board with that number, to the last bit.
pub(crate) struct Reveal<'a> {
    /// The shared structure; none where `base` was analysed without its certain cells, whose
    /// certain cells depend on the number shown: each number is then analysed afresh, without
    /// its certain cells too.
    structure: Option<Structure<'a>>,
    /// Index of the cell's own number in the structure's constraints (none when it has no
    /// covered neighbour: then it can only show 0).
    number: Option<usize>,
    /// The new components' counts for every number at once (`shared_counts`), made at the
    /// first `analyze`; `None` inside when they took more than its node budget.
    shared: Option<(u64, Option<Vec<SharedPart>>)>,
}

/// A part of `Reveal`'s structure, enumerated once for every number the cell may show.
enum SharedPart {
    /// Taken from the base analysis.
    Unchanged,
    /// A new component without the cell's number: the same whatever it shows.
    Fixed(Arc<ComponentCounts>),
    /// The new component with the cell's number: its counts for each number (empty where no
    /// layout fits).
    ByValue(Vec<Arc<ComponentCounts>>),
}

/// Every new component of `structure` enumerated once for all the numbers that constraint
/// `number` may ask for (`enumerate_by_value`), or `None` when together they need more than
/// `node_budget` nodes. Each single number's analysis then needs no more nodes than these took,
/// so within the budget each of its components is exact and counted as here.
fn shared_counts(structure: &Structure<'_>, number: usize, node_budget: u64) -> Option<Vec<SharedPart>> {
    let Structure { all, boxes, parts, .. } = structure;
    let mut scratch = Scratch::new(all.len());
    let mut budget_left = node_budget;
    let mut shared = Vec::with_capacity(parts.len());
    for (first_cell, part) in parts {
        let Part::New(box_list) = part else {
            shared.push(SharedPart::Unchanged);
            continue;
        };
        let component = Component { boxes, box_list, first_cell: *first_cell };
        let nodes = if box_list.iter().any(|&b| boxes[b].constraints.contains(&number)) {
            let (counts, nodes) = enumerate_by_value(&component, all, number, budget_left, &mut scratch)?;
            shared.push(SharedPart::ByValue(counts.into_iter().map(Arc::new).collect()));
            nodes
        } else {
            let (counts, nodes) =
                enumerate_component(&component, all, budget_left, false, false, &mut scratch);
            if !counts.exact || nodes > budget_left {
                return None;
            }
            shared.push(SharedPart::Fixed(Arc::new(counts)));
            nodes
        };
        budget_left = budget_left.checked_sub(nodes)?;
    }
    Some(shared)
}

impl<'a> Reveal<'a> {
    /// Prepares the reveal of `cell` in `view` (whatever `cell` shows there) from `base`, the
    /// analysis with `cell` covered. Fails when no number fits (a number next to the cell needs
    /// it as a mine).
    pub(crate) fn new(view: &BoardView<'_>, base: &'a Analysis, cell: usize) -> Result<Self, SolveError> {
        check_view(view)?;
        if base.certain.is_some() {
            return Ok(Self { structure: None, number: None, shared: None });
        }
        // Built with the cell showing 0, which only its own constraint's count depends on.
        let mut cells = view.cells.to_vec();
        cells[cell] = Cell::Revealed(0);
        let view = BoardView { cells: &cells, ..*view };
        let changed = std::iter::once(cell).chain(neighbours(view.width, view.height, cell));
        let reuse = Some(Reuse::around(base, changed)).filter(|reuse| reuse.base.exact);
        let structure = structure(&view, &[], reuse.as_ref(), None)?;
        let number = structure.all.iter().position(|constraint| constraint.origin == cell);
        Ok(Self { structure: Some(structure), number, shared: None })
    }

    /// `analyze` of `view`, where the cell shows `value`.
    pub(crate) fn analyze(
        &mut self,
        view: &BoardView<'_>,
        value: u8,
        node_budget: u64,
    ) -> Result<Analysis, SolveError> {
        let options = SolveOptions::with_budget(node_budget);
        let Some(structure) = &mut self.structure else {
            // The base needed its certain cells out, and so, most likely, does this position:
            // straight to that, without first spending the budget on its components as they are.
            check_view(view)?;
            return without_certain(view, options).map_err(|error| name_unmet(view, error));
        };
        match self.number {
            Some(index) => structure.all[index].mines = usize::from(value),
            None if value > 0 => return Err(SolveError::Inconsistent { mines: view.mines }),
            None => {}
        }
        let Some(number) = self.number else { return solve_structure(view, structure, options) };
        if self.shared.as_ref().is_none_or(|&(budget, _)| budget != node_budget) {
            self.shared = Some((node_budget, shared_counts(structure, number, node_budget)));
        }
        let Some((_, Some(shared))) = &self.shared else { return solve_structure(view, structure, options) };
        let mut components = Vec::with_capacity(shared.len());
        for ((_, part), counts) in structure.parts.iter().zip(shared) {
            let counts = match (part, counts) {
                (Part::New(_), SharedPart::Fixed(counts)) => Arc::clone(counts),
                (Part::New(_), SharedPart::ByValue(by_value)) => by_value
                    .get(usize::from(value))
                    .filter(|counts| counts.layouts.iter().any(|w| *w != 0.0))
                    .map(Arc::clone)
                    .ok_or(SolveError::Inconsistent { mines: view.mines })?,
                (Part::Unchanged(stored), _) => Arc::clone(stored),
                // (`shared_counts` lists the parts as they are: never reached.)
                (Part::New(_), SharedPart::Unchanged) => return solve_structure(view, structure, options),
            };
            components.push(counts);
        }
        let combined = combine_components(view, structure.interior.len(), components, true, options)?;
        Ok(probabilities(view, structure, combined))
    }
}

/// What `solve_structure` gathers, component by component.
struct Probabilities {
    probabilities: Vec<Option<f64>>,
    component_of: Vec<Option<usize>>,
    component_sizes: Vec<usize>,
    safe: Vec<usize>,
    mines: Vec<usize>,
}

impl Probabilities {
    /// The probabilities of the cells of component `index`, whose counts (as combined) are
    /// `component` and whose boxes hold `boxes`, from `factor(k)`: the weight of all the other
    /// components' layouts, times W, when this one holds k mines, relative to `z`.
    fn add(
        &mut self,
        index: usize,
        component: &ComponentCounts,
        boxes: &[Vec<usize>],
        factor: &[f64],
        z: f64,
    ) {
        // Per box, Σ_k weight(k) · factor(k), summed in order of k.
        let slots = boxes.len();
        let mut mine_weights = vec![0.0; slots];
        let mut safe_weights = vec![0.0; slots];
        let rows = component
            .mine_rows
            .chunks_exact(slots.max(1))
            .zip(component.safe_rows.chunks_exact(slots.max(1)));
        for ((mine_row, safe_row), f) in rows.zip(&factor[component.row_base..]) {
            for (total, value) in mine_weights.iter_mut().zip(mine_row) {
                *total += value * f;
            }
            for (total, value) in safe_weights.iter_mut().zip(safe_row) {
                *total += value * f;
            }
        }
        if !component.shares.is_empty() {
            // A large approximation: a box holds min(k · share, cells) of k mines, so its weight
            // is share · Σ_{k ≤ cells/share} F(k) · k + cells · Σ_{k > cells/share} F(k), with
            // F(k) = layouts(k) · factor(k); from running sums, O(1) per box.
            let weighted: Vec<f64> = component.layouts.iter().zip(factor).map(|(w, f)| w * f).collect();
            let mut with_k = Vec::with_capacity(weighted.len() + 1);
            let mut plain = Vec::with_capacity(weighted.len() + 1);
            let (mut sum_with_k, mut sum) = (0.0, 0.0);
            with_k.push(0.0);
            plain.push(0.0);
            for (k, value) in weighted.iter().enumerate() {
                sum_with_k += value * k as f64;
                sum += value;
                with_k.push(sum_with_k);
                plain.push(sum);
            }
            for (slot, (&share, box_cells)) in component.shares.iter().zip(boxes).enumerate() {
                let cells = box_cells.len() as f64;
                // The mine counts k ≤ cells / share, where the box is not full.
                let below = if share > 0.0 {
                    ((cells / share).floor() as usize + 1).min(weighted.len())
                } else {
                    weighted.len()
                };
                let mines = share * with_k[below] + cells * (sum - plain[below]);
                mine_weights[slot] = mines;
                safe_weights[slot] = cells * sum - mines;
            }
        }
        let mut size = 0;
        for (slot, box_cells) in boxes.iter().enumerate() {
            let (mine_weight, safe_weight) = (mine_weights[slot], safe_weights[slot]);
            let probability = (mine_weight / (z * box_cells.len() as f64)).clamp(0.0, 1.0);
            for &cell in box_cells {
                self.probabilities[cell] = Some(probability);
                self.component_of[cell] = Some(index);
                if component.exact && mine_weight == 0.0 {
                    self.safe.push(cell);
                } else if component.exact && safe_weight == 0.0 {
                    self.mines.push(cell);
                }
            }
            size += box_cells.len();
        }
        self.component_sizes[index] = size;
    }
}

/// The analysis of `view` from its `Structure`: the new components enumerated, then all combined
/// into the probability of every covered cell.
fn solve_structure(
    view: &BoardView<'_>,
    structure: &Structure<'_>,
    options: SolveOptions,
) -> Result<Analysis, SolveError> {
    let combined = combine(view, structure, options, false)?;
    Ok(probabilities(view, structure, combined))
}

/// The analysis of `view` from its `Structure` and its components as combined.
fn probabilities(view: &BoardView<'_>, structure: &Structure<'_>, combined: Combined) -> Analysis {
    let Combined { components, exact, weights, totals, z, log_layouts } = combined;
    let cells = view.width * view.height;
    let u = structure.interior.len();
    let count = components.len();
    let mut found = Probabilities {
        probabilities: vec![None; cells],
        component_of: vec![None; cells],
        component_sizes: vec![0; count],
        safe: Vec::new(),
        mines: Vec::new(),
    };
    let weight = |m: usize| weights.get(m).copied().unwrap_or(0.0);
    // Σ_m total(m) · W(m) · (M − m): the expected mines off the frontier, times z.
    let interior_mines: f64 = match &totals {
        Totals::Plain { prefix } => {
            let total = &prefix[count];
            // With the suffix convolutions, every component's "all others" distribution.
            let mut suffix = vec![vec![1.0]; count + 1];
            for index in (0..count).rev() {
                suffix[index] = convolve(&suffix[index + 1], &components[index].layouts);
            }
            for (index, component) in components.iter().enumerate() {
                let others = convolve(&prefix[index], &suffix[index + 1]);
                // factor(k) = Σ_j others[j] · W(k + j)
                let factor: Vec<f64> = (0..component.layouts.len())
                    .map(|k| others.iter().enumerate().map(|(j, o)| o * weight(k + j)).sum())
                    .collect();
                found.add(index, component, &component.box_cells, &factor, z);
            }
            total.iter().enumerate().map(|(m, t)| t * weight(m) * view.mines.saturating_sub(m) as f64).sum()
        }
        Totals::Tilted { counts, prefix, prefix_log } => {
            let total = &prefix[count];
            // Backwards, after(t) = Σ over the totals s of the components after this one of
            // their weight times W(t + s), over the totals t of the components before and this
            // one (the window of their prefix): O(window) per mine count of each component,
            // where the plain sums convolve whole prefixes and suffixes.
            let mut after =
                Window { start: total.start, values: (total.start..total.end()).map(weight).collect() };
            let mut after_log = 0.0;
            for index in (0..count).rev() {
                let component = &counts[index];
                let before = &prefix[index];
                let possible = component.row_base..component.layouts.len();
                // factor(k) = Σ_a before(a) · after(a + k), back to the scale of the total.
                let scale = (prefix_log[index] + after_log - prefix_log[count]).exp();
                let mut factor = vec![0.0; component.layouts.len()];
                for k in possible.clone() {
                    let sum: f64 = before
                        .values
                        .iter()
                        .enumerate()
                        .map(|(offset, p)| p * after.at(before.start + offset + k))
                        .sum();
                    factor[k] = sum * scale;
                }
                found.add(index, component, &components[index].box_cells, &factor, z);
                // after(t) for the totals t of the components before this one.
                let values = (before.start..before.end())
                    .map(|t| possible.clone().map(|k| component.layouts[k] * after.at(t + k)).sum())
                    .collect();
                after = Window { start: before.start, values };
                after_log += after.normalize();
            }
            (total.start..total.end())
                .map(|m| total.at(m) * weight(m) * view.mines.saturating_sub(m) as f64)
                .sum()
        }
    };
    let Probabilities { mut probabilities, component_of, component_sizes, mut safe, mut mines } = found;
    let interior_probability = (u > 0).then(|| (interior_mines / (z * u as f64)).clamp(0.0, 1.0));
    if let Some(p) = interior_probability {
        for &cell in &structure.interior {
            probabilities[cell] = Some(p);
            if exact && p == 0.0 {
                safe.push(cell);
            } else if exact && p == 1.0 {
                mines.push(cell);
            }
        }
    }
    safe.sort_unstable();
    mines.sort_unstable();
    Analysis {
        probabilities,
        safe,
        mines,
        exact,
        component_of,
        component_sizes,
        interior_probability,
        log_layouts,
        components,
        certain: None,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Position 253,148 of `curio mines bench --level expert --rule opening --seed 1`, where a
    /// large component goes over the default node budget.
    pub(super) const APPROXIMATED_EXPERT: &str =
        include_str!("../../../../tests/fixtures/mines-expert-too-big-to-count.txt");

    /// On `APPROXIMATED_EXPERT` the old single-total approximation left no total that fits the
    /// mines left, so the consistent board was reported inconsistent.
    #[test]
    fn an_approximated_component_never_makes_a_consistent_board_inconsistent() {
        let keep = keeping_certain();
        let board = crate::text::parse(APPROXIMATED_EXPERT).unwrap();
        let view = board.view();
        let approximate = analyze_with(&view, keep).expect("a consistent board");
        assert!(!approximate.exact, "this position must go over the default budget");
        assert!(
            analyze_with(&view, SolveOptions { node_budget: u64::MAX, ..keep }).expect("consistent").exact
        );
        // Kept as each box's share instead of rows (big approximations), the same probabilities.
        let shares = analyze_with(&view, SolveOptions { always_shares: true, ..keep });
        let shares = shares.expect("a consistent board");
        assert!(approximate.components.iter().any(|component| !component.exact));
        assert!(shares.components.iter().any(|component| !component.shares.is_empty()));
        for (cell, (rows, shares)) in approximate.probabilities.iter().zip(&shares.probabilities).enumerate()
        {
            match (rows, shares) {
                (Some(rows), Some(shares)) => {
                    assert!((rows - shares).abs() < 1e-12, "cell {cell}: {rows} {shares}")
                }
                (None, None) => {}
                _ => panic!("cell {cell}: covered in one and not the other"),
            }
        }
    }

    #[test]
    fn an_approximation_kept_as_shares_weighs_its_boxes_as_rows_do() {
        // A one-cell box under a number that needs its mine (density 1) and a three-cell box
        // under one that needs one of three: the first box's share fills it past two mines, so
        // both sides of the cap are weighed.
        let constraints = vec![Constraint::new(10, [0], 1), Constraint::new(11, [1, 2, 3], 1)];
        let boxes = vec![
            Box { cells: vec![0], constraints: vec![0] },
            Box { cells: vec![1, 2, 3], constraints: vec![1] },
        ];
        let order = [0, 1];
        let rows = approximate_component(&boxes, &order, &constraints, false);
        let shares = approximate_component(&boxes, &order, &constraints, true);
        assert!(rows.shares.is_empty() && !rows.mine_rows.is_empty());
        assert!(!shares.shares.is_empty() && shares.mine_rows.is_empty());
        assert!(shares.shares[0] * 3.0 > 1.0, "the first box is full at three mines");
        let cells: Vec<Vec<usize>> = order.iter().map(|&b| boxes[b].cells.clone()).collect();
        let factor: Vec<f64> = (0..rows.layouts.len()).map(|k| 1.0 / (1.0 + k as f64)).collect();
        let z: f64 = rows.layouts.iter().zip(&factor).map(|(w, f)| w * f).sum();
        let weigh = |counts: &ComponentCounts| {
            let mut found = Probabilities {
                probabilities: vec![None; 4],
                component_of: vec![None; 4],
                component_sizes: vec![0],
                safe: Vec::new(),
                mines: Vec::new(),
            };
            found.add(0, counts, &cells, &factor, z);
            found.probabilities
        };
        let (from_rows, from_shares) = (weigh(&rows), weigh(&shares));
        for (cell, (a, b)) in from_rows.iter().zip(&from_shares).enumerate() {
            let (a, b) = (a.expect("weighed"), b.expect("weighed"));
            assert!((a - b).abs() < 1e-12, "cell {cell}: rows {a}, shares {b}");
        }
    }

    #[test]
    fn ln_factorial_is_accurate_past_the_table() {
        let direct: f64 = (1..=300).map(|i| (i as f64).ln()).sum();
        assert!((ln_factorial(300) - direct).abs() < 1e-9);
        assert!((ln_choose(480, 99).unwrap() / std::f64::consts::LN_10 - 104.748).abs() < 0.01);
    }

    #[test]
    fn a_one_next_to_two_cells_is_a_fifty_fifty() {
        // 1x3 board: [1][.][.]? Use 2x2: revealed 1 at (0,0), three covered, one mine.
        let cells = [Cell::Revealed(1), Cell::Covered, Cell::Covered, Cell::Covered];
        let view = BoardView { width: 2, height: 2, mines: 1, cells: &cells };
        let analysis = analyze(&view, DEFAULT_NODE_BUDGET).unwrap();
        for p in analysis.probabilities.iter().skip(1) {
            assert!((p.unwrap() - 1.0 / 3.0).abs() < 1e-12);
        }
    }

    /// A number that cannot be met on a board too big to count is named, where before the
    /// approximation hid it (`exact: false` with a move) and the layout draw said "too complex".
    #[test]
    fn an_unmet_number_on_a_board_too_big_to_count_is_named() {
        use rand::SeedableRng;
        let board = crate::text::parse(APPROXIMATED_EXPERT).unwrap();
        // The 6 at row 3, column 14, raised past its covered neighbours.
        let (row, column) = (3, 14);
        let mut cells = board.cells.clone();
        assert_eq!(cells[row * board.width + column], Cell::Revealed(6));
        let covered = neighbours(board.width, board.height, row * board.width + column)
            .filter(|&n| matches!(cells[n], Cell::Covered | Cell::Flagged))
            .count();
        cells[row * board.width + column] = Cell::Revealed(covered as u8 + 1);
        let view = BoardView { cells: &cells, ..board.view() };
        let expected = SolveError::UnmetNumber {
            row,
            column,
            number: covered as u8 + 1,
            reason: UnmetReason::TooFewCovered { covered },
        };
        assert_eq!(deduce(&view), Err(expected.clone()));
        assert_eq!(analyze(&view, DEFAULT_NODE_BUDGET), Err(expected.clone()));
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
        assert_eq!(sample_layout(&view, DEFAULT_NODE_BUDGET, &mut rng), Err(expected));
        // Each number one more, where it still fits its covered neighbours: the rules find some
        // of these contradictions with the numbers around (small boards check that every one
        // they find is real: `oracle_tests::solver::rule_contradictions_are_real`).
        let mut around = 0;
        for cell in 0..cells.len() {
            let Cell::Revealed(number) = board.cells[cell] else { continue };
            let mut raised = board.cells.clone();
            raised[cell] = Cell::Revealed(number + 1);
            if let Err(SolveError::UnmetNumber { reason: UnmetReason::ByTheNumbersAround, .. }) =
                deduce(&BoardView { cells: &raised, ..view })
            {
                around += 1;
            }
        }
        assert!(around >= 10, "{around} contradictions with the numbers around");
    }

    /// The default options, but with the certain cells always kept in (no second try without
    /// them), so that the fixtures too big to count stay so.
    pub(crate) fn keeping_certain() -> SolveOptions {
        SolveOptions { certain_cells: CertainCells::Never, ..SolveOptions::default() }
    }

    /// `APPROXIMATED_EXPERT` goes over the default budget with its certain cells in, and is
    /// counted exactly once they are taken out: the same chances as an unbudgeted count.
    #[test]
    fn taking_the_certain_cells_out_counts_a_board_too_big_to_count() {
        let board = crate::text::parse(APPROXIMATED_EXPERT).unwrap();
        let view = board.view();
        let unbudgeted = analyze_with(&view, SolveOptions { node_budget: u64::MAX, ..keeping_certain() })
            .expect("a consistent board");
        assert!(unbudgeted.exact && unbudgeted.certain.is_none());
        let analysis = analyze(&view, DEFAULT_NODE_BUDGET).expect("a consistent board");
        assert!(analysis.exact && analysis.certain.is_some());
        assert!((analysis.log_layouts - unbudgeted.log_layouts).abs() < 1e-9);
        for (cell, (got, want)) in analysis.probabilities.iter().zip(&unbudgeted.probabilities).enumerate() {
            match (got, want) {
                (Some(got), Some(want)) => assert!((got - want).abs() < 1e-9, "cell {cell}: {got} {want}"),
                (None, None) => {}
                _ => panic!("cell {cell}: covered in one and not the other"),
            }
        }
        assert_eq!(analysis.safe, unbudgeted.safe);
        assert_eq!(analysis.mines, unbudgeted.mines);
        // The biggest component left is a fraction of the one the certain mines held together.
        let biggest = |analysis: &Analysis| analysis.component_sizes.iter().copied().max().unwrap_or(0);
        assert!(
            biggest(&analysis) * 2 < biggest(&unbudgeted),
            "{} {}",
            biggest(&analysis),
            biggest(&unbudgeted)
        );
    }

    /// The quadratic scan the heap in `enumeration_order` replaced: the unplaced box sharing
    /// the most constraints with those placed, ties to the box listed first.
    fn scanned_order(boxes: &[Box], box_list: &[usize]) -> Vec<usize> {
        let mut order = Vec::new();
        let mut placed = vec![false; box_list.len()];
        let mut touched = std::collections::HashSet::new();
        while order.len() < box_list.len() {
            let shared = |slot: usize| {
                boxes[box_list[slot]].constraints.iter().filter(|c| touched.contains(*c)).count()
            };
            let mut next = usize::MAX;
            for (slot, &done) in placed.iter().enumerate() {
                if !done && (next == usize::MAX || shared(slot) > shared(next)) {
                    next = slot;
                }
            }
            placed[next] = true;
            touched.extend(boxes[box_list[next]].constraints.iter().copied());
            order.push(box_list[next]);
        }
        order
    }

    proptest::proptest! {
        /// The heap (and the short scan below `SCAN_BOXES` boxes) pick boxes in the order of the
        /// quadratic scan, so the enumeration (and every game the solver plays) is unchanged.
        #[test]
        fn the_enumeration_order_is_that_of_the_quadratic_scan(
            box_constraints in proptest::collection::vec(proptest::collection::btree_set(0usize..12, 0..5), 1..120),
            reversed in proptest::bool::ANY,
        ) {
            let boxes: Vec<Box> = box_constraints
                .iter()
                .enumerate()
                .map(|(cell, constraints)| Box { cells: vec![cell], constraints: constraints.iter().copied().collect() })
                .collect();
            let mut box_list: Vec<usize> = (0..boxes.len()).collect();
            if reversed {
                box_list.reverse();
            }
            let mut scratch = Scratch::new(12);
            proptest::prop_assert_eq!(enumeration_order(&boxes, &box_list, &mut scratch), scanned_order(&boxes, &box_list));
        }
    }
}
