//! Small reusable widgets.

mod job_progress;

pub use job_progress::job_progress;
