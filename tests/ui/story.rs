//! The Siddhartha panel: the player runs by the keys, a click on a character opens its
//! conversation, which goes on by button and key and takes choices; progress survives a
//! restart; the script view checks an edited script, plays it only without syntax errors and
//! tidies it; the walker runs from the panel; the maps and conversation views draw; snapshots at
//! 1280x800 and 800x600.

use crate::common::{RunSettled, harness, snapshot_app};
use curio::app::CurioApp;
use curio::app::state::AppState;
use curio::app::story::{StoryPanel, StoryPanelState, View};
use curio::story::world::TILE;
use eframe::egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::kittest::Queryable;

fn story_app(state: StoryPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<StoryPanel>().with::<StoryPanel>(&state), None)
}

fn key(harness: &mut egui_kittest::Harness<'static, CurioApp>, key: Key, pressed: bool) {
    harness.event(Event::Key { key, physical_key: None, pressed, repeat: false, modifiers: Modifiers::NONE });
}

fn click(harness: &mut egui_kittest::Harness<'static, CurioApp>, pos: Pos2) {
    harness.event(Event::PointerMoved(pos));
    harness.run_settled();
    harness.event(Event::PointerButton { pos, button: PointerButton::Primary, pressed: true, modifiers: Modifiers::NONE });
    harness.event(Event::PointerButton { pos, button: PointerButton::Primary, pressed: false, modifiers: Modifiers::NONE });
    harness.run_settled();
}

#[test]
fn the_player_runs_talks_and_chooses_and_the_progress_survives_a_restart() {
    let mut harness = harness(story_app(StoryPanelState::default()));
    harness.run_settled();
    let start = {
        let panel = harness.state_mut().panel_mut::<StoryPanel>();
        let game = panel.game();
        assert_eq!(game.map, "01-brahmins-house");
        assert!(game.body.on_ground, "the player has landed and the panel is still");
        game.body.x
    };
    key(&mut harness, Key::ArrowRight, true);
    for _ in 0..10 {
        harness.step();
    }
    key(&mut harness, Key::ArrowRight, false);
    harness.run_settled();
    let moved = harness.state_mut().panel_mut::<StoryPanel>().game().body.x;
    assert!(moved > start, "the right arrow ran the player right: {start} -> {moved}");

    // The father stands on tile (24, 21): a click on him begins his conversation.
    let father = harness.state_mut().panel_mut::<StoryPanel>().on_screen(24 * TILE + TILE / 2, 21 * TILE).expect("drawn");
    harness.event(Event::PointerMoved(father));
    harness.run_settled();
    assert_eq!(harness.state_mut().panel_mut::<StoryPanel>().hovered.as_deref(), Some("Siddhartha's father"));
    click(&mut harness, father);
    harness.get_by_label("Father, I have come to ask your leave.");
    harness.get_by_label("Go on (Space)").click();
    harness.run_settled();
    harness.get_by_label("Speak, my son. What do you wish?");
    key(&mut harness, Key::Space, true);
    harness.run_settled();
    key(&mut harness, Key::Space, false);
    harness.get_by_label("I wish to leave your house tomorrow and go to the Samanas.");
    for _ in 0..2 {
        harness.get_by_label("Go on (Space)").click();
        harness.run_settled();
    }
    harness.get_by_label("1. Then I will stand here until you change your mind.").click();
    harness.run_settled();
    while harness.query_by_label("Go on (Space)").is_some() {
        harness.get_by_label("Go on (Space)").click();
        harness.run_settled();
    }
    let state = {
        let panel = harness.state_mut().panel_mut::<StoryPanel>();
        let game = panel.game();
        assert!(game.talking.is_none());
        assert!(game.talked.contains("01-brahmins-house"));
        assert!(game.shown.contains(&5) && game.shown.contains(&9), "{:?}", game.shown);
        panel.state.clone()
    };
    // A restart keeps the game.
    let mut again = harness_of(state.clone());
    let restored = again.state_mut().panel_mut::<StoryPanel>().state.game.clone();
    assert_eq!(restored, state.game);
}

fn harness_of(state: StoryPanelState) -> egui_kittest::Harness<'static, CurioApp> {
    let mut harness = harness(story_app(state));
    harness.run_settled();
    harness
}

