//! Optimisers that tune a policy's weights by playing games: the GA write-up's genetic algorithm (see the module `tetris`)
//! (the baseline), a genetic algorithm with common random numbers and elitism (the default),
//! and the noisy cross-entropy method. A [`Run`] holds everything needed to go on: its settings,
//! the population (or distribution) to evaluate next and the history; it is saved as JSON after
//! every generation and resumed from it. Each generation's randomness comes from the run's seed
//! and the generation's number alone, so a resumed run equals an uninterrupted one.

use super::board::SizeError;
use super::game::{GameResult, Rules, play_game};
use super::policy::{Depth, FeatureSet, Policy, Weights};
use curio_core::bounds::Bounds;
use curio_core::parallel::map_reporting;
use curio_core::progress::{Cancelled, Progress};
use curio_core::shard::Shard;
use curio_core::stats::game_seed;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// Which optimiser a run uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Optimizer {
    /// The GA write-up's GA: random normal start, one game per candidate on its own pieces,
    /// fitness = the post's score, pairwise tournament, uniform crossover, 10% of genes redrawn.
    SeedGa,
    /// Common random numbers (every candidate of a generation plays the same games), several
    /// games a candidate, fitness = mean rows cleared, elitism, tournament selection, blend
    /// crossover, Gaussian mutation, weights kept at unit length.
    Ga,
    /// Noisy cross-entropy (Szita & Lőrincz; Thiery & Scherrer): sample from a Gaussian per
    /// weight, refit it to the best tenth, add noise to the variance; common random numbers.
    Cem,
}

impl Optimizer {
    /// Every optimiser.
    pub const ALL: [Optimizer; 3] = [Optimizer::Ga, Optimizer::Cem, Optimizer::SeedGa];

    /// The optimiser's name.
    pub fn name(&self) -> &'static str {
        match self {
            Optimizer::SeedGa => "seed-ga",
            Optimizer::Ga => "ga",
            Optimizer::Cem => "cem",
        }
    }

    /// The population it uses when none is given.
    pub fn default_population(self) -> usize {
        match self {
            Optimizer::SeedGa => 16,
            Optimizer::Ga => 50,
            Optimizer::Cem => 100,
        }
    }

    /// The games per candidate it uses when none is given.
    pub fn default_games(self) -> usize {
        match self {
            Optimizer::SeedGa => 1,
            Optimizer::Ga | Optimizer::Cem => 10,
        }
    }
}

/// The settings of a run.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct EvolveConfig {
    /// The optimiser.
    pub optimizer: Optimizer,
    /// The features whose weights it tunes.
    pub features: FeatureSet,
    /// The rules of the training games.
    pub rules: Rules,
    /// Candidates a generation.
    pub population: usize,
    /// Games a candidate plays each generation.
    pub games: usize,
    /// The run's seed.
    pub seed: u64,
    /// Pieces after which a training game stops (none: play to the end).
    pub max_pieces: Option<u64>,
    /// How far the candidates look ahead in their games (the write-up's GA: the next piece
    /// known, [`Depth::Two`]).
    #[serde(default = "depth_one")]
    pub depth: Depth,
}

fn depth_one() -> Depth {
    Depth::One
}

/// Candidates a generation (the default is the GA's; each optimiser has its own,
/// [`Optimizer::default_population`]).
pub const POPULATION: Bounds<usize> = Bounds::new(4, 10_000, 50);

/// Games a candidate plays each generation (the default is the GA's and the CEM's).
pub const GAMES_PER_CANDIDATE: Bounds<usize> = Bounds::new(1, 1000, 10);

/// Generations a run stops at: `curio tetris evolve --generations` and the panel.
pub const GENERATIONS: Bounds<usize> = Bounds::new(1, 100_000, 100);

/// Minutes of wall time a run stops before (0 in the panel: no limit).
pub const MINUTES: Bounds<f64> = Bounds::new(0.0, 100_000.0, 0.0);

