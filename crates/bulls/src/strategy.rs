//! Guessing strategies and the complete strategy tree each builds over every secret.
//!
//! A strategy looks at the codes still possible (S) and picks the next guess among **all**
//! codes. The scored strategies partition S by the answer each guess would get and score the
//! partition: minimax (Knuth: the largest part, least is best), most-parts (the number of
//! non-empty parts, most is best), expected-size (Σ |part|² / |S|, least is best) and entropy
//! (−Σ p log₂ p with p = |part| / |S|, most is best); the right answer's part counts like any
//! other. Ties (scores within 1e-9) go to a guess that could still be the secret, then to the
//! smallest code in lexicographic order. Random-consistent (the write-up's guesser) picks a
//! code of S uniformly at random.
//!
//! Cost: a node of the tree scores every code against S, O(n · |S|) table lookups; a level of
//! the tree sums to O(n²). Without repeats every code is alike at the root (the symbols can be
//! renamed), so the first guess is the smallest code without scoring.

use super::{Codes, Feedback, FeedbackTable, TooManyCodes, Variant};
use curio_core::progress::{Cancelled, Progress, check};
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::Serialize;

/// How the next guess is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Strategy {
    /// A code still possible, uniformly at random (the write-up's).
    RandomConsistent,
    /// Least largest part (Knuth).
    Minimax,
    /// Most non-empty parts.
    MostParts,
    /// Least expected size of the part the answer leaves.
    ExpectedSize,
    /// Most information (entropy of the answer).
    Entropy,
}

impl Strategy {
    /// Every strategy.
    pub const ALL: [Strategy; 5] = [
        Strategy::RandomConsistent,
        Strategy::Minimax,
        Strategy::MostParts,
        Strategy::ExpectedSize,
        Strategy::Entropy,
    ];

    /// Its name on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            Strategy::RandomConsistent => "random-consistent",
            Strategy::Minimax => "minimax",
            Strategy::MostParts => "most-parts",
            Strategy::ExpectedSize => "expected-size",
            Strategy::Entropy => "entropy",
        }
    }

    /// The score of a partition of `total` codes into parts of `counts` (zeros allowed);
    /// lower is better.
    pub(crate) fn score(&self, counts: &[u32], total: u32) -> f64 {
        let parts = counts.iter().filter(|&&count| count > 0);
        match self {
            Strategy::RandomConsistent => 0.0,
            Strategy::Minimax => f64::from(counts.iter().copied().max().unwrap_or(0)),
            Strategy::MostParts => -(parts.count() as f64),
            Strategy::ExpectedSize => {
                parts.map(|&count| f64::from(count) * f64::from(count)).sum::<f64>() / f64::from(total)
            }
            Strategy::Entropy => parts
                .map(|&count| {
                    let p = f64::from(count) / f64::from(total);
                    p * p.log2()
                })
                .sum::<f64>(),
        }
    }
}

/// Why a tree could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StrategyError {
    /// The variant has too many codes for a scored strategy's feedback table.
    #[error("{0}; {1} needs the table (random-consistent does not)")]
    TooManyCodes(TooManyCodes, &'static str),
    /// Asked to stop.
    #[error("cancelled")]
    Cancelled(#[from] Cancelled),
}

/// One node of a strategy tree: the guess made when the codes under it remain.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Node {
    /// The guess (a code index).
    pub guess: u32,
    /// How many secrets reach this node.
    pub secrets: u32,
    /// Each answer the guess can get: its key ([`Feedback::key`]), how many secrets give it, and
    /// the node that follows (none for the right answer).
    pub answers: Vec<(u8, u32, Option<u32>)>,
}

/// A complete strategy tree over every secret of a variant.
#[derive(Clone, Debug, PartialEq)]
pub struct Tree {
    /// The variant.
    pub variant: Variant,
    /// The strategy that built it.
    pub strategy: Strategy,
    /// The nodes; the root is the first.
    pub nodes: Vec<Node>,
}

/// Guess counts of a tree: total over every secret, average, worst and the histogram.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TreeStats {
    /// Secrets.
    pub secrets: u64,
    /// Guesses over every secret, the right one included.
    pub total: u64,
    /// Guesses a game.
    pub average: f64,
    /// The most guesses a secret takes.
    pub worst: usize,
    /// `histogram[d]`: secrets found with `d + 1` guesses.
    pub histogram: Vec<u64>,
}

