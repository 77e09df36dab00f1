//! Weighted-feature policies: a weight per feature, a search over the current piece's
//! placements (depth 1) or over the current and the next piece's (depth 2), and the presets
//! from the literature.

use super::board::{Board, Drop, Placement};
use super::features::{FEATURE_COUNT, Feature, FeatureMask, compute};
use super::incremental::{BoardFeatures, Scored};
use super::piece::Piece;
use std::collections::BTreeMap;

/// A weight for each feature of a set; the features outside the set weigh nothing. Two tables
/// are equal when they weigh the same features the same, in whatever order they list them.
#[derive(Clone, Debug)]
pub struct Weights {
    features: Vec<Feature>,
    values: [f64; FEATURE_COUNT],
    mask: FeatureMask,
}

impl PartialEq for Weights {
    fn eq(&self, other: &Self) -> bool {
        self.mask == other.mask && self.values == other.values
    }
}

/// Why a weight table is not usable.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum WeightsError {
    /// A name is not a feature.
    #[error("unknown feature '{0}' (features: {names})", names = feature_names())]
    UnknownFeature(String),
    /// A weight is NaN or infinite.
    #[error("the weight of '{0}' is not a finite number")]
    NotFinite(String),
    /// No feature has a weight.
    #[error("the weights name no feature")]
    Empty,
    /// A feature set is missing a feature its weights need.
    #[error("the weights lack feature '{0}'")]
    Missing(String),
}

fn feature_names() -> String {
    Feature::ALL.map(Feature::name).join(", ")
}

impl Weights {
    /// Weights over `features`, in that order, with `values`.
    pub fn new(features: &[Feature], values: &[f64]) -> Result<Self, WeightsError> {
        if features.is_empty() {
            return Err(WeightsError::Empty);
        }
        let mut table = [0.0; FEATURE_COUNT];
        for (feature, &value) in features.iter().zip(values) {
            if !value.is_finite() {
                return Err(WeightsError::NotFinite(feature.name().to_string()));
            }
            table[feature.index()] = value;
        }
        if let Some(feature) = features.get(values.len()) {
            return Err(WeightsError::Missing(feature.name().to_string()));
        }
        Ok(Self { features: features.to_vec(), values: table, mask: FeatureMask::of(features) })
    }

    /// Weights from a map of feature names to values.
    pub fn from_map(map: &BTreeMap<String, f64>) -> Result<Self, WeightsError> {
        let mut features = Vec::new();
        let mut values = Vec::new();
        for (name, &value) in map {
            let feature =
                Feature::from_name(name).ok_or_else(|| WeightsError::UnknownFeature(name.clone()))?;
            features.push(feature);
            values.push(value);
        }
        // Keep the library's order, whatever order the file had.
        let mut pairs: Vec<(Feature, f64)> = features.into_iter().zip(values).collect();
        pairs.sort_by_key(|pair| pair.0);
        let (features, values): (Vec<Feature>, Vec<f64>) = pairs.into_iter().unzip();
        Self::new(&features, &values)
    }

    /// The weights as a map of feature names to values.
    pub fn to_map(&self) -> BTreeMap<String, f64> {
        self.features
            .iter()
            .map(|feature| (feature.name().to_string(), self.values[feature.index()]))
            .collect()
    }

    /// The features that have weights, in order.
    pub fn features(&self) -> &[Feature] {
        &self.features
    }

    /// The weights of [`Weights::features`], in order.
    pub fn values(&self) -> Vec<f64> {
        self.features.iter().map(|feature| self.values[feature.index()]).collect()
    }

    /// The weight of `feature` (0 when it has none).
    pub fn weight(&self, feature: Feature) -> f64 {
        self.values[feature.index()]
    }

    /// The score of a feature vector.
    #[inline(always)]
    pub fn score(&self, values: &[f64; FEATURE_COUNT]) -> f64 {
        // Four independent sums (one SIMD register) instead of one chain of dependent adds.
        let mut lanes = [0.0; 4];
        for (weights, values) in self.values.chunks(4).zip(values.chunks(4)) {
            for ((lane, weight), value) in lanes.iter_mut().zip(weights).zip(values) {
                *lane += weight * value;
            }
        }
        (lanes[0] + lanes[1]) + (lanes[2] + lanes[3])
    }

    /// The features this table reads.
    pub fn mask(&self) -> FeatureMask {
        self.mask
    }
}

