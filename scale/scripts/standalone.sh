#!/usr/bin/env bash
# A Spark standalone cluster on this machine, from the jars the build put in scale/target/spark-bundle: one master and
# one worker as separate JVMs, bound to 127.0.0.1 only, their web UIs off. Prints the master URL on start. Like a
# cluster that has Spark but not Sextant, its jars leave Sextant's own out: a driver ships them (sextant-scale-cluster.jar,
# as spark.jars or the spark-submit application jar).
# Usage: scale/scripts/standalone.sh start [CORES=2] [MEMORY=2g] [PORT=7077] | stop | status | jars (the folder of Spark's jars)
# Then: ./sextant scan --engine spark --master spark://127.0.0.1:7077 --benchmark … --corpus …
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
bundle="$here/target/spark-bundle"
state="${SEXTANT_SPARK_STATE:-$here/target/standalone}"
java_cmd="${JAVA_HOME:+$JAVA_HOME/bin/}java"
mapfile -t opens < "$here/spark-java-options"

start() {
  local cores=${1:-2} memory=${2:-2g} port=${3:-7077}
  [ -d "$bundle" ] || { echo "standalone: no $bundle; build first (./sextant once, or mvn install)" >&2; exit 1; }
  if [ -f "$state/master.pid" ] && kill -0 "$(cat "$state/master.pid")" 2>/dev/null; then
    echo "standalone: already running: spark://127.0.0.1:$(cat "$state/port")" >&2; exit 1
  fi
  mkdir -p "$state/home" "$state/work"
  # the worker starts executors from SPARK_HOME/jars: Spark's jars, not Sextant's
  rm -rf "$state/home/jars"
  mkdir -p "$state/home/jars"
  for j in "$bundle"/*.jar; do
    case "$(basename "$j")" in sextant-*) ;; *) ln -s "$j" "$state/home/jars/" ;; esac
  done
  jars="$state/home/jars"
  export SPARK_HOME="$state/home" SPARK_LOCAL_IP=127.0.0.1 SPARK_SCALA_VERSION=2.13
  "$java_cmd" "${opens[@]}" -Xmx512m -cp "$jars/*" -Dspark.ui.enabled=false org.apache.spark.deploy.master.Master \
    --host 127.0.0.1 --port "$port" --webui-port 0 > "$state/master.log" 2>&1 &
  echo $! > "$state/master.pid"
  echo "$port" > "$state/port"
  for _ in $(seq 120); do
    grep -q "I have been elected leader" "$state/master.log" 2>/dev/null && break
    kill -0 "$(cat "$state/master.pid")" 2>/dev/null || { cat "$state/master.log" >&2; exit 1; }
    sleep 0.5
  done
  "$java_cmd" "${opens[@]}" -Xmx512m -cp "$jars/*" org.apache.spark.deploy.worker.Worker "spark://127.0.0.1:$port" \
    --host 127.0.0.1 --cores "$cores" --memory "$memory" --webui-port 0 --work-dir "$state/work" > "$state/worker.log" 2>&1 &
  echo $! > "$state/worker.pid"
  for _ in $(seq 120); do
    grep -q "Successfully registered with master" "$state/worker.log" 2>/dev/null && { echo "spark://127.0.0.1:$port"; return 0; }
    kill -0 "$(cat "$state/worker.pid")" 2>/dev/null || { cat "$state/worker.log" >&2; stop; exit 1; }
    sleep 0.5
  done
  echo "standalone: the worker did not register (see $state/worker.log)" >&2; stop; exit 1
}

stop() {
  for p in worker master; do
    if [ -f "$state/$p.pid" ]; then
      kill "$(cat "$state/$p.pid")" 2>/dev/null || true
      rm -f "$state/$p.pid"
    fi
  done
}

case "${1:-}" in
  start) shift; start "$@" ;;
  jars) echo "$state/home/jars" ;;
  stop) stop ;;
  status) if [ -f "$state/master.pid" ] && kill -0 "$(cat "$state/master.pid")" 2>/dev/null; then echo "spark://127.0.0.1:$(cat "$state/port")"; else echo "stopped"; exit 1; fi ;;
  *) echo "usage: $0 start [CORES] [MEMORY] [PORT] | stop | status" >&2; exit 2 ;;
esac
