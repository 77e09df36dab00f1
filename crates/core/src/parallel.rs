//! Games in parallel on the rayon pool while the calling thread reports progress and relays a
//! cancel request to the games.

use crate::progress::{Cancelled, Progress};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

/// How often the calling thread reports while the games run (and so how late, at most, it
/// hears a cancel).
const REPORT_EVERY: Duration = Duration::from_millis(40);

/// Runs `work(index, stop)` for every index in `0..count` on the rayon pool and returns the
/// results in index order. Meanwhile the calling thread reports `offset + done` of `total` to
/// `progress` with `message`; when the sink asks to stop, `stop()` turns true for the running
/// work (which should return soon) and the call returns `Err(Cancelled)`.
pub fn map_reporting<T: Send>(
    count: usize,
    progress: &mut impl Progress,
    message: &str,
    range: (u64, u64),
    work: impl Fn(usize, &dyn Fn() -> bool) -> T + Sync,
) -> Result<Vec<T>, Cancelled> {
    Reporting::default().map(count, progress, message, range, work)
}

/// Where [`map_reporting`] runs and how it passes a cancel on, when rayon's global pool and
/// `stop()` are not enough.
#[derive(Default)]
pub struct Reporting<'a> {
    /// The pool to run on (default: rayon's global pool).
    pub pool: Option<&'a rayon::ThreadPool>,
    /// A flag to set when the sink asks to stop, so that work deep inside an item (a search
    /// sharing the flag) sees the cancel without asking `stop()`.
    pub stopped: Option<&'a AtomicBool>,
}

impl Reporting<'_> {
    /// [`map_reporting`] on this pool and flag.
    pub fn map<T: Send>(
        &self,
        count: usize,
        progress: &mut impl Progress,
        message: &str,
        (offset, total): (u64, u64),
        work: impl Fn(usize, &dyn Fn() -> bool) -> T + Sync,
    ) -> Result<Vec<T>, Cancelled> {
        let own = AtomicBool::new(false);
        let stopped = self.stopped.unwrap_or(&own);
        let pool = self.pool;
        let done = AtomicU64::new(0);
        let (finished, wait) = channel::<()>();
        let results = std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let stop = || stopped.load(Ordering::Relaxed);
                let run = || -> Vec<T> {
                    (0..count)
                        .into_par_iter()
                        .map(|index| {
                            let result = work(index, &stop);
                            done.fetch_add(1, Ordering::Relaxed);
                            result
                        })
                        .collect()
                };
                let results = match pool {
                    Some(pool) => pool.install(run),
                    None => run(),
                };
                let _ = finished.send(());
                results
            });
            loop {
                let flow = progress.report(offset + done.load(Ordering::Relaxed), total, message);
                if flow.is_break() {
                    stopped.store(true, Ordering::Relaxed);
                }
                match wait.recv_timeout(REPORT_EVERY) {
                    Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
                    Err(RecvTimeoutError::Timeout) => {}
                }
            }
            match worker.join() {
                Ok(results) => results,
                Err(panic) => std::panic::resume_unwind(panic),
            }
        });
        if stopped.load(Ordering::Relaxed) { Err(Cancelled) } else { Ok(results) }
    }
}
