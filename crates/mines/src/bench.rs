//! Playing whole games with a [`Policy`] and measuring it: win rate with its 95% interval,
//! where games are lost, how well its stated chances match what happened, speed per move, and
//! paired comparisons of two policies on the same games.

use super::board::{BoardConfig, Game, GameStatus};
use super::policy::{Action, MoveRule, Policy, Refinement, Tuning};
use super::solver::SolveError;
use curio_core::bounds::Bounds;
use curio_core::progress::{Cancelled, Progress, check};
use curio_core::shard::Shard;
use curio_core::stats::{ExactSum, TimeHistogram, game_seed, paired_interval, wilson_interval};
use serde::{Deserialize, Serialize};

/// Games a benchmark plays: `curio mines bench --games` and the panel's benchmark.
pub const BENCH_GAMES: Bounds<u64> = Bounds::new(1, 100_000_000, 1000);

/// How one game went.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameRecord {
    /// True when won.
    pub won: bool,
    /// Reveal actions.
    pub clicks: usize,
    /// Guesses made.
    pub guesses: usize,
    /// For a lost game, the rule of the move that hit a mine.
    pub lost_on: Option<MoveRule>,
    /// The stated chances of the game's risky reveals and of its endgame, against what happened.
    pub calibration: Calibration,
    /// Wall time of each solver decision (one `next_moves` call), in microseconds.
    #[serde(skip)]
    pub decision_micros: Vec<u32>,
}

/// Plays one game to the end with `policy`.
pub fn play_game(config: BoardConfig, seed: u64, policy: &Policy) -> Result<GameRecord, SolveError> {
    let mut game = Game::new(config, seed);
    let mut guesses = 0;
    let mut lost_on = None;
    let mut calibration = Calibration::default();
    let mut decision_micros = Vec::new();
    while game.status() == GameStatus::Playing {
        let view = game.view();
        let started = std::time::Instant::now();
        let moves = policy.next_moves(&view, config.rule)?;
        decision_micros.push(started.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
        for item in moves {
            if !item.reason.rule.is_certain() && item.reason.rule != MoveRule::FirstClick {
                guesses += 1;
            }
            if item.reason.rule == MoveRule::Endgame && calibration.endgame_games == 0 {
                calibration.endgame_took_over(item.reason.win_probability.unwrap_or(0.0));
            }
            if item.action == Action::Reveal {
                let _ = game.reveal(item.row, item.column);
                calibration.reveal(item.reason.probability, game.status() == GameStatus::Lost);
            }
            if game.status() == GameStatus::Lost {
                lost_on = Some(item.reason.rule);
            }
            if game.status() != GameStatus::Playing {
                break;
            }
        }
    }
    let won = game.status() == GameStatus::Won;
    calibration.endgame_wins = u64::from(won && calibration.endgame_games > 0);
    Ok(GameRecord { won, clicks: game.clicks(), guesses, lost_on, calibration, decision_micros })
}

/// Lost games by the rule of the move that hit a mine: where a benchmark's games are lost.
/// Endgame, forced 50/50 and isolated-region moves are provably best in the position reached, so
/// only losses on `guess` (least risk refined by the lookahead) and `first_click` moves could
/// have been avoided by another choice at that move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LossCounts {
    /// The first click (only under the `none` rule).
    pub first_click: u64,
    /// Guesses by least risk and the two-move lookahead.
    pub guess: u64,
    /// Moves of the exhaustive endgame search.
    pub endgame: u64,
    /// Forced 50/50s.
    pub fifty_fifty: u64,
    /// Moves of the exhaustive search of an isolated region.
    pub region: u64,
}

impl LossCounts {
    /// Counts one lost game under the rule of its fatal move (certain moves never lose; they are
    /// counted as guesses should one ever do so, so the counts always add up to the losses).
    pub fn add(&mut self, rule: MoveRule) {
        match rule {
            MoveRule::FirstClick => self.first_click += 1,
            MoveRule::Endgame => self.endgame += 1,
            MoveRule::FiftyFifty => self.fifty_fifty += 1,
            MoveRule::Region => self.region += 1,
            MoveRule::Guess | MoveRule::Trivial | MoveRule::Subset | MoveRule::Enumeration => self.guess += 1,
        }
    }

