#!/usr/bin/env bash
# FaaStream macro-benchmarks with same-run baselines (S3 objects on the embedded S3 endpoint,
# Redis lists on a real redis-server). Writes benchmarks/results/faastream-{latency,chain,batch}.csv
# (faastream-quick-*.csv with --quick).
#   benchmarks/faastream-bench.sh --quick     # a few minutes
#   benchmarks/faastream-bench.sh             # full run (chain length 100, 8 workers, more events)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
command -v redis-server >/dev/null || bash scripts/install-test-deps.sh
mvn -B -q -o -pl faastream install -DskipTests
mvn -B -q -o -pl benchmarks compile dependency:build-classpath -Dmdep.outputFile="$root/benchmarks/target/cp.txt"
# ~/.m2 is shared with other checkouts that install their own modules, even during a run: run this
# checkout's faastream classes and private copies of the other xtremehub jars
lib=benchmarks/target/bench-lib
rm -rf "$lib" && mkdir -p "$lib" && cp -r faastream/target/classes "$lib/faastream-classes"
cp="benchmarks/target/classes:$lib/faastream-classes"
for jar in $(tr ':' '\n' < benchmarks/target/cp.txt); do
  case "$jar" in
    */io/xtremehub/faastream/*) ;;
    */io/xtremehub/*) cp "$jar" "$lib/" && cp="$cp:$lib/$(basename "$jar")" ;;
    *) cp="$cp:$jar" ;;
  esac
done
opens="--add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED"
java -Xmx3g $opens -Dlogback.configurationFile=xtremehub-logback.xml -Dxtremehub.log.dir=benchmarks/target/logs \
  -cp "$cp" \
  io.xtremehub.benchmarks.faastream.FaaStreamBenchmark --out benchmarks/results "$@"
prefix=faastream-
[[ " $* " == *" --quick "* ]] && prefix=faastream-quick-
java -Djava.awt.headless=true -cp benchmarks/target/classes io.xtremehub.benchmarks.faastream.FaaStreamCharts benchmarks/results "$prefix"
