#!/usr/bin/env bash
# Cluster start time and single-writer throughput of 1 KB events -> benchmarks/results/standalone.csv
# Usage: scripts/bench-standalone.sh [runs] [events]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export BENCH_JAVA_OPTS="-Dxtremehub.results.dir=$root/benchmarks/results"
exec "$root/scripts/bench-java.sh" 2g io.xtremehub.benchmarks.StandaloneBenchmark "${1:-3}" "${2:-200000}"