#[test]
fn the_script_view_checks_as_it_is_typed_and_plays_only_a_script_that_parses() {
    let mut harness = harness_of(StoryPanelState { view: View::Script, ..StoryPanelState::default() });
    harness.get_by_label("no errors");
    let shipped = harness.state_mut().panel_mut::<StoryPanel>().story.script.clone();
    {
        let panel = harness.state_mut().panel_mut::<StoryPanel>();
        // The father's first answer (line 6, "1 chgspk 2") sent to a string that is not there.
        panel.state.script = curio::story::siddhartha::SCRIPT.replacen("1 chgspk 2\n", "1 chgspk 999\n", 1);
        panel.recheck(false);
    }
    harness.run_settled();
    harness.get_by_label_contains("dangling-target: target 999");
    harness.get_by_label("Play this script").click();
    harness.run_settled();
    assert_ne!(harness.state_mut().panel_mut::<StoryPanel>().story.script, shipped, "no syntax error: played");
    {
        let panel = harness.state_mut().panel_mut::<StoryPanel>();
        panel.state.script = "start 1\n1 whisper 2\n%%\nEND_DIALOG\n".to_string();
        panel.recheck(false);
    }
    harness.get_by_label("Play this script").click();
    harness.run_settled();
    harness.get_by_label_contains("line 2: syntax: unknown opcode 'whisper'");
    assert_ne!(harness.state_mut().panel_mut::<StoryPanel>().story.script.strings.len(), 4, "a syntax error is not played");
    harness.get_by_label("Shipped script").click();
    harness.run_settled();
    harness.get_by_label("no errors");
    assert_eq!(harness.state_mut().panel_mut::<StoryPanel>().story.script, shipped);
    // Tidy prints the house style (each entry with its string quoted), which checks the same.
    harness.get_by_label("Tidy").click();
    harness.run_settled();
    harness.get_by_label("no errors");
    assert!(harness.state_mut().panel_mut::<StoryPanel>().state.script.contains("1 chgspk 2  # Father, I have come"));
    // The walker, from the panel.
    harness.get_by_label("Walk the story").click();
    harness.run_settled();
    harness.get_by_label("walker: nothing stuck");
    harness.get_by_label("walker: 28 of 28 maps, 135 of 135 strings, 36 conversations, 7213 steps");
    // The other views draw.
    for view in ["Maps", "Conversation", "Play"] {
        harness.get_by_label(view).click();
        harness.run_settled();
    }
}

#[test]
fn the_map_editor_drags_things_to_tiles_adds_a_linked_map_and_keeps_the_edits() {
    let mut harness = harness_of(StoryPanelState { editing: true, ..StoryPanelState::default() });
    let panel = harness.state_mut().panel_mut::<StoryPanel>();
    let from = panel.on_screen(24 * TILE + TILE / 2, 21 * TILE).expect("drawn");
    let to = panel.on_screen(10 * TILE + TILE / 2, 21 * TILE).expect("drawn");
    // Drag the father from tile 24 to tile 10.
    harness.event(Event::PointerMoved(from));
    harness.run_settled();
    harness.event(Event::PointerButton { pos: from, button: PointerButton::Primary, pressed: true, modifiers: Modifiers::NONE });
    harness.run_settled();
    for step in 1..=5 {
        harness.event(Event::PointerMoved(from + (to - from) * (step as f32 / 5.0)));
        harness.run_settled();
    }
    harness.event(Event::PointerButton { pos: to, button: PointerButton::Primary, pressed: false, modifiers: Modifiers::NONE });
    harness.run_settled();
    harness.event(Event::PointerGone);
    harness.run_settled();
    let column = |harness: &mut egui_kittest::Harness<'static, CurioApp>| {
        harness.state_mut().panel_mut::<StoryPanel>().story.maps[0].character.as_ref().map(|character| character.x)
    };
    assert_eq!(column(&mut harness), Some(10));
    harness.get_by_label("Add a map").click();
    harness.run_settled();
    harness.get_by_label("maps and script: no errors");
    let state = {
        let panel = harness.state_mut().panel_mut::<StoryPanel>();
        assert_eq!(panel.story.maps.len(), 29);
        let walked = curio::story::walker::walk(&panel.story, &mut |_| true);
        assert_eq!((walked.maps_visited, walked.stuck.len()), (29, 0), "{:?}", walked.stuck);
        panel.state.clone()
    };
    // A restart keeps the edited maps.
    let mut again = harness_of(state);
    assert_eq!(again.state_mut().panel_mut::<StoryPanel>().story.maps.len(), 29);
    assert_eq!(column(&mut again), Some(10));
    again.get_by_label("Shipped maps").click();
    again.run_settled();
    assert_eq!(again.state_mut().panel_mut::<StoryPanel>().story.maps.len(), 28);
    assert_eq!(column(&mut again), Some(24));
}

fn snapshot(name: &str, size: [f32; 2], view: View) {
    snapshot_app(name, size, |adapter| {
        let state = StoryPanelState { view, conversation_map: "11-jetavana-grove".into(), ..StoryPanelState::default() };
        CurioApp::with_state(AppState::showing::<StoryPanel>().with::<StoryPanel>(&state), Some(adapter))
    });
}

#[test]
fn snapshot_play() {
    snapshot("story_panel", [1280.0, 800.0], View::Play);
}

#[test]
fn snapshot_play_small() {
    snapshot("story_panel_small", [800.0, 600.0], View::Play);
}

#[test]
fn snapshot_maps() {
    snapshot("story_maps", [1280.0, 800.0], View::Maps);
}

#[test]
fn snapshot_conversation() {
    snapshot("story_conversation", [1280.0, 800.0], View::Conversation);
}