    /// All lost games.
    pub fn total(&self) -> u64 {
        self.first_click + self.guess + self.endgame + self.fifty_fifty + self.region
    }

    /// "N games lost on: guesses (least risk + lookahead) 66.4%, endgame search 29.0%, ..."
    /// (shares of the losses, largest first, empty kinds left out); "no game lost" when there are
    /// none.
    pub fn describe(&self) -> String {
        let total = self.total();
        if total == 0 {
            return "no game lost".to_string();
        }
        let mut kinds = [
            ("first click", self.first_click),
            ("guesses (least risk + lookahead)", self.guess),
            ("endgame search", self.endgame),
            ("forced 50/50s", self.fifty_fifty),
            ("isolated regions", self.region),
        ];
        kinds.sort_by_key(|&(_, count)| std::cmp::Reverse(count));
        let parts: Vec<String> = kinds
            .iter()
            .filter(|&&(_, count)| count > 0)
            .map(|&(name, count)| format!("{name} {:.1}%", count as f64 / total as f64 * 100.0))
            .collect();
        format!("{total} games lost on: {}", parts.join(", "))
    }
}

/// The solver's stated chances against what happened, summed over games: its probabilities are
/// exact on boards small enough to enumerate (the oracle tests), and this checks them on full-size
/// games too. With exact chances the mines hit differ from the mines expected by about one
/// standard deviation (`mines_z` near 0, rarely beyond ±3), and so do the endgame wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Calibration {
    /// Reveals with a stated mine probability above zero: guesses, searched moves and an
    /// unprotected first click.
    pub risky_reveals: u64,
    /// The sum of their mine probabilities: the mines they were expected to hit.
    pub expected_mines: f64,
    /// The sum of p (1 − p) over them: the variance of the mines hit when the chances are exact.
    pub mines_variance: f64,
    /// Mines they hit (at most one a game).
    pub mines_hit: u64,
    /// Games in which the endgame search took over.
    pub endgame_games: u64,
    /// The sum of the search's stated chance of winning, at its first move of each game.
    pub endgame_expected_wins: f64,
    /// The sum of w (1 − w) over those chances.
    pub endgame_variance: f64,
    /// Those games that were won.
    pub endgame_wins: u64,
}

impl Calibration {
    /// Counts one reveal stated to hit a mine with `probability` (certain reveals count nothing).
    pub(crate) fn reveal(&mut self, probability: f64, hit: bool) {
        if probability > 0.0 {
            self.risky_reveals += 1;
            self.expected_mines += probability;
            self.mines_variance += probability * (1.0 - probability);
            self.mines_hit += u64::from(hit);
        }
    }

    /// Counts a game whose endgame search, taking over, stated `win_chance`.
    fn endgame_took_over(&mut self, win_chance: f64) {
        self.endgame_games += 1;
        self.endgame_expected_wins += win_chance;
        self.endgame_variance += win_chance * (1.0 - win_chance);
    }

    /// (mines hit − expected) in standard deviations; `None` with no risky reveal.
    pub fn mines_z(&self) -> Option<f64> {
        standard_score(self.mines_hit, self.expected_mines, self.mines_variance)
    }

    /// (endgame wins − expected) in standard deviations; `None` when no outcome was uncertain.
    pub fn endgame_z(&self) -> Option<f64> {
        standard_score(self.endgame_wins, self.endgame_expected_wins, self.endgame_variance)
    }