impl Tree {
    /// The counts of guesses over every secret.
    pub fn stats(&self) -> TreeStats {
        let mut histogram: Vec<u64> = Vec::new();
        let mut stack = vec![(0u32, 1usize)];
        while let Some((node, depth)) = stack.pop() {
            for &(_, count, next) in &self.nodes[node as usize].answers {
                match next {
                    Some(child) => stack.push((child, depth + 1)),
                    None => {
                        if histogram.len() < depth {
                            histogram.resize(depth, 0);
                        }
                        histogram[depth - 1] += u64::from(count);
                    }
                }
            }
        }
        let secrets: u64 = histogram.iter().sum();
        let total: u64 = histogram.iter().enumerate().map(|(depth, count)| (depth as u64 + 1) * count).sum();
        TreeStats {
            secrets,
            total,
            average: if secrets == 0 { 0.0 } else { total as f64 / secrets as f64 },
            worst: histogram.len(),
            histogram,
        }
    }

    /// The guesses the tree makes for `secret` with the answers they get, the last one right
    /// (`None` if the tree never finds it, which a complete tree does not allow).
    pub fn path(&self, codes: &Codes, secret: usize) -> Option<Vec<(usize, Feedback, u32)>> {
        let positions = self.variant.positions;
        let mut path = Vec::new();
        let mut node = 0u32;
        loop {
            let current = &self.nodes[node as usize];
            let guess = current.guess as usize;
            let feedback = codes.variant.feedback(codes.code(guess), codes.code(secret));
            path.push((guess, feedback, current.secrets));
            if usize::from(feedback.a) == positions {
                return Some(path);
            }
            let key = feedback.key(positions);
            node = current.answers.iter().find(|(answer, _, _)| *answer == key)?.2?;
            if path.len() > 64 {
                return None;
            }
        }
    }

    /// The tree as nested JSON: each node's guess, how many secrets reach it, and each answer
    /// (`a`, `b`, the secrets that give it, the node that follows).
    pub fn to_json(&self, codes: &Codes) -> serde_json::Value {
        fn node(tree: &Tree, codes: &Codes, index: u32) -> serde_json::Value {
            let current = &tree.nodes[index as usize];
            let positions = tree.variant.positions;
            let answers: Vec<serde_json::Value> = current
                .answers
                .iter()
                .map(|&(key, secrets, next)| {
                    let feedback = Feedback::from_key(key, positions);
                    let mut answer =
                        serde_json::json!({ "a": feedback.a, "b": feedback.b, "secrets": secrets });
                    if let Some(next) = next {
                        answer["next"] = node(tree, codes, next);
                    }
                    answer
                })
                .collect();
            serde_json::json!({ "guess": codes.text(current.guess as usize), "secrets": current.secrets, "answers": answers })
        }
        serde_json::json!({
            "variant": self.variant.name,
            "strategy": self.strategy.name(),
            "root": node(self, codes, 0),
        })
    }
}

/// Where answers come from: the variant's table, or computed as needed (variants too big for
/// a table, where only small sets of codes are scored).
#[derive(Clone, Copy)]
pub enum Answers<'a> {
    /// Looked up.
    Table(&'a FeedbackTable),
    /// Computed.
    Computed(&'a Codes),
}

impl Answers<'_> {
    /// The codes.
    pub fn codes(&self) -> &Codes {
        match self {
            Answers::Table(table) => &table.codes,
            Answers::Computed(codes) => codes,
        }
    }

    /// The key of `guess` against `secret`.
    pub fn key(&self, guess: usize, secret: usize) -> u8 {
        match self {
            Answers::Table(table) => table.key(guess, secret),
            Answers::Computed(codes) => {
                codes.variant.feedback(codes.code(guess), codes.code(secret)).key(codes.variant.positions)
            }
        }
    }
}

/// Scored-strategy work allowed without a table, in answers computed per node: a variant too
/// big for a table is scored only on small sets (the write-up's letters example).
pub const MAX_COMPUTED_WORK: usize = 50_000_000;

