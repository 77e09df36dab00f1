#!/usr/bin/env bash
# Screenshot of a curio window under Xvfb, to look at what the GUI draws on a machine without a
# desktop. Usage:
#   scripts/screenshot.sh OUT.png WAIT_SECONDS [curio arguments...]
#   scripts/screenshot.sh mines.png 10 gui --panel mines --size 1280x780 --fresh
#   scripts/screenshot.sh window.png 8 mines window --level expert --seed 7
# Starts the release binary (build it first), waits WAIT_SECONDS, captures the whole screen
# (1280x800, or CURIO_SCREEN=WIDTHxHEIGHT) to OUT.png, and closes the window. Before the
# capture it clicks CURIO_CLICKS ("x,y,button ...", button 1 left, 3 right; one a second), e.g.
#   CURIO_CLICKS="142,212,1" scripts/screenshot.sh play.png 10 gui --panel mines --fresh
# presses CURIO_KEYS (xdotool key names, e.g. "ctrl+k"), types CURIO_TYPE, and waits
# CURIO_WAIT_AFTER seconds (default 0), e.g. for a benchmark started by a click to finish.
# Installs xwd (x11-apps), netpbm and xdotool with apt-get when they are missing.
set -euo pipefail

if [ $# -lt 2 ]; then
    echo "usage: $0 OUT.png WAIT_SECONDS [curio arguments...]" >&2
    exit 2
fi
out=$1
wait_seconds=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
binary="$root/target/release/curio"
if [ ! -x "$binary" ]; then
    echo "error: $binary not found; run 'cargo build --release' first" >&2
    exit 1
fi

missing=()
command -v xwd > /dev/null || missing+=(x11-apps)
command -v xwdtopnm > /dev/null || missing+=(netpbm)
command -v xdotool > /dev/null || missing+=(xdotool)
command -v Xvfb > /dev/null || missing+=(xvfb)
if [ ${#missing[@]} -gt 0 ]; then
    sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get install -y --no-install-recommends "${missing[@]}" > /dev/null
fi

display=:93
Xvfb "$display" -screen 0 "${CURIO_SCREEN:-1280x800}x24" > /dev/null 2>&1 &
xvfb=$!
app=""
cleanup() {
    [ -n "$app" ] && kill "$app" 2> /dev/null || true
    kill "$xvfb" 2> /dev/null || true
}
trap cleanup EXIT
export DISPLAY=$display
sleep 1

"$binary" "$@" > /dev/null 2>&1 &
app=$!
sleep "$wait_seconds"
for click in ${CURIO_CLICKS:-}; do
    IFS=, read -r x y button <<< "$click"
    xdotool mousemove "$x" "$y" click "${button:-1}"
    sleep 1
done
# Without a window manager nothing gives the window the keyboard: give it before typing.
if [ -n "${CURIO_KEYS:-}${CURIO_TYPE:-}" ]; then
    window=$(xdotool search --pid "$app" 2> /dev/null | tail -1 || true)
    if [ -n "$window" ]; then xdotool windowfocus "$window" 2> /dev/null || true; fi
fi
for key in ${CURIO_KEYS:-}; do
    xdotool key "$key"
    sleep 0.5
done
if [ -n "${CURIO_TYPE:-}" ]; then
    xdotool type --delay 100 "$CURIO_TYPE"
    sleep 0.5
fi
sleep "${CURIO_WAIT_AFTER:-0}"
if ! kill -0 "$app" 2> /dev/null; then
    echo "error: curio exited before the capture" >&2
    exit 1
fi
xwd -root -silent | xwdtopnm 2> /dev/null | pnmtopng > "$out"
echo "$out"
