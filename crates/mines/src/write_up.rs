//! The write-up's own solvers, the ladder it measured on expert ("advanced") boards: the
//! straightforward rules alone (then a random guess), then its Tank solver (every layout of
//! the border tiles, regions apart, each layout equally likely, the border tile most likely
//! empty guessed), then the Tank solver with its two endgame tactics (the mine counter prunes
//! layouts; with few tiles off the border, every covered tile is enumerated at once with
//! exactly the mines left). Written from the write-up's text; the endgame's sizes (8 tiles off
//! the border, 13 when 8 settles nothing) are those of its published program.
//!
//! These are not Curio's solver: they keep the write-up's simplifications (equal weights,
//! guesses on the border only) so that its figures can be measured. Each position is solved
//! afresh; what the rules prove is recomputed, never remembered.

use crate::board::{Cell, FirstClickRule, neighbours};
use crate::policy::{Action, Move, MoveRule, Reason, first_click};
use crate::solver::{BoardView, SolveError};
use rand::{RngExt, SeedableRng};

/// A rung of the write-up's ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Ladder {
    /// The straightforward rules; stuck, a random covered tile.
    #[serde(rename = "write-up-rules")]
    Rules,
    /// The rules, then the Tank solver with probabilistic guessing.
    #[serde(rename = "write-up-tank")]
    Tank,
    /// The Tank solver with the mine counter and the endgame enumeration.
    #[serde(rename = "write-up-tank-endgame")]
    TankEndgame,
}

impl Ladder {
    /// Every rung, simplest first.
    pub const ALL: [Ladder; 3] = [Ladder::Rules, Ladder::Tank, Ladder::TankEndgame];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Ladder::Rules => "write-up-rules",
            Ladder::Tank => "write-up-tank",
            Ladder::TankEndgame => "write-up-tank-endgame",
        }
    }

    /// Its name for people.
    pub fn label(self) -> &'static str {
        match self {
            Ladder::Rules => "the write-up's rules only",
            Ladder::Tank => "the write-up's Tank solver",
            Ladder::TankEndgame => "the write-up's Tank solver with its endgame tactics",
        }
    }
}

/// Tiles off the border at most for the endgame enumeration, and the second try's.
const ENDGAME_TILES: [usize; 2] = [8, 13];

/// Backtracking nodes a region may take before the solver gives up on it (its tiles are then
/// left out of this move's deductions and guesses). The write-up's program has no such limit.
pub const NODE_LIMIT: u64 = 20_000_000;

/// What is known of a covered tile.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Known {
    Unknown,
    Mine,
    Safe,
}

fn covered(cell: Cell) -> bool {
    matches!(cell, Cell::Covered | Cell::Flagged)
}

/// The straightforward rules to a fixpoint: a number with all its mines known makes its other
/// covered neighbours safe; a number with as many covered unknown neighbours as missing mines
/// makes them mines.
fn straightforward(view: &BoardView<'_>, known: &mut [Known]) {
    let (width, height) = (view.width, view.height);
    let mut changed = true;
    while changed {
        changed = false;
        for (cell, state) in view.cells.iter().enumerate() {
            let Cell::Revealed(number) = *state else { continue };
            let (mut mines, mut unknown) = (0usize, 0usize);
            for n in neighbours(width, height, cell).filter(|&n| covered(view.cells[n])) {
                match known[n] {
                    Known::Mine => mines += 1,
                    Known::Unknown => unknown += 1,
                    Known::Safe => {}
                }
            }
            if unknown == 0 {
                continue;
            }
            let number = usize::from(number);
            let verdict = if number == mines {
                Known::Safe
            } else if number == mines + unknown {
                Known::Mine
            } else {
                continue;
            };
            for n in neighbours(width, height, cell) {
                if covered(view.cells[n]) && known[n] == Known::Unknown {
                    known[n] = verdict;
                    changed = true;
                }
            }
        }
    }
}

/// The layouts of one region: how many, and in how many each tile is a mine.
struct Layouts {
    tiles: Vec<usize>,
    count: u64,
    mines: Vec<u64>,
    nodes: u64,
}

/// A number's constraint on a region: the region tiles around it and the mines they hold.
struct Constraint {
    tiles: Vec<usize>,
    needed: usize,
}

