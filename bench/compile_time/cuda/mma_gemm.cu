// CUDA C equivalent of test/Frontend/KGC/corpus/mma_gemm.kgc
// Tensor-core GEMM: each warp computes one 16x16 tile of C = A * B (half
// inputs, float accumulation), with the WMMA m16n16k16 row-major operations.
//
// The WMMA operations are written as the PTX wmma instructions that
// nvcuda::wmma::load_matrix_sync / mma_sync / store_matrix_sync (<mma.h>)
// produce, because <mma.h> includes cuda_fp16.h, which needs CCCL's
// <nv/target>: the nvidia-cuda-nvcc wheel does not ship it. (Not including
// <mma.h> makes nvcc's front end a little faster, i.e. favours nvcc.)
// Halves are passed as their 16-bit patterns; a fragment's top-left element
// is at flat offset row * ld + col, as in kgc.
typedef unsigned short half_bits;

constexpr int WM = 16;
constexpr int WN = 16;
constexpr int WK = 16;

extern "C" __global__ void mma_gemm(const half_bits* A, const half_bits* B,
                                    float* C, int M, int N, int K) {
  int tileRow = (int)blockIdx.y * WM;
  int tileCol = (int)blockIdx.x * WN;
  float c0 = 0.0f, c1 = 0.0f, c2 = 0.0f, c3 = 0.0f, c4 = 0.0f, c5 = 0.0f,
        c6 = 0.0f, c7 = 0.0f; // mma_fill(0.0f)
  for (int k = 0; k < K; k += WK) {
    unsigned a0, a1, a2, a3, a4, a5, a6, a7;
    unsigned b0, b1, b2, b3, b4, b5, b6, b7;
    const half_bits* pa = A + ((long long)tileRow * K + k);
    const half_bits* pb = B + ((long long)k * N + tileCol);
    asm volatile("wmma.load.a.sync.aligned.row.m16n16k16.f16 "
                 "{%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                 : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3), "=r"(a4),
                   "=r"(a5), "=r"(a6), "=r"(a7)
                 : "l"(pa), "r"(K)
                 : "memory");
    asm volatile("wmma.load.b.sync.aligned.row.m16n16k16.f16 "
                 "{%0, %1, %2, %3, %4, %5, %6, %7}, [%8], %9;"
                 : "=r"(b0), "=r"(b1), "=r"(b2), "=r"(b3), "=r"(b4),
                   "=r"(b5), "=r"(b6), "=r"(b7)
                 : "l"(pb), "r"(N)
                 : "memory");
    asm volatile("wmma.mma.sync.aligned.row.row.m16n16k16.f32.f32 "
                 "{%0, %1, %2, %3, %4, %5, %6, %7}, "
                 "{%8, %9, %10, %11, %12, %13, %14, %15}, "
                 "{%16, %17, %18, %19, %20, %21, %22, %23}, "
                 "{%0, %1, %2, %3, %4, %5, %6, %7};"
                 : "+f"(c0), "+f"(c1), "+f"(c2), "+f"(c3), "+f"(c4),
                   "+f"(c5), "+f"(c6), "+f"(c7)
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(a4), "r"(a5),
                   "r"(a6), "r"(a7), "r"(b0), "r"(b1), "r"(b2), "r"(b3),
                   "r"(b4), "r"(b5), "r"(b6), "r"(b7));
  }
  float* pc = C + ((long long)tileRow * N + tileCol);
  asm volatile("wmma.store.d.sync.aligned.row.m16n16k16.f32 "
               "[%0], {%1, %2, %3, %4, %5, %6, %7, %8}, %9;"
               :
               : "l"(pc), "f"(c0), "f"(c1), "f"(c2), "f"(c3), "f"(c4),
                 "f"(c5), "f"(c6), "f"(c7), "r"(N)
               : "memory");
}