/// The best guess for `remaining` (code indices, ascending, not empty) by a scored strategy;
/// `in_set` marks the codes of `remaining`.
fn best_guess(answers: Answers<'_>, strategy: Strategy, remaining: &[u32], in_set: &[bool]) -> usize {
    let codes = answers.codes();
    let count = codes.len();
    if remaining.len() <= 2 {
        return remaining[0] as usize;
    }
    // Without repeats every code is alike while every code remains: take the smallest.
    if remaining.len() == count && !codes.variant.repeats {
        return 0;
    }
    let positions = codes.variant.positions;
    let total = remaining.len() as u32;
    let mut counts = vec![0u32; (positions + 1) * (positions + 1)];
    let mut best: Option<(f64, bool, usize)> = None;
    for (guess, &possible) in in_set.iter().enumerate().take(count) {
        counts.iter_mut().for_each(|slot| *slot = 0);
        match answers {
            Answers::Table(table) => {
                let row = table.row(guess);
                for &secret in remaining {
                    counts[usize::from(row[secret as usize])] += 1;
                }
            }
            Answers::Computed(codes) => {
                let guessed = codes.code(guess);
                for &secret in remaining {
                    counts[usize::from(
                        codes.variant.feedback(guessed, codes.code(secret as usize)).key(positions),
                    )] += 1;
                }
            }
        }
        let score = strategy.score(&counts, total);
        let better = match best {
            None => true,
            Some((best_score, best_possible, _)) => {
                score < best_score - 1e-9 || (score <= best_score + 1e-9 && possible && !best_possible)
            }
        };
        if better {
            best = Some((score, possible, guess));
        }
    }
    best.map_or(remaining[0] as usize, |(_, _, guess)| guess)
}

/// The next guess of `strategy` when the codes of `remaining` (ascending, not empty) are still
/// possible; `random` drives random-consistent. Without a table, a scored strategy may score
/// at most [`MAX_COMPUTED_WORK`] answers a node.
pub fn choose_guess(
    answers: Answers<'_>,
    strategy: Strategy,
    remaining: &[u32],
    random: &mut Pcg64Mcg,
) -> Result<usize, StrategyError> {
    if strategy == Strategy::RandomConsistent {
        return Ok(remaining[random.random_range(0..remaining.len())] as usize);
    }
    let codes = answers.codes();
    if let Answers::Computed(codes) = answers
        && codes.len().saturating_mul(remaining.len()) > MAX_COMPUTED_WORK
    {
        return Err(StrategyError::TooManyCodes(
            TooManyCodes { variant: codes.variant.name, codes: codes.len() },
            strategy.name(),
        ));
    }
    let mut in_set = vec![false; codes.len()];
    for &code in remaining {
        in_set[code as usize] = true;
    }
    Ok(best_guess(answers, strategy, remaining, &in_set))
}

/// Builds the complete tree of `strategy` over every secret of the table's variant (`seed`
/// drives random-consistent), reporting nodes built to `progress`.
pub fn build_tree(
    table: &FeedbackTable,
    strategy: Strategy,
    seed: u64,
    progress: &mut impl Progress,
) -> Result<Tree, StrategyError> {
    let all: Vec<u32> = (0..table.codes.len() as u32).collect();
    build_from(Answers::Table(table), strategy, all, seed, progress)
}

/// Builds random-consistent trees for variants of any size (answers computed, no table).
pub fn build_random_tree(
    codes: &Codes,
    seed: u64,
    progress: &mut impl Progress,
) -> Result<Tree, StrategyError> {
    let all: Vec<u32> = (0..codes.len() as u32).collect();
    build_from(Answers::Computed(codes), Strategy::RandomConsistent, all, seed, progress)
}

/// Builds the tree of `strategy` over the secrets of `remaining` (code indices, ascending, not
/// empty), guessing among all codes.
pub fn build_from(
    answers: Answers<'_>,
    strategy: Strategy,
    remaining: Vec<u32>,
    seed: u64,
    progress: &mut impl Progress,
) -> Result<Tree, StrategyError> {
    let codes = answers.codes();
    let variant = codes.variant;
    let positions = variant.positions;
    let solved = Feedback { a: positions as u8, b: 0 }.key(positions);
    let mut random = Pcg64Mcg::seed_from_u64(seed);
    let mut nodes: Vec<Node> = vec![Node { guess: 0, secrets: remaining.len() as u32, answers: Vec::new() }];
    // Work: (the codes still possible, the node to fill in). Depth first, answers in key order,
    // so that random choices come in the same order for the same seed.
    let mut stack: Vec<(Vec<u32>, u32)> = vec![(remaining, 0)];
    while let Some((remaining, index)) = stack.pop() {
        if nodes.len().is_multiple_of(64) {
            check(progress.report(nodes.len() as u64, 0, "building the tree"))?;
        }
        let guess = choose_guess(answers, strategy, &remaining, &mut random)?;
        let mut node_answers = Vec::new();
        let mut children = Vec::new();
        for (key, part) in partition(answers, guess, &remaining) {
            let secrets = part.len() as u32;
            if key == solved {
                node_answers.push((key, secrets, None));
            } else {
                let child = nodes.len() as u32;
                nodes.push(Node { guess: 0, secrets, answers: Vec::new() });
                node_answers.push((key, secrets, Some(child)));
                children.push((part, child));
            }
        }
        let node = &mut nodes[index as usize];
        node.guess = guess as u32;
        node.answers = node_answers;
        // Pushed in reverse so that the smallest answer is built first.
        stack.extend(children.into_iter().rev());
    }
    Ok(Tree { variant, strategy, nodes })
}