/// Every layout of `tiles` (indices into the board) that satisfies the numbers around them,
/// with at most `most` mines in all, or exactly `exactly` when given; `None` past the node limit.
fn enumerate(
    view: &BoardView<'_>,
    known: &[Known],
    tiles: &[usize],
    most: usize,
    exactly: Option<usize>,
) -> Option<Layouts> {
    let (width, height) = (view.width, view.height);
    let position = |cell: usize| tiles.iter().position(|&tile| tile == cell);
    let mut constraints = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for &tile in tiles {
        for number_cell in neighbours(width, height, tile) {
            let Cell::Revealed(number) = view.cells[number_cell] else { continue };
            if !seen.insert(number_cell) {
                continue;
            }
            let mut mines = 0;
            let mut around = Vec::new();
            for n in neighbours(width, height, number_cell).filter(|&n| covered(view.cells[n])) {
                match (known[n], position(n)) {
                    (Known::Mine, _) => mines += 1,
                    (Known::Unknown, Some(index)) => around.push(index),
                    _ => {}
                }
            }
            constraints.push(Constraint { tiles: around, needed: usize::from(number).checked_sub(mines)? });
        }
    }
    let mut of_tile: Vec<Vec<usize>> = vec![Vec::new(); tiles.len()];
    for (index, constraint) in constraints.iter().enumerate() {
        for &tile in &constraint.tiles {
            of_tile[tile].push(index);
        }
    }
    let mut search = Search {
        constraints: &constraints,
        of_tile: &of_tile,
        placed: vec![0; constraints.len()],
        open: constraints.iter().map(|constraint| constraint.tiles.len()).collect(),
        layout: vec![false; tiles.len()],
        most,
        exactly,
        nodes: 0,
        found: Layouts { tiles: tiles.to_vec(), count: 0, mines: vec![0; tiles.len()], nodes: 0 },
    };
    let finished = search.run(0, 0);
    search.found.nodes = search.nodes;
    finished.then_some(search.found)
}

struct Search<'a> {
    constraints: &'a [Constraint],
    of_tile: &'a [Vec<usize>],
    placed: Vec<usize>,
    open: Vec<usize>,
    layout: Vec<bool>,
    most: usize,
    exactly: Option<usize>,
    nodes: u64,
    found: Layouts,
}

impl Search<'_> {
    /// Tiles from `index` on, with `mines` placed before; false past the node limit.
    fn run(&mut self, index: usize, mines: usize) -> bool {
        self.nodes += 1;
        if self.nodes > NODE_LIMIT {
            return false;
        }
        if index == self.layout.len() {
            if self.exactly.is_none_or(|exactly| exactly == mines) {
                self.found.count += 1;
                for (tile, &mine) in self.layout.iter().enumerate() {
                    self.found.mines[tile] += u64::from(mine);
                }
            }
            return true;
        }
        for mine in [true, false] {
            if mine && mines == self.most {
                continue;
            }
            let fits = self.of_tile[index].iter().all(|&c| {
                let placed = self.placed[c] + usize::from(mine);
                let needed = self.constraints[c].needed;
                placed <= needed && placed + self.open[c] > needed
            });
            if !fits {
                continue;
            }
            for &c in &self.of_tile[index] {
                self.placed[c] += usize::from(mine);
                self.open[c] -= 1;
            }
            self.layout[index] = mine;
            let finished = self.run(index + 1, mines + usize::from(mine));
            for &c in &self.of_tile[index] {
                self.placed[c] -= usize::from(mine);
                self.open[c] += 1;
            }
            if !finished {
                return false;
            }
        }
        true
    }
}

/// The border tiles in regions: two tiles are in one region when a number touches both.
fn regions(view: &BoardView<'_>, border: &[usize]) -> Vec<Vec<usize>> {
    let (width, height) = (view.width, view.height);
    let mut region_of = vec![usize::MAX; view.cells.len()];
    let mut out: Vec<Vec<usize>> = Vec::new();
    for &start in border {
        if region_of[start] != usize::MAX {
            continue;
        }
        let id = out.len();
        region_of[start] = id;
        let mut region = vec![start];
        let mut next = 0;
        while next < region.len() {
            let tile = region[next];
            next += 1;
            for number_cell in neighbours(width, height, tile) {
                if !matches!(view.cells[number_cell], Cell::Revealed(_)) {
                    continue;
                }
                for other in neighbours(width, height, number_cell) {
                    if region_of[other] == usize::MAX && border.binary_search(&other).is_ok() {
                        region_of[other] = id;
                        region.push(other);
                    }
                }
            }
        }
        out.push(region);
    }
    out
}

