//! `curio arena`: a round robin between named players of a two-player game (each pair the same
//! number of games, colours alternating), with each pair's wins, draws and losses and each
//! player's rating with its 95% interval; shards merge with `curio merge`.

use crate::facets::{GroupArgs, House, MergeResult, merged};
use crate::shards::ShardArgs;
use crate::{CliError, print_json, usage};
use ::arena::{Game, PlayerSpec, Tally, Tournament};
use clap::{Args, ValueEnum};
use serde_json::json;

/// `curio arena`.
#[derive(Debug, Args)]
#[command(
    after_help = "Players: random, flat:N (flat Monte Carlo, N playouts a move), uct:N (UCT tree search, N playouts for each move of the root, the same budget as flat:N), alphabeta:D (D plies, games with an evaluation), and the game's own: perfect (connect4's strong solver), greedy (conquest). Conquest's moves are the steps of a turn (commands, a move, an attack). Each pair plays --games games, the first named moving first in even games. Ratings are on the Elo scale (400 points: odds of 10 to 1), fitted to all the games at once, averaging 1500 (see docs/arena.md).\n\nExamples:\n  curio arena --game connect4 --players random,flat:1000,perfect --games 100 --seed 1\n  curio arena --game connect4 --players flat:1000,uct:1000 --games 200 --seed 2 --json\n  curio arena --game go --players random,uct:10 --games 10 --seed 1 --max-moves 200\n  curio arena --game connect4 --players random,flat:100 --games 100 --seed 1 --shard 0/2 --partial a.json"
)]
pub struct ArenaArgs {
    /// The game.
    #[arg(long, value_enum)]
    game: ArenaGame,
    /// The players, comma-separated, at least two, each once.
    #[arg(long, value_delimiter = ',', required = true, value_name = "A,B,...")]
    players: Vec<String>,
    /// Games each pair plays, 1 to 100,000.
    #[arg(long, default_value_t = 10)]
    games: u64,
    /// Seed of the games (a game's randomness depends on it and the game's number only).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Go only: moves a game lasts at most before it is scored (default 300).
    #[arg(long)]
    max_moves: Option<usize>,
    /// Go only: the stone radius (default: go's).
    #[arg(long)]
    radius: Option<i64>,
    /// Conquest only: a rules file (JSON, see `curio conquest rules`; default: the built-in).
    #[arg(long, value_name = "FILE.json")]
    rules: Option<std::path::PathBuf>,
    #[command(flatten)]
    shards: ShardArgs,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// The games the arena plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ArenaGame {
    /// Connect-4 on the 7x6 board.
    Connect4,
    /// Go on a board without lines.
    Go,
    /// Conquest, the rules' squad on both sides.
    Conquest,
}

impl ArenaGame {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            ArenaGame::Connect4 => "connect4",
            ArenaGame::Go => "go",
            ArenaGame::Conquest => "conquest",
        }
    }
}

/// What decides a round robin's result (the settings its partials carry).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ArenaJob {
    /// The game.
    pub game: ArenaGame,
    /// The players' names as given.
    pub players: Vec<String>,
    /// Games a pair.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// Go's move cap.
    pub max_moves: usize,
    /// Go's stone radius.
    pub radius: i64,
    /// Conquest's rules (the built-in when `None`).
    #[serde(default)]
    pub rules: Option<::conquest::Rules>,
}

