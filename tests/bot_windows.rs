//! Finding windows as a new user would: a classic X11 program that names its window only by
//! `WM_NAME` of type STRING (Latin-1), with no UTF-8 `_NET_WM_NAME`, is listed by `curio bot
//! windows` under its title, and `--window`/`--target` find it by title or by the id listed.
//! Needs a display (CI: Xvfb and openbox); fails instead of skipping under
//! CURIO_REQUIRE_DISPLAY=1.

#[path = "common/display.rs"]
mod display;

use std::process::Command;
use x11rb::connection::Connection;
use x11rb::protocol::xproto::{AtomEnum, ConnectionExt, CreateWindowAux, PropMode, WindowClass};
use x11rb::wrapper::ConnectionExt as _;

fn curio(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_curio")).args(args).output().expect("curio runs")
}

#[test]
fn a_latin1_wm_name_is_listed_and_found_by_title_and_by_id() {
    if !display::available() {
        return;
    }
    let (connection, screen_number) = x11rb::connect(None).expect("the X server answers");
    let screen = &connection.setup().roots[screen_number];
    let window = connection.generate_id().expect("an id");
    connection
        .create_window(
            screen.root_depth,
            window,
            screen.root,
            40,
            40,
            320,
            240,
            0,
            WindowClass::INPUT_OUTPUT,
            screen.root_visual,
            &CreateWindowAux::new().background_pixel(screen.white_pixel),
        )
        .expect("create");
    // "Démineur classique" in Latin-1: é is the one byte 0xE9, which is not UTF-8.
    let title: &[u8] = b"D\xe9mineur classique";
    connection
        .change_property8(PropMode::REPLACE, window, AtomEnum::WM_NAME, AtomEnum::STRING, title)
        .expect("set WM_NAME");
    connection.map_window(window).expect("map");
    connection.flush().expect("flush");

    // The window manager may take a moment to manage it.
    let mut listed = None;
    for _ in 0..50 {
        let output = curio(&["bot", "windows", "--json"]);
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
        listed = report["windows"]
            .as_array()
            .and_then(|windows| windows.iter().find(|entry| entry["id"] == window).cloned());
        if listed.as_ref().is_some_and(|entry| entry["title"] == "Démineur classique") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let listed = listed.expect("the window is listed");
    assert_eq!(listed["title"], "Démineur classique", "{listed}");

    // Found by title and by id (decimal and hexadecimal): a blank window has no board, and the
    // message says so rather than that no window was found.
    for name in ["Démineur", &window.to_string(), &format!("{window:#x}")] {
        let output = curio(&["bot", "read", "--window", name]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
        assert!(!stderr.contains("no window"), "{name}: {stderr}");
        assert!(stderr.contains("board") || stderr.contains("grid"), "{name}: {stderr}");
    }
    let output = curio(&["bot", "play", "--target", "4294967", "--dry-run"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no window with id 4294967"), "{stderr}");
    connection.destroy_window(window).expect("destroy");
    connection.flush().expect("flush");
}
