//! `curio bot`'s command line without a display: the games it plays are the domains' declared
//! bot games, and a target of another game is bad input that names the right game.

use super::common::{assert_bad_input, curio, text};

#[test]
fn play_lists_the_declared_games_and_their_programs() {
    let games = curio::app::domain::bot_games();
    assert!(games.len() >= 2, "minesweeper and Puzlogic declare bot games");
    let help = text(&curio(&["bot", "play", "--help"]).stdout);
    for game in &games {
        assert!(help.contains(&format!("{} ({})", game.name, game.title)), "{help}");
        for program in game.programs {
            assert!(help.contains(program.name), "{}: {help}", program.name);
        }
    }
    assert_bad_input(&["bot", "play", "--game", "chess", "--target", "builtin"], &["chess", "mines", "puzlogic"]);
}

#[test]
fn a_program_of_another_game_names_that_game() {
    assert_bad_input(
        &["bot", "play", "--game", "puzlogic", "--target", "gnome-mines"],
        &["gnome-mines is a target of Minesweeper, not of Puzlogic", "--game mines"],
    );
}
