#!/usr/bin/env python3
"""Reference measurements on the same GPU as `sextant gpu calibrate`, for the side-by-side check of issue 7.

PyTorch's matmul (cuBLAS) in bf16 for the square shapes Sextant measures, and a device-to-device copy of 1 GiB
(bytes counted read + write, as Sextant counts them), each timed with CUDA events over many repetitions after a
warm-up, median of 7 trials. Prints one JSON document.
"""
import json
import statistics
import sys

try:
    import torch
except ImportError:
    print(json.dumps({"available": False, "reason": "PyTorch is not installed"}))
    sys.exit(0)

if not torch.cuda.is_available():
    print(json.dumps({"available": False, "reason": "torch.cuda.is_available() is false"}))
    sys.exit(0)


def timed(fn, reps):
    fn()
    torch.cuda.synchronize()
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(reps):
        fn()
    stop.record()
    stop.synchronize()
    return start.elapsed_time(stop) / 1000 / reps


def median_rate(fn, reps, work):
    return statistics.median(work / timed(fn, reps) for _ in range(7))


out = {"available": True, "device": torch.cuda.get_device_name(0), "torch": torch.__version__, "cuda": torch.version.cuda, "gemm": []}
for n in (8192, 4096, 2048, 1024):
    a = torch.ones((n, n), dtype=torch.bfloat16, device="cuda")
    b = torch.ones((n, n), dtype=torch.bfloat16, device="cuda")
    reps = max(3, min(200, int(2e11 / (2 * n ** 3))))
    out["gemm"].append({"m": n, "n": n, "k": n, "dtype": "bf16", "tflops": median_rate(lambda: a @ b, reps, 2 * n ** 3 / 1e12)})
size = 1 << 30
src = torch.empty(size, dtype=torch.uint8, device="cuda")
dst = torch.empty_like(src)
out["copyBandwidthGBs"] = median_rate(lambda: dst.copy_(src), 20, 2 * size / 1e9)
print(json.dumps(out, indent=1))
