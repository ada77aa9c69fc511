#!/usr/bin/env bash
# End-to-end contamination-scan throughput against GNU wc -w on the same uncompressed JSONL (issue 4's yardstick).
# Usage: benchmarks/scan-throughput.sh [CORPUS_MB=1024] [ITEMS=100000] [DIR=/tmp/sextant-scan-bench] [ROUNDS=3]
# Each round times wc -w, the scan, and wc -w again, and compares the scan with the mean of the two wc runs around it:
# a shared VM's speed drifts from minute to minute, so only runs this close together compare fairly.
set -euo pipefail
cd "$(dirname "$0")/.."
mb=${1:-1024}; items=${2:-100000}; dir=${3:-/tmp/sextant-scan-bench}; rounds=${4:-3}
. benchmarks/corpus.sh
printf 'corpus %.0f MB, %s items, %s rounds\n' "$(echo "$size / 1000000" | bc -l)" "$items" "$rounds"
ratios=()
for r in $(seq "$rounds"); do
  before=$(wc_rate)
  json=$(SEXTANT_HOME="$dir/home" ./sextant scan --benchmark "$dir/bench.jsonl" --field question --corpus "$dir/corpus.jsonl" --json)
  scan=$(echo "$json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["summary"]["mbPerSecond"])')
  after=$(wc_rate)
  ratio=$(echo "$scan / (($before + $after) / 2)" | bc -l)
  ratios+=("$ratio")
  printf 'round %d: wc -w %.0f / %.0f MB/s, sextant scan %.0f MB/s (scan only; index build and JVM start excluded), ratio %.2f\n' \
    "$r" "$before" "$after" "$scan" "$ratio"
done
printf 'median ratio: %.2f\n' "$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}')"
