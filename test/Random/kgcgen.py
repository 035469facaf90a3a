#!/usr/bin/env python3
"""kgcgen: random, well-defined kgc kernels and their C twins.

A kernel is generated as a small AST (expressions and statements) that
renders twice: as kgc, and as C that gcc compiles with UBSan on. The two
renderings are the same text except where kgc defines what C leaves
undefined; there the C twin calls a helper of the prelude (wrapping signed
arithmetic, kgc's integer division, shifts of negative values). A generator
slip (an expression whose value C leaves undefined) is therefore a UBSan
error in the C twin, never a silent mismatch.

Every kernel has the same signature (see SIGNATURE) and runs on WG
work-items per work-group, NG work-groups. The C twin runs the work-items of
a group one after another, segment by segment: a segment ends at each
barrier and each sub-group collective, all of which are at the top level of
the kernel body (uniform control flow). Top-level variables of a kernel are
arrays indexed by the work-item (`v[L]`) in C, so their values live across
segments.

Determinism: everything comes from random.Random(seed).
"""

import os
import random
import struct

WG = 64          # work-items per work-group
NG = 2           # work-groups
N = WG * NG      # work-items
NIN = 256        # elements of `in` and `fin`
S = 4            # output slots per work-item (out, outf, outd)
NATOM = 8        # atomic counters

C_SIGNATURE = ("ulong* out, float* outf, double* outd, uint* atom, const uint* in, "
               "const float* fin, int n, uint s0, int s1, ulong s2, long s3, "
               "float f0, double d0")
SIGNATURE = ("global ulong* out, global float* outf, global double* outd, "
             "global uint* atom, global const uint* in, global const float* fin, "
             "int n, uint s0, int s1, ulong s2, long s3, float f0, double d0")
# name, kgc type, kind
PARAMS = [("out", "ulong", "buf"), ("outf", "float", "buf"),
          ("outd", "double", "buf"), ("atom", "uint", "buf"),
          ("in", "uint", "buf"), ("fin", "float", "buf"),
          ("n", "int", "s"), ("s0", "uint", "s"), ("s1", "int", "s"),
          ("s2", "ulong", "s"), ("s3", "long", "s"), ("f0", "float", "s"),
          ("d0", "double", "s")]

INT_TYPES = ["int", "uint", "long", "ulong"]
# 2-D kernels (Kernel.lx < WG) launch NG x 1 groups of lx x (WG / lx)
# work-items; each work-item writes its outputs at ITEM_KGC (0 .. N-1)
ITEM_KGC = "global_id(1) * global_size(0) + global_id(0)"
# halves the generator writes as literals (exact in binary16)
HALF_LITS = [0.0, 1.0, -1.0, 0.5, 2.0, 3.0, 1.25, -0.75, 10.0, 100.5, -7.0, 0.125, 2048.0]
FLOAT_TYPES = ["float", "double"]
WIDTH = {"int": 32, "uint": 32, "long": 64, "ulong": 64, "bool": 1}
SIGNED = {"int": True, "long": True, "uint": False, "ulong": False}
SUFFIX = {"int": "", "uint": "u", "long": "l", "ulong": "ul"}
CNAME = {"int": "i32", "uint": "u32", "long": "i64", "ulong": "u64"}

# ---------------------------------------------------------------- C prelude

C_PRELUDE = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <stdbool.h>
typedef uint32_t uint;
typedef uint64_t ulong;
typedef _Float16 half;
#define WG %(WG)d
#define NG %(NG)d
#define N %(N)d
#define NIN %(NIN)d
#define S %(S)d
#define NATOM %(NATOM)d
static int SGS; /* sub-group size of the device being mirrored */
/* the launch: NG work-groups of WG work-items, LX x (WG / LX) (LX = WG: a
   1-D launch; kgcgen's 2-D kernels set LX); L is the linear local id */
static int LX = WG;
#define global_id(d) ((d) == 0 ? (int)(G * LX + L %% LX) : (d) == 1 ? (int)(L / LX) : 0)
#define local_id(d) ((d) == 0 ? (int)(L %% LX) : (d) == 1 ? (int)(L / LX) : 0)
#define group_id(d) ((d) == 0 ? (int)G : 0)
#define local_size(d) ((d) == 0 ? LX : (d) == 1 ? WG / LX : 1)
#define global_size(d) ((d) == 0 ? NG * LX : (d) == 1 ? WG / LX : 1)
#define num_groups(d) ((d) == 0 ? NG : 1)
/* the work-item's output index (ITEM_KGC below) */
#define ITEM (global_id(1) * global_size(0) + global_id(0))
#define sub_group_size() ((int)SGS)
#define sub_group_local_id() ((int)(L %% SGS))
#define DEF_S(T, U, NM, MIN)                                                   \
  static inline T add_##NM(T a, T b) { return (T)((U)a + (U)b); }             \
  static inline T sub_##NM(T a, T b) { return (T)((U)a - (U)b); }             \
  static inline T mul_##NM(T a, T b) { return (T)((U)a * (U)b); }             \
  static inline T neg_##NM(T a) { return (T)(0 - (U)a); }                     \
  static inline T shl_##NM(T a, T b) { return (T)((U)a << b); }               \
  static inline T div_##NM(T a, T b) {                                        \
    if (b == 0) return (T)-1;                                                  \
    if (a == MIN && b == -1) return MIN;                                       \
    return a / b; }                                                            \
  static inline T rem_##NM(T a, T b) {                                        \
    if (b == 0) return (T)-1;                                                  \
    if (b == -1) return 0;                                                     \
    return a %% b; }                                                           \
  static inline T min_##NM(T a, T b) { return a < b ? a : b; }                \
  static inline T max_##NM(T a, T b) { return a > b ? a : b; }
#define DEF_U(T, NM)                                                           \
  static inline T div_##NM(T a, T b) { return b == 0 ? (T)-1 : a / b; }       \
  static inline T rem_##NM(T a, T b) { return b == 0 ? (T)-1 : a %% b; }      \
  static inline T min_##NM(T a, T b) { return a < b ? a : b; }                \
  static inline T max_##NM(T a, T b) { return a > b ? a : b; }