    /// "stated chances against outcomes: 58693 mines hit in 321970 risky reveals, 59077.8
    /// expected (z -1.84); the endgame search took over in 31950 games and won 15685, 15606.0
    /// expected (z +0.95)" (100,000 expert games, seed 21); `None` with no risky reveal (or a
    /// result saved before this existed).
    pub fn describe(&self) -> Option<String> {
        let z = |z: Option<f64>| z.map_or_else(|| "no spread".to_string(), |z| format!("z {z:+.2}"));
        if self.risky_reveals == 0 {
            return None;
        }
        let mut text = format!(
            "stated chances against outcomes: {} mines hit in {} risky reveals, {:.1} expected ({})",
            self.mines_hit,
            self.risky_reveals,
            self.expected_mines,
            z(self.mines_z())
        );
        if self.endgame_games > 0 {
            text += &format!(
                "; the endgame search took over in {} games and won {}, {:.1} expected ({})",
                self.endgame_games,
                self.endgame_wins,
                self.endgame_expected_wins,
                z(self.endgame_z())
            );
        }
        Some(text)
    }
}

/// (observed − expected) / √variance; `None` when the variance is zero.
fn standard_score(observed: u64, expected: f64, variance: f64) -> Option<f64> {
    (variance > 0.0).then(|| (observed as f64 - expected) / variance.sqrt())
}

/// [`Calibration`] summed over games in order-free sums, so shards and threads add up to the
/// same bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CalibrationSums {
    /// Reveals with a stated mine probability above zero.
    pub risky_reveals: u64,
    /// The sum of their mine probabilities.
    pub expected_mines: ExactSum,
    /// The sum of p (1 − p) over them.
    pub mines_variance: ExactSum,
    /// Mines they hit.
    pub mines_hit: u64,
    /// Games in which the endgame search took over.
    pub endgame_games: u64,
    /// The sum of the search's stated chances of winning.
    pub endgame_expected_wins: ExactSum,
    /// The sum of w (1 − w) over those chances.
    pub endgame_variance: ExactSum,
    /// Those games that were won.
    pub endgame_wins: u64,
}

impl CalibrationSums {
    /// Adds one game's figures.
    fn add(&mut self, game: &Calibration) {
        self.risky_reveals += game.risky_reveals;
        self.expected_mines.add(game.expected_mines);
        self.mines_variance.add(game.mines_variance);
        self.mines_hit += game.mines_hit;
        self.endgame_games += game.endgame_games;
        self.endgame_expected_wins.add(game.endgame_expected_wins);
        self.endgame_variance.add(game.endgame_variance);
        self.endgame_wins += game.endgame_wins;
    }

    /// Adds another set of games.
    fn merge(&mut self, other: &CalibrationSums) {
        self.risky_reveals = self.risky_reveals.saturating_add(other.risky_reveals);
        self.expected_mines.merge(other.expected_mines);
        self.mines_variance.merge(other.mines_variance);
        self.mines_hit = self.mines_hit.saturating_add(other.mines_hit);
        self.endgame_games = self.endgame_games.saturating_add(other.endgame_games);
        self.endgame_expected_wins.merge(other.endgame_expected_wins);
        self.endgame_variance.merge(other.endgame_variance);
        self.endgame_wins = self.endgame_wins.saturating_add(other.endgame_wins);
    }

    /// The sums as a [`Calibration`].
    fn calibration(&self) -> Calibration {
        Calibration {
            risky_reveals: self.risky_reveals,
            expected_mines: self.expected_mines.value(),
            mines_variance: self.mines_variance.value(),
            mines_hit: self.mines_hit,
            endgame_games: self.endgame_games,
            endgame_expected_wins: self.endgame_expected_wins.value(),
            endgame_variance: self.endgame_variance.value(),
            endgame_wins: self.endgame_wins,
        }
    }
}

/// A win-rate measurement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchResult {
    /// Board name (preset or WxH/M).
    pub level: String,
    /// First-click rule.
    pub rule: String,
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// wins / games.
    pub win_rate: f64,
    /// 95% Wilson confidence interval of the win rate.
    pub ci95: [f64; 2],
    /// Games per second of wall time.
    pub games_per_second: f64,
    /// Master seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// Guessing refinements that were switched off.
    pub without: Vec<Refinement>,
    /// Numeric settings of the refinements (results saved before they existed read the defaults).
    #[serde(default)]
    pub tuning: Tuning,
    /// The write-up's solver that played instead of Curio's, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub write_up: Option<crate::write_up::Ladder>,
    /// 99th percentile of the time of one solver decision, in milliseconds.
    pub move_time_p99_ms: f64,
    /// Longest solver decision, in milliseconds.
    pub move_time_max_ms: f64,
    /// Guesses (moves not proven safe, first click excepted) per game, on average.
    pub guesses_per_game: f64,
    /// Guesses per won game, on average (0 with no win).
    #[serde(default)]
    pub guesses_per_win: f64,
    /// Lost games by the rule of the move that hit a mine.
    pub losses: LossCounts,
    /// The solver's stated chances against what happened (zero in results saved before it
    /// existed).
    #[serde(default)]
    pub calibration: Calibration,
}

