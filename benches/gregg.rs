//! Gregg benchmarks: one word through the rules, one outline drawn, a 1,000-word page
//! transcribed and laid out, and the panel's keystroke-to-frame time with 200,000 characters in
//! its text box (the page is laid out in the background, so the frame that takes the keystroke
//! does not wait for it). Each bench checks its result so a broken build cannot report a fast
//! time.

use criterion::{Criterion, criterion_group, criterion_main};
use curio::gregg::glyph::draw;
use curio::gregg::{PageStyle, Transcriber, layout};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let rules_only = Transcriber { rules_only: true, ..Transcriber::default() };
    assert_eq!(rules_only.word("church").outline, "che~ch");
    c.bench_function("transcribe one word by rule (church)", |b| {
        b.iter(|| rules_only.word(black_box("church")))
    });
    assert_eq!(draw("che~ch", 12.0).pieces.len(), 3);
    c.bench_function("draw one outline (che~ch)", |b| b.iter(|| draw(black_box("che~ch"), 12.0)));
    let text = curio::gregg::bench::bench_text(1000);
    let page = layout(&text, &Transcriber::default(), PageStyle::default());
    assert!(page.words.len() >= 1000);
    c.bench_function("transcribe and lay out 1,000 words", |b| {
        b.iter(|| layout(black_box(&text), &Transcriber::default(), PageStyle::default()))
    });
}

/// One frame of the app, as the window runs it.
fn frame(ui: &mut eframe::egui::Ui, app: &mut curio::app::CurioApp) {
    app.update_logic(&ui.ctx().clone());
    app.draw(ui);
}

fn keystroke(c: &mut Criterion) {
    use curio::app::gregg::{GreggPanel, GreggPanelState, MAX_TEXT};
    use curio::app::state::AppState;
    use eframe::egui::{Event, Key};
    use egui_kittest::kittest::Queryable;
    let text: String = curio::gregg::bench::bench_text(40_000).chars().take(MAX_TEXT - 10).collect();
    assert_eq!(text.chars().count(), MAX_TEXT - 10);
    let settings = GreggPanelState { text: text.clone(), ..GreggPanelState::default() };
    let state = AppState::showing::<GreggPanel>().with::<GreggPanel>(&settings);
    let app = curio::app::CurioApp::with_state(state, None);
    let mut harness = egui_kittest::Harness::builder()
        .with_size([1280.0, 800.0])
        .with_context_setup(curio::app::theme::install_fonts)
        .build_ui_state(frame, app);
    // Lay the page out (in the background) before the timing starts, and focus the text box.
    let settle = |harness: &mut egui_kittest::Harness<'_, curio::app::CurioApp>| {
        for _ in 0..6000 {
            harness.step();
            if !harness.state().is_busy() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        panic!("the page was not laid out within 30 s");
    };
    settle(&mut harness);
    harness.get_by_label("Text").click();
    harness.step();
    c.bench_function("gregg panel: keystroke to frame at 200,000 characters", |b| {
        b.iter_custom(|iterations| {
            let mut timed = std::time::Duration::ZERO;
            for _ in 0..iterations {
                harness.event(Event::Text("a".into()));
                let started = std::time::Instant::now();
                harness.step();
                timed += started.elapsed();
                harness.key_press(Key::Backspace);
                harness.step();
            }
            timed
        })
    });
    let panel = harness.state_mut().panel_mut::<GreggPanel>();
    assert_eq!(panel.state.text.chars().count(), MAX_TEXT - 10, "every keystroke was taken back");
    let transcriber = curio::gregg::Transcriber::default();
    c.bench_function("gregg panel: lay out 200,000 characters (in the background)", |b| {
        b.iter(|| layout(black_box(&text), &transcriber, PageStyle::default()))
    });
}

criterion_group!(gregg, benches, keystroke);
criterion_main!(gregg);
