// The benchmark kernels written in CUDA C, built with nvcc: the same
// algorithms as test/Frontend/KGC/corpus/{saxpy,mandelbrot,sgemm_tiled,
// transpose_local,histogram_global}.kgc.
// Prints the median kernel time of each (CUDA events) and writes the outputs
// for the correctness comparison with kgpu.
//
//   nvcc -O3 -arch=sm_90a native.cu -o native && ./native OUTDIR
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                       \
              cudaGetErrorString(e));                                          \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

extern "C" __global__ void saxpy(int n, float a, const float *__restrict__ x,
                                 float *__restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

extern "C" __global__ void mandelbrot(int *out, int width, int height, float x0,
                                      float y0, float dx, float dy,
                                      int maxIter) {
  int px = blockIdx.x * blockDim.x + threadIdx.x;
  int py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= width || py >= height)
    return;
  float cr = x0 + px * dx;
  float ci = y0 + py * dy;
  float zr = 0.0f, zi = 0.0f;
  int iter = 0;
  while (iter < maxIter && zr * zr + zi * zi <= 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    iter++;
  }
  out[py * width + px] = iter;
}

#define TS 16
extern "C" __global__ void sgemm_tiled(int M, int N, int K, float alpha,
                                       const float *A, const float *B,
                                       float beta, float *C) {
  __shared__ float As[TS][TS];
  __shared__ float Bs[TS][TS];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TS + ty;
  int col = blockIdx.x * TS + tx;
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

#define TT 16
extern "C" __global__ void transpose(const float *in, float *out, int width,
                                     int height) {
  __shared__ float tile[TT][TT + 1];
  int x = blockIdx.x * TT + threadIdx.x;
  int y = blockIdx.y * TT + threadIdx.y;
  if (x < width && y < height)
    tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  int tx = blockIdx.y * TT + threadIdx.x;
  int ty = blockIdx.x * TT + threadIdx.y;
  if (tx < height && ty < width)
    out[ty * height + tx] = tile[threadIdx.x][threadIdx.y];
}

extern "C" __global__ void histogram(const unsigned *data, int n,
                                     unsigned *hist) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned bin = data[i] & 0xFFu;
    atomicAdd(&hist[bin], 1u);
  }
}

template <typename F> static float medianMs(F launch, int reps) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  launch(); // warm-up
  CHECK(cudaDeviceSynchronize());
  std::vector<float> t;
  for (int r = 0; r < reps; ++r) {
    CHECK(cudaEventRecord(a));
    launch();
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    float ms;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

static void writeFile(const char *dir, const char *name, const void *data,
                      size_t bytes) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  fwrite(data, 1, bytes, f);
  fclose(f);
}

