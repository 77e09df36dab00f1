//! The exact analysis against brute force: probabilities, layout counts under assumptions, the
//! rules' closure and contradictions, reuse after a reveal, and the chances of possible 50/50s.

use super::*;

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
                        crate::text::format(width, mines, game.cells(), None)),
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
        match crate::solver::count_layouts_assuming(&view, &plain, DEFAULT_NODE_BUDGET, &assumed) {
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
        let risk = crate::risk::LongTermRisk::new(&view, &analysis, DEFAULT_NODE_BUDGET).expect("exact");
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
    let board = crate::text::parse("mines=2\n...1\n").expect("valid board");
    let view = board.view();
    let analysis = analyze(&view, DEFAULT_NODE_BUDGET).expect("consistent");
    let risk = crate::risk::LongTermRisk::new(&view, &analysis, DEFAULT_NODE_BUDGET).expect("exact");
    for cell in [0, 1] {
        assert!((risk.influence(cell) - 0.5).abs() < 1e-12, "cell {cell}: {}", risk.influence(cell));
    }
    // With one mine it is the certain mine at cell 2, so no 50/50 can form.
    let board = crate::text::parse("mines=1\n...1\n").expect("valid board");
    let view = board.view();
    let analysis = analyze(&view, DEFAULT_NODE_BUDGET).expect("consistent");
    let risk = crate::risk::LongTermRisk::new(&view, &analysis, DEFAULT_NODE_BUDGET).expect("exact");
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
        let sorted = |list: &[(usize, crate::solver::Rule)]| {
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
    use crate::solver::{SolveError, UnmetReason};
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
        let mut reveal = crate::solver::Reveal::new(&BoardView { cells: &imagined, ..view }, &base, cell);
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
            let possible = crate::guess::possible_values(&view, &analysis, cell);
            for value in (0..=8u8).filter(|value| !possible.contains(value)) {
                imagined[cell] = Cell::Revealed(value);
                let after = BoardView { cells: &imagined, ..view };
                prop_assert!(analyze(&after, DEFAULT_NODE_BUDGET).is_err(), "cell {cell} can show {value}, outside {possible:?}");
            }
            imagined[cell] = game.cells()[cell];
        }
    }
}
