"""Triton's saxpy on the same data as the kgpu and nvcc runs (256 M floats);
prints the median kernel time (triton.testing.do_bench)."""
import torch
import triton
import triton.language as tl


@triton.jit
def saxpy_kernel(x_ptr, y_ptr, a, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, a * x + y, mask=mask)


def main():
    n = 256 << 20
    x = (torch.arange(n, device="cuda", dtype=torch.int64) % 1000).float() * 0.001
    y = torch.ones(n, device="cuda", dtype=torch.float32)
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
    ms = triton.testing.do_bench(
        lambda: saxpy_kernel[grid](x, y, 2.0, n, BLOCK=1024), rep=200)
    print("triton saxpy n=%d median_ms=%.4f GBps=%.1f" % (n, ms, 3 * n * 4 / (ms * 1e6)))


if __name__ == "__main__":
    main()
