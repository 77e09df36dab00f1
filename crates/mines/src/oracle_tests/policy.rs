//! The move policy against brute force and naive search: certain moves never lose, the endgame
//! search equals minimax, the two-move score, forced 50/50s and isolated regions.

use super::*;

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
        match crate::endgame::best_move(&view, &crate::endgame::EndgameLimits::default()) {
            None => prop_assert_eq!(layouts.len(), 1, "search gave up on {} layouts", layouts.len()),
            Some(found) => {
                prop_assert_eq!(found.layouts, layouts.len());
                prop_assert!((found.win_probability - expected).abs() < 1e-9,
                    "search {} minimax {}\n{}", found.win_probability, expected, crate::text::format(width, mines, game.cells(), None));
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
        let (layouts, group) = crate::endgame::layout_groups(&view).expect("a small board is listed");
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
            let got = crate::guess::two_move_score(&view, &analysis, cell, weight, DEFAULT_NODE_BUDGET);
            prop_assert!((got - expected).abs() < 1e-9, "cell {cell}: score {got}, brute force {expected}\n{}",
                crate::text::format(width, mines, game.cells(), None));
            best_expected = best_expected.max(expected);
        }
        // The pruned search over every candidate still finds the best score.
        let settings = crate::guess::LookaheadSettings {
            cutoff: 0.0, max_frontier: 64, off_frontier_cutoff: 0.0, best_weight: weight, risk_weight: 0.0,
        };
        let chosen = crate::guess::lookahead(&view, &analysis, &settings, DEFAULT_NODE_BUDGET);
        let chosen_score = crate::guess::two_move_score(&view, &analysis, chosen, weight, DEFAULT_NODE_BUDGET);
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
        let Some(cell) = crate::guess::forced_fifty_fifty(&view, &analysis) else { continue };
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
    let limits = crate::endgame::EndgameLimits::default();
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
        let Some(found_move) = crate::endgame::isolated_region_move(&view, &analysis, &limits) else {
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
            crate::text::format(width, mines, &cells, None)
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
