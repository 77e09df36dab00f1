#!/usr/bin/env bash
# Time from closing Curio's window (Alt+F4 through the window manager) to the process's exit
# while a background job runs: the Minesweeper panel's benchmark of 1000 expert games, started
# by a click on "Run benchmark". Runs under its own Xvfb and openbox; prints one line a try.
#   scripts/measure-close.sh [TRIES]        (build the release binary first)
set -euo pipefail
tries=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
binary="$root/target/release/curio"
[ -x "$binary" ] || { echo "build it first: cargo build --release" >&2; exit 1; }
display=":$((80 + RANDOM % 9))"
export DISPLAY=$display
XDG_RUNTIME_DIR=$(mktemp -d /tmp/curio-close.XXXXXX)
export XDG_RUNTIME_DIR
Xvfb "$display" -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
sleep 1
openbox >/dev/null 2>&1 &
openbox=$!
trap 'kill $openbox $xvfb 2>/dev/null || true' EXIT
sleep 1
for try in $(seq 1 "$tries"); do
  "$binary" gui --panel mines --size 1100x760 --fresh >/dev/null 2>&1 &
  curio=$!
  window=""
  for _ in $(seq 1 100); do
    window=$(xdotool search --name '^Curio$' 2>/dev/null | head -1 || true)
    [ -n "$window" ] && break
    sleep 0.1
  done
  [ -n "$window" ] || { echo "try $try: no window"; kill $curio; continue; }
  sleep 3
  # "Run benchmark" in the panel's left column (see docs/img/mines.png at 1100x760).
  xdotool mousemove --window "$window" 330 474 click 1
  sleep 1.5
  threads=$(cat /proc/$curio/task/*/comm 2>/dev/null | grep -c "curio-mines-be" || true)
  start=$(date +%s%N)
  xdotool windowactivate --sync "$window" key --clearmodifiers alt+F4
  while kill -0 $curio 2>/dev/null; do sleep 0.002; done
  end=$(date +%s%N)
  echo "try $try: exited $(( (end - start) / 1000000 )) ms after the close (benchmark threads running at the close: $threads)"
done
