#!/usr/bin/env bash
# Pulsar tiering benchmark (issue 11, item 5): compression of Pulsar's offloaded ledgers by Nexus (zstd
# level 3, 19, and 19 with 1 MiB blocks, run by `nexus serve`) against Pulsar's producer compression
# (none, LZ4, ZSTD; small and large batches), the same log lines as Kafka's benchmark, same rate, one
# broker, one run. Reports ratio and p50/p95 send latency per case in
# benchmarks/results/pulsar-compression.csv. Default 2000 messages/s for 15 s per case (about 4 minutes):
#   scripts/bench-pulsar-offload.sh [rate=2000] [seconds=15] [label=short]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# the offloader's "S3" driver reads its credentials from the broker's environment
export ACCESS_KEY_ID=pulsar-offloader ACCESS_KEY_SECRET=pulsar-offloader-secret
export BENCH_JAVA_OPTS="-Dnexus.classpath.file=$root/tiering/fault-streamlets/target/nexus-classpath.txt -Doffloaders.dir=$root/tiering/pulsar-offload/target/offloaders"
exec "$root/scripts/bench-test-java.sh" tiering/pulsar-offload 2g io.xtremehub.tiering.pulsar.PulsarCompressionBenchmark \
  out="$root/benchmarks/results" "$@"