static float fsub_f32(float a, float b) { return a - b; }
static half hsqrt(half x) { return (half)sqrtf((float)x); }
static double fsub_f64(double a, double b) { return a - b; }
DEF_S(int, uint, i32, INT32_MIN)
DEF_S(long, ulong, i64, INT64_MIN)
DEF_U(uint, u32)
DEF_U(ulong, u64)
typedef struct {
  ulong out[N * S]; float outf[N * S]; double outd[N * S]; uint atom[NATOM];
} result_t;
static uint in_[NIN]; static float fin_[NIN];
"""


def c_prelude():
    return C_PRELUDE % dict(WG=WG, NG=NG, N=N, NIN=NIN, S=S, NATOM=NATOM)


# ---------------------------------------------------------------- expressions

class E:
    """An expression: `t` its kgc type, `kids` sub-expressions."""
    kids = ()

    def size(self):
        return 1 + sum(k.size() for k in self.kids)


class Lit(E):
    def __init__(self, t, v):
        self.t, self.v = t, v

    def render(self, c):
        t, v = self.t, self.v
        if t == "bool":
            return ("1" if v else "0") if c else ("true" if v else "false")
        if t == "half":
            # a negative literal as a conversion (kgc's -2.0h is a float:
            # unary minus promotes)
            s = repr(float(v))
            return "((half)%sf)" % s if c or v < 0 else "(%sh)" % s
        if t in FLOAT_TYPES:
            s = repr(float(v)) if t == "double" else "%.9g" % v
            if "e" not in s and "." not in s and "inf" not in s:
                s += ".0"
            return "(%s%s)" % (s, "f" if t == "float" else "")
        w = WIDTH[t]
        if SIGNED[t] and v == -(1 << (w - 1)):
            return "(-%d%s - 1%s)" % ((1 << (w - 1)) - 1, SUFFIX[t], SUFFIX[t])
        if v < 0:
            return "(-%d%s)" % (-v, SUFFIX[t])
        # hex for large values (gives the unsigned types their full range)
        if v > 0xffff:
            return "0x%x%s" % (v, SUFFIX[t])
        return "%d%s" % (v, SUFFIX[t])


class Var(E):
    def __init__(self, name, t, top, ro=False):
        self.name, self.t, self.top, self.ro = name, t, top, ro

    def render(self, c):
        return self.name + ("[L]" if (c and self.top) else "")


class Bin(E):
    def __init__(self, op, a, b, t):
        self.op, self.kids, self.t = op, (a, b), t

    def render(self, c):
        a, b = (k.render(c) for k in self.kids)
        op, t = self.op, self.t
        if c and t in FLOAT_TYPES:
            # kgc: `half` promotes to float in arithmetic (half + half is a
            # float, not rounded to half); C's _Float16 + _Float16 is a
            # _Float16: the twin converts each half operand itself
            a, b = (("((float)%s)" % x) if k.t == "half" else x
                    for k, x in zip(self.kids, (a, b)))
        if c and t in INT_TYPES:
            nm = CNAME[t]
            if op in "/%":
                return "%s_%s(%s, %s)" % ("div" if op == "/" else "rem", nm, a, b)
            if SIGNED[t] and op in ("+", "-", "*"):
                f = {"+": "add", "-": "sub", "*": "mul"}[op]
                return "%s_%s(%s, %s)" % (f, nm, a, b)
            if SIGNED[t] and op == "<<":
                return "shl_%s(%s, %s)" % (nm, a, b)
        if c and t in ("float", "double") and op == "-":
            # gcc 12 folds 0.0 - (double)i to -(double)i even at -O0 (-0.0
            # for i = 0; IEEE, kgc and kgpu: +0.0): a function call keeps
            # the subtraction (difftest k305_37, k419_90)
            return "fsub_%s(%s, %s)" % ("f32" if t == "float" else "f64", a, b)
        return "(%s %s %s)" % (a, op, b)


class Un(E):
    def __init__(self, op, a, t):
        self.op, self.kids, self.t = op, (a,), t

    def render(self, c):
        a = self.kids[0].render(c)
        if c and self.op == "-" and self.t in ("int", "long"):
            return "neg_%s(%s)" % (CNAME[self.t], a)
        return "(%s%s)" % (self.op, a)


class Cast(E):
    def __init__(self, t, a):
        self.t, self.kids = t, (a,)

    def render(self, c):
        return "((%s)%s)" % (self.t, self.kids[0].render(c))


class Tern(E):
    def __init__(self, cnd, a, b, t):
        self.kids, self.t = (cnd, a, b), t

    def render(self, c):
        return "(%s ? %s : %s)" % tuple(k.render(c) for k in self.kids)


class Call(E):
    """A helper or builtin call; `cname` is the C spelling (None: same)."""

    def __init__(self, name, args, t, cname=None):
        self.name, self.kids, self.t, self.cname = name, tuple(args), t, cname

    def render(self, c):
        nm = (self.cname or self.name) if c else self.name
        return "%s(%s)" % (nm, ", ".join(k.render(c) for k in self.kids))


class Index(E):
    """base[idx] for a buffer, a private or a local array."""

    def __init__(self, base, idx, t, ctop=False):
        self.base, self.kids, self.t, self.ctop = base, (idx,), t, ctop

    def render(self, c):
        b = self.base + ("[L]" if (c and self.ctop) else "")
        return "%s[%s]" % (b, self.kids[0].render(c))


class Raw(E):
    """Fixed text (work-item ids)."""

    def __init__(self, k, cc, t):
        self.k, self.cc, self.t = k, cc, t

    def render(self, c):
        return self.cc if c else self.k


# ---------------------------------------------------------------- statements

class St:
    kids = ()      # nested statement lists
    def exprs(self):
        return []


class Decl(St):
    def __init__(self, v, e):
        self.v, self.e = v, e

    def render(self, c, ind):
        if c and self.v.top:
            return ["%s%s[L] = %s;" % (ind, self.v.name, self.e.render(c))]
        return ["%s%s %s = %s;" % (ind, self.v.t, self.v.name, self.e.render(c))]


class Assign(St):
    """v = e, or v op= e (C: v = op(v, e))."""

    def __init__(self, target, e, op=None):
        self.target, self.e, self.op = target, e, op

    def render(self, c, ind):
        tg = self.target.render(c)
        if self.op is None:
            return ["%s%s = %s;" % (ind, tg, self.e.render(c))]
        if not c:
            return ["%s%s %s= %s;" % (ind, tg, self.op, self.e.render(c))]
        if self.target.t == "half":
            # kgc: h op= e is h = (half)((float)h op e)
            return ["%s%s = (half)%s;" % (ind, tg, Bin(self.op, self.target, self.e,
                                                        "float").render(c))]
        return ["%s%s = %s;" % (ind, tg,
                                Bin(self.op, self.target, self.e,
                                    self.target.t).render(c))]


class ArrDecl(St):
    def __init__(self, name, t, n, init, top):
        self.name, self.t, self.n, self.init, self.top = name, t, n, init, top

    def render(self, c, ind):
        if c and self.top:
            out = []
            for k in range(self.n):
                v = self.init[k] if k < len(self.init) else Lit(self.t, 0)
                out.append("%s%s[L][%d] = %s;" % (ind, self.name, k, v.render(c)))
            return out
        return ["%s%s %s[%d] = {%s};" % (ind, self.t, self.name, self.n,
                                         ", ".join(e.render(c) for e in self.init))]


class ExprSt(St):
    def __init__(self, kgc, cc, es):
        self.kgc, self.cc, self.es = kgc, cc, es   # format strings with {0}..

    def render(self, c, ind):
        r = [e.render(c) for e in self.es]
        return [ind + (self.cc if c else self.kgc).format(*r)]


class If(St):
    def __init__(self, cnd, a, b):
        self.cnd, self.a, self.b = cnd, a, b

    @property
    def kids(self):
        return (self.a, self.b)

    def render(self, c, ind):
        out = ["%sif (%s) {" % (ind, self.cnd.render(c))]
        for s in self.a:
            out += s.render(c, ind + "  ")
        if self.b:
            out.append(ind + "} else {")
            for s in self.b:
                out += s.render(c, ind + "  ")
        out.append(ind + "}")
        return out


class For(St):
    def __init__(self, var, bound, body):
        self.var, self.bound, self.body = var, bound, body

    @property
    def kids(self):
        return (self.body,)

    def render(self, c, ind):
        v = self.var
        out = ["%sfor (int %s = 0; %s < %s; %s++) {" % (
            ind, v, v, self.bound.render(c), v)]
        for s in self.body:
            out += s.render(c, ind + "  ")
        out.append(ind + "}")
        return out


class Jump(St):
    def __init__(self, kw, cnd):
        self.kw, self.cnd = kw, cnd

    def render(self, c, ind):
        return ["%sif (%s) %s;" % (ind, self.cnd.render(c), self.kw)]


class Return(St):
    def __init__(self, e):
        self.e = e

    def render(self, c, ind):
        return ["%sreturn %s;" % (ind, self.e.render(c))]


class Sync(St):
    """A top-level segment boundary: barrier() or a sub-group collective
    `T v = sub_group_OP(e[, arg]);` (v is a top-level variable)."""

    def __init__(self, kind, v=None, e=None, arg=None):
        self.kind, self.v, self.e, self.arg = kind, v, e, arg

    def render(self, c, ind):
        if not c:
            if self.kind == "barrier":
                return [ind + "barrier();"]
            args = self.e.render(c) + (", " + self.arg.render(c) if self.arg else "")
            return ["%s%s %s = sub_group_%s(%s);" % (ind, self.v.t, self.v.name,
                                                     self.kind, args)]
        close = ind[:-2] + "}"
        opn = ind[:-2] + "for (L = 0; L < WG; L++) { int i = ITEM; (void)i;"
        if self.kind == "barrier":
            return [close, ind[:-2] + "/* barrier */", opn]
        t, nm = self.v.t, self.v.name
        out = ["%ssg_%s[L] = %s;" % (ind, nm, self.e.render(c))]
        if self.arg is not None:
            out.append("%ssga_%s[L] = %s;" % (ind, nm, self.arg.render(c)))
        out += [close, opn]
        if self.kind.startswith("reduce_"):
            op = self.kind[len("reduce_"):]
            x = "sg_%s[b + k]" % nm
            if op in ("min", "max") or (op in ("add", "mul") and SIGNED[t]):
                f = "%s_%s(acc, %s)" % (op, CNAME[t], x)
            else:
                cop = {"add": "+", "mul": "*", "and": "&", "or": "|", "xor": "^"}[op]
                f = "(%s)(acc %s %s)" % (t, cop, x)
            out += ["%s{ int b = L - L %% SGS; %s acc = sg_%s[b];" % (ind, t, nm),
                    "%s  for (int k = 1; k < SGS; k++) acc = %s;" % (ind, f),
                    "%s  %s[L] = acc; }" % (ind, nm)]
        elif self.kind == "shuffle_xor":
            out.append("%s%s[L] = sg_%s[L ^ sga_%s[L]];" % (ind, nm, nm, nm))
        elif self.kind == "shuffle_idx":
            out.append("%s%s[L] = sg_%s[L - L %% SGS + sga_%s[L]];" % (ind, nm, nm, nm))
        elif self.kind == "shuffle_down":
            # sga is in range: L %% SGS + sga < SGS (gen_kernel)
            out.append("%s%s[L] = sg_%s[L + sga_%s[L]];" % (ind, nm, nm, nm))
        elif self.kind == "shuffle_up":
            out.append("%s%s[L] = sg_%s[L - sga_%s[L]];" % (ind, nm, nm, nm))
        return out


def keep(e):
    """Marks a guard (a divisor made non-zero, a masked shift count or index,
    a loop bound): the reducer may simplify inside it but never replace it
    by an operand, which would make the kernel undefined."""
    e.keep = True
    return e


def walk_exprs(e):
    yield e
    for k in e.kids:
        yield from walk_exprs(k)


# ---------------------------------------------------------------- generator

class Scope:
    def __init__(self, parent=None):
        self.parent, self.vars, self.arrs = parent, [], []

    def all_vars(self):
        s, out = self, []
        while s:
            out += s.vars
            s = s.parent
        return out

    def all_arrs(self):
        s, out = self, []
        while s:
            out += s.arrs
            s = s.parent
        return out


class Gen:
    def __init__(self, rng, mode, name, helpers, vulkan_safe, java=False):
        self.r, self.mode, self.name = rng, mode, name
        # java: the kernel is also rendered as Java (render_kernel_java):
        # int and long only (uint/ulong requests become int/long), no
        # half, only guarded division (Java throws on x/0); private arrays
        # (new T[n]), KernelContext local arrays, barriers, kc.atomicAdd and
        # the SIMD operations of Java mode (gen_kernel)
        self.java = java
        self.itypes = ["int", "long"] if java else INT_TYPES
        self.tmap = {"uint": "int", "ulong": "long"} if java else {}
        self.helpers = helpers            # [(name, ret, [arg types], FuncDecl)]
        self.vulkan_safe = vulkan_safe    # no raw division (Vulkan: undefined)
        self.counter = 0
        self.locals = []                  # (name, t, ready: readable now)
        self.in_kernel = True
        self.depth_limit = 3
        self.h = None                     # top-level hash variables
        self.hf = None
        # par: the statements form a `parallel for` body, whose iterations
        # are not work-items: the loop variable `i` instead of global_id(0)
        self.par = False
        # the features added after the CI seeds' kernels were fixed draw
        # from their own generator (gen_kernel's r2), so that a kernel that
        # happens to use none of them is the one it was before: r2 None
        # (Java, helpers, parallel loops) turns them off
        self.r2 = None
        self.half = False                 # half variables and arithmetic
        self.lx = WG                      # < WG: a 2-D kernel (Kernel.lx)

    def fold(self, scope):
        """Statements folding a variable of `scope` (an inner block) into the
        kernel's hash, so that inner computations reach the output."""
        if self.h is None or not scope.vars:
            return []
        v = self.r.choice(scope.vars)
        if v.t in INT_TYPES:
            return [Assign(self.h, Bin("+", Bin("*", self.h, Lit("ulong", 31), "ulong"),
                                       Cast("ulong", v), "ulong"))]
        if self.hf is not None:
            return [Assign(self.hf, Bin("+", self.hf, Cast("double", v), "double"))]
        return []

    def fresh(self, p="v"):
        self.counter += 1
        return "%s%d" % (p, self.counter)

    # -- literals
    def lit(self, t):
        r = self.r
        if t == "bool":
            return Lit(t, r.random() < 0.5)
        if t == "half":
            return Lit(t, r.choice(HALF_LITS))
        if t in FLOAT_TYPES:
            v = r.choice([0.0, 1.0, -1.0, 0.5, 2.0, 3.0, 1.25, -0.75, 10.0,
                          0.1, 1e-3, 100.5, -7.0, 0.3333])
            if t == "float":
                v = struct.unpack("f", struct.pack("f", v))[0]
            return Lit(t, v)
        w = WIDTH[t]
        k = r.random()
        if k < 0.5:
            v = r.randint(0, 16)
        elif k < 0.7:
            v = r.getrandbits(w)
        elif k < 0.85:
            v = r.choice([(1 << (w - 1)) - 1, 1 << (w - 1), (1 << w) - 1,
                          1 << (w - 2), 255, 65535, 0x80])
        else:
            v = r.getrandbits(r.randint(1, w))
        if SIGNED[t] and v >= 1 << (w - 1):
            v -= 1 << w
        if SIGNED[t] and k < 0.5 and r.random() < 0.3:
            v = -v
        return Lit(t, v)

    # -- leaves
    def leaf(self, t, scope, d=1):
        r = self.r
        t = self.tmap.get(t, t)
        cands = []
        for v in scope.all_vars():
            if v.t == t:
                cands.append(v)
        for (nm, pt, kind) in PARAMS:
            if kind == "s" and self.tmap.get(pt, pt) == t and self.in_kernel:
                cands.append(Var(nm, t, False, ro=True))
        x = r.random()
        if t in INT_TYPES:
            if x < 0.15 and self.in_kernel and self.r2 is not None and \
                    not self.par and self.r2.random() < 0.35:
                w = self.wi_leaf()
                return Cast(t, w) if t != "int" else w
            if x < 0.15 and self.in_kernel:
                gid = Var("i", "int", False, ro=True) if self.par else \
                    Raw("global_id(0)", "global_id(0)", "int")
                return Cast(t, gid) if t != "int" else gid
            if x < 0.3 and self.in_kernel:
                ld = Index("in", keep(Bin("&", Cast("uint", self.expr("uint", scope, min(d, 1))),
                                          Lit("uint", NIN - 1), "uint")), "uint")
                return ld if t == "uint" else Cast(t, ld)
        if t in FLOAT_TYPES and x < 0.3 and self.in_kernel:
            ld = Index("fin", keep(Bin("&", Cast("uint", self.expr("uint", scope, min(d, 1))),
                                       Lit("uint", NIN - 1), "uint")), "float")
            return ld if t == "float" else Cast(t, ld)
        if cands and x < 0.85:
            return r.choice(cands)
        return self.lit(t)

    def wi_leaf(self):
        """A work-item builtin other than global_id(0) (its value in the
        twin: kgcgen's C prelude)."""
        ks = ["local_id(0)", "group_id(0)", "local_size(0)", "global_size(0)",
              "num_groups(0)", "sub_group_local_id()", "sub_group_size()"]
        if self.lx < WG:
            ks += ["global_id(1)", "local_id(1)", "group_id(1)", "local_size(1)",
                   "global_size(1)", "num_groups(1)", "global_id(2)", "local_size(2)"]
        k = self.r2.choice(ks)
        return Raw(k, k, "int")

    def hexpr(self, scope, d):
        """A half expression: kgc's arithmetic promotes half to float, so a
        half comes from a conversion (rounding to binary16), a variable,
        a literal, an array element, a ternary or sqrt (half in, half out)."""
        r = self.r
        x = r.random()
        if x < 0.35:
            return Cast("half", self.expr("float", scope, d - 1))
        if x < 0.45:
            return Cast("half", self.expr("double", scope, d - 1))
        if x < 0.55:
            return Cast("half", self.expr(r.choice(self.itypes), scope, d - 1))
        if x < 0.62 and HALF_SQRT:
            return Call("sqrt", [self.expr("half", scope, d - 1)], "half", "hsqrt")
        if x < 0.75:
            # kgc: `c ? h1 : h2` is a float (the usual arithmetic
            # conversions); C's is a _Float16: the same value, but
            # sqrt(c ? h1 : h2) is sqrt of a float
            return Cast("half", Tern(self.cond(scope, d - 1), self.expr("half", scope, d - 1),
                                     self.expr("half", scope, d - 1), "float"))
        if x < 0.85:
            arrs = [a for a in scope.all_arrs() if a[1] == "half"]
            if arrs:
                nm, at, n, top = r.choice(arrs)
                return Index(nm, keep(Bin("&", Cast("uint", self.expr("uint", scope, d - 1)),
                                          Lit("uint", n - 1), "uint")), "half", ctop=top)
        return self.leaf("half", scope)

    def cond(self, scope, d):
        """A bool expression."""
        r = self.r
        x = r.random()
        if d <= 0 or x < 0.1:
            return self.lit("bool") if r.random() < 0.2 else \
                Bin(r.choice(["<", ">", "==", "!=", "<=", ">="]),
                    self.leaf("int", scope), self.leaf("int", scope), "bool")
        if x < 0.6:
            t = r.choice(self.itypes + (FLOAT_TYPES if self.mode == "float" else []))
            if self.half and self.r2.random() < 0.15:
                t = "half"
            return Bin(r.choice(["<", ">", "==", "!=", "<=", ">="]),
                       self.expr(t, scope, d - 1), self.expr(t, scope, d - 1), "bool")
        if x < 0.8:
            return Bin(r.choice(["&&", "||"]), self.cond(scope, d - 1),
                       self.cond(scope, d - 1), "bool")
        if x < 0.9:
            return Un("!", self.cond(scope, d - 1), "bool")
        t = r.choice(self.itypes)
        return Cast("bool", self.expr(t, scope, d - 1))

    def expr(self, t, scope, d=None):
        if d is None:
            d = self.depth_limit
        t = self.tmap.get(t, t)
        if t == "bool":
            return self.cond(scope, d)
        if d <= 0 or self.r.random() < 0.15:
            return self.leaf(t, scope)
        if t == "half":
            return self.hexpr(scope, d)
        if t in FLOAT_TYPES:
            return self.fexpr(t, scope, d)
        return self.iexpr(t, scope, d)

    def divisor(self, t, scope, d):
        e = self.expr(t, scope, d - 1)
        if not self.vulkan_safe and not self.java and self.r.random() < 0.5:
            return e                    # kgc's defined x/0, MIN/-1
        if SIGNED[t] and self.r.random() < 0.5:
            # -2 .. -4096: never 0 or -1
            return keep(Un("-", keep(Bin("|", keep(Bin("&", e, Lit(t, 0xfff), t)),
                                         Lit(t, 2), t)), t))
        if SIGNED[t]:
            return keep(Bin("|", keep(Bin("&", e, Lit(t, (1 << (WIDTH[t] - 1)) - 1), t)),
                            Lit(t, 1), t))
        return keep(Bin("|", e, Lit(t, 1), t))

    def iexpr(self, t, scope, d):
        r = self.r
        x = r.random()
        sub = lambda tt=t: self.expr(tt, scope, d - 1)
        if x < 0.35:
            op = r.choice(["+", "-", "*", "&", "|", "^", "+", "-"])
            return Bin(op, sub(), sub(), t)
        if x < 0.45:
            op = r.choice(["/", "%"])
            return Bin(op, sub(), self.divisor(t, scope, d), t)
        if x < 0.55:
            op = r.choice(["<<", ">>"])
            ct = r.choice(self.itypes)
            cnt = keep(Bin("&", self.expr(ct, scope, d - 1), Lit(ct, WIDTH[t] - 1), ct))
            return Bin(op, sub(), cnt, t)
        if x < 0.62:
            return Un(r.choice(["-", "~", "-", "+"]), sub(), t)
        if x < 0.72:
            src = r.choice(self.itypes + ["bool"])
            if self.mode == "float" and r.random() < 0.3:
                # float -> int only on values known to be in range
                src_f = keep(Call("sqrt", [keep(Cast("float", keep(Bin("&", self.expr("uint", scope, d - 1),
                                                         Lit("uint", 0xffff), "uint"))))],
                             "float", "sqrtf"))
                return Cast(t, src_f)
            return Cast(t, self.expr(src, scope, d - 1))
        if x < 0.8:
            return Tern(self.cond(scope, d - 1), sub(), sub(), t)
        if x < 0.86:
            f = r.choice(["min", "max"])
            return Call(f, [sub(), sub()], t, "%s_%s" % (f, CNAME[t]))
        if x < 0.9:
            hs = [h for h in self.helpers if h[1] == t]
            if hs and d > 1:
                h = r.choice(hs)
                return Call(h[0], [self.expr(at, scope, d - 2) for at in h[2]], t)
        if x < 0.95:
            arrs = [a for a in scope.all_arrs() if a[1] == t]
            if arrs:
                nm, at, n, top = r.choice(arrs)
                return Index(nm, keep(Bin("&", Cast("uint", self.expr("uint", scope, d - 1)), Lit("uint", n - 1), "uint")), t, ctop=top)
            lts = [l for l in self.locals if l[1] == t and l[2]]
            if lts:
                nm, lt, _ = r.choice(lts)
                return Index(nm, keep(Bin("&", Cast("uint", self.expr("uint", scope, d - 1)), Lit("uint", WG - 1), "uint")), t)
        return self.leaf(t, scope)

    def fexpr(self, t, scope, d):
        r = self.r
        sub = lambda tt=t: self.expr(tt, scope, d - 1)
        if self.half and self.r2.random() < 0.2:
            # half operands: promoted to float (half + half is a float)
            k = self.r2.random()
            op = r.choice(["+", "-", "*", "/"])
            if k < 0.5 and t == "float":
                return Bin(op, sub("half"), sub("half"), "float")
            if k < 0.8:
                a, b = sub("half"), sub()
                return Bin(op, a, b, t) if self.r2.random() < 0.5 else Bin(op, b, a, t)
            return Cast(t, sub("half"))
        x = r.random()
        if x < 0.5:
            return Bin(r.choice(["+", "-", "*", "/"]), sub(), sub(), t)
        if x < 0.58:
            return Call("sqrt", [sub()], t, "sqrtf" if t == "float" else "sqrt")
        if x < 0.63:
            return Un("-", sub(), t)
        if x < 0.75:
            k = r.random()
            if k < 0.4:
                return Cast(t, self.expr(r.choice(self.itypes), scope, d - 1))
            if k < 0.6 and t == "float" and not self.java:
                return Cast("float", Cast("half", sub()))
            return Cast(t, self.expr(r.choice(FLOAT_TYPES), scope, d - 1))
        if x < 0.85:
            return Tern(self.cond(scope, d - 1), sub(), sub(), t)
        if x < 0.9:
            hs = [h for h in self.helpers if h[1] == t]
            if hs and d > 1:
                h = r.choice(hs)
                return Call(h[0], [self.expr(at, scope, d - 2) for at in h[2]], t)
        if x < 0.95:
            arrs = [a for a in scope.all_arrs() if a[1] == t]
            if arrs:
                nm, at, n, top = r.choice(arrs)
                return Index(nm, keep(Bin("&", Cast("uint", self.expr("uint", scope, d - 1)), Lit("uint", n - 1), "uint")), t, ctop=top)
        return self.leaf(t, scope)

    def vtype(self):
        if self.half and self.r2.random() < 0.15:
            return "half"
        if self.mode == "float":
            return self.r.choice(FLOAT_TYPES * 3 + self.itypes)
        return self.r.choice(self.itypes)

    # -- statements
    def stmts(self, scope, n, top, loop_depth, in_loop):
        out = []
        for _ in range(n):
            out += self.stmt(scope, top, loop_depth, in_loop)
        return out

    def stmt(self, scope, top, loop_depth, in_loop):
        r = self.r
        x = r.random()
        vars_ = [v for v in scope.all_vars() if not v.ro]
        if x < 0.3 or not vars_:
            t = self.vtype()
            v = Var(self.fresh(), t, top)
            e = self.expr(t, scope)
            scope.vars.append(v)
            return [Decl(v, e)]
        if x < 0.5:
            v = r.choice(vars_)
            if r.random() < 0.4:
                ops = ["+", "-", "*"] + (["&", "|", "^"] if v.t in INT_TYPES else [])
                return [Assign(v, self.expr(v.t, scope, 3), r.choice(ops))]
            return [Assign(v, self.expr(v.t, scope))]
        if x < 0.58 and len(scope.all_arrs()) < 3:
            # a private array, partly initialised (the rest zero); Java:
            # `T[] a = new T[n]` and a store per initialiser, or an array
            # initializer with the zeros written out (ArrDecl.jstyle)
            t = self.vtype()
            n = r.choice([2, 4, 8])
            nm = self.fresh("a")
            init = [self.lit(t) if r.random() < 0.7 else self.expr(t, scope, 2)
                    for _ in range(r.randint(1, n))]
            scope.arrs.append((nm, t, n, top))
            d = ArrDecl(nm, t, n, init, top)
            d.jstyle = r.choice(["new", "braces"]) if self.java else None
            return [d]
        if x < 0.66 and scope.all_arrs():
            nm, t, n, atop = r.choice(scope.all_arrs())
            idx = keep(Bin("&", Cast("uint", self.expr("uint", scope, 2)), Lit("uint", n - 1), "uint"))
            return [Assign(Index(nm, idx, t, ctop=atop), self.expr(t, scope))]
        if x < 0.78:
            sa, sb = Scope(scope), Scope(scope)
            a = self.stmts(sa, r.randint(1, 3), False, loop_depth, in_loop)
            a += self.fold(sa)
            b = self.stmts(sb, r.randint(0, 2), False, loop_depth, in_loop) \
                if r.random() < 0.5 else []
            b += self.fold(sb)
            return [If(self.cond(scope, 3), a, b)]
        if x < 0.88 and loop_depth < 2:
            j = self.fresh("j")
            bound = Lit("int", r.randint(0, 6)) if r.random() < 0.6 else \
                keep(Cast("int", keep(Bin("&", self.leaf("uint", scope), Lit("uint", 7), "uint"))))
            inner = Scope(scope)
            inner.vars.append(Var(j, "int", False, ro=True))
            body = self.stmts(inner, r.randint(1, 3), False, loop_depth + 1, True)
            inner.vars = inner.vars[1:]
            body += self.fold(inner)
            inner.vars.insert(0, Var(j, "int", False, ro=True))
            if r.random() < 0.5:
                js = Scope(scope)
                js.vars.append(Var(j, "int", False, ro=True))
                body.insert(r.randint(0, len(body)),
                            Jump(r.choice(["break", "continue"]), self.cond(js, 2)))
            inner.vars.pop(0)
            return [For(j, bound, body)]
        if x < 0.94 and self.in_kernel and self.mode == "int" and self.java and JAVA_ATOMICS:
            # Java: KernelContext.atomicAdd on `atom` (IntArray), counters 0
            # and 7 (adds commute: the final value is the sum)
            idx = 7 if r.random() < 0.5 else 0
            e = self.expr("int", scope, 3)
            st = ExprSt("atomic_add(&atom[%d], {0});" % idx, "atom[%d] += {0};" % idx, [e])
            st.java = "kc.atomicAdd(atom, %d, {0});" % idx
            return [st]
        if x < 0.94 and self.in_kernel and self.mode == "int" and not self.java:
            op = r.choice(["add", "sub", "min", "max", "and", "or", "xor"])
            # one operation per counter (different operations on one counter
            # do not commute): add and sub share counters 0 and 7
            idx = {"add": 0, "sub": 0, "min": 2, "max": 3, "and": 4, "or": 5,
                   "xor": 6}[op]
            if op in ("add", "sub") and r.random() < 0.5:
                idx = 7
            e = self.expr("uint", scope, 3)
            cop = {"add": "atom[%d] += {0};", "sub": "atom[%d] -= {0};",
                   "min": "atom[%d] = min_u32(atom[%d], {0});",
                   "max": "atom[%d] = max_u32(atom[%d], {0});",
                   "and": "atom[%d] &= {0};", "or": "atom[%d] |= {0};",
                   "xor": "atom[%d] ^= {0};"}[op].replace("%d", str(idx))
            return [ExprSt("atomic_%s(&atom[%d], {0});" % (op, idx), cop, [e])]
        v = r.choice(vars_)
        return [Assign(v, self.expr(v.t, scope))]


