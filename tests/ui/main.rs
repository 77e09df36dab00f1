//! The GUI driven through egui_kittest, one file per panel: widgets found by their labels,
//! state checked, plus small image snapshots rendered with wgpu (software Vulkan in CI).

// Tests start from a panel's default settings and change the few they are about, one a line,
// nested fields too (`star.figure.style`), which a struct literal cannot do.
#![allow(clippy::field_reassign_with_default)]

#[path = "../common/mod.rs"]
mod common;

// Every `.rs` file in this folder is a module: a new panel adds its file and nothing else.
automod::dir!("tests/ui");
