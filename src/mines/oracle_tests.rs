//! Oracle tests: the solver against brute-force enumeration of every mine layout.

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
fn brute_force(view: &BoardView<'_>) -> Option<(Vec<Option<f64>>, u64)> {
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
fn random_game(width: usize, height: usize, mines: usize, seed: u64, clicks: usize) -> Game {
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
fn game_in_play(
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
fn small_game(
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
fn certain_cells(always: bool) -> SolveOptions {
    let certain_cells = if always { CertainCells::Always } else { CertainCells::WhenTooBig };
    SolveOptions { certain_cells, ..SolveOptions::default() }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn probabilities_equal_brute_force(
        width in 2usize..=5, height in 2usize..=6, density in 0.05f64..0.45, seed in any::<u64>(), clicks in 1usize..=4,
    ) {
        let in_play = game_in_play(width, height, density, seed, clicks);
        prop_assume!(in_play.is_some());
        let (game, mines) = in_play.expect("in play");
        let view = BoardView { width, height, mines, cells: game.cells() };
        let Some((expected, layouts)) = brute_force(&view) else { return Ok(()) };
        let layout = game.mine_layout().expect("layout");
        // Combined as they are, tilted as big boards are (see `combine_tilted`), and with the
        // certain cells taken out, as boards with components too big to count are.
        for (tilted, without_certain) in [(false, false), (true, false), (false, true), (true, true)] {
            let options = SolveOptions { always_tilt: tilted, ..certain_cells(without_certain) };

            let analysis = analyze_with(&view, options).expect("consistent board");
            prop_assert!(analysis.exact);
            prop_assert!((analysis.log_layouts - (layouts as f64).ln()).abs() < 1e-9,
                "tilted {tilted}, without certain {without_certain}, layouts: solver {} brute force {layouts}", analysis.log_layouts.exp());
            for (index, (got, want)) in analysis.probabilities.iter().zip(&expected).enumerate() {
                match (got, want) {
                    (Some(got), Some(want)) => prop_assert!((got - want).abs() < 1e-9,
                        "tilted {tilted}, without certain {without_certain}, cell {index}: solver {got} brute force {want}\n{}",
                        super::text::format(width, mines, game.cells(), None)),
                    (None, None) => {}
                    _ => prop_assert!(false, "cell {index}: covered mismatch"),
                }
            }
            for &cell in &analysis.safe {
                prop_assert!(!layout[cell], "tilted {tilted}: cell {cell} called safe is a mine");
                prop_assert_eq!(expected[cell], Some(0.0));
            }
            for &cell in &analysis.mines {
                prop_assert!(layout[cell], "tilted {tilted}: cell {cell} called a mine is safe");
            }
        }
        let deductions = deduce(&view).expect("consistent");
        for (cell, _) in deductions.safe {
            prop_assert!(!layout[cell] && expected[cell] == Some(0.0), "rule called mine {cell} safe");
        }
        for (cell, _) in deductions.mines {
            prop_assert!(layout[cell] && expected[cell] == Some(1.0), "rule called safe {cell} a mine");
        }
    }
}

#[test]
fn a_big_board_with_many_frontier_mines_is_analysed() {
    // 150x100 with 2,250 mines and 400 cells clicked: the weights C(u, M − m) of the possible
    // frontier totals span about 1,000 natural-log units, more than f64 holds, so the counts are
    // tilted. Before, the board was called inconsistent.
    for seed in [1, 2] {
        let game = random_game(150, 100, 2250, seed, 400);
        assert_eq!(game.status(), GameStatus::Playing);
        let view = BoardView { width: 150, height: 100, mines: 2250, cells: game.cells() };
        let analysis = analyze(&view, DEFAULT_NODE_BUDGET).expect("a board from a real layout is consistent");
        let layout = game.mine_layout().expect("layout");
        // The expected number of mines over all covered cells is the mine count.
        let expected: f64 = analysis.probabilities.iter().flatten().sum();
        assert!((expected - 2250.0).abs() < 1e-6, "seed {seed}: probabilities sum to {expected}");
        assert!(analysis.safe.iter().all(|&cell| !layout[cell]), "seed {seed}: a mine called safe");
        assert!(analysis.mines.iter().all(|&cell| layout[cell]), "seed {seed}: a safe cell called a mine");
        assert!(!analysis.safe.is_empty() && !analysis.mines.is_empty());
    }
}

/// A layout is drawn for a big board whose totals are tilted (150x100 with 2,250 mines and 30
/// openings, called inconsistent before the tilt) and for a board of 1000x1000 cells, uniformly;
/// and, not uniformly, for a board whose analysis is only approximate (a component too big to
/// count): each fits every number and holds every mine.
#[test]
fn layouts_are_drawn_for_big_boards() {
    let mut positions = Vec::new();
    for (width, height, mines, openings) in [(150, 100, 2250, 30), (1000, 1000, 150_000, 100)] {
        let config = BoardConfig::new(width, height, mines, FirstClickRule::None).expect("valid");
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        let mut layout = vec![true; mines];
        layout.resize(width * height, false);
        layout.shuffle(&mut rng);
        let mut game = Game::with_mines(config, layout.clone());
        let mut zeros: Vec<usize> = (0..width * height)
            .filter(|&cell| !layout[cell] && neighbours(width, height, cell).all(|n| !layout[n]))
            .collect();
        zeros.shuffle(&mut rng);
        for &cell in zeros.iter().take(openings) {
            game.reveal(cell / width, cell % width).expect("a safe cell");
        }
        positions.push((game, true));
    }
    // 150x100 with 2,250 mines and 400 random clicks: a component goes over the node budget,
    // and with the certain cells in (no second try without them) it stays so.
    positions.push((random_game(150, 100, 2250, 1, 400), false));
    // The same position with its certain cells taken out: every component is counted.
    positions.push((random_game(150, 100, 2250, 1, 400), true));
    for (game, exact) in positions {
        let options = if exact { SolveOptions::default() } else { super::solver::tests::keeping_certain() };
        let BoardConfig { width, height, mines, .. } = game.config();
        let view = BoardView { width, height, mines, cells: game.cells() };
        assert_eq!(analyze_with(&view, options).expect("consistent").exact, exact, "{width}x{height}");
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
        let drawn = sample_layout_with(&view, options, &mut rng).expect("a layout fits");
        assert_eq!(drawn.uniform, exact, "{width}x{height}");
        assert_eq!(drawn.mines.iter().filter(|&&mine| mine).count(), mines, "{width}x{height}");
        for (cell, state) in game.cells().iter().enumerate() {
            if let Cell::Revealed(number) = state {
                let around = neighbours(width, height, cell).filter(|&n| drawn.mines[n]).count();
                assert!(
                    !drawn.mines[cell] && around == usize::from(*number),
                    "{width}x{height}: cell {cell}"
                );
            }
        }
    }
}

#[test]
fn first_click_zero_probabilities_match_the_formula() {
    // P(first click is a zero) with a safe first click = C(n-k-1, M) / C(n-1, M) (research §6).
    let config = BoardConfig::parse_level("expert", FirstClickRule::Safe).unwrap();
    let games = 4000;
    for (row, column, expected) in [(0, 0, 0.4985), (0, 10, 0.3125), (8, 15, 0.1545)] {
        let zeros = (0..games)
            .filter(|&seed| {
                let mut game = Game::new(config, seed);
                game.reveal(row, column).unwrap();
                game.cell(row, column) == Cell::Revealed(0)
            })
            .count();
        let rate = zeros as f64 / games as f64;
        // 4000 samples: standard error <= 0.008; allow 4 of them.
        assert!((rate - expected).abs() < 0.032, "({row},{column}): {rate} vs {expected}");
    }
}

#[test]
fn no_move_called_certain_ever_loses_and_stated_risks_come_true() {
    let solver = Policy::default();
    let mut certain_moves = 0usize;
    // Mines expected over the risky reveals (the sum of the stated probabilities) against mines hit.
    let mut calibration = Calibration::default();
    let mut seed = 0;
    let config = BoardConfig::parse_level("expert", FirstClickRule::Safe).unwrap();
    while certain_moves < 100_000 {
        let mut game = Game::new(config, seed);
        seed += 1;
        while game.status() == GameStatus::Playing {
            let view = BoardView { width: 30, height: 16, mines: 99, cells: game.cells() };
            let moves = solver.next_moves(&view, config.rule).expect("solvable");
            for item in moves {
                let certain = item.reason.rule.is_certain();
                if item.action == Action::Reveal {
                    game.reveal(item.row, item.column).unwrap();
                    if certain {
                        certain_moves += 1;
                        assert_ne!(game.status(), GameStatus::Lost, "certain move lost, seed {}", seed - 1);
                    } else {
                        calibration.reveal(item.reason.probability, game.status() == GameStatus::Lost);
                    }
                }
                if game.status() != GameStatus::Playing {
                    break;
                }
            }
        }
    }
    // The oracle tests check the probabilities on small boards; on these full-size games (682 of
    // them, about 398 mines expected, standard deviation 17) the mines hit must match the stated
    // chances within 4 standard deviations, which a bias of a fifth in the probabilities of the
    // risky reveals would break. The seeds are fixed, so every run plays the same games.
    let z = calibration.mines_z().expect("risky reveals");
    assert!(z.abs() < 4.0, "{calibration:?} (z {z:.2}) over {seed} games");
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

/// Positions of games in play on boards up to 4x4 with at most 9 covered cells, few enough for
/// naive minimax: (width, height, mines, game).
fn endgame_positions() -> impl Strategy<Value = (usize, usize, usize, Game)> {
    (2usize..=4, 2usize..=4, 1usize..=4, any::<u64>(), 2usize..=6).prop_filter_map(
        "no game in play with at most 9 covered cells",
        |(width, height, mines, seed, clicks)| {
            small_game((width, height, mines), seed, clicks, 9).map(|(game, _)| (width, height, mines, game))
        },
    )
}

/// Best chance of winning by naive minimax over visible boards: try every covered cell, split
/// the layouts by what it would show, recurse.
fn minimax_win_chance(width: usize, height: usize, cells: &mut Vec<Cell>, layouts: &[Vec<bool>]) -> f64 {
    if layouts.len() <= 1 {
        return layouts.len() as f64;
    }
    let mut best = 0.0f64;
    for cell in 0..cells.len() {
        if !matches!(cells[cell], Cell::Covered) || layouts.iter().all(|l| l[cell]) {
            continue;
        }
        best = best.max(chance_after(width, height, cells, layouts, cell));
    }
    best
}

/// Best chance of winning when `cell` is revealed first, by naive minimax.
fn chance_after(
    width: usize,
    height: usize,
    cells: &mut Vec<Cell>,
    layouts: &[Vec<bool>],
    cell: usize,
) -> f64 {
    let mut chance = 0.0;
    for value in 0..=8u8 {
        let group: Vec<Vec<bool>> = layouts
            .iter()
            .filter(|l| {
                !l[cell] && neighbours(width, height, cell).filter(|&n| l[n]).count() == usize::from(value)
            })
            .cloned()
            .collect();
        if group.is_empty() {
            continue;
        }
        cells[cell] = Cell::Revealed(value);
        chance +=
            group.len() as f64 / layouts.len() as f64 * minimax_win_chance(width, height, cells, &group);
        cells[cell] = Cell::Covered;
    }
    chance
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn endgame_search_equals_naive_minimax((width, height, mines, game) in endgame_positions()) {
        let view = BoardView { width, height, mines, cells: game.cells() };
        let layouts = all_layouts(&view);
        let mut cells = game.cells().to_vec();
        let expected = minimax_win_chance(width, height, &mut cells, &layouts);
        match super::endgame::best_move(&view, &super::endgame::EndgameLimits::default()) {
            None => prop_assert_eq!(layouts.len(), 1, "search gave up on {} layouts", layouts.len()),
            Some(found) => {
                prop_assert_eq!(found.layouts, layouts.len());
                prop_assert!((found.win_probability - expected).abs() < 1e-9,
                    "search {} minimax {}\n{}", found.win_probability, expected, super::text::format(width, mines, game.cells(), None));
                // The chosen cell achieves the optimum.
                let cell = found.cell;
                let chance = chance_after(width, height, &mut cells, &layouts, cell);
                prop_assert!((chance - expected).abs() < 1e-9, "chosen cell {cell} wins {chance}, best {expected}");
            }
        }
    }

    #[test]
    fn conflict_groups_bound_best_play((width, height, mines, game) in endgame_positions()) {
        let view = BoardView { width, height, mines, cells: game.cells() };
        let (layouts, group) = super::endgame::layout_groups(&view).expect("a small board is listed");
        // The same layouts as brute force.
        let mut expected = all_layouts(&view);
        let mut sorted = layouts.clone();
        sorted.sort();
        expected.sort();
        prop_assert_eq!(&sorted, &expected);
        // Two layouts of one group conflict: every covered cell safe in both shows one number.
        let shows = |layout: &[bool], cell: usize| neighbours(width, height, cell).filter(|&n| layout[n]).count();
        for first in 0..layouts.len() {
            for second in first + 1..layouts.len() {
                if group[first] != group[second] {
                    continue;
                }
                for cell in 0..width * height {
                    let common_safe = matches!(view.cells[cell], Cell::Covered | Cell::Flagged)
                        && !layouts[first][cell]
                        && !layouts[second][cell];
                    prop_assert!(!common_safe || shows(&layouts[first], cell) == shows(&layouts[second], cell),
                        "layouts {first} and {second} share group {} but cell {cell} tells them apart", group[first]);
                }
            }
        }
        // So best play wins at most one layout per group.
        let mut groups = group.clone();
        groups.sort_unstable();
        groups.dedup();
        let mut cells = game.cells().to_vec();
        let wins = minimax_win_chance(width, height, &mut cells, &layouts) * layouts.len() as f64;
        prop_assert!(wins <= groups.len() as f64 + 1e-9, "best play wins {wins} of {} layouts in {} groups", layouts.len(), groups.len());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn two_move_score_equals_brute_force(
        width in 2usize..=4, height in 2usize..=4, mines in 1usize..=4, seed in any::<u64>(), clicks in 1usize..=4,
    ) {
        let small = small_game((width, height, mines), seed, clicks, 12);
        prop_assume!(small.is_some());
        let (game, covered) = small.expect("assumed");
        let view = BoardView { width, height, mines, cells: game.cells() };
        let layouts = all_layouts(&view);
        let analysis = analyze(&view, DEFAULT_NODE_BUDGET).expect("consistent");
        let weight = 0.8;
        let mut best_expected = 0.0f64;
        for &cell in &covered {
            let mut expected = 0.0;
            for value in 0..=8usize {
                let group: Vec<&Vec<bool>> = layouts.iter().filter(|l| !l[cell]
                    && neighbours(width, height, cell).filter(|&n| l[n]).count() == value).collect();
                if group.is_empty() { continue; }
                // Safety of each covered cell once `cell` shows `value`; a mine is never a choice.
                let others: Vec<usize> = covered.iter().copied().filter(|&other| other != cell).collect();
                let safety = |other: usize| group.iter().filter(|l| !l[other]).count() as f64 / group.len() as f64;
                // Dead: every covered neighbour is certain, so the cell's number is already known.
                let dead = |other: usize| neighbours(width, height, other)
                    .filter(|n| others.contains(n))
                    .all(|n| safety(n) == 0.0 || safety(n) == 1.0);
                let (mut living, mut dead_safeties): (Vec<f64>, Vec<f64>) = (Vec::new(), Vec::new());
                for &other in others.iter().filter(|&&other| safety(other) > 0.0) {
                    if dead(other) { dead_safeties.push(safety(other)) } else { living.push(safety(other)) }
                }
                living.sort_by(|a, b| b.total_cmp(a));
                let next = match living.as_slice() {
                    [first, second, ..] if *first == 1.0 && *second == 1.0 => 1.0,
                    [] => dead_safeties.into_iter().reduce(f64::max).unwrap_or(1.0),
                    [first] => weight * first,
                    [first, second, ..] => weight * first + (1.0 - weight) * second,
                };
                expected += group.len() as f64 / layouts.len() as f64 * next;
            }
            let got = super::guess::two_move_score(&view, &analysis, cell, weight, DEFAULT_NODE_BUDGET);
            prop_assert!((got - expected).abs() < 1e-9, "cell {cell}: score {got}, brute force {expected}\n{}",
                super::text::format(width, mines, game.cells(), None));
            best_expected = best_expected.max(expected);
        }
        // The pruned search over every candidate still finds the best score.
        let settings = super::guess::LookaheadSettings {
            cutoff: 0.0, max_frontier: 64, off_frontier_cutoff: 0.0, best_weight: weight, risk_weight: 0.0,
        };
        let chosen = super::guess::lookahead(&view, &analysis, &settings, DEFAULT_NODE_BUDGET);
        let chosen_score = super::guess::two_move_score(&view, &analysis, chosen, weight, DEFAULT_NODE_BUDGET);
        prop_assert!((chosen_score - best_expected).abs() < 1e-9, "lookahead chose {chosen} scoring {chosen_score}, best {best_expected}");
    }
}

#[test]
fn forced_fifty_fifty_is_unavoidable_and_best_guessed_first() {
    let mut found = 0;
    for seed in 0..20_000u64 {
        let (width, height, mines) = (3 + (seed % 2) as usize, 4, 2 + (seed % 3) as usize);
        let game = random_game(width, height, mines, seed, 3 + (seed % 5) as usize);
        if game.status() != GameStatus::Playing {
            continue;
        }
        let view = BoardView { width, height, mines, cells: game.cells() };
        let covered = game.cells().iter().filter(|c| matches!(c, Cell::Covered)).count();
        let Ok(analysis) = analyze(&view, DEFAULT_NODE_BUDGET) else { continue };
        if !analysis.safe.is_empty() || covered > 12 {
            continue;
        }
        let Some(cell) = super::guess::forced_fifty_fifty(&view, &analysis) else { continue };
        found += 1;
        let layouts = all_layouts(&view);
        let mut cells = game.cells().to_vec();
        let best = minimax_win_chance(width, height, &mut cells, &layouts);
        assert!(best <= 0.5 + 1e-9, "a forced 50/50 cannot be won more than half the time: {best}");
        let first = chance_after(width, height, &mut cells, &layouts, cell);
        assert!((first - best).abs() < 1e-9, "guessing the 50/50 first wins {first}, best play {best}");
    }
    assert!(found >= 5, "only {found} forced 50/50s found");
}

/// A board with every mine and a random share of the safe cells covered, the rest revealed: its
/// covered cells fall into small closed pockets.
fn pocket_board(width: usize, height: usize, mines: usize, seed: u64) -> Vec<Cell> {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut layout = vec![true; mines];
    layout.resize(width * height, false);
    layout.shuffle(&mut rng);
    let mut order: Vec<usize> = (0..width * height).filter(|&i| !layout[i]).collect();
    order.shuffle(&mut rng);
    let hidden = order.len() / 4 + (seed % 3) as usize;
    (0..width * height)
        .map(|i| {
            if layout[i] || order[..hidden.min(order.len())].contains(&i) {
                Cell::Covered
            } else {
                Cell::Revealed(neighbours(width, height, i).filter(|&n| layout[n]).count() as u8)
            }
        })
        .collect()
}

#[test]
fn isolated_region_move_is_a_best_move() {
    let limits = super::endgame::EndgameLimits::default();
    let (mut found, mut proper) = (0, 0);
    for seed in 0..6_000u64 {
        let (width, height, mines) = (5 + (seed % 3) as usize, 4, 3 + (seed / 3 % 3) as usize);
        let cells = pocket_board(width, height, mines, seed);
        let view = BoardView { width, height, mines, cells: &cells };
        let covered = cells.iter().filter(|c| matches!(c, Cell::Covered)).count();
        let Ok(analysis) = analyze(&view, DEFAULT_NODE_BUDGET) else { continue };
        if covered > 12 {
            continue;
        }
        // Safe cells elsewhere do not matter: they tell nothing about an isolated region.
        let Some(found_move) = super::endgame::isolated_region_move(&view, &analysis, &limits) else {
            continue;
        };
        found += 1;
        let undecided =
            (0..width * height).filter(|&i| analysis.probabilities[i].is_some_and(|p| p < 1.0)).count();
        let region = analysis.component_of[found_move.cell].map_or(0, |c| {
            (0..width * height)
                .filter(|&i| {
                    analysis.component_of[i] == Some(c) && analysis.probabilities[i].is_some_and(|p| p < 1.0)
                })
                .count()
        });
        if region < undecided {
            proper += 1;
        }
        let layouts = all_layouts(&view);
        let mut cells = cells.clone();
        let best = minimax_win_chance(width, height, &mut cells, &layouts);
        let chosen = chance_after(width, height, &mut cells, &layouts, found_move.cell);
        assert!(
            (chosen - best).abs() < 1e-9,
            "region move {} wins {chosen}, best play {best}\n{}",
            found_move.cell,
            super::text::format(width, mines, &cells, None)
        );
        assert!(
            found_move.win_probability >= best - 1e-9,
            "a region alone is won at least as often as the board"
        );
    }
    assert!(
        found >= 20 && proper >= 10,
        "only {found} isolated regions found ({proper} smaller than the board)"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    /// Every drawn layout agrees with the board, and each cell is a mine about as often as its
    /// exact probability says (600 draws: within 6 standard deviations).
    #[test]
    fn sampled_layouts_fit_and_follow_the_probabilities(
        width in 2usize..=5, height in 2usize..=4, mines in 1usize..=6, seed in any::<u64>(), clicks in 1usize..=3,
    ) {
        let small = small_game((width, height, mines), seed, clicks, 14);
        prop_assume!(small.is_some());
        let (game, _) = small.expect("assumed");
        let view = BoardView { width, height, mines, cells: game.cells() };
        let layouts = all_layouts(&view);
        let (probabilities, _) = brute_force(&view).expect("small board");
        let draws = 600;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut mine_counts = vec![0usize; width * height];
        for _ in 0..draws {
            let drawn = sample_layout(&view, DEFAULT_NODE_BUDGET, &mut rng).expect("consistent board");
            prop_assert!(drawn.uniform);
            let layout = drawn.mines;
            prop_assert!(layouts.contains(&layout), "drawn layout {layout:?} does not fit the board");
            for (cell, &mine) in layout.iter().enumerate() {
                mine_counts[cell] += usize::from(mine);
            }
        }
        for (cell, probability) in probabilities.iter().enumerate() {
            let Some(p) = probability else { continue };
            let frequency = mine_counts[cell] as f64 / draws as f64;
            let tolerance = 6.0 * (p * (1.0 - p) / draws as f64).sqrt() + 1e-12;
            prop_assert!((frequency - p).abs() <= tolerance, "cell {cell}: drawn {frequency}, exact {p}");
        }
    }
}

/// Every layout that fits a board is drawn equally often, with the components combined as they
/// are and tilted as on big boards: on a position of one component where one mine total has
/// layouts of different boxes (so the draw among them is tested too), and on one of two such
/// components with mines off the frontier, 100 draws per layout land within 6 standard
/// deviations of 100 each.
#[test]
fn sampled_layouts_are_uniform() {
    // Numbers 1 2 1 on the top row: with 3 mines next to them, either the cells left of the 2
    // and below it and one right of it, or one right of the 1 on the left, below the 2 and right
    // of the 1 on the right. The second board puts two of them far enough apart to make two
    // components, and a row off the frontier.
    let boards =
        [("mines=4\n1.2.1\n.....\n.....\n", 1), ("mines=5\n1.2.1..1.2.1\n............\n............\n", 2)];
    for (content, components) in boards {
        let board = super::text::parse(content).expect("a valid board");
        let view = board.view();
        let layouts = all_layouts(&view);
        let analysis = analyze(&view, DEFAULT_NODE_BUDGET).expect("consistent board");
        assert_eq!(analysis.component_sizes.len(), components, "{content:?}");
        for tilted in [false, true] {
            let options = SolveOptions { always_tilt: tilted, ..SolveOptions::default() };
            let draws = 100 * layouts.len();
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
            let mut counts = vec![0usize; layouts.len()];
            for _ in 0..draws {
                let drawn = sample_layout_with(&view, options, &mut rng).expect("consistent board");
                assert!(drawn.uniform);
                let layout = drawn.mines;
                let index = layouts.iter().position(|l| *l == layout).expect("a layout that fits");
                counts[index] += 1;
            }
            let expected = draws as f64 / layouts.len() as f64;
            let sigma = (expected * (1.0 - 1.0 / layouts.len() as f64)).sqrt();
            for (index, &count) in counts.iter().enumerate() {
                assert!(
                    (count as f64 - expected).abs() <= 6.0 * sigma,
                    "{content:?}, tilted {tilted}, layout {index} of {}: {count} draws, expected {expected}",
                    layouts.len()
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn assumed_layout_counts_equal_brute_force(
        width in 2usize..=4, height in 2usize..=4, mines in 1usize..=5, seed in any::<u64>(), clicks in 1usize..=3,
        picks in proptest::collection::vec((any::<prop::sample::Index>(), any::<bool>()), 1..=3),
        without_certain in any::<bool>(),
    ) {
        // A base analysed without its certain cells counts the assumptions without them too,
        // an assumption on a certain cell holding in every layout or in none.
        let options = certain_cells(without_certain);
        let small = small_game((width, height, mines), seed, clicks, 14);
        prop_assume!(small.is_some());
        let (game, covered) = small.expect("assumed");
        let view = BoardView { width, height, mines, cells: game.cells() };
        let mut assumed: Vec<(usize, bool)> = Vec::new();
        for (index, mine) in picks {
            let cell = covered[index.index(covered.len())];
            if !assumed.iter().any(|&(known, _)| known == cell) {
                assumed.push((cell, mine));
            }
        }
        let layouts = all_layouts(&view);
        let fitting = layouts.iter().filter(|l| assumed.iter().all(|&(cell, mine)| l[cell] == mine)).count();
        let plain = analyze_with(&view, options).expect("consistent");
        match super::solver::count_layouts_assuming(&view, &plain, DEFAULT_NODE_BUDGET, &assumed) {
            Ok((log_layouts, exact)) => {
                prop_assert!(exact);
                let expected = fitting as f64 / layouts.len() as f64;
                let got = (log_layouts - plain.log_layouts).exp();
                prop_assert!((got - expected).abs() < 1e-9, "assumed {assumed:?}: {got}, brute force {expected}");
            }
            Err(error) => prop_assert!(fitting == 0, "assumed {assumed:?}: {error}, but {fitting} layouts fit"),
        }
    }

    #[test]
    fn possible_fifty_fifty_chances_equal_brute_force(
        width in 2usize..=5, height in 2usize..=4, mines in 2usize..=7, seed in any::<u64>(), clicks in 1usize..=3,
        without_certain in any::<bool>(),
    ) {
        let options = certain_cells(without_certain);
        let small = small_game((width, height, mines), seed, clicks, 14);
        prop_assume!(small.is_some());
        let (game, _) = small.expect("assumed");
        let view = BoardView { width, height, mines, cells: game.cells() };
        let layouts = all_layouts(&view);
        let analysis = analyze_with(&view, options).expect("consistent");
        let risk = super::risk::LongTermRisk::new(&view, &analysis, DEFAULT_NODE_BUDGET).expect("exact");
        for (assumed_mines, assumed_safe, chance) in risk.patterns(3) {
            let fitting = layouts
                .iter()
                .filter(|l| assumed_mines.iter().all(|&c| l[c]) && assumed_safe.iter().all(|&c| !l[c]))
                .count();
            let expected = fitting as f64 / layouts.len() as f64;
            prop_assert!((chance - expected).abs() < 1e-9,
                "mines {assumed_mines:?} safe {assumed_safe:?}: {chance}, brute force {expected}");
        }
        for cell in 0..width * height {
            if let Some(p) = analysis.probabilities[cell] {
                let influence = risk.influence(cell);
                prop_assert!(influence >= 0.0 && influence <= p.min(1.0 - p) + 1e-12, "cell {cell}: {influence}, p {p}");
            }
        }
    }
}

/// A 2-tile 50/50 that has already formed on a one-row board: its cells' influence is 1/2.
#[test]
fn a_formed_fifty_fifty_has_influence_one_half() {
    // Cells 0 and 1 hold one mine; cell 2 is a certain mine (the 1 at cell 3 sees only it).
    let board = super::text::parse("mines=2\n...1\n").expect("valid board");
    let view = board.view();
    let analysis = analyze(&view, DEFAULT_NODE_BUDGET).expect("consistent");
    let risk = super::risk::LongTermRisk::new(&view, &analysis, DEFAULT_NODE_BUDGET).expect("exact");
    for cell in [0, 1] {
        assert!((risk.influence(cell) - 0.5).abs() < 1e-12, "cell {cell}: {}", risk.influence(cell));
    }
    // With one mine it is the certain mine at cell 2, so no 50/50 can form.
    let board = super::text::parse("mines=1\n...1\n").expect("valid board");
    let view = board.view();
    let analysis = analyze(&view, DEFAULT_NODE_BUDGET).expect("consistent");
    let risk = super::risk::LongTermRisk::new(&view, &analysis, DEFAULT_NODE_BUDGET).expect("exact");
    assert_eq!(risk.influence(0), 0.0);
}

/// The cells the trivial and subset rules settle, by the plainest fixed point: every number
/// against every other until nothing changes. Returns (safe, mines), sorted.
fn naive_rule_closure(view: &BoardView<'_>) -> (Vec<usize>, Vec<usize>) {
    // 0 undetermined, 1 safe, 2 mine.
    let mut known = vec![0u8; view.cells.len()];
    loop {
        let reduced: Vec<(Vec<usize>, usize)> = (0..view.cells.len())
            .filter_map(|index| {
                let Cell::Revealed(number) = view.cells[index] else { return None };
                let covered: Vec<usize> = neighbours(view.width, view.height, index)
                    .filter(|&n| matches!(view.cells[n], Cell::Covered | Cell::Flagged))
                    .collect();
                let mines = covered.iter().filter(|&&n| known[n] == 2).count();
                let open: Vec<usize> = covered.into_iter().filter(|&n| known[n] == 0).collect();
                (!open.is_empty()).then(|| (open, usize::from(number).saturating_sub(mines)))
            })
            .collect();
        let mut settle = Vec::new();
        for (cells, mines) in &reduced {
            if *mines == 0 {
                settle.extend(cells.iter().map(|&c| (c, 1)));
            } else if *mines == cells.len() {
                settle.extend(cells.iter().map(|&c| (c, 2)));
            }
            for (other, other_mines) in &reduced {
                if cells.len() >= other.len() || !cells.iter().all(|c| other.contains(c)) {
                    continue;
                }
                let rest = other.iter().filter(|c| !cells.contains(c));
                match other_mines.checked_sub(*mines) {
                    Some(0) => settle.extend(rest.map(|&c| (c, 1))),
                    Some(extra) if extra == other.len() - cells.len() => settle.extend(rest.map(|&c| (c, 2))),
                    _ => {}
                }
            }
        }
        if settle.is_empty() {
            break;
        }
        for (cell, value) in settle {
            known[cell] = value;
        }
    }
    let of = |value| (0..known.len()).filter(|&i| known[i] == value).collect();
    (of(1), of(2))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// `deduce` propagates incrementally; it must settle exactly the cells of the plain fixed
    /// point of its two rules, each once, and each correctly.
    #[test]
    fn deduce_settles_the_closure_of_its_rules(
        width in 3usize..=16, height in 3usize..=16, density in 0.05f64..0.3, seed in any::<u64>(), clicks in 1usize..=12,
    ) {
        let in_play = game_in_play(width, height, density, seed, clicks);
        prop_assume!(in_play.is_some());
        let (game, mines) = in_play.expect("in play");
        let view = BoardView { width, height, mines, cells: game.cells() };
        let deductions = deduce(&view).expect("consistent");
        let sorted = |list: &[(usize, super::solver::Rule)]| {
            let mut cells: Vec<usize> = list.iter().map(|&(cell, _)| cell).collect();
            cells.sort_unstable();
            cells
        };
        let (safe, found_mines) = (sorted(&deductions.safe), sorted(&deductions.mines));
        prop_assert_eq!(safe.len(), deductions.safe.len(), "a safe cell reported twice");
        prop_assert_eq!((safe, found_mines), naive_rule_closure(&view));
        let layout = game.mine_layout().expect("layout");
        prop_assert!(deductions.safe.iter().all(|&(cell, _)| !layout[cell]));
        prop_assert!(deductions.mines.iter().all(|&(cell, _)| layout[cell]));
    }
}

/// A contradiction that the trivial and subset rules report is real: on small boards with one
/// number changed, `deduce` fails only where brute force finds no layout (and says so with the
/// same kind of error as the enumeration); the exact analysis fails exactly there. Both kinds of
/// unmet number come up, and most of the boards without a layout are caught by the rules.
#[test]
fn rule_contradictions_are_real() {
    use super::solver::{SolveError, UnmetReason};
    use rand::RngExt;
    let (mut inconsistent, mut caught, mut too_few, mut around) = (0, 0, 0, 0);
    for seed in 0..600u64 {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let (width, height) = (rng.random_range(3..=6), rng.random_range(3..=6));
        let Some((game, mines)) =
            game_in_play(width, height, rng.random_range(0.1..0.3), seed, rng.random_range(1..=4))
        else {
            continue;
        };
        let numbers: Vec<usize> =
            (0..width * height).filter(|&i| matches!(game.cells()[i], Cell::Revealed(_))).collect();
        let mut cells = game.cells().to_vec();
        let changed = numbers[rng.random_range(0..numbers.len())];
        let Cell::Revealed(number) = cells[changed] else { unreachable!() };
        cells[changed] = Cell::Revealed((number + rng.random_range(1..=8)) % 9);
        let view = BoardView { width, height, mines, cells: &cells };
        if cells.iter().filter(|&&cell| cell == Cell::Covered).count() > 16 {
            continue;
        }
        let Some((_, layouts)) = brute_force(&view) else { continue };
        let analysis = analyze(&view, DEFAULT_NODE_BUDGET);
        assert_eq!(analysis.is_err(), layouts == 0, "seed {seed}: {:?}", analysis.err());
        if let Err(error) = &analysis {
            assert!(error.is_inconsistent(), "seed {seed}: {error}");
            inconsistent += 1;
        }
        match deduce(&view) {
            Ok(_) => {}
            Err(error) => {
                assert_eq!(layouts, 0, "seed {seed}: {error}, but {layouts} layouts fit");
                assert_eq!(
                    Err(&error),
                    analysis.as_ref().map(|_| ()),
                    "seed {seed}: the analysis names it too"
                );
                caught += 1;
                match error {
                    SolveError::UnmetNumber { row, column, number, reason } => {
                        assert_eq!(cells[row * width + column], Cell::Revealed(number), "seed {seed}");
                        match reason {
                            UnmetReason::TooFewCovered { .. } => too_few += 1,
                            UnmetReason::ByTheNumbersAround => around += 1,
                        }
                    }
                    SolveError::Inconsistent { .. } => {}
                    error => panic!("seed {seed}: {error}"),
                }
            }
        }
    }
    assert!(too_few > 20 && around > 20, "{too_few} too few covered, {around} by the numbers around");
    assert!(caught * 2 > inconsistent, "the rules caught {caught} of {inconsistent} boards without a layout");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// The lookahead analyses each imagined reveal from the position before it, reusing the
    /// components the reveal leaves alone; that must give what a fresh analysis gives, for every
    /// number the cell could show.
    #[test]
    fn analysis_after_a_reveal_equals_a_fresh_analysis(
        width in 4usize..=16, height in 4usize..=16, density in 0.08f64..0.25, seed in any::<u64>(),
        clicks in 1usize..=10, pick in any::<usize>(), without_certain in any::<bool>(),
    ) {
        // Without its certain cells, the base has no structure to share: each number is
        // analysed afresh (`Reveal`), which must agree all the same.
        let options = certain_cells(without_certain);
        let cells = width * height;
        let in_play = game_in_play(width, height, density, seed, clicks);
        prop_assume!(in_play.is_some());
        let (game, mines) = in_play.expect("in play");
        let view = BoardView { width, height, mines, cells: game.cells() };
        let base = analyze_with(&view, options).expect("consistent");
        prop_assume!(base.exact);
        let covered: Vec<usize> = (0..cells).filter(|&i| game.cells()[i] == Cell::Covered).collect();
        let cell = covered[pick % covered.len()];
        let mut imagined = game.cells().to_vec();
        imagined[cell] = Cell::Revealed((pick % 9) as u8);
        // Preparing fails when no number fits (a number next to the cell needs it as a mine).
        let mut reveal = super::solver::Reveal::new(&BoardView { cells: &imagined, ..view }, &base, cell);
        for value in 0..=8u8 {
            imagined[cell] = Cell::Revealed(value);
            let after = BoardView { cells: &imagined, ..view };
            let fresh = analyze_with(&after, options);
            let reused = match reveal.as_mut() {
                Ok(reveal) => reveal.analyze(&after, value, DEFAULT_NODE_BUDGET),
                Err(error) => Err(error.clone()),
            };
            let (fresh, reused) = match (fresh, reused) {
                (Ok(fresh), Ok(reused)) => (fresh, reused),
                (Err(fresh), Err(reused)) => {
                    // A fresh analysis may name the unmet number where the reuse does not.
                    prop_assert!(fresh == reused || (fresh.is_inconsistent() && reused.is_inconsistent()),
                        "value {value}: fresh {fresh:?}, reused {reused:?}");
                    continue;
                }
                (fresh, reused) => {
                    prop_assert!(false, "value {value}: fresh {:?}, reused {:?}", fresh.err(), reused.err());
                    unreachable!()
                }
            };
            // Components are combined in the same order either way, so the results agree to
            // the last bit, and the lookahead chooses as it would with fresh analyses.
            prop_assert_eq!(fresh.exact, reused.exact);
            prop_assert_eq!(fresh.log_layouts, reused.log_layouts);
            prop_assert_eq!(&fresh.safe, &reused.safe);
            prop_assert_eq!(&fresh.mines, &reused.mines);
            prop_assert_eq!(&fresh.probabilities, &reused.probabilities);
            prop_assert_eq!(&fresh.component_of, &reused.component_of);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// The lookahead skips the numbers outside `possible_values`; each of them must leave the
    /// imagined board without a layout.
    #[test]
    fn skipped_numbers_have_no_layout(
        width in 3usize..=10, height in 3usize..=10, density in 0.08f64..0.3, seed in any::<u64>(), clicks in 1usize..=8,
    ) {
        let cells = width * height;
        let in_play = game_in_play(width, height, density, seed, clicks);
        prop_assume!(in_play.is_some());
        let (game, mines) = in_play.expect("in play");
        let view = BoardView { width, height, mines, cells: game.cells() };
        let analysis = analyze(&view, DEFAULT_NODE_BUDGET).expect("consistent");
        prop_assume!(analysis.exact);
        let mut imagined = game.cells().to_vec();
        for cell in (0..cells).filter(|&i| analysis.probabilities[i].is_some_and(|p| p < 1.0)) {
            let possible = super::guess::possible_values(&view, &analysis, cell);
            for value in (0..=8u8).filter(|value| !possible.contains(value)) {
                imagined[cell] = Cell::Revealed(value);
                let after = BoardView { cells: &imagined, ..view };
                prop_assert!(analyze(&after, DEFAULT_NODE_BUDGET).is_err(), "cell {cell} can show {value}, outside {possible:?}");
            }
            imagined[cell] = game.cells()[cell];
        }
    }
}
