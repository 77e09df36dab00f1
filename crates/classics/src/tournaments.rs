//! Tournament rooms (a CMOQR problem): every pair of `n` players has played once; can the
//! players always be split into two rooms so that neither room holds a cyclic triple (a beats b,
//! b beats c, c beats a)? For six players always; for seven not: [`enumerate`] decides every
//! labelled tournament, counts the counterexamples and groups them into isomorphism classes.
//!
//! A tournament is a bit per pair: the pairs `(i, j)`, `i < j`, in lexicographic order, bit set
//! when `i` beats `j`. A split is a bit mask of the players in room A (player 0 is always there).

use super::ClassicsError;
use curio_core::progress::Progress;
use curio_core::shard::Shard;

/// Most players [`enumerate`] takes (2^28 tournaments for eight).
pub const MAX_PLAYERS: usize = 8;

/// The players of the official solution's tournament.
pub const OFFICIAL_PLAYERS: usize = 7;

/// A tournament on up to [`MAX_PLAYERS`] players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Tournament {
    /// Players, 1 to [`MAX_PLAYERS`].
    pub players: usize,
    /// A bit per pair, set when the lower-numbered player won (see the module's docs).
    pub code: u32,
}

/// The number of games among `players` players.
pub fn pair_count(players: usize) -> usize {
    players * players.saturating_sub(1) / 2
}

/// The bit of the game between `i` and `j` (`i < j`).
pub fn pair_index(players: usize, i: usize, j: usize) -> usize {
    debug_assert!(i < j && j < players);
    i * (2 * players - i - 1) / 2 + (j - i - 1)
}

/// Every triple `i < j < k` with the bits of its three games (ij, jk, ik).
fn triples(players: usize) -> Vec<([usize; 3], [usize; 3])> {
    let mut all = Vec::new();
    for i in 0..players {
        for j in i + 1..players {
            for k in j + 1..players {
                all.push((
                    [i, j, k],
                    [pair_index(players, i, j), pair_index(players, j, k), pair_index(players, i, k)],
                ));
            }
        }
    }
    all
}

impl Tournament {
    /// The tournament where `i` beats `j` when `rule(i, j)` (asked for `i < j` only).
    pub fn from_rule(players: usize, rule: impl Fn(usize, usize) -> bool) -> Self {
        let mut code = 0;
        for i in 0..players {
            for j in i + 1..players {
                if rule(i, j) {
                    code |= 1 << pair_index(players, i, j);
                }
            }
        }
        Self { players, code }
    }

    /// The official solution's counterexample: `i` beats `j` when `i - j` is 1, 2 or 4 mod 7
    /// (the quadratic residues: the Paley tournament on seven players).
    pub fn official() -> Self {
        Self::from_rule(OFFICIAL_PLAYERS, |i, j| matches!((i + 7 - j) % 7, 1 | 2 | 4))
    }

    /// Whether `a` beat `b` (`a != b`).
    pub fn beats(&self, a: usize, b: usize) -> bool {
        if a < b {
            self.code >> pair_index(self.players, a, b) & 1 == 1
        } else {
            self.code >> pair_index(self.players, b, a) & 1 == 0
        }
    }

    /// Games won by each player.
    pub fn scores(&self) -> Vec<usize> {
        (0..self.players).map(|a| (0..self.players).filter(|&b| b != a && self.beats(a, b)).count()).collect()
    }

    /// Every cyclic triple, each as `[a, b, c]` with a beating b, b beating c, c beating a, and
    /// `a` the lowest-numbered of the three.
    pub fn cyclic_triples(&self) -> Vec<[usize; 3]> {
        triples(self.players)
            .into_iter()
            .filter(|(_, bits)| is_cyclic(self.code, bits))
            .map(|([i, j, k], _)| if self.beats(i, j) { [i, j, k] } else { [i, k, j] })
            .collect()
    }

    /// Whether the players in `room` (a bit mask) hold a cyclic triple among themselves.
    pub fn room_has_cycle(&self, room: u32) -> bool {
        self.cyclic_triples().iter().any(|triple| triple.iter().all(|&player| room >> player & 1 == 1))
    }

