#!/usr/bin/env bash
# FaaStream macro-benchmarks with same-run baselines (S3 objects on the embedded S3 endpoint,
# Redis lists on a real redis-server). Writes benchmarks/results/faastream-{latency,chain,batch}.csv
# (faastream-quick-*.csv with --quick).
#   benchmarks/faastream-bench.sh --quick     # a few minutes
#   benchmarks/faastream-bench.sh             # full run (chain length 100, 8 workers, more events)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
command -v redis-server >/dev/null || bash scripts/install-test-deps.sh
# bench-java.sh builds this checkout's modules in one reactor (nothing installed in the shared ~/.m2)
scripts/bench-java.sh 3g io.xtremehub.benchmarks.faastream.FaaStreamBenchmark --out benchmarks/results "$@"
prefix=faastream-
[[ " $* " == *" --quick "* ]] && prefix=faastream-quick-
java -Djava.awt.headless=true -cp benchmarks/target/classes io.xtremehub.benchmarks.faastream.FaaStreamCharts benchmarks/results "$prefix"
