#!/usr/bin/env bash
# Tetris side by side with MDPtetris (Thiery & Scherrer's C reference), the same policy
# (Dellacherie's weights) on the same board, one thread each, in interleaved rounds.
#   scripts/peers/tetris.sh MDPTETRIS_CHECKOUT [ROUNDS] [GAMES] [BOARD] [PIECES]
# MDPTETRIS_CHECKOUT is a checkout of brunoscherrer/mdptetris (this script fetches nothing); its
# play binary is built there once (./configure && make in src/, needing libgsl-dev, zlib1g-dev
# and freeglut3-dev). Each round plays GAMES games with each program (Curio first in odd rounds,
# MDPtetris first in even ones) and prints both programs' pieces a second and their ratio; the
# medians close. MDPtetris prints rows, not pieces: its pieces are rows x width / 4, short by
# at most the cells left at each game's end (w x h / 4 pieces a game, under 1% here). Its play
# binary ends a game when a piece sticks out above the top even if it clears rows, so its games
# are a few percent shorter than Curio's (docs/tetris.md); that changes rows a game, not pieces a
# second. Defaults: 5 rounds, 200 games, 10x10. Run `cargo build --release` first.
# With PIECES, each round plays that many pieces instead of whole games (GAMES is then unused):
# on 10x20 one game lasts millions of pieces, for minutes of random length. Curio plays one game
# capped at PIECES (`--max-pieces`); for MDPtetris, scripts/peers/mdptetris-capped.c (Curio's
# driver, compiled here against the checkout's objects) calls the play binary's functions for
# PIECES pieces, starting a new game when one ends, and times its own loop.
set -euo pipefail
peer=${1:?usage: scripts/peers/tetris.sh MDPTETRIS_CHECKOUT [ROUNDS] [GAMES] [BOARD] [PIECES]}
rounds=${2:-5}
games=${3:-200}
board=${4:-10x10}
pieces=${5:-}
width=${board%x*}
height=${board#*x}
root=$(cd "$(dirname "$0")/../.." && pwd)
curio="$root/target/release/curio"
[ -x "$curio" ] || { echo "error: $curio not found; run cargo build --release" >&2; exit 1; }
play="$peer/src/mdptetris_play_games"
if [ ! -x "$play" ]; then
  (cd "$peer" && ./configure >/dev/null && make -C src mdptetris_play_games >/dev/null)
fi
features="$peer/data/features/dellacherie_initial.dat"
[ -s "$features" ] || { echo "error: no $features in the checkout" >&2; exit 1; }
capped="$peer/src/curio-mdptetris-capped"
if [ -n "$pieces" ]; then
  objects=(game games_statistics last_move_info piece file_tools board brick_masks feature_policy
    feature_functions rewards interruptions random)
  (cd "$peer/src" && gcc -O2 -DHAVE_CONFIG_H -I. -I.. -I../include "$root/scripts/peers/mdptetris-capped.c" \
    "${objects[@]/%/.o}" -lz -lgsl -lgslcblas -lm -o "$capped")
fi

curio_round() {
  local count=(--games "$games")
  [ -n "$pieces" ] && count=(--games 1 --max-pieces "$pieces")
  RAYON_NUM_THREADS=1 "$curio" tetris play --weights dellacherie --board "$board" "${count[@]}" \
    --seed "$1" --json | python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["pieces_per_second"], r["mean_lines"])'
}
peer_round() {
  if [ -n "$pieces" ]; then
    local placed seconds rows
    read -r placed seconds rows < <(cd "$peer/data" && "$capped" "$features" "$pieces" "$width" "$height" "$1" | tail -n 1)
    python3 -c "print($placed / $seconds, $rows)"
    return
  fi
  local stats started ended
  stats=$(mktemp)
  started=$(date +%s.%N)
  local mean
  mean=$(cd "$peer/data" && "$play" "$features" "$games" "$width" "$height" "$stats" | sed -n 's/^Mean score: //p')
  ended=$(date +%s.%N)
  rm -f "$stats"
  python3 -c "print($mean * $games * $width / 4 / ($ended - $started), $mean)"
}

ratios=()
label="rows a game"
[ -n "$pieces" ] && label="rows in $pieces pieces"
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then
    read -r ours our_lines < <(curio_round "$round")
    read -r theirs their_lines < <(peer_round "$round")
  else
    read -r theirs their_lines < <(peer_round "$round")
    read -r ours our_lines < <(curio_round "$round")
  fi
  ratio=$(python3 -c "print(round($ours / $theirs, 3))")
  ratios+=("$ratio")
  printf 'round %d: Curio %.0f pieces/s (%.0f %s), MDPtetris %.0f pieces/s (%.0f %s): %sx\n' \
    "$round" "$ours" "$our_lines" "$label" "$theirs" "$their_lines" "$label" "$ratio"
done
python3 -c "import statistics,sys; print('median ratio', statistics.median(float(x) for x in sys.argv[1:]))" "${ratios[@]}"
