//! Background jobs: named threads that report progress, can be cancelled and end with a result.
//!
//! A [`Job`] runs a closure on its own named thread. The closure receives a [`JobReporter`],
//! which implements [`Progress`]: status updates go through a bounded channel (dropped when
//! full, since only the newest matters), samples through the same channel with blocking sends
//! (none are lost), and a cancel flag turns the next report into `ControlFlow::Break`.
//! The owner calls [`Job::poll`] (each GUI frame, or in the CLI's wait loop) to drain updates
//! and collect the result.

use crate::progress::{Progress, Sample};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, TrySendError, sync_channel};
use std::thread::JoinHandle;

/// Capacity of the update channel.
const CHANNEL_CAPACITY: usize = 256;

/// How a job ended without a result.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JobError {
    /// The job stopped because it was asked to.
    #[error("cancelled")]
    Cancelled,
    /// The job failed; the message says why.
    #[error("{0}")]
    Failed(String),
}

/// A minesweeper benchmark run as a job (CLI and panel) ends as cancelled or with its message.
/// It lives here, above the domain, so that domain code never depends on the job layer.
impl From<crate::mines::play::BenchError> for JobError {
    fn from(error: crate::mines::play::BenchError) -> Self {
        match error {
            crate::mines::play::BenchError::Cancelled => JobError::Cancelled,
            other => JobError::Failed(other.to_string()),
        }
    }
}

/// The latest progress of a job.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct JobStatus {
    /// Units done.
    pub done: u64,
    /// Units in all (0 when unknown).
    pub total: u64,
    /// What the job is doing now.
    pub message: String,
}

impl JobStatus {
    /// Fraction done in 0..=1 (0 when the total is unknown).
    pub fn fraction(&self) -> f32 {
        if self.total == 0 { 0.0 } else { (self.done as f64 / self.total as f64).clamp(0.0, 1.0) as f32 }
    }
}

enum Update {
    Status(JobStatus),
    Sample(Sample),
}

/// The job side: a [`Progress`] sink that forwards to the owner and watches the cancel flag.
pub struct JobReporter {
    sender: SyncSender<Update>,
    cancel: Arc<AtomicBool>,
    wake: Option<Arc<dyn Fn() + Send + Sync>>,
}

impl JobReporter {
    /// True once the owner asked the job to stop.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    fn flow(&self) -> ControlFlow<()> {
        if self.is_cancelled() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }

    fn wake(&self) {
        if let Some(wake) = &self.wake {
            wake();
        }
    }
}

impl Progress for JobReporter {
    fn report(&mut self, done: u64, total: u64, message: &str) -> ControlFlow<()> {
        let status = JobStatus { done, total, message: message.to_string() };
        match self.sender.try_send(Update::Status(status)) {
            Ok(()) | Err(TrySendError::Full(_)) => {}
            Err(TrySendError::Disconnected(_)) => return ControlFlow::Break(()),
        }
        self.wake();
        self.flow()
    }

    fn sample(&mut self, sample: Sample) -> ControlFlow<()> {
        // Blocking send: samples are data, not status, and must not be dropped. The owner
        // drains every poll; a dropped owner disconnects and stops the job.
        if self.sender.send(Update::Sample(sample)).is_err() {
            return ControlFlow::Break(());
        }
        self.wake();
        self.flow()
    }
}

/// A running (or finished) background job producing a `T`.
pub struct Job<T> {
    name: String,
    cancel: Arc<AtomicBool>,
    receiver: Receiver<Update>,
    handle: Option<JoinHandle<Result<T, JobError>>>,
    status: JobStatus,
    samples: Vec<Sample>,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a new thread named `name`.
    pub fn spawn(
        name: &str,
        work: impl FnOnce(&mut JobReporter) -> Result<T, JobError> + Send + 'static,
    ) -> std::io::Result<Self> {
        Self::spawn_with_wake(name, None, work)
    }

