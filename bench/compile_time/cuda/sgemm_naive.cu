// CUDA C equivalent of test/Frontend/KGC/corpus/sgemm_naive.kgc
// Naive SGEMM, one output element per thread.
extern "C" __global__ void sgemm_naive(int M, int N, int K, const float* A,
                                       const float* B, float* C) {
  int row = (int)(blockIdx.y * blockDim.y + threadIdx.y);
  int col = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (row >= M || col >= N)
    return;
  float acc = 0;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * B[k * N + col];
  C[row * N + col] = acc;
}
