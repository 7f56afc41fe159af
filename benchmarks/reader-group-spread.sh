#!/usr/bin/env bash
# How long a FaaStream stage's reader group takes to spread its segments evenly after a worker joins,
# a worker leaves or the input is rescaled, before and after the fix (ReaderGroupSpreadBenchmark, a
# test-scope main of the faastream module). Writes benchmarks/results/reader-group-spread.csv.
#   benchmarks/reader-group-spread.sh [trials [out-dir]]   # default 5 trials, benchmarks/results
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/faastream-test-main.sh" \
  io.xtremehub.faastream.internal.worker.ReaderGroupSpreadBenchmark "${2:-benchmarks/results}" "${1:-5}"
