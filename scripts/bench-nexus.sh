#!/usr/bin/env bash
# Nexus benchmark (issue 3, item 10): PUT/GET throughput of S3Proxy alone vs Nexus no-op, gzip and zstd
# for 1/10/100 MiB objects at 1/4/16 clients, compression ratio and 1 MiB range-GET latency in a 100 MiB
# object. Writes benchmarks/results/nexus-{throughput,summary,range}.csv, nexus-throughput.png and
# nexus-tables.md. Takes about 15-25 minutes on 2 cores; run it on an otherwise idle machine if you can.
# Usage: scripts/bench-nexus.sh [key=value ...]   e.g. rounds=1 sizes=1,10 clients=1,4 (see NexusBenchmark)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
mvn -q -B install -DskipTests -pl nexus/nexus-api,nexus/nexus-server -am
mvn -q -B -pl nexus/nexus-server exec:exec -Dexec.executable=java -Dexec.classpathScope=test \
  -Dexec.args="-Xms4g -Xmx4g -Djava.awt.headless=true -cp %classpath io.xtremehub.nexus.bench.NexusBenchmark out=$root/benchmarks/results work=$root/nexus/nexus-server/target/bench-work $*"
