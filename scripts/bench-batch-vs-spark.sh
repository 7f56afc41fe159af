#!/usr/bin/env bash
# FaaStream against Apache Spark (local[2]) on WordCount (2 M words, Zipf over 50,000) and a
# TeraSort-style sort (1 GB of 100-byte records), same input, same run, both outputs checked.
# Writes benchmarks/results/batch-vs-spark.{csv,md}; generated data goes to benchmarks/target/batch-data.
#   scripts/bench-batch-vs-spark.sh                                  # full size
#   scripts/bench-batch-vs-spark.sh --words 200000 --sort-bytes 50000000 --name batch-vs-spark-small
# Spark is downloaded by the first online build of benchmarks/spark-baseline; later runs work offline.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
offline=-o
[[ -f benchmarks/spark-baseline/target/classpath.txt ]] || offline=
mvn -B -q $offline -f benchmarks/spark-baseline/pom.xml package
# the reactor resolves this checkout's modules to their target/ jars, not to ~/.m2 (shared with other checkouts)
mvn -B -q -o -pl benchmarks -am package -DskipTests dependency:build-classpath \
  -Dmdep.outputFile="$root/benchmarks/target/cp.txt" >/dev/null
cp="benchmarks/target/classes:$(cat benchmarks/target/cp.txt)"
opens="--add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED"
# both systems get the same heap (FaaStream's JVM also hosts the cluster)
heap=${BATCH_HEAP:-6g}
exec java -Xmx$heap $opens -Dlogback.configurationFile=xtremehub-logback.xml \
  -Dxtremehub.log.dir=benchmarks/target/logs -cp "$cp" \
  io.xtremehub.benchmarks.batch.BatchVsSpark --out benchmarks/results --spark-heap "$heap" "$@"
