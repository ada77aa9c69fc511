#!/usr/bin/env bash
# End-to-end contamination-scan throughput against GNU wc -w on the same uncompressed JSONL (issue 4's yardstick).
# Usage: benchmarks/scan-throughput.sh [CORPUS_MB=1024] [ITEMS=100000] [DIR=/tmp/sextant-scan-bench]
set -euo pipefail
cd "$(dirname "$0")/.."
mb=${1:-1024}; items=${2:-100000}; dir=${3:-/tmp/sextant-scan-bench}
mvn -q -B -Pbench -DskipTests install >/dev/null
if [ ! -f "$dir/corpus.jsonl" ] || [ "$(stat -c %s "$dir/corpus.jsonl")" -lt $((mb * 1000000)) ]; then
  java -cp benchmarks/target/benchmarks.jar dev.sextant.benchmarks.ScanCorpusGenerator "$dir" "$mb" "$items"
fi
size=$(stat -c %s "$dir/corpus.jsonl")
cat "$dir/corpus.jsonl" > /dev/null  # warm the page cache for both contenders
start=$(date +%s.%N); wc -w "$dir/corpus.jsonl" > /dev/null; end=$(date +%s.%N)
wc_mbs=$(echo "$size / 1000000 / ($end - $start)" | bc -l)
json=$(SEXTANT_HOME="$dir/home" ./sextant scan --benchmark "$dir/bench.jsonl" --field question --corpus "$dir/corpus.jsonl" --json)
scan_mbs=$(echo "$json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["summary"]["mbPerSecond"])')
printf 'corpus %.0f MB, %s items\nwc -w: %.0f MB/s\nsextant scan: %.0f MB/s (scan only; index build and JVM start excluded)\nratio: %.2f\n' \
  "$(echo "$size / 1000000" | bc -l)" "$items" "$wc_mbs" "$scan_mbs" "$(echo "$scan_mbs / $wc_mbs" | bc -l)"
