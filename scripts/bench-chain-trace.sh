#!/usr/bin/env bash
# Per-event trace of FaaStream's two-function chain and its bare-Pravega floor (issue #16 item 2):
# where an event's time goes, step by step, at 1 and 100 events/s. Options: see ChainTrace's Javadoc.
#   scripts/bench-chain-trace.sh --name chain-trace-1
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "$root/scripts/bench-java.sh" 3g io.xtremehub.benchmarks.chaintrace.ChainTrace "$@"
