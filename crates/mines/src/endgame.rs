//! Exhaustive endgame search: when few mine layouts remain, list them all and find the move that
//! wins the most of them by searching the whole game tree.
//!
//! Every consistent layout is equally likely, so the chance of winning from a set S of layouts
//! under best play is wins(S) / |S|, where wins(S) = 1 for |S| = 1 and otherwise
//! wins(S) = max over cells c of Σ_v wins(S_{c,v}), S_{c,v} being the layouts in which c is safe
//! and shows the number v (the layouts where c is a mine are lost). A cell that is safe in every
//! layout of S and splits it is played without branching, since information never hurts. Sets are
//! memoised, and a cell is skipped when the layouts where it is safe cannot beat the best so far.
//! Each part of a cell's reveal is searched only until it is known to fall short of what the cell
//! needs to beat the best so far (a floor, as in alpha-beta search); such a part is memoised as an
//! upper bound, which serves again only where it settles the question. Sets are keyed by the XOR
//! of random 128-bit keys of their layouts (Zobrist hashing).
//! Two layouts that every cell safe in both shows alike can never both be won, so the layouts are
//! put in groups of such pairwise conflicts once per search, and a set wins at most one layout of
//! each group it meets: a node stops once it reaches that bound or cannot beat its floor within
//! it, and a cell's parts count for their bounds, not their sizes, until they are searched.
//! The same search runs on an isolated region alone (`isolated_region_move`): a pocket of covered
//! cells that no reveal elsewhere can inform, searched while the whole board still has too many
//! layouts.
//! Source: the brute-force deep analysis and isolated-edge brute force of D. N. Hill's solver
//! (described in his solver's documentation); no code was copied.
//!
//! Complexity: enumeration is bounded by `max_layouts` and a node budget; the search by its own
//! node budget. Past either budget the search gives up and the caller falls back to heuristics.

use super::board::{Cell, neighbours};
use super::solver::{Analysis, BoardView, constraints};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rustc_hash::FxHashMap;
use std::ops::Range;

/// Code of a layout in which the cell is a mine.
const MINE: u8 = u8::MAX;

/// Flag of a memoised win count that is only an upper bound (its search stopped once it could
/// not beat the floor it was given).
const BOUND: u32 = 1 << 31;

/// Limits of one endgame search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EndgameLimits {
    /// Largest number of layouts to search.
    pub max_layouts: usize,
    /// Largest number of covered cells (bounds memory).
    pub max_covered: usize,
    /// Backtracking nodes for listing the layouts.
    pub enumeration_nodes: u64,
    /// Game-tree positions to evaluate.
    pub search_nodes: u64,
}

impl Default for EndgameLimits {
    fn default() -> Self {
        Self { max_layouts: 3000, max_covered: 2048, enumeration_nodes: 200_000, search_nodes: 200_000 }
    }
}

/// The best move of a finished search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EndgameMove {
    /// Cell to reveal.
    pub cell: usize,
    /// Chance of winning the game with best play from here.
    pub win_probability: f64,
    /// Layouts that were searched.
    pub layouts: usize,
}

/// All consistent mine layouts as bit sets over the covered cells, or `None` past the limits.
struct Layouts {
    /// Board index of each covered cell.
    covered: Vec<usize>,
    /// Words per layout.
    words: usize,
    /// Layout bits, `words` per layout.
    bits: Vec<u64>,
}

impl Layouts {
    fn count(&self) -> usize {
        self.bits.len() / self.words.max(1)
    }

    fn is_mine(&self, layout: usize, local: usize) -> bool {
        self.bits[layout * self.words + local / 64] >> (local % 64) & 1 == 1
    }
}

struct Enumeration<'a> {
    order: Vec<usize>,
    cell_constraints: &'a [Vec<usize>],
    need: Vec<i64>,
    left: Vec<i64>,
    current: Vec<u64>,
    out: Vec<u64>,
    max_layouts: usize,
    nodes: u64,
    budget: u64,
    failed: bool,
    /// Accept layouts with any number of mines (an isolated region, whose total is free).
    any_total: bool,
}

