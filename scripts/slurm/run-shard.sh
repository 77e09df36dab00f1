#!/usr/bin/env bash
# Runs this task's shard of a Curio command and writes its partial result:
#   run-shard.sh OUT_DIR COMMAND [FLAGS...]      e.g. run-shard.sh out mines bench --games 100000
# The shard comes from the scheduler: a Slurm array task (SLURM_ARRAY_TASK_ID of
# SLURM_ARRAY_TASK_MIN..MAX) or a Kubernetes Indexed Job pod (JOB_COMPLETION_INDEX of SHARDS).
# The partial goes to OUT_DIR/part-I.json, written whole or not at all. CURIO names the binary
# (default: curio on PATH).
set -euo pipefail
if [ "$#" -lt 2 ]; then
  echo "usage: run-shard.sh OUT_DIR COMMAND [FLAGS...]" >&2
  exit 2
fi
out=$1
shift
if [ -n "${SLURM_ARRAY_TASK_ID:-}" ]; then
  index=$((SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN))
  count=$((SLURM_ARRAY_TASK_MAX - SLURM_ARRAY_TASK_MIN + 1))
elif [ -n "${JOB_COMPLETION_INDEX:-}" ]; then
  index=$JOB_COMPLETION_INDEX
  count=${SHARDS:?set SHARDS to the completions of the Indexed Job}
else
  echo "run-shard.sh: not in a Slurm job array (sbatch --array=0-N) nor a Kubernetes Indexed Job" >&2
  exit 2
fi
mkdir -p "$out"
# Worker threads: the cores Slurm gave the task (rayon reads this), else every core.
if [ -n "${SLURM_CPUS_PER_TASK:-}" ]; then export RAYON_NUM_THREADS=$SLURM_CPUS_PER_TASK; fi
exec "${CURIO:-curio}" "$@" --shard "$index/$count" --partial "$out/part-$index.json"