/// One region of the write-up's Tank view: its tiles, its layouts, and in how many of them
/// each tile holds a mine.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Region {
    /// Its tiles, as board indices.
    pub tiles: Vec<usize>,
    /// Its layouts.
    pub layouts: u64,
    /// Per tile, the layouts with a mine there.
    pub mines: Vec<u64>,
}

/// The write-up's Tank view of a position, before any move: the tiles its straightforward rules
/// prove mines, the border's regions with their layouts (each layout equally likely), and what
/// splitting into regions saves: 2^T against the sum of 2^t over regions (the write-up's
/// count), and the backtracking nodes of one search over the whole border against one per region.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TankView {
    /// Tiles the straightforward rules prove mines.
    pub rule_mines: Vec<usize>,
    /// Tiles the straightforward rules prove safe.
    pub rule_safe: Vec<usize>,
    /// The border's regions.
    pub regions: Vec<Region>,
    /// Layouts of the whole border searched at once (the product of the regions').
    pub joint_layouts: u64,
    /// Backtracking nodes of the search over the whole border at once.
    pub joint_nodes: u64,
    /// Backtracking nodes of the searches region by region, summed.
    pub split_nodes: u64,
}

impl TankView {
    /// The write-up's mine chance of a border tile: the share of its region's layouts with a
    /// mine there.
    pub fn chance(&self, tile: usize) -> Option<f64> {
        self.regions.iter().find_map(|region| {
            let index = region.tiles.iter().position(|&t| t == tile)?;
            Some(region.mines[index] as f64 / region.layouts.max(1) as f64)
        })
    }

    /// The write-up's guess: the border tile least often a mine (the first in board order
    /// among equals), with the layouts that put a mine there and its region's layouts.
    pub fn guess(&self) -> Option<(usize, u64, u64)> {
        let mut tiles: Vec<(usize, u64, u64)> = self
            .regions
            .iter()
            .flat_map(|region| region.tiles.iter().zip(&region.mines).map(|(&t, &m)| (t, m, region.layouts)))
            .collect();
        tiles.sort_by_key(|&(tile, _, _)| tile);
        tiles.into_iter().fold(None, |best, (tile, mines, layouts)| match best {
            Some((_, top, of))
                if (top as f64 / of.max(1) as f64) <= (mines as f64 / layouts.max(1) as f64) =>
            {
                best
            }
            _ => Some((tile, mines, layouts)),
        })
    }

    /// One line for people: what the rules prove, the regions, the guess, the region split.
    pub fn summary(&self, width: usize) -> String {
        let regions: Vec<String> = self
            .regions
            .iter()
            .map(|region| format!("{} tiles, {} layouts", region.tiles.len(), region.layouts))
            .collect();
        let guess = self.guess().map_or(String::new(), |(tile, mines, layouts)| {
            format!(
                "; its guess: row {} column {}, a mine in {mines} of {layouts} layouts ({:.1}% safe)",
                tile / width,
                tile % width,
                100.0 * (1.0 - mines as f64 / layouts.max(1) as f64)
            )
        });
        let (at_once, by_region) = self.combinations();
        format!(
            "its rules prove {} mines; regions: {}{guess}; regions apart: 2^T = {at_once} combinations against {by_region} ({:.1}x), backtracking nodes {} at once against {} by region ({:.1}x)",
            self.rule_mines.len(),
            if regions.is_empty() { "none".to_string() } else { regions.join("; ") },
            at_once / by_region,
            self.joint_nodes,
            self.split_nodes,
            self.joint_nodes as f64 / self.split_nodes.max(1) as f64
        )
    }

    /// The write-up's count of combinations: 2^T for the border at once, and the sum of 2^t.
    pub fn combinations(&self) -> (f64, f64) {
        let tiles: usize = self.regions.iter().map(|region| region.tiles.len()).sum();
        let split = self.regions.iter().map(|region| 2f64.powi(region.tiles.len() as i32)).sum();
        (2f64.powi(tiles as i32), split)
    }
}