class Kernel:
    def __init__(self, name, mode, helpers_src, body, outs, vulkan_safe, sgops):
        self.name, self.mode = name, mode
        self.helpers_src = helpers_src   # [(kgc lines, c lines)]
        self.body, self.outs = body, outs
        self.vulkan_safe, self.sgops = vulkan_safe, sgops

    def top_decls_c(self):
        """C declarations of the per-work-item arrays of top-level variables."""
        out = []
        for s in self.body:
            if isinstance(s, Decl) and s.v.top:
                out.append("  %s %s[WG];" % (s.v.t, s.v.name))
            elif isinstance(s, ArrDecl) and s.top:
                out.append("  %s %s[WG][%d];" % (s.t, s.name, s.n))
            elif isinstance(s, Sync) and s.v is not None:
                out.append("  %s %s[WG], sg_%s[WG]; int sga_%s[WG];" % (
                    s.v.t, s.v.name, s.v.name, s.v.name))
            elif isinstance(s, LocalDecl):
                out.append("  %s %s[WG];" % (s.t, s.name))
        return out

    def render_kgc(self):
        out = []
        for hk, hc, *_ in self.helpers_src:
            out += hk
        out.append("kernel void %s(%s) {" % (self.name, SIGNATURE))
        for s in self.body:
            if isinstance(s, LocalDecl):
                out += s.render(False, "  ")
        out.append("  int i = global_id(0);")
        for s in self.body:
            if not isinstance(s, LocalDecl):
                out += s.render(False, "  ")
        for k, (e, kind) in enumerate(self.outs):
            out.append("  %s[i * %d + %d] = %s;" % (kind, S, k, e.render(False)))
        out.append("}")
        return out

    def render_c(self):
        out = []
        for hk, hc, *_ in self.helpers_src:
            out += hc
        sig = SIGNATURE.replace("global ", "").replace("const uint* in", "const uint* in")
        out.append("static void %s(%s) {" % (self.name, sig))
        out.append("  int L;")
        out += self.top_decls_c()
        out.append("  for (int G = 0; G < NG; G++) {")
        out.append("  for (L = 0; L < WG; L++) {")
        out.append("    int i = global_id(0);")
        for s in self.body:
            if not isinstance(s, LocalDecl):
                out += s.render(True, "    ")
        for k, (e, kind) in enumerate(self.outs):
            out.append("    %s[i * %d + %d] = %s;" % (kind, S, k, e.render(True)))
        out.append("  }")
        out.append("  }")
        out.append("}")
        return out