/// Why a run cannot start or go on.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EvolveError {
    /// The board size is out of range.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// The population is out of range.
    #[error("population {0} is out of range: it must be {min}..={max}", min = POPULATION.min, max = POPULATION.max)]
    Population(usize),
    /// Games per candidate out of range.
    #[error("games per candidate {0} is out of range: it must be {min}..={max}", min = GAMES_PER_CANDIDATE.min, max = GAMES_PER_CANDIDATE.max)]
    Games(usize),
    /// The saved state does not fit the settings.
    #[error("the saved run is inconsistent: {0}")]
    Inconsistent(String),
    /// The generation's games, played elsewhere (shards), could not be had.
    #[error("judging the generation's games failed: {0}")]
    Judging(String),
    /// The run was cancelled in the middle of a generation (that generation is lost).
    #[error("cancelled")]
    Cancelled(#[from] Cancelled),
}

/// What the optimiser evaluates next.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SearchState {
    /// A population of weight vectors (the GAs).
    Population(Vec<Vec<f64>>),
    /// A Gaussian per weight (cross-entropy).
    Distribution {
        /// Means.
        mean: Vec<f64>,
        /// Variances.
        variance: Vec<f64>,
    },
}

/// One generation's figures.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Generation {
    /// Its number, from 0.
    pub generation: usize,
    /// The best candidate's fitness (mean rows a game; the write-up's GA: mean score).
    pub best: f64,
    /// The mean fitness.
    pub mean: f64,
    /// The median fitness.
    pub median: f64,
    /// The worst fitness.
    pub worst: f64,
    /// The best candidate's weights.
    pub best_weights: BTreeMap<String, f64>,
    /// The run's answer after this generation: the best candidate (the write-up's GA), the centre of the
    /// elites (GA) or the mean of the refitted distribution (cross-entropy).
    pub weights: BTreeMap<String, f64>,
    /// Games played in this generation.
    pub games: u64,
    /// Pieces played in this generation.
    pub pieces: u64,
    /// Wall time of the run so far, in seconds.
    pub seconds: f64,
}

/// A run: settings, what comes next, and what happened.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Run {
    /// The run's answer: the weights of the last generation (see [`Generation::weights`]);
    /// before the first generation, the first candidate.
    pub weights: BTreeMap<String, f64>,
    /// Every generation so far.
    pub history: Vec<Generation>,
    /// The settings.
    pub config: EvolveConfig,
    /// What the next generation evaluates.
    pub state: SearchState,
    /// Wall time spent so far, in seconds, over every session of the run.
    pub seconds: f64,
}

/// The cross-entropy method's initial variance of each weight and the constant noise added to
/// the refitted variance: mean 0 and variance 100 as MDPtetris starts, and Szita & Lőrincz's
/// constant noise 4 (MDPtetris adds none by default).
const CEM_INITIAL_VARIANCE: f64 = 100.0;
const CEM_NOISE: f64 = 4.0;
/// The fraction of candidates the cross-entropy method refits to.
const CEM_ELITE_FRACTION: f64 = 0.1;
/// The GA's Gaussian mutation: the standard deviation of each gene of a unit-length vector,
/// from `GA_MUTATION_START + GA_MUTATION_FLOOR` in generation 0, shrinking by
/// `GA_MUTATION_DECAY` a generation towards `GA_MUTATION_FLOOR` (wide steps to find the region,
/// small ones to refine it).
const GA_MUTATION_START: f64 = 0.13;
const GA_MUTATION_FLOOR: f64 = 0.02;
const GA_MUTATION_DECAY: f64 = 0.93;
/// The GA's tournament size.
const GA_TOURNAMENT: usize = 3;

/// A seeded random source for one purpose of one generation.
fn random(config: &EvolveConfig, generation: usize, purpose: u64) -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(game_seed(
        config.seed ^ purpose.wrapping_mul(0x2545_F491_4F6C_DD1D),
        generation as u64,
    ))
}

