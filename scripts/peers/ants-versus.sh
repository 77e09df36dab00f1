#!/usr/bin/env bash
# Curio's strong bot against one official sample bot on the official two-player maps: GAMES
# games of the official 1,000 turns, the i-th on the i-th two-player map (in name order),
# engine seed i, Curio first in even games; prints each game and the wins, draws and losses
# with a 95% interval (Wilson) for the win rate.
#
#   scripts/peers/ants-versus.sh AICHALLENGE_CHECKOUT SAMPLE_BOT GAMES [CURIO_BINARY]
#
# SAMPLE_BOT is HunterBot, GreedyBot, LeftyBot or RandomBot (run seeded by ants-seeded-bot.py,
# with its Python 3 fix, so that RandomBot plays rather than crashes).
# It fetches nothing; it needs python3.
set -euo pipefail
checkout=$(realpath "$1")
sample=$2
games=$3
here=$(cd "$(dirname "$0")" && pwd)
curio=${4:-$(realpath "$here/../..")/target/release/curio}
mapfile -t maps < <(ls "$checkout"/ants/maps/*/*p02*.map | sort)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
wins=0 draws=0 losses=0
for i in $(seq 0 $((games - 1))); do
  map=${maps[$((i % ${#maps[@]}))]}
  them="python3 $here/ants-seeded-bot.py $i $checkout/ants/dist/sample_bots/python/$sample.py --fix-python3"
  if [ $((i % 2)) -eq 0 ]; then first=builtin:curio; second=$them; me=0; else first=$them; second=builtin:curio; me=1; fi
  result=$("$curio" ants play --map "$map" --bot "$first" --bot "$second" --engine-seed "$i" --player-seed "$i" \
    --replay "$work/game.replay" --json)
  verdict=$(python3 -c "import json,sys; r=json.loads(sys.argv[1]); s=r['scores']; me=int(sys.argv[2]); print('win' if s[me]>s[1-me] else 'loss' if s[me]<s[1-me] else 'draw', r['turns'], r['cutoff'], s)" "$result" "$me")
  echo "game $i $(basename "$map") curio as player $me: $verdict"
  case $verdict in win*) wins=$((wins + 1)) ;; draw*) draws=$((draws + 1)) ;; *) losses=$((losses + 1)) ;; esac
done
python3 - "$wins" "$draws" "$losses" "$sample" <<'PY'
import math, sys
wins, draws, losses = map(int, sys.argv[1:4])
n = wins + draws + losses
z = 1.96
p = wins / n
centre = (p + z * z / (2 * n)) / (1 + z * z / n)
half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
print(f"curio against {sys.argv[4]}: {wins} wins, {draws} draws, {losses} losses in {n} games; win rate {100 * p:.1f}% (95% interval {100 * (centre - half):.1f}-{100 * (centre + half):.1f}%)")
PY
