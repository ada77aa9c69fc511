#!/usr/bin/env bash
# End-to-end quality filtering throughput against GNU wc -w on the same uncompressed JSONL (issue 40's yardstick: all
# rule families together at least half of wc -w on two cores), JVM start and output included.
# Usage: benchmarks/filter-throughput.sh [CORPUS=the scan benchmark's synthetic corpus] [MB=32] [DIR=/tmp/sextant-filter-bench] [ROUNDS=3]
# Give CORPUS a JSON Lines file of real web pages where you have one: the synthetic corpus's made-up words hold no
# stop words, so most of it leaves at the first rules and it measures less than real text would.
# Each round times wc -w, `sextant filter --dry-run`, and wc -w again; the ratio is the filter against their mean.
set -euo pipefail
cd "$(dirname "$0")/.."
given=${1:-}; mb=${2:-32}; dir=${3:-/tmp/sextant-filter-bench}; rounds=${4:-3}
if [ -n "$given" ]; then
  ./sextant --version >/dev/null # the launcher builds on first use
  corpus=$given
  mkdir -p "$dir"
else
  items=0; . benchmarks/corpus.sh
  corpus="$dir/corpus.jsonl"
fi
cat "$corpus" > /dev/null
now() { date +%s.%N; }
seconds() { local s e; s=$(now); "$@" > /dev/null; e=$(now); echo "$e - $s" | bc -l; }
ratios=()
for r in $(seq "$rounds"); do
  before=$(seconds wc -w "$corpus")
  it=$(seconds env SEXTANT_HOME="$dir/home" ./sextant filter --input "$corpus" --dry-run --json)
  after=$(seconds wc -w "$corpus")
  ratio=$(echo "($before + $after) / 2 / $it" | bc -l)
  ratios+=("$ratio")
  printf 'round %d: wc -w %.2f s / %.2f s, sextant filter %.2f s, ratio %.3f\n' "$r" "$before" "$after" "$it" "$ratio"
done
printf 'corpus %s (%.0f MB): median ratio %.3f (goal 0.5)\n' "$corpus" "$(echo "$(stat -c %s "$corpus") / 1000000" | bc -l)" \
  "$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}')"