/// The write-up's Tank view of `view` ([`TankView`]); `None` past the node limit.
pub fn tank_view(view: &BoardView<'_>) -> Option<TankView> {
    let mut known = vec![Known::Unknown; view.cells.len()];
    straightforward(view, &mut known);
    let covered_where = |wanted: Known| {
        (0..view.cells.len()).filter(|&c| covered(view.cells[c]) && known[c] == wanted).collect()
    };
    let (rule_mines, rule_safe): (Vec<usize>, Vec<usize>) =
        (covered_where(Known::Mine), covered_where(Known::Safe));
    let border: Vec<usize> = (0..view.cells.len())
        .filter(|&cell| {
            covered(view.cells[cell])
                && known[cell] == Known::Unknown
                && neighbours(view.width, view.height, cell)
                    .any(|n| matches!(view.cells[n], Cell::Revealed(_)))
        })
        .collect();
    let mut regions_found = Vec::new();
    let mut split_nodes = 0;
    for region in regions(view, &border) {
        let layouts = enumerate(view, &known, &region, region.len(), None)?;
        split_nodes += layouts.nodes;
        regions_found.push(Region { tiles: layouts.tiles, layouts: layouts.count, mines: layouts.mines });
    }
    // The same tiles in the same order, searched at once: only the split differs.
    let all: Vec<usize> = regions_found.iter().flat_map(|region| region.tiles.iter().copied()).collect();
    let joint = enumerate(view, &known, &all, all.len(), None)?;
    Some(TankView {
        rule_mines,
        rule_safe,
        regions: regions_found,
        joint_layouts: joint.count,
        joint_nodes: joint.nodes,
        split_nodes,
    })
}

/// The moves of `ladder` in `view` (see the module's docs); the first click as Curio's policy
/// makes it.
pub fn next_moves(
    view: &BoardView<'_>,
    ladder: Ladder,
    rule: FirstClickRule,
) -> Result<Vec<Move>, SolveError> {
    let width = view.width;
    let at = |cell: usize, mine_chance: f64, move_rule| Move {
        row: cell / width,
        column: cell % width,
        action: Action::Reveal,
        reason: Reason {
            rule: move_rule,
            probability: mine_chance,
            component_size: 0,
            exact: true,
            win_probability: None,
        },
    };
    let covered_count = view.cells.iter().filter(|&&cell| covered(cell)).count();
    if covered_count <= view.mines {
        return Ok(Vec::new());
    }
    if !view.cells.iter().any(|cell| matches!(cell, Cell::Revealed(_))) {
        let probability =
            if rule == FirstClickRule::None { view.mines as f64 / view.cells.len() as f64 } else { 0.0 };
        return Ok(vec![at(first_click(view.width, view.height, rule), probability, MoveRule::FirstClick)]);
    }
    let mut known = vec![Known::Unknown; view.cells.len()];
    loop {
        straightforward(view, &mut known);
        let safe: Vec<Move> = (0..view.cells.len())
            .filter(|&cell| covered(view.cells[cell]) && known[cell] == Known::Safe)
            .map(|cell| at(cell, 0.0, MoveRule::Trivial))
            .collect();
        if !safe.is_empty() {
            return Ok(safe);
        }
        let unknown: Vec<usize> = (0..view.cells.len())
            .filter(|&cell| covered(view.cells[cell]) && known[cell] == Known::Unknown)
            .collect();
        let known_mines = (0..view.cells.len())
            .filter(|&cell| covered(view.cells[cell]) && known[cell] == Known::Mine)
            .count();
        let mines_left = view.mines.saturating_sub(known_mines);
        if ladder == Ladder::Rules {
            return Ok(vec![random_guess(view, &unknown, mines_left)]);
        }
        let border: Vec<usize> = unknown
            .iter()
            .copied()
            .filter(|&cell| {
                neighbours(view.width, view.height, cell).any(|n| matches!(view.cells[n], Cell::Revealed(_)))
            })
            .collect();
        if unknown.is_empty() {
            return Ok(Vec::new());
        }
        let outside = unknown.len() - border.len();
        // Each way to enumerate, tried in turn until one proves a tile: the border in regions;
        // on the endgame rung, every covered tile at once with exactly the mines left when few
        // are off the border (at most 8 at once; 9 to 13 after the border settled nothing).
        let by_regions = || (regions(view, &border), None);
        let every = || (vec![unknown.clone()], Some(mines_left));
        let tries: Vec<(Vec<Vec<usize>>, Option<usize>)> = match ladder {
            Ladder::TankEndgame if outside <= ENDGAME_TILES[0] => vec![every()],
            Ladder::TankEndgame if outside <= ENDGAME_TILES[1] => vec![by_regions(), every()],
            _ => vec![by_regions()],
        };
        // The mine counter (endgame rung) bounds each region's mines.
        let most = if ladder == Ladder::TankEndgame { mines_left } else { usize::MAX };
        let mut solved = Vec::new();
        let mut proved = false;
        for (groups, exactly) in tries {
            solved.clear();
            for group in &groups {
                if let Some(layouts) = enumerate(view, &known, group, most.min(group.len()), exactly)
                    && layouts.count > 0
                {
                    solved.push(layouts);
                }
            }
            let mut safe = Vec::new();
            for layouts in &solved {
                for (index, &tile) in layouts.tiles.iter().enumerate() {
                    if layouts.mines[index] == 0 {
                        safe.push(at(tile, 0.0, MoveRule::Enumeration));
                    } else if layouts.mines[index] == layouts.count {
                        known[tile] = Known::Mine;
                        proved = true;
                    }
                }
            }
            if !safe.is_empty() {
                return Ok(safe);
            }
            if proved {
                break;
            }
        }
        if proved {
            continue;
        }
        // The tile most likely empty, each layout of its region equally likely.
        let best = solved
            .iter()
            .flat_map(|layouts| {
                layouts
                    .tiles
                    .iter()
                    .zip(&layouts.mines)
                    .map(move |(&tile, &mines)| (tile, mines as f64 / layouts.count as f64))
            })
            .fold(None, |best: Option<(usize, f64)>, (tile, chance)| match best {
                Some((_, top)) if top <= chance => best,
                _ => Some((tile, chance)),
            });
        return Ok(vec![match best {
            Some((tile, chance)) => at(tile, chance, MoveRule::Guess),
            None => random_guess(view, &unknown, mines_left),
        }]);
    }
}

