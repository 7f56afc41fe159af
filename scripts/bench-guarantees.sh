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
exec "$(dirname "${BASH_SOURCE[0]}")/bench-java.sh" "${GUARANTEES_HEAP:-2g}" io.xtremehub.benchmarks.guarantees.GuaranteeBenchmark "$@"
