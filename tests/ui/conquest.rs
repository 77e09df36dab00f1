//! The Conquest panel: the squad builder counts the budget and refuses a squad over it, a new
//! game is played by clicks (select, move, attack) against a computer that answers in the
//! background, the game survives a restart, a finished game replays; snapshots at 1280x800 and
//! 800x600.

use crate::common::{harness, settle, snapshot_app, RunSettled};
use curio::app::CurioApp;
use curio::app::conquest::{ConquestPanel, ConquestPanelState};
use curio::app::state::AppState;
use curio::conquest::{Stage, Step};
use egui_kittest::kittest::Queryable;

fn conquest_app(state: ConquestPanelState) -> CurioApp {
    CurioApp::with_state(AppState::showing::<ConquestPanel>().with::<ConquestPanel>(&state), None)
}

fn panel<'a>(harness: &'a mut egui_kittest::Harness<'static, CurioApp>) -> &'a mut ConquestPanel {
    harness.state_mut().panel_mut::<ConquestPanel>()
}

#[test]
fn a_squad_over_budget_is_refused_and_a_game_is_played_by_clicks() {
    let state = ConquestPanelState { opponent: "greedy".into(), ..ConquestPanelState::default() };
    let mut harness = harness(conquest_app(state));
    harness.run_settled();
    // Two more champions: 1,350 resources.
    let champion_kind = curio::app::conquest::rules().kind("Champion").unwrap();
    panel(&mut harness).state.counts[champion_kind] += 2;
    harness.get_by_label("New game").click();
    harness.run_settled();
    let message = panel(&mut harness).message.clone().unwrap_or_default();
    assert!(message.contains("over the budget of 1000"), "{message}");
    assert!(panel(&mut harness).battle.is_none());
    panel(&mut harness).state.counts[champion_kind] -= 2;
    harness.get_by_label("New game").click();
    harness.run_settled();
    let battle = panel(&mut harness).battle.clone().expect("a game");
    assert_eq!(battle.stage, Stage::Commands);
    // Click the champion, then a square four rows ahead: it moves there.
    let champion = battle.troops.iter().position(|troop| troop.side == 0 && battle.rules.troops[troop.kind as usize].name == "Champion").unwrap();
    let (x, y) = (battle.troops[champion].x, battle.troops[champion].y);
    panel(&mut harness).click(x, y);
    assert_eq!(panel(&mut harness).selected, Some(champion as u8));
    panel(&mut harness).click(x, y + 4);
    let moved = panel(&mut harness).battle.clone().unwrap();
    assert_eq!((moved.troops[champion].x, moved.troops[champion].y), (x, y + 4));
    assert_eq!(moved.stage, Stage::Attack);
    panel(&mut harness).play(Step::EndTurn);
    harness.step();
    settle(&mut harness);
    harness.run_settled();
    let answered = panel(&mut harness).battle.clone().unwrap();
    assert_eq!(answered.to_move, 0, "the computer played its turn");
    assert!(answered.turn >= 2);
    // The game survives a restart: its squad and steps are in the settings.
    let saved = harness.state().state().settings::<ConquestPanel>();
    assert!(saved.steps.len() >= 3);
    let restored = CurioApp::with_state(AppState::showing::<ConquestPanel>().with::<ConquestPanel>(&saved), None);
    let mut restored = harness_of(restored);
    restored.run_settled();
    let again = panel(&mut restored).battle.clone().unwrap();
    assert_eq!(again.snapshot(), answered.snapshot());
}

fn harness_of(app: CurioApp) -> egui_kittest::Harness<'static, CurioApp> {
    harness(app)
}

#[test]
fn a_game_played_to_its_end_replays_step_by_step() {
    let state = ConquestPanelState { opponent: "greedy".into(), ..ConquestPanelState::default() };
    let mut harness = harness(conquest_app(state));
    harness.run_settled();
    harness.get_by_label("New game").click();
    harness.run_settled();
    // The person passes every turn; the greedy computer wins.
    for _ in 0..400 {
        let Some(battle) = panel(&mut harness).battle.clone() else { break };
        if battle.ending.is_some() {
            break;
        }
        if battle.to_move == 0 {
            let step = if battle.stage == Stage::Commands { Step::EndCommands } else { Step::EndTurn };
            assert!(panel(&mut harness).play(step));
        }
        harness.step();
        settle(&mut harness);
    }
    harness.run_settled();
    let battle = panel(&mut harness).battle.clone().unwrap();
    assert_eq!(battle.ending, Some(curio::conquest::Ending::Won(1)));
    assert!(panel(&mut harness).status().contains("The computer wins"));
    assert!(harness.get_all_by_label("replay step").next().is_some());
    panel(&mut harness).replay = Some(0);
    harness.run_settled();
    assert_eq!(panel(&mut harness).replay, Some(0));
}

fn started() -> ConquestPanelState {
    let mut app = harness(conquest_app(ConquestPanelState { opponent: "greedy".into(), ..ConquestPanelState::default() }));
    app.run_settled();
    panel(&mut app).new_game();
    panel(&mut app).state.clone()
}

#[test]
fn conquest_panel_snapshot() {
    let state = started();
    snapshot_app("conquest_panel", [1280.0, 800.0], |_| conquest_app(state));
}

#[test]
fn conquest_panel_small_window_snapshot() {
    let state = started();
    snapshot_app("conquest_panel_small", [800.0, 600.0], |_| conquest_app(state));
}
