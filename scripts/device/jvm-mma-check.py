#!/usr/bin/env python3
"""Compares a GEMM's f32 output with the reference: tensor cores sum the
exact fp16 products in their own order, so each element must be within
1e-3 * (1 + |ref|) of the reference (a layout error is off by far more);
--exact: s32 elements, equal."""
import struct
import sys

ref_path, got_path, what = sys.argv[1], sys.argv[2], sys.argv[3]
exact = "--exact" in sys.argv[4:]
ref = open(ref_path, "rb").read()
got = open(got_path, "rb").read()
if len(ref) != len(got):
    print("FAIL: %s: %d bytes, reference %d" % (what, len(got), len(ref)))
    sys.exit(1)
n = len(ref) // 4
fmt = "<%di" if exact else "<%df"
r = struct.unpack(fmt % n, ref)
g = struct.unpack(fmt % n, got)
worst, at, bad = 0.0, 0, 0
for i in range(n):
    err = abs(g[i] - r[i]) / (1.0 + abs(r[i]))
    if not err <= (0.0 if exact else 1e-3):
        bad += 1
    if not err <= worst:
        worst, at = err, i
status = "PASS" if bad == 0 else "FAIL"
print("%s: %s: %d elements, %d off, max relative error %.3g at %d (%r, reference %r)"
      % (status, what, n, bad, worst, at, g[at], r[at]))
sys.exit(0 if bad == 0 else 1)
