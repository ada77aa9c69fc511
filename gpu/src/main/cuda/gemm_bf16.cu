// BF16 GEMM on tensor cores (WMMA, FP32 accumulate) for devices of compute capability 8.0 and later, used when
// cuBLAS cannot be loaded. Each warp computes one 16 x 16 tile of C from row-major A (M x K) and column-major B (K x N),
// so both fragments load with unit stride. M, N, K multiples of 16. Simple, not tuned: it reaches a fraction of cuBLAS.
#include <mma.h>
#include <cuda_bf16.h>
using namespace nvcuda;

extern "C" __global__ void gemm_bf16_wmma(int M, int N, int K, const __nv_bfloat16* __restrict__ A, const __nv_bfloat16* __restrict__ B,
                                          float* __restrict__ C) {
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int tilesN = N / 16;
    int tm = warp / tilesN;
    int tn = warp % tilesN;
    if (tm * 16 >= M) {
        return;
    }
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
    wmma::fill_fragment(c, 0.0f);
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(a, A + (size_t) tm * 16 * K + k, K);
        wmma::load_matrix_sync(b, B + (size_t) tn * 16 * K + k, K);
        wmma::mma_sync(c, a, b, c);
    }
    wmma::store_matrix_sync(C + (size_t) tm * 16 * N + tn * 16, c, N, wmma::mem_row_major);
}
