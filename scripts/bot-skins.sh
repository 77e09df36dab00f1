#!/usr/bin/env bash
# The bot on the built-in window in generated skins held out from tuning (the seeds of the
# skins test: 0xC0FFEE000000 + i * 7919), one game a skin, through the real window.
# Usage: scripts/bot-skins.sh LEVEL FIRST COUNT   (needs a display; prints one JSON line a skin
# and a total line: games, wins, the solver's wins on the same games, misreads, outside clicks)
set -euo pipefail
cd "$(dirname "$0")/.."
level=${1:-beginner}
first=${2:-0}
count=${3:-30}
curio=${CURIO:-target/release/curio}
games=0 wins=0 solver=0 misreads=0 outside=0 checked=0 stopped=0
for ((i = first; i < first + count; i++)); do
  seed=$((0xC0FFEE000000 + i * 7919))
  report=$("$curio" bot play --target builtin-skinned --level "$level" --seed "$seed" --games 1 --json || true)
  echo "$report"
  field() { python3 -c "import json,sys; r=json.loads(sys.argv[1]); print(r.get('$1') or 0)" "$report" 2>/dev/null || echo 0; }
  games=$((games + $(field games)))
  wins=$((wins + $(field wins)))
  solver=$((solver + $(field solver_wins_same_games)))
  misreads=$((misreads + $(field misreads)))
  outside=$((outside + $(field outside_clicks)))
  checked=$((checked + $(field reads_checked_against_truth)))
  if [ "$(field stopped)" != "0" ]; then stopped=$((stopped + 1)); fi
done
echo "level $level skins $count: games $games wins $wins solver_wins $solver misreads $misreads reads_checked $checked outside_clicks $outside stopped $stopped"
