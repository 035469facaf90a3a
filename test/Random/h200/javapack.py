#!/usr/bin/env python3
"""javadiff on a machine without a JVM or a compiler (the NVIDIA H200):

  javapack.py pack --build BUILD --javac JAVAC --java JAVA --api-jar JAR
                   [--seeds A:B] [--per-bundle K] DEST
      here: javadiff's Java kernels (kgcgen Java mode: private arrays,
      KernelContext SIMD operations, local arrays, barriers, atomics),
      compiled by javac and by kgpu-translate for CUDA and Vulkan, and their
      JVM reference outputs at a SIMD width of 32 (NVIDIA's warp and
      subgroup), into DEST with libkgpu_runtime and the scripts;
  javapack.py check DEST DEVICE...
      there: runs every bundle on each DEVICE (cuda, vulkan) through
      kgpurt.py and compares each kernel's outputs with the JVM's bit for
      bit (docs/difftest.md, "Java"); prints one line per kernel that does
      not agree and the counts per outcome. A kernel with SIMD operations
      on a device whose sub-group size is not 32 is `skip-simd-width`.
"""

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RANDOM = os.path.dirname(HERE) if os.path.basename(HERE) == "h200" else HERE
sys.path.insert(0, RANDOM)
import kgcgen as G  # noqa: E402
import difftest as D  # noqa: E402

OUTS = ["out", "outf", "outd", "atom"]
WIDTH = 32


def run(cmd, timeout=None):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def pack(a):
    dest = os.path.abspath(a.dest)
    os.makedirs(os.path.join(dest, "ref"), exist_ok=True)
    work = os.path.join(dest, "work")
    os.makedirs(os.path.join(work, "src"), exist_ok=True)
    os.makedirs(os.path.join(work, "classes"), exist_ok=True)
    lo, hi = (int(x) for x in a.seeds.split(":"))
    manifest = {}
    for seed in range(lo, hi):
        ks = G.gen_java_bundle(seed, a.per_bundle)
        cls = "DiffJ%d" % seed
        with open(os.path.join(work, "src", cls + ".java"), "w") as f:
            f.write(G.java_source(cls, ks))
        data = G.inputs(seed)
        with open(os.path.join(dest, cls + ".in"), "wb") as f:
            f.write(data)
        with open(os.path.join(work, "in%d.in" % seed), "wb") as f:
            f.write(data[:4 * G.NIN])
        with open(os.path.join(work, "in%d.fin" % seed), "wb") as f:
            f.write(data[4 * G.NIN:])
        manifest[cls] = [[k.name, bool(k.sgops)] for k in ks]
    srcs = sorted(os.path.join(work, "src", f) for f in os.listdir(os.path.join(work, "src")))
    rc, out, err = run([a.javac, "-g", "-parameters", "-nowarn", "-cp", a.api_jar,
                        "-d", os.path.join(work, "classes")] + srcs)
    if rc:
        sys.exit("javac failed:\n" + out + err)
    translate = os.path.join(a.build, "bin", "kgpu-translate")
    batch, order = os.path.join(work, "batch.txt"), []
    with open(batch, "w") as f:
        for cls, ks in manifest.items():
            rc, out, err = run([translate, os.path.join(work, "classes", cls + ".class"),
                                "--targets=cuda,vulkan", "-o", os.path.join(dest, cls + ".kgpu")])
            if rc:
                sys.exit("kgpu-translate failed on %s:\n%s" % (cls, err[-2000:]))
            seed = int(cls[len("DiffJ"):])
            for name, _ in ks:
                d = os.path.join(work, "jvm", name)
                os.makedirs(d, exist_ok=True)
                lines = ["--cp", os.path.join(work, "classes"), "--kernel", "%s::%s" % (cls, name),
                         "--arg=out=zeros:%d" % (G.N * G.S), "--arg=outf=zeros:%d" % (G.N * G.S),
                         "--arg=outd=zeros:%d" % (G.N * G.S), "--arg=atom=zeros:%d" % G.NATOM,
                         "--arg=in=@" + os.path.join(work, "in%d.in" % seed),
                         "--arg=fin=@" + os.path.join(work, "in%d.fin" % seed),
                         "--grid", str(G.NG), "--local", str(G.WG), "--simd-width", str(WIDTH)]
                for nm, t, v in G.SCALARS:
                    if t in ("uint", "ulong"):
                        w = 32 if t == "uint" else 64
                        v = v - (1 << w) if v >= 1 << (w - 1) else v
                    lines.append("--arg=%s=%s" % (nm, repr(float(v)) if t in G.FLOAT_TYPES else str(v)))
                for nm in OUTS:
                    lines += ["--out", "%s=%s" % (nm, os.path.join(d, nm))]
                f.write("\n".join(lines) + "\n\n")
                order.append(name)
    rc, out, err = run([a.java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", a.api_jar,
                        "kgpu.jvm.ReferenceRunner", "--batch", batch], timeout=1200)
    bad = [l for l in out.splitlines() if re.match(r"kgpu-jvm-ref: run \d+: status [^0]", l)]
    if bad:
        sys.exit("reference runs failed: %s" % bad[:5])
    for name in order:
        d = os.path.join(work, "jvm", name)
        with open(os.path.join(dest, "ref", name + ".bin"), "wb") as f:
            for nm in OUTS:
                f.write(open(os.path.join(d, nm), "rb").read())
    with open(os.path.join(dest, "manifest.json"), "w") as f:
        json.dump(manifest, f)
    for py in ("kgcgen.py", "difftest.py", "kgpurt.py"):
        shutil.copy(os.path.join(RANDOM, py), dest)
    shutil.copy(os.path.abspath(__file__), os.path.join(dest, "javapack.py"))
    os.makedirs(os.path.join(dest, "lib"), exist_ok=True)
    shutil.copy(os.path.join(a.build, "lib", "libkgpu_runtime.so"), os.path.join(dest, "lib"))
    shutil.rmtree(work)
    print("javapack: %d kernels in %d classes in %s" % (len(order), len(manifest), dest))


