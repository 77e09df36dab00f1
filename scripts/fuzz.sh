#!/usr/bin/env bash
# Coverage-guided fuzzing of every parser and file format with AFL++ (cargo-afl, stable Rust):
#   scripts/fuzz.sh [MINUTES] [TARGET ...]
# MINUTES a target (default 10), every target of curio::fuzz unless some are named; FUZZ_JOBS
# targets at once (default 1, one core each). Seeds: a domain's target's in
# crates/<domain>/fuzz/seeds/<target>/, the house's in fuzz/seeds/<target>/ (the harness prints
# the folder: curio-fuzz --folder TARGET); findings: fuzz/out/<target>/default/{crashes,hangs}/
# (copy a crash into regressions/<target>/ beside the seeds once fixed: tests/fuzz.rs replays it
# in CI). Prints executions, speed, crashes and hangs a target
# and exits 1 when anything crashed or hung.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
shift || true
jobs=${FUZZ_JOBS:-1}

if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
fi
if ! cargo afl --version >/dev/null 2>&1; then
  cargo install cargo-afl --locked
fi
# Builds AFL++ once per toolchain (it says so, and fails, when it already has).
cargo afl config --build >/dev/null 2>&1 || true
(cd fuzz && cargo afl build --release --quiet)
harness=fuzz/target/release/curio-fuzz

if [ "$#" -gt 0 ]; then
  targets=("$@")
else
  # The harness lists the targets when none is set.
  mapfile -t targets < <("$harness" 2>&1 | sed -n 's/^set CURIO_FUZZ_TARGET to one of: //p' | tr ',' '\n' | tr -d ' ')
fi

export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_QUIET=1
run_target() {
  local target=$1
  mkdir -p "fuzz/out/$target"
  local folder
  folder=$("$harness" --folder "$target")
  CURIO_FUZZ_TARGET=$target cargo afl fuzz -i "$folder/seeds/$target" -o "fuzz/out/$target" \
    -V $((minutes * 60)) -t 5000 "$harness" >"fuzz/out/$target/afl.log" 2>&1 || true
}
running=0
for target in "${targets[@]}"; do
  echo "fuzzing $target for $minutes min"
  run_target "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
done
wait

status=0
printf '%-16s %12s %10s %8s %6s %8s\n' target executions exec/s minutes crashes hangs
for target in "${targets[@]}"; do
  stats="fuzz/out/$target/default/fuzzer_stats"
  if [ ! -f "$stats" ]; then
    echo "$target: AFL++ did not start (see fuzz/out/$target/afl.log)"; status=1; continue
  fi
  field() { sed -n "s/^$1 *: *//p" "$stats"; }
  printf '%-16s %12s %10s %8.1f %6s %8s\n' "$target" "$(field execs_done)" "$(field execs_per_sec)" \
    "$(echo "$(field run_time) / 60" | bc -l)" "$(field saved_crashes)" "$(field saved_hangs)"
  if [ "$(field saved_crashes)" != 0 ] || [ "$(field saved_hangs)" != 0 ]; then status=1; fi
done
exit $status
