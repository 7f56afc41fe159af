#!/usr/bin/env bash
# The OMB comparison of the reference (NEARDATA D3.1, section 5.1) on this machine: every system in
# the same command for each group of workloads, so the ratios compare runs under the same conditions.
#   scripts/bench-omb-compare.sh [output-dir] [test-minutes] [warm-up-minutes]
# 1) max rate: 1 and 16 partitions, 100 B and 10 KB; Pravega (journal fsync), Kafka without and with
#    flush.messages=1, Pulsar (journal fsync)
# 2) historical reads: 10 KB at 30 MB/s into 16 partitions until 3 GB are unread, then drained; read back
#    from Pravega's LTS and from Kafka's tiered storage, both through Nexus, with and without zstd
# Each group writes OMB result JSON, PNG charts and summary.md into its own folder.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/benchmarks/results/omb-compare}"
test_minutes="${2:-1}"
warmup_minutes="${3:-1}"
d="$root/benchmarks/omb/drivers"
w="$root/benchmarks/omb/workloads"
omb() { "$root/scripts/xtremehub" bench omb "$@"; }

omb --drivers "$d/pravega.yaml,$d/kafka.yaml,$d/kafka-flush.yaml,$d/pulsar.yaml" \
  --workloads "$w/1-topic-1-partition-100b-max-rate.yaml,$w/1-topic-16-partitions-100b-max-rate.yaml,$w/1-topic-1-partition-10kb-max-rate.yaml,$w/1-topic-16-partitions-10kb-max-rate.yaml" \
  --test-minutes "$test_minutes" --warmup-minutes "$warmup_minutes" -o "$out/max-rate"

# the backlog workload keeps its own durations: the test lasts until the backlog is drained
omb --drivers "$d/pravega.yaml,$d/pravega-lts-plain.yaml,$d/kafka-tiered.yaml,$d/kafka-tiered-plain.yaml" \
  --workloads "$w/1-topic-16-partitions-10kb-backlog-historical-read.yaml" -o "$out/historical-read"
