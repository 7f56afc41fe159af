#!/usr/bin/env bash
# FaaStream exactly-once against at-least-once on the same job (a running sum in @State on 2 thread
# workers), both guarantees in every round of the same run: time-to-process at a fixed rate and the
# throughput of a burst, with the ratio exactly-once / at-least-once, and every turn's output checked.
# Writes benchmarks/results/<name>.md and .csv (name guarantees, or guarantees-quick with --quick) and
# prints where they went.
#   scripts/bench-guarantees.sh            # 3 rounds, about 8 minutes
#   scripts/bench-guarantees.sh --quick    # 1 round, about 3 minutes
# Options: --rounds --workers --rate --seconds --burst --window-ms --out --name (benchmarks/README.md).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
# the reactor resolves this checkout's modules to their target/ jars, not to ~/.m2 (shared with other checkouts)
mvn -B -q -o -pl benchmarks -am package -DskipTests dependency:build-classpath \
  -Dmdep.outputFile="$root/benchmarks/target/cp.txt" >/dev/null
cp="benchmarks/target/classes:$(cat benchmarks/target/cp.txt)"
opens="--add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED"
exec java -Xmx${GUARANTEES_HEAP:-2g} $opens -Dlogback.configurationFile=xtremehub-logback.xml \
  -Dxtremehub.log.dir=benchmarks/target/logs -cp "$cp" \
  io.xtremehub.benchmarks.guarantees.GuaranteeBenchmark "$@"