impl BenchResult {
    /// One line for people: wins, rate with its interval, speed and seed.
    pub fn summary(&self) -> String {
        format!(
            "{}, first click {}: {} / {} games won = {:.3}% (95% CI {:.3}%..{:.3}%), seed {}, {:.1} games/s on {} threads, move p99 {:.2} ms, max {:.2} ms",
            self.level,
            self.rule,
            self.wins,
            self.games,
            self.win_rate * 100.0,
            self.ci95[0] * 100.0,
            self.ci95[1] * 100.0,
            self.seed,
            self.games_per_second,
            self.threads,
            self.move_time_p99_ms,
            self.move_time_max_ms
        ) + &self.without_text()
            + &self.tuning.describe_changes()
            + &self.write_up.map(|ladder| format!(", played by {}", ladder.label())).unwrap_or_default()
    }

    /// Second line for people: guesses per game (and per won game) and where the games were lost.
    pub fn loss_summary(&self) -> String {
        let per_win =
            if self.wins > 0 { format!(", {:.2} per won game", self.guesses_per_win) } else { String::new() };
        format!("{:.2} guesses per game{per_win}; {}", self.guesses_per_game, self.losses.describe())
    }

    /// ", without a, b" when refinements were switched off, else empty.
    fn without_text(&self) -> String {
        if self.without.is_empty() {
            return String::new();
        }
        let names: Vec<&str> = self.without.iter().map(Refinement::name).collect();
        format!(", without {}", names.join(", "))
    }
}

/// What a benchmark adds up over the games of one solver: everything a [`BenchResult`] is made
/// from, in sums that do not depend on the order of the games, so a shard's tally (written to
/// its partial result) merges with the others' into the tally of a single run.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Guesses made in them.
    pub guesses: u64,
    /// Guesses made in the won games.
    pub guesses_in_wins: u64,
    /// Lost games by the rule of the fatal move.
    pub losses: LossCounts,
    /// Stated chances against outcomes.
    pub calibration: CalibrationSums,
    /// Wall time of each solver decision, in microseconds.
    pub decision_times: TimeHistogram,
    /// Summed wall time of the games, in microseconds.
    pub game_micros: u64,
}

impl Tally {
    fn add(&mut self, record: &GameRecord, micros: u64) {
        self.games += 1;
        self.wins += u64::from(record.won);
        self.guesses += record.guesses as u64;
        if record.won {
            self.guesses_in_wins += record.guesses as u64;
        }
        if let Some(rule) = record.lost_on {
            self.losses.add(rule);
        }
        self.calibration.add(&record.calibration);
        record.decision_micros.iter().for_each(|&micros| self.decision_times.add(micros));
        self.game_micros += micros;
    }

    /// Adds another shard's games (saturating: a partial read from a file may hold any counts).
    pub fn merge(&mut self, other: &Tally) {
        self.games = self.games.saturating_add(other.games);
        self.wins = self.wins.saturating_add(other.wins);
        self.guesses = self.guesses.saturating_add(other.guesses);
        self.guesses_in_wins = self.guesses_in_wins.saturating_add(other.guesses_in_wins);
        let losses = &other.losses;
        self.losses.first_click = self.losses.first_click.saturating_add(losses.first_click);
        self.losses.guess = self.losses.guess.saturating_add(losses.guess);
        self.losses.endgame = self.losses.endgame.saturating_add(losses.endgame);
        self.losses.fifty_fifty = self.losses.fifty_fifty.saturating_add(losses.fifty_fifty);
        self.losses.region = self.losses.region.saturating_add(losses.region);
        self.calibration.merge(&other.calibration);
        self.decision_times.merge(&other.decision_times);
        self.game_micros = self.game_micros.saturating_add(other.game_micros);
    }