    /// A split into two rooms without a cyclic triple in either: room A's mask (it holds
    /// player 0), or `None` when there is none (a counterexample). Tries every split.
    pub fn find_split(&self) -> Option<u32> {
        let all = (1u32 << self.players) - 1;
        let cycles: Vec<u32> =
            self.cyclic_triples().iter().map(|t| t.iter().map(|&p| 1u32 << p).sum()).collect();
        let clean = |room: u32| cycles.iter().all(|&mask| room & mask != mask);
        (0..=all).filter(|room| room & 1 == 1).find(|&room| clean(room) && clean(all & !room))
    }

    /// The tournament with player `p` renamed `permutation[p]`.
    pub fn relabel(&self, permutation: &[usize]) -> Self {
        Self::from_rule(self.players, |i, j| {
            let (a, b) = (permutation.iter().position(|&p| p == i), permutation.iter().position(|&p| p == j));
            match (a, b) {
                (Some(a), Some(b)) => self.beats(a, b),
                _ => false,
            }
        })
    }
}

fn is_cyclic(code: u32, bits: &[usize; 3]) -> bool {
    let ij = code >> bits[0] & 1;
    let jk = code >> bits[1] & 1;
    let ik = code >> bits[2] & 1;
    // i > j > k > i or the reverse: ij and jk agree and ik goes the other way.
    ij == jk && ik != ij
}

/// A set of subsets of at most 8 players: bit `s` for subset `s`.
#[derive(Clone, Copy, PartialEq, Eq)]
struct SubsetSet([u64; 4]);

impl SubsetSet {
    fn or(&mut self, other: &SubsetSet) {
        for (word, other) in self.0.iter_mut().zip(other.0) {
            *word |= other;
        }
    }
}

/// The decision for every tournament at once: for each cyclic triple the subsets that contain
/// it; a tournament has a split when some subset and its complement avoid all of its triples.
struct Decider {
    players: usize,
    triples: Vec<[usize; 3]>,
    supersets: Vec<SubsetSet>,
    full: SubsetSet,
}

impl Decider {
    fn new(players: usize) -> Self {
        let subsets = 1usize << players;
        let mut full = SubsetSet([0; 4]);
        for s in 0..subsets {
            full.0[s / 64] |= 1 << (s % 64);
        }
        let all = triples(players);
        let supersets = all
            .iter()
            .map(|(members, _)| {
                let mask: usize = members.iter().map(|&p| 1 << p).sum();
                let mut set = SubsetSet([0; 4]);
                for s in (0..subsets).filter(|s| s & mask == mask) {
                    set.0[s / 64] |= 1 << (s % 64);
                }
                set
            })
            .collect();
        Self { players, triples: all.into_iter().map(|(_, bits)| bits).collect(), supersets, full }
    }

    /// Whether no split works.
    fn is_counterexample(&self, code: u32) -> bool {
        let mut bad = SubsetSet([0; 4]);
        for (bits, supersets) in self.triples.iter().zip(&self.supersets) {
            if is_cyclic(code, bits) {
                bad.or(supersets);
            }
        }
        // A split is a clean subset whose complement (2^n - 1 - s: the bit order reversed) is
        // clean too.
        let clean: [u64; 4] = std::array::from_fn(|w| !bad.0[w] & self.full.0[w]);
        let bits = 1usize << self.players;
        if bits < 64 {
            return clean[0] & (clean[0].reverse_bits() >> (64 - bits)) == 0;
        }
        let words = bits / 64;
        (0..words).all(|w| clean[w] & clean[words - 1 - w].reverse_bits() == 0)
    }
}

/// One isomorphism class of counterexamples.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Class {
    /// Labelled counterexamples in the class.
    pub size: usize,
    /// The class's canonical form: the smallest code among its members.
    pub canonical: u32,
    /// Scores (games won) of the canonical member, sorted high to low.
    pub scores: Vec<usize>,
    /// Whether the official solution's tournament is in this class.
    pub official: bool,
}

/// What [`enumerate`] found.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Census {
    /// Players.
    pub players: usize,
    /// Labelled tournaments: 2^(pairs).
    pub tournaments: u64,
    /// Labelled tournaments with no split.
    pub counterexamples: u64,
    /// The counterexamples' isomorphism classes, largest first (empty when classes were not
    /// asked for).
    pub classes: Vec<Class>,
    /// Every labelled counterexample's code, ascending (kept when there are at most
    /// [`KEPT_COUNTEREXAMPLES`]).
    pub codes: Vec<u32>,
}

