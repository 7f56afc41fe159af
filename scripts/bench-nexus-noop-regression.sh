#!/usr/bin/env bash
# Does the no-op Nexus regress against an earlier commit? Builds that commit's nexus-server from
# `git archive` (in nexus/nexus-server/target, offline, nothing installed) and this checkout's, then
# runs both NexusBenchmarks (s3proxy and nexus-noop) in alternating order for a number of rounds and
# writes benchmarks/results/nexus-noop-regression.md and .csv: this checkout's nexus-noop/s3proxy
# over the earlier commit's, per cell.
# Usage: scripts/bench-nexus-noop-regression.sh [base-commit] [rounds] [NexusBenchmark key=value ...]
# Default base 4dfda87 (main just before the request path became a middleware chain), 3 rounds,
# sizes=1,10 clients=4 cellMiB=256 reps=6 rangeSamples=20. About 10 minutes a round on 2 cores.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
base="${1:-4dfda87}"
rounds="${2:-3}"
shift $(( $# > 2 ? 2 : $# ))
args=(targets=s3proxy,nexus-noop sizes=1,10 clients=4 cellMiB=256 reps=6 rangeSamples=20 "$@")
work="$root/nexus/nexus-server/target/noop-regression"
rm -rf "$work" && mkdir -p "$work/base-src" "$work/results"
git archive "$base" | tar -x -C "$work/base-src"
build() { # $1: checkout root; prints the benchmark classpath
  (cd "$1" && mvn -q -B ${MVN_OFFLINE:--o} -pl nexus/nexus-server -am test-compile dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt >&2)
  echo "$1/nexus/nexus-server/target/test-classes:$1/nexus/nexus-server/target/classes:$(cat "$1/nexus/nexus-server/target/bench-classpath.txt")"
}
base_cp="$(build "$work/base-src")"
head_cp="$(build "$root")"
run() { # $1: label, $2: classpath, $3: round
  java -Xms3g -Xmx3g -Djava.awt.headless=true -cp "$2" io.xtremehub.nexus.bench.NexusBenchmark \
    out="$work/results" work="$work/scratch" name="$1-r$3" "${args[@]}"
}
loads=""; base_csv=""; head_csv=""
for r in $(seq 1 "$rounds"); do
  for who in $( ((r % 2)) && echo "base head" || echo "head base"); do
    loads="$loads${loads:+; }$who r$r $(cut -d' ' -f1-3 /proc/loadavg)"
    if [ "$who" = base ]; then run base "$base_cp" "$r"; else run head "$head_cp" "$r"; fi
  done
  base_csv="$base_csv${base_csv:+,}$work/results/base-r$r-summary.csv"
  head_csv="$head_csv${head_csv:+,}$work/results/head-r$r-summary.csv"
done
java -cp "$head_cp" io.xtremehub.nexus.bench.NoopRegression out="$root/benchmarks/results/nexus-noop-regression" \
  base="$base_csv" head="$head_csv" baseLabel="$base ($(git log -1 --format=%s "$base" | cut -c1-60))" \
  command="scripts/bench-nexus-noop-regression.sh $base $rounds $*" loads="$loads"