    /// Share of the games added so far that were won.
    fn win_rate(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.wins as f64 / self.games as f64 }
    }

    /// The result of `settings`' games played by `policy`, with games/s from `seconds` of wall
    /// time on `threads` threads.
    pub fn result(
        &self,
        settings: &BenchSettings,
        policy: &Policy,
        threads: usize,
        seconds: f64,
    ) -> BenchResult {
        let games = self.games;
        let millis = |micros: u32| f64::from(micros) / 1000.0;
        BenchResult {
            move_time_p99_ms: millis(self.decision_times.quantile(0.99)),
            move_time_max_ms: millis(self.decision_times.max),
            level: settings.config.level_name(),
            rule: settings.config.rule.name().to_string(),
            games,
            wins: self.wins,
            win_rate: self.win_rate(),
            ci95: wilson_interval(self.wins, games),
            games_per_second: games as f64 / seconds.max(1e-9),
            seed: settings.seed,
            threads,
            without: policy.disabled(),
            tuning: policy.tuning(),
            write_up: policy.write_up,
            guesses_per_game: if games == 0 { 0.0 } else { self.guesses as f64 / games as f64 },
            guesses_per_win: if self.wins == 0 {
                0.0
            } else {
                self.guesses_in_wins as f64 / self.wins as f64
            },
            losses: self.losses,
            calibration: self.calibration.calibration(),
        }
    }
}

/// The games of a benchmark: board, count and master seed (game `i` is the same game whatever
/// the threads or the shard that plays it).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchSettings {
    /// The board and first-click rule.
    pub config: BoardConfig,
    /// Games in the whole job.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
}

impl BenchSettings {
    /// Plays this shard's games (`play` gets the game's index and seed) in batches on a pool of
    /// `threads`; after each batch `take` receives its results in game order and returns the
    /// win rate so far for the progress chart. Returns the wall time in seconds.
    fn play<T: Send>(
        &self,
        shard: Shard,
        threads: usize,
        progress: &mut impl Progress,
        play: impl Fn(u64, u64) -> Result<T, BenchError> + Sync + Send,
        mut take: impl FnMut(Vec<T>) -> f64,
    ) -> Result<f64, BenchError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .thread_name(|i| format!("curio-mines-bench-{i}"))
            .build()
            .map_err(|error| BenchError::Threads(error.to_string()))?;
        let started = std::time::Instant::now();
        let range = shard.range(self.games);
        let total = range.end - range.start;
        let batch = (threads.max(1) as u64 * 64).max(64);
        let mut done = range.start;
        while done < range.end {
            let end = (done + batch).min(range.end);
            // Each game checks for a cancel before it starts, so a cancel waits for one game
            // a thread, not the batch.
            let results = curio_core::parallel::Reporting { pool: Some(&pool), stopped: None }.map(
                (end - done) as usize,
                progress,
                "playing",
                (done - range.start, total),
                |offset, stop| {
                    let index = done + offset as u64;
                    if stop() { Err(BenchError::Cancelled) } else { play(index, game_seed(self.seed, index)) }
                },
            )?;
            let rate = take(results.into_iter().collect::<Result<Vec<T>, BenchError>>()?);
            done = end;
            let played = done - range.start;
            check(progress.report(played, total, "playing"))?;
            check(progress.sample(curio_core::progress::Sample {
                series: "win rate",
                x: played as f64,
                y: rate,
            }))?;
        }
        Ok(started.elapsed().as_secs_f64())
    }
}

/// Plays one benchmark game, timed in microseconds; a solver failure names the game.
fn timed_game(
    config: BoardConfig,
    index: u64,
    game: u64,
    policy: &Policy,
) -> Result<(GameRecord, u64), BenchError> {
    let started = std::time::Instant::now();
    let record =
        play_game(config, game, policy).map_err(|error| BenchError::Solver { index, game, error })?;
    Ok((record, started.elapsed().as_micros().min(u128::from(u64::MAX)) as u64))
}