impl Enumeration<'_> {
    fn run(&mut self, depth: usize, mines_left: usize) {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.failed = true;
        }
        if self.failed {
            return;
        }
        if depth == self.order.len() {
            if mines_left == 0 || self.any_total {
                self.out.extend_from_slice(&self.current);
                if self.out.len() / self.current.len().max(1) > self.max_layouts {
                    self.failed = true;
                }
            }
            return;
        }
        let local = self.order[depth];
        let after = self.order.len() - depth - 1;
        for value in [0i64, 1] {
            if (value == 1 && mines_left == 0) || (value == 0 && mines_left > after && !self.any_total) {
                continue;
            }
            let fits = self.cell_constraints[local].iter().all(|&c| {
                let need = self.need[c] - value;
                need >= 0 && need < self.left[c]
            });
            if !fits {
                continue;
            }
            for &c in &self.cell_constraints[local] {
                self.need[c] -= value;
                self.left[c] -= 1;
            }
            if value == 1 {
                self.current[local / 64] |= 1 << (local % 64);
            }
            self.run(depth + 1, mines_left - value as usize);
            if value == 1 {
                self.current[local / 64] &= !(1 << (local % 64));
            }
            for &c in &self.cell_constraints[local] {
                self.need[c] += value;
                self.left[c] += 1;
            }
            if self.failed {
                return;
            }
        }
    }
}

fn enumerate(view: &BoardView<'_>, limits: &EndgameLimits) -> Option<Layouts> {
    let cells = view.width * view.height;
    let covered: Vec<usize> =
        (0..cells).filter(|&i| matches!(view.cells[i], Cell::Covered | Cell::Flagged)).collect();
    if covered.len() > limits.max_covered || covered.len() < view.mines {
        return None;
    }
    let mut local_of = vec![usize::MAX; cells];
    for (local, &cell) in covered.iter().enumerate() {
        local_of[cell] = local;
    }
    let all = constraints(view);
    let mut cell_constraints: Vec<Vec<usize>> = vec![Vec::new(); covered.len()];
    for (index, constraint) in all.iter().enumerate() {
        if constraint.cells().is_empty() && constraint.mines > 0 {
            return None;
        }
        for &cell in constraint.cells() {
            cell_constraints[local_of[cell]].push(index);
        }
    }
    // Frontier cells in breadth-first order over shared constraints (constraints close early and
    // prune), then the cells off the frontier.
    let mut order = Vec::with_capacity(covered.len());
    let mut queued = vec![false; covered.len()];
    for start in 0..covered.len() {
        if queued[start] || cell_constraints[start].is_empty() {
            continue;
        }
        queued[start] = true;
        let mut head = order.len();
        order.push(start);
        while head < order.len() {
            let local = order[head];
            head += 1;
            for &c in &cell_constraints[local] {
                for &cell in all[c].cells() {
                    let next = local_of[cell];
                    if !queued[next] {
                        queued[next] = true;
                        order.push(next);
                    }
                }
            }
        }
    }
    order.extend((0..covered.len()).filter(|&local| !queued[local]));
    let need = all.iter().map(|c| c.mines as i64).collect();
    let left = all.iter().map(|c| c.cells().len() as i64).collect();
    list_layouts(covered, order, &cell_constraints, (need, left), Some(view.mines), limits)
}

/// The layouts of `covered` (visited in the local `order`) that meet every constraint, given as
/// (mines needed, cells) with each cell's constraints in `cell_constraints`: with `mines` set,
/// those holding exactly that many mines, else any number. `None` past the limits or when none.
fn list_layouts(
    covered: Vec<usize>,
    order: Vec<usize>,
    cell_constraints: &[Vec<usize>],
    (need, left): (Vec<i64>, Vec<i64>),
    mines: Option<usize>,
    limits: &EndgameLimits,
) -> Option<Layouts> {
    let words = covered.len().div_ceil(64).max(1);
    let mut enumeration = Enumeration {
        order,
        cell_constraints,
        need,
        left,
        current: vec![0; words],
        out: Vec::new(),
        max_layouts: limits.max_layouts,
        nodes: 0,
        budget: limits.enumeration_nodes,
        failed: false,
        any_total: mines.is_none(),
    };
    enumeration.run(0, mines.unwrap_or(covered.len()));
    if enumeration.failed || enumeration.out.is_empty() {
        return None;
    }
    Some(Layouts { covered, words, bits: enumeration.out })
}

