#!/usr/bin/env bash
# End-to-end decontamination throughput against GNU wc -w on the same uncompressed JSONL: the scan benchmark's synthetic
# corpus with its benchmark items planted, written back out as .jsonl.zst without the documents that hold their
# n-grams (--mode drop) or with the spans masked (--mode mask).
# Usage: benchmarks/decontaminate-throughput.sh [CORPUS_MB=512] [DIR=/tmp/sextant-decon-bench] [ITEMS=1000] [ROUNDS=3]
# Each round times wc -w, a decontamination (its own bytesPerSecond: reading, matching and writing, JVM start
# excluded) and wc -w again, and compares it with the mean of the two wc runs around it.
set -euo pipefail
cd "$(dirname "$0")/.."
mb=${1:-512}; dir=${2:-/tmp/sextant-decon-bench}; items=${3:-1000}; rounds=${4:-3}
. benchmarks/corpus.sh
printf 'corpus %.0f MB, %s benchmark items, %s rounds\n' "$(echo "$size / 1000000" | bc -l)" "$items" "$rounds"
for mode in drop mask; do
  ratios=()
  for r in $(seq "$rounds"); do
    rm -rf "$dir/out"
    before=$(wc_rate)
    json=$(SEXTANT_HOME="$dir/home" ./sextant decontaminate --benchmark "$dir/bench.jsonl" --corpus "$dir/corpus.jsonl" \
      --out "$dir/out" --mode "$mode" --json)
    rate=$(echo "$json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["bytesPerSecond"] / 1e6)')
    affected=$(echo "$json" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["dropped"] + d["masked"])')
    after=$(wc_rate)
    ratio=$(echo "$rate / (($before + $after) / 2)" | bc -l)
    ratios+=("$ratio")
    printf '%s round %d: wc -w %.0f / %.0f MB/s, sextant decontaminate %.0f MB/s (%s documents affected), ratio %.2f\n' \
      "$mode" "$r" "$before" "$after" "$rate" "$affected" "$ratio"
  done
  printf '%s median ratio: %.2f\n' "$mode" "$(printf '%s\n' "${ratios[@]}" | sort -g | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}')"
done
rm -rf "$dir/out"
