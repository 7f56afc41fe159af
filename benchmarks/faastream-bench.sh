#!/usr/bin/env bash
# FaaStream macro-benchmarks with same-run baselines (S3 objects on the embedded S3 endpoint,
# Redis lists on a real redis-server). Writes benchmarks/results/faastream-{latency,chain,batch}.csv.
#   benchmarks/faastream-bench.sh --quick     # a few minutes
#   benchmarks/faastream-bench.sh             # full run (chain length 100, 8 workers, more events)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
command -v redis-server >/dev/null || bash scripts/install-test-deps.sh
mvn -B -q -o -pl faastream install -DskipTests
mvn -B -q -o -pl benchmarks compile dependency:build-classpath -Dmdep.outputFile=benchmarks/target/cp.txt
opens="--add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED"
exec java -Xmx3g $opens -Dlogback.configurationFile=xtremehub-logback.xml -Dxtremehub.log.dir=benchmarks/target/logs \
  -cp "benchmarks/target/classes:$(cat benchmarks/target/cp.txt)" \
  io.xtremehub.benchmarks.faastream.FaaStreamBenchmark --out benchmarks/results "$@"