/// A named feature set the optimisers search over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum FeatureSet {
    /// The GA write-up's seven.
    Seed,
    /// Dellacherie's six.
    Dellacherie,
    /// Dellacherie's six plus hole depth and rows with holes (the set BCTS was tuned on).
    Bcts,
    /// The BCTS eight plus pattern diversity.
    BctsDiversity,
}

impl FeatureSet {
    /// Every set.
    pub const ALL: [FeatureSet; 4] =
        [FeatureSet::Seed, FeatureSet::Dellacherie, FeatureSet::Bcts, FeatureSet::BctsDiversity];

    /// The set's name.
    pub fn name(&self) -> &'static str {
        match self {
            FeatureSet::Seed => "seed",
            FeatureSet::Dellacherie => "dellacherie",
            FeatureSet::Bcts => "bcts",
            FeatureSet::BctsDiversity => "bcts-diversity",
        }
    }

    /// The features of the set.
    pub fn features(self) -> &'static [Feature] {
        use Feature::*;
        match self {
            FeatureSet::Seed => {
                &[BlockHeights, LinesCleared, Holes, Blockades, BlockEdges, WallEdges, FloorEdges]
            }
            FeatureSet::Dellacherie => &DELLACHERIE_TO_DIVERSITY[..6],
            FeatureSet::Bcts => &DELLACHERIE_TO_DIVERSITY[..8],
            FeatureSet::BctsDiversity => &DELLACHERIE_TO_DIVERSITY,
        }
    }
}

/// Dellacherie's six, then Thiery & Scherrer's hole depth and rows with holes (the BCTS eight),
/// then pattern diversity: each longer set extends the one before.
const DELLACHERIE_TO_DIVERSITY: [Feature; 9] = [
    Feature::LandingHeight,
    Feature::ErodedCells,
    Feature::RowTransitions,
    Feature::ColumnTransitions,
    Feature::Holes,
    Feature::CumulativeWells,
    Feature::HoleDepth,
    Feature::RowsWithHoles,
    Feature::PatternDiversity,
];

/// A published weight set, with where it comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Preset {
    /// The name `--weights` takes.
    pub name: &'static str,
    /// Where the weights come from.
    pub source: &'static str,
    /// The features and their weights.
    pub weights: &'static [(Feature, f64)],
}

impl Preset {
    /// The preset's weights.
    pub fn weights(&self) -> Weights {
        let (features, values): (Vec<Feature>, Vec<f64>) = self.weights.iter().copied().unzip();
        Weights::new(&features, &values).expect("presets are valid")
    }

    /// The preset called `name`.
    pub fn named(name: &str) -> Option<&'static Preset> {
        PRESETS.iter().find(|preset| preset.name == name)
    }
}

/// The shipped presets.
pub const PRESETS: &[Preset] = {
    use Feature::*;
    &[
        Preset {
            name: "dellacherie",
            source: "Pierre Dellacherie's hand-tuned one-piece player (2003), as in Colin Fahey's \
                     Standard Tetris sources and mdptetris",
            weights: &[
                (LandingHeight, -1.0),
                (ErodedCells, 1.0),
                (RowTransitions, -1.0),
                (ColumnTransitions, -1.0),
                (Holes, -4.0),
                (CumulativeWells, -1.0),
            ],
        },
        Preset {
            name: "bcts",
            source: "BCTS, Thiery & Scherrer 2009 (cross-entropy on 8 features), mdptetris \
                     data/features/record_du.dat",
            weights: &[
                (LandingHeight, -12.6290),
                (ErodedCells, 6.601974),
                (RowTransitions, -9.215815),
                (ColumnTransitions, -19.77356),
                (Holes, -13.08335),
                (CumulativeWells, -10.48747),
                (HoleDepth, -1.611863),
                (RowsWithHoles, -24.04087),
            ],
        },
        Preset {
            name: "seed-initial",
            source: "the GA write-up's hand-picked weights (blockades: no value given, 0)",
            weights: &[
                (BlockHeights, -0.03),
                (LinesCleared, 8.0),
                (Holes, -7.5),
                (Blockades, 0.0),
                (BlockEdges, 3.0),
                (WallEdges, 2.5),
                (FloorEdges, 5.0),
            ],
        },
        Preset {
            name: "seed-ga-1",
            source: "the GA write-up's first genetic-algorithm result (blockades: not given, 0)",
            weights: &[
                (BlockHeights, -3.78),
                (LinesCleared, 1.6),
                (Holes, -2.31),
                (Blockades, 0.0),
                (BlockEdges, 3.97),
                (WallEdges, 6.52),
                (FloorEdges, 0.65),
            ],
        },
        Preset {
            name: "seed-ga-2",
            source: "the GA write-up's second genetic-algorithm result, used in its video \
                     (blockades: not given, 0)",
            weights: &[
                (BlockHeights, -3.71),
                (LinesCleared, -1.87),
                (Holes, -4.79),
                (Blockades, 0.0),
                (BlockEdges, 4.8),
                (WallEdges, 3.22),
                (FloorEdges, 3.68),
            ],
        },
    ]
};

