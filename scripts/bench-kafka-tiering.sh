#!/usr/bin/env bash
# Kafka tiering benchmark (issue 11, item 5): compression of Kafka's tiered data by Nexus (zstd level 3
# and 19 on whole segments) against Kafka's producer compression (lz4, zstd; small and large batches),
# same records, same rate, one broker, one run. Reports ratio and p50/p95 produce latency per case in
# benchmarks/results/kafka-compression.csv. The default (2000 records/s, 30 s per case) takes about
# 5 minutes; a short check: scripts/bench-kafka-tiering.sh rate=1000 seconds=12 label=short
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
exec "$root/scripts/bench-test-java.sh" tiering/kafka-remote-storage 2g \
  io.xtremehub.tiering.kafka.KafkaCompressionBenchmark \
  out="$root/benchmarks/results" work="$root/tiering/kafka-remote-storage/target/bench-work" "$@"