/// A covered tile not known to be a mine, drawn at random (seeded by the position, so a game
/// replays the same); its stated chance is the mines left over the tiles left.
fn random_guess(view: &BoardView<'_>, unknown: &[usize], mines_left: usize) -> Move {
    use std::hash::{BuildHasher, Hash, Hasher};
    let mut hasher = rustc_hash::FxBuildHasher.build_hasher();
    for cell in view.cells {
        match cell {
            Cell::Revealed(number) => number.hash(&mut hasher),
            _ => 9u8.hash(&mut hasher),
        }
    }
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(hasher.finish());
    let cell = unknown[rng.random_range(0..unknown.len())];
    let chance = mines_left as f64 / unknown.len() as f64;
    Move {
        row: cell / view.width,
        column: cell % view.width,
        action: Action::Reveal,
        reason: Reason {
            rule: MoveRule::Guess,
            probability: chance,
            component_size: 0,
            exact: true,
            win_probability: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A random position: `mines` mines on a `width` x `height` board, some safe cells revealed
    /// with their numbers. Returns the cells and the hidden mines.
    fn position(width: usize, height: usize, mines: usize, seed: u64) -> (Vec<Cell>, Vec<bool>) {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let count = width * height;
        let mut mine = vec![false; count];
        let mut placed = 0;
        while placed < mines {
            let cell = rng.random_range(0..count);
            if !mine[cell] {
                mine[cell] = true;
                placed += 1;
            }
        }
        let cells = (0..count)
            .map(|cell| {
                if !mine[cell] && rng.random_bool(0.45) {
                    let around = neighbours(width, height, cell).filter(|&n| mine[n]).count();
                    Cell::Revealed(around as u8)
                } else {
                    Cell::Covered
                }
            })
            .collect();
        (cells, mine)
    }

    /// The enumeration equals brute force over every assignment of each region's tiles.
    #[test]
    fn regions_are_enumerated_exactly() {
        for seed in 0..300 {
            let (cells, _) = position(6, 5, 7, seed);
            let view = BoardView { width: 6, height: 5, mines: 7, cells: &cells };
            let known = vec![Known::Unknown; cells.len()];
            let border: Vec<usize> = (0..cells.len())
                .filter(|&cell| {
                    covered(cells[cell])
                        && neighbours(6, 5, cell).any(|n| matches!(cells[n], Cell::Revealed(_)))
                })
                .collect();
            for region in regions(&view, &border).into_iter().filter(|region| region.len() <= 14) {
                let found = enumerate(&view, &known, &region, usize::MAX, None).expect("small");
                let (mut count, mut mines) = (0u64, vec![0u64; region.len()]);
                for bits in 0u32..1 << region.len() {
                    let is_mine = |cell: usize| {
                        region.iter().position(|&t| t == cell).is_some_and(|i| bits >> i & 1 == 1)
                    };
                    let fits = (0..cells.len()).all(|number_cell| {
                        let Cell::Revealed(number) = cells[number_cell] else { return true };
                        let touches = neighbours(6, 5, number_cell).any(|n| region.contains(&n));
                        !touches
                            || neighbours(6, 5, number_cell).filter(|&n| is_mine(n)).count()
                                == usize::from(number)
                    });
                    if fits {
                        count += 1;
                        for (i, tally) in mines.iter_mut().enumerate() {
                            *tally += u64::from(bits >> i & 1);
                        }
                    }
                }
                assert_eq!((found.count, found.mines), (count, mines), "seed {seed}, region {region:?}");
            }
        }
    }

    /// Every tile a rung proves safe is safe, on positions whose hidden layout is known.
    #[test]
    fn what_the_ladder_proves_is_true() {
        for seed in 0..300 {
            let (cells, mine) = position(7, 6, 8, seed);
            let view = BoardView { width: 7, height: 6, mines: 8, cells: &cells };
            for ladder in Ladder::ALL {
                for step in next_moves(&view, ladder, FirstClickRule::Safe).unwrap() {
                    let cell = step.row * 7 + step.column;
                    if step.reason.rule.is_certain() {
                        assert!(!mine[cell], "seed {seed}, {ladder:?} called {cell} safe");
                    }
                    assert!(covered(cells[cell]));
                }
            }
        }
    }

    #[test]
    fn the_write_ups_eleven_layout_example() {
        // A first click that opened 3 x 3, a 3 in the middle of its top side: the rules prove
        // its three mines; the other 13 border tiles have 11 layouts, the best tiles a mine in 2
        // of them (82% safe, the write-up's figure). Weighted by the cells off the border (an
        // expert board), the best tile is safer than that.
        let board =
            crate::text::parse(include_str!("../fuzz/seeds/mines-board/mines-write-up-eleven-layouts.txt"))
                .unwrap();
        let view = board.view();
        let tank = tank_view(&view).unwrap();
        assert_eq!(tank.rule_mines, vec![5 * 30 + 13, 5 * 30 + 14, 5 * 30 + 15]);
        assert_eq!(tank.regions.len(), 1);
        let region = &tank.regions[0];
        assert_eq!((region.tiles.len(), region.layouts), (13, 11));
        let mut counts = region.mines.clone();
        counts.sort_unstable();
        assert_eq!(counts, vec![2, 2, 2, 2, 2, 2, 3, 6, 6, 6, 6, 7, 10]);
        let exact = crate::analyze(&view, crate::solver::DEFAULT_NODE_BUDGET).unwrap();
        let best = region.tiles.iter().filter_map(|&tile| exact.probabilities[tile]).fold(1.0f64, f64::min);
        assert!((best - 0.0852).abs() < 5e-4, "{best}");
        for (&tile, &mines) in region.tiles.iter().zip(&region.mines) {
            assert_eq!(tank.chance(tile), Some(mines as f64 / 11.0));
        }
    }

    #[test]
    fn splitting_into_regions_counts_as_the_write_up_says() {
        // Regions of 10 and 7 tiles: 2^17 against 2^10 + 2^7 combinations; searched at once the
        // layouts multiply.
        let board =
            crate::text::parse(include_str!("../fuzz/seeds/mines-board/mines-write-up-two-regions.txt"))
                .unwrap();
        let tank = tank_view(&board.view()).unwrap();
        let sizes: Vec<usize> = tank.regions.iter().map(|region| region.tiles.len()).collect();
        assert_eq!(sizes, vec![10, 7]);
        assert_eq!(tank.combinations(), (131_072.0, 1152.0));
        assert_eq!(tank.joint_layouts, tank.regions.iter().map(|region| region.layouts).product::<u64>());
        assert!(tank.joint_nodes > tank.split_nodes);
    }
}
