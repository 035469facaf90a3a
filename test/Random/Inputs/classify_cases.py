"""Kernels for classify.test: each known NVIDIA 580 pattern of
difftest.classify_reduced (docs/difftest.md, "NVIDIA") in the shape its
reduction had, and near misses that must not be labelled."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import difftest as D  # noqa: E402
import kgcgen as G  # noqa: E402


def kernel(name, body, outs):
    return G.Kernel(name, "int", [], body, outs, True, [])


def v(name, t="ulong", top=True):
    return G.Var(name, t, top)


def s(t, name):
    return G.Var(name, t, False, ro=True)


def lit(t, x):
    return G.Lit(t, x)


def local_barrier(wide_before):
    """k112_25's reduction (the H100 campaign of 2026-12-07):
    l4[lid] = 1; barrier(); v1 = 0x1132c9 * (s2 & 1); v1 <<= 1;
    l6[lid] = 1; barrier(); out = v1."""
    v1 = v("v1")
    mul = G.Bin("*", lit("ulong", 0x1132c9), G.Bin("&", s("ulong", "s2"), lit("ulong", 1), "ulong"),
                "ulong")
    shifted = [G.Assign(v1, mul), G.Assign(v1, lit("ulong", 1), "<<")] if wide_before else \
        [G.Assign(v1, G.Bin("&", s("ulong", "s2"), lit("ulong", 1), "ulong"))]
    body = [G.LocalDecl("l6", "ulong"), G.LocalDecl("l4", "ulong"),
            G.Decl(v1, lit("ulong", 1)), G.Sync("barrier")] + shifted + [G.Sync("barrier")]
    return kernel("k112_25" if wide_before else "k112_25_narrow", body, [(v1, "out")])


def addcmp():
    """k47_30's shape: (s3 + s3) > 2l."""
    s3 = s("long", "s3")
    e = G.Bin(">", G.Bin("+", s3, s3, "long"), lit("long", 2), "bool")
    return kernel("k47_30", [], [(G.Cast("ulong", e), "out")])


def minmax_sub():
    """b_push: s2 - max(s2, 1ul)."""
    s2 = s("ulong", "s2")
    e = G.Bin("-", s2, G.Call("max", [s2, lit("ulong", 1)], "ulong"), "ulong")
    return kernel("b_push", [], [(e, "out")])


for k in (local_barrier(True), local_barrier(False), addcmp(), minmax_sub()):
    print("%s: %s" % (k.name, " ".join(D.classify_reduced(k)) or "none known"))
