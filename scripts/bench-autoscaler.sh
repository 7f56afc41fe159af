#!/usr/bin/env bash
# The storage-compute auto-scaling experiment -> benchmarks/results/autoscaler-*.csv and .png
# Usage: scripts/bench-autoscaler.sh [seconds per setup (default 900)] [valley/s] [peak/s] [work us/event]
#                                    [segment target rate/s] [max task managers] [setups: coupled,over,under]
# RESULTS_DIR overrides where results go. The three setups run one after the other (about 3 x the duration plus draining): run it on an idle machine.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
mvn -q -B install -DskipTests -pl benchmarks -am
mvn -q -B -pl benchmarks exec:exec -Dexec.executable=java \
  -Dexec.args="-Xmx3g --add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED -Dlogback.configurationFile=${LOGBACK:-xtremehub-logback.xml} -Dxtremehub.log.dir=$root/benchmarks/target -Dxtremehub.results.dir=${RESULTS_DIR:-$root/benchmarks/results} -cp %classpath io.xtremehub.benchmarks.autoscaler.AutoscalerBenchmark ${1:-900} ${2:-2} ${3:-2000} ${4:-2000} ${5:-300} ${6:-8} ${7:-coupled,over,under}"
