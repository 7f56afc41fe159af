#!/usr/bin/env bash
# Compression of log lines offloaded by Pulsar 4.0 through Nexus (zstd policy) against Pulsar's own
# producer compression (none, LZ4, ZSTD; small and large batches), one broker, one run.
#   scripts/bench-pulsar-offload.sh [messages] [messages/s] [nexus streamlets]
#   default 200000 messages at 5000/s through "zstd" (level 3); e.g. "zstd:level=19" for a higher level
# Appends to benchmarks/results/pulsar-offload.csv.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
messages="${1:-200000}"
rate="${2:-5000}"
streamlets="${3:-zstd}"
export MAVEN_OPTS="${MAVEN_OPTS:-}"
# the offloader's "S3" driver reads its credentials from the broker's environment
export ACCESS_KEY_ID=pulsar-offloader ACCESS_KEY_SECRET=pulsar-offloader-secret
cd "$root"
mvn -B -q install -DskipTests -pl tiering/nexus-process -am
cd tiering/pulsar-offload
mvn -B -q test-compile
mvn -B -q exec:exec -Dexec.classpathScope=test -Dexec.executable=java \
  -Dexec.args="-Xmx2g -Dnexus.process.dir=$root/tiering/nexus-process/target -Doffloaders.dir=$root/tiering/pulsar-offload/target/offloaders -classpath %classpath io.xtremehub.tiering.pulsar.PulsarCompressionBenchmark $messages $rate $root/benchmarks/results/pulsar-offload.csv $streamlets"
