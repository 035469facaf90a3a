// CUDA C equivalent of test/Frontend/KGC/corpus/sgemm_tiled.kgc
// Tiled SGEMM: C = alpha * A * B + beta * C, 16x16 tiles in shared memory.
constexpr int TS = 16;

extern "C" __global__ void sgemm_tiled(int M, int N, int K, float alpha,
                                       const float* A, const float* B,
                                       float beta, float* C) {
  __shared__ float As[TS][TS];
  __shared__ float Bs[TS][TS];
  int tx = (int)threadIdx.x;
  int ty = (int)threadIdx.y;
  int row = (int)blockIdx.y * TS + ty;
  int col = (int)blockIdx.x * TS + tx;
  float acc = 0.0f;
  int numTiles = (K + TS - 1) / TS;
  for (int t = 0; t < numTiles; ++t) {
    int aCol = t * TS + tx;
    int bRow = t * TS + ty;
    As[ty][tx] = (row < M && aCol < K) ? A[row * K + aCol] : 0.0f;
    Bs[ty][tx] = (bRow < K && col < N) ? B[bRow * N + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TS; k++)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = alpha * acc + beta * C[row * N + col];
}
