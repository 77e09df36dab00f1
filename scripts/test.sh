#!/usr/bin/env bash
# Runs every check CI runs: rustfmt, clippy and rustdoc (warnings are errors; every public item
# documented) and the whole test suite.
# Starts a private Xvfb (+ openbox) when no display is set, so GUI tests run headless.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
fi

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT

if [ -z "${DISPLAY:-}" ] && command -v Xvfb >/dev/null 2>&1; then
  display_number=$((90 + RANDOM % 9))
  Xvfb ":$display_number" -screen 0 1600x1000x24 -nolisten tcp >/tmp/curio-xvfb.log 2>&1 &
  pids+=($!)
  export DISPLAY=":$display_number"
  for _ in $(seq 1 50); do
    xdpyinfo >/dev/null 2>&1 && break
    sleep 0.2
  done
  if command -v openbox >/dev/null 2>&1; then
    openbox >/tmp/curio-openbox.log 2>&1 &
    pids+=($!)
  fi
  echo "started Xvfb on $DISPLAY"
fi
# Quiet "XDG_RUNTIME_DIR is not set" noise from winit/wgpu under Xvfb.
if [ -z "${XDG_RUNTIME_DIR:-}" ]; then
  XDG_RUNTIME_DIR=$(mktemp -d /tmp/curio-runtime.XXXXXX)
  chmod 700 "$XDG_RUNTIME_DIR"
  export XDG_RUNTIME_DIR
fi

cargo fmt --check
cargo clippy --all-targets --locked -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked --quiet
cargo test --locked
