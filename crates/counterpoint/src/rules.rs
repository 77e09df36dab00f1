//! The rules: each with a name, a severity and where it comes from. docs/counterpoint.md lists
//! them with their sources in full.

use serde::{Deserialize, Serialize};

/// Whether breaking a rule makes a piece wrong (hard) or only worse (soft).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Never broken by a generated piece; the checker's exit status reports it.
    Hard,
    /// Counted against a piece: the generators prefer pieces that break fewer.
    Soft,
}

/// A rule of the species.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// A melodic move other than a second, third, perfect fourth, perfect fifth, ascending minor
    /// sixth or octave (augmented and diminished moves, sevenths, major sixths included).
    ForbiddenMove,
    /// A leap of a fourth or more not followed by a step the other way.
    LeapRecovery,
    /// Two leaps in a row in the same direction.
    ConsecutiveLeaps,
    /// A line rising or falling through a tritone between its turning points.
    OutlinedTritone,
    /// A note outside the voice's range.
    Range,
    /// A melody spanning more than a tenth.
    Span,
    /// The highest note reached more than once.
    Climax,
    /// The same pitch struck twice in a row.
    RepeatedNote,
    /// Fewer than half of the melody's moves are steps (two in three for a cantus firmus).
    FewSteps,
    /// A line swinging between two notes (x y x y).
    Oscillation,
    /// A leap larger than a fifth (the minor sixth up, the octave).
    LargeLeap,
    /// A cantus firmus spanning less than a fifth.
    Compass,
    /// The cantus does not begin and end on the final, or does not reach the final by step.
    CantusEnds,
    /// A note outside the mode other than the raised leading tone of the cadence.
    Chromatic,
    /// A dissonance on a downbeat that is not a suspension.
    DissonantDownbeat,
    /// A dissonance off the beat that is not a passing tone (or a neighbour note, from the
    /// third species on).
    WeakDissonance,
    /// A suspension not prepared by a consonance or not resolved down by step to a consonance.
    Suspension,
    /// The first interval of two voices is not a perfect consonance (only the unison or octave
    /// under a cantus above); among more voices, a dissonance over the bass.
    Opening,
    /// The last interval is not a unison or octave (or a fifth or major third among three or
    /// more voices).
    Final,
    /// A unison between two voices anywhere but the first and last bar.
    Unison,
    /// Two voices moving from a fifth to a fifth (or a twelfth), in similar or contrary motion.
    ParallelFifths,
    /// Two voices moving from an octave or unison to another, in similar or contrary motion.
    ParallelOctaves,
    /// Two voices reaching a fifth or octave by similar motion.
    DirectPerfect,
    /// Perfect fifths or octaves on successive downbeats, with a note between.
    DownbeatParallels,
    /// More than three parallel thirds or sixths in a row.
    ParallelImperfect,
    /// A lower voice above an upper one.
    Crossing,
    /// A voice moving past where its neighbour just was.
    Overlap,
    /// Voices too far apart.
    Spacing,
    /// The ending is not the mode's cadence: a step down to the final against the leading
    /// tone's semitone up (in phrygian, the semitone down against a whole tone up).
    Cadence,
}

impl Rule {
    /// Every rule.
    pub const ALL: [Rule; 29] = [
        Rule::ForbiddenMove,
        Rule::LeapRecovery,
        Rule::ConsecutiveLeaps,
        Rule::OutlinedTritone,
        Rule::Range,
        Rule::Span,
        Rule::Climax,
        Rule::RepeatedNote,
        Rule::FewSteps,
        Rule::Oscillation,
        Rule::LargeLeap,
        Rule::Compass,
        Rule::CantusEnds,
        Rule::Chromatic,
        Rule::DissonantDownbeat,
        Rule::WeakDissonance,
        Rule::Suspension,
        Rule::Opening,
        Rule::Final,
        Rule::Unison,
        Rule::ParallelFifths,
        Rule::ParallelOctaves,
        Rule::DirectPerfect,
        Rule::DownbeatParallels,
        Rule::ParallelImperfect,
        Rule::Crossing,
        Rule::Overlap,
        Rule::Spacing,
        Rule::Cadence,
    ];

