//! The solver against Pascal Pons's solver: positions from random games
//! (`scripts/peers/connect4-positions.py`), each line `POSITION SCORE` with the score his solver
//! gave, checked exactly and in weak mode, in the same order and with one table throughout, as
//! his command-line solver runs them. The beginning set (8-13 moves, seconds each) is left to
//! the benchmark and `scripts/peers/connect4.sh`.

use connect4::{Position, Solver};

fn check(set: &str, lines: usize) {
    let text = std::fs::read_to_string(format!("{}/tests/data/{set}.txt", env!("CARGO_MANIFEST_DIR")))
        .expect("the test set is in the repository");
    let mut solver = Solver::new();
    let mut weak = Solver::new();
    let mut checked = 0;
    for line in text.lines().take(lines) {
        let (moves, score) = line.split_once(' ').expect("POSITION SCORE");
        let score: i32 = score.parse().expect("a score");
        let position = Position::parse(moves).expect("a valid position");
        assert_eq!(solver.solve(&position), score, "{set}: {moves}");
        assert_eq!(weak.solve_weak(&position), score.signum(), "{set}, weak: {moves}");
        checked += 1;
    }
    assert_eq!(checked, lines.min(text.lines().count()));
}

#[test]
fn end_game_scores_equal_pons() {
    check("end", 200);
}

#[test]
fn middle_game_scores_equal_pons() {
    check("middle", 200);
}
