#!/usr/bin/env bash
# Plays every official game of tests/fixtures/ants/official again with Curio's engine, the
# same seeded official sample bots as processes, and the official replay's food
# (`curio ants play --food-from`), and checks that Curio's replay is the official one: every
# ant's start, death and moves, the food, the hills, the score and hive histories, the bonus,
# the cutoff, the statuses and the length.
#
#   scripts/peers/ants-food-from.sh AICHALLENGE_CHECKOUT [CURIO_BINARY]
#
# It fetches nothing; it needs python3.
set -euo pipefail
checkout=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
root=$(realpath "$here/../..")
curio=${2:-$root/target/release/curio}
bots="$checkout/ants/dist/sample_bots/python"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
while read -r name map turns turntime seed players; do
  [ -z "$name" ] || [ "${name:0:1}" = "#" ] && continue
  args=()
  for player in $players; do
    args+=(--bot "python3 $here/ants-seeded-bot.py ${player%%:*} $bots/${player#*:}.py")
  done
  official="$root/tests/fixtures/ants/official/$name.replay"
  "$curio" ants play --map "$root/tests/fixtures/ants/maps/$map.map" --turns "$turns" --turntime "$turntime" \
    --engine-seed "$seed" --player-seed "$seed" --food-from "$official" "${args[@]}" --replay "$work/$name.replay" --json >/dev/null
  verdict=$(python3 - "$work/$name.replay" "$official" <<'PY'
import json, sys
ours, theirs = (json.load(open(path)) for path in sys.argv[1:3])
differ = [key for key in ["status", "playerturns", "score", "rank", "game_length"] if ours[key] != theirs[key]]
differ += [key for key in ["ants", "food", "hills", "scores", "bonus", "hive_history", "winning_turn",
                           "ranking_turn", "cutoff", "map"] if ours["replaydata"][key] != theirs["replaydata"][key]]
print("identical" if not differ else "differs: " + ", ".join(differ))
PY
)
  echo "$name: $verdict"
  [ "$verdict" = identical ] || failed=1
done < "$here/ants-games.txt"
exit $failed
