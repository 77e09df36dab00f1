#!/usr/bin/env bash
# Connect-4 side by side with Pascal Pons's solver, the same positions, one thread each, in
# interleaved rounds.
#   scripts/peers/connect4.sh PONS_CHECKOUT [ROUNDS] [SET...]
# PONS_CHECKOUT is a checkout of PascalPons/connect4 (this script fetches nothing); its
# c4solver is built there once (`make c4solver`) and runs without an opening book. Each SET is
# one of crates/connect4/tests/data/ (end, middle, beginning; default: all three): both solvers
# read its positions from standard input, keeping their tables from one position to the next,
# and every score of both must equal the file's. Each round times both (Curio first in odd
# rounds) and prints the mean time a position and the ratio; the medians close. Curio's side is
# the crate's `solve` example: run `cargo build --release -p curio-connect4 --example solve`
# first.
set -euo pipefail
peer=${1:?usage: scripts/peers/connect4.sh PONS_CHECKOUT [ROUNDS] [SET...]}
rounds=${2:-5}
shift $(( $# >= 2 ? 2 : 1 ))
sets=("$@")
[ ${#sets[@]} -gt 0 ] || sets=(end middle beginning)
root=$(cd "$(dirname "$0")/../.." && pwd)
ours="$root/target/release/examples/solve"
[ -x "$ours" ] || { echo "error: $ours not found; run cargo build --release -p curio-connect4 --example solve" >&2; exit 1; }
theirs="$peer/c4solver"
if [ ! -x "$theirs" ]; then
  make -C "$peer" c4solver >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs a solver on a set's positions; prints its seconds after checking its scores.
timed() {
  local program=$1 set=$2 data="$root/crates/connect4/tests/data/$2.txt"
  cut -d' ' -f1 "$data" > "$work/positions"
  local started ended
  started=$(date +%s.%N)
  (cd "$work" && "$program" < "$work/positions" > "$work/scores" 2>/dev/null)
  ended=$(date +%s.%N)
  if ! diff -q "$data" "$work/scores" >/dev/null; then
    echo "error: $program disagrees with $data" >&2
    exit 1
  fi
  python3 -c "print($ended - $started)"
}

for set in "${sets[@]}"; do
  count=$(wc -l < "$root/crates/connect4/tests/data/$set.txt")
  ratios=()
  for round in $(seq 1 "$rounds"); do
    if [ $((round % 2)) -eq 1 ]; then
      our=$(timed "$ours" "$set"); their=$(timed "$theirs" "$set")
    else
      their=$(timed "$theirs" "$set"); our=$(timed "$ours" "$set")
    fi
    ratio=$(python3 -c "print(round($their / $our, 3))")
    ratios+=("$ratio")
    python3 -c "print(f'$set round $round: Curio {1e6 * $our / $count:.0f} µs a position, Pons {1e6 * $their / $count:.0f} µs: Curio {$ratio}x as fast')"
  done
  python3 -c "import statistics,sys; print('$set ($count positions, every score equal): median', statistics.median(float(x) for x in sys.argv[1:]), 'x as fast')" "${ratios[@]}"
done
