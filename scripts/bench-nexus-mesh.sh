#!/usr/bin/env bash
# Nexus mesh benchmark (issue 13, item 6): metadata reads per request of a stateful streamlet with
# partition-aware routing against any worker on shared state in Redis (optimistic concurrency), and
# PUT/GET throughput of three no-op streamlets on one worker against 2 and 3 swarmlets (hops), same run.
# Writes benchmarks/results/<name>.md, <name>-state.csv, <name>-hops.csv, <name>-hops-summary.csv and
# <name>-hops.png (name defaults to nexus-mesh). About 10-15 minutes on 2 cores; run it on an idle machine.
# Usage: scripts/bench-nexus-mesh.sh [key=value ...]   e.g. parts=state writers=1 (see MeshBenchmark)
# Builds from this checkout only (no mvn install): the test classpath points at the modules' target dirs.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
cp_file="$root/nexus/nexus-server/target/bench-classpath.txt"
mvn -q -B ${MVN_OFFLINE:--o} -pl nexus/nexus-server -am test-compile dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt
cp="$root/nexus/nexus-server/target/test-classes:$root/nexus/nexus-server/target/classes:$(cat "$cp_file")"
java -Xms2g -Xmx2g -Djava.awt.headless=true -cp "$cp" io.xtremehub.nexus.bench.MeshBenchmark \
  out="$root/benchmarks/results" work="$root/nexus/nexus-server/target/mesh-bench-work" "$@"
