//! Background jobs: named threads that report progress, can be cancelled and end with a result.
//!
//! A [`Job`] runs a closure on its own named thread. The closure receives a [`JobReporter`],
//! which implements [`Progress`]: status updates go through a bounded channel (dropped when
//! full, since only the newest matters), samples through the same channel with blocking sends
//! (none are lost), and a cancel flag turns the next report into `ControlFlow::Break`.
//! The owner calls [`Job::poll`] (each GUI frame, or in the CLI's wait loop) to drain updates
//! and collect the result.
//!
//! The layer knows no domain: a job's result is whatever its closure returns, typically the
//! domain's own `Result` with its own error type (which has its own way of saying "cancelled").
//! The job adds one failure of its own, [`Panicked`]. [`Latest`] keeps the one result that
//! matches the current input, run inline when the work is small.

use crate::progress::{Progress, Sample};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, TrySendError, sync_channel};
use std::thread::JoinHandle;

/// Capacity of the update channel.
const CHANNEL_CAPACITY: usize = 256;

/// A job's thread panicked instead of returning; the message says where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("internal error: {0}")]
pub struct Panicked(pub String);

/// Called after each update of a job (the GUI passes a repaint request).
pub type Wake = Arc<dyn Fn() + Send + Sync>;

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
    wake: Option<Wake>,
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
    handle: Option<JoinHandle<T>>,
    status: JobStatus,
    samples: Vec<Sample>,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a new thread named `name`.
    pub fn spawn(
        name: &str,
        work: impl FnOnce(&mut JobReporter) -> T + Send + 'static,
    ) -> std::io::Result<Self> {
        Self::spawn_with_wake(name, None, work)
    }

    /// Like [`Job::spawn`], calling `wake` after each update (the GUI passes a repaint request).
    pub fn spawn_with_wake(
        name: &str,
        wake: Option<Wake>,
        work: impl FnOnce(&mut JobReporter) -> T + Send + 'static,
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
    pub fn poll(&mut self) -> Option<Result<T, Panicked>> {
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
                Ok(result) => Ok(result),
                Err(panic) => Err(Panicked(panic_message(&panic))),
            });
        }
        None
    }

    /// True while the thread runs.
    pub fn is_running(&self) -> bool {
        self.handle.as_ref().is_some_and(|handle| !handle.is_finished())
    }

    /// Blocks until the job ends, calling `on_update` with the status after each wake-up.
    pub fn wait(mut self, mut on_update: impl FnMut(&JobStatus)) -> Result<T, Panicked> {
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
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string())
}

/// Work whose result belongs to one version of its input (a board, a cache key): run inline
/// when it is small, else as a background job, of which only the newest is kept. Starting work
/// for a new key drops the job of the old one, which cancels it: the work gets the job's
/// [`Progress`], whose next report after the drop returns `Break`. A result is handed out only
/// while its key is still the current one, so a stale result never reaches the owner.
pub struct Latest<K, T> {
    running: Option<(K, Job<T>)>,
}

impl<K, T> Default for Latest<K, T> {
    fn default() -> Self {
        Self { running: None }
    }
}

