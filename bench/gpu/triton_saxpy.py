"""Triton's saxpy on the same data as the kgpu and nvcc runs (256 M floats);
prints the median kernel time (triton.testing.do_bench)."""
import re
import sys

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
    # --variants: also other block sizes, and what the PTX of each does.
    blocks = [1024, 2048, 4096] if "--variants" in sys.argv else [1024]
    for block in blocks:
        ms = triton.testing.do_bench(
            lambda: saxpy_kernel[grid](x, y, 2.0, n, BLOCK=block), rep=200)
        label = "" if block == 1024 else " BLOCK=%d" % block
        if len(blocks) > 1:
            ptx = saxpy_kernel[grid](x, y, 2.0, n, BLOCK=block).asm["ptx"]
            ops = sorted(set(re.findall(r"\b(?:ld|st)\.global[.\w]*", ptx)))
            warps = re.search(r"\.reqntid (\d+)", ptx) or re.search(r"\.maxntid (\d+)", ptx)
            print("triton saxpy BLOCK=%d ptx: %s; threads %s" % (
                block, ", ".join(ops), warps.group(1) if warps else "?"))
        print("triton saxpy%s n=%d median_ms=%.4f GBps=%.1f" % (
            label, n, ms, 3 * n * 4 / (ms * 1e6)))


if __name__ == "__main__":
    main()
