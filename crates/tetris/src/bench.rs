//! Measurements: many games of one policy with a confidence interval, and the evaluator's speed.

use super::board::SizeError;
use super::game::{Game, GameResult, Rules, play_game};
use super::policy::Policy;
use curio_core::parallel::map_reporting;
use curio_core::progress::{Cancelled, Progress};
use curio_core::shard::Shard;
use curio_core::stats::{Moments, game_seed};
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
}

/// What many games add up to, in sums that do not depend on the order of the games: a shard's
/// tally (written to its partial result) merges with the others' into a single run's.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlayTally {
    /// Rows cleared: count, sum and sum of squares.
    pub lines: Moments,
    /// Fewest rows in a game (`u64::MAX` before the first game).
    pub min_lines: u64,
    /// Most rows in a game.
    pub max_lines: u64,
    /// Pieces placed in all.
    pub pieces: u64,
    /// Seed-post score in all.
    pub score: u128,
    /// Games that hit the piece cap.
    pub capped_games: u64,
}

impl PlayTally {
    fn add(&mut self, result: &GameResult) {
        if self.lines.count == 0 {
            self.min_lines = u64::MAX;
        }
        self.lines.add(result.lines);
        self.min_lines = self.min_lines.min(result.lines);
        self.max_lines = self.max_lines.max(result.lines);
        self.pieces += result.pieces;
        self.score += u128::from(result.score);
        self.capped_games += u64::from(result.capped);
    }

    /// Adds another shard's games.
    pub fn merge(&mut self, other: &PlayTally) {
        if other.lines.count == 0 {
            return;
        }
        self.min_lines =
            if self.lines.count == 0 { other.min_lines } else { self.min_lines.min(other.min_lines) };
        self.lines.merge(&other.lines);
        self.max_lines = self.max_lines.max(other.max_lines);
        self.pieces = self.pieces.saturating_add(other.pieces);
        self.score = self.score.saturating_add(other.score);
        self.capped_games = self.capped_games.saturating_add(other.capped_games);
    }

    /// The report, with speed from `seconds` of wall time.
    pub fn report(&self, seconds: f64) -> PlayReport {
        let games = self.lines.count;
        let (mean_lines, ci95, sd_lines) = self.lines.mean_interval();
        let per_game = |total: f64| if games == 0 { 0.0 } else { total / games as f64 };
        PlayReport {
            games,
            mean_lines,
            ci95,
            sd_lines,
            min_lines: if games == 0 { 0 } else { self.min_lines },
            max_lines: self.max_lines,
            mean_pieces: per_game(self.pieces as f64),
            mean_score: per_game(self.score as f64),
            capped_games: self.capped_games,
            pieces_per_second: self.pieces as f64 / seconds.max(1e-9),
            seconds,
        }
    }
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
    let (tally, seconds) = play_shard(policy, rules, games, seed, max_pieces, Shard::WHOLE, progress)?;
    Ok(tally.report(seconds))
}

/// Plays one shard's games of [`play_games`] (a contiguous block of the game indices): their
/// tally and the wall time in seconds.
pub fn play_shard(
    policy: &Policy,
    rules: Rules,
    games: u64,
    seed: u64,
    max_pieces: Option<u64>,
    shard: Shard,
    progress: &mut impl Progress,
) -> Result<(PlayTally, f64), PlayError> {
    if games == 0 {
        return Err(PlayError::NoGames);
    }
    rules.board()?;
    let start = Instant::now();
    let range = shard.range(games);
    let count = range.end - range.start;
    let results: Vec<GameResult> =
        map_reporting(count as usize, progress, "games", (0, count), |offset, stop| {
            let index = range.start + offset as u64;
            play_game(policy, rules, game_seed(seed, index), max_pieces, stop).unwrap_or_default()
        })?;
    let mut tally = PlayTally::default();
    results.iter().for_each(|result| tally.add(result));
    Ok((tally, start.elapsed().as_secs_f64()))
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
    use crate::policy::Preset;
    use curio_core::progress::NoProgress;

    #[test]
    fn results_do_not_depend_on_the_thread_count() {
        let policy = Policy::new(Preset::named("dellacherie").unwrap().weights());
        let rules = Rules::benchmark(6, 10).unwrap();
        let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let first = one.install(|| play_games(&policy, rules, 20, 7, None, &mut NoProgress)).unwrap();
        let second = play_games(&policy, rules, 20, 7, None, &mut NoProgress).unwrap();
        assert_eq!(first.mean_lines, second.mean_lines);
        assert_eq!(first.sd_lines, second.sd_lines);
        assert!(first.ci95[0] <= first.mean_lines && first.mean_lines <= first.ci95[1]);
    }
}