def check(a):
    dest = os.path.abspath(a.dest)
    manifest = json.load(open(os.path.join(dest, "manifest.json")))
    runtime = os.path.join(dest, "lib", "libkgpu_runtime.so")
    counts = collections.Counter()
    for dev in a.devices:
        for cls, ks in manifest.items():
            res = os.path.join(dest, "%s.%s.res" % (cls, dev))
            names = [n for n, _ in ks]
            rc, out, err = run([sys.executable, os.path.join(dest, "kgpurt.py"), runtime,
                                os.path.join(dest, cls + ".kgpu"), dev,
                                os.path.join(dest, cls + ".in"), res] + names, timeout=600)
            data = open(res, "rb").read() if os.path.exists(res) else b""
            lines = out.splitlines()
            for k, (name, sgops) in enumerate(ks):
                parts = lines[k].split(" ", 2) if k < len(lines) else []
                if len(parts) < 2 or parts[0] != name:
                    outcome, msg = "crash-" + dev, "exit %d: %s" % (rc, err.strip()[-200:])
                elif parts[1] != "ok":
                    outcome, msg = "error-" + dev, parts[2] if len(parts) > 2 else ""
                elif sgops and int(parts[2]) != WIDTH:
                    outcome, msg = "skip-simd-width", "sub-group size %s" % parts[2]
                else:
                    rec = data[k * D.REC:(k + 1) * D.REC]
                    want = open(os.path.join(dest, "ref", name + ".bin"), "rb").read()
                    diff = D.first_diff(rec, want)
                    outcome, msg = ("agree", "") if not diff else \
                        ("%s-fp-special" % dev, diff) if D.special_only(rec, want) else \
                        ("mismatch-" + dev, diff)
                counts[outcome] += 1
                if outcome != "agree":
                    print("%s %s: %s: %s" % (dev, name, outcome, msg), flush=True)
    print("javapack check: %d kernel runs (%s)" % (sum(counts.values()), ", ".join(a.devices)))
    for k in sorted(counts):
        print("  %-20s %d" % (k, counts[k]))
    return 1 if any(k.startswith(("mismatch", "crash", "error")) for k in counts) else 0


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pack")
    p.add_argument("--build", required=True)
    p.add_argument("--javac", required=True)
    p.add_argument("--java", required=True)
    p.add_argument("--api-jar", required=True)
    p.add_argument("--seeds", default="1:31")
    p.add_argument("--per-bundle", type=int, default=10)
    p.add_argument("dest")
    c = sub.add_parser("check")
    c.add_argument("dest")
    c.add_argument("devices", nargs="+")
    a = ap.parse_args(argv[1:])
    return pack(a) if a.cmd == "pack" else check(a)


if __name__ == "__main__":
    sys.exit(main(sys.argv) or 0)