class LocalDecl(St):
    def __init__(self, name, t):
        self.name, self.t = name, t

    def render(self, c, ind):
        return ["%slocal %s %s[%d];" % (ind, self.t, self.name, WG)]


# The share of kernels that may use the features added on 2026-12-07 (2-D
# launches and work-item builtins other than global_id(0), half variables
# and arithmetic, sub_group_shuffle_down/up): the others are the kernels
# their seeds gave before, so the CI seeds' known failures stay put.
NEW_FEATURES = 0.4
# r2's seed is "kgcgen-NEW_SALT:SEED": 70 is the first salt that leaves the
# kernels of known-failures.txt and the CI seeds' vulkan-fp-special kernels
# (k1_42, k7_46) as they were (k6_48 is the only reproduction of lavapipe's
# shader-compiler abort)
NEW_SALT = 70
# sqrt of a half (a half, kgc.md's math builtins): KGCGEN_HALF_SQRT=0 leaves
# it out (a kernel that would have one gets a ternary instead), e.g. for a
# build whose Vulkan target does not round it to half (found 2026-12-07:
# `half r = sqrt(h)` holds sqrt's float value on Vulkan without Float16)
HALF_SQRT = os.environ.get("KGCGEN_HALF_SQRT", "1") != "0"

# Java kernels get kc.atomicAdd statements (javadiff --no-atomics turns them
# off: lavapipe's after-loop-atomic bug, docs/difftest.md, hits them often).
JAVA_ATOMICS = True
# ... and KernelContext SIMD operations (javadiff --no-simd turns them off).
JAVA_SIMD = True


