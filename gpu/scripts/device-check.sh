#!/bin/bash
# Issue 7's GPU check, for a machine with an NVIDIA GPU: `sextant gpu calibrate` and a PyTorch reference on the same
# device, side by side, written under $OUT (default ./device-check). Needs the built application (mvn -B -DskipTests
# install, or the app/target folder carried over) and, for the reference, python3 with torch.
#   gpu/scripts/device-check.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-device-check}"
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > "$out/nvidia-smi.csv" 2>&1
SEXTANT_HOME="$out/home" ./sextant gpu info --json > "$out/gpu-info.json" 2> "$out/gpu-info.err"
SEXTANT_HOME="$out/home" timeout 540 ./sextant gpu calibrate --json > "$out/calibrate.json" 2> "$out/calibrate.err"
echo "calibrate exit $?" >> "$out/calibrate.err"
python3 gpu/scripts/reference.py > "$out/reference.json" 2> "$out/reference.err"
python3 - "$out" <<'PY'
import json, sys
d = sys.argv[1]
try:
    s = json.load(open(d + "/calibrate.json")); r = json.load(open(d + "/reference.json"))
except Exception as e:
    print("no comparison:", e); sys.exit(0)
if not r.get("available"):
    print("reference unavailable:", r.get("reason")); sys.exit(0)
print("metric, sextant, reference, ratio")
print("D2D copy GB/s, %.1f, %.1f, %.3f" % (s["copyBandwidthGBs"], r["copyBandwidthGBs"], s["copyBandwidthGBs"] / r["copyBandwidthGBs"]))
for g in r["gemm"]:
    m = [x for x in s["gemm"] if x["m"] == g["m"] and x["n"] == g["n"] and x["k"] == g["k"] and x["dtype"] == "bf16"]
    if m:
        print("bf16 GEMM %d^3 TFLOP/s, %.1f, %.1f, %.3f" % (g["m"], m[0]["tflops"], g["tflops"], m[0]["tflops"] / g["tflops"]))
PY
