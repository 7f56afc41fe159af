#!/usr/bin/env bash
# The FaaStream failure experiment (exactly-once cumulative sum, 5 worker JVMs, 100 events/s; SIGKILL of
# all workers, one worker, a worker during an epoch checkpoint, the manager) run --runs times through
# FailureExperimentIT; recovery time per failure kind (median, min, max over the runs) with the steps in
# between, against a no-failure baseline measured the same way in the same runs.
# Writes benchmarks/results/<name>.csv (every measurement) and <name>.md (default name failure-experiment).
# --class-archive off: worker JVMs start without their shared class archive (the baseline of that lever).
# --standbys N: worker JVMs each manager keeps started ahead of need (default 1; 0: every launch starts a JVM).
# Usage: scripts/bench-failure-experiment.sh [--runs 3] [--name failure-experiment] [--class-archive on|off]
#        [--standbys N]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
runs=3
name=failure-experiment
archive=on
standbys=1
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --name) name="$2"; shift 2 ;;
    --class-archive) archive="$2"; shift 2 ;;
    --standbys) standbys="$2"; shift 2 ;;
    *) echo "unknown option $1 (use --runs N, --name N, --class-archive on|off, --standbys N)" >&2; exit 2 ;;
  esac
done
csv="$root/benchmarks/results/$name.csv"
md="$root/benchmarks/results/$name.md"
mkdir -p "$root/benchmarks/results"
rm -f "$csv"
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
started="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
for run in $(seq 1 "$runs"); do
  echo "run $run of $runs"
  mvn -B -o -q -pl faastream -am verify -Dit.test=FailureExperimentIT -Dtest=none \
    -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false \
    -Dfailure.experiment.csv="$csv" -Dfaastream.worker.class.archive="$archive" \
    -Dfaastream.worker.standbys="$standbys"
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"

# median, min and max of the numbers on stdin ("" when none)
stats() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) { print "| | |"; exit }
  m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.0f | %d | %d\n", m, v[1], v[NR] }'; }
column() { awk -F, -v f="$1" -v c="$2" 'NR > 1 && $1 == f && $c != "" { print $c }' "$csv"; }
{
  echo "# FaaStream failure experiment, $started ($(nproc) cores, load average $load_before before, $load_after after)"
  echo
  echo "Command: \`scripts/bench-failure-experiment.sh --runs $runs --name $name --class-archive $archive --standbys $standbys\`. Each run: an exactly-once"
  echo "cumulative sum on 5 worker JVMs (local-process platform) under a manager JVM, 100 events/s, epochs of"
  echo "500 ms; SIGKILL in turn of all workers, one worker, one worker while an epoch checkpoint is under way"
  echo "(some workers have reported it, the victim has not), then the manager (a new manager resumes the job)."
  echo "Every run's output is checked exactly once (FailureExperimentIT fails otherwise)."
  echo
  echo "Recovery: from the kill to the first committed result of an input value written after the kill."
  echo "The baseline (no failure) is the same measure taken at a moment without a kill: an epoch window plus"
  echo "its commit. Steps (medians, ms after the kill, read from the stage's control and telemetry channels):"
  echo "roll-back = the manager's first CANCEL or ROLL_BACK (failure detected; after a manager kill: the new"
  echo "manager's), JVMs = the first new worker process started, ready = every worker of the new generation"
  echo "(restarted in place or new) registered with the reader group,"
  echo "reading = the new transaction handed out, checkpoint = the first epoch reported after it."
  echo
  echo "| failure | n | recovery median ms | min | max | roll-back | JVMs | ready | reading | checkpoint | load (1 min) |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
  awk -F, 'NR > 1 { print $1 }' "$csv" | awk '!seen[$0]++' | while read -r failure; do
    n="$(column "$failure" 2 | wc -l)"
    med() { column "$failure" "$1" | stats | cut -d'|' -f1 | tr -d ' '; }
    loads="$(column "$failure" 8 | sort -n | awk 'NR == 1 { a = $1 } { b = $1 } END { print (a == b) ? a : a "-" b }')"
    echo "| $failure | $n | $(column "$failure" 2 | stats) | $(med 3) | $(med 4) | $(med 5) | $(med 6) | $(med 7) | $loads |"
  done
  echo
  echo "The reference (FaaStream paper, failure experiment: cumulative sum, 5 workers, 100 events/s, all workers"
  echo "failed at once) reports a recovery of about 5 s."
} > "$md"
cat "$md"