/// The non-empty parts of `set` by the answer `guess` gets, in key order.
pub(crate) fn partition(answers: Answers<'_>, guess: usize, set: &[u32]) -> Vec<(u8, Vec<u32>)> {
    let positions = answers.codes().variant.positions;
    let mut parts: Vec<Vec<u32>> = vec![Vec::new(); (positions + 1) * (positions + 1)];
    for &secret in set {
        parts[usize::from(answers.key(guess, secret as usize))].push(secret);
    }
    parts
        .into_iter()
        .enumerate()
        .filter(|(_, part)| !part.is_empty())
        .map(|(key, part)| (key as u8, part))
        .collect()
}

/// Random-consistent trees to build: `curio bulls solve --runs` and the panel.
pub const RUNS: curio_core::bounds::Bounds<u32> = curio_core::bounds::Bounds::new(1, 100_000, 100);

/// `runs` random-consistent trees (run `i` seeded by `stats::game_seed(seed, i)`), each
/// complete over every secret: their stats, in run order.
pub fn random_consistent_runs(
    codes: &Codes,
    runs: usize,
    seed: u64,
    progress: &mut impl Progress,
) -> Result<Vec<TreeStats>, StrategyError> {
    let mut all = Vec::with_capacity(runs);
    for run in 0..runs {
        check(progress.report(run as u64, runs as u64, "random-consistent trees"))?;
        let tree = build_random_tree(
            codes,
            curio_core::stats::game_seed(seed, run as u64),
            &mut curio_core::progress::NoProgress,
        )?;
        all.push(tree.stats());
    }
    Ok(all)
}

/// The codes consistent with every (guess, answer) of `history` (ascending).
pub fn consistent_codes(answers: Answers<'_>, history: &[(usize, Feedback)]) -> Vec<u32> {
    let codes = answers.codes();
    let positions = codes.variant.positions;
    let keys: Vec<(usize, u8)> =
        history.iter().map(|&(guess, feedback)| (guess, feedback.key(positions))).collect();
    (0..codes.len() as u32)
        .filter(|&secret| keys.iter().all(|&(guess, key)| answers.key(guess, secret as usize) == key))
        .collect()
}

/// When the answers of `history` fit no code: the first answer (its index) with which no code
/// fits the answers up to it, the one that conflicts with those before it. `None` while some
/// code fits them all.
pub fn first_conflict(answers: Answers<'_>, history: &[(usize, Feedback)]) -> Option<usize> {
    (0..history.len()).find(|&end| consistent_codes(answers, &history[..=end]).is_empty())
}