/// How far the policy looks ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Depth {
    /// The current piece only.
    One,
    /// The current piece and the next (a placement scores its own value plus the best value
    /// of the next piece after it).
    Two,
}

impl Depth {
    /// Both depths.
    pub const ALL: [Depth; 2] = [Depth::One, Depth::Two];

    /// `1` or `2`.
    pub fn name(&self) -> &'static str {
        match self {
            Depth::One => "1",
            Depth::Two => "2",
        }
    }
}

/// The value of a placement that ends the game.
pub const GAME_OVER: f64 = f64::NEG_INFINITY;

/// The value of a placement after which every placement of the next piece ends the game: worse
/// than any other but better than ending the game now.
const DOOMED: f64 = -1e300;

/// The policy's choice for one piece.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    /// Where the piece goes.
    pub placement: Placement,
    /// What dropping it there does.
    pub drop: Drop,
    /// Its value ([`GAME_OVER`] when every placement ends the game).
    pub value: f64,
    /// Placements scored to decide.
    pub evaluations: u64,
}

/// A weighted-feature player.
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    /// The weights.
    pub weights: Weights,
    /// How far it looks ahead.
    pub depth: Depth,
}

impl Policy {
    /// A depth-1 policy with `weights`.
    pub fn new(weights: Weights) -> Self {
        Self { weights, depth: Depth::One }
    }

