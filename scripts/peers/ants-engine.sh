#!/usr/bin/env bash
# The official engine against Curio's on the same game, in interleaved rounds: each round
# re-simulates REPLAY's orders once with the official engine (ants-engine-bench.py: its rules,
# sight and each living player's rendered view every turn) and once with Curio's
# (`curio ants bench --views`, the same work), then with Curio's rules alone; prints each
# round's seconds and the medians of the ratios. Curio's time in a round is the median of 5
# games in one process (a game takes milliseconds, so the first one's page faults would
# otherwise weigh; the official engine's game takes seconds).
#
#   scripts/peers/ants-engine.sh AICHALLENGE_CHECKOUT REPLAY [ROUNDS] [CURIO_BINARY]
#
# It fetches nothing; it needs python3.
set -euo pipefail
checkout=$(realpath "$1")
replay=$(realpath "$2")
rounds=${3:-5}
here=$(cd "$(dirname "$0")" && pwd)
curio=${4:-$(realpath "$here/../..")/target/release/curio}
python3 - "$checkout" "$replay" "$rounds" "$curio" "$here" <<'PY'
import json, statistics, subprocess, sys
checkout, replay, rounds, curio, here = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
views, rules = [], []
for round in range(1, rounds + 1):
    official = json.loads(subprocess.check_output(["python3", f"{here}/ants-engine-bench.py", checkout, replay, "1"]))
    ours = json.loads(subprocess.check_output([curio, "ants", "bench", "--replay", replay, "--rounds", "5", "--views", "--json"]))
    bare = json.loads(subprocess.check_output([curio, "ants", "bench", "--replay", replay, "--rounds", "5", "--json"]))
    assert official["turns"] == ours["turns"] == bare["turns"]
    o, v, r = official["median_seconds"], ours["median_seconds"], bare["median_seconds"]
    views.append(o / v)
    rules.append(o / r)
    print(f"round {round}: official {o:.3f} s, Curio {v * 1000:.2f} ms ({o / v:.0f}x), Curio's rules alone {r * 1000:.2f} ms ({o / r:.0f}x)")
print(f"{official['turns']} turns; median ratio {statistics.median(views):.0f}x with every player's view, {statistics.median(rules):.0f}x for the rules alone")
PY