/// The game-tree search over layout sets.
///
/// The sets, informative cells and candidates of the nodes on the current path live on three
/// stacks (each node pushes its own and truncates them on return), so a node allocates nothing.
struct Search {
    /// Code of each candidate cell in each layout, `count` per cell: `MINE` or the number it
    /// would show.
    codes: Vec<u8>,
    /// Layouts.
    count: usize,
    /// The same codes by layout: `stride` per layout, cells in order (padded with zeros).
    rows: Vec<u8>,
    /// Cells per row of `rows`: the cells rounded up to a multiple of 16.
    stride: usize,
    /// Scratch of `scan_rows`: layouts where each cell is safe.
    safe_counts: Vec<u16>,
    /// Scratch of `scan_rows`: nonzero where a cell's code varies.
    varies: Vec<u8>,
    /// Random key of each layout; a set's key is the XOR of its layouts' keys.
    keys: Vec<u128>,
    /// Wins of each searched set by key, exact or (flagged with `BOUND`) an upper bound.
    memo: FxHashMap<u128, u32>,
    nodes: u64,
    budget: u64,
    aborted: bool,
    /// Layout sets of the nodes on the path (each a range of this stack).
    sets: Vec<u16>,
    /// Informative cells of the nodes on the path (each a range of this stack).
    cells: Vec<u32>,
    /// Candidates (layouts where the cell is safe, cell) of the nodes on the path.
    candidates: Vec<(u32, u32)>,
    /// Group of each layout: the layouts of a group pairwise conflict, so a set can win at most
    /// one layout of each group it meets (`conflict_groups`).
    group: Vec<u32>,
    /// Scratch of `bound`: the stamp of the last count that met each group.
    seen: Vec<u32>,
    /// Scratch of `part_bounds`: the stamp of the last count that met each group with each number.
    seen_by_number: Vec<u32>,
    /// Stamp of the current count in `seen` or `seen_by_number`.
    stamp: u32,
}

impl Search {
    /// Codes of `cell` over every layout.
    fn codes_of(&self, cell: u32) -> &[u8] {
        cell_codes(&self.codes, self.count, cell)
    }

    /// Counts, for every cell at once, the layouts of `self.sets[set]` where it is safe
    /// (`safe_counts`) and whether its code varies over them (`varies`, nonzero when it does).
    fn scan_rows(&mut self, set: Range<usize>) {
        let stride = self.stride;
        self.safe_counts.fill(0);
        self.varies.fill(0);
        let layouts = &self.sets[set];
        let first = &self.rows[usize::from(layouts[0]) * stride..][..stride];
        for &layout in layouts {
            let row = &self.rows[usize::from(layout) * stride..][..stride];
            for (((safe, varies), &code), &first) in
                self.safe_counts.iter_mut().zip(self.varies.iter_mut()).zip(row).zip(first)
            {
                *safe += u16::from(code != MINE);
                *varies |= code ^ first;
            }
        }
    }

