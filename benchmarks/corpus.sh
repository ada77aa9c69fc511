# Sourced by the throughput scripts: builds the benchmarks jar and writes (once) the scan benchmark's synthetic web
# corpus $dir/corpus.jsonl of at least $mb MB with $items benchmark items ($dir/bench.jsonl), then warms the page cache.
# Sets size (bytes) and defines wc_rate (GNU wc -w over the corpus, MB/s: the yardstick the scripts compare with).
# Needs: mb, items, dir; the working folder is the project's root.
build_log=$(mktemp)
if ! mvn -q -B -Pbench -DskipTests install >"$build_log" 2>&1; then
  tail -n 30 "$build_log" >&2
  echo "the build failed (log: $build_log)" >&2
  exit 1
fi
rm -f "$build_log"
if [ ! -f "$dir/corpus.jsonl" ] || [ "$(stat -c %s "$dir/corpus.jsonl")" -lt $((mb * 1000000)) ]; then
  java -cp benchmarks/target/benchmarks.jar dev.sextant.benchmarks.ScanCorpusGenerator "$dir" "$mb" "$items"
fi
size=$(stat -c %s "$dir/corpus.jsonl")
cat "$dir/corpus.jsonl" > /dev/null  # warm the page cache for every contender
wc_rate() {
  local start end
  start=$(date +%s.%N); wc -w "$dir/corpus.jsonl" > /dev/null; end=$(date +%s.%N)
  echo "$size / 1000000 / ($end - $start)" | bc -l
}
