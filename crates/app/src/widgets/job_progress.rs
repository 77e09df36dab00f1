//! Progress bar with a Cancel button for a running job.

use curio_core::jobs::Job;
use eframe::egui;

/// Shows the job's progress and a Cancel button; returns true when Cancel was clicked.
pub fn job_progress<T: Send + 'static>(ui: &mut egui::Ui, job: &Job<T>) -> bool {
    let status = job.status();
    let mut cancel = false;
    ui.horizontal(|ui| {
        let text = if job.is_cancelling() { "cancelling…".to_string() } else { status.message.clone() };
        let bar = if status.total > 0 {
            egui::ProgressBar::new(status.fraction())
                .text(format!("{text} ({}/{})", status.done, status.total))
        } else {
            egui::ProgressBar::new(0.0).animate(true).text(text)
        };
        ui.add_sized([ui.available_width() - 70.0, 18.0], bar);
        cancel = ui.add_enabled(!job.is_cancelling(), egui::Button::new("Cancel")).clicked();
    });
    if cancel {
        job.cancel();
    }
    cancel
}
