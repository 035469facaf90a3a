#!/usr/bin/env python3
"""Differential testing of kgpu's JVM frontend: random Java kernels
(kgcgen.gen_java_bundle, rendered by kgcgen.java_source) compiled by javac,
run on the JVM by the reference runner (kgpu.jvm.ReferenceRunner: Java's
own semantics) and compiled by kgpu-translate from the class file for the
CPU and Vulkan, run there by kgpurt.py; every output compared bit for bit
with the JVM's (docs/difftest.md, "Java").

  javadiff.py --build BUILD --javac JAVAC --java JAVA --api-jar JAR
              [--seeds A:B] [--per-bundle K] [--work DIR] [--no-vulkan]

One class per seed (DiffJ<seed>, K kernels j<seed>_<k>), one javac call for
all classes, one kgpu-translate per class (both targets), one kgpurt.py
process per class and device, then ONE JVM for all reference runs (the
runner's --batch: the JVM start-up is paid once; a kernel with KernelContext
SIMD operations runs once per SIMD width its devices reported). Outcomes as difftest.py's, with the
JVM in C's place: agree, mismatch-cpu, mismatch-vulkan, vulkan-fp-special,
crash-*, error-*, compile-error (kgpu-translate rejected or failed on a
kernel javac accepted), jvm-error (the reference run failed: a generator
slip). Exit status 0 when no kernel mismatched, crashed or failed.
"""

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import kgcgen as G  # noqa: E402
import difftest as D  # noqa: E402

OUTS = [("out", 8), ("outf", 4), ("outd", 8), ("atom", 4)]