/// Plays `games` games on `threads` threads, reporting progress (and a win-rate sample every
/// batch); stops early with `Cancelled` when the sink asks.
pub fn bench(
    config: BoardConfig,
    policy: &Policy,
    games: u64,
    seed: u64,
    threads: usize,
    progress: &mut impl Progress,
) -> Result<BenchResult, BenchError> {
    let settings = BenchSettings { config, games, seed };
    let (tally, seconds) = bench_shard(&settings, policy, Shard::WHOLE, threads, progress)?;
    Ok(tally.result(&settings, policy, threads.max(1), seconds))
}

/// Plays one shard's games of a benchmark: their tally and the wall time in seconds.
pub fn bench_shard(
    settings: &BenchSettings,
    policy: &Policy,
    shard: Shard,
    threads: usize,
    progress: &mut impl Progress,
) -> Result<(Tally, f64), BenchError> {
    let config = settings.config;
    let mut tally = Tally::default();
    let seconds = settings.play(
        shard,
        threads,
        progress,
        |index, game| timed_game(config, index, game, policy),
        |results| {
            results.iter().for_each(|(record, micros)| tally.add(record, *micros));
            tally.win_rate()
        },
    )?;
    Ok((tally, seconds))
}

/// The same games played by two solvers: each one's result, and the paired difference, which
/// needs far fewer games than two separate runs to tell the solvers apart (only the games they
/// decide differently count).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// The solver under test.
    pub candidate: BenchResult,
    /// The solver it is measured against.
    pub baseline: BenchResult,
    /// Games won by the candidate and lost by the baseline.
    pub candidate_only: u64,
    /// Games won by the baseline and lost by the candidate.
    pub baseline_only: u64,
    /// (candidate wins − baseline wins) / games.
    pub difference: f64,
    /// 95% confidence interval of the difference (normal approximation of the paired difference).
    pub difference_ci95: [f64; 2],
}

impl Comparison {
    /// One line for people: the difference with its interval, the games decided differently
    /// and each solver's rate.
    pub fn summary(&self) -> String {
        format!(
            "candidate − baseline: {:+.3} points (95% CI {:+.3}..{:+.3}) on {} paired games, seed {}: {} won only by the candidate, {} only by the baseline; candidate {:.3}%, baseline {:.3}%",
            self.difference * 100.0,
            self.difference_ci95[0] * 100.0,
            self.difference_ci95[1] * 100.0,
            self.candidate.games,
            self.candidate.seed,
            self.candidate_only,
            self.baseline_only,
            self.candidate.win_rate * 100.0,
            self.baseline.win_rate * 100.0,
        )
    }
}

/// What a comparison adds up: each solver's tally and the games only one of them won.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ComparisonTally {
    /// The candidate's games.
    pub candidate: Tally,
    /// The baseline's games.
    pub baseline: Tally,
    /// Games won by the candidate and lost by the baseline.
    pub candidate_only: u64,
    /// Games won by the baseline and lost by the candidate.
    pub baseline_only: u64,
}

impl ComparisonTally {
    /// Adds another shard's games.
    pub fn merge(&mut self, other: &ComparisonTally) {
        self.candidate.merge(&other.candidate);
        self.baseline.merge(&other.baseline);
        self.candidate_only = self.candidate_only.saturating_add(other.candidate_only);
        self.baseline_only = self.baseline_only.saturating_add(other.baseline_only);
    }

    /// The comparison; each solver's games/s comes from its own summed game times, as if it had
    /// the `threads` to itself for its share of the time.
    pub fn result(
        &self,
        settings: &BenchSettings,
        candidate: &Policy,
        baseline: &Policy,
        threads: usize,
    ) -> Comparison {
        let seconds = |tally: &Tally| tally.game_micros as f64 / 1e6 / threads.max(1) as f64;
        let games = self.candidate.games;
        let candidate_result = self.candidate.result(settings, candidate, threads, seconds(&self.candidate));
        let baseline_result = self.baseline.result(settings, baseline, threads, seconds(&self.baseline));
        Comparison {
            difference: (candidate_result.wins as f64 - baseline_result.wins as f64) / games.max(1) as f64,
            difference_ci95: paired_interval(self.candidate_only, self.baseline_only, games),
            candidate: candidate_result,
            baseline: baseline_result,
            candidate_only: self.candidate_only,
            baseline_only: self.baseline_only,
        }
    }
}

