"""torch.sum / torch.max (CUB underneath) on 256 M floats and ints, the
baselines of the reduction rows; prints the median kernel time of each
(triton.testing.do_bench, CUDA events)."""
import torch
import triton


def main():
    n = 256 << 20
    f = torch.rand(n, device="cuda", dtype=torch.float32)
    i = torch.randint(-1000, 1000, (n,), device="cuda", dtype=torch.int32)
    for name, fn in (("sum_f32", lambda: torch.sum(f)),
                     ("sum_i32", lambda: torch.sum(i, dtype=torch.int32)),
                     ("max_f32", lambda: torch.max(f)),
                     ("max_i32", lambda: torch.max(i))):
        ms = triton.testing.do_bench(fn, rep=200)
        print("torch %s n=%d median_ms=%.4f GBps=%.1f" % (name, n, ms, n * 4 / (ms * 1e6)))


if __name__ == "__main__":
    main()