    /// Like [`Job::spawn`], calling `wake` after each update (the GUI passes a repaint request).
    pub fn spawn_with_wake(
        name: &str,
        wake: Option<Arc<dyn Fn() + Send + Sync>>,
        work: impl FnOnce(&mut JobReporter) -> Result<T, JobError> + Send + 'static,
    ) -> std::io::Result<Self> {
        let (sender, receiver) = sync_channel(CHANNEL_CAPACITY);
        let cancel = Arc::new(AtomicBool::new(false));
        let mut reporter = JobReporter { sender, cancel: Arc::clone(&cancel), wake };
        let handle = std::thread::Builder::new().name(name.to_string()).spawn(move || {
            let result = work(&mut reporter);
            reporter.wake();
            result
        })?;
        Ok(Self {
            name: name.to_string(),
            cancel,
            receiver,
            handle: Some(handle),
            status: JobStatus::default(),
            samples: Vec::new(),
        })
    }

    /// The thread name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Asks the job to stop at its next checkpoint.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// True once cancel was requested.
    pub fn is_cancelling(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The newest status received.
    pub fn status(&self) -> &JobStatus {
        &self.status
    }

    /// Every sample received so far.
    pub fn samples(&self) -> &[Sample] {
        &self.samples
    }

    /// Drains pending updates; returns the result once the job has finished (exactly once).
    pub fn poll(&mut self) -> Option<Result<T, JobError>> {
        loop {
            match self.receiver.try_recv() {
                Ok(Update::Status(status)) => self.status = status,
                Ok(Update::Sample(sample)) => self.samples.push(sample),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
            }
        }
        if self.handle.as_ref().is_some_and(JoinHandle::is_finished) {
            let handle = self.handle.take()?;
            // Drain what the job sent just before it ended.
            while let Ok(update) = self.receiver.try_recv() {
                match update {
                    Update::Status(status) => self.status = status,
                    Update::Sample(sample) => self.samples.push(sample),
                }
            }
            return Some(match handle.join() {
                Ok(result) => result,
                Err(panic) => Err(JobError::Failed(panic_message(&panic))),
            });
        }
        None
    }

    /// True while the thread runs.
    pub fn is_running(&self) -> bool {
        self.handle.as_ref().is_some_and(|handle| !handle.is_finished())
    }

    /// Blocks until the job ends, calling `on_update` with the status after each wake-up.
    pub fn wait(mut self, mut on_update: impl FnMut(&JobStatus)) -> Result<T, JobError> {
        loop {
            if let Some(result) = self.poll() {
                on_update(&self.status);
                return result;
            }
            on_update(&self.status);
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    let text = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    format!("internal error: {text}")
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        // A dropped job is cancelled; its thread ends at the next checkpoint.
        self.cancel.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::check;

    #[test]
    fn job_reports_progress_and_returns_its_result() {
        let job = Job::spawn("test-sum", |progress| {
            let mut sum = 0u64;
            for i in 0..100u64 {
                sum += i;
                check(progress.report(i + 1, 100, "adding")).map_err(|_| JobError::Cancelled)?;
                let _ = progress.sample(Sample { series: "sum", x: i as f64, y: sum as f64 });
            }
            Ok(sum)
        })
        .unwrap();
        let mut last = JobStatus::default();
        let mut job = job;
        let result = loop {
            if let Some(result) = job.poll() {
                break result;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        };
        last.clone_from(job.status());
        assert_eq!(result, Ok(4950));
        assert_eq!(last.done, 100);
        assert_eq!(job.samples().len(), 100);
    }

    #[test]
    fn cancelled_job_stops_with_cancelled() {
        let job = Job::spawn("test-cancel", |progress| {
            loop {
                check(progress.report(0, 0, "spinning")).map_err(|_| JobError::Cancelled)?;
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        });
        let job: Job<()> = job.unwrap();
        job.cancel();
        assert_eq!(job.wait(|_| {}), Err(JobError::Cancelled));
    }

    #[test]
    fn panicking_job_becomes_an_error_not_a_crash() {
        let job: Job<()> = Job::spawn("test-panic", |_| panic!("boom")).unwrap();
        let error = job.wait(|_| {}).unwrap_err();
        assert!(matches!(error, JobError::Failed(message) if message.contains("boom")));
    }
}
