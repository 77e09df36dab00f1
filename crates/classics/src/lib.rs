//! Classics: small problems from contests and write-ups, each with its solver, a brute-force
//! oracle in the tests and a figure a reader can check.
//!
//! - [`tournaments`]: can seven players always be split into two rooms with no cyclic triple?
//! - [`primes`]: primes that are sums of consecutive primes, P(n, k).
//! - [`quality`]: IOI 2010 Quality of Living, the smallest median of an H x W rectangle.
//! - [`codejam`]: the eight problems of Code Jam 2018's practice session and qualification round.

pub mod codejam;
pub mod primes;
pub mod quality;
pub mod tournaments;

/// A problem of the collection, as the panel lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Problem {
    /// [`tournaments`].
    Tournaments,
    /// [`primes`].
    Primes,
    /// [`quality`].
    Quality,
    /// One of [`codejam::CodeJamProblem`].
    CodeJam(codejam::CodeJamProblem),
}

impl Problem {
    /// Every problem, in the order the panel lists them.
    pub fn all() -> Vec<Problem> {
        let mut all = vec![Problem::Tournaments, Problem::Primes, Problem::Quality];
        all.extend(codejam::CodeJamProblem::ALL.iter().map(|&problem| Problem::CodeJam(problem)));
        all
    }

    /// The title shown in the list.
    pub fn title(self) -> &'static str {
        match self {
            Problem::Tournaments => "Tournament rooms",
            Problem::Primes => "Sums of consecutive primes",
            Problem::Quality => "Quality of Living (IOI 2010)",
            Problem::CodeJam(problem) => problem.title(),
        }
    }
}

/// Why a classics solver gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClassicsError {
    /// Bad input: one line naming the problem.
    #[error("{0}")]
    Input(String),
    /// The work was cancelled.
    #[error("cancelled")]
    Cancelled,
}

impl ClassicsError {
    /// A bad-input error with this message.
    pub fn input(message: impl Into<String>) -> Self {
        Self::Input(message.into())
    }
}

impl From<curio_core::progress::Cancelled> for ClassicsError {
    fn from(_: curio_core::progress::Cancelled) -> Self {
        Self::Cancelled
    }
}