    /// Its name, kebab case, as the CLI and the docs print it.
    pub fn name(self) -> &'static str {
        match self {
            Rule::ForbiddenMove => "forbidden-move",
            Rule::LeapRecovery => "leap-recovery",
            Rule::ConsecutiveLeaps => "consecutive-leaps",
            Rule::OutlinedTritone => "outlined-tritone",
            Rule::Range => "range",
            Rule::Span => "span",
            Rule::Climax => "climax",
            Rule::RepeatedNote => "repeated-note",
            Rule::FewSteps => "few-steps",
            Rule::Oscillation => "oscillation",
            Rule::LargeLeap => "large-leap",
            Rule::Compass => "compass",
            Rule::CantusEnds => "cantus-ends",
            Rule::Chromatic => "chromatic",
            Rule::DissonantDownbeat => "dissonant-downbeat",
            Rule::WeakDissonance => "weak-dissonance",
            Rule::Suspension => "suspension",
            Rule::Opening => "opening",
            Rule::Final => "final",
            Rule::Unison => "unison",
            Rule::ParallelFifths => "parallel-fifths",
            Rule::ParallelOctaves => "parallel-octaves",
            Rule::DirectPerfect => "direct-perfect",
            Rule::DownbeatParallels => "downbeat-parallels",
            Rule::ParallelImperfect => "parallel-imperfect",
            Rule::Crossing => "crossing",
            Rule::Overlap => "overlap",
            Rule::Spacing => "spacing",
            Rule::Cadence => "cadence",
        }
    }

    /// Hard or soft.
    pub fn severity(self) -> Severity {
        match self {
            Rule::LeapRecovery
            | Rule::ConsecutiveLeaps
            | Rule::OutlinedTritone
            | Rule::Span
            | Rule::Climax
            | Rule::RepeatedNote
            | Rule::FewSteps
            | Rule::Oscillation
            | Rule::LargeLeap
            | Rule::Compass
            | Rule::DownbeatParallels
            | Rule::ParallelImperfect
            | Rule::Overlap
            | Rule::Spacing => Severity::Soft,
            _ => Severity::Hard,
        }
    }

    /// What a soft violation costs a piece in the generators' score (hard rules: 0, they are
    /// never broken).
    pub fn weight(self) -> u32 {
        match self {
            Rule::Climax | Rule::FewSteps | Rule::DownbeatParallels | Rule::Compass => 3,
            Rule::Oscillation => 2,
            Rule::LeapRecovery | Rule::OutlinedTritone | Rule::RepeatedNote | Rule::Overlap => 2,
            Rule::ConsecutiveLeaps
            | Rule::Span
            | Rule::ParallelImperfect
            | Rule::Spacing
            | Rule::LargeLeap => 1,
            _ => 0,
        }
    }

    /// The rule named `name`.
    pub fn parse(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|rule| rule.name() == name)
    }

    /// Where the rule comes from (short; docs/counterpoint.md cites in full).
    pub fn source(self) -> &'static str {
        match self {
            Rule::ForbiddenMove | Rule::Range | Rule::Chromatic | Rule::CantusEnds => {
                "Fux, Gradus ad Parnassum (1725), first species, melodic rules"
            }
            Rule::LeapRecovery
            | Rule::ConsecutiveLeaps
            | Rule::Climax
            | Rule::FewSteps
            | Rule::Span
            | Rule::Oscillation
            | Rule::LargeLeap
            | Rule::Compass => "Jeppesen, Counterpoint (1931), the melodic line",
            Rule::OutlinedTritone => "Fux, Gradus: mi contra fa (the tritone outlined)",
            Rule::RepeatedNote => "Fux, Gradus: repetition used sparingly",
            Rule::DissonantDownbeat | Rule::Opening | Rule::Final | Rule::Unison => {
                "Fux, Gradus, first species"
            }
            Rule::WeakDissonance => "Fux, Gradus, second and third species: the passing tone",
            Rule::Suspension => "Fux, Gradus, fourth species: the ligature",
            Rule::ParallelFifths | Rule::ParallelOctaves | Rule::DirectPerfect | Rule::DownbeatParallels => {
                "Fux, Gradus: the four rules of motion"
            }
            Rule::ParallelImperfect => "Salzer and Schachter, Counterpoint in Composition (1969)",
            Rule::Crossing | Rule::Overlap | Rule::Spacing => {
                "Salzer and Schachter, Counterpoint in Composition, voice leading"
            }
            Rule::Cadence => "Fux, Gradus: the cadence (clausula) of each mode",
        }
    }
}

/// One broken rule: where, by which voices, and how.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Violation {
    /// The rule.
    pub rule: Rule,
    /// Its severity (the rule's).
    pub severity: Severity,
    /// Bar, from 1.
    pub bar: u32,
    /// Beat in quarter notes, from 1.
    pub beat: u32,
    /// The voices involved (0 = the highest).
    pub voices: Vec<usize>,
    /// What was found, as `P5 to P5 (D4-A4, E4-B4)`.
    pub detail: String,
}