/// Most counterexample codes a [`Census`] keeps.
pub const KEPT_COUNTEREXAMPLES: usize = 10_000_000;

/// Decides every labelled tournament on `players` players (1 to [`MAX_PLAYERS`]), in parallel;
/// with `classes`, groups the counterexamples into isomorphism classes.
pub fn enumerate(
    players: usize,
    classes: bool,
    progress: &mut impl Progress,
) -> Result<Census, ClassicsError> {
    enumerate_shard(players, classes, Shard::WHOLE, progress)
}

/// [`enumerate`] for one shard: the tournaments whose codes fall in the shard's block. Its
/// classes are those whose canonical (smallest) code is in the block, with their full sizes,
/// so the shards' censuses [`Census::merge`] into the whole one.
pub fn enumerate_shard(
    players: usize,
    classes: bool,
    shard: Shard,
    progress: &mut impl Progress,
) -> Result<Census, ClassicsError> {
    if !(1..=MAX_PLAYERS).contains(&players) {
        return Err(ClassicsError::input(format!("players must be 1 to {MAX_PLAYERS}, not {players}")));
    }
    let pairs = pair_count(players);
    let range = shard.range(1u64 << pairs);
    let total = range.end - range.start;
    let decider = Decider::new(players);
    let chunk = 1u64 << pairs.saturating_sub(8).min(20);
    let chunks = total.div_ceil(chunk) as usize;
    let found = curio_core::parallel::map_reporting(
        chunks,
        progress,
        "deciding tournaments",
        (0, chunks as u64),
        |index, stop| {
            let start = range.start + index as u64 * chunk;
            let end = (start + chunk).min(range.end);
            let mut count = 0u64;
            let mut codes = Vec::new();
            for code in start..end {
                if code % 4096 == 0 && stop() {
                    break;
                }
                if decider.is_counterexample(code as u32) {
                    count += 1;
                    if codes.len() < KEPT_COUNTEREXAMPLES {
                        codes.push(code as u32);
                    }
                }
            }
            (count, codes)
        },
    )?;
    let counterexamples = found.iter().map(|(count, _)| count).sum();
    let mut codes: Vec<u32> = found.into_iter().flat_map(|(_, codes)| codes).collect();
    codes.truncate(KEPT_COUNTEREXAMPLES);
    let classes = if classes && counterexamples == codes.len() as u64 {
        group_where(players, &codes, |canonical| range.contains(&u64::from(canonical)))
    } else {
        Vec::new()
    };
    Ok(Census { players, tournaments: total, counterexamples, classes, codes })
}

impl Census {
    /// Adds the census of the next shard (shards in order, so the codes stay ascending).
    pub fn merge(&mut self, other: Census) {
        self.tournaments = self.tournaments.saturating_add(other.tournaments);
        self.counterexamples = self.counterexamples.saturating_add(other.counterexamples);
        self.classes.extend(other.classes);
        self.classes.sort_by(class_order);
        self.codes.extend(other.codes);
        self.codes.truncate(KEPT_COUNTEREXAMPLES);
    }
}

/// Largest class first, then by canonical code.
fn class_order(a: &Class, b: &Class) -> std::cmp::Ordering {
    b.size.cmp(&a.size).then(a.canonical.cmp(&b.canonical))
}

/// Every permutation of `0..n` (Heap's algorithm).
fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut current: Vec<usize> = (0..n).collect();
    let mut all = vec![current.clone()];
    let mut counters = vec![0; n];
    let mut i = 0;
    while i < n {
        if counters[i] < i {
            if i % 2 == 0 {
                current.swap(0, i)
            } else {
                current.swap(counters[i], i)
            }
            all.push(current.clone());
            counters[i] += 1;
            i = 0;
        } else {
            counters[i] = 0;
            i += 1;
        }
    }
    all
}

/// The images of a code under one relabelling: for each game bit, the bit it moves to and
/// whether its winner flips (the new lower-numbered player is the old higher one).
struct Relabelling(Vec<(usize, bool)>);

