#!/usr/bin/env bash
# Tetris side by side with MDPtetris (Thiery & Scherrer's C reference), the same policy
# (Dellacherie's weights) on the same board, one thread each, in interleaved rounds.
#   scripts/peers/tetris.sh MDPTETRIS_CHECKOUT [ROUNDS] [GAMES] [BOARD]
# MDPTETRIS_CHECKOUT is a checkout of brunoscherrer/mdptetris (this script fetches nothing); its
# play binary is built there once (./configure && make in src/, needing libgsl-dev, zlib1g-dev
# and freeglut3-dev). Each round plays GAMES games with each program (Curio first in odd rounds,
# MDPtetris first in even ones) and prints both programs' pieces a second and their ratio; the
# medians close. MDPtetris prints rows, not pieces: its pieces are rows x width / 4, short by
# at most the cells left at each game's end (w x h / 4 pieces a game, under 1% here). Its play
# binary ends a game when a piece sticks out above the top even if it clears rows, so its games
# are a few percent shorter than Curio's (docs/tetris.md); that changes rows a game, not pieces a
# second. Defaults: 5 rounds, 200 games, 10x10. Run `cargo build --release` first.
set -euo pipefail
peer=${1:?usage: scripts/peers/tetris.sh MDPTETRIS_CHECKOUT [ROUNDS] [GAMES] [BOARD]}
rounds=${2:-5}
games=${3:-200}
board=${4:-10x10}
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

curio_round() {
  RAYON_NUM_THREADS=1 "$curio" tetris play --weights dellacherie --board "$board" --games "$games" \
    --seed "$1" --json | python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["pieces_per_second"], r["mean_lines"])'
}
peer_round() {
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
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then
    read -r ours our_lines < <(curio_round "$round")
    read -r theirs their_lines < <(peer_round)
  else
    read -r theirs their_lines < <(peer_round)
    read -r ours our_lines < <(curio_round "$round")
  fi
  ratio=$(python3 -c "print(round($ours / $theirs, 3))")
  ratios+=("$ratio")
  printf 'round %d: Curio %.0f pieces/s (%.0f rows a game), MDPtetris %.0f pieces/s (%.0f rows a game): %sx\n' \
    "$round" "$ours" "$our_lines" "$theirs" "$their_lines" "$ratio"
done
python3 -c "import statistics,sys; print('median ratio', statistics.median(float(x) for x in sys.argv[1:]))" "${ratios[@]}"
