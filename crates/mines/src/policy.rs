//! The move policy: which move to play next and why (certain cells, then guesses refined by
//! the endgame search, the lookahead, forced 50/50s and isolated regions), and its settings.

use super::board::{Cell, FirstClickRule};
use super::endgame::{self, EndgameLimits};
use super::guess::{self, LookaheadSettings};
use super::solver::{self, BoardView, Rule, SolveError};
use serde::{Deserialize, Serialize};

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Reveal the cell.
    Reveal,
    /// Flag the cell as a mine.
    Flag,
}

/// How a move was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveRule {
    /// The opening click.
    FirstClick,
    /// A number whose covered neighbours are all mines or all safe.
    Trivial,
    /// One number's neighbours contain another's.
    Subset,
    /// Certain by exact enumeration.
    Enumeration,
    /// No certain cell: the least likely mine.
    Guess,
    /// No certain cell, few layouts left: the best move of an exhaustive game-tree search.
    Endgame,
    /// A forced 50/50 that no later move can resolve, guessed before anything else.
    FiftyFifty,
    /// No certain cell: the best move of an exhaustive search of an isolated region, which no
    /// move elsewhere can inform.
    Region,
}

impl MoveRule {
    /// True for rules that prove the cell safe (or a mine); false for the first click and guesses.
    pub fn is_certain(self) -> bool {
        matches!(self, MoveRule::Trivial | MoveRule::Subset | MoveRule::Enumeration)
    }
}

/// Why a move was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Reason {
    /// The rule.
    pub rule: MoveRule,
    /// Mine probability of the cell.
    pub probability: f64,
    /// Cells in the frontier component of the cell (0 off the frontier).
    pub component_size: usize,
    /// False when the probability came from the approximation fallback.
    pub exact: bool,
    /// Chance of winning the game from here with best play (endgame search only).
    pub win_probability: Option<f64>,
}

impl Reason {
    /// One-line explanation for people.
    pub fn describe(&self) -> String {
        let size = if self.component_size > 0 {
            format!(", component of {} cells", self.component_size)
        } else {
            ", off the frontier".to_string()
        };
        let approx = if self.exact { "" } else { " (approximate)" };
        match self.rule {
            MoveRule::FirstClick => {
                "first click: the corner (likeliest to open an area), or (3, 3) when an opening is guaranteed"
                    .to_string()
            }
            MoveRule::Trivial => {
                "trivial rule: a number already has all its mines, or needs all its covered cells".into()
            }
            MoveRule::Subset => "subset rule: one number's covered cells contain another's".into(),
            MoveRule::Enumeration => format!("certain by exact enumeration{size}"),
            MoveRule::Guess => format!("guess: mine probability {:.4}{size}{approx}", self.probability),
            MoveRule::FiftyFifty => format!(
                "forced 50/50: no later move can tell this cell from its partner, so it is guessed first{size}"
            ),
            MoveRule::Endgame => format!(
                "endgame search: mine probability {:.4}, best play wins {:.1}% of the remaining layouts",
                self.probability,
                self.win_probability.unwrap_or(0.0) * 100.0
            ),
            MoveRule::Region => format!(
                "isolated region (no move elsewhere can tell its layouts apart, so its guesses are unavoidable): mine probability {:.4}, best play wins {:.1}% of its layouts{size}",
                self.probability,
                self.win_probability.unwrap_or(0.0) * 100.0
            ),
        }
    }
}

/// One solver move.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Move {
    /// Row of the cell.
    pub row: usize,
    /// Column of the cell.
    pub column: usize,
    /// What to do.
    pub action: Action,
    /// Why.
    pub reason: Reason,
}

/// A refinement of guessing beyond the least likely mine, which can be switched off to measure
/// what it gains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Refinement {
    /// Exhaustive game-tree search when few layouts remain.
    Endgame,
    /// Chance of surviving this guess and the next move among near-safest guesses.
    Lookahead,
    /// Forced 50/50s guessed before other guesses.
    FiftyFifty,
    /// Exhaustive search of an isolated region (whose guesses are unavoidable) before other guesses.
    Regions,
    /// Lookahead scores favour guesses that settle a 50/50 that may form later (part of the
    /// lookahead: off with it).
    LongTermRisk,
}

