#!/usr/bin/env bash
# The latency budget of a FaaStream hop, per layer, in one run on the embedded cluster:
# disk fsync, BookKeeper add, Pravega append acknowledged, Pravega append-to-read (per reader
# setting), one FaaStream hop; 1 KB events at 1, 100 and 1,000 events/s.
# Writes benchmarks/results/<name>.csv and .md (default name latency-budget).
# Usage: scripts/bench-latency-budget.sh [--name N] [--rates 1,100,1000] [--seconds 20] [--slow-events 30] [--rounds 3]
#                                        [--hop-readers 1000/0,200/0,100/0,20/1000,20/0]  (readNextEvent timeout ms / checkpoint interval ms, 0: none)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
exec "$root/scripts/bench-java.sh" 2g io.xtremehub.benchmarks.latency.LatencyBudget --out "$root/benchmarks/results" "$@"