    /// Starts a new count in `seen` and `seen_by_number`.
    fn next_stamp(&mut self) {
        if self.stamp == u32::MAX {
            self.seen.fill(0);
            self.seen_by_number.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
    }

    /// An upper bound on the layouts any strategy wins from the set `self.sets[set]`: the number of
    /// conflict groups it meets.
    fn bound(&mut self, set: Range<usize>) -> u32 {
        self.next_stamp();
        let mut groups = 0;
        for &layout in &self.sets[set] {
            let seen = &mut self.seen[self.group[usize::from(layout)] as usize];
            groups += u32::from(*seen != self.stamp);
            *seen = self.stamp;
        }
        groups
    }

    /// Upper bounds on the layouts won from each part of revealing `cell` in `self.sets[set]`:
    /// the conflict groups each part meets.
    fn part_bounds(&mut self, cell: u32, set: Range<usize>) -> [u32; 9] {
        self.next_stamp();
        let mut bounds = [0u32; 16];
        let codes = cell_codes(&self.codes, self.count, cell);
        for &layout in &self.sets[set] {
            let code = codes[usize::from(layout)];
            if code != MINE {
                let slot = self.group[usize::from(layout)] as usize * 16 + usize::from(code & 15);
                let seen = &mut self.seen_by_number[slot];
                bounds[usize::from(code & 15)] += u32::from(*seen != self.stamp);
                *seen = self.stamp;
            }
        }
        std::array::from_fn(|value| bounds[value])
    }

    /// Best number of layouts won from the set `self.sets[set]`, and the cell that achieves it,
    /// when that number exceeds `floor`; otherwise `(floor, None)`, the best being at most `floor`
    /// (the search stops as soon as it knows that: the caller only needs more, and the set's
    /// `bound` may already tell). The cells are tried until one reaches that bound.
    /// `self.cells[cells]` (ascending) holds every cell whose code varies over the set: a cell
    /// constant over a set is constant over its subsets, so each node passes its informative
    /// cells down.
    fn best(&mut self, set: Range<usize>, cells: Range<usize>, floor: u32) -> (u32, Option<usize>) {
        let size = set.len();
        if size <= 1 {
            return (size as u32, None);
        }
        let bound = self.bound(set.clone());
        if bound <= floor {
            return (floor, None);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            self.aborted = true;
        }
        if self.aborted {
            return (0, None);
        }
        let informative_start = self.cells.len();
        let candidates_start = self.candidates.len();
        let mut free = None;
        // With many informative cells, one pass over the layouts' rows beats one per cell.
        let by_rows = cells.len() * 4 >= self.stride;
        if by_rows {
            self.scan_rows(set.clone());
        }
        for index in cells.clone() {
            let cell = self.cells[index];
            let (informative, safe) = if by_rows {
                (self.varies[cell as usize] != 0, u32::from(self.safe_counts[cell as usize]))
            } else {
                let codes = self.codes_of(cell);
                let layouts = &self.sets[set.clone()];
                let first = codes[usize::from(layouts[0])];
                let mut informative = false;
                let mut safe = 0u32;
                for &layout in layouts {
                    let code = codes[usize::from(layout)];
                    informative |= code != first;
                    safe += u32::from(code != MINE);
                }
                (informative, safe)
            };
            if !informative {
                continue;
            }
            if safe as usize == size {
                // Free information: play it without looking at other cells (the later cells are
                // still passed down: some may be informative in the parts; the cell itself
                // shows one number in each part, so it is not).
                self.cells.extend_from_within(index + 1..cells.end);
                free = Some(cell);
                break;
            }
            self.cells.push(cell);
            self.candidates.push((safe, cell));
        }
        let children = informative_start..self.cells.len();
        let best = if let Some(cell) = free {
            let total = self.play(cell, set, floor, children);
            if total > floor { (total, Some(cell as usize)) } else { (floor, None) }
        } else {
            self.candidates[candidates_start..].sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            let mut best = (floor, None);
            for index in candidates_start..self.candidates.len() {
                let (safe, cell) = self.candidates[index];
                if safe <= best.0 || best.0 >= bound || self.aborted {
                    break;
                }
                let total = self.play(cell, set.clone(), best.0, children.clone());
                if total > best.0 {
                    best = (total, Some(cell as usize));
                }
            }
            best
        };
        self.cells.truncate(informative_start);
        self.candidates.truncate(candidates_start);
        best
    }

    /// Layouts won by revealing `cell` in the set `self.sets[set]` and playing on with the
    /// informative cells `self.cells[cells]`; stops early (returning at most `bar`) once it cannot
    /// beat `bar`, each part that is not yet searched counting for its bound (`part_bounds`).
    fn play(&mut self, cell: u32, set: Range<usize>, bar: u32, cells: Range<usize>) -> u32 {
        // Each part counts for its bound until it is searched: a cell whose bounds cannot beat
        // `bar` is dropped after this one pass.
        let bounds = self.part_bounds(cell, set.clone());
        let mut remaining: u32 = bounds.iter().sum();
        if remaining <= bar {
            return remaining;
        }
        // Sizes and keys of the parts (slot 15 collects the mines). Two sets of sums, for the
        // even and the odd positions, so that neighbouring layouts showing the same number do
        // not wait on each other's sums.
        let mut sizes = [[0u32; 16]; 2];
        let mut keys = [[0u128; 16]; 2];
        {
            let codes = self.codes_of(cell);
            let layouts = &self.sets[set.clone()];
            let mut pairs = layouts.chunks_exact(2);
            for pair in &mut pairs {
                let (a, b) = (usize::from(pair[0]), usize::from(pair[1]));
                let (code_a, code_b) = (usize::from(codes[a] & 15), usize::from(codes[b] & 15));
                sizes[0][code_a] += 1;
                keys[0][code_a] ^= self.keys[a];
                sizes[1][code_b] += 1;
                keys[1][code_b] ^= self.keys[b];
            }
            if let [last] = *pairs.remainder() {
                let layout = usize::from(last);
                let code = usize::from(codes[layout] & 15);
                sizes[0][code] += 1;
                keys[0][code] ^= self.keys[layout];
            }
        }
        let sizes: [u32; 9] = std::array::from_fn(|value| sizes[0][value] + sizes[1][value]);
        let keys: [u128; 9] = std::array::from_fn(|value| keys[0][value] ^ keys[1][value]);
        // The parts (the layouts by the number the cell shows), listed on the stack the first
        // time one has to be searched.
        let parts_start = self.sets.len();
        let mut starts: Option<[usize; 9]> = None;
        let mut total = 0u32;
        for value in 0..9 {
            let size = sizes[value];
            if size == 0 {
                continue;
            }
            remaining -= bounds[value];
            // The part must win more than this for the cell to beat `bar`.
            let floor = bar.saturating_sub(total + remaining);
            // A single layout is won; a memoised bound serves when it is at most the floor.
            let known = if size == 1 {
                Some(1)
            } else {
                self.memo
                    .get(&keys[value])
                    .filter(|&&known| known & BOUND == 0 || known & !BOUND <= floor)
                    .map(|&known| known & !BOUND)
            };
            total += match known {
                Some(wins) => wins,
                None => {
                    let starts = *starts.get_or_insert_with(|| self.list_parts(cell, set.clone(), &sizes));
                    let part = starts[value]..starts[value] + size as usize;
                    let (wins, _) = self.best(part, cells.clone(), floor);
                    if self.aborted {
                        self.sets.truncate(parts_start);
                        return 0;
                    }
                    self.memo.insert(keys[value], if wins > floor { wins } else { wins | BOUND });
                    wins
                }
            };
            if total + remaining <= bar {
                break;
            }
        }
        self.sets.truncate(parts_start);
        total
    }

    /// Pushes the layouts of `self.sets[set]` where `cell` is safe onto the set stack, grouped by
    /// the number it shows (in set order within a group), and returns where each group starts.
    fn list_parts(&mut self, cell: u32, set: Range<usize>, sizes: &[u32; 9]) -> [usize; 9] {
        let base = self.sets.len();
        let mut starts = [0usize; 9];
        let mut next = base;
        for value in 0..9 {
            starts[value] = next;
            next += sizes[value] as usize;
        }
        self.sets.resize(next, 0);
        // The set lies below `base` and the parts above it: two slices that cannot overlap.
        let (below, parts) = self.sets.split_at_mut(base);
        // Through the fields: `codes_of` would borrow all of `self` while `self.sets` is borrowed.
        let codes = cell_codes(&self.codes, self.count, cell);
        // Sixteen slots, so that `code & 15` needs no bounds check; a safe code is 0..=8.
        let mut at: [usize; 16] =
            std::array::from_fn(|value| starts.get(value).map_or(0, |start| start - base));
        for &layout in &below[set] {
            let code = codes[usize::from(layout)];
            if code != MINE {
                let slot = &mut at[usize::from(code & 15)];
                parts[*slot] = layout;
                *slot += 1;
            }
        }
        debug_assert_eq!(at[8], next - base);
        starts
    }
}

/// Groups of pairwise conflicting layouts: the group of each layout, and the number of groups.
///
/// Two layouts conflict when every cell safe in both shows the same number in both. No strategy
/// wins both: to win one it must reveal a cell that is a mine in the other (they differ), so it
/// must first have told them apart, and only a cell safe in both can do that without losing one.
/// The layouts a strategy wins are therefore pairwise free of conflict, and a set of layouts wins
/// at most one layout of each group it meets. The groups are built greedily (a layout joins the
/// first group whose every member it conflicts with); any partition into such groups gives a
/// sound bound, a coarser one a tighter bound.
///
/// The layouts that conflict with a layout are found as the intersection, over the cells safe in
/// it, of the layouts where that cell is a mine or shows the same number (bit sets, stopping once
/// only the layout itself is left, which is soon for most).
fn conflict_groups(codes: &[u8], count: usize) -> (Vec<u32>, u32) {
    let words = count.div_ceil(64);
    let cells = codes.len() / count.max(1);
    // For each cell and number: the layouts where the cell shows that number or is a mine.
    let mut offsets = vec![usize::MAX; cells * 9];
    let mut sets: Vec<u64> = Vec::new();
    let mut mines = vec![0u64; words];
    for cell in 0..cells {
        let cell_codes = cell_codes(codes, count, cell as u32);
        mines.fill(0);
        for (layout, &code) in cell_codes.iter().enumerate() {
            if code == MINE {
                mines[layout / 64] |= 1 << (layout % 64);
            }
        }
        for (layout, &code) in cell_codes.iter().enumerate() {
            if code == MINE {
                continue;
            }
            let offset = &mut offsets[cell * 9 + usize::from(code)];
            if *offset == usize::MAX {
                *offset = sets.len();
                sets.extend_from_slice(&mines);
            }
            sets[*offset + layout / 64] |= 1 << (layout % 64);
        }
    }
    // The layouts conflicting with each layout (itself left out), ascending.
    let mut starts = Vec::with_capacity(count + 1);
    let mut conflicts: Vec<u32> = Vec::new();
    let mut common = vec![0u64; words];
    for layout in 0..count {
        starts.push(conflicts.len());
        common.fill(u64::MAX);
        let mut alone = false;
        for cell in 0..cells {
            let code = codes[cell * count + layout];
            if code == MINE {
                continue;
            }
            let with = &sets[offsets[cell * 9 + usize::from(code)]..][..words];
            let mut others = 0u64;
            for (index, (common, &with)) in common.iter_mut().zip(with).enumerate() {
                *common &= with;
                others |= if index == layout / 64 { *common & !(1 << (layout % 64)) } else { *common };
            }
            if others == 0 {
                alone = true;
                break;
            }
        }
        if alone {
            continue;
        }
        for (index, &word) in common.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let other = index * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                if other != layout && other < count {
                    conflicts.push(other as u32);
                }
            }
        }
    }
    starts.push(conflicts.len());
    let conflicts_of = |layout: usize| &conflicts[starts[layout]..starts[layout + 1]];
    let mut group = vec![u32::MAX; count];
    let mut groups = 0;
    let mut members = Vec::new();
    for layout in 0..count {
        if group[layout] != u32::MAX {
            continue;
        }
        group[layout] = groups;
        members.clear();
        members.push(layout as u32);
        for &other in conflicts_of(layout) {
            let other_conflicts = conflicts_of(other as usize);
            if group[other as usize] == u32::MAX
                && members.iter().all(|member| other_conflicts.binary_search(member).is_ok())
            {
                group[other as usize] = groups;
                members.push(other);
            }
        }
        groups += 1;
    }
    (group, groups)
}