def gen_helper(rng, mode, name, helpers, java=False):
    r = rng
    itypes = ["int", "long"] if java else INT_TYPES
    nargs = r.randint(1, 3)
    tys = [r.choice(itypes + (FLOAT_TYPES if mode == "float" else []))
           for _ in range(nargs)]
    ret = r.choice(FLOAT_TYPES) if mode == "float" and r.random() < 0.6 \
        else r.choice(itypes)
    g = Gen(r, mode, name, list(helpers), True, java)
    g.in_kernel = False
    g.depth_limit = 3
    sc = Scope()
    params = ["%s p%d" % (t, k) for k, t in enumerate(tys)]
    for k, t in enumerate(tys):
        sc.vars.append(Var("p%d" % k, t, False))
    # helpers see no kernel parameters: drop scalar params from leaves
    body = []
    for _ in range(r.randint(0, 3)):
        body += g.stmt(sc, False, 1, False)
    body.append(Return(g.expr(ret, sc)))
    def render(c):
        hdr = "%s%s %s(%s) {" % ("static " if c else "", ret, name, ", ".join(params))
        lines = [hdr]
        for s in body:
            lines += s.render(c, "  ")
        lines.append("}")
        return lines
    def render_java():
        lines = ["  static %s %s(%s) {" % (JT[ret], name, ", ".join(
            "%s p%d" % (JT[t], k) for k, t in enumerate(tys)))]
        for s in body:
            lines += jstmt(s, "    ")
        lines.append("  }")
        return lines
    srcs = (render(False), render(True), render_java() if java else None)
    return (name, ret, tys, srcs)


