//! Random layouts that fit a position against brute force: every drawn layout fits, and each
//! comes up as often as the uniform draw says.

use super::*;

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
        let options = if exact { SolveOptions::default() } else { crate::solver::tests::keeping_certain() };
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
        let board = crate::text::parse(content).expect("a valid board");
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