/// The codes of `cell` in `codes`, which holds `count` per cell.
fn cell_codes(codes: &[u8], count: usize, cell: u32) -> &[u8] {
    &codes[cell as usize * count..][..count]
}

/// The move with the best chance of winning the game, by exhaustive search, when the board has at
/// most `limits.max_layouts` consistent layouts and the search fits its budgets. `None` when the
/// board is out of the limits (or inconsistent, or already decided).
pub fn best_move(view: &BoardView<'_>, limits: &EndgameLimits) -> Option<EndgameMove> {
    search_layouts(view, &enumerate(view, limits)?, limits)
}

/// The candidate cells of `layouts` (covered cells safe in at least one layout) and their codes,
/// `layouts.count()` per cell: `MINE` or the number of covered neighbours that are mines. A
/// covered neighbour outside `layouts.covered` is a mine in every layout and only shifts the
/// number, so it is left out.
fn layout_codes(view: &BoardView<'_>, layouts: &Layouts) -> (Vec<usize>, Vec<u8>) {
    let count = layouts.count();
    let mut cells = Vec::new();
    let mut codes = Vec::new();
    for (local, &cell) in layouts.covered.iter().enumerate() {
        if (0..count).all(|l| layouts.is_mine(l, local)) {
            continue;
        }
        let covered_neighbours: Vec<usize> = neighbours(view.width, view.height, cell)
            .filter(|&n| matches!(view.cells[n], Cell::Covered | Cell::Flagged))
            .filter_map(|n| layouts.covered.binary_search(&n).ok())
            .collect();
        codes.extend((0..count).map(|l| {
            if layouts.is_mine(l, local) {
                MINE
            } else {
                covered_neighbours.iter().filter(|&&n| layouts.is_mine(l, n)).count() as u8
            }
        }));
        cells.push(cell);
    }
    (cells, codes)
}