class HelperGen(Gen):
    pass


def gen_kernel(seed, name, java=False):
    """One kernel from `seed`; returns a Kernel. java: one that also renders
    as Java (render_kernel_java; Gen's java restrictions)."""
    r = random.Random(seed)
    mode = "float" if r.random() < 0.3 else "int"
    vulkan_safe = r.random() < 0.75 or java
    helpers = []
    for k in range(r.choice([0, 0, 1, 2])):
        h = gen_helper(r, mode, "%s_h%d" % (name, k), helpers, java)
        helpers.append(h)
    g = Gen(r, mode, name, helpers, vulkan_safe, java)
    r2 = random.Random("kgcgen-%d:%d" % (NEW_SALT, seed))
    if not java and r2.random() < NEW_FEATURES:
        g.r2 = r2
        g.half = mode == "float" and r2.random() < 0.6
        if r2.random() < 0.4:
            g.lx = r2.choice([16, 32])
    # the linear local id (a 2-D kernel's local arrays are indexed by it)
    lid = Raw("local_id(0)", "L", "int") if g.lx == WG else \
        Raw("(local_id(1) * local_size(0) + local_id(0))", "L", "int")
    sc = Scope()
    g.h = Var("h", "long" if java else "ulong", True)
    body = [Decl(g.h, Lit("ulong", 0))]
    if mode == "float":
        g.hf = Var("hf", "double", True)
        body.append(Decl(g.hf, Lit("double", 0.0)))
    sgops = False
    nseg = r.choice([1, 1, 1, 2, 3])
    for seg in range(nseg):
        body += g.stmts(sc, r.randint(2, 6), True, 0, False)
        if seg + 1 < nseg:
            k = r.random()
            if java and k >= 0.65 and not JAVA_SIMD:
                k = r.random() * 0.65
            if java and k >= 0.65:
                # KernelContext's SIMD operations (float only) with a
                # computable result: simdSum of integers below 2^16 (at
                # most 64 lanes: exact in float, in any order) and
                # simdBroadcastFirst of integers below 2^24 (exact);
                # simdShuffleDown is not generated (a lane past the SIMD
                # group's end gets its own value on the JVM, an undefined
                # one on Vulkan). The JVM runs with each device's SIMD width.
                sgops = True
                kind = r.choice(["simd_sum", "simd_bcast"])
                v = Var(g.fresh("sg"), "int", True)
                mask = 0xffff if kind == "simd_sum" else 0xffffff
                e = keep(Bin("&", g.expr("int", sc, 3), Lit("int", mask), "int"))
                body.append(Sync(kind, v, e))
                sc.vars.append(v)
            elif k < 0.5:
                # a local array: written at the own slot, barrier, then readable
                nm = g.fresh("l")
                t = g.vtype() if mode == "int" else r.choice(["float", "int", "uint"])
                t = g.tmap.get(t, t)
                body.insert(0, LocalDecl(nm, t))
                body.append(Assign(Index(nm, lid, t), g.expr(t, sc)))
                body.append(Sync("barrier"))
                g.locals.append((nm, t, True))
            elif k < 0.65:
                body.append(Sync("barrier"))
            else:
                sgops = True
                t = r.choice(INT_TYPES)
                kind = r.choice(["reduce_add", "reduce_mul", "reduce_min", "reduce_max",
                                 "reduce_and", "reduce_or", "reduce_xor",
                                 "shuffle_xor", "shuffle_idx"])
                v = Var(g.fresh("sg"), t, True)
                e = g.expr(t, sc, 3)
                arg = None
                if g.r2 is not None and g.r2.random() < 0.5:
                    kind = g.r2.choice(["shuffle_down", "shuffle_up"])
                sgs = Raw("sub_group_size()", "sub_group_size()", "int")
                sgl = Raw("sub_group_local_id()", "sub_group_local_id()", "int")
                if kind == "shuffle_xor":
                    arg = Lit("int", r.choice([1, 2, 3]))
                elif kind in ("shuffle_down", "shuffle_up"):
                    # a delta whose source lane is in the sub-group: at most
                    # SGS-1-lane (down) or lane (up); a literal delta 1..3
                    # (the usual tree), else any expression masked to SGS-1
                    dl = Lit("int", r.choice([1, 2, 3])) if r.random() < 0.5 else \
                        keep(Bin("&", g.expr("int", sc, 2),
                                 Bin("-", sgs, Lit("int", 1), "int"), "int"))
                    room = Bin("-", Bin("-", sgs, Lit("int", 1), "int"), sgl, "int") \
                        if kind == "shuffle_down" else sgl
                    arg = keep(Call("min", [dl, room], "int", "min_i32"))
                elif kind == "shuffle_idx":
                    arg = keep(Bin("&", g.expr("int", sc, 2),
                              Bin("-", Raw("sub_group_size()", "sub_group_size()", "int"),
                                  Lit("int", 1), "int"), "int"))
                body.append(Sync(kind, v, e, arg))
                sc.vars.append(v)
    # outputs: up to S values of each kind
    outs = [(g.h, "out")]
    if g.hf is not None:
        outs += [(Cast("float", g.hf), "outf"), (g.hf, "outd")]
    vs = [v for v in sc.vars]
    ints = [v for v in vs if v.t in INT_TYPES]
    fls = [v for v in vs if v.t in FLOAT_TYPES + ["half"]]
    for k in range(S):
        if ints and k < len(ints) + 1:
            outs.append((Cast("ulong", r.choice(ints)), "out"))
    if mode == "float":
        for k in range(S):
            if fls:
                v = r.choice(fls)
                outs.append((Cast("float", v) if v.t != "float" else v, "outf"))
                outs.append((Cast("double", v), "outd"))
    if not outs:
        outs.append((Cast("ulong", g.expr("ulong", sc)), "out"))
    # slots: one per kind in order
    per = {}
    fixed = []
    for e, kind in outs:
        k = per.get(kind, 0)
        if k < S:
            per[kind] = k + 1
            fixed.append((e, kind))
    kern = Kernel(name, mode, [h[3] for h in helpers], body, fixed, vulkan_safe, sgops)
    kern.java = java
    # 2-D: sub-groups are rows of 32 (NVIDIA's 32 lanes are never split
    # across rows; a sub-group of 8 is a quarter row)
    kern.lx = 32 if sgops and g.lx < WG else g.lx
    return kern


def render_outs(kern, c):
    pass


