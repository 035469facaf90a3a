// CUDA C equivalent of test/Frontend/KGC/corpus/bitonic_step.kgc
// One compare-and-swap step of a bitonic sorting network.
extern "C" __global__ void bitonic_step(float* data, unsigned int j,
                                        unsigned int k) {
  unsigned int i = (unsigned int)(int)(blockIdx.x * blockDim.x + threadIdx.x);
  unsigned int ixj = i ^ j;
  if (ixj > i) {
    bool ascending = (i & k) == 0;
    float a = data[i];
    float b = data[ixj];
    if ((a > b) == ascending) {
      data[i] = b;
      data[ixj] = a;
    }
  }
}