impl GroupArgs for ArenaArgs {
    fn run(self, _house: &House) -> Result<(), CliError> {
        if !(1..=100_000).contains(&self.games) {
            return Err(usage(anyhow::anyhow!("--games must be 1 to 100,000, not {}", self.games)));
        }
        if self.game != ArenaGame::Conquest && self.rules.is_some() {
            return Err(usage(anyhow::anyhow!(
                "--rules is Conquest's: it does not apply to {}",
                self.game.name()
            )));
        }
        let rules = match &self.rules {
            Some(path) => Some(crate::conquest::read_rules(path)?),
            None => None,
        };
        if self.game != ArenaGame::Go && (self.max_moves.is_some() || self.radius.is_some()) {
            return Err(usage(anyhow::anyhow!(
                "--max-moves and --radius are Go's: they do not apply to {}",
                self.game.name()
            )));
        }
        let max_moves = self.max_moves.unwrap_or(::go::players::ARENA_MOVES);
        if !(1..=2000).contains(&max_moves) {
            return Err(usage(anyhow::anyhow!("--max-moves must be 1 to 2,000, not {max_moves}")));
        }
        let radius = self.radius.unwrap_or(::go::DEFAULT_RADIUS);
        if !::go::RADIUS.contains(radius) {
            return Err(usage(anyhow::anyhow!(
                "--radius must be {} to {}, not {radius}",
                ::go::MIN_RADIUS,
                ::go::MAX_RADIUS
            )));
        }
        self.shards.check()?;
        let job = ArenaJob {
            game: self.game,
            players: self.players,
            games: self.games,
            seed: self.seed,
            max_moves,
            radius,
            rules,
        };
        job.tournament()?;
        let shard = self.shards.shard();
        let started = std::time::Instant::now();
        let played = job.clone();
        let tally = super::run_job_with_bar("curio-arena", move |reporter| played.play(shard, reporter))??
            .map_err(|error| CliError::Failure(error.into()))?;
        let seconds = started.elapsed().as_secs_f64();
        if self.shards.is_partial() {
            return self.shards.write("arena", &job, seconds, &tally);
        }
        print_tally(&job, &tally, seconds, self.json)
    }
}

/// Work done with a job's game, whichever it is: [`ArenaJob::with_game`] hands it the game's
/// constructor.
pub trait WithGame {
    /// What the work gives.
    type Output;
    /// Does the work with games made by `new_game`.
    fn run<G: Game + 'static>(self, new_game: impl Fn() -> G + Send + Sync + 'static) -> Self::Output;
}

impl ArenaJob {
    /// Runs `work` with the constructor of this job's game: Connect-4, Go with the job's radius
    /// and move cap, Conquest with its rules (the built-in ones when none).
    pub fn with_game<W: WithGame>(&self, work: W) -> W::Output {
        match self.game {
            ArenaGame::Connect4 => work.run(::connect4::Game::new),
            ArenaGame::Go => {
                let (radius, max_moves) = (self.radius, self.max_moves);
                work.run(move || {
                    ::go::CappedGame::new(radius, ::go::KOMI.default, max_moves).expect("radius checked")
                })
            }
            ArenaGame::Conquest => {
                let rules =
                    std::sync::Arc::new(self.rules.clone().unwrap_or_else(::conquest::Rules::builtin));
                work.run(move || ::conquest::Battle::standard(std::sync::Arc::clone(&rules)))
            }
        }
    }

    /// The job's round robin, its players checked against its game.
    pub fn tournament(&self) -> Result<Tournament, CliError> {
        struct Check<'a>(&'a ArenaJob);
        impl WithGame for Check<'_> {
            type Output = Result<Tournament, CliError>;
            fn run<G: Game + 'static>(
                self,
                new_game: impl Fn() -> G + Send + Sync + 'static,
            ) -> Self::Output {
                tournament_of(self.0, &new_game())
            }
        }
        self.with_game(Check(self))
    }

    /// Plays `shard` of the job's games, reporting to `progress`.
    pub fn play(
        &self,
        shard: curio_core::shard::Shard,
        progress: &mut impl curio_core::progress::Progress,
    ) -> Result<Result<Tally, curio_core::progress::Cancelled>, CliError> {
        struct Play<'a, P>(&'a ArenaJob, curio_core::shard::Shard, &'a mut P);
        impl<P: curio_core::progress::Progress> WithGame for Play<'_, P> {
            type Output = Result<Result<Tally, curio_core::progress::Cancelled>, CliError>;
            fn run<G: Game + 'static>(
                self,
                new_game: impl Fn() -> G + Send + Sync + 'static,
            ) -> Self::Output {
                let tournament = tournament_of(self.0, &new_game())?;
                Ok(::arena::play_shard(&tournament, &new_game, self.1, self.2))
            }
        }
        self.with_game(Play(self, shard, progress))
    }
}

