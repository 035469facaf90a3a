"""Compares kgpu's outputs with the nvcc-built kernels' outputs (numpy)."""
import os
import sys

import numpy as np


def load(path, dtype):
    return np.fromfile(path, dtype=dtype) if os.path.exists(path) else None


def main():
    ref, out = sys.argv[1], sys.argv[2]
    checks = [("saxpy", "native_saxpy_y.bin", "saxpy_%s.bin", np.float32),
              ("mandelbrot", "native_mandelbrot.bin", "mandelbrot_%s.bin", np.int32),
              ("sgemm", "native_sgemm_c.bin", "sgemm_%s.bin", np.float32),
              ("saxpy_pf", "native_saxpy_y.bin", "saxpy_pf_%s.bin", np.float32),
              ("transpose", "native_transpose.bin", "transpose_%s.bin", np.float32),
              ("histogram", "native_histogram.bin", "histogram_%s.bin", np.int32)]
    for name, reffile, pattern, dtype in checks:
        expected = load(os.path.join(ref, reffile), dtype)
        for dev in ("cuda", "vulkan", "cpu"):
            got = load(os.path.join(out, pattern % dev), dtype)
            if got is None:
                continue
            if expected is None or got.shape != expected.shape:
                print("%s on %s: MISSING or wrong size" % (name, dev))
                continue
            if dtype == np.int32:
                diff = np.count_nonzero(got != expected)
                print("%s on %s: %s (%d of %d differ)" % (
                    name, dev, "exact" if diff == 0 else "DIFFERS", diff, got.size))
            else:
                exact = np.array_equal(got.view(np.uint32), expected.view(np.uint32))
                rel = float(np.max(np.abs(got - expected) / np.maximum(np.abs(expected), 1e-6)))
                print("%s on %s: %s, max rel err %.3g" % (
                    name, dev, "bit-exact" if exact else "close" if rel < 1e-4 else "DIFFERS", rel))

    # The reductions against NumPy on the same inputs (float sums
    # reassociate: a relative tolerance; the others exact).
    x = load(os.path.join(ref, "saxpy_x.bin"), np.float32)
    d = load(os.path.join(ref, "histogram_data.bin"), np.int32)
    expect = {}
    if x is not None:
        expect["sum_f32"] = (np.float32, float(np.sum(x, dtype=np.float64)))
        expect["max_f32"] = (np.float32, float(np.max(x)))
    if d is not None:
        expect["sum_i32"] = (np.int32, int(np.sum(d, dtype=np.int64) % (1 << 32)))
        expect["max_i32"] = (np.int32, int(np.max(d)))
    for name, (dtype, want) in sorted(expect.items()):
        for dev in ("cuda", "vulkan", "cpu"):
            got = load(os.path.join(out, "%s_%s.bin" % (name, dev)), dtype)
            if got is None:
                continue
            if dtype == np.int32:
                ok = int(got[0]) % (1 << 32) == want
                print("%s on %s: %s (%d, NumPy %d)" % (
                    name, dev, "exact" if ok else "DIFFERS", int(got[0]) % (1 << 32), want))
            else:
                rel = abs(float(got[0]) - want) / max(abs(want), 1e-30)
                print("%s on %s: %s, rel err %.3g vs NumPy (float64)" % (
                    name, dev, "close" if rel < 1e-4 else "DIFFERS", rel))


if __name__ == "__main__":
    main()
