#!/usr/bin/env python3
"""Differential testing of kgpu: random kgc kernels (kgcgen.py) run on the
CPU target and on Vulkan (Mesa's lavapipe), each compared bit for bit with
its C twin (gcc, -ffp-contract=off, UBSan with -fno-sanitize-recover).

  difftest.py --build BUILD [--seeds A:B] [--per-bundle K] [--jobs J]
              [--work DIR] [--reduce] [--save DIR] [--vulkan-icd JSON] [--cuda]

Kernels come in bundles: seed s gives one .kgc file of K kernels (kernel k
of bundle s is reproducible alone from s and k), compiled once by
kgpu-translate for both targets, and run by kgpurt.py: one process per
bundle and device. Outcomes per kernel:

  agree           CPU = C and (where compared) Vulkan = C
  mismatch-cpu    the CPU result differs from C (kgpu's)
  mismatch-vulkan the Vulkan result differs from C while the CPU agrees
                  (kgpu's SPIR-V or the driver: triaged by hand, see
                  docs/difftest.md)
  mismatch-cuda   the CUDA result differs from C (--cuda: the NVVM path,
                  which promises IEEE results for + - * / and sqrt)
  vulkan-fp-special  Vulkan differs from C only where C has a NaN, an
                  infinity or a subnormal, or in the sign of a zero (what
                  Vulkan does not promise without float controls; not a
                  failure)
  crash-<dev>     the runner died (signal) on that kernel
  error-<dev>     the runtime refused it (load or launch error)
  compile-error   kgpu-translate failed after the frontend accepted it
  rejected        the kgc frontend rejected it (a generator slip)
  ubsan           the C twin tripped UBSan (a generator slip)
  known-*         a failure listed in known-failures.txt (not yet fixed;
                  not counted as a failure, but listed)

Vulkan results are compared for every kernel: kgc's x/0 and MIN/-1,
which SPIR-V leaves undefined, are guarded by the SPIR-V pipeline as on
the CPU (kgpu-cpu-define-division).

With --reduce, each mismatching kernel is reduced (statements deleted,
expressions replaced by an operand or a literal, while the same target
still disagrees) and saved to --save DIR as NAME.kgc / NAME.c.
Exit status: 0 when no kernel mismatched, crashed or failed to compile.
"""

import argparse
import collections
import concurrent.futures as cf
import copy
import json
import math
import multiprocessing
import os
import pickle
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import kgcgen as G  # noqa: E402

LAVAPIPE_ICD = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"
REC = 8 * G.N * G.S + 4 * G.N * G.S + 8 * G.N * G.S + 4 * G.NATOM


class Ctx:
    def __init__(self, a):
        self.build = os.path.abspath(a.build)
        self.translate = os.path.join(self.build, "bin", "kgpu-translate")
        self.runtime = os.path.join(self.build, "lib", "libkgpu_runtime.so")
        self.work = a.work
        self.icd = a.vulkan_icd
        # "system": the loader's own choice (the first Vulkan device, e.g. a
        # GPU's driver), no VK_ICD_FILENAMES
        self.vulkan = a.vulkan and (self.icd == "system" or os.path.exists(self.icd))
        # the CPU target (off while reducing a Vulkan-only mismatch with
        # --reduce-vulkan-only: one compile and one run less per try)
        self.cpu = True
        # the CUDA target (the NVVM path: PTX, and a cubin where ptxas is
        # found), run on the first CUDA device: --cuda, on a machine with one
        self.cuda = getattr(a, "cuda", False)
        # --cuda-compile: the CUDA target compiled (PTX, and a cubin with
        # ptxas) but not run, e.g. in CI, which has no GPU
        self.cuda_compile = getattr(a, "cuda_compile", False) and not self.cuda
        self.cc = a.cc
        self.verbose = a.verbose
        self.detail = getattr(a, "detail", False)

    def env(self, dev):
        e = dict(os.environ)
        if dev.startswith("vulkan") and self.icd != "system":
            e["VK_ICD_FILENAMES"] = self.icd
            e["MESA_SHADER_CACHE_DISABLE"] = "true"
        return e


# wall seconds per stage, summed over every call (campaign statistics:
# which stage bounds the kernels per second)
STAGES = collections.Counter()


def run(cmd, env=None, timeout=600, stage=None):
    t0 = time.time()
    try:
        return _run(cmd, env, timeout)
    finally:
        STAGES[stage or os.path.basename(cmd[0])] += time.time() - t0


def _run(cmd, env=None, timeout=600):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=env, timeout=timeout)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return -999, "", "timeout"


# ---------------------------------------------------------------- one bundle

def kernel_lines(kernels):
    """kgc text and, per kernel, its [first, last] line (1-based)."""
    lines = ["// generated by test/Random/kgcgen.py"]
    spans = []
    for k in kernels:
        first = len(lines) + 1
        lines += G.render_kernel_kgc(k)
        spans.append((first, len(lines)))
        lines.append("")
    return "\n".join(lines) + "\n", spans


def c_spans(kernels):
    src = G.c_source(kernels)
    spans, lines = [], src.split("\n")
    names = {k.name: i for i, k in enumerate(kernels)}
    cur = None
    starts = {}
    for ln, text in enumerate(lines, 1):
        m = re.match(r"static \w+ (\w+)\(", text)
        if m:
            nm = m.group(1)
            base = re.sub(r"_h\d+$", "", nm)
            if base in names and base not in starts:
                starts[base] = ln
    order = sorted((v, k) for k, v in starts.items())
    for i, (ln, nm) in enumerate(order):
        end = order[i + 1][0] - 1 if i + 1 < len(order) else len(lines)
        spans.append((names[nm], ln, end))
    return src, spans


