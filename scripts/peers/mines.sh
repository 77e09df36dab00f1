#!/usr/bin/env bash
# Minesweeper side by side with JSMinesweeper (David N. Hill's solver), expert games (30x16, 99
# mines, first click safe in the corner), one thread each, in interleaved rounds.
#   scripts/peers/mines.sh JSMINESWEEPER_CHECKOUT [ROUNDS] [CURIO_GAMES] [PEER_GAMES]
# JSMINESWEEPER_CHECKOUT is a checkout of DavidNHill/JSMinesweeper (this script fetches
# nothing); scripts/peers/jsminesweeper-bench.js, Curio's harness, runs its solver under Node
# (needs `node`) with the settings of the page's own bulk run. Each round plays CURIO_GAMES
# games with `curio mines bench --threads 1` and PEER_GAMES with JSMinesweeper (Curio first in
# odd rounds, JSMinesweeper first in even ones), both from the round's seed (each program draws
# its own games from it), and prints games a second, wins and the ratio; the medians and the
# win rates of all rounds together, with 95% intervals, close. JSMinesweeper is about fifty
# times slower, hence the two counts. Defaults: 5 rounds, 3000 and 100 games. Run `cargo build
# --release` first.
set -euo pipefail
peer=${1:?usage: scripts/peers/mines.sh JSMINESWEEPER_CHECKOUT [ROUNDS] [CURIO_GAMES] [PEER_GAMES]}
rounds=${2:-5}
curio_games=${3:-3000}
peer_games=${4:-100}
root=$(cd "$(dirname "$0")/../.." && pwd)
curio="$root/target/release/curio"
[ -x "$curio" ] || { echo "error: $curio not found; run cargo build --release" >&2; exit 1; }
command -v node >/dev/null || { echo "error: node not found (apt install nodejs)" >&2; exit 1; }
[ -f "$peer/Minesweeper/client/solver_main.js" ] ||
  { echo "error: $peer is not a JSMinesweeper checkout (no Minesweeper/client/solver_main.js)" >&2; exit 1; }

curio_round() {
  "$curio" mines bench --level expert --rule safe --games "$curio_games" --seed "$1" --threads 1 --json |
    python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["games_per_second"], r["wins"])'
}
peer_round() {
  node "$root/scripts/peers/jsminesweeper-bench.js" "$peer" "$peer_games" "$1" 2>/dev/null |
    python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["games_per_second"], r["wins"])'
}

ratios=()
our_wins=0
their_wins=0
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then
    read -r ours won < <(curio_round "$round")
    read -r theirs peer_won < <(peer_round "$round")
  else
    read -r theirs peer_won < <(peer_round "$round")
    read -r ours won < <(curio_round "$round")
  fi
  our_wins=$((our_wins + won))
  their_wins=$((their_wins + peer_won))
  ratio=$(python3 -c "print(round($ours / $theirs, 2))")
  ratios+=("$ratio")
  printf 'round %d: Curio %.1f games/s (%d of %d won), JSMinesweeper %.2f games/s (%d of %d won): %sx\n' \
    "$round" "$ours" "$won" "$curio_games" "$theirs" "$peer_won" "$peer_games" "$ratio"
done
python3 - "$our_wins" $((rounds * curio_games)) "$their_wins" $((rounds * peer_games)) "${ratios[@]}" <<'PY'
import math, statistics, sys
def rate(wins, games):
    p = wins / games
    half = 1.96 * math.sqrt(p * (1 - p) / games)
    return f"{wins}/{games} = {100 * p:.2f}% (95% CI {100 * (p - half):.2f}-{100 * (p + half):.2f}%)"
print("win rate: Curio", rate(int(sys.argv[1]), int(sys.argv[2])), "; JSMinesweeper", rate(int(sys.argv[3]), int(sys.argv[4])))
print("median ratio", statistics.median(float(x) for x in sys.argv[5:]))
PY
