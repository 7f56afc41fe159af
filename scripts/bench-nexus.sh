#!/usr/bin/env bash
# Nexus benchmark (issue 3, item 10): PUT/GET throughput of S3Proxy alone vs Nexus no-op, gzip and zstd
# for 1/10/100 MiB objects at 1/4/16 clients, compression ratio and 1 MiB range-GET latency in a 100 MiB
# object. Writes benchmarks/results/nexus-{throughput,summary,range}.csv, nexus-throughput.png and
# nexus-tables.md. Takes about 15-25 minutes on 2 cores; run it on an otherwise idle machine if you can.
# Usage: scripts/bench-nexus.sh [key=value ...]   e.g. rounds=1 sizes=1,10 clients=1,4 (see NexusBenchmark)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export BENCH_JAVA_OPTS="-Xms4g"
exec "$root/scripts/bench-test-java.sh" nexus/nexus-server 4g io.xtremehub.nexus.bench.NexusBenchmark \
  out="$root/benchmarks/results" work="$root/nexus/nexus-server/target/bench-work" "$@"
