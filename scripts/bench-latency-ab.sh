#!/usr/bin/env bash
# Before / after of the latency tuning (issue #16 item 2), back to back on fresh embedded clusters:
# "before" runs with the JVM flags given as the second argument, "after" with the cluster's settings.
# The default "before" gives the bookies BookKeeper's own group commit (journalFlushWhenQueueEmpty off:
# an add waits up to journalMaxGroupWaitMSec = 2 ms for company before its fsync);
# -Dxtremehub.segmentstore.maxBatchingDelayMillis=50 gives the segment store Pravega's batching pause.
# Both acknowledge an add only after its fsync.
# Runs the latency budget (1 and 100 events/s) and FaaStream's 2-function chain (1 and 100 ev/s) and
# 100-function chain against bare Pravega, before, after, after, before; then writes
# benchmarks/results/<name>.md from the parts (CSV of every part next to it).
# Usage: scripts/bench-latency-ab.sh [name] [before JVM flags]   (default latency-budget-4; about 50 minutes)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
name="${1:-latency-budget-4}"
out="$root/benchmarks/results"
parts="$root/benchmarks/target/$name"
mkdir -p "$parts"
mvn -q -B -o -pl benchmarks -am -DskipTests package dependency:build-classpath \
  -Dmdep.outputFile="$parts/classpath.txt"
cp="$root/benchmarks/target/classes:$(cat "$parts/classpath.txt")"
jvm=(-Xmx3g --add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.nio=ALL-UNNAMED
     --add-opens java.base/sun.nio.ch=ALL-UNNAMED -Dlogback.configurationFile=xtremehub-logback.xml
     "-Dxtremehub.log.dir=$parts/logs")
read -r -a before <<< "${2:--Dxtremehub.bookie.flushWhenQueueEmpty=false}"

budget() { # label, extra JVM flags...
  local label=$1; shift
  java "${jvm[@]}" "$@" -cp "$cp" io.xtremehub.benchmarks.latency.LatencyBudget --out "$parts" \
    --name "budget-$label" --rates 1,100 --seconds 10 --slow-events 30 --hop-readers 20/1000,20/0
}
chain() { # label, extra JVM flags...
  local label=$1; shift
  java "${jvm[@]}" "$@" -cp "$cp" io.xtremehub.benchmarks.faastream.FaaStreamBenchmark --out "$parts" \
    --prefix "chain-$label-" --only latency,chain --sizes 1024 --lengths 100 --systems faastream,pravega-raw
}

load() { cut -d' ' -f1-3 /proc/loadavg; }
echo "load before: $(load)" > "$parts/load.txt"
budget before "${before[@]}";  echo "budget before done: $(load)" >> "$parts/load.txt"
budget after;                  echo "budget after done: $(load)" >> "$parts/load.txt"
chain after;                   echo "chain after done: $(load)" >> "$parts/load.txt"
chain before "${before[@]}";   echo "chain before done: $(load)" >> "$parts/load.txt"

{
  echo "# Latency tuning before / after ($(date -u +%FT%TZ), $(nproc) cores)"
  echo
  echo "Before: the cluster with \`${before[*]}\`. After: the cluster's own settings."
  echo "Load averages (1/5/15 min) after each part:"
  echo
  sed 's/^/    /' "$parts/load.txt"
  echo
  for label in before after; do
    echo "## Budget, $label"
    echo
    tail -n +2 "$parts/budget-$label.md" | sed 's/^## /### /'
  done
  echo "## FaaStream chains, 1 KB events (p50 / p95 / p99 ms)"
  echo
  echo "| chain | system | before | after |"
  echo "|---|---|---|---|"
  for sys in faastream pravega-raw; do
    for rate in 1 100; do
      b=$(awk -F, -v s=$sys -v r=$rate '$1==s && $3==r {print $6" / "$7" / "$8}' "$parts/chain-before-latency.csv")
      a=$(awk -F, -v s=$sys -v r=$rate '$1==s && $3==r {print $6" / "$7" / "$8}' "$parts/chain-after-latency.csv")
      echo "| 2 functions, $rate ev/s | $sys | $b | $a |"
    done
    b=$(awk -F, -v s=$sys '$1==s && $2==100 {print $4" / "$5" / "$6}' "$parts/chain-before-chain.csv")
    a=$(awk -F, -v s=$sys '$1==s && $2==100 {print $4" / "$5" / "$6}' "$parts/chain-after-chain.csv")
    echo "| 100 functions, 1 ev/s | $sys | $b | $a |"
  done
} > "$out/$name.md"
for f in "$parts"/*.csv; do cp "$f" "$out/$name-$(basename "$f")"; done
echo "wrote $out/$name.md"
