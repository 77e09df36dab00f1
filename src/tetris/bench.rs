//! Measurements: many games of one policy with a confidence interval, and the evaluator's speed.

use super::board::SizeError;
use super::game::{Game, GameResult, Rules, play_game};
use super::policy::Policy;
use crate::parallel::map_reporting;
use crate::progress::{Cancelled, Progress};
use crate::stats::{game_seed, mean_interval};
use std::time::Instant;

/// Why a measurement stopped.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlayError {
    /// The board size is out of range.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// The run was cancelled.
    #[error("cancelled")]
    Cancelled(#[from] Cancelled),
    /// No games were asked for.
    #[error("play at least one game")]
    NoGames,
}

/// Many games of one policy.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PlayReport {
    /// Games played.
    pub games: u64,
    /// Mean rows cleared a game.
    pub mean_lines: f64,
    /// 95% confidence interval of the mean (normal approximation: mean ± 1.96 · sd / √n).
    pub ci95: [f64; 2],
    /// Standard deviation of the rows cleared.
    pub sd_lines: f64,
    /// Fewest and most rows in a game.
    pub min_lines: u64,
    /// Most rows in a game.
    pub max_lines: u64,
    /// Mean pieces a game.
    pub mean_pieces: f64,
    /// Mean seed-post score a game.
    pub mean_score: f64,
    /// Games that hit the piece cap.
    pub capped_games: u64,
    /// Pieces placed per second of wall time, all threads together.
    pub pieces_per_second: f64,
    /// Wall time.
    pub seconds: f64,
    /// Rows cleared in each game, in game order.
    pub lines: Vec<u64>,
}

/// Plays `games` games of `policy` under `rules`; game `i` draws its pieces from
/// `game_seed(seed, i)`, so every policy measured with the same seed sees the same sequences.
pub fn play_games(
    policy: &Policy,
    rules: Rules,
    games: u64,
    seed: u64,
    max_pieces: Option<u64>,
    progress: &mut impl Progress,
) -> Result<PlayReport, PlayError> {
    if games == 0 {
        return Err(PlayError::NoGames);
    }
    rules.board()?;
    let start = Instant::now();
    let results: Vec<GameResult> =
        map_reporting(games as usize, progress, "games", (0, games), |index, stop| {
            play_game(policy, rules, game_seed(seed, index as u64), max_pieces, stop).unwrap_or_default()
        })?;
    let seconds = start.elapsed().as_secs_f64();
    let lines: Vec<u64> = results.iter().map(|result| result.lines).collect();
    let as_f64: Vec<f64> = lines.iter().map(|&value| value as f64).collect();
    let (mean_lines, ci95, sd_lines) = mean_interval(&as_f64);
    let pieces: u64 = results.iter().map(|result| result.pieces).sum();
    Ok(PlayReport {
        games,
        mean_lines,
        ci95,
        sd_lines,
        min_lines: lines.iter().copied().min().unwrap_or(0),
        max_lines: lines.iter().copied().max().unwrap_or(0),
        mean_pieces: pieces as f64 / games as f64,
        mean_score: results.iter().map(|result| result.score as f64).sum::<f64>() / games as f64,
        capped_games: results.iter().filter(|result| result.capped).count() as u64,
        pieces_per_second: pieces as f64 / seconds.max(1e-9),
        seconds,
        lines,
    })
}

/// The evaluator's speed on one thread.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SpeedReport {
    /// Candidate placements scored per second (drop, clear, features, weighted sum).
    pub evaluations_per_second: f64,
    /// Pieces decided per second.
    pub pieces_per_second: f64,
    /// Mean placements scored per piece.
    pub evaluations_per_piece: f64,
    /// Pieces played.
    pub pieces: u64,
    /// Wall time.
    pub seconds: f64,
}

/// Plays `policy` on the calling thread for `pieces` pieces (new games as games end) and times it.
pub fn evaluation_speed(
    policy: &Policy,
    rules: Rules,
    pieces: u64,
    seed: u64,
) -> Result<SpeedReport, SizeError> {
    let start = Instant::now();
    let (mut played, mut evaluations, mut game_index) = (0u64, 0u64, 0u64);
    let mut game = Game::new(rules, game_seed(seed, 0))?;
    while played < pieces {
        if game.step(policy).is_none() || game.is_over() {
            evaluations += game.evaluations;
            game_index += 1;
            game = Game::new(rules, game_seed(seed, game_index))?;
            continue;
        }
        played += 1;
    }
    evaluations += game.evaluations;
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    Ok(SpeedReport {
        evaluations_per_second: evaluations as f64 / seconds,
        pieces_per_second: played as f64 / seconds,
        evaluations_per_piece: evaluations as f64 / played.max(1) as f64,
        pieces: played,
        seconds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;
    use crate::tetris::policy::Preset;

    #[test]
    fn results_do_not_depend_on_the_thread_count() {
        let policy = Policy::new(Preset::named("dellacherie").unwrap().weights());
        let rules = Rules::benchmark(6, 10).unwrap();
        let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let first = one.install(|| play_games(&policy, rules, 20, 7, None, &mut NoProgress)).unwrap();
        let second = play_games(&policy, rules, 20, 7, None, &mut NoProgress).unwrap();
        assert_eq!(first.lines, second.lines);
        assert!(first.ci95[0] <= first.mean_lines && first.mean_lines <= first.ci95[1]);
    }
}
