#!/usr/bin/env python3
"""Isolates 64-bit division on a Vulkan driver (docs/difftest.md, "NVIDIA"):
probe64.kgc over 8,192 operand pairs (random, small, 32-bit, sign
boundaries, the difftest scalars), on the CPU target and on Vulkan;
prints each differing operation with its operands.
  probe64.py KGPU_TRANSLATE KGPU_RUN WORKDIR"""
import os
import random
import struct
import subprocess
import sys

T, R, W = sys.argv[1:4]
os.makedirs(W, exist_ok=True)
here = os.path.dirname(os.path.abspath(__file__))
N = 8192
r = random.Random(64)
M = (1 << 64) - 1
special = [0xfedcba9876543210, (-81985529216486895) & M, 0xfedcba9876543210 << 1 & M,
           (-0xfedcba9876543210) & M, 1 << 63, (1 << 63) - 1, 1 << 32, (1 << 32) - 1, 1, 0]


def val(k):
    c = r.random()
    if c < 0.3:
        return r.getrandbits(64)
    if c < 0.5:
        return r.getrandbits(32)
    if c < 0.6:
        return r.randint(1, 300)
    if c < 0.75:
        return r.choice(special)
    if c < 0.85:
        return (-r.randint(1, 1 << 40)) & M
    return r.getrandbits(r.randint(1, 64))


a = [val(k) for k in range(N)]
b = [val(k) or 3 for k in range(N)]
b = [3 if x == M else x for x in b]      # no x / -1 (kgc's MIN / -1 is defined, keep it simple)
for f, v in (("a", a), ("b", b)):
    open(os.path.join(W, f), "wb").write(struct.pack("<%dQ" % N, *v))
bundle = os.path.join(W, "p.kgpu")
subprocess.check_call([T, os.path.join(here, "probe64.kgc"), "--targets=cpu,vulkan", "-o", bundle])
res = {}
for d in ("cpu", "vulkan"):
    o = os.path.join(W, "out." + d)
    subprocess.check_call([R, bundle, "--device", d, "--kernel", "probe64", "--arg", "a=@" + os.path.join(W, "a"),
                           "--arg", "b=@" + os.path.join(W, "b"), "--arg", "out=zeros:%d" % (N * 12),
                           "--grid", str(N // 64), "--local", "64", "--out", "out=" + o],
                          stdout=subprocess.DEVNULL)
    res[d] = struct.unpack("<%dQ" % (N * 12), open(o, "rb").read())
ops = ["x/y", "x%y", "sx/sy", "sx%sy", "x/g", "x%g", "x/9", "x%9", "sx/sg", "sx%sg", "x/(y|1)", "u32 x/(y|1)"]
bad = {}
for i in range(N):
    for j, op in enumerate(ops):
        c, v = res["cpu"][i * 12 + j], res["vulkan"][i * 12 + j]
        if c != v:
            bad.setdefault(op, []).append("i=%d x=0x%x y=0x%x g=%d: vulkan 0x%x cpu 0x%x" % (
                i, a[i], b[i], i | 1, v, c))
print("probe64: %d pairs x %d operations; differing: %s" % (
    N, len(ops), ", ".join("%s %d" % (k, len(v)) for k, v in bad.items()) or "none"))
for op, lines in bad.items():
    for ln in lines[:6]:
        print("  %s: %s" % (op, ln))