impl Refinement {
    /// Every refinement, in the order the command line lists them.
    pub const ALL: [Refinement; 5] = [
        Refinement::Endgame,
        Refinement::Lookahead,
        Refinement::FiftyFifty,
        Refinement::Regions,
        Refinement::LongTermRisk,
    ];

    /// The refinement's name as the command line takes it (`--without`) and results show it.
    pub fn name(&self) -> &'static str {
        match self {
            Refinement::Endgame => "endgame",
            Refinement::Lookahead => "lookahead",
            Refinement::FiftyFifty => "fifty-fifty",
            Refinement::Regions => "regions",
            Refinement::LongTermRisk => "long-term-risk",
        }
    }
}

/// The solver with its settings.
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    /// Backtracking node budget per analysis.
    pub node_budget: u64,
    /// Exhaustive endgame search when few layouts remain; `None` turns it off.
    pub endgame: Option<EndgameLimits>,
    /// Two-move lookahead among near-safest guesses; `None` turns it off.
    pub lookahead: Option<LookaheadSettings>,
    /// Guess a forced 50/50 before any other guess.
    pub fifty_fifty: bool,
    /// Play the searched best move of an isolated region before other guesses; `None` turns it off.
    pub regions: Option<EndgameLimits>,
    /// Play one of the write-up's own solvers instead of Curio's (every setting above unused).
    pub write_up: Option<crate::write_up::Ladder>,
}

impl Default for Policy {
    fn default() -> Self {
        Self {
            node_budget: solver::DEFAULT_NODE_BUDGET,
            endgame: Some(EndgameLimits::default()),
            lookahead: Some(LookaheadSettings::default()),
            fifty_fifty: true,
            regions: Some(EndgameLimits::default()),
            write_up: None,
        }
    }
}

/// The numeric settings of the guess refinements that a benchmark can change, to measure other
/// values than the tuned ones (`curio mines bench --cutoff ...`, the panel's Solver settings).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tuning {
    /// Lookahead candidates must reach this fraction of the best safety (0 < cutoff <= 1).
    pub cutoff: f64,
    /// Off-frontier cells join the lookahead candidates only when their safety exceeds this
    /// fraction of the best safety (0..=1; at 1 they never do).
    pub off_frontier_cutoff: f64,
    /// Weight of the safest next cell against the second safest in the lookahead score (0..=1).
    pub blend: f64,
    /// Weight of long-term risk in the lookahead score (0..=10; 0 is the same as switching it off).
    pub risk_weight: f64,
    /// Most layouts the endgame search takes on (1..=`MAX_ENDGAME_LAYOUTS`).
    pub endgame_layouts: usize,
}

/// Most layouts the endgame search may be asked to take on (its listing holds every layout).
pub const MAX_ENDGAME_LAYOUTS: usize = 100_000;

impl Default for Tuning {
    fn default() -> Self {
        let lookahead = LookaheadSettings::default();
        Self {
            cutoff: lookahead.cutoff,
            off_frontier_cutoff: lookahead.off_frontier_cutoff,
            blend: lookahead.best_weight,
            risk_weight: lookahead.risk_weight,
            endgame_layouts: EndgameLimits::default().max_layouts,
        }
    }
}

impl Tuning {
    /// An error naming the first setting out of range.
    pub fn check(&self) -> Result<(), String> {
        if !(self.cutoff > 0.0 && self.cutoff <= 1.0) {
            return Err(format!("cutoff must be above 0 and at most 1, not {}", self.cutoff));
        }
        if !(0.0..=1.0).contains(&self.off_frontier_cutoff) {
            return Err(format!(
                "off-frontier cutoff must be between 0 and 1, not {}",
                self.off_frontier_cutoff
            ));
        }
        if !(0.0..=1.0).contains(&self.blend) {
            return Err(format!("blend must be between 0 and 1, not {}", self.blend));
        }
        if !(0.0..=10.0).contains(&self.risk_weight) {
            return Err(format!("risk weight must be between 0 and 10, not {}", self.risk_weight));
        }
        if !(1..=MAX_ENDGAME_LAYOUTS).contains(&self.endgame_layouts) {
            return Err(format!(
                "endgame layouts must be between 1 and {MAX_ENDGAME_LAYOUTS}, not {}",
                self.endgame_layouts
            ));
        }
        Ok(())
    }

