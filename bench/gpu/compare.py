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
              ("sgemm", "native_sgemm_c.bin", "sgemm_%s.bin", np.float32)]
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


if __name__ == "__main__":
    main()