/// Every consistent layout of `view` (mine flags over the whole board) with its conflict group
/// (`conflict_groups`), for the oracle tests; `None` past the default limits.
#[cfg(test)]
pub(super) fn layout_groups(view: &BoardView<'_>) -> Option<(Vec<Vec<bool>>, Vec<u32>)> {
    let layouts = enumerate(view, &EndgameLimits::default())?;
    let (_, codes) = layout_codes(view, &layouts);
    let (group, _) = conflict_groups(&codes, layouts.count());
    let boards = (0..layouts.count())
        .map(|layout| {
            let mut board = vec![false; view.width * view.height];
            for (local, &cell) in layouts.covered.iter().enumerate() {
                board[cell] = layouts.is_mine(layout, local);
            }
            board
        })
        .collect();
    Some((boards, group))
}

/// The best move in `layouts` (equally likely) by exhaustive search.
fn search_layouts(view: &BoardView<'_>, layouts: &Layouts, limits: &EndgameLimits) -> Option<EndgameMove> {
    let count = layouts.count();
    if count < 2 || count > usize::from(u16::MAX) {
        return None;
    }
    let (cells, codes) = layout_codes(view, layouts);
    let mut random = Pcg64Mcg::seed_from_u64(count as u64);
    let keys = (0..count).map(|_| random.random::<u128>()).collect();
    let stride = cells.len().next_multiple_of(16);
    let mut rows = vec![0u8; count * stride];
    for (cell, row) in codes.chunks_exact(count).enumerate() {
        for (layout, &code) in row.iter().enumerate() {
            rows[layout * stride + cell] = code;
        }
    }
    let (group, groups) = conflict_groups(&codes, count);
    let mut search = Search {
        codes,
        count,
        rows,
        stride,
        safe_counts: vec![0; stride],
        varies: vec![0; stride],
        keys,
        memo: FxHashMap::default(),
        nodes: 0,
        budget: limits.search_nodes,
        aborted: false,
        sets: (0..count as u16).collect(),
        cells: (0..cells.len() as u32).collect(),
        candidates: Vec::new(),
        group,
        seen: vec![0; groups as usize],
        seen_by_number: vec![0; groups as usize * 16],
        stamp: 0,
    };
    let (wins, best) = search.best(0..count, 0..cells.len(), 0);
    if search.aborted {
        return None;
    }
    best.map(|local| EndgameMove {
        cell: cells[local],
        win_probability: f64::from(wins) / count as f64,
        layouts: count,
    })
}

