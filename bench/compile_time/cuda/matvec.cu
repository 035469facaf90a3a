// CUDA C equivalent of test/Frontend/KGC/corpus/matvec.kgc
// Dense matrix-vector multiply, one row per thread.
extern "C" __global__ void matvec(const float* A, const float* x, float* y,
                                  int rows, int cols) {
  int r = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (r < rows) {
    float sum = 0.0f;
    for (int c = 0; c < cols; c++)
      sum = fmaf(A[r * cols + c], x[c], sum);
    y[r] = sum;
  }
}