    /// ", cutoff 0.95, blend 0.7" for the settings that differ from the defaults, else empty.
    pub fn describe_changes(&self) -> String {
        let default = Tuning::default();
        let mut parts = Vec::new();
        if self.cutoff != default.cutoff {
            parts.push(format!("cutoff {}", self.cutoff));
        }
        if self.off_frontier_cutoff != default.off_frontier_cutoff {
            parts.push(format!("off-frontier cutoff {}", self.off_frontier_cutoff));
        }
        if self.blend != default.blend {
            parts.push(format!("blend {}", self.blend));
        }
        if self.risk_weight != default.risk_weight {
            parts.push(format!("risk weight {}", self.risk_weight));
        }
        if self.endgame_layouts != default.endgame_layouts {
            parts.push(format!("endgame layouts {}", self.endgame_layouts));
        }
        parts.iter().map(|part| format!(", {part}")).collect()
    }
}

fn from_rule(rule: Rule) -> MoveRule {
    match rule {
        Rule::Trivial => MoveRule::Trivial,
        Rule::Subset => MoveRule::Subset,
        Rule::Enumeration => MoveRule::Enumeration,
    }
}

impl Policy {
    /// This solver with one refinement switched off.
    pub fn without(mut self, refinement: Refinement) -> Self {
        match refinement {
            Refinement::Endgame => self.endgame = None,
            Refinement::Lookahead => self.lookahead = None,
            Refinement::FiftyFifty => self.fifty_fifty = false,
            Refinement::Regions => self.regions = None,
            Refinement::LongTermRisk => {
                if let Some(settings) = &mut self.lookahead {
                    settings.risk_weight = 0.0;
                }
            }
        }
        self
    }

    /// This solver with the numeric settings of `tuning` (refinements switched off stay off).
    pub fn tuned(mut self, tuning: Tuning) -> Self {
        if let Some(settings) = &mut self.lookahead {
            settings.cutoff = tuning.cutoff;
            settings.off_frontier_cutoff = tuning.off_frontier_cutoff;
            settings.best_weight = tuning.blend;
            if settings.risk_weight > 0.0 {
                settings.risk_weight = tuning.risk_weight;
            }
        }
        if let Some(limits) = &mut self.endgame {
            limits.max_layouts = tuning.endgame_layouts;
        }
        self
    }

    /// The numeric settings of this solver (the defaults for refinements switched off).
    pub fn tuning(&self) -> Tuning {
        let default = Tuning::default();
        Tuning {
            cutoff: self.lookahead.map_or(default.cutoff, |settings| settings.cutoff),
            off_frontier_cutoff: self
                .lookahead
                .map_or(default.off_frontier_cutoff, |settings| settings.off_frontier_cutoff),
            blend: self.lookahead.map_or(default.blend, |settings| settings.best_weight),
            risk_weight: self
                .lookahead
                .filter(|settings| settings.risk_weight > 0.0)
                .map_or(default.risk_weight, |settings| settings.risk_weight),
            endgame_layouts: self.endgame.map_or(default.endgame_layouts, |limits| limits.max_layouts),
        }
    }

    /// The refinements switched off.
    pub fn disabled(&self) -> Vec<Refinement> {
        let mut list = Vec::new();
        if self.endgame.is_none() {
            list.push(Refinement::Endgame);
        }
        if self.lookahead.is_none() {
            list.push(Refinement::Lookahead);
        }
        if !self.fifty_fifty {
            list.push(Refinement::FiftyFifty);
        }
        if self.regions.is_none() {
            list.push(Refinement::Regions);
        }
        if self.lookahead.is_some_and(|settings| settings.risk_weight <= 0.0) {
            list.push(Refinement::LongTermRisk);
        }
        list
    }

