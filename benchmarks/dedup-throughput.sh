#!/usr/bin/env bash
# End-to-end deduplication throughput against GNU wc -w on the same uncompressed JSONL (issue 19's yardstick: near at
# least half of wc -w, exact at least equal), on the scan benchmark's synthetic corpus.
# Usage: benchmarks/dedup-throughput.sh [CORPUS_MB=1024] [DIR=/tmp/sextant-dedup-bench] [ROUNDS=3]
# Each round times wc -w, a dedup, and wc -w again, and compares the dedup (its own bytesPerSecond: reading to
# clusters, JVM start excluded) with the mean of the two wc runs around it.
set -euo pipefail
cd "$(dirname "$0")/.."
mb=${1:-1024}; dir=${2:-/tmp/sextant-dedup-bench}; rounds=${3:-3}
items=0; . benchmarks/corpus.sh
printf 'corpus %.0f MB, %s rounds\n' "$(echo "$size / 1000000" | bc -l)" "$rounds"
for mode in near exact; do
  ratios=()
  for r in $(seq "$rounds"); do
    before=$(wc_rate)
    json=$(SEXTANT_HOME="$dir/home" ./sextant dedup --corpus "$dir/corpus.jsonl" --mode "$mode" --json)
    rate=$(echo "$json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["bytesPerSecond"] / 1e6)')
    after=$(wc_rate)
    ratio=$(echo "$rate / (($before + $after) / 2)" | bc -l)
    ratios+=("$ratio")
    printf '%s round %d: wc -w %.0f / %.0f MB/s, sextant dedup %.0f MB/s, ratio %.2f\n' "$mode" "$r" "$before" "$after" "$rate" "$ratio"
  done
  printf '%s median ratio: %.2f\n' "$mode" "$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}')"
done