impl<K: PartialEq, T: Send + 'static> Latest<K, T> {
    /// Runs `work` for `key`: on this thread, returning its result, when `inline`; else as a
    /// job named `name` (calling `wake` when it ends), returning `Ok(None)`. Either way a job
    /// still running for an older key is dropped and so cancelled. `work` reports to the
    /// [`Progress`] it is given and stops when a report returns `Break` (inline work is never
    /// cancelled). Fails only when no thread can be started.
    pub fn start(
        &mut self,
        key: K,
        inline: bool,
        name: &str,
        wake: Option<Wake>,
        work: impl FnOnce(&mut dyn Progress) -> T + Send + 'static,
    ) -> std::io::Result<Option<T>> {
        self.running = None;
        if inline {
            return Ok(Some(work(&mut crate::progress::NoProgress)));
        }
        let job = Job::spawn_with_wake(name, wake, move |reporter| work(reporter))?;
        self.running = Some((key, job));
        Ok(None)
    }

    /// The result of the job, once it has ended, if it was started for `current`; a job for
    /// another key is dropped when it ends, and gives nothing.
    pub fn poll(&mut self, current: &K) -> Option<Result<T, Panicked>> {
        let (key, job) = self.running.as_mut()?;
        let result = job.poll()?;
        let fresh = key == current;
        self.running = None;
        fresh.then_some(result)
    }

    /// The key of the job running now.
    pub fn running_key(&self) -> Option<&K> {
        self.running.as_ref().map(|(key, _)| key)
    }

    /// True while a job runs.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Drops the running job, which is cancelled: its next report returns `Break`.
    pub fn cancel(&mut self) {
        self.running = None;
    }
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
    use crate::progress::{Cancelled, check};

    #[test]
    fn job_reports_progress_and_returns_its_result() {
        let job = Job::spawn("test-sum", |progress| {
            let mut sum = 0u64;
            for i in 0..100u64 {
                sum += i;
                check(progress.report(i + 1, 100, "adding"))?;
                let _ = progress.sample(Sample { series: "sum", x: i as f64, y: sum as f64 });
            }
            Ok::<_, Cancelled>(sum)
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
        assert_eq!(result, Ok(Ok(4950)));
        assert_eq!(last.done, 100);
        assert_eq!(job.samples().len(), 100);
    }

    #[test]
    fn cancelled_job_stops_with_cancelled() {
        let job = Job::spawn("test-cancel", |progress| {
            loop {
                check(progress.report(0, 0, "spinning"))?;
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        });
        let job: Job<Result<(), Cancelled>> = job.unwrap();
        job.cancel();
        assert_eq!(job.wait(|_| {}), Ok(Err(Cancelled)));
    }

    #[test]
    fn panicking_job_becomes_an_error_not_a_crash() {
        let job: Job<()> = Job::spawn("test-panic", |_| panic!("boom")).unwrap();
        let error = job.wait(|_| {}).unwrap_err();
        assert!(error.to_string().contains("boom"), "{error}");
    }

    #[test]
    fn latest_runs_small_work_inline_and_drops_stale_results() {
        let mut latest: Latest<u64, u64> = Latest::default();
        assert_eq!(latest.start(1, true, "test-inline", None, |_| 7).unwrap(), Some(7));
        assert!(!latest.is_running());
        assert_eq!(latest.start(2, false, "test-latest", None, |_| 8).unwrap(), None);
        assert_eq!(latest.running_key(), Some(&2));
        let result = loop {
            if let Some(result) = latest.poll(&2) {
                break result;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        };
        assert_eq!(result, Ok(8));
        latest.start(3, false, "test-stale", None, |_| 9).unwrap();
        for _ in 0..10_000 {
            if latest.poll(&4).is_some() {
                panic!("a result for key 3 was handed out while 4 is current");
            }
            if !latest.is_running() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        assert!(!latest.is_running(), "the stale job was not dropped when it ended");
    }

    #[test]
    fn latest_cancels_the_job_it_drops() {
        use std::sync::atomic::AtomicU32;
        use std::time::{Duration, Instant};
        // How each started job ended: 1 cancelled, 2 ran to the end.
        let endings: Arc<[AtomicU32; 2]> = Arc::new([AtomicU32::new(0), AtomicU32::new(0)]);
        let mut latest: Latest<u32, ()> = Latest::default();
        for key in 0..2u32 {
            let endings = Arc::clone(&endings);
            latest
                .start(key, false, "test-dropped", None, move |progress| {
                    let started = Instant::now();
                    let ending = loop {
                        if progress.report(0, 0, "working").is_break() {
                            break 1;
                        }
                        if started.elapsed() > Duration::from_secs(20) {
                            break 2;
                        }
                        std::thread::sleep(Duration::from_millis(1));
                    };
                    endings[key as usize].store(ending, Ordering::SeqCst);
                })
                .unwrap();
        }
        // Starting key 1 dropped key 0's job: it must stop long before its 20 s run.
        let started = Instant::now();
        while endings[0].load(Ordering::SeqCst) == 0 && started.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(endings[0].load(Ordering::SeqCst), 1, "the dropped job was not cancelled");
        latest.cancel();
        let started = Instant::now();
        while endings[1].load(Ordering::SeqCst) == 0 && started.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(endings[1].load(Ordering::SeqCst), 1, "Latest::cancel did not cancel the job");
    }
}