int main(int argc, char **argv) {
  const char *outDir = argc > 1 ? argv[1] : ".";
  // saxpy: 256 M floats, x = iota-like, y = 1.
  {
    const int n = 256 << 20;
    std::vector<float> hx(n), hy(n, 1.0f);
    for (int i = 0; i < n; ++i)
      hx[i] = (float)(i % 1000) * 0.001f;
    float *x, *y;
    CHECK(cudaMalloc(&x, n * sizeof(float)));
    CHECK(cudaMalloc(&y, n * sizeof(float)));
    CHECK(cudaMemcpy(x, hx.data(), n * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(y, hy.data(), n * 4, cudaMemcpyHostToDevice));
    float ms = medianMs([&] { saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y); }, 20);
    printf("native saxpy n=%d median_ms=%.4f GBps=%.1f\n", n, ms,
           3.0 * n * 4 / (ms * 1e6));
    // One clean launch for the reference output.
    CHECK(cudaMemcpy(y, hy.data(), n * 4, cudaMemcpyHostToDevice));
    saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
    CHECK(cudaMemcpy(hy.data(), y, n * 4, cudaMemcpyDeviceToHost));
    writeFile(outDir, "native_saxpy_y.bin", hy.data(), n * 4);
    writeFile(outDir, "saxpy_x.bin", hx.data(), n * 4);
    cudaFree(x);
    cudaFree(y);
  }
  // Mandelbrot 3840x3200, 1000 iterations.
  {
    const int w = 3840, h = 3200, iters = 1000;
    const float x0 = -2.0f, y0 = -1.25f, dx = 3.0f / w, dy = 2.5f / h;
    int *out;
    CHECK(cudaMalloc(&out, (size_t)w * h * 4));
    dim3 block(16, 16), grid((w + 15) / 16, (h + 15) / 16);
    float ms = medianMs([&] { mandelbrot<<<grid, block>>>(out, w, h, x0, y0, dx, dy, iters); }, 10);
    printf("native mandelbrot %dx%d iters=%d median_ms=%.4f\n", w, h, iters, ms);
    std::vector<int> ho((size_t)w * h);
    CHECK(cudaMemcpy(ho.data(), out, ho.size() * 4, cudaMemcpyDeviceToHost));
    writeFile(outDir, "native_mandelbrot.bin", ho.data(), ho.size() * 4);
    cudaFree(out);
  }
  // SGEMM 4096^3, alpha 1, beta 0.
  {
    const int n = 4096;
    std::vector<float> ha((size_t)n * n), hb((size_t)n * n);
    for (size_t i = 0; i < ha.size(); ++i) {
      ha[i] = (float)((i * 7) % 13) * 0.125f - 0.75f;
      hb[i] = (float)((i * 5) % 11) * 0.125f - 0.625f;
    }
    float *a, *b, *c;
    CHECK(cudaMalloc(&a, ha.size() * 4));
    CHECK(cudaMalloc(&b, hb.size() * 4));
    CHECK(cudaMalloc(&c, ha.size() * 4));
    CHECK(cudaMemcpy(a, ha.data(), ha.size() * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(b, hb.data(), hb.size() * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(c, 0, ha.size() * 4));
    dim3 block(16, 16), grid(n / 16, n / 16);
    float ms = medianMs([&] { sgemm_tiled<<<grid, block>>>(n, n, n, 1.0f, a, b, 0.0f, c); }, 10);
    printf("native sgemm n=%d median_ms=%.4f TFLOPs=%.2f\n", n, ms,
           2.0 * n * n * (double)n / (ms * 1e9));
    std::vector<float> hc(ha.size());
    CHECK(cudaMemcpy(hc.data(), c, hc.size() * 4, cudaMemcpyDeviceToHost));
    writeFile(outDir, "native_sgemm_c.bin", hc.data(), hc.size() * 4);
    writeFile(outDir, "sgemm_a.bin", ha.data(), ha.size() * 4);
    writeFile(outDir, "sgemm_b.bin", hb.data(), hb.size() * 4);
  }
  // Transpose 8192x8192 floats through a 16x16 (+1) tile.
  {
    const int w = 8192, h = 8192;
    std::vector<float> hi((size_t)w * h);
    for (size_t i = 0; i < hi.size(); ++i)
      hi[i] = (float)(i % 4093) * 0.25f;
    float *in, *out;
    CHECK(cudaMalloc(&in, hi.size() * 4));
    CHECK(cudaMalloc(&out, hi.size() * 4));
    CHECK(cudaMemcpy(in, hi.data(), hi.size() * 4, cudaMemcpyHostToDevice));
    dim3 block(TT, TT), grid(w / TT, h / TT);
    float ms = medianMs([&] { transpose<<<grid, block>>>(in, out, w, h); }, 20);
    printf("native transpose %dx%d median_ms=%.4f GBps=%.1f\n", w, h, ms,
           2.0 * w * h * 4 / (ms * 1e6));
    std::vector<float> ho(hi.size());
    CHECK(cudaMemcpy(ho.data(), out, ho.size() * 4, cudaMemcpyDeviceToHost));
    writeFile(outDir, "native_transpose.bin", ho.data(), ho.size() * 4);
    writeFile(outDir, "transpose_in.bin", hi.data(), hi.size() * 4);
    cudaFree(in);
    cudaFree(out);
  }
  // 256-bin histogram of 256 M words with global atomics.
  {
    const int n = 256 << 20;
    std::vector<unsigned> hd(n);
    unsigned s = 12345;
    for (int i = 0; i < n; ++i) {
      s = s * 1664525u + 1013904223u;
      hd[i] = s >> 8;
    }
    unsigned *d, *hist;
    CHECK(cudaMalloc(&d, (size_t)n * 4));
    CHECK(cudaMalloc(&hist, 256 * 4));
    CHECK(cudaMemcpy(d, hd.data(), (size_t)n * 4, cudaMemcpyHostToDevice));
    float ms = medianMs([&] {
      cudaMemsetAsync(hist, 0, 256 * 4);
      histogram<<<(n + 255) / 256, 256>>>(d, n, hist);
    }, 10);
    printf("native histogram n=%d median_ms=%.4f GBps=%.1f\n", n, ms,
           (double)n * 4 / (ms * 1e6));
    std::vector<unsigned> hh(256);
    CHECK(cudaMemset(hist, 0, 256 * 4));
    histogram<<<(n + 255) / 256, 256>>>(d, n, hist);
    CHECK(cudaMemcpy(hh.data(), hist, 256 * 4, cudaMemcpyDeviceToHost));
    writeFile(outDir, "native_histogram.bin", hh.data(), 256 * 4);
    writeFile(outDir, "histogram_data.bin", hd.data(), (size_t)n * 4);
    cudaFree(d);
    cudaFree(hist);
  }
  return 0;
}