    /// The certain safe reveals found by the cheapest rule that finds any, or else one guess
    /// (or the first click). Certain mines are returned as flags only alongside safe moves from the
    /// same rule, so auto-play never needs them. Empty when every covered cell is a mine: the
    /// game is won (a board file can describe such a position), and no reveal is left to play.
    pub fn next_moves(&self, view: &BoardView<'_>, rule: FirstClickRule) -> Result<Vec<Move>, SolveError> {
        if let Some(ladder) = self.write_up {
            return crate::write_up::next_moves(view, ladder, rule);
        }
        let width = view.width;
        let at =
            |index: usize, action, reason| Move { row: index / width, column: index % width, action, reason };
        let unrevealed = view.cells.iter().filter(|c| matches!(c, Cell::Covered | Cell::Flagged)).count();
        if unrevealed == view.mines {
            // The analysis still reports a finished or inconsistent board; with every covered
            // cell a mine it has one layout, found by the trivial rule.
            solver::analyze(view, self.node_budget)?;
            return Ok(Vec::new());
        }
        if !view.cells.iter().any(|c| matches!(c, Cell::Revealed(_))) {
            let index = first_click(view.width, view.height, rule);
            // Only an unprotected first click can hit a mine: one of `mines` among every cell.
            let probability = match rule {
                FirstClickRule::None => view.mines as f64 / view.cells.len() as f64,
                FirstClickRule::Safe | FirstClickRule::Opening => 0.0,
            };
            let reason = Reason {
                rule: MoveRule::FirstClick,
                probability,
                component_size: 0,
                exact: true,
                win_probability: None,
            };
            return Ok(vec![at(index, Action::Reveal, reason)]);
        }
        let deductions = solver::deduce(view)?;
        if !deductions.safe.is_empty() {
            let reason = |rule| Reason {
                rule: from_rule(rule),
                probability: 0.0,
                component_size: 0,
                exact: true,
                win_probability: None,
            };
            return Ok(deductions
                .safe
                .iter()
                .map(|&(cell, rule)| at(cell, Action::Reveal, reason(rule)))
                .collect());
        }
        let analysis = solver::analyze(view, self.node_budget)?;
        let component_size =
            |cell: usize| analysis.component_of[cell].map_or(0, |c| analysis.component_sizes[c]);
        if !analysis.safe.is_empty() {
            return Ok(analysis
                .safe
                .iter()
                .map(|&cell| {
                    let reason = Reason {
                        rule: MoveRule::Enumeration,
                        probability: 0.0,
                        component_size: component_size(cell),
                        exact: true,
                        win_probability: None,
                    };
                    at(cell, Action::Reveal, reason)
                })
                .collect());
        }
        let endgame = self
            .endgame
            .filter(|limits| analysis.exact && analysis.log_layouts <= (limits.max_layouts as f64 + 0.5).ln())
            .and_then(|limits| endgame::best_move(view, &limits));
        let searched = match endgame {
            Some(found) => Some((found, MoveRule::Endgame)),
            None => self
                .regions
                .and_then(|limits| endgame::isolated_region_move(view, &analysis, &limits))
                .map(|found| (found, MoveRule::Region)),
        };
        let (cell, rule, win_probability) = match searched {
            Some((found, rule)) => (found.cell, rule, Some(found.win_probability)),
            None => {
                let fifty = if self.fifty_fifty { guess::forced_fifty_fifty(view, &analysis) } else { None };
                match (fifty, &self.lookahead) {
                    (Some(cell), _) => (cell, MoveRule::FiftyFifty, None),
                    (None, Some(settings)) => {
                        (guess::lookahead(view, &analysis, settings, self.node_budget), MoveRule::Guess, None)
                    }
                    (None, None) => (guess::safest(view, &analysis), MoveRule::Guess, None),
                }
            }
        };
        let probability = analysis.probabilities[cell].unwrap_or(1.0);
        let reason = Reason {
            rule,
            probability,
            component_size: component_size(cell),
            exact: analysis.exact,
            win_probability,
        };
        Ok(vec![at(cell, Action::Reveal, reason)])
    }
}

