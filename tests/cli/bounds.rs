//! Settings that both the command line and a panel take have one range, declared by their
//! domain (`curio_core::bounds::Bounds`): the command line refuses a value past either end with
//! that range in its message, and the panel's `sanitize` brings the same value back to that end.

use super::common::assert_bad_input;
use curio::app::panels::Settings;
use curio_core::bounds::Bounds;
use std::fmt::Display;

/// `args` with `value` for the last flag must be refused, naming the bounds' range.
fn refused<T: Display>(args: &[&str], value: T, bounds: Bounds<T>) {
    let value = value.to_string();
    let mut args = args.to_vec();
    args.push(&value);
    let range = format!("out of range {}..={}", bounds.min, bounds.max);
    assert_bad_input(&args, &[&range]);
}

#[test]
fn the_command_line_refuses_values_past_the_domains_bounds() {
    refused(&["bot", "play", "--target", "builtin", "--games"], 0, curio::bot::GAMES);
    refused(&["bot", "play", "--target", "builtin", "--max-moves-per-s"], 500.0, curio::bot::MOVES_PER_SECOND);
    refused(&["mines", "bench", "--games"], 0, curio::mines::BENCH_GAMES);
    refused(&["tetris", "evolve", "--out", "r.json", "--generations"], 100_001, curio::tetris::evolve::GENERATIONS);
    refused(&["tetris", "evolve", "--out", "r.json", "--population"], 3, curio::tetris::evolve::POPULATION);
    refused(&["bulls", "solve", "--strategy", "random-consistent", "--runs"], 0, curio::bulls::strategy::RUNS);
    refused(&["bulls", "optimal", "--depth"], 21, curio::bulls::optimal::DEPTH);
    refused(&["gregg", "render", "cake", "--out", "c.svg", "--unit"], 1.0, curio::gregg::page::UNIT);
    refused(&["fermat", "torricelli", "--limit"], 0, curio::fermat::torricelli::LIMIT);
    refused(&["classics", "codejam", "go_gopher", "--judge", "--test-set"], 3, curio::classics::codejam::TEST_SET);
    refused(&["go", "selfplay", "--playouts"], 0, curio::go::PLAYOUTS);
}

#[test]
fn the_panels_bring_the_same_values_back_to_the_same_ends() {
    let mut bot = curio::app::bot::BotPanelState { games: 0, max_moves_per_second: 500.0, ..Default::default() };
    bot.sanitize();
    assert_eq!((bot.games, bot.max_moves_per_second), (curio::bot::GAMES.min, curio::bot::MOVES_PER_SECOND.max));
    assert_eq!(curio::app::bot::BotPanelState::default().games, curio::bot::GAMES.default);
}