/// Plays the same `games` games (same seeds, so the same mine layouts) with `candidate` and
/// `baseline`, reporting the candidate's win rate as it goes; stops early with `Cancelled`.
pub fn compare(
    config: BoardConfig,
    candidate: &Policy,
    baseline: &Policy,
    games: u64,
    seed: u64,
    threads: usize,
    progress: &mut impl Progress,
) -> Result<Comparison, BenchError> {
    let settings = BenchSettings { config, games, seed };
    let (tally, _) = compare_shard(&settings, candidate, baseline, Shard::WHOLE, threads, progress)?;
    Ok(tally.result(&settings, candidate, baseline, threads.max(1)))
}

/// Plays one shard's games of a comparison: their tally and the wall time in seconds.
pub fn compare_shard(
    settings: &BenchSettings,
    candidate: &Policy,
    baseline: &Policy,
    shard: Shard,
    threads: usize,
    progress: &mut impl Progress,
) -> Result<(ComparisonTally, f64), BenchError> {
    let config = settings.config;
    let mut tally = ComparisonTally::default();
    let seconds = settings.play(
        shard,
        threads,
        progress,
        |index, game| {
            Ok((timed_game(config, index, game, candidate)?, timed_game(config, index, game, baseline)?))
        },
        |results| {
            for ((mine, mine_micros), (theirs, their_micros)) in &results {
                tally.candidate_only += u64::from(mine.won && !theirs.won);
                tally.baseline_only += u64::from(theirs.won && !mine.won);
                tally.candidate.add(mine, *mine_micros);
                tally.baseline.add(theirs, *their_micros);
            }
            tally.candidate.win_rate()
        },
    )?;
    Ok((tally, seconds))
}

/// Why a benchmark stopped.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// Cancelled by the caller.
    #[error("cancelled")]
    Cancelled,
    /// The worker pool could not start.
    #[error("cannot start worker threads: {0}")]
    Threads(String),
    /// The solver failed (a bug: the engine's boards are always consistent).
    #[error("solver failed in game {index} (game seed {game}): {error}")]
    Solver {
        /// Index of the game in the run (0-based).
        index: u64,
        /// The game's own seed (`game_seed(seed, index)`).
        game: u64,
        /// What the solver reported.
        error: SolveError,
    },
}

