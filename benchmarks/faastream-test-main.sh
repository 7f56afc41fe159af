#!/usr/bin/env bash
# Runs a test-scope main of the faastream module (a benchmark that starts its own embedded cluster)
# on this checkout's classes, without installing anything into the shared ~/.m2.
#   benchmarks/faastream-test-main.sh <main class> [args...]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
main="$1"
shift
mvn -B -q -o -pl faastream -am test-compile
mvn -B -q -o -pl faastream dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$root/faastream/target/test-main-cp.txt"
# this checkout's classes, not the xtremehub jars other checkouts install into the shared ~/.m2
lib=faastream/target/test-main-lib
rm -rf "$lib" && mkdir -p "$lib"
cp=""
for d in faastream/target/classes faastream/target/test-classes config-support/target/classes \
         pravega-support/target/classes testkit/base/target/classes testkit/cluster/target/classes \
         standalone/target/classes nexus/nexus-api/target/classes nexus/nexus-server/target/classes; do
  cp -r "$d" "$lib/${d//\//_}" && cp="$cp$lib/${d//\//_}:"
done
cp="$cp$(tr ':' '\n' < faastream/target/test-main-cp.txt | grep -v '/io/xtremehub/' | paste -sd:)"
opens="--add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED"
exec java -Xmx2g $opens -cp "$cp" "$main" "$@"
