"""The other half of bench/gpu/hgemm-device.sh.

  hgemm_bench.py inputs DIR N [bt] writes DIR/a.bin, DIR/b.bin (N x N f16);
                                   bt: also DIR/bt.bin, the transpose of b,
                                   for kernels that read B K-major (wgmma-device.sh)
  hgemm_bench.py compare DIR N DEV...
      times cuBLAS (torch.matmul on f16) and a plain Triton GEMM on the same
      inputs, reads kgpu's times (DIR/kgpu_DEV.txt, kgpu-run --repeat) and
      results (DIR/c_DEV.bin), checks them against torch, prints TFLOP/s and
      the ratios.
"""
import re
import sys

import numpy as np
import torch
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(1)
    pid_n = tl.program_id(0)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = a_ptr + rm[:, None] * K + rk[None, :]
    b = b_ptr + rk[:, None] * N + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for _ in range(0, K, BK):
        acc += tl.dot(tl.load(a), tl.load(b))
        a += BK
        b += BK * N
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)


def load_inputs(d, n):
    a = np.fromfile(f"{d}/a.bin", dtype=np.float16).reshape(n, n)
    b = np.fromfile(f"{d}/b.bin", dtype=np.float16).reshape(n, n)
    return torch.from_numpy(a).cuda(), torch.from_numpy(b).cuda()


def main():
    mode, d, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if mode == "inputs":
        g = np.random.default_rng(14)
        for name in "ab":
            m = (g.integers(-4, 5, size=(n, n)).astype(np.float32) * 0.25) \
                .astype(np.float16)
            m.tofile(f"{d}/{name}.bin")
        if sys.argv[4:5] == ["bt"]:
            np.ascontiguousarray(m.T).tofile(f"{d}/bt.bin")
        print(f"inputs: {n}x{n} f16 (multiples of 1/4 in [-1, 1])")
        return
    flop = 2.0 * n ** 3
    a, b = load_inputs(d, n)
    ref = torch.matmul(a.float(), b.float())
    ms_cublas = triton.testing.do_bench(lambda: torch.matmul(a, b), rep=300)
    c = torch.empty((n, n), device="cuda", dtype=torch.float32)
    grid = (n // 128, n // 128)
    run = lambda: matmul_kernel[grid](a, b, c, n, n, n, BM=128, BN=128, BK=64,
                                      num_warps=8, num_stages=3)
    run()
    triton_err = (c - ref).abs().max().item()
    ms_triton = triton.testing.do_bench(run, rep=300)
    tf = lambda ms: flop / (ms * 1e-3) / 1e12
    print(f"cublas torch.matmul f16: {ms_cublas:.3f} ms {tf(ms_cublas):.1f} TFLOP/s")
    print(f"triton 128x128x64 f16->f32: {ms_triton:.3f} ms {tf(ms_triton):.1f} TFLOP/s max|err| {triton_err:g}")
    for dev in sys.argv[4:]:
        text = open(f"{d}/kgpu_{dev}.txt").read()
        m = re.search(r"median ([0-9.]+) (ms|us|s)\b", text)
        if not m:
            print(f"kgpu {dev}: no time ({text.strip()[-300:]})")
            continue
        ms = float(m.group(1)) * {"ms": 1.0, "us": 1e-3, "s": 1e3}[m.group(2)]
        got = torch.from_numpy(np.fromfile(f"{d}/c_{dev}.bin", dtype=np.float32)
                               .reshape(n, n)).cuda()
        err = (got - ref).abs().max().item()
        print(f"kgpu {dev}: {ms:.3f} ms {tf(ms):.1f} TFLOP/s "
              f"max|err| {err:g} ({'OK' if err == 0 else 'MISMATCH'}); "
              f"{ms_cublas / ms:.3f}x cuBLAS, {ms_triton / ms:.3f}x Triton")


if __name__ == "__main__":
    main()