    /// The best placement of `piece` on `board` (`next` is used at depth 2), among every
    /// straight drop or, when `reachable` is true, the drops the reachability rule allows.
    /// `None` when the piece has no placement at all (it cannot even appear).
    pub fn choose(
        &self,
        board: &Board,
        piece: Piece,
        next: Option<Piece>,
        reachable: bool,
    ) -> Option<Choice> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") && std::arch::is_x86_feature_detected!("lzcnt") {
            // SAFETY: the processor has the instructions `choose_with_bit_instructions` is
            // compiled for (checked just above).
            return unsafe { self.choose_with_bit_instructions(board, piece, next, reachable) };
        }
        self.choose_portable(board, piece, next, reachable)
    }

    /// [`Policy::choose`] compiled with the popcount and leading-zero-count instructions, which
    /// the baseline x86-64 target lacks (the features count bits in nearly every line).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1")]
    fn choose_with_bit_instructions(
        &self,
        board: &Board,
        piece: Piece,
        next: Option<Piece>,
        reachable: bool,
    ) -> Option<Choice> {
        self.choose_portable(board, piece, next, reachable)
    }

    #[inline(always)]
    fn choose_portable(
        &self,
        board: &Board,
        piece: Piece,
        next: Option<Piece>,
        reachable: bool,
    ) -> Option<Choice> {
        let mut evaluations = 0;
        // The best placement, its value, and the drop when depth 2 already made it.
        let mut best: Option<(Placement, f64, Option<Drop>)> = None;
        let features = BoardFeatures::new(board, self.weights.mask());
        let reachable_placements = if reachable { board.reachable_placements(piece) } else { Vec::new() };
        let mut all = board.placements(piece);
        let mut reachable_iter = reachable_placements.iter();
        loop {
            let placement = if reachable { reachable_iter.next().copied() } else { all.next() };
            let Some(placement) = placement else { break };
            let rotation = &piece.rotations()[placement.rotation as usize];
            let column = placement.column as usize;
            let scored = features.score(rotation, column);
            let mut value = self.value(&scored);
            evaluations += 1;
            let mut drop = None;
            if let (Depth::Two, Some(next), false) = (self.depth, next, scored.game_over) {
                let made = board.place(rotation, column, scored.row);
                let follow = self.best_value(&made.after, next, reachable, &mut evaluations);
                value = if follow == GAME_OVER { DOOMED } else { value + follow };
                drop = Some(made);
            }
            if best.as_ref().is_none_or(|choice| value > choice.1) {
                best = Some((placement, value, drop));
            }
        }
        best.map(|(placement, value, drop)| {
            let drop = drop.unwrap_or_else(|| {
                board.drop_piece(&piece.rotations()[placement.rotation as usize], placement.column as usize)
            });
            Choice { placement, drop, value, evaluations }
        })
    }

    /// The value of a scored placement ([`GAME_OVER`] when the drop ends the game).
    #[inline(always)]
    fn value(&self, scored: &Scored) -> f64 {
        if scored.game_over { GAME_OVER } else { self.weights.score(&scored.values) }
    }

    /// The best depth-1 value of `piece` on `board` ([`GAME_OVER`] when every placement ends it).
    #[inline(always)]
    fn best_value(&self, board: &Board, piece: Piece, reachable: bool, evaluations: &mut u64) -> f64 {
        let features = BoardFeatures::new(board, self.weights.mask());
        let mut best = GAME_OVER;
        let mut consider = |placement: Placement| {
            *evaluations += 1;
            let rotation = &piece.rotations()[placement.rotation as usize];
            best = best.max(self.value(&features.score(rotation, placement.column as usize)));
        };
        if reachable {
            board.reachable_placements(piece).into_iter().for_each(&mut consider);
        } else {
            board.placements(piece).for_each(&mut consider);
        }
        best
    }

    /// The feature values of dropping `piece` at `placement` on `board` (every feature).
    pub fn features_of(board: &Board, piece: Piece, placement: Placement) -> [f64; FEATURE_COUNT] {
        let rotation = &piece.rotations()[placement.rotation as usize];
        let drop = board.drop_piece(rotation, placement.column as usize);
        compute(board, rotation, placement.column as usize, &drop, FeatureMask(u32::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weight_maps_round_trip_and_reject_bad_input() {
        let bcts = Preset::named("bcts").unwrap().weights();
        assert_eq!(Weights::from_map(&bcts.to_map()).unwrap(), bcts);
        let mut map = BTreeMap::new();
        map.insert("holes".to_string(), f64::NAN);
        assert_eq!(Weights::from_map(&map), Err(WeightsError::NotFinite("holes".into())));
        map.clear();
        map.insert("height".to_string(), 1.0);
        assert!(matches!(Weights::from_map(&map), Err(WeightsError::UnknownFeature(_))));
        assert_eq!(Weights::from_map(&BTreeMap::new()), Err(WeightsError::Empty));
    }

    #[test]
    fn every_preset_is_valid() {
        for preset in PRESETS {
            assert!(!preset.weights().features().is_empty(), "{}", preset.name);
        }
    }

    #[test]
    fn the_policy_takes_the_line_when_it_is_there() {
        // A 4-wide board with a one-wide gap at the right: Dellacherie drops the vertical I there.
        let board = Board::from_rows(4, 8, &["###.", "###.", "###.", "###."]).unwrap();
        let policy = Policy::new(Preset::named("dellacherie").unwrap().weights());
        let choice = policy.choose(&board, Piece::I, None, false).unwrap();
        assert_eq!(choice.placement, Placement { rotation: 1, column: 3 });
        assert_eq!(choice.drop.lines, 4);
        // One lying placement and four standing ones.
        assert_eq!(choice.evaluations, 5);
    }

    #[test]
    fn the_policy_avoids_game_ending_placements_while_another_exists() {
        // Only column 3 is low enough for a vertical I on this 4x4 board... any flat I on top
        // ends the game; the policy must not pick it even if the weights like height.
        let board = Board::from_rows(4, 4, &["###.", "###.", "###.", "...."]).unwrap();
        let weights = Weights::new(&[Feature::LandingHeight], &[1000.0]).unwrap();
        let choice = Policy::new(weights).choose(&board, Piece::I, None, false).unwrap();
        assert!(!choice.drop.game_over);
        assert!(choice.value.is_finite());
    }

    #[test]
    fn depth_two_sees_the_next_piece() {
        // The current O cannot clear; depth 2 places it where the next I then clears 2 rows.
        let board = Board::from_rows(6, 8, &["####..", "####.."]).unwrap();
        let weights = Preset::named("dellacherie").unwrap().weights();
        let deep = Policy { weights: weights.clone(), depth: Depth::Two };
        let choice = deep.choose(&board, Piece::O, Some(Piece::I), false).unwrap();
        assert_eq!(choice.drop.lines, 2, "the O fills the gap");
        assert!(choice.evaluations > 5 * 9, "each O placement looks at the I's placements");
    }
}
