//! The eyes panel: the pupils follow the pointer anywhere on the window and stay inside their
//! eyes, a click adds an eye and a right-click takes one away, the eyes survive a restart, and
//! snapshots at 1280x800 and 800x600.

use crate::common::{harness, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::eyes::{EyesPanel, EyesPanelState};
use curio::app::state::AppState;
use curio::eyes::Eye;
use eframe::egui::{Event, Modifiers, PointerButton, Pos2, Vec2};

fn eyes_app(state: EyesPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<EyesPanel>().with::<EyesPanel>(&state), None)
}

/// The canvas's size and its top-left corner on the window, from where the panel drew its eyes.
fn canvas(harness: &mut egui_kittest::Harness<'static, CurioApp>) -> (Vec2, Pos2) {
    harness.event(Event::PointerMoved(Pos2::new(0.0, 0.0)));
    harness.run_settled();
    let look = harness.state_mut().panel_mut::<EyesPanel>().look.expect("the pointer was seen");
    let corner = Pos2::new(-look[0] as f32, -look[1] as f32);
    // The canvas runs to the window's right and bottom edges, less a margin.
    let size = harness.ctx.content_rect().max - corner - Vec2::splat(8.0);
    (size, corner)
}

/// Presses and releases `button` at `pos` in one frame, as a quick click.
fn click(harness: &mut egui_kittest::Harness<'static, CurioApp>, pos: Pos2, button: PointerButton) {
    harness.event(Event::PointerMoved(pos));
    harness.run_settled();
    harness.event(Event::PointerButton { pos, button, pressed: true, modifiers: Modifiers::NONE });
    harness.event(Event::PointerButton { pos, button, pressed: false, modifiers: Modifiers::NONE });
    harness.run_settled();
}

#[test]
fn pupils_follow_the_pointer_anywhere_on_the_window_and_stay_in_their_eyes() {
    let mut harness = harness(eyes_app(EyesPanelState::default()));
    harness.run_settled();
    let (size, corner) = canvas(&mut harness);
    let shown: Vec<Eye> = harness.state_mut().panel_mut::<EyesPanel>().eyes_in(size);
    assert_eq!(shown.len(), 2);
    // Over the controls, far left of the canvas: both pupils look left, as far as they go.
    for pointer in [Pos2::new(5.0, 300.0), corner + Vec2::new(size.x - 4.0, 4.0)] {
        harness.event(Event::PointerMoved(pointer));
        harness.run_settled();
        let look = harness.state_mut().panel_mut::<EyesPanel>().look.expect("looking");
        assert_eq!(look, [f64::from(pointer.x - corner.x), f64::from(pointer.y - corner.y)]);
        for eye in &shown {
            let pupil = eye.pupil(look);
            let toward = [(look[0] - eye.center[0]).signum(), (look[1] - eye.center[1]).signum()];
            assert_eq!([(pupil[0] - eye.center[0]).signum(), (pupil[1] - eye.center[1]).signum()], toward);
            let offset = (pupil[0] - eye.center[0]).hypot(pupil[1] - eye.center[1]);
            assert!(offset + eye.radius * curio::eyes::PUPIL <= eye.radius);
        }
    }
}

#[test]
fn a_click_adds_an_eye_a_right_click_takes_it_away_and_they_survive_a_restart() {
    let mut harness = harness(eyes_app(EyesPanelState::default()));
    harness.run_settled();
    let (size, corner) = canvas(&mut harness);
    let spot = corner + Vec2::new(size.x * 0.2, size.y * 0.25);
    click(&mut harness, spot, PointerButton::Primary);
    let eyes = harness.state_mut().panel_mut::<EyesPanel>().state.eyes.clone();
    assert_eq!(eyes.len(), 3, "the pair and the new eye");
    assert!((eyes[2].center[0] - 0.2).abs() < 0.01 && (eyes[2].center[1] - 0.25).abs() < 0.01, "{eyes:?}");
    let saved = harness.state().state().settings::<EyesPanel>();
    let restored = CurioApp::with_state(
        serde_json::from_str(&serde_json::to_string(&AppState::default().with::<EyesPanel>(&saved)).unwrap()).unwrap(),
        None,
    );
    assert_eq!(restored.state().settings::<EyesPanel>().eyes, eyes);
    click(&mut harness, spot, PointerButton::Secondary);
    assert_eq!(harness.state_mut().panel_mut::<EyesPanel>().state.eyes.len(), 2);
    // A right-click beside every eye takes nothing away.
    let empty = corner + Vec2::new(4.0, size.y - 4.0);
    click(&mut harness, empty, PointerButton::Secondary);
    assert_eq!(harness.state_mut().panel_mut::<EyesPanel>().state.eyes.len(), 2);
}

#[test]
fn settings_out_of_range_are_brought_back() {
    let state: AppState = serde_json::from_str(
        r#"{"eyes":{"radius":1e9,"eyes":[{"center":[0.5,0.5],"radius":-3},{"center":[7,0.5],"radius":20}]}}"#,
    )
    .unwrap();
    let settings = CurioApp::with_state(state, None).state().settings::<EyesPanel>();
    assert_eq!(settings.radius, curio::eyes::RADIUS.max);
    assert_eq!(settings.eyes, [Eye { center: [0.5, 0.5], radius: curio::eyes::RADIUS.min }]);
}

#[test]
fn eyes_panel_snapshot() {
    snapshot_app("eyes_panel", [1280.0, 800.0], |_| {
        eyes_app(EyesPanelState {
            eyes: vec![
                Eye { center: [0.4, 0.45], radius: 60.0 },
                Eye { center: [0.6, 0.45], radius: 60.0 },
                Eye { center: [0.25, 0.8], radius: 24.0 },
                Eye { center: [0.8, 0.2], radius: 36.0 },
            ],
            ..EyesPanelState::default()
        })
    });
}

#[test]
fn eyes_panel_small_window_snapshot() {
    snapshot_app("eyes_panel_small", [800.0, 600.0], |_| eyes_app(EyesPanelState::default()));
}