/// The first click: a corner (best chance of a zero), or (3, 3) under the opening rule where
/// the guaranteed 3×3 opening is larger away from the edges.
pub fn first_click(width: usize, height: usize, rule: FirstClickRule) -> usize {
    match rule {
        FirstClickRule::Opening => 3.min(height - 1) * width + 3.min(width - 1),
        FirstClickRule::Safe | FirstClickRule::None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_won_board_has_no_move_left() {
        let moves = |text: &str| {
            let board = crate::text::parse(text).unwrap();
            let view = board.view();
            Policy::default().next_moves(&view, FirstClickRule::Safe)
        };
        // Every safe cell revealed: the last covered cell is the mine, never a move.
        assert_eq!(moves("mines=1\n*1\n11\n"), Ok(Vec::new()));
        assert_eq!(moves("mines=2\nF2*\n121\n000\n"), Ok(Vec::new()));
        // A board with no safe cell at all has no first click either.
        assert_eq!(moves("mines=2\n..\n").map(|m| m.len()), Ok(0));
        // Numbers that the mines cannot satisfy are still reported, the first by its cell.
        assert_eq!(
            moves("mines=1\n.2\n22\n").map(|m| m.len()).map_err(|error| error.to_string()),
            Err("the board is inconsistent: the 2 at row 0, column 1 has only 1 covered neighbours"
                .to_string())
        );
        // One safe cell left: it is played.
        assert_eq!(
            moves("mines=1\n*10\n110\n00.\n").map(|m| (m.len(), m[0].row, m[0].column)),
            Ok((1, 2, 2))
        );
    }

    #[test]
    fn few_layouts_are_searched_and_explained() {
        let board = crate::text::parse("mines=1\n11\n..\n").unwrap();
        let view = board.view();
        let moves = Policy::default().next_moves(&view, FirstClickRule::Safe).unwrap();
        assert_eq!(moves[0].reason.rule, MoveRule::Endgame);
        assert_eq!(moves[0].reason.win_probability, Some(0.5));
        assert!(
            moves[0].reason.describe().contains("best play wins 50.0%"),
            "{}",
            moves[0].reason.describe()
        );
        // Without the whole-board search, the two cells are an isolated region.
        let regional = Policy::default().without(Refinement::Endgame);
        let moves = regional.next_moves(&view, FirstClickRule::Safe).unwrap();
        assert_eq!(moves[0].reason.rule, MoveRule::Region);
        assert_eq!(moves[0].reason.win_probability, Some(0.5));
        assert!(moves[0].reason.describe().starts_with("isolated region"), "{}", moves[0].reason.describe());
        let plain = regional
            .without(Refinement::Lookahead)
            .without(Refinement::FiftyFifty)
            .without(Refinement::Regions);
        assert_eq!(
            plain.disabled(),
            vec![Refinement::Endgame, Refinement::Lookahead, Refinement::FiftyFifty, Refinement::Regions]
        );
        let moves = plain.next_moves(&view, FirstClickRule::Safe).unwrap();
        assert_eq!(moves[0].reason.rule, MoveRule::Guess);
        assert_eq!(moves[0].reason.win_probability, None);
    }

    #[test]
    fn tuning_is_checked_and_read_back_from_the_solver() {
        assert_eq!(Policy::default().tuning(), Tuning::default());
        assert_eq!(Tuning::default().describe_changes(), "");
        let tuning = Tuning {
            cutoff: 0.95,
            off_frontier_cutoff: 0.9,
            blend: 0.7,
            risk_weight: 0.5,
            endgame_layouts: 2000,
        };
        assert_eq!(tuning.check(), Ok(()));
        let solver = Policy::default().tuned(tuning);
        assert_eq!(solver.tuning(), tuning);
        assert_eq!(solver.endgame.map(|limits| limits.max_layouts), Some(2000));
        assert_eq!(
            tuning.describe_changes(),
            ", cutoff 0.95, off-frontier cutoff 0.9, blend 0.7, risk weight 0.5, endgame layouts 2000"
        );
        // A refinement switched off stays off, whatever the tuning.
        let off = Policy::default().without(Refinement::LongTermRisk).tuned(tuning);
        assert_eq!(off.disabled(), vec![Refinement::LongTermRisk]);
        for (bad, needle) in [
            (Tuning { cutoff: 0.0, ..tuning }, "cutoff"),
            (Tuning { cutoff: f64::NAN, ..tuning }, "cutoff"),
            (Tuning { off_frontier_cutoff: -0.1, ..tuning }, "off-frontier cutoff"),
            (Tuning { off_frontier_cutoff: f64::NAN, ..tuning }, "off-frontier cutoff"),
            (Tuning { blend: 1.5, ..tuning }, "blend"),
            (Tuning { risk_weight: -1.0, ..tuning }, "risk weight"),
            (Tuning { endgame_layouts: 0, ..tuning }, "endgame layouts"),
            (Tuning { endgame_layouts: MAX_ENDGAME_LAYOUTS + 1, ..tuning }, "endgame layouts"),
        ] {
            let error = bad.check().expect_err("out of range");
            assert!(error.contains(needle), "{error}");
        }
    }
}