/// The write-up's letters example: 4 letters of 26, the first three known to be `ABC`, so 23
/// codes remain (`ABCD` to `ABCZ`). The tree of `strategy` over them, guessing among all
/// 358,800 codes (random-consistent guesses only among the 23).
pub fn letters_example(
    strategy: Strategy,
    seed: u64,
    progress: &mut impl Progress,
) -> Result<(Tree, Codes), StrategyError> {
    let codes = Variant::FOUR_OF_26.codes();
    let remaining: Vec<u32> =
        (0..codes.len() as u32).filter(|&code| codes.code(code as usize)[..3] == [0, 1, 2]).collect();
    let tree = build_from(Answers::Computed(&codes), strategy, remaining, seed, progress)?;
    Ok((tree, codes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use curio_core::progress::NoProgress;

    /// Every secret replayed through the tree is found, with the tree's own count of guesses.
    fn check_by_replay(tree: &Tree, codes: &Codes) {
        let stats = tree.stats();
        assert_eq!(stats.secrets, codes.len() as u64);
        let mut total = 0;
        for secret in 0..codes.len() {
            let path = tree.path(codes, secret).expect("every secret is found");
            assert_eq!(path.last().map(|(guess, _, _)| *guess), Some(secret));
            total += path.len() as u64;
        }
        assert_eq!(total, stats.total);
    }

    #[test]
    fn every_strategy_finds_every_secret_of_a_small_game() {
        let variant = Variant {
            name: "3of5",
            positions: 3,
            symbols: 5,
            repeats: false,
            scoring: crate::Scoring::Standard,
        };
        let table = FeedbackTable::new(variant).unwrap();
        for strategy in Strategy::ALL {
            let tree = build_tree(&table, strategy, 1, &mut NoProgress).unwrap();
            check_by_replay(&tree, &table.codes);
        }
    }

    #[test]
    fn the_four_of_ten_trees_have_the_known_totals() {
        let table = FeedbackTable::new(Variant::FOUR_OF_TEN).unwrap();
        for (strategy, total, worst) in
            [(Strategy::MostParts, 26_751, 8), (Strategy::Minimax, 27_139, 7), (Strategy::Entropy, 26_424, 8)]
        {
            let tree = build_tree(&table, strategy, 1, &mut NoProgress).unwrap();
            let stats = tree.stats();
            assert_eq!((stats.total, stats.worst), (total, worst), "{}", strategy.name());
            check_by_replay(&tree, &table.codes);
        }
    }

    #[test]
    fn mastermind_minimax_needs_five_guesses_at_worst() {
        let table = FeedbackTable::new(Variant::MASTERMIND).unwrap();
        let tree = build_tree(&table, Strategy::Minimax, 1, &mut NoProgress).unwrap();
        assert_eq!(tree.stats().worst, 5);
        // Knuth's first guess: 1122, the smallest such code being 0011.
        assert_eq!(table.codes.text(tree.nodes[0].guess as usize), "0011");
        check_by_replay(&tree, &table.codes);
    }

    #[test]
    fn random_trees_depend_on_the_seed_only_and_big_variants_need_no_table() {
        let codes = Variant::FOUR_OF_TEN.codes();
        let first = build_random_tree(&codes, 5, &mut NoProgress).unwrap();
        assert_eq!(first, build_random_tree(&codes, 5, &mut NoProgress).unwrap());
        check_by_replay(&first, &codes);
        let letters = Variant::FOUR_OF_26.codes();
        let all: Vec<u32> = (0..letters.len() as u32).collect();
        assert!(matches!(
            build_from(Answers::Computed(&letters), Strategy::Minimax, all, 1, &mut NoProgress),
            Err(StrategyError::TooManyCodes(..))
        ));
    }

    #[test]
    fn a_conflicting_answer_is_named_and_consistent_codes_fit_every_answer() {
        let table = FeedbackTable::new(Variant::FOUR_OF_TEN).unwrap();
        let answers = Answers::Table(&table);
        let codes = &table.codes;
        let guess = |text: &str| codes.parse(text).unwrap();
        // The secret 8021: 0123 gets 1 A (the 2) and 2 B (the 0 and the 1); 4567 nothing.
        let history =
            vec![(guess("0123"), Feedback { a: 1, b: 2 }), (guess("4567"), Feedback { a: 0, b: 0 })];
        let possible = consistent_codes(answers, &history);
        assert!(possible.contains(&(guess("8021") as u32)));
        assert!(possible.iter().all(|&code| {
            history
                .iter()
                .all(|&(g, f)| codes.variant.feedback(codes.code(g), codes.code(code as usize)) == f)
        }));
        assert_eq!(first_conflict(answers, &history), None);
        // No code has 0123 with 4 B and 0 B from 3210.
        let conflicting = vec![
            (guess("4567"), Feedback { a: 0, b: 0 }),
            (guess("0123"), Feedback { a: 0, b: 4 }),
            (guess("3210"), Feedback { a: 0, b: 0 }),
        ];
        assert_eq!(first_conflict(answers, &conflicting), Some(2));
    }

    #[test]
    fn the_letters_example_shows_why_random_consistent_loses() {
        let (random, _) = letters_example(Strategy::RandomConsistent, 1, &mut NoProgress).unwrap();
        let (entropy, codes) = letters_example(Strategy::Entropy, 1, &mut NoProgress).unwrap();
        let (random, smart) = (random.stats(), entropy.stats());
        assert_eq!((random.secrets, smart.secrets), (23, 23));
        // Each consistent guess rules out one letter: 1 + 2 + ... + 23 guesses.
        assert_eq!((random.total, random.worst), (276, 23));
        assert!(smart.total < random.total / 2, "{smart:?}");
        // The first guess tries four new letters, which cannot be the secret.
        let first = codes.text(entropy.nodes[0].guess as usize);
        assert!(!first.starts_with("ABC"), "{first}");
    }
}