/// A standard normal deviate (Box–Muller).
fn standard_normal(random: &mut impl RngExt) -> f64 {
    let u: f64 = 1.0 - random.random::<f64>();
    let v: f64 = random.random::<f64>();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

fn unit_length(mut vector: Vec<f64>) -> Vec<f64> {
    let norm = vector.iter().map(|value| value * value).sum::<f64>().sqrt();
    if norm > 0.0 {
        vector.iter_mut().for_each(|value| *value /= norm);
    }
    vector
}

impl EvolveConfig {
    /// Checks the board size, the population and the games per candidate.
    pub fn check(&self) -> Result<(), EvolveError> {
        self.rules.board()?;
        if !POPULATION.contains(self.population) {
            return Err(EvolveError::Population(self.population));
        }
        if !GAMES_PER_CANDIDATE.contains(self.games) {
            return Err(EvolveError::Games(self.games));
        }
        Ok(())
    }
}

impl Run {
    /// A new run: the first population (or distribution) drawn from the run's seed.
    pub fn new(config: EvolveConfig) -> Result<Self, EvolveError> {
        config.check()?;
        let size = config.features.features().len();
        let mut random = random(&config, 0, 1);
        let state = match config.optimizer {
            Optimizer::SeedGa => SearchState::Population(
                (0..config.population)
                    .map(|_| (0..size).map(|_| standard_normal(&mut random)).collect())
                    .collect(),
            ),
            Optimizer::Ga => SearchState::Population(
                (0..config.population)
                    .map(|_| unit_length((0..size).map(|_| standard_normal(&mut random)).collect()))
                    .collect(),
            ),
            Optimizer::Cem => SearchState::Distribution {
                mean: vec![0.0; size],
                variance: vec![CEM_INITIAL_VARIANCE; size],
            },
        };
        let mut run = Self { weights: BTreeMap::new(), history: Vec::new(), config, state, seconds: 0.0 };
        run.weights = match &run.state {
            SearchState::Population(population) => run.weight_map(&population[0])?,
            SearchState::Distribution { mean, .. } => run.weight_map(mean)?,
        };
        Ok(run)
    }

    /// Checks a run read from a file: its settings and state fit together.
    pub fn validate(&self) -> Result<(), EvolveError> {
        self.config.check()?;
        let size = self.config.features.features().len();
        let fits = match (&self.state, self.config.optimizer) {
            (SearchState::Population(population), Optimizer::SeedGa | Optimizer::Ga) => {
                population.len() == self.config.population
                    && population.iter().all(|vector| vector.len() == size)
            }
            (SearchState::Distribution { mean, variance }, Optimizer::Cem) => {
                mean.len() == size && variance.len() == size
            }
            _ => false,
        };
        let finite = match &self.state {
            SearchState::Population(population) => population.iter().flatten().all(|value| value.is_finite()),
            SearchState::Distribution { mean, variance } => {
                mean.iter().chain(variance).all(|value| value.is_finite())
            }
        };
        if !fits || !finite {
            return Err(EvolveError::Inconsistent(format!(
                "its state does not match optimizer {} over {} features with population {}",
                self.config.optimizer.name(),
                size,
                self.config.population
            )));
        }
        if self.history.iter().enumerate().any(|(index, generation)| generation.generation != index) {
            return Err(EvolveError::Inconsistent("its history skips generations".into()));
        }
        Ok(())
    }

    /// The run's answer as weights.
    pub fn answer(&self) -> Result<Weights, EvolveError> {
        Weights::from_map(&self.weights).map_err(|error| EvolveError::Inconsistent(error.to_string()))
    }

    fn weight_map(&self, vector: &[f64]) -> Result<BTreeMap<String, f64>, EvolveError> {
        Ok(self.weights_of(vector)?.to_map())
    }

    fn weights_of(&self, vector: &[f64]) -> Result<Weights, EvolveError> {
        Weights::new(self.config.features.features(), vector)
            .map_err(|error| EvolveError::Inconsistent(error.to_string()))
    }

    /// The candidates of the next generation.
    fn candidates(&self) -> Vec<Vec<f64>> {
        match &self.state {
            SearchState::Population(population) => population.clone(),
            SearchState::Distribution { mean, variance } => {
                let mut random = random(&self.config, self.history.len(), 2);
                (0..self.config.population)
                    .map(|_| {
                        mean.iter()
                            .zip(variance)
                            .map(|(mean, variance)| mean + variance.sqrt() * standard_normal(&mut random))
                            .collect()
                    })
                    .collect()
            }
        }
    }

    /// The pieces seed of game `game` of candidate `candidate` in this generation: the same for
    /// every candidate (common random numbers) except in the write-up's GA.
    fn game_seed_of(&self, candidate: usize, game: usize) -> u64 {
        let generation = self.history.len() as u64;
        let config = &self.config;
        let games = config.games as u64;
        let index = match config.optimizer {
            Optimizer::SeedGa => {
                (generation * config.population as u64 + candidate as u64) * games + game as u64
            }
            Optimizer::Ga | Optimizer::Cem => generation * games + game as u64,
        };
        game_seed(config.seed ^ 0x007E_7A15, index)
    }

    /// Plays one generation, records it and prepares the next. `total_generations` only sizes
    /// the progress reports. A cancel request loses this generation and leaves the run as it was.
    pub fn step(
        &mut self,
        total_generations: usize,
        progress: &mut impl Progress,
    ) -> Result<&Generation, EvolveError> {
        let start = Instant::now();
        let results = self.judge(Shard::WHOLE, total_generations, progress)?;
        self.advance(&results, start)
    }

    /// The settings that decide the next generation's games: what a judging shard's partial
    /// result must carry to be merged into this run's generation (and nothing older).
    pub fn judging_settings(&self) -> serde_json::Value {
        serde_json::json!({ "generation": self.history.len(), "config": self.config, "state": self.state })
    }

    /// Games of the next generation in all: candidate `c` plays games `c * games ..` of them.
    pub fn games_per_generation(&self) -> u64 {
        (self.config.population * self.config.games) as u64
    }

    /// Plays `shard`'s block of the next generation's games (see
    /// [`Run::games_per_generation`]) and returns their results in order; the run is unchanged.
    /// `total_generations` only sizes the progress reports.
    pub fn judge(
        &self,
        shard: Shard,
        total_generations: usize,
        progress: &mut impl Progress,
    ) -> Result<Vec<GameResult>, EvolveError> {
        let config = &self.config;
        let candidates = self.candidates();
        let policies: Vec<Policy> = candidates
            .iter()
            .map(|vector| self.weights_of(vector).map(|weights| Policy { weights, depth: self.config.depth }))
            .collect::<Result<_, _>>()?;
        let games = config.games;
        let per_generation = self.games_per_generation();
        let generation = self.history.len();
        let range = shard.range(per_generation);
        let offset = (generation as u64).saturating_mul(per_generation) + range.start;
        let total = (total_generations.max(generation + 1) as u64).saturating_mul(per_generation);
        let message = format!("generation {}", generation + 1);
        let count = (range.end - range.start) as usize;
        Ok(map_reporting(count, progress, &message, (offset, total), |index, stop| {
            let index = range.start as usize + index;
            let (candidate, game) = (index / games, index % games);
            play_game(
                &policies[candidate],
                config.rules,
                self.game_seed_of(candidate, game),
                config.max_pieces,
                stop,
            )
            .unwrap_or_default()
        })?)
    }

    /// Records the generation whose games (every one, in order) are `results`, and prepares
    /// the next; `start` is when the generation began (its wall time counts towards the run's).
    pub fn advance(&mut self, results: &[GameResult], start: Instant) -> Result<&Generation, EvolveError> {
        let config = self.config.clone();
        let games = config.games;
        if results.len() as u64 != self.games_per_generation() {
            return Err(EvolveError::Inconsistent(format!(
                "a generation has {} games, not {}",
                self.games_per_generation(),
                results.len()
            )));
        }
        let candidates = self.candidates();
        let generation = self.history.len();
        let fitness: Vec<f64> = results
            .chunks(games)
            .map(|chunk| {
                let sum: u64 = chunk
                    .iter()
                    .map(
                        |result| {
                            if config.optimizer == Optimizer::SeedGa { result.score } else { result.lines }
                        },
                    )
                    .fold(0u64, u64::saturating_add);
                sum as f64 / games as f64
            })
            .collect();
        let mut order: Vec<usize> = (0..fitness.len()).collect();
        order.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]).then(a.cmp(&b)));
        let best = order[0];
        let sorted: Vec<f64> = order.iter().map(|&index| fitness[index]).collect();
        let median = if sorted.len() % 2 == 1 {
            sorted[sorted.len() / 2]
        } else {
            (sorted[sorted.len() / 2 - 1] + sorted[sorted.len() / 2]) / 2.0
        };
        let (next, answer) = self.next_state(&candidates, &order);
        self.seconds += start.elapsed().as_secs_f64();
        let record = Generation {
            generation,
            best: sorted[0],
            mean: fitness.iter().sum::<f64>() / fitness.len() as f64,
            median,
            worst: sorted[sorted.len() - 1],
            best_weights: self.weight_map(&candidates[best])?,
            weights: self.weight_map(&answer)?,
            games: results.len() as u64,
            pieces: results.iter().map(|result| result.pieces).sum(),
            seconds: self.seconds,
        };
        self.weights = record.weights.clone();
        self.state = next;
        self.history.push(record);
        Ok(self.history.last().expect("just pushed"))
    }

    /// The state after this generation and the run's answer, from the candidates ranked best
    /// first by `order`.
    fn next_state(&self, candidates: &[Vec<f64>], order: &[usize]) -> (SearchState, Vec<f64>) {
        let generation = self.history.len();
        let mut random = random(&self.config, generation, 3);
        let size = candidates[0].len();
        let population = candidates.len();
        match self.config.optimizer {
            Optimizer::SeedGa => {
                // Pair everyone at random; the better of each pair wins (a bye for an odd one).
                let mut shuffled: Vec<usize> = (0..population).collect();
                shuffled.shuffle(&mut random);
                let mut rank = vec![0; population];
                for (place, &index) in order.iter().enumerate() {
                    rank[index] = place;
                }
                let mut winners: Vec<usize> = shuffled
                    .chunks(2)
                    .map(
                        |pair| {
                            if pair.len() == 2 && rank[pair[1]] < rank[pair[0]] { pair[1] } else { pair[0] }
                        },
                    )
                    .collect();
                // Pair the winners at random again, each pair one child, until the population is full.
                let mut children = Vec::with_capacity(population);
                while children.len() < population {
                    winners.shuffle(&mut random);
                    for pair in winners.chunks(2) {
                        if children.len() == population {
                            break;
                        }
                        let (first, second) = (pair[0], pair[pair.len() - 1]);
                        let child: Vec<f64> = (0..size)
                            .map(|gene| {
                                if random.random_bool(0.1) {
                                    standard_normal(&mut random)
                                } else if random.random_bool(0.5) {
                                    candidates[first][gene]
                                } else {
                                    candidates[second][gene]
                                }
                            })
                            .collect();
                        children.push(child);
                    }
                }
                (SearchState::Population(children), candidates[order[0]].clone())
            }
            Optimizer::Ga => {
                let mutation =
                    GA_MUTATION_FLOOR + GA_MUTATION_START * GA_MUTATION_DECAY.powi(generation as i32);
                let elites = (population / 10).max(1);
                let mut next: Vec<Vec<f64>> =
                    order[..elites].iter().map(|&index| candidates[index].clone()).collect();
                let tournament = |random: &mut Pcg64Mcg| -> usize {
                    (0..GA_TOURNAMENT)
                        .map(|_| random.random_range(0..population))
                        .min_by_key(|&rank| rank)
                        .map(|rank| order[rank])
                        .unwrap_or(order[0])
                };
                while next.len() < population {
                    let (first, second) = (tournament(&mut random), tournament(&mut random));
                    let blend: f64 = random.random();
                    let child: Vec<f64> = (0..size)
                        .map(|gene| {
                            blend * candidates[first][gene]
                                + (1.0 - blend) * candidates[second][gene]
                                + mutation * standard_normal(&mut random)
                        })
                        .collect();
                    next.push(unit_length(child));
                }
                // The answer is the centre of the elites: one candidate's fitness is a noisy
                // maximum over the population, their mean direction is not.
                let centre: Vec<f64> = (0..size)
                    .map(|gene| order[..elites].iter().map(|&index| candidates[index][gene]).sum::<f64>())
                    .collect();
                (SearchState::Population(next), unit_length(centre))
            }
            Optimizer::Cem => {
                let elites = ((population as f64 * CEM_ELITE_FRACTION).round() as usize).max(2);
                let elite: Vec<&Vec<f64>> = order[..elites].iter().map(|&index| &candidates[index]).collect();
                let mean: Vec<f64> = (0..size)
                    .map(|gene| elite.iter().map(|vector| vector[gene]).sum::<f64>() / elites as f64)
                    .collect();
                let variance: Vec<f64> = (0..size)
                    .map(|gene| {
                        elite.iter().map(|vector| (vector[gene] - mean[gene]).powi(2)).sum::<f64>()
                            / elites as f64
                            + CEM_NOISE
                    })
                    .collect();
                (SearchState::Distribution { mean: mean.clone(), variance }, mean)
            }
        }
    }
}

