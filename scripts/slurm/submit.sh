#!/usr/bin/env bash
# Submits a sharded Curio job to Slurm: a job array of SHARDS tasks running SCRIPT, then the
# merge, which starts when every task has succeeded (--dependency=afterok):
#   scripts/slurm/submit.sh SHARDS OUT_DIR SCRIPT [FLAGS...]
#   scripts/slurm/submit.sh 16 runs/expert scripts/slurm/mines-bench.sbatch --level expert --games 100000000 --seed 1
# Prints the two job ids; the result lands in OUT_DIR/result.json. Extra sbatch options (a
# partition, an account, a time limit) go in SBATCH_OPTIONS.
set -euo pipefail
if [ "$#" -lt 3 ]; then
  echo "usage: submit.sh SHARDS OUT_DIR SCRIPT [FLAGS...]" >&2
  exit 2
fi
shards=$1 out=$2 script=$3
shift 3
case $shards in '' | *[!0-9]* | 0) echo "submit.sh: SHARDS must be a whole number above 0, not '$shards'" >&2; exit 2 ;; esac
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
# shellcheck disable=SC2086
array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --array="0-$((shards - 1))" --chdir="$PWD" \
  --export="ALL,CURIO_HOME=$(dirname "$(dirname "$here")")" "$script" "$out" "$@")
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTIONS:-} --dependency="afterok:${array%%;*}" --kill-on-invalid-dep=yes --chdir="$PWD" \
  "$here/merge.sbatch" "$out")
echo "array job $array ($shards shards), merge job $merge: result in $out/result.json"