/// Most cells of an isolated region to search.
const MAX_REGION_CELLS: usize = 64;

/// The best move inside an isolated region, when a guess is due and one exists.
///
/// A region is a frontier component whose every covered neighbour lies in it or is a certain
/// mine, and whose layouts all hold the same number of mines. No reveal outside it can ever show
/// a number next to it, and the mine total cannot tell its layouts apart, so its layouts stay
/// equally likely whatever happens elsewhere: its guesses are unavoidable, and independent of the
/// rest of the board. Playing its exhaustive-search best move now therefore wins at least as often
/// as any other order, while the rest of the board may still have too many layouts to search.
pub fn isolated_region_move(
    view: &BoardView<'_>,
    analysis: &Analysis,
    limits: &EndgameLimits,
) -> Option<EndgameMove> {
    if !analysis.exact {
        return None;
    }
    let is_mine = |cell: usize| analysis.mines.binary_search(&cell).is_ok();
    let mut regions: Vec<Vec<usize>> = vec![Vec::new(); analysis.component_sizes.len()];
    for (cell, component) in analysis.component_of.iter().enumerate() {
        if let Some(component) = component
            && !is_mine(cell)
        {
            regions[*component].push(cell);
        }
    }
    regions.retain(|region| {
        (2..=MAX_REGION_CELLS).contains(&region.len())
            && region.iter().all(|&cell| {
                neighbours(view.width, view.height, cell).all(|n| {
                    matches!(view.cells[n], Cell::Revealed(_))
                        || region.binary_search(&n).is_ok()
                        || is_mine(n)
                })
            })
    });
    if regions.is_empty() {
        // The usual case at a guess: no closed region, so no constraint list to build.
        return None;
    }
    regions.sort_by_key(Vec::len);
    let all = constraints(view);
    regions.iter().find_map(|region| region_move(view, region, &all, &is_mine, limits))
}

