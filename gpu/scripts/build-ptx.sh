#!/bin/bash
# Generates the PTX Sextant ships for its own GPU kernels (used through the CUDA driver API, JCuda).
#
#   gpu/scripts/build-ptx.sh        (needs nvcc; run from anywhere; rewrites gpu/src/main/resources/dev/sextant/gpu/*.ptx)
#
# Targets old virtual architectures so that the driver can JIT the PTX on any GPU from that generation on:
# compute_75 for the FP32 kernels (Turing and later; CUDA 13 dropped older targets), compute_80 for the BF16 tensor-core GEMM (Ampere and later).
# A PTX file records the ISA version of the toolkit that wrote it, and a driver JITs only ISA versions it knows; the
# kernels use nothing newer than PTX ISA 7.0 (CUDA 11.0), so the header is rewritten to 7.0 and any driver from
# R450 on loads them. Last generated with: Cuda compilation tools, release 13.0, V13.0.88.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
out="$here/src/main/resources/dev/sextant/gpu"
mkdir -p "$out"
nvcc --version | tail -2
nvcc -ptx -O3 -arch=compute_75 -o "$out/kernels.ptx" "$here/src/main/cuda/kernels.cu"
nvcc -ptx -O3 -arch=compute_80 -o "$out/gemm_bf16.ptx" "$here/src/main/cuda/gemm_bf16.cu"
for f in "$out/kernels.ptx" "$out/gemm_bf16.ptx"; do
  sed -i -E 's/^\.version [0-9]+\.[0-9]+/.version 7.0/' "$f"
  grep -m1 '^\.version' "$f"; grep -m1 '^\.target' "$f"
done
