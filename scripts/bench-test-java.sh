#!/usr/bin/env bash
# Builds one module of this checkout and what it needs in one reactor (nothing installed in ~/.m2,
# which other checkouts share) and runs a main class from its test classes:
#   scripts/bench-test-java.sh MODULE HEAP CLASS [ARGS...]
# BENCH_JAVA_OPTS adds JVM options; MVN_OFFLINE=-o builds offline (every dependency already local).
set -euo pipefail
module="$1"; heap="$2"; main="$3"; shift 3
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
cp_file="$root/$module/target/bench-classpath.txt"
mvn -B -q ${MVN_OFFLINE:-} -pl "$module" -am package -DskipTests dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file" >/dev/null
cp="$root/$module/target/test-classes:$root/$module/target/classes:$(cat "$cp_file")"
exec java -Xmx"$heap" -Djava.awt.headless=true ${BENCH_JAVA_OPTS:-} -cp "$cp" "$main" "$@"