/// The tournament `job` names, its players checked against the game `new_game` makes.
pub fn tournament_of<G: Game>(job: &ArenaJob, game: &G) -> Result<Tournament, CliError> {
    let specs = job
        .players
        .iter()
        .map(|name| PlayerSpec::parse(name.trim(), game, job.game.name()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|error| usage(anyhow::anyhow!("--players: {error}")))?;
    Tournament::new(specs, job.games, job.seed).map_err(|error| usage(anyhow::anyhow!("--players: {error}")))
}

/// `curio merge` of `arena` partials.
pub fn merge_arena(parts: &[curio_core::shard::Partial]) -> MergeResult {
    let (job, data): (ArenaJob, Vec<Tally>) = crate::shards::read_set(parts)?;
    let total = job.games * (job.players.len() as u64 * (job.players.len() as u64).saturating_sub(1) / 2);
    let mut tally = data[0].clone();
    for (index, (part, shard)) in parts.iter().zip(&data).enumerate() {
        crate::shards::check_block(part, shard.games(), total, "games")?;
        if index > 0 {
            tally.merge(shard).map_err(|error| usage(anyhow::anyhow!(error)))?;
        }
    }
    Ok(merged((job, tally), |(job, tally), seconds, json| print_tally(job, tally, seconds, json)))
}

/// Prints a round robin's result: each pair, then the players by rating.
pub fn print_tally(job: &ArenaJob, tally: &Tally, seconds: f64, json: bool) -> Result<(), CliError> {
    let ratings = ::arena::ratings(tally);
    let thinking = seconds_a_move(tally);
    if json {
        let pairs: Vec<_> = tally
            .pairs
            .iter()
            .map(|pair| {
                let (score, [low, high]) = pair.a_score();
                json!({
                    "a": pair.a, "b": pair.b, "a_wins": pair.a_wins, "draws": pair.draws, "b_wins": pair.b_wins,
                    "a_score": score, "a_score_low": low, "a_score_high": high,
                    "moves_per_game": pair.moves as f64 / pair.games().max(1) as f64,
                })
            })
            .collect();
        let rated: serde_json::Map<String, serde_json::Value> = ratings
            .iter()
            .map(|(name, rating)| {
                let value = json!({
                    "rating": rating.rating, "low": rating.low, "high": rating.high,
                    "seconds_per_move": thinking.get(name).copied().unwrap_or(0.0),
                });
                (name.clone(), value)
            })
            .collect();
        return print_json(&json!({
            "game": job.game.name(), "games": job.games, "seed": job.seed, "seconds": seconds,
            "pairs": pairs, "ratings": rated,
        }));
    }
    say!(
        "{}: {} players, {} games a pair, seed {} ({} games in {:.1} s)",
        job.game.name(),
        job.players.len(),
        job.games,
        job.seed,
        tally.games(),
        seconds
    );
    for pair in &tally.pairs {
        let (score, [low, high]) = pair.a_score();
        say!(
            "{} vs {}: {}-{}-{} (wins, draws, losses); {} scores {:.1}% (95% {:.1}-{:.1}%)",
            pair.a,
            pair.b,
            pair.a_wins,
            pair.draws,
            pair.b_wins,
            pair.a,
            100.0 * score,
            100.0 * low,
            100.0 * high
        );
    }
    let mut by_rating: Vec<_> = ratings.iter().collect();
    by_rating.sort_by(|a, b| b.1.rating.total_cmp(&a.1.rating));
    say!("ratings (Elo scale, all games at once, 95% interval):");
    for (name, rating) in by_rating {
        say!(
            "  {name:<14} {:>6.0} ({:.0}-{:.0}), {:.3} s a move",
            rating.rating,
            rating.low,
            rating.high,
            thinking.get(name).copied().unwrap_or(0.0)
        );
    }
    Ok(())
}

/// Each player's mean seconds a move over all its games.
pub fn seconds_a_move(tally: &Tally) -> std::collections::BTreeMap<String, f64> {
    let mut sums: std::collections::BTreeMap<String, (f64, u64)> = Default::default();
    for pair in &tally.pairs {
        for (name, seconds, moves) in
            [(&pair.a, pair.a_seconds, pair.a_moves), (&pair.b, pair.b_seconds, pair.b_moves)]
        {
            let entry = sums.entry(name.clone()).or_default();
            entry.0 += seconds;
            entry.1 += moves;
        }
    }
    sums.into_iter().map(|(name, (seconds, moves))| (name, seconds / moves.max(1) as f64)).collect()
}