def which_kernel(spans, line):
    for idx, (a, b) in enumerate(spans):
        if a <= line <= b:
            return idx
    return None


def compile_kgc(ctx, kernels, path):
    """Writes path.kgc and compiles it. Returns (ok, {index: (outcome, msg)})."""
    src, spans = kernel_lines(kernels)
    with open(path + ".kgc", "w") as f:
        f.write(src)
    rc, out, err = run([ctx.translate, path + ".kgc", "--targets=" + targets(ctx),
                        "--fp-contract=off", "-o", path + ".kgpu"], stage="translate")
    if rc == 0 and "left out" not in err:
        return True, {}, err
    bad = {}
    for m in re.finditer(r"\.kgc:(\d+):(\d+): error: (.*)", err):
        idx = which_kernel(spans, int(m.group(1)))
        if idx is not None and idx not in bad:
            msg = m.group(3)
            frontend = "failed to legalize" not in msg and "target" not in msg
            bad[idx] = ("rejected" if frontend else "compile-error", msg)
    if rc < 0 or rc == -999:
        return False, {"all": ("compile-error", "kgpu-translate died: %s" % err[-300:])}, err
    return False, bad, err


def targets(ctx):
    return ",".join(t for t, on in (("cpu", ctx.cpu), ("vulkan", ctx.vulkan),
                                    ("cuda", ctx.cuda or ctx.cuda_compile)) if on)


def run_device(ctx, path, dev, names):
    """Runs kernels `names` of path.kgpu on `dev`. Returns {name: (status, sg, rec)}."""
    res_file = "%s.%s.res" % (path, dev.split(":")[0])
    remaining = list(names)
    got = {}
    while remaining:
        rc, out, err = run([sys.executable, os.path.join(HERE, "kgpurt.py"), ctx.runtime,
                            path + ".kgpu", dev, path + ".in", res_file] + remaining,
                           env=ctx.env(dev), stage="run-" + dev.split(":")[0])
        data = open(res_file, "rb").read() if os.path.exists(res_file) else b""
        done = 0
        lost = False
        for k, line in enumerate(out.splitlines()):
            parts = line.split(" ", 2)
            if len(parts) < 2 or parts[0] != remaining[k]:
                break
            rec = data[k * REC:(k + 1) * REC]
            if parts[1] == "ok":
                got[parts[0]] = ("ok", int(parts[2]), rec)
            else:
                got[parts[0]] = ("error", parts[2] if len(parts) > 2 else "", None)
            done = k + 1
            if parts[1] != "ok" and "DEVICE_LOST" in line:
                # a kernel that faulted loses the device for the rest of
                # the process: the kernels after it run in a new one
                lost = True
                break
        if done == len(remaining):
            break
        if lost:
            remaining = remaining[done:]
            continue
        if rc == 0 or done == 0 and rc not in (-999,) and rc >= 0 and \
                ("load" in err or "KGPU_ERROR_NO_DEVICE" in err):
            # the bundle itself failed to load on this device
            for nm in remaining[done:]:
                got[nm] = ("error", err.strip().splitlines()[-1] if err.strip() else "", None)
            break
        # the runner died on remaining[done]
        got[remaining[done]] = ("crash", "exit %d: %s" % (rc, err.strip()[-200:]), None)
        remaining = remaining[done + 1:]
    return got


def run_twin(ctx, path, kernels, sgs):
    """Compiles and runs the C twin for each sub-group size in `sgs`.
    Returns ({sg: [rec per kernel]}, {index: (outcome, msg)})."""
    src, spans = c_spans(kernels)
    with open(path + ".c", "w") as f:
        f.write(src)
    rc, out, err = run([ctx.cc, "-O0", "-std=gnu11", "-ffp-contract=off", "-fno-strict-aliasing",
                        "-fsanitize=undefined", "-fno-sanitize-recover=all", "-w",
                        path + ".c", "-o", path + ".twin", "-lm"], stage="gcc")
    if rc != 0:
        return None, {"all": ("ubsan", "gcc failed: " + err[-500:])}
    res = {}
    for sg in sgs:
        rc, out, err = run([path + ".twin", path + ".in", str(sg), path + ".twin%d" % sg],
                           stage="twin")
        if rc != 0:
            m = re.search(r"\.c:(\d+):\d+: runtime error: (.*)", err)
            bad = {}
            if m:
                ln = int(m.group(1))
                for idx, a, b in spans:
                    if a <= ln <= b:
                        bad[idx] = ("ubsan", m.group(2))
            if not bad:
                bad = {"all": ("ubsan", err[-300:])}
            return None, bad
        data = open(path + ".twin%d" % sg, "rb").read()
        res[sg] = [data[k * REC:(k + 1) * REC] for k in range(len(kernels))]
    return res, {}


def canon(rec):
    """Integer part as is; floats with every NaN the same (payload and sign
    of a NaN are not part of the contract)."""
    n_out = 8 * G.N * G.S
    n_f = 4 * G.N * G.S
    ints = rec[:n_out]
    fs = list(struct.unpack("<%dI" % (G.N * G.S), rec[n_out:n_out + n_f]))
    fs = [0x7fc00000 if (x & 0x7f800000) == 0x7f800000 and (x & 0x7fffff) else x for x in fs]
    ds = list(struct.unpack("<%dQ" % (G.N * G.S), rec[n_out + n_f:n_out + n_f + n_out]))
    ds = [0x7ff8000000000000 if (x >> 52) & 0x7ff == 0x7ff and x & ((1 << 52) - 1) else x
          for x in ds]
    return ints, tuple(fs), tuple(ds), rec[n_out + n_f + n_out:]