def scalar_args():
    out = []
    for nm, t, v in G.SCALARS:
        if t in ("uint", "ulong"):
            w = 32 if t == "uint" else 64
            v = v - (1 << w) if v >= 1 << (w - 1) else v
        out.append("--arg=%s=%s" % (nm, repr(float(v)) if t in G.FLOAT_TYPES else str(v)))
    return out


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--javac", required=True)
    ap.add_argument("--java", required=True)
    ap.add_argument("--api-jar", required=True)
    ap.add_argument("--seeds", default="1:4")
    ap.add_argument("--per-bundle", type=int, default=100)
    ap.add_argument("--work", default=None)
    ap.add_argument("--no-vulkan", dest="vulkan", action="store_false")
    ap.add_argument("--vulkan-icd", default=D.LAVAPIPE_ICD)
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--known", default=os.path.join(HERE, "known-failures.txt"),
                    help="kernels whose failure is known and not yet fixed (one NAME OUTCOME a line)")
    ap.add_argument("--no-atomics", dest="atomics", action="store_false",
                    help="no kc.atomicAdd in the generated kernels")
    ap.add_argument("--no-simd", dest="simd", action="store_false",
                    help="no KernelContext SIMD operations in the generated kernels")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv[1:])
    a.work = a.work or tempfile.mkdtemp(prefix="kgpu-javadiff-")
    os.makedirs(a.work, exist_ok=True)
    ctx = D.Ctx(a)
    lo, hi = (int(x) for x in a.seeds.split(":"))
    t0 = time.time()
    src_dir = os.path.join(a.work, "src")
    cls_dir = os.path.join(a.work, "classes")
    os.makedirs(src_dir, exist_ok=True)
    os.makedirs(cls_dir, exist_ok=True)
    bundles = {}
    for seed in range(lo, hi):
        G.JAVA_ATOMICS = a.atomics
        G.JAVA_SIMD = a.simd
        ks = G.gen_java_bundle(seed, a.per_bundle)
        cls = "DiffJ%d" % seed
        with open(os.path.join(src_dir, cls + ".java"), "w") as f:
            f.write(G.java_source(cls, ks))
        with open(os.path.join(a.work, "in%d.bin" % seed), "wb") as f:
            f.write(G.inputs(seed))
        data = G.inputs(seed)
        with open(os.path.join(a.work, "in%d.in" % seed), "wb") as f:
            f.write(data[:4 * G.NIN])
        with open(os.path.join(a.work, "in%d.fin" % seed), "wb") as f:
            f.write(data[4 * G.NIN:])
        bundles[seed] = (cls, ks)
    srcs = sorted(os.path.join(src_dir, f) for f in os.listdir(src_dir))
    rc, out, err = D.run([a.javac, "-g", "-parameters", "-nowarn", "-cp", a.api_jar,
                          "-d", cls_dir] + srcs)
    if rc != 0:
        print("javac failed (a generator slip):\n" + (out + err)[-3000:])
        return 1
    t_javac = time.time() - t0
    # kgpu first: one kgpu-translate per class, its bundle run on each
    # device; a kernel with SIMD operations is compared with the JVM run at
    # the SIMD width of the device (the sub-group size kgpurt reports)
    counts = collections.Counter()
    failures = 0
    t2 = time.time()
    results = {}   # seed -> {dev: {name: (status, sg, rec)}}, None: compile error
    for seed, (cls, ks) in bundles.items():
        path = os.path.join(a.work, cls)
        rc, o, e = D.run([ctx.translate, os.path.join(cls_dir, cls + ".class"),
                          "--targets=" + D.targets(ctx), "-o", path + ".kgpu"])
        if rc != 0:
            results[seed] = None
            for k in ks:
                counts["compile-error"] += 1
                failures += 1
                print("%s: compile-error: %s" % (k.name, D.first_error(e) if hasattr(D, "first_error") else e.strip().splitlines()[-1:]))
            continue
        names = [k.name for k in ks]
        with open(path + ".in", "wb") as f:
            f.write(G.inputs(seed))
        devs = {"cpu": D.run_device(ctx, path, "cpu", names)}
        if ctx.vulkan:
            devs["vulkan"] = D.run_device(ctx, path, "vulkan", names)
        results[seed] = devs
    t_kgpu = time.time() - t2
    # the JVM: every kernel of every class in one batch, one JVM; a kernel
    # with SIMD operations once per SIMD width its devices have
    batch = os.path.join(a.work, "batch.txt")
    order = []     # (name, width or None)
    with open(batch, "w") as f:
        for seed, (cls, ks) in bundles.items():
            for k in ks:
                widths = [None]
                if k.sgops and results.get(seed):
                    widths = sorted({res[k.name][1] for res in results[seed].values()
                                     if res.get(k.name, ("",))[0] == "ok"}) or [None]
                for w in widths:
                    d = os.path.join(a.work, "jvm", k.name + ("" if w is None else "-w%d" % w))
                    os.makedirs(d, exist_ok=True)
                    lines = ["--cp", cls_dir, "--kernel", "%s::%s" % (cls, k.name),
                             "--arg=out=zeros:%d" % (G.N * G.S), "--arg=outf=zeros:%d" % (G.N * G.S),
                             "--arg=outd=zeros:%d" % (G.N * G.S), "--arg=atom=zeros:%d" % G.NATOM,
                             "--arg=in=@" + os.path.join(a.work, "in%d.in" % seed),
                             "--arg=fin=@" + os.path.join(a.work, "in%d.fin" % seed)]
                    lines += scalar_args()
                    lines += ["--grid", str(G.NG), "--local", str(G.WG)]
                    if w is not None:
                        lines += ["--simd-width", str(w)]
                    for nm, _ in OUTS:
                        lines += ["--out", "%s=%s" % (nm, os.path.join(d, nm))]
                    f.write("\n".join(lines) + "\n\n")
                    order.append((k.name, w))
    t1 = time.time()
    rc, out, err = D.run([a.java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                          "-cp", a.api_jar, "kgpu.jvm.ReferenceRunner", "--batch", batch],
                         timeout=1200)
    t_jvm = time.time() - t1
    status, chunk = {}, []
    for line in out.splitlines():
        m = re.match(r"kgpu-jvm-ref: run (\d+): status (-?\d+)", line)
        if m:
            status[int(m.group(1))] = (int(m.group(2)), "\n".join(chunk))
            chunk = []
        else:
            chunk.append(line)
    # runs are numbered from 0 or 1: find out from the count
    base = 0 if 0 in status else 1
    known = D.load_known(a.known)
    for seed, (cls, ks) in bundles.items():
        devs = results[seed]
        if devs is None:
            continue
        for k in ks:
            outcome = None
            for dev, res in devs.items():
                sts, sg, rec = res[k.name]
                if sts == "crash":
                    outcome = outcome or ("crash-" + dev, sg)
                    continue
                if sts != "ok":
                    outcome = outcome or ("error-" + dev, sg)
                    continue
                w = sg if k.sgops else None
                if (k.name, w) not in order:
                    w = None
                n = order.index((k.name, w)) + base
                st = status.get(n)
                if st is None or st[0] != 0:
                    outcome = ("jvm-error", (st[1] if st else "no status").strip()[-300:])
                    break
                d = os.path.join(a.work, "jvm", k.name + ("" if w is None else "-w%d" % w))
                want = b"".join(open(os.path.join(d, nm), "rb").read() for nm, _ in OUTS)
                diff = D.first_diff(rec, want)
                if diff and dev == "vulkan" and D.special_only(rec, want):
                    outcome = outcome or ("vulkan-fp-special", diff)
                elif diff:
                    outcome = outcome or ("mismatch-" + dev, diff)
            outcome = outcome or ("agree", "")
            if outcome[0] == "mismatch-vulkan" and ctx.icd == D.LAVAPIPE_ICD and \
                    D.loop_atomic(k):
                # CPU = JVM, lavapipe differs, an atomic in a loop: lavapipe's
                # after-loop-atomic bug (docs/difftest.md)
                outcome = ("known-lavapipe-loop-atomic", outcome[1])
            if known.get(k.name) == outcome[0]:
                outcome = ("known-" + outcome[0], outcome[1])
            counts[outcome[0]] += 1
            if outcome[0] != "agree":
                print("%s: %s: %s" % (k.name, outcome[0], outcome[1]), flush=True)
                if outcome[0] != "vulkan-fp-special" and not outcome[0].startswith("known-"):
                    failures += 1
    total = sum(counts.values())
    print("javadiff: %d kernels in %.1f s (seeds %d:%d, %d per class, %s; javac %.1f s, "
          "one JVM for all %.1f s, kgpu %.1f s)" % (
              total, time.time() - t0, lo, hi, a.per_bundle, D.targets(ctx), t_javac, t_jvm,
              t_kgpu))
    for k in sorted(counts):
        print("  %-18s %d" % (k, counts[k]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
