// Empty kernel: the start-up floor of nvcc -ptx (driver, gcc -E of the
// implicitly included CUDA headers, cicc, the ptxas check).
extern "C" __global__ void nop() {}
