//! The bot end to end on GNOME Mines under X: it launches the game, picks the size on its
//! chooser, plays three games through the screen, closes the scores dialog and starts the next
//! game with its button. Needs a display, a window manager and gnome-mines (installed by
//! scripts/setup-debian.sh); fails instead of skipping under CURIO_REQUIRE_DISPLAY=1.

#[path = "common/display.rs"]
mod display;

#[test]
fn the_bot_plays_gnome_mines() {
    if !display::available() {
        return;
    }
    let required = display::required();
    let installed = ["/usr/games/gnome-mines", "/usr/bin/gnome-mines"]
        .iter()
        .any(|path| std::path::Path::new(path).exists());
    if !installed {
        assert!(
            !required,
            "CURIO_REQUIRE_DISPLAY=1 but gnome-mines is not installed (scripts/setup-debian.sh installs it)"
        );
        eprintln!("skipping: gnome-mines is not installed");
        return;
    }
    let report = display::bot_play(&["--target", "gnome-mines", "--games", "3"]);
    assert_eq!(report["games"], 3, "{report}");
    assert_eq!(report["misreads"], 0, "{report}");
    assert_eq!(report["outside_clicks"], 0, "{report}");
    assert!(report["stopped"].is_null(), "{report}");
}