/// `isolated_region_move` for one closed region (sorted cells).
fn region_move(
    view: &BoardView<'_>,
    region: &[usize],
    all: &[super::solver::Constraint],
    is_mine: &dyn Fn(usize) -> bool,
    limits: &EndgameLimits,
) -> Option<EndgameMove> {
    let local_of = |cell: usize| region.binary_search(&cell).ok();
    let mut need = Vec::new();
    let mut left = Vec::new();
    let mut cell_constraints: Vec<Vec<usize>> = vec![Vec::new(); region.len()];
    for constraint in all {
        if !constraint.cells().iter().any(|&cell| local_of(cell).is_some()) {
            continue;
        }
        let mut mines = constraint.mines as i64;
        let mut size = 0;
        for &cell in constraint.cells() {
            match local_of(cell) {
                Some(local) => {
                    cell_constraints[local].push(need.len());
                    size += 1;
                }
                None if is_mine(cell) => mines -= 1,
                None => return None,
            }
        }
        need.push(mines);
        left.push(size);
    }
    let order = (0..region.len()).collect();
    let layouts = list_layouts(region.to_vec(), order, &cell_constraints, (need, left), None, limits)?;
    let words = layouts.words;
    let mines_in = |layout: usize| -> u32 {
        layouts.bits[layout * words..(layout + 1) * words].iter().map(|w| w.count_ones()).sum()
    };
    let first = mines_in(0);
    if (1..layouts.count()).any(|layout| mines_in(layout) != first) {
        return None;
    }
    search_layouts(view, &layouts, limits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text;

    fn view_of(board: &text::BoardText) -> BoardView<'_> {
        board.view()
    }

    #[test]
    fn a_plain_fifty_fifty_is_won_half_the_time() {
        // Two covered cells under a 1, one mine: nothing to learn, 50%.
        let board = text::parse("mines=1\n11\n..\n").unwrap();
        let found = best_move(&view_of(&board), &EndgameLimits::default()).unwrap();
        assert_eq!(found.layouts, 2);
        assert!((found.win_probability - 0.5).abs() < 1e-12);
    }

    #[test]
    fn two_forced_fifty_fifties_are_one_group() {
        // Two pairs, each holding one mine that no cell can ever tell: four layouts, every two of
        // which conflict, so the bound is one layout and best play wins a quarter.
        let board = text::parse("mines=2\n11\n..\n22\n..\n").unwrap();
        let (layouts, group) = layout_groups(&view_of(&board)).unwrap();
        assert_eq!(layouts.len(), 4);
        assert!(group.iter().all(|&g| g == group[0]));
        let found = best_move(&view_of(&board), &EndgameLimits::default()).unwrap();
        assert!((found.win_probability - 0.25).abs() < 1e-12);
    }

    #[test]
    fn a_row_of_three_has_two_groups() {
        // One mine in a row of three covered cells. With the mine at either end, the middle cell
        // is the only cell safe in both and shows 1 in both: those two layouts conflict. The mine
        // in the middle is told apart from either by the other end. Two groups, and best play
        // (an end first) wins two of the three layouts.
        let board = text::parse("mines=1\n...\n").unwrap();
        let (layouts, group) = layout_groups(&view_of(&board)).unwrap();
        let end = |cell: usize| layouts.iter().position(|layout| layout[cell]).unwrap();
        let middle = end(1);
        assert_eq!(group[end(0)], group[end(2)]);
        assert_ne!(group[middle], group[end(0)]);
        let found = best_move(&view_of(&board), &EndgameLimits::default()).unwrap();
        assert!((found.win_probability - 2.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn a_single_layout_needs_no_search() {
        let board = text::parse("mines=1\n1..\n").unwrap();
        assert!(best_move(&view_of(&board), &EndgameLimits::default()).is_none());
    }

    #[test]
    fn too_many_layouts_give_up() {
        let board = text::parse("mines=10\n0.........\n..........\n..........\n").unwrap();
        let limits = EndgameLimits { max_layouts: 50, ..EndgameLimits::default() };
        assert!(best_move(&view_of(&board), &limits).is_none());
    }
}
