#!/usr/bin/env bash
# Plays the official 2011 AI Challenge engine on Curio's test maps with the official Python
# sample bots (seeded by ants-seeded-bot.py) and writes each game's replay, the games that
# tests/ants_official.rs replays with Curio's engine.
#
#   scripts/peers/ants-official-games.sh AICHALLENGE_CHECKOUT OUT_DIR [GAME]
#
# It fetches nothing. The games are listed in ants-games.txt.
set -euo pipefail
checkout=$(realpath "$1")
out=$(realpath -m "$2")
here=$(cd "$(dirname "$0")" && pwd)
maps=$(realpath "$here/../../tests/fixtures/ants/maps")
bots="$checkout/ants/dist/sample_bots/python"
mkdir -p "$out"
mapfile -t GAMES < <(grep -v "^#" "$here/ants-games.txt")
only=${3:-}
for game in "${GAMES[@]}"; do
  read -r name map turns turntime seed players <<<"$game"
  if [ -n "$only" ] && [ "$only" != "$name" ]; then continue; fi
  commands=()
  for player in $game; do
    case "$player" in
      *:*) commands+=("python3 $here/ants-seeded-bot.py ${player%%:*} $bots/${player#*:}.py") ;;
    esac
  done
  dir=$(mktemp -d)
  (cd "$checkout/ants" && python3 playgame.py --nolaunch --turns "$turns" --turntime "$turntime" \
    --engine_seed "$seed" --player_seed "$seed" -l "$dir" -m "$maps/$map.map" "${commands[@]}" >/dev/null 2>&1)
  cp "$dir/0.replay" "$out/$name.replay"
  rm -rf "$dir"
  echo "$name: $(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); d=r['replaydata']; print(r['game_length'], d['cutoff'], r['status'], r['score'])" "$out/$name.replay")"
done
