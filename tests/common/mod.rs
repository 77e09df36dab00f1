//! Helpers shared by the GUI tests: a harness around the whole app, `settle` (wait until no
//! panel has background work left), and wgpu snapshots that fail instead of skipping under
//! CURIO_REQUIRE_DISPLAY=1.

#![allow(dead_code)]

use curio::app::CurioApp;
use eframe::egui::{Event, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use std::time::{Duration, Instant};

/// Longest a test waits for background work (a benchmark, a big-board analysis, an export)
/// before it fails: generous, so that a slow CI machine never fails a working feature.
pub const SETTLE_LIMIT: Duration = Duration::from_secs(120);

/// Most frames one `Harness::run` may take before it counts as unsettled. A background job that
/// reports or ends asks for a repaint, so how many frames a run takes depends on the machine's
/// load; [`RunSettled::run_settled`] therefore runs again until the app is still, and only time
/// ([`SETTLE_LIMIT`]) fails it.
pub const RUN_STEPS: u64 = 16;

/// `Harness::run` that tolerates background work: a job's progress reports and its end ask for
/// repaints at moments that depend on the machine's load, so a run that exceeds [`RUN_STEPS`]
/// frames is tried again until the app settles. A panel that repaints without end still fails,
/// after [`SETTLE_LIMIT`].
pub trait RunSettled {
    /// Runs frames until no repaint is asked for; panics with the last run's error when that
    /// takes longer than [`SETTLE_LIMIT`].
    fn run_settled(&mut self);
}

impl<State> RunSettled for Harness<'_, State> {
    #[track_caller]
    fn run_settled(&mut self) {
        let started = Instant::now();
        loop {
            match self.try_run() {
                Ok(_) => return,
                Err(error) if started.elapsed() > SETTLE_LIMIT => panic!("{error}"),
                Err(_) => std::thread::sleep(Duration::from_millis(10)),
            }
        }
    }
}

/// A harness that runs the whole app (logic and drawing) in a 1100x760 window.
pub fn harness(app: CurioApp) -> Harness<'static, CurioApp> {
    harness_with(app, [1100.0, 760.0], curio::app::theme::install_fonts)
}

/// A harness of `size` whose context is set up by `setup`.
pub fn harness_with(
    app: CurioApp,
    size: [f32; 2],
    setup: impl FnOnce(&eframe::egui::Context) + 'static,
) -> Harness<'static, CurioApp> {
    Harness::builder()
        .with_size(size)
        .with_max_steps(RUN_STEPS)
        .with_context_setup(setup)
        .build_ui_state(run_frame, app)
}

/// One frame of the app: its logic, then its drawing.
fn run_frame(ui: &mut eframe::egui::Ui, app: &mut CurioApp) {
    app.update_logic(&ui.ctx().clone());
    app.draw(ui);
}

/// One frame of the app with only the panel shown drawn (no header, catalogue or notice).
fn run_panel_frame(ui: &mut eframe::egui::Ui, app: &mut CurioApp) {
    app.update_logic(&ui.ctx().clone());
    app.draw_panel(ui);
}

/// Steps the harness (at least once, so that input already queued starts its work) until no
/// panel is busy (`Panel::is_busy`). Fails, naming the panel shown, when the work outlasts
/// `SETTLE_LIMIT`.
pub fn settle(harness: &mut Harness<'static, CurioApp>) {
    settle_until(harness, CurioApp::is_busy);
}

/// Steps the harness until `busy` says no (at most [`SETTLE_LIMIT`]).
fn settle_until(harness: &mut Harness<'static, CurioApp>, busy: fn(&CurioApp) -> bool) {
    let started = Instant::now();
    loop {
        harness.step();
        if !busy(harness.state()) {
            return;
        }
        assert!(
            started.elapsed() < SETTLE_LIMIT,
            "panel '{}' still busy after {:?}",
            harness.state().panel(),
            SETTLE_LIMIT
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Presses `button` at `from`, moves to `to` in ten steps (a frame each), releases it, and
/// steps until the app is idle.
pub fn drag(harness: &mut Harness<'static, CurioApp>, from: Pos2, to: Pos2, button: PointerButton) {
    harness.event(Event::PointerMoved(from));
    harness.event(Event::PointerButton { pos: from, button, pressed: true, modifiers: Modifiers::NONE });
    for step in 1..=10 {
        harness.event(Event::PointerMoved(from + (to - from) * (step as f32 / 10.0)));
        harness.step();
    }
    harness.event(Event::PointerButton { pos: to, button, pressed: false, modifiers: Modifiers::NONE });
    // The drop may start background work that ends within the next frames: step through them.
    harness.step();
    settle(harness);
}

/// A wgpu renderer with every panel's pipelines installed and the adapter's name, or `None`
/// when no adapter exists (a failure instead when CURIO_REQUIRE_DISPLAY=1).
pub fn gpu_renderer() -> Option<(egui_kittest::wgpu::WgpuTestRenderer, String)> {
    let created = std::panic::catch_unwind(|| {
        egui_kittest::wgpu::create_render_state(
            egui_kittest::wgpu::default_wgpu_setup(),
            eframe::egui_wgpu::RendererOptions::PREDICTABLE,
        )
    });
    match created {
        Ok(render_state) => {
            let adapter = curio::app::install_gpu(&render_state);
            Some((egui_kittest::wgpu::WgpuTestRenderer::from_render_state(render_state), adapter))
        }
        Err(_) if std::env::var("CURIO_REQUIRE_DISPLAY").as_deref() == Ok("1") => {
            panic!("no wgpu adapter, but CURIO_REQUIRE_DISPLAY=1 requires one")
        }
        Err(_) => {
            eprintln!("skipping: no wgpu adapter (set CURIO_REQUIRE_DISPLAY=1 to fail instead)");
            None
        }
    }
}

/// Renders the panel shown by the app made by `make_app` (given the adapter name) with wgpu,
/// once it has settled, and compares it with the stored snapshot `tests/snapshots/NAME.png`;
/// skips without an adapter unless CURIO_REQUIRE_DISPLAY=1. Only the panel is drawn, not the
/// navigation around it, so that adding a panel to the catalogue changes no snapshot.
pub fn snapshot_app(name: &str, size: [f32; 2], make_app: impl FnOnce(String) -> CurioApp) {
    let Some((renderer, adapter)) = gpu_renderer() else {
        return;
    };
    let app = make_app(adapter);
    let mut harness = Harness::builder()
        .with_size(size)
        .with_max_steps(RUN_STEPS)
        .with_context_setup(curio::app::theme::install_fonts)
        .renderer(renderer)
        .build_ui_state(run_panel_frame, app);
    harness.run_settled();
    // Only the panel shown is drawn, and only its work is waited for: waiting for every panel's
    // would run a number of frames that depends on the machine's load, and the time the frames
    // advance (eyes blink on it) with them.
    settle_until(&mut harness, CurioApp::shown_is_busy);
    harness.run_settled();
    // Small tolerance: the figure is rasterized on the CPU with SIMD chosen at run time.
    let options = egui_kittest::SnapshotOptions::new().threshold(1.0).max_failed_pixels(40);
    harness.snapshot_options(name, &options);
}
