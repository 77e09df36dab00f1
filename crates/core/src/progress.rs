//! The progress sink that long-running domain code reports to.
//!
//! Solvers take `&mut impl Progress` and call it at natural checkpoints. The CLI implements it
//! with an indicatif bar, the GUI with a job channel, tests with [`NoProgress`]. A sink returns
//! [`ControlFlow::Break`] to ask the caller to stop early (cancel).

use std::ops::ControlFlow;

/// A domain sample streamed while a job runs (for example one fitness point per generation).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Name of the series the sample belongs to.
    pub series: &'static str,
    /// Horizontal value (step, generation, game number).
    pub x: f64,
    /// Vertical value.
    pub y: f64,
}

/// Receives progress from domain code and may ask it to stop.
pub trait Progress {
    /// Reports `done` of `total` units with a short message. Returns `Break` to cancel.
    fn report(&mut self, done: u64, total: u64, message: &str) -> ControlFlow<()>;

    /// Streams one domain sample; the default ignores it.
    fn sample(&mut self, sample: Sample) -> ControlFlow<()> {
        let _ = sample;
        ControlFlow::Continue(())
    }
}

/// A borrowed sink is a sink (so `&mut dyn Progress` goes where `&mut impl Progress` is asked).
impl<P: Progress + ?Sized> Progress for &mut P {
    fn report(&mut self, done: u64, total: u64, message: &str) -> ControlFlow<()> {
        (**self).report(done, total, message)
    }

    fn sample(&mut self, sample: Sample) -> ControlFlow<()> {
        (**self).sample(sample)
    }
}

/// A sink that ignores everything and never cancels.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn report(&mut self, _done: u64, _total: u64, _message: &str) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// Error returned by domain code that honoured a cancel request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cancelled")]
pub struct Cancelled;

/// Turns a sink's answer into a `Result`, for use with `?` in domain code.
pub fn check(flow: ControlFlow<()>) -> Result<(), Cancelled> {
    match flow {
        ControlFlow::Continue(()) => Ok(()),
        ControlFlow::Break(()) => Err(Cancelled),
    }
}
