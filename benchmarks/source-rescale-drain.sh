#!/usr/bin/env bash
# How long a FaaStream job takes to read everything after a large rescale of its source stream, with
# the workers' read-ahead bounded by time (the default) and by the queue alone (as before), variants
# alternating on one embedded cluster (SourceRescaleDrainBenchmark, a test-scope main of the
# faastream module). Writes benchmarks/results/source-rescale-drain.csv.
#   benchmarks/source-rescale-drain.sh [trials [out-dir]]   # default 3 trials, benchmarks/results
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/faastream-test-main.sh" \
  io.xtremehub.faastream.SourceRescaleDrainBenchmark "${2:-benchmarks/results}" "${1:-3}"
