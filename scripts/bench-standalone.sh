#!/usr/bin/env bash
# Cluster start time and single-writer throughput of 1 KB events -> benchmarks/results/standalone.csv
# Usage: scripts/bench-standalone.sh [runs] [events]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
mvn -q -B install -DskipTests -pl benchmarks -am
mvn -q -B -pl benchmarks exec:exec -Dexec.executable=java \
  -Dexec.args="-Xmx2g --add-opens java.base/java.io=ALL-UNNAMED -Dlogback.configurationFile=xtremehub-logback.xml -Dxtremehub.log.dir=$root/benchmarks/target -Dxtremehub.results.dir=$root/benchmarks/results -cp %classpath io.xtremehub.benchmarks.StandaloneBenchmark ${1:-3} ${2:-200000}"