def first_diff(a, b):
    ca, cb = canon(a), canon(b)
    names = ["out", "outf", "outd", "atom"]
    for nm, x, y in zip(names, ca, cb):
        if x != y:
            if nm == "out":
                xs = struct.unpack("<%dQ" % (len(x) // 8), x)
                ys = struct.unpack("<%dQ" % (len(y) // 8), y)
            elif nm == "atom":
                xs = struct.unpack("<%dI" % (len(x) // 4), x)
                ys = struct.unpack("<%dI" % (len(y) // 4), y)
            else:
                xs, ys = x, y
            for i, (p, q) in enumerate(zip(xs, ys)):
                if p != q:
                    return "%s[%d]: 0x%x vs C 0x%x" % (nm, i, p, q)
    return None


def all_diffs(a, b, limit=12):
    """Every differing element (up to `limit`), as `buf[i]: device vs C`."""
    ca, cb = canon(a), canon(b)
    res = []
    for nm, x, y in zip(["out", "outf", "outd", "atom"], ca, cb):
        if x == y:
            continue
        if nm in ("out", "atom"):
            f = "<%dQ" if nm == "out" else "<%dI"
            w = 8 if nm == "out" else 4
            x, y = struct.unpack(f % (len(x) // w), x), struct.unpack(f % (len(y) // w), y)
        for i, (p, q) in enumerate(zip(x, y)):
            if p != q:
                res.append("%s[%d]: 0x%x vs C 0x%x" % (nm, i, p, q))
    more = len(res) - limit
    return res[:limit] + (["(%d more)" % more] if more > 0 else [])


def special_only(a, b):
    """True when `a` (a device's record) differs from `b` (C's) only in
    float elements where C's value is a NaN, an infinity or a subnormal, or
    in the sign of a zero: what Vulkan leaves to the driver unless the
    module asks for SignedZeroInfNanPreserve / DenormPreserve (kgpu does
    not; docs/difftest.md). The integer outputs must be equal."""
    ca, cb = canon(a), canon(b)
    if ca[0] != cb[0] or ca[3] != cb[3]:
        return False
    for xs, ys, bits in ((ca[1], cb[1], 32), (ca[2], cb[2], 64)):
        ebits = 8 if bits == 32 else 11
        mbits = bits - 1 - ebits
        emax = (1 << ebits) - 1
        for x, y in zip(xs, ys):
            if x == y:
                continue
            ey = (y >> mbits) & emax
            ex = (x >> mbits) & emax
            my = y & ((1 << mbits) - 1)
            mx = x & ((1 << mbits) - 1)
            if ey == emax:
                continue        # C: NaN or infinity
            if ey == 0 and my != 0 and ex == 0:
                continue        # C: subnormal, device: zero or subnormal
            if ey == 0 and my == 0 and ex == 0 and mx == 0:
                continue        # the sign of a zero
            return False
    return True


def test_kernels(ctx, kernels, path, inputs):
    """Runs `kernels` (one bundle) through everything. Returns a list of
    (outcome, detail) per kernel."""
    with open(path + ".in", "wb") as f:
        f.write(inputs)
    result = [None] * len(kernels)
    live = list(range(len(kernels)))
    # compile; drop the kernels it names and retry (a few times)
    for attempt in range(4):
        ks = [kernels[i] for i in live]
        ok, bad, err = compile_kgc(ctx, ks, path)
        if ok:
            break
        if "all" in bad or not bad:
            # unattributed failure: compile kernels one by one
            if len(ks) == 1:
                result[live[0]] = bad.get("all", ("compile-error", err.strip()[-300:]))
                live = []
                break
            for i in live:
                sub = test_kernels(ctx, [kernels[i]], path + "_%d" % i, inputs)
                result[i] = sub[0]
            return result
        for j, v in bad.items():
            result[live[j]] = v
        live = [i for j, i in enumerate(live) if j not in bad]
        if not live:
            break
    else:
        # four compiles, each naming more kernels to drop: compile what is
        # left once more, and never run a bundle from an earlier attempt
        ok, bad, err = compile_kgc(ctx, [kernels[i] for i in live], path)
        if not ok:
            for i in live:
                result[i] = ("compile-error", "no clean compile in 5 attempts: " +
                             err.strip()[-200:])
            return result
    if not live:
        return result
    ks = [kernels[i] for i in live]
    names = [k.name for k in ks]
    # the 2-D kernels' launch shape, for kgpurt.py
    with open(path + ".launch", "w") as f:
        for k in ks:
            if getattr(k, "lx", G.WG) != G.WG:
                f.write("%s %d\n" % (k.name, k.lx))
    devs = {}
    if ctx.cpu:
        devs["cpu"] = run_device(ctx, path, "cpu", names)
    if ctx.vulkan:
        devs["vulkan"] = run_device(ctx, path, "vulkan", names)
    if ctx.cuda:
        devs["cuda"] = run_device(ctx, path, "cuda", names)
    sgs = sorted({v[1] for d in devs.values() for v in d.values() if v[0] == "ok"} or {8})
    sgs = [s if s > 0 else 1 for s in sgs]
    for attempt in range(4):
        twin, bad = run_twin(ctx, path, ks, sgs)
        if twin is not None:
            break
        if "all" in bad:
            for i in live:
                result[i] = bad["all"]
            return result
        for j, v in bad.items():
            result[live[j]] = v
        keep = [j for j in range(len(ks)) if j not in bad]
        live = [live[j] for j in keep]
        ks = [ks[j] for j in keep]
        if not ks:
            return result
    if twin is None:
        for i in live:
            result[i] = ("ubsan", "repeated")
        return result
    for j, (i, k) in enumerate(zip(live, ks)):
        outcome = None
        for dev in ["cpu", "vulkan", "cuda"]:
            if dev not in devs:
                continue
            st, sg, rec = devs[dev][k.name]
            if st == "crash":
                outcome = outcome or ("crash-" + dev, sg)
                continue
            if st != "ok":
                outcome = outcome or ("error-" + dev, sg)
                continue
            want = twin[sg if sg > 0 else 1][j]
            d = first_diff(rec, want)
            if d and dev == "vulkan" and special_only(rec, want):
                outcome = outcome or ("vulkan-fp-special", d)
            elif d:
                if ctx.detail:
                    d = "%d differ: %s" % (len(all_diffs(rec, want, 10 ** 6)),
                                           "; ".join(all_diffs(rec, want)))
                outcome = outcome or ("mismatch-" + dev, d)
        if outcome is None:
            outcome = ("agree", "")
        result[i] = outcome
    return result


# ---------------------------------------------------------------- reduction

def stmt_lists(body):
    """Every statement list of a body (for deletion), outermost first."""
    yield body
    for s in body:
        if isinstance(s, G.If):
            yield from stmt_lists(s.a)
            yield from stmt_lists(s.b)
        elif isinstance(s, G.For):
            yield from stmt_lists(s.body)


def expr_slots(kern):
    """(holder, attribute or index) of every expression of the kernel."""
    slots = []

    def add_expr(holder, key, e):
        slots.append((holder, key, e))
        if isinstance(e, G.E):
            kids = list(e.kids)
            for n, k in enumerate(kids):
                add_expr(e, n, k)

    def walk(body):
        for s in body:
            for attr in ("e", "cnd"):
                if isinstance(getattr(s, attr, None), G.E):
                    add_expr(s, attr, getattr(s, attr))
            if isinstance(s, G.ExprSt):
                for n, e in enumerate(s.es):
                    add_expr(s.es, n, e)
            if isinstance(s, G.ArrDecl):
                for n, e in enumerate(s.init):
                    add_expr(s.init, n, e)
            for sub in s.kids:
                walk(sub)
    walk(kern.body)
    return slots


def set_slot(holder, key, value):
    if isinstance(holder, list):
        holder[key] = value
    elif isinstance(holder, G.E):
        kids = list(holder.kids)
        kids[key] = value
        holder.kids = tuple(kids)
    else:
        setattr(holder, key, value)


def reduce_kernel(ctx, kern, inputs, outcome, wdir, budget_s=300):
    """Greedy reduction while the kernel's outcome keeps the same kind."""
    kind = outcome[0]
    start = time.time()
    tries = [0]

    def still(k):
        tries[0] += 1
        r = test_kernels(ctx, [k], os.path.join(wdir, "red"), inputs)[0]
        return r[0] == kind

    cur = copy.deepcopy(kern)
    progress = True
    while progress and time.time() - start < budget_s:
        progress = False
        # 1. delete statements (and outputs)
        for n in range(len(cur.outs) - 1, -1, -1):
            if len(cur.outs) <= 1:
                break
            cand = copy.deepcopy(cur)
            del cand.outs[n]
            if still(cand):
                cur, progress = cand, True
        lists = list(stmt_lists(cur.body))
        for li in range(len(lists)):
            lists = list(stmt_lists(cur.body))
            if li >= len(lists):
                break
            n = len(lists[li]) - 1
            while n >= 0 and time.time() - start < budget_s:
                cand = copy.deepcopy(cur)
                cl = list(stmt_lists(cand.body))[li]
                if n < len(cl) and not (isinstance(cl[n], (G.Sync, G.LocalDecl)) or
                                        isinstance(cl[n], G.Assign) and
                                        isinstance(cl[n].target, G.Index) and
                                        isinstance(cl[n].target.kids[0], G.Raw)):
                    s = cl[n]
                    repl = []
                    if isinstance(s, G.If):
                        repl = [s.a + s.b] if s.a or s.b else []
                    del cl[n]
                    if still(cand):
                        cur, progress = cand, True
                    elif repl:
                        cand = copy.deepcopy(cur)
                        cl = list(stmt_lists(cand.body))[li]
                        s = cl[n]
                        cl[n:n + 1] = s.a + s.b
                        if still(cand):
                            cur, progress = cand, True
                n -= 1
        # 2. simplify expressions: an operand of the same type, or a literal
        slots = expr_slots(cur)
        for si in range(len(slots)):
            if time.time() - start >= budget_s:
                break
            slots = expr_slots(cur)
            if si >= len(slots):
                break
            holder, key, e = slots[si]
            if not isinstance(e, G.E) or isinstance(e, (G.Lit, G.Var, G.Raw)) or \
                    e.t not in G.INT_TYPES + G.FLOAT_TYPES + ["bool"]:
                continue
            alts = [] if getattr(e, "keep", False) or isinstance(holder, G.Cast) and \
                getattr(holder, "keep", False) else [k for k in e.kids if getattr(k, "t", None) == e.t]
            alts.append(G.Lit(e.t, 1 if e.t != "bool" else True) if e.t in G.INT_TYPES + ["bool"]
                        else G.Lit(e.t, 1.0))
            for alt in alts:
                cand = copy.deepcopy(cur)
                h2, k2, e2 = expr_slots(cand)[si]
                # the alternative, in the candidate's own copy
                idx = list(e.kids).index(alt) if alt in e.kids else None
                set_slot(h2, k2, e2.kids[idx] if idx is not None else copy.deepcopy(alt))
                if still(cand):
                    cur, progress = cand, True
                    break
    return cur, tries[0]


def clone(k):
    """A deep copy of a kernel (pickle's round trip: several times faster
    than copy.deepcopy on these trees)."""
    return pickle.loads(pickle.dumps(k, pickle.HIGHEST_PROTOCOL))


def rename_kernel(k, new, in_place=False):
    """Kernel `k` (a copy, or `k` itself with in_place) named `new`, its
    helpers NAME_hN renamed new_hN (so that several variants of one kernel
    fit one bundle)."""
    pat = re.compile(r"\b%s_h(\d+)\b" % re.escape(k.name))
    rep = new + r"_h\1"
    c = k if in_place else clone(k)
    c.name = new
    c.helpers_src = [tuple([pat.sub(rep, x) for x in part] if isinstance(part, list) else part
                           for part in h) for h in c.helpers_src]
    seen = set()

    def walk(o):
        if id(o) in seen or isinstance(o, (str, int, float, bool, type(None))):
            return
        seen.add(id(o))
        if isinstance(o, (list, tuple)):
            for x in o:
                walk(x)
        elif hasattr(o, "__dict__"):
            for key, v in list(vars(o).items()):
                if key in ("name", "cname") and isinstance(v, str):
                    setattr(o, key, pat.sub(rep, v))
                else:
                    walk(v)
    walk(c.body)
    walk(c.outs)
    return c


def kernel_size(k):
    return len("\n".join(G.render_kernel_kgc(k)))


def reduction_candidates(cur):
    """Every one-step simplification of `cur` that reduce_kernel would try
    (delete a helper, an output or a statement, an `if` by its branches,
    an expression by an operand of its type or a literal), as functions
    that apply it to a copy of `cur`, the largest cut first (by the
    length of the text it removes)."""
    ops = []
    for n in range(len(cur.helpers_src)):
        # an unused helper (a used one: rejected)
        ops.append((len("".join(cur.helpers_src[n][0])),
                    lambda c, n=n: c.helpers_src.__delitem__(n)))
    if len(cur.outs) > 1:
        for n, (e, _) in enumerate(cur.outs):
            ops.append((len(e.render(False)) + 20, lambda c, n=n: c.outs.__delitem__(n)))
    for li, lst in enumerate(stmt_lists(cur.body)):
        for n, s in enumerate(lst):
            if isinstance(s, (G.Sync, G.LocalDecl)) or \
                    isinstance(s, G.Assign) and isinstance(s.target, G.Index) and \
                    isinstance(s.target.kids[0], G.Raw):
                continue
            size = len("".join(s.render(False, "")))

            def delete(c, li=li, n=n):
                del list(stmt_lists(c.body))[li][n]
            ops.append((size, delete))
            if isinstance(s, G.If) and (s.a or s.b):
                def flatten(c, li=li, n=n):
                    cl = list(stmt_lists(c.body))[li]
                    cl[n:n + 1] = cl[n].a + cl[n].b
                ops.append((len(s.cnd.render(False)) + 8, flatten))
    for si, (holder, key, e) in enumerate(expr_slots(cur)):
        if not isinstance(e, G.E) or isinstance(e, (G.Lit, G.Var, G.Raw)) or \
                e.t not in G.INT_TYPES + G.FLOAT_TYPES + ["bool"]:
            continue
        alts = [] if getattr(e, "keep", False) or isinstance(holder, G.Cast) and \
            getattr(holder, "keep", False) else \
            [n for n, k in enumerate(e.kids) if getattr(k, "t", None) == e.t]
        alts.append(None)
        size = len(e.render(False))
        for alt in alts:
            def replace(c, si=si, alt=alt, t=e.t):
                h2, k2, e2 = expr_slots(c)[si]
                if alt is None:
                    v = G.Lit(t, 1 if t != "bool" else True) if t in G.INT_TYPES + ["bool"] \
                        else G.Lit(t, 1.0)
                else:
                    v = e2.kids[alt]
                set_slot(h2, k2, v)
            ops.append((size - (len(e.kids[alt].render(False)) if alt is not None else 1),
                        replace))
    ops = [op for op in ops if op[0] > 0]
    ops.sort(key=lambda op: -op[0])      # stable: equal cuts in kernel order
    return [op[1] for op in ops]


def reduce_kernel_batched(ctx, kern, inputs, outcome, wdir, budget_s=300, batch=16):
    """reduce_kernel's steps, `batch` candidates per bundle: each round
    tests the one-step simplifications of the current kernel, the largest
    cut first, in bundles of `batch` (one kgpu-translate, one gcc, one
    runner per device for all of them), and keeps the first that still
    has the outcome's kind. Far fewer process and device starts per try
    than one kernel a try (what dominates a try on a GPU driver)."""
    kind = outcome[0]
    start = time.time()
    tries = 0
    cur = copy.deepcopy(kern)
    while time.time() - start < budget_s:
        ops = reduction_candidates(cur)
        found = None
        for c0 in range(0, len(ops), batch):
            if time.time() - start >= budget_s:
                break
            chunk, named = [], []
            for j, op in enumerate(ops[c0:c0 + batch]):
                c = clone(cur)
                op(c)
                chunk.append(c)
                named.append(rename_kernel(clone(c), "%sr%d" % (kern.name, j), in_place=True))
            res = test_kernels(ctx, named, os.path.join(wdir, "rb"), inputs)
            tries += len(chunk)
            for c, r in zip(chunk, res):
                if r[0] == kind:
                    found = c
                    break
            if found is not None:
                break
        if found is None:
            break
        cur = found
    return cur, tries


def loop_atomic(k):
    """True when kernel `k` has an atomic inside a `for` loop: the shape of
    lavapipe 22.3's after-loop-atomic bug (docs/difftest.md, "Driver
    bugs"), which javadiff counts as known-lavapipe-loop-atomic when
    lavapipe alone differs (the CPU target agrees)."""
    def has_atomic(body):
        for s in body:
            if isinstance(s, G.ExprSt) and s.kgc.startswith("atomic_"):
                return True
            if any(has_atomic(sub) for sub in s.kids):
                return True
        return False

    def loops(body):
        for s in body:
            if isinstance(s, G.For) and has_atomic(s.body):
                return True
            if any(loops(sub) for sub in s.kids):
                return True
        return False
    if isinstance(k, G.ParKernel):
        # the parallel loop is a loop around the whole body
        return has_atomic(k.body)
    return loops(k.body)


def _strip(e):
    while isinstance(e, G.Cast) and e.kids[0].t in ("long", "ulong"):
        e = e.kids[0]
    return e


def stmt_exprs(s):
    """The expressions statement s holds itself (not those of the statements
    nested in it): its value, condition, ExprSt operands, array initializers."""
    es = [getattr(s, a, None) for a in ("e", "cnd")]
    es += list(getattr(s, "es", None) or []) + list(getattr(s, "init", None) or [])
    return [e for e in es if e is not None]


def classify_reduced(k):
    """The known NVIDIA 580 patterns a reduced kernel contains
    (docs/difftest.md, "NVIDIA"): `minmax-sub64` a 64-bit + or - (or -=,
    +=) with a 64-bit min/max operand (b_push: s2 - max(s2, 1ul));
    `addcmp64` a 64-bit signed compare of an addition (k47_30:
    (s3 + s3) > 2l); `local-barrier64` a 64-bit *, /, %, << or >> in a
    top-level statement before a barrier of a kernel with a local array
    (k112_25: v1 = 0x1132c9ul * (s2 & 1ul); v1 <<= 1 between two
    barriers). Returns the sorted list (empty: none known)."""
    found = set()
    W = ("long", "ulong")

    def is_mm(e):
        e = _strip(e)
        return isinstance(e, G.Call) and e.name in ("min", "max") and e.t in W

    def visit(e):
        if not isinstance(e, G.E):
            return
        if isinstance(e, G.Bin) and e.t in W and e.op in ("+", "-") and \
                any(is_mm(x) for x in e.kids):
            found.add("minmax-sub64")
        if isinstance(e, G.Bin) and e.op in ("<", "<=", ">", ">=") and \
                any(isinstance(_strip(x), G.Bin) and _strip(x).op == "+" and
                    _strip(x).t in W for x in e.kids):
            found.add("addcmp64")
        for x in e.kids:
            visit(x)

    def stmts(body):
        for s in body:
            if isinstance(s, G.Assign) and s.op in ("+", "-") and \
                    getattr(s.target, "t", None) in W and is_mm(s.e):
                found.add("minmax-sub64")
            for e in stmt_exprs(s):
                visit(e)
            for sub in s.kids:
                stmts(sub)
    stmts(k.body)
    for e, _ in k.outs:
        visit(e)
    if any(isinstance(s, G.LocalDecl) for s in k.body):
        wide = False
        for s in k.body:
            if isinstance(s, G.Sync) and s.kind == "barrier" and wide:
                found.add("local-barrier64")
                break
            wide = wide or _has_wide_op(s)
    return sorted(found)


def _has_wide_op(s):
    """Whether statement s (with its nested statements) has a 64-bit
    integer *, /, %, << or >> (v op= e included)."""
    W = ("long", "ulong")

    def visit(e):
        if not isinstance(e, G.E):
            return False
        if isinstance(e, G.Bin) and e.t in W and e.op in ("*", "/", "%", "<<", ">>"):
            return True
        return any(visit(x) for x in e.kids)

    if isinstance(s, G.Assign) and s.op in ("*", "/", "%", "<<", ">>") and \
            getattr(s.target, "t", None) in W:
        return True
    return any(visit(e) for e in stmt_exprs(s)) or \
        any(_has_wide_op(x) for sub in s.kids for x in sub)


# ---------------------------------------------------------------- campaign

def bundle_job(ctx, seed, per_bundle, only=None):
    d = os.path.join(ctx.work, "b%d" % seed)
    os.makedirs(d, exist_ok=True)
    if only is not None:
        ks = [G.gen_any_kernel(seed, k) for k in only]
    else:
        ks = G.gen_bundle(seed, per_bundle)
    res = test_kernels(ctx, ks, os.path.join(d, "b"), G.inputs(seed))
    return seed, ks, res


def load_known(path):
    """known-failures.txt: {NAME: OUTCOME}, one `NAME OUTCOME` a line,
    `#` starts a comment; {} when path is empty or absent. Shared by
    difftest.py and javadiff.py."""
    known = {}
    if path and os.path.exists(path):
        for line in open(path):
            f = line.split("#")[0].split()
            if len(f) >= 2:
                known[f[0]] = f[1]
    return known


_REDUCE = None


def _reduce_nth(n):
    """Runs main's reduce_one on its n-th failure (in a forked process)."""
    fn, todo = _REDUCE
    return fn(todo[n])


def write_json(path, counts, allres):
    with open(path + ".tmp", "w") as f:
        json.dump({"counts": counts, "kernels": sorted(allres)}, f, indent=0)
    os.replace(path + ".tmp", path)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--seeds", default="1:11", help="A:B, seeds A..B-1")
    ap.add_argument("--per-bundle", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--work", default=None)
    ap.add_argument("--reduce", action="store_true")
    ap.add_argument("--reduce-budget", type=int, default=300)
    ap.add_argument("--reduce-jobs", type=int, default=1,
                    help="reduce this many failing kernels at once")
    ap.add_argument("--reduce-batch", type=int, default=0,
                    help="test this many reduction candidates per bundle (0: one kernel a try)")
    ap.add_argument("--reduce-deadline", type=float, default=0,
                    help="seconds: every reduction stops this long after the first starts (0: none)")
    ap.add_argument("--spirv", action="store_true",
                    help="save each reduced kernel's SPIR-V (NAME.spv, NAME.spvasm) beside it")
    ap.add_argument("--reduce-vulkan-only", action="store_true",
                    help="reduce a mismatch-vulkan without the CPU target, a mismatch-cuda "
                         "on CUDA alone (faster)")
    ap.add_argument("--detail", action="store_true",
                    help="list every differing element of a mismatch")
    ap.add_argument("--save", default=None)
    ap.add_argument("--no-vulkan", dest="vulkan", action="store_false")
    ap.add_argument("--no-cpu", dest="cpu", action="store_false",
                    help="Vulkan against C only (no CPU target: half the compile time)")
    ap.add_argument("--cuda", action="store_true",
                    help="also the CUDA target, run on the first CUDA device (a machine with a GPU)")
    ap.add_argument("--cuda-compile", action="store_true",
                    help="also compile for the CUDA target without running it (no GPU needed; "
                         "a kernel it cannot compile is a compile-error)")
    ap.add_argument("--vulkan-icd", default=LAVAPIPE_ICD,
                    help="the Vulkan ICD json (default lavapipe's); 'system': the loader's choice")
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--json", default=None,
                    help="write the counts and per-kernel outcomes here (rewritten after each bundle)")
    ap.add_argument("--deadline", type=float, default=0,
                    help="seconds: start no bundle after this (0: none); the counts cover the bundles run")
    ap.add_argument("--only", default=None,
                    help="SEED:K[,SEED:K...]: just these kernels (e.g. to reduce one)")
    ap.add_argument("--rerun", default=None,
                    help="DIR: run the reduced kernels that --reduce saved there (NAME.pkl) "
                         "here, each against its C twin, instead of a campaign")
    ap.add_argument("--known", default=os.path.join(HERE, "known-failures.txt"),
                    help="kernels whose failure is known and not yet fixed (one NAME OUTCOME a line)")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv[1:])
    tmp = None
    if a.work is None:
        tmp = a.work = tempfile.mkdtemp(prefix="kgpu-difftest-")
    ctx = Ctx(a)
    ctx.cpu = a.cpu
    lo, hi = (int(x) for x in a.seeds.split(":"))
    t0 = time.time()
    counts = collections.Counter()
    failures = []
    allres = []
    known = load_known(a.known)
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        if a.rerun:
            def rerun_job(pk):
                with open(pk, "rb") as f:
                    seed, kern = pickle.load(f)
                d = os.path.join(ctx.work, "rr_" + kern.name)
                os.makedirs(d, exist_ok=True)
                return seed, [kern], test_kernels(ctx, [kern], os.path.join(d, "b"),
                                                  G.inputs(seed))
            futs = [ex.submit(rerun_job, os.path.join(a.rerun, f))
                    for f in sorted(os.listdir(a.rerun)) if f.endswith(".pkl")]
        elif a.only:
            sel = collections.defaultdict(list)
            for item in a.only.split(","):
                sd, k = item.split(":")
                sel[int(sd)].append(int(k))
            futs = [ex.submit(bundle_job, ctx, sd, 0, ks) for sd, ks in sel.items()]
        else:
            def job(s):
                if a.deadline and time.time() - t0 > a.deadline:
                    return s, [], []
                return bundle_job(ctx, s, a.per_bundle)
            futs = [ex.submit(job, s) for s in range(lo, hi)]
        for fu in cf.as_completed(futs):
            seed, ks, res = fu.result()
            if not ks:
                counts["(bundles-not-run)"] += 1
                continue
            for k, r in zip(ks, res):
                if known.get(k.name) == r[0]:
                    r = ("known-" + r[0], r[1])
                elif r[0] == "mismatch-vulkan" and ctx.icd == LAVAPIPE_ICD and \
                        isinstance(k, G.ParKernel) and loop_atomic(k):
                    # the CPU target = C, lavapipe differs, an atomic in the
                    # parallel loop: lavapipe's after-loop-atomic bug (the
                    # reduction's combine follows the loop), as javadiff does
                    r = ("known-lavapipe-loop-atomic", r[1])
                counts[r[0]] += 1
                if r[0] == "agree" and r[1] == "vulkan-skipped":
                    counts["(vulkan-skipped)"] += 1
                allres.append((k.name, r[0], r[1]))
                if r[0] != "agree":
                    failures.append((seed, k, r))
                    print("%s: %s: %s" % (k.name, r[0], r[1]), flush=True)
            if a.json:
                write_json(a.json, counts, allres)
    total = sum(v for k, v in counts.items() if not k.startswith("("))
    print("difftest: %d kernels in %.1f s (seeds %d:%d, %d per bundle, %s)" % (
        total, time.time() - t0, lo, hi, a.per_bundle, targets(ctx)))
    for k in sorted(counts):
        print("  %-18s %d" % (k, counts[k]))
    print("stages (wall s, summed over jobs): " + ", ".join(
        "%s %.0f" % kv for kv in sorted(STAGES.items(), key=lambda kv: -kv[1])))
    if a.json:
        write_json(a.json, counts, allres)
    if a.reduce and failures:
        save = a.save or os.path.join(ctx.work, "reduced")
        os.makedirs(save, exist_ok=True)
        rctx = copy.copy(ctx)
        # a CUDA-only difference is reduced on CUDA alone
        cctx = copy.copy(ctx)
        # a Vulkan-only difference needs no CUDA code, compiled or run (the
        # outcome checks Vulkan before CUDA)
        rctx.cuda = rctx.cuda_compile = False
        if a.reduce_vulkan_only:
            rctx.cpu = False
            cctx.cpu = cctx.vulkan = False

        r0 = time.time()

        def reduce_one(item):
            seed, k, r = item
            wdir = os.path.join(ctx.work, "red_" + k.name)
            os.makedirs(wdir, exist_ok=True)
            c = rctx if r[0] == "mismatch-vulkan" else cctx if r[0] == "mismatch-cuda" else ctx
            t = time.time()
            budget = a.reduce_budget
            if a.reduce_deadline:
                budget = max(0, min(budget, a.reduce_deadline - (t - r0)))
            if a.reduce_batch > 0:
                small, n = reduce_kernel_batched(c, k, G.inputs(seed), r, wdir, budget,
                                                 a.reduce_batch)
            else:
                small, n = reduce_kernel(c, k, G.inputs(seed), r, wdir, budget)
            pats = classify_reduced(small)
            # the reduced kernel's own outcome, with every difference, twice
            # (a difference that changes between runs is not deterministic)
            dctx = copy.copy(c)
            dctx.detail = True
            again = [test_kernels(dctx, [small], os.path.join(wdir, "final%d" % j),
                                  G.inputs(seed))[0] for j in range(2)]
            src, _ = kernel_lines([small])
            with open(os.path.join(save, k.name + ".kgc"), "w") as f:
                f.write("// %s, reduced in %d tries (%.0f s) from: %s; inputs: kgcgen.inputs(%d)\n" % (
                    r[0], n, time.time() - t, r[1], seed))
                f.write("// patterns: %s\n" % (" ".join(pats) or "none known"))
                if getattr(small, "lx", G.WG) != G.WG:
                    f.write("// launch: %d groups of %d x %d work-items (2-D)\n" % (
                        G.NG, small.lx, G.WG // small.lx))
                for j, g in enumerate(again):
                    f.write("// reduced, run %d: %s: %s\n" % (j + 1, g[0], g[1]))
                f.write(src)
            with open(os.path.join(save, k.name + ".c"), "w") as f:
                f.write(G.c_source([small]))
            with open(os.path.join(save, k.name + ".in"), "wb") as f:
                f.write(G.inputs(seed))
            with open(os.path.join(save, k.name + ".pkl"), "wb") as f:
                pickle.dump((seed, small), f)       # for --rerun
            if a.spirv:
                for emit, ext in (("spirv", ".spv"), ("spirv-asm", ".spvasm")):
                    run([ctx.translate, os.path.join(save, k.name + ".kgc"), "--targets=vulkan",
                         "--fp-contract=off", "--emit=" + emit, "-o",
                         os.path.join(save, k.name + ext)], stage="translate")
            return "reduced %s (%d tries, %.0f s, %d lines) -> %s: %s; patterns: %s" % (
                k.name, n, time.time() - t, len(G.render_kernel_kgc(small)),
                os.path.join(save, k.name + ".kgc"), again[0][0], " ".join(pats) or "none known")

        todo = [f for f in failures
                if f[2][0].startswith(("mismatch", "crash", "compile-error", "error"))]
        # one process per reduction (forked: they share reduce_one and todo),
        # so the reducers' Python work (copying and rendering candidates)
        # does not queue on one interpreter's lock
        global _REDUCE
        _REDUCE = (reduce_one, todo)
        with cf.ProcessPoolExecutor(max_workers=max(1, min(a.reduce_jobs, len(todo) or 1)),
                                    mp_context=multiprocessing.get_context("fork")) as ex:
            for line in ex.map(_reduce_nth, range(len(todo))):
                print(line, flush=True)
    if tmp and not a.verbose:
        shutil.rmtree(tmp, ignore_errors=True)
    bad = sum(v for k, v in counts.items()
              if k.startswith(("mismatch", "crash", "compile-error", "error")))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
