#!/usr/bin/env bash
# Installs the Debian packages Curio needs to build, test and run headless.
# One list, used by README and .ci/run. Safe to run again.
set -euo pipefail
packages=(
  # build: xcap's Linux backend (PipeWire via bindgen, gbm), X11/EGL headers
  pkg-config clang libclang-dev libpipewire-0.3-dev libspa-0.2-dev libgbm-dev
  libx11-dev libxcb1-dev libxkbcommon-dev libegl-dev libxrandr-dev libxi-dev libxtst-dev
  libdbus-1-dev
  # the Debian package: dpkg-shlibdeps (its dependencies), file (is the binary stripped)
  dpkg-dev file
  # scripts: the package check serves the screenshots with python3 -m http.server
  python3
  # xcap reaches wayland-client through pkg-config when a crate below the app is built alone
  # (`cargo test -p curio-cli`); the whole workspace loads it at run time instead
  libwayland-dev
  # sound (cpal through ALSA); the app runs without a sound device too
  libasound2-dev
  # counterpoint: a General MIDI SoundFont to render with, and python's venv for music21
  timgm6mb-soundfont python3-venv
  # headless GUI and tests: X server, software Vulkan (lavapipe), window manager, screenshots
  xvfb mesa-vulkan-drivers libvulkan1 libgl1-mesa-dri openbox x11-utils
  # the bot's second target, run in its own session bus
  gnome-mines dbus-daemon
  fonts-dejavu-core
  # the app on Wayland (a headless compositor), and the package installed on a clean Debian root
  weston debootstrap
  # sharded jobs on a real batch engine: a single-node Slurm (scripts/slurm/start-single-node.sh)
  slurm-wlm munge
)
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq --no-install-recommends "${packages[@]}"

# Rust: Curio needs Rust 1.95 or newer (edition 2024). Debian's cargo is too old; use rustup.
if ! command -v cargo >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/cargo" ]; then
  $sudo_cmd apt-get install -y -qq --no-install-recommends curl ca-certificates build-essential
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal --component clippy,rustfmt
fi

# music21 (PyPI), the independent checker of counterpoint's pieces (tests/cli/counterpoint.rs),
# in a virtual environment of its own.
music21_venv="${XDG_DATA_HOME:-$HOME/.local/share}/curio/music21"
if [ ! -x "$music21_venv/bin/python3" ] || ! "$music21_venv/bin/python3" -c "import music21" 2>/dev/null; then
  python3 -m venv "$music21_venv"
  "$music21_venv/bin/pip" install --quiet --disable-pip-version-check "music21==10.5.1"
fi
