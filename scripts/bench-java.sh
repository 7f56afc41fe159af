#!/usr/bin/env bash
# Builds the benchmarks module from this checkout (nothing installed) and runs one of its main
# classes: scripts/bench-java.sh HEAP CLASS [ARGS...]. The bench-*.sh scripts call it.
# BENCH_JAVA_OPTS adds JVM options; MVN_OFFLINE=-o builds offline (every dependency already local).
set -euo pipefail
heap="$1"; main="$2"; shift 2
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# the reactor resolves this checkout's modules to their target/ jars, not to ~/.m2 (shared with other checkouts)
mvn -B -q ${MVN_OFFLINE:-} -pl benchmarks -am package -DskipTests dependency:build-classpath \
  -Dmdep.outputFile="$root/benchmarks/target/cp.txt" >/dev/null
cp="benchmarks/target/classes:$(cat benchmarks/target/cp.txt)"
opens="--add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED"
# BENCH_JAVA_OPTS comes last, so its -D options win over these defaults
exec java -Xmx"$heap" $opens -Dlogback.configurationFile=xtremehub-logback.xml \
  -Dxtremehub.log.dir=benchmarks/target/logs ${BENCH_JAVA_OPTS:-} -cp "$cp" "$main" "$@"
