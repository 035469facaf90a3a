// CUDA C equivalent of test/Frontend/KGC/corpus/matrix_add_2d.kgc
// kgc's 2D `parallel for` written out as kgpu lowers it: one grid-stride
// loop over the rows x cols iteration space, delinearised into (i, j).
extern "C" __global__ void matrix_add(const float* A, const float* B, float* C,
                                      int rows, int cols) {
  long long total = (long long)max(rows, 0) * (long long)max(cols, 0);
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
       t < total; t += stride) {
    int i = (int)(t / cols);
    int j = (int)(t % cols);
    int idx = i * cols + j;
    C[idx] = A[idx] + B[idx];
  }
}
