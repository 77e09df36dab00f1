//! Whether a test that needs a display runs: it skips without one, and fails instead under
//! CURIO_REQUIRE_DISPLAY=1 (which `.ci/run` sets after starting Xvfb).

#![allow(dead_code)]

/// Whether CURIO_REQUIRE_DISPLAY=1: what would skip must fail instead.
pub fn required() -> bool {
    std::env::var("CURIO_REQUIRE_DISPLAY").as_deref() == Ok("1")
}

/// True when DISPLAY is set; otherwise says the test skips and returns false, or fails when a
/// display is required.
pub fn available() -> bool {
    if std::env::var_os("DISPLAY").is_some() {
        return true;
    }
    assert!(!required(), "CURIO_REQUIRE_DISPLAY=1 but DISPLAY is not set");
    eprintln!("skipping: no DISPLAY (set CURIO_REQUIRE_DISPLAY=1 to fail instead)");
    false
}
