#!/usr/bin/env bash
# Calibrates the cluster sizing model (README: "Sizing a cluster"): the per-core throughput of a scan and of dedup's
# reading on Spark, and Spark's start-up, measured with local[1] and local[2] executors on the scan benchmark's
# synthetic web corpus (one uncompressed JSONL file, read in 32 MiB ranges, one task each).
# Usage: benchmarks/spark-sizing.sh [CORPUS_MB=512] [ITEMS=10000] [DIR=/tmp/sextant-spark-bench]
# Each job runs end to end (./sextant, JVM and Spark start-up included) on the corpus and on its first half; the rate is
# the difference of the sizes over the difference of the times, the start-up what the full run took beyond it.
set -euo pipefail
cd "$(dirname "$0")/.."
mb=${1:-512}; items=${2:-10000}; dir=${3:-/tmp/sextant-spark-bench}
. benchmarks/corpus.sh
if [ ! -f "$dir/half.jsonl" ]; then
  head -n "$(( $(wc -l < "$dir/corpus.jsonl") / 2 ))" "$dir/corpus.jsonl" > "$dir/half.jsonl"
fi
cat "$dir/half.jsonl" > /dev/null
printf 'corpus %.0f MB and its first half, %s items\n' "$(echo "$size / 1000000" | bc -l)" "$items"
wall() { # job cores file -> seconds, end to end (JVM and Spark start-up included)
  local job=$1 cores=$2 file=$3 start end
  start=$(date +%s.%N)
  if [ "$job" = scan ]; then
    SEXTANT_HOME="$dir/home" ./sextant scan --engine spark --master "local[$cores]" --benchmark "$dir/bench.jsonl" --field question \
      --corpus "$file" --json > /dev/null
  else
    SEXTANT_HOME="$dir/home" ./sextant dedup --engine spark --master "local[$cores]" --mode "$job" --corpus "$file" --json > /dev/null
  fi
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}
# time = start-up + bytes / rate: the rate from the difference of the two sizes, the start-up from the rest
full=$size; half=$(stat -c %s "$dir/half.jsonl")
for job in scan near exact; do
  for cores in 1 2; do
    t_half=$(wall "$job" "$cores" "$dir/half.jsonl"); t_full=$(wall "$job" "$cores" "$dir/corpus.jsonl")
    rate=$(echo "($full - $half) / 1000000 / ($t_full - $t_half)" | bc -l)
    startup=$(echo "$t_full - $full / 1000000 / $rate" | bc -l)
    printf '%-5s local[%d]: %6.1f s and %6.1f s; %6.0f MB/s, %6.0f MB/s a core, start-up %4.1f s\n' "$job" "$cores" "$t_half" "$t_full" \
      "$rate" "$(echo "$rate / $cores" | bc -l)" "$startup"
  done
done