impl From<Cancelled> for BenchError {
    fn from(_: Cancelled) -> Self {
        BenchError::Cancelled
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FirstClickRule;
    use curio_core::progress::NoProgress;

    #[test]
    fn a_paired_comparison_counts_the_games_each_solver_alone_won() {
        let config = BoardConfig::parse_level("beginner", FirstClickRule::Safe).unwrap();
        let weak = Policy::default()
            .without(Refinement::Endgame)
            .without(Refinement::Lookahead)
            .without(Refinement::Regions);
        let paired = compare(config, &weak, &Policy::default(), 300, 4, 2, &mut NoProgress).unwrap();
        // Each side is the benchmark that solver gets alone on the same seed.
        let alone = bench(config, &weak, 300, 4, 1, &mut NoProgress).unwrap();
        let default = bench(config, &Policy::default(), 300, 4, 1, &mut NoProgress).unwrap();
        assert_eq!((paired.candidate.wins, paired.candidate.losses), (alone.wins, alone.losses));
        assert_eq!((paired.baseline.wins, paired.baseline.losses), (default.wins, default.losses));
        assert_eq!(
            paired.candidate.without,
            vec![Refinement::Endgame, Refinement::Lookahead, Refinement::Regions]
        );
        // The difference is made of the games only one of them won.
        assert!(
            paired.candidate_only + paired.baseline_only > 0,
            "the weak solver decides some games differently"
        );
        assert_eq!(
            paired.candidate.wins as i64 - paired.baseline.wins as i64,
            paired.candidate_only as i64 - paired.baseline_only as i64
        );
        let [low, high] = paired.difference_ci95;
        assert!(low < paired.difference && paired.difference < high, "{:?}", paired.difference_ci95);
        assert!(paired.summary().starts_with("candidate − baseline: "), "{}", paired.summary());
        // The same solver on both sides decides every game alike.
        let same = compare(config, &weak, &weak, 100, 4, 2, &mut NoProgress).unwrap();
        assert_eq!((same.candidate_only, same.baseline_only, same.difference), (0, 0, 0.0));
        assert_eq!(same.difference_ci95, [0.0, 0.0]);
    }

    #[test]
    fn beginner_games_are_mostly_won_and_reproducible() {
        let config = BoardConfig::parse_level("beginner", FirstClickRule::Safe).unwrap();
        let a = bench(config, &Policy::default(), 200, 1, 2, &mut NoProgress).unwrap();
        let b = bench(config, &Policy::default(), 200, 1, 1, &mut NoProgress).unwrap();
        assert_eq!(a.wins, b.wins, "same seed, any thread count, same games");
        assert_eq!(a.losses, b.losses);
        assert!(a.win_rate > 0.8, "win rate {}", a.win_rate);
        assert_eq!(a.losses.total(), a.games - a.wins, "every loss is counted once");
        assert_eq!(a.losses.first_click, 0, "a safe first click never loses");
        assert!(a.guesses_per_game > 0.0);
        assert!(a.guesses_per_win > 0.0);
        assert!(a.loss_summary().contains(" per won game; "), "{}", a.loss_summary());
        // The endgame's stated chances are summed over the games it took over.
        let calibration = a.calibration;
        assert!(calibration.endgame_games > 0 && calibration.endgame_expected_wins > 0.0, "{calibration:?}");
        assert_eq!(calibration.mines_hit, a.losses.total());
    }

    #[test]
    fn losses_are_attributed_to_the_fatal_move() {
        // Under the `none` rule the first click can hit a mine (10 of 81 cells on beginner).
        let config = BoardConfig::parse_level("beginner", FirstClickRule::None).unwrap();
        let result = bench(config, &Policy::default(), 300, 3, 2, &mut NoProgress).unwrap();
        assert_eq!(result.losses.total(), result.games - result.wins);
        assert!(result.losses.first_click > 10, "{:?}", result.losses);
        // Every loss hits a mine on a reveal stated to risk one, the first click included.
        let calibration = result.calibration;
        assert_eq!(calibration.mines_hit, result.losses.total(), "{calibration:?}");
        assert!(calibration.risky_reveals > result.games, "every game's first click is risky");
        assert!(calibration.expected_mines > result.games as f64 * 10.0 / 81.0);
        let z = calibration.mines_z().expect("spread");
        assert!(z.abs() < 4.0, "{calibration:?}");
        assert!(calibration.endgame_wins <= calibration.endgame_games);
        let text = calibration.describe().expect("risky reveals");
        assert!(text.starts_with("stated chances against outcomes: "), "{text}");
        assert_eq!(Calibration::default().describe(), None);
        // A single game's record names its fatal rule too.
        let lost = (0..300)
            .map(|i| play_game(config, game_seed(3, i), &Policy::default()).unwrap())
            .find(|record| record.lost_on == Some(MoveRule::FirstClick))
            .expect("a first-click loss");
        assert!(!lost.won);
        let text = result.losses.describe();
        assert!(text.contains("first click") && text.ends_with('%'), "{text}");
        assert_eq!(LossCounts::default().describe(), "no game lost");
        let mut counts = LossCounts::default();
        counts.add(MoveRule::Endgame);
        counts.add(MoveRule::Endgame);
        counts.add(MoveRule::FiftyFifty);
        assert_eq!(counts.describe(), "3 games lost on: endgame search 66.7%, forced 50/50s 33.3%");
    }
}
