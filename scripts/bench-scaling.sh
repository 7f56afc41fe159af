#!/usr/bin/env bash
# FaaStream coordinated scaling against static provisioning under a time-varying load: a per-minute
# trace (benchmarks/traces/operating-rooms-day.csv) replayed faster than real time, or a sine, drives a
# CPU-bound and an IO-bound job, each under three setups in the same run: CoordinatedScalingPolicy,
# the maximum workers all the time, and the maximum workers on an input fixed at 10 segments.
# Writes benchmarks/results/<name>.md, -summary.csv, -timeline.csv and -<job>.png (name scaling, or
# scaling-quick with --quick) and prints where they went.
#   scripts/bench-scaling.sh            # full run, about 20 minutes on a quiet machine (plus the build)
#   scripts/bench-scaling.sh --quick    # about 10 minutes on a quiet machine
#   scripts/bench-scaling.sh --load sine --jobs io --max-workers 16 --name scaling-sine
# Every option: io.xtremehub.benchmarks.scaling.ScalingBenchmark (benchmarks/README.md).
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/bench-java.sh" "${SCALING_HEAP:-3g}" io.xtremehub.benchmarks.scaling.ScalingBenchmark "$@"
