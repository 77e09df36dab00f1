#!/usr/bin/env bash
# The screen bot on the launcher game's built-in window against the two reference players (idle,
# random presser), on the same courses: BLOCKS blocks of RUNS runs, block b from seed b (runs
# 0..RUNS of it), the three players taking turns block by block. Every run's distance comes from
# the window's own log.
# Usage: scripts/bot-launch.sh BLOCKS RUNS   (needs a display; prints one JSON line a session and
# a summary a player: runs, mean distance and its 95% interval, power-ups used, fizzles,
# captures a second, outside clicks, clicks on nothing, sessions stopped)
set -euo pipefail
cd "$(dirname "$0")/.."
blocks=${1:-10}
runs=${2:-10}
curio=${CURIO:-target/release/curio}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for ((b = 1; b <= blocks; b++)); do
  for policy in own idle random; do
    "$curio" bot play --game launch --target builtin --policy "$policy" --seed "$b" --games "$runs" --json \
      > "$out/$policy-$b.json" || true
    cat "$out/$policy-$b.json"
  done
done
python3 - "$out" <<'PY'
import glob, json, math, sys
folder = sys.argv[1]
for policy in ["own", "idle", "random"]:
    distances, used, fizzles, reads, seconds, outside, missed, stopped = [], 0, 0, 0, 0.0, 0, 0, 0
    for path in sorted(glob.glob(f"{folder}/{policy}-*.json")):
        try:
            report = json.load(open(path))
        except ValueError:
            stopped += 1
            continue
        distances += report.get("distances") or []
        used += report.get("power_ups_used") or 0
        fizzles += report.get("fizzles") or 0
        outside += report.get("outside_clicks") or 0
        missed += report.get("missed_clicks") or 0
        stopped += report.get("stopped") is not None
        rate = report.get("captures_per_second") or 0
        secs = (report.get("seconds_per_run") or 0) * (report.get("runs") or 0)
        reads += rate * secs
        seconds += secs
    n = len(distances)
    mean = sum(distances) / n if n else 0
    sd = math.sqrt(sum((d - mean) ** 2 for d in distances) / (n - 1)) if n > 1 else 0
    half = 1.959964 * sd / math.sqrt(n) if n else 0
    print(json.dumps({"player": policy, "runs": n, "mean_distance": round(mean, 1),
                      "interval": [round(mean - half, 1), round(mean + half, 1)],
                      "power_ups_used": used, "fizzles": fizzles,
                      "captures_per_second": round(reads / seconds, 1) if seconds else None,
                      "outside_clicks": outside, "missed_clicks": missed, "sessions_stopped": stopped}))
PY