/// When an evolution stops by itself.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Stop once the run has this many generations.
    pub generations: usize,
    /// Do not start a generation that would end after this much wall time (counted over the
    /// run's whole life), judging by the last generation's length.
    pub time: Option<Duration>,
}

/// Why an evolution returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// It reached the generation count.
    Generations,
    /// The next generation would have passed the time budget.
    Time,
    /// `on_generation` asked to stop (pause).
    Paused,
}

/// Evolves `run` until `budget` is spent or `on_generation` (called after every generation,
/// with the run already updated: save it there) breaks. A cancel through `progress` loses the
/// generation in progress and returns `Err(Cancelled)`; the run keeps every finished one.
pub fn evolve<P: Progress>(
    run: &mut Run,
    budget: Budget,
    progress: &mut P,
    on_generation: impl FnMut(&Run) -> ControlFlow<()>,
) -> Result<Stopped, EvolveError> {
    let total = budget.generations;
    evolve_with(
        run,
        budget,
        progress,
        |run, progress| run.judge(Shard::WHOLE, total, progress),
        on_generation,
    )
}

/// [`evolve`] whose games are played by `judge`, which returns every game of the run's next
/// generation in order (as [`Run::judge`] does for the whole generation): shards on other
/// machines, for example. An error from `judge` stops the run with every finished generation
/// kept.
pub fn evolve_with<P: Progress>(
    run: &mut Run,
    budget: Budget,
    progress: &mut P,
    mut judge: impl FnMut(&Run, &mut P) -> Result<Vec<GameResult>, EvolveError>,
    mut on_generation: impl FnMut(&Run) -> ControlFlow<()>,
) -> Result<Stopped, EvolveError> {
    loop {
        if run.history.len() >= budget.generations {
            return Ok(Stopped::Generations);
        }
        if let Some(limit) = budget.time {
            let last = match run.history.as_slice() {
                [.., before, last] => last.seconds - before.seconds,
                [last] => last.seconds,
                [] => 0.0,
            };
            if run.seconds + last > limit.as_secs_f64() {
                return Ok(Stopped::Time);
            }
        }
        let start = Instant::now();
        let results = judge(run, progress)?;
        run.advance(&results, start)?;
        // What the caller does with each generation (saving it) counts towards the run's time.
        let started = Instant::now();
        let flow = on_generation(run);
        run.seconds += started.elapsed().as_secs_f64();
        if flow.is_break() {
            return Ok(Stopped::Paused);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use curio_core::progress::NoProgress;

    fn config(optimizer: Optimizer) -> EvolveConfig {
        EvolveConfig {
            optimizer,
            features: FeatureSet::Bcts,
            rules: Rules::benchmark(6, 8).unwrap(),
            population: 8,
            games: 2,
            seed: 11,
            max_pieces: Some(300),
            depth: Depth::One,
        }
    }

    #[test]
    fn a_resumed_run_equals_an_uninterrupted_one() {
        for optimizer in Optimizer::ALL {
            let mut whole = Run::new(config(optimizer)).unwrap();
            let budget = |generations| Budget { generations, time: None };
            evolve(&mut whole, budget(4), &mut NoProgress, |_| ControlFlow::Continue(())).unwrap();
            let mut first = Run::new(config(optimizer)).unwrap();
            evolve(&mut first, budget(2), &mut NoProgress, |_| ControlFlow::Continue(())).unwrap();
            let text = serde_json::to_string(&first).unwrap();
            let mut resumed: Run = serde_json::from_str(&text).unwrap();
            resumed.validate().unwrap();
            evolve(&mut resumed, budget(4), &mut NoProgress, |_| ControlFlow::Continue(())).unwrap();
            let strip = |run: &Run| -> Vec<(f64, f64, f64, BTreeMap<String, f64>)> {
                run.history.iter().map(|g| (g.best, g.mean, g.worst, g.weights.clone())).collect()
            };
            assert_eq!(strip(&whole), strip(&resumed), "{}", optimizer.name());
            assert_eq!(whole.state, resumed.state);
            assert_eq!(whole.weights, resumed.weights);
        }
    }

    #[test]
    fn the_candidates_play_at_the_runs_depth() {
        let deeper = EvolveConfig { depth: Depth::Two, ..config(Optimizer::SeedGa) };
        let mut one = Run::new(config(Optimizer::SeedGa)).unwrap();
        let mut two = Run::new(deeper).unwrap();
        let (one, two) = (one.step(1, &mut NoProgress).unwrap(), two.step(1, &mut NoProgress).unwrap());
        // The same candidates and pieces: only the lookahead differs, and it changes the games.
        assert_ne!((one.best, one.mean, one.pieces), (two.best, two.mean, two.pieces));
    }

    #[test]
    fn a_run_saved_before_the_depth_setting_loads_at_depth_one() {
        let run = Run::new(EvolveConfig { depth: Depth::Two, ..config(Optimizer::Ga) }).unwrap();
        let mut json = serde_json::to_value(&run).unwrap();
        json["config"].as_object_mut().unwrap().remove("depth");
        let loaded: Run = serde_json::from_value(json).unwrap();
        assert_eq!(loaded.config.depth, Depth::One);
    }

    #[test]
    fn the_figures_of_a_generation_are_ordered() {
        let mut run = Run::new(config(Optimizer::Ga)).unwrap();
        let generation = run.step(1, &mut NoProgress).unwrap().clone();
        assert!(generation.worst <= generation.median && generation.median <= generation.best);
        assert!(generation.worst <= generation.mean && generation.mean <= generation.best);
        assert_eq!(generation.games, 16);
        assert_eq!(generation.best_weights.len(), 8);
    }

    #[test]
    fn cancelling_loses_only_the_generation_in_progress() {
        struct CancelAfter(u32);
        impl Progress for CancelAfter {
            fn report(&mut self, _: u64, _: u64, _: &str) -> ControlFlow<()> {
                if self.0 == 0 {
                    return ControlFlow::Break(());
                }
                self.0 -= 1;
                ControlFlow::Continue(())
            }
        }
        let mut run = Run::new(config(Optimizer::Cem)).unwrap();
        run.step(3, &mut NoProgress).unwrap();
        let before = run.clone();
        assert!(matches!(run.step(3, &mut CancelAfter(0)), Err(EvolveError::Cancelled(_))));
        assert_eq!(run.history, before.history);
        assert_eq!(run.state, before.state);
    }

    #[test]
    fn bad_settings_and_inconsistent_files_are_errors() {
        let mut bad = config(Optimizer::Ga);
        bad.population = 2;
        assert_eq!(Run::new(bad), Err(EvolveError::Population(2)));
        let mut run = Run::new(config(Optimizer::Ga)).unwrap();
        run.config.population = 9;
        assert!(matches!(run.validate(), Err(EvolveError::Inconsistent(_))));
    }

    #[test]
    fn the_default_optimiser_learns_to_clear_rows() {
        let mut config = config(Optimizer::Ga);
        config.population = 16;
        config.max_pieces = Some(500);
        let mut run = Run::new(config).unwrap();
        evolve(&mut run, Budget { generations: 6, time: None }, &mut NoProgress, |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
        let first = run.history[0].mean;
        let last = run.history.last().unwrap().best;
        assert!(last > first, "the best of the last generation ({last}) beats the first mean ({first})");
        assert!(last > 50.0, "it clears rows: {last}");
    }
}
