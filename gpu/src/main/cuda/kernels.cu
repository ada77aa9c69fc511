// Sextant's own micro-benchmark kernels, loaded as PTX through the CUDA driver API (JCuda).
// Built by gpu/scripts/build-ptx.sh; see gpu/README.md for the toolkit and targets.
#include <cstddef>

// Streams n float4 from in to out: 32 bytes per element moved (16 read + 16 written).
extern "C" __global__ void stream_copy(const float4* __restrict__ in, float4* __restrict__ out, size_t n) {
    size_t stride = (size_t) gridDim.x * blockDim.x;
    for (size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        out[i] = in[i];
    }
}

// Does nothing: the launch latency benchmark times back-to-back launches of it.
extern "C" __global__ void empty_kernel() {
}

// Eight independent FMA chains per thread, iters times: 16 * iters FLOPs per thread. The result is written so
// the compiler cannot drop the work.
extern "C" __global__ void fma_loop(float* out, int iters, float seed) {
    float a0 = seed + threadIdx.x, a1 = a0 + 1, a2 = a0 + 2, a3 = a0 + 3, a4 = a0 + 4, a5 = a0 + 5, a6 = a0 + 6, a7 = a0 + 7;
    const float m = 0.999999f, c = 1e-7f;
    for (int i = 0; i < iters; i++) {
        a0 = fmaf(a0, m, c); a1 = fmaf(a1, m, c); a2 = fmaf(a2, m, c); a3 = fmaf(a3, m, c);
        a4 = fmaf(a4, m, c); a5 = fmaf(a5, m, c); a6 = fmaf(a6, m, c); a7 = fmaf(a7, m, c);
    }
    out[(size_t) blockIdx.x * blockDim.x + threadIdx.x] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
}

// C (M x N) = A (M x K) * B (K x N), row-major FP32, 32 x 32 shared-memory tiles; M, N, K multiples of 32.
extern "C" __global__ void sgemm_tiled(int M, int N, int K, const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C) {
    __shared__ float as[32][33];
    __shared__ float bs[32][33];
    int row = blockIdx.y * 32 + threadIdx.y;
    int col = blockIdx.x * 32 + threadIdx.x;
    float acc = 0;
    for (int t = 0; t < K; t += 32) {
        as[threadIdx.y][threadIdx.x] = A[(size_t) row * K + t + threadIdx.x];
        bs[threadIdx.y][threadIdx.x] = B[(size_t) (t + threadIdx.y) * N + col];
        __syncthreads();
        #pragma unroll
        for (int k = 0; k < 32; k++) {
            acc = fmaf(as[threadIdx.y][k], bs[k][threadIdx.x], acc);
        }
        __syncthreads();
    }
    C[(size_t) row * N + col] = acc;
}
