#!/usr/bin/env bash
# The figures users wait on, end to end through ./sextant (JVM start, index build and output included), printed next to
# the figures the README's Performance section states and the goals of issue 39, so that a slower build is seen the day
# it lands. Not part of CI: a shared machine's speed drifts, so each ratio is taken within one round (wc -w, the
# command, wc -w again) and the median of the rounds is printed.
# Usage: benchmarks/guard.sh [DIR=/tmp/sextant-guard] [ROUNDS=3]
# Needs: GNU wc, bc, python3; writes a 1 GB synthetic corpus (once) and a 300 MB cut of it under DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-/tmp/sextant-guard}; rounds=${2:-3}
mb=1024; items=20000
. benchmarks/corpus.sh
./sextant --version >/dev/null # the launcher builds the app and records its start-up archive on first use

cut="$dir/corpus-300mb.jsonl"
if [ ! -f "$cut" ]; then
  head -c 300000000 "$dir/corpus.jsonl" | sed '$d' > "$cut" # whole lines only
fi
cat "$cut" > /dev/null

now() { date +%s.%N; }
seconds() { # wall seconds of a command, its output discarded
  local start end
  start=$(now); "$@" > /dev/null; end=$(now)
  echo "$end - $start" | bc -l
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}'; }
# times faster than wc -w on the same bytes: wc's wall time (mean of the runs before and after) over the command's
versus_wc() {
  local file=$1; shift
  local r before it after
  for r in $(seq "$rounds"); do
    before=$(seconds wc -w "$file"); it=$(seconds "$@"); after=$(seconds wc -w "$file")
    echo "($before + $after) / 2 / $it" | bc -l
  done | median
}
wall() { # median wall seconds over the rounds
  local r
  for r in $(seq "$rounds"); do seconds "$@"; done | median
}

export SEXTANT_HOME="$dir/home"
scan=$(versus_wc "$dir/corpus.jsonl" ./sextant scan --benchmark "$dir/bench.jsonl" --field question \
  --corpus "$dir/corpus.jsonl" --json)
near=$(versus_wc "$cut" ./sextant dedup --corpus "$cut" --mode near --json)
exact=$(versus_wc "$cut" ./sextant dedup --corpus "$cut" --mode exact --json)
sim=$(wall ./sextant simulate serve --model llama-3-70b --gpu h100-sxm --tp 8 --weight-dtype fp8 --rate 50 \
  --duration 3600 --prompt-tokens uniform:200:2000 --output-tokens lognormal:250:150 --json)
version=$(wall ./sextant --version)
gpus=$(wall ./sextant catalog gpus)

# what | measured | the README's figure (the guard's own run of 2026-12-07) | the goal | higher or lower is better
row() {
  local ok
  if [ "$5" = higher ]; then ok=$(echo "$2 >= $4" | bc -l); else ok=$(echo "$2 <= $4" | bc -l); fi
  printf '%-52s %8.2f %10s %8s  %s\n' "$1" "$2" "$3" "$4" "$([ "$ok" = 1 ] && echo meets || echo MISSES)"
}
printf '%s, %s cores, %s rounds (medians)\n' "$(date -u +%F)" "$(nproc)" "$rounds"
printf '%-52s %8s %10s %8s\n' "what" "now" "README" "goal"
row "scan, 1 GB JSONL, 20k items (x wc -w, end to end)" "$scan" "1.13" 2 higher
row "near-duplicate dedup, 300 MB (x wc -w, end to end)" "$near" "0.77" 1 higher
row "exact dedup, 300 MB (x wc -w, end to end)" "$exact" "1.00" 1 higher
row "simulate serve, 1 h at 50 req/s (s, end to end)" "$sim" "1.04" 1 lower
row "sextant --version (s)" "$version" "0.28" 0.3 lower
row "sextant catalog gpus (s)" "$gpus" "0.30" 0.3 lower