def gen_bundle(seed, count, prefix="k"):
    """`count` kernels; kernel k comes from seed*100003+k (reproducible alone),
    then count // 10 parallel-loop reduction kernels, numbered PAR_BASE + j
    (gen_any_kernel)."""
    ks = [gen_kernel(seed * 100003 + k, "%s%d_%d" % (prefix, seed, k))
          for k in range(count)]
    ks += [gen_any_kernel(seed, PAR_BASE + j, prefix) for j in range(count // 10)]
    return ks


def gen_any_kernel(seed, k, prefix="k"):
    """Kernel k of bundle `seed`: gen_kernel's below PAR_BASE, a parallel-loop
    reduction kernel (gen_par_kernel) from PAR_BASE on."""
    name = "%s%d_%d" % (prefix, seed, k)
    if k >= PAR_BASE:
        return gen_par_kernel(seed * 100003 + k, name)
    return gen_kernel(seed * 100003 + k, name)


# Parallel-loop reduction kernels (docs/kgc.md, "Parallel loops"): integer
# statements in the body of `parallel for (int i = 0; i < n + K; i++)` with
# reduce clauses on out[0..3]. The operators are the ones whose result does
# not depend on the order of the contributions (wrapping +, ^, |, max on
# ulong), so the device's result is the C twin's, a plain sequential loop.
# out starts at 0 (both sides), the first operand of each reduction.
PAR_BASE = 1000
PAR_OPS = ["+", "^", "|", "max"]


class ParKernel:
    def __init__(self, name, helpers_src, bound, body, reds):
        self.name, self.helpers_src, self.bound = name, helpers_src, bound
        self.body, self.reds = body, reds       # reds: [(op, slot, expr)]
        self.mode, self.java, self.sgops, self.vulkan_safe = "int", False, False, True
        self.outs = []

    def red_lines(self, c, ind):
        out = []
        for op, slot, e in self.reds:
            t, v = "out[%d]" % slot, e.render(c)
            if op == "max":
                out.append("%s%s = %s(%s, %s);" % (ind, t, "max_u64" if c else "max", t, v))
            else:
                out.append("%s%s %s= %s;" % (ind, t, op, v))
        return out

    def header(self):
        clauses = " ".join("reduce(%s: out[%d])" % (op, slot) for op, slot, _ in self.reds)
        return "parallel for (int i = 0; i < n + %d; i++) %s {" % (self.bound, clauses)


def gen_par_kernel(seed, name):
    r = random.Random(seed)
    helpers = []
    for k in range(r.choice([0, 0, 1])):
        helpers.append(gen_helper(r, "int", "%s_h%d" % (name, k), helpers))
    g = Gen(r, "int", name, helpers, r.random() < 0.75)
    g.par = True
    sc = Scope()
    sc.vars.append(Var("i", "int", False, ro=True))
    g.h = Var("h", "ulong", False)
    body = [Decl(g.h, Lit("ulong", 0))]
    body += g.stmts(sc, r.randint(2, 7), False, 0, False)
    ints = [v for v in sc.vars if v.t in INT_TYPES]
    reds = []
    for slot, op in enumerate(r.sample(PAR_OPS, r.randint(1, 4))):
        v = g.h if slot == 0 or not ints else r.choice(ints + [g.h])
        reds.append((op, slot, Cast("ulong", v)))
    return ParKernel(name, [h[3] for h in helpers], r.randint(0, 100), body, reds)


def fix_slots(kern):
    """Re-number output slots per buffer (the renderers use enumerate)."""
    return kern


def kgc_source(kernels):
    lines = ["// generated by test/Random/kgcgen.py"]
    for k in kernels:
        lines += render_kernel_kgc(k)
        lines.append("")
    return "\n".join(lines) + "\n"


def render_kernel_kgc(k):
    if isinstance(k, ParKernel):
        out = []
        for hk, hc, *_ in k.helpers_src:
            out += hk
        out.append("kernel void %s(%s) {" % (k.name, SIGNATURE))
        out.append("  " + k.header())
        for s in k.body:
            out += s.render(False, "    ")
        out += k.red_lines(False, "    ")
        out.append("  }")
        out.append("}")
        return out
    out = []
    for hk, hc, *_ in k.helpers_src:
        out += hk
    out.append("kernel void %s(%s) {" % (k.name, SIGNATURE))
    for s in k.body:
        if isinstance(s, LocalDecl):
            out += s.render(False, "  ")
    out.append("  int i = %s;" % ("global_id(0)" if getattr(k, "lx", WG) == WG else ITEM_KGC))
    for s in k.body:
        if not isinstance(s, LocalDecl):
            out += s.render(False, "  ")
    out += out_lines(k, False, "  ")
    out.append("}")
    return out


def out_lines(k, c, ind):
    per = {}
    out = []
    for e, kind in k.outs:
        slot = per.get(kind, 0)
        per[kind] = slot + 1
        out.append("%s%s[i * %d + %d] = %s;" % (ind, kind, S, slot, e.render(c)))
    return out


def render_kernel_c(k):
    out = []
    for hk, hc, *_ in k.helpers_src:
        out += hc
    if isinstance(k, ParKernel):
        out.append("static void %s(%s) {" % (k.name, C_SIGNATURE))
        out.append("  for (int i = 0; i < n + %d; i++) {" % k.bound)
        for s in k.body:
            out += s.render(True, "    ")
        out += k.red_lines(True, "    ")
        out.append("  }")
        out.append("}")
        return out
    sig = ("ulong* out, float* outf, double* outd, uint* atom, const uint* in, "
           "const float* fin, int n, uint s0, int s1, ulong s2, long s3, "
           "float f0, double d0")
    out.append("static void %s(%s) {" % (k.name, sig))
    out.append("  int L;")
    out += k.top_decls_c()
    out.append("  LX = %d;" % getattr(k, "lx", WG))
    out.append("  for (int G = 0; G < NG; G++) {")
    out.append("  for (L = 0; L < WG; L++) {")
    out.append("    int i = ITEM; (void)i;")
    for s in k.body:
        if not isinstance(s, LocalDecl):
            out += s.render(True, "    ")
    out += out_lines(k, True, "    ")
    out.append("  }")
    out.append("  }")
    out.append("}")
    return out


# ---------------------------------------------------------------- Java

# The Java rendering of a kernel made with gen_kernel(..., java=True): a
# static method with a KernelContext and the TornadoVM array types, the same
# parameters in the same order as SIGNATURE (uint/ulong scalars as int/long
# with the same bits), for the JVM frontend; the JVM reference runner gives
# the expected results under Java's own semantics (int/long wrap, shift
# counts masked, division rounds toward zero: the generator guards every
# divisor, since Java throws on x/0).
JT = {"int": "int", "uint": "int", "long": "long", "ulong": "long",
      "bool": "boolean", "float": "float", "double": "double"}
JAVA_SIGNATURE = ("KernelContext kc, LongArray out, FloatArray outf, DoubleArray outd, "
                  "IntArray atom, IntArray in, FloatArray fin, int n, int s0, int s1, "
                  "long s2, long s3, float f0, double d0")
JAVA_IMPORTS = ["import uk.ac.manchester.tornado.api.KernelContext;",
                "import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;",
                "import uk.ac.manchester.tornado.api.types.arrays.FloatArray;",
                "import uk.ac.manchester.tornado.api.types.arrays.IntArray;",
                "import uk.ac.manchester.tornado.api.types.arrays.LongArray;"]


def jlit(t, v):
    if t == "bool":
        return "true" if v else "false"
    if t in FLOAT_TYPES:
        return Lit(t, v).render(False)
    w = 32 if JT[t] == "int" else 64
    v &= (1 << w) - 1
    if v >= 1 << (w - 1):
        v -= 1 << w
    sfx = "" if w == 32 else "L"
    if v == -(1 << (w - 1)):
        return "(-%d%s - 1%s)" % ((1 << (w - 1)) - 1, sfx, sfx)
    if v < 0:
        return "(-%d%s)" % (-v, sfx)
    if v > 0xffff:
        return "0x%x%s" % (v, sfx)
    return "%d%s" % (v, sfx)


def jexpr(e):
    if isinstance(e, Lit):
        return jlit(e.t, e.v)
    if isinstance(e, Var):
        return e.name
    if isinstance(e, Raw):
        return {"global_id(0)": "kc.globalIdx", "local_id(0)": "kc.localIdx"}[e.k]
    if isinstance(e, Bin):
        return "(%s %s %s)" % (jexpr(e.kids[0]), e.op, jexpr(e.kids[1]))
    if isinstance(e, Un):
        return "(%s%s)" % (e.op, jexpr(e.kids[0]))
    if isinstance(e, Cast):
        a = e.kids[0]
        x = jexpr(a)
        if e.t == "bool":
            return "(%s != %s)" % (x, jlit(a.t, 0) if a.t not in FLOAT_TYPES else "0")
        if a.t == "bool":
            one, zero = jlit(e.t, 1), jlit(e.t, 0)
            if e.t in FLOAT_TYPES:
                one, zero = "((%s)1)" % e.t, "((%s)0)" % e.t
            return "(%s ? %s : %s)" % (x, one, zero)
        return "((%s)%s)" % (JT[e.t], x)
    if isinstance(e, Tern):
        return "(%s ? %s : %s)" % tuple(jexpr(k) for k in e.kids)
    if isinstance(e, Call):
        args = ", ".join(jexpr(k) for k in e.kids)
        if e.name in ("min", "max"):
            return "Math.%s(%s)" % (e.name, args)
        if e.name == "sqrt":
            return "((float)Math.sqrt(%s))" % args if e.t == "float" else "Math.sqrt(%s)" % args
        return "%s(%s)" % (e.name, args)
    if isinstance(e, Index):
        if e.base in ("in", "fin"):
            return "%s.get(%s)" % (e.base, jexpr(e.kids[0]))
        return "%s[%s]" % (e.base, jexpr(e.kids[0]))     # a local array
    raise ValueError("no Java rendering of %r" % e)


def jstmt(s, ind):
    if isinstance(s, Decl):
        return ["%s%s %s = %s;" % (ind, JT[s.v.t], s.v.name, jexpr(s.e))]
    if isinstance(s, Assign):
        return ["%s%s %s= %s;" % (ind, jexpr(s.target), s.op or "", jexpr(s.e))]
    if isinstance(s, If):
        out = ["%sif (%s) {" % (ind, jexpr(s.cnd))]
        for x in s.a:
            out += jstmt(x, ind + "  ")
        if s.b:
            out.append(ind + "} else {")
            for x in s.b:
                out += jstmt(x, ind + "  ")
        out.append(ind + "}")
        return out
    if isinstance(s, For):
        out = ["%sfor (int %s = 0; %s < %s; %s++) {" % (ind, s.var, s.var, jexpr(s.bound), s.var)]
        for x in s.body:
            out += jstmt(x, ind + "  ")
        out.append(ind + "}")
        return out
    if isinstance(s, Jump):
        return ["%sif (%s) %s;" % (ind, jexpr(s.cnd), s.kw)]
    if isinstance(s, Return):
        return ["%sreturn %s;" % (ind, jexpr(s.e))]
    if isinstance(s, ExprSt) and getattr(s, "java", None):
        return [ind + s.java.format(*(jexpr(e) for e in s.es))]
    if isinstance(s, ArrDecl):
        jt = JT[s.t]
        if getattr(s, "jstyle", None) == "braces":
            vals = [jexpr(e) for e in s.init] + \
                [jlit(s.t, 0.0 if s.t in FLOAT_TYPES else 0)] * (s.n - len(s.init))
            return ["%s%s[] %s = {%s};" % (ind, jt, s.name, ", ".join(vals))]
        out = ["%s%s[] %s = new %s[%d];" % (ind, jt, s.name, jt, s.n)]
        for k, e in enumerate(s.init):
            out.append("%s%s[%d] = %s;" % (ind, s.name, k, jexpr(e)))
        return out
    if isinstance(s, LocalDecl):
        alloc = {"int": "Int", "long": "Long", "float": "Float", "double": "Double"}[JT[s.t]]
        return ["%s%s[] %s = kc.allocate%sLocalArray(%d);" % (ind, JT[s.t], s.name, alloc, WG)]
    if isinstance(s, Sync) and s.kind == "barrier":
        return ["%skc.localBarrier();" % ind]
    if isinstance(s, Sync) and s.kind in ("simd_sum", "simd_bcast"):
        f = "simdSum" if s.kind == "simd_sum" else "simdBroadcastFirst"
        return ["%sint %s = (int) kc.%s((float) %s);" % (ind, s.v.name, f, jexpr(s.e))]
    raise ValueError("no Java rendering of %r" % s)


def render_kernel_java(k):
    out = []
    for srcs in k.helpers_src:
        out += srcs[2]
    out.append("  public static void %s(%s) {" % (k.name, JAVA_SIGNATURE))
    out.append("    int i = kc.globalIdx;")
    for s in k.body:
        out += jstmt(s, "    ")
    per = {}
    for e, kind in k.outs:
        slot = per.get(kind, 0)
        per[kind] = slot + 1
        out.append("    %s.set(i * %d + %d, %s);" % (kind, S, slot, jexpr(e)))
    out.append("  }")
    return out


def java_source(cls, kernels):
    """One Java class holding `kernels` (made with java=True)."""
    lines = ["// generated by test/Random/kgcgen.py"] + JAVA_IMPORTS + ["", "public class %s {" % cls]
    for k in kernels:
        lines += render_kernel_java(k)
        lines.append("")
    lines.append("}")
    return "\n".join(lines) + "\n"


def gen_java_bundle(seed, count, prefix="j"):
    """Java kernels j<seed>_<k> from seed*100003+k (other kernels than
    gen_bundle's: the Java restrictions change the random choices)."""
    return [gen_kernel(seed * 100003 + k, "%s%d_%d" % (prefix, seed, k), java=True)
            for k in range(count)]


# scalar arguments (fixed; the inputs vary with the seed)
SCALARS = [("n", "int", N), ("s0", "uint", 2654435769), ("s1", "int", -123457),
           ("s2", "ulong", 0xfedcba9876543210), ("s3", "long", -81985529216486895),
           ("f0", "float", 1.5), ("d0", "double", -2.25)]


def c_source(kernels):
    lines = [c_prelude()]
    for k in kernels:
        lines += render_kernel_c(k)
        lines.append("")
    lines.append("typedef void (*kfn)(ulong*, float*, double*, uint*, const uint*, "
                 "const float*, int, uint, int, ulong, long, float, double);")
    lines.append("static const kfn kernels[] = {%s};" % ", ".join(k.name for k in kernels))
    lines.append("static const char *names[] = {%s};" % ", ".join('"%s"' % k.name for k in kernels))
    lines.append(r"""
/* usage: twin INPUTS SGS OUT: INPUTS holds `in` then `fin`; OUT gets one
   result_t per kernel. */
int main(int argc, char **argv) {
  if (argc != 4) return 2;
  FILE *f = fopen(argv[1], "rb");
  if (!f || fread(in_, sizeof in_, 1, f) != 1 || fread(fin_, sizeof fin_, 1, f) != 1)
    return 3;
  fclose(f);
  SGS = atoi(argv[2]);
  FILE *o = fopen(argv[3], "wb");
  static result_t r;
  for (size_t k = 0; k < sizeof kernels / sizeof kernels[0]; k++) {
    memset(&r, 0, sizeof r);
    kernels[k](r.out, r.outf, r.outd, r.atom, in_, fin_, %s);
    fwrite(&r, sizeof r, 1, o);
  }
  fclose(o);
  (void)names;
  return 0;
}""" % ", ".join(c_lit(t, v) for _, t, v in SCALARS))
    return "\n".join(lines) + "\n"


def c_lit(t, v):
    if t == "float":
        return "%sf" % repr(float(v))
    if t == "double":
        return repr(float(v))
    return Lit(t, v if not (SIGNED.get(t) and False) else v).render(True)


def inputs(seed):
    """`in` (NIN uints) then `fin` (NIN floats) as bytes."""
    r = random.Random(seed ^ 0x5eed)
    ins = [r.getrandbits(32) if r.random() < 0.7 else r.randint(0, 64) for _ in range(NIN)]
    fins = [r.choice([r.uniform(-4, 4), float(r.randint(-8, 8)), r.uniform(0, 1000)])
            for _ in range(NIN)]
    return struct.pack("<%dI" % NIN, *ins) + struct.pack("<%df" % NIN, *fins)


if __name__ == "__main__":
    import sys
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    ks = gen_bundle(seed, count)
    sys.stdout.write(kgc_source(ks))
