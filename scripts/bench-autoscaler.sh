#!/usr/bin/env bash
# The storage-compute auto-scaling experiment -> benchmarks/results/autoscaler-*.csv and .png
# Usage: scripts/bench-autoscaler.sh [seconds per setup (default 900)] [valley/s] [peak/s] [work us/event]
#                                    [segment target rate/s] [max task managers] [setups: coupled,over,under]
# RESULTS_DIR overrides where results go, LOGBACK the logging configuration. The three setups run one
# after the other (about 3 x the duration plus draining): run it on an idle machine.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export BENCH_JAVA_OPTS="-Dlogback.configurationFile=${LOGBACK:-xtremehub-logback.xml} -Dxtremehub.results.dir=${RESULTS_DIR:-$root/benchmarks/results}"
exec "$root/scripts/bench-java.sh" 3g io.xtremehub.benchmarks.autoscaler.AutoscalerBenchmark \
  "${1:-900}" "${2:-2}" "${3:-2000}" "${4:-2000}" "${5:-300}" "${6:-8}" "${7:-coupled,over,under}"