impl Relabelling {
    fn new(players: usize, permutation: &[usize]) -> Self {
        let mut moves = vec![(0, false); pair_count(players)];
        for i in 0..players {
            for j in i + 1..players {
                let (a, b) = (permutation[i], permutation[j]);
                moves[pair_index(players, i, j)] = if a < b {
                    (pair_index(players, a, b), false)
                } else {
                    (pair_index(players, b, a), true)
                };
            }
        }
        Self(moves)
    }

    fn apply(&self, code: u32) -> u32 {
        let mut out = 0;
        for (bit, &(target, flip)) in self.0.iter().enumerate() {
            if (code >> bit & 1 == 1) != flip {
                out |= 1 << target;
            }
        }
        out
    }
}

/// Groups labelled tournaments (a set closed under relabelling) into isomorphism classes:
/// each class is the orbit of its first member under every relabelling.
pub fn group(players: usize, codes: &[u32]) -> Vec<Class> {
    group_where(players, codes, |_| true)
}

/// The isomorphism classes of the tournaments in `codes` (part of a set closed under
/// relabelling) whose canonical code `keep` accepts, with the full sizes of their orbits.
fn group_where(players: usize, codes: &[u32], keep: impl Fn(u32) -> bool) -> Vec<Class> {
    let relabellings: Vec<Relabelling> =
        permutations(players).iter().map(|p| Relabelling::new(players, p)).collect();
    let official = (players == OFFICIAL_PLAYERS).then(|| Tournament::official().code);
    // A bit per labelled tournament (32 MiB for eight players).
    let mut seen = vec![0u64; (1usize << pair_count(players)).div_ceil(64)];
    let mut classes = Vec::new();
    for &code in codes {
        if seen[code as usize / 64] >> (code % 64) & 1 == 1 {
            continue;
        }
        let mut orbit: Vec<u32> = relabellings.iter().map(|r| r.apply(code)).collect();
        orbit.sort_unstable();
        orbit.dedup();
        let canonical = orbit[0];
        for &member in &orbit {
            seen[member as usize / 64] |= 1 << (member % 64);
        }
        if !keep(canonical) {
            continue;
        }
        let mut scores = Tournament { players, code: canonical }.scores();
        scores.sort_unstable_by(|a, b| b.cmp(a));
        classes.push(Class {
            size: orbit.len(),
            canonical,
            scores,
            official: official.is_some_and(|code| orbit.binary_search(&code).is_ok()),
        });
    }
    classes.sort_by(class_order);
    classes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_indices_are_lexicographic() {
        let mut expected = 0;
        for i in 0..7 {
            for j in i + 1..7 {
                assert_eq!(pair_index(7, i, j), expected);
                expected += 1;
            }
        }
    }

    #[test]
    fn the_official_tournament_is_regular_and_has_no_split() {
        let official = Tournament::official();
        assert_eq!(official.scores(), vec![3; 7]);
        assert!(official.beats(1, 0) && official.beats(2, 0) && official.beats(4, 0) && official.beats(0, 3));
        assert_eq!(official.cyclic_triples().len(), 14);
        assert_eq!(official.find_split(), None);
    }

    #[test]
    fn the_fast_decision_agrees_with_trying_every_split() {
        for players in 3..=6 {
            let decider = Decider::new(players);
            for code in (0..1u32 << pair_count(players)).step_by(7) {
                let tournament = Tournament { players, code };
                assert_eq!(
                    decider.is_counterexample(code),
                    tournament.find_split().is_none(),
                    "{players} {code}"
                );
            }
        }
        let decider = Decider::new(7);
        for code in (0..1u32 << 21).step_by(997).chain([Tournament::official().code]) {
            assert_eq!(
                decider.is_counterexample(code),
                Tournament { players: 7, code }.find_split().is_none()
            );
        }
    }

    #[test]
    fn relabelling_keeps_who_beat_whom() {
        let official = Tournament::official();
        let permutation = [3, 0, 6, 1, 5, 2, 4];
        let moved = Tournament { players: 7, code: Relabelling::new(7, &permutation).apply(official.code) };
        assert_eq!(moved, official.relabel(&permutation));
        for a in 0..7 {
            for b in 0..7 {
                if a != b {
                    assert_eq!(official.beats(a, b), moved.beats(permutation[a], permutation[b]));
                }
            }
        }
        assert_eq!(permutations(5).len(), 120);
    }
}
