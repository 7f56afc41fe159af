#!/usr/bin/env bash
# How long a FaaStream stage's reader group takes to spread its segments evenly after a worker joins,
# a worker leaves or the input is rescaled, before and after the fix (ReaderGroupSpreadBenchmark, a
# test-scope main of the faastream module). Writes benchmarks/results/reader-group-spread.csv.
#   benchmarks/reader-group-spread.sh [trials [out-dir]]   # default 5 trials, benchmarks/results
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
mvn -B -q -o -pl faastream -am test-compile
mvn -B -q -o -pl faastream dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$root/faastream/target/spread-cp.txt"
# this checkout's classes, not the xtremehub jars other checkouts install into the shared ~/.m2
lib=faastream/target/spread-lib
rm -rf "$lib" && mkdir -p "$lib"
cp=""
for d in faastream/target/classes faastream/target/test-classes config-support/target/classes \
         pravega-support/target/classes testkit/base/target/classes testkit/cluster/target/classes \
         standalone/target/classes nexus/nexus-api/target/classes nexus/nexus-server/target/classes; do
  cp -r "$d" "$lib/${d//\//_}" && cp="$cp$lib/${d//\//_}:"
done
cp="$cp$(tr ':' '\n' < faastream/target/spread-cp.txt | grep -v '/io/xtremehub/' | paste -sd:)"
opens="--add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED"
java -Xmx2g $opens -cp "$cp" io.xtremehub.faastream.internal.worker.ReaderGroupSpreadBenchmark "${2:-benchmarks/results}" "${1:-5}"
