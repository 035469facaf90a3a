#!/usr/bin/env python3
"""Runs the Kotlin corpus cases (cases.py) on the JVM reference and on kgpu.

  kt.py --cfg KOTLIN_LIT_CFG --bin KGPU_BIN_DIR --work DIR jvm CASE... | --all
      runs the kernels on the JVM through the CPU dispatcher (RunKernel) and
      prints the first values of every output, for FileCheck
  kt.py ... compare CASE --device cpu|vulkan
      compiles the kernel from the corpus dump with kgpu-translate, runs it
      with kgpu-run (--size), runs the JVM reference with the same
      arguments, and compares every output as the case says
  kt.py ... kgpu CASE --device D
      runs only the kgpu side with the case's kgpu_only_args and prints the
      outputs (divZero: where the JVM throws)
"""
import argparse
import math
import re
import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cases import CASES  # noqa: E402

FMT = {"i32": "<i", "f32": "<f", "i64": "<q", "f64": "<d"}


def load_cfg(path):
    cfg = {}
    with open(path) as f:
        exec(f.read(), cfg)
    return cfg


def write_files(case, work):
    for name, (ty, values) in case.get("files", {}).items():
        with open(os.path.join(work, name), "wb") as f:
            for v in values:
                if ty.startswith("f"):
                    v = float(v)
                f.write(struct.pack(FMT[ty], v))


def resolve(args, work):
    return [a.replace("=@", "=@" + work + "/", 1) if "=@" in a else a for a in args]


def run(cmd, env=None):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    if p.returncode != 0:
        sys.stdout.write(p.stdout)
        raise SystemExit("kt.py: command failed (exit %d): %s" % (p.returncode, " ".join(cmd)))
    return p.stdout


def launch(case, work, side, runner, tag, argv=None):
    """Runs all steps of a case; returns {out: file} of the last step."""
    args = resolve(argv if argv is not None else case["args"], work)
    steps = case.get("steps", 1)
    outs = {}
    for step in range(steps):
        outs = {name: os.path.join(work, "%s.%s.%d" % (tag, name, step)) for name in case["outs"]}
        cmd = runner(args) + ["--size", case["size"]]
        for a in args:
            cmd += ["--arg", a]
        for name, path in outs.items():
            cmd += ["--out", "%s=%s" % (name, path)]
        side(cmd)
        # Between steps: an output becomes the next step's input.
        for src, dst in case.get("feed", {}).items():
            args = [("%s=@%s" % (dst, outs[src])) if a.startswith(dst + "=") else a for a in args]
    return outs


def jvm_runner(cfg, name, case):
    cp = ":".join([cfg["api_jar"], cfg["stdlib"], cfg["corpus_classes"]])
    base = [cfg["java"], "-cp", cp, "dev.kgpu.kotlin.tools.RunKernel", "--class", case["cls"], "--kernel", name]
    if "local" in case:
        base += ["--local", case["local"]]
    return lambda args: base


def ulp_order(bits):
    return bits if bits < 0x80000000 else 0x80000000 - bits


def compare(name, ref, got, mode):
    a = open(ref, "rb").read()
    b = open(got, "rb").read()
    if len(a) != len(b):
        return "%s: %d bytes from the JVM, %d from kgpu" % (name, len(a), len(b)), None
    if mode == "exact":
        if a == b:
            return None, "bit-identical"
        for i in range(0, len(a), 4):
            if a[i:i + 4] != b[i:i + 4]:
                return ("%s: first difference at element %d: JVM %s, kgpu %s" %
                        (name, i // 4, a[i:i + 4].hex(), b[i:i + 4].hex())), None
    kind, _, bound = mode.partition(":")
    n = len(a) // 4
    fa = struct.unpack("<%df" % n, a)
    fb = struct.unpack("<%df" % n, b)
    ia = struct.unpack("<%dI" % n, a)
    ib = struct.unpack("<%dI" % n, b)
    worst = 0.0
    for i in range(n):
        if math.isnan(fa[i]) or math.isnan(fb[i]):
            if not (math.isnan(fa[i]) and math.isnan(fb[i])):
                return "%s: element %d: JVM %r, kgpu %r" % (name, i, fa[i], fb[i]), None
            continue
        d = abs(ulp_order(ia[i]) - ulp_order(ib[i])) if kind == "ulp" else abs(fa[i] - fb[i])
        worst = max(worst, d)
        if d > float(bound):
            return ("%s: element %d: JVM %r, kgpu %r (%s %g > %s)" %
                    (name, i, fa[i], fb[i], kind, d, bound)), None
    return None, "within %s %s (worst %g)" % (kind, bound, worst)


def show(path, ty, count=8):
    data = open(path, "rb").read()
    size = struct.calcsize(FMT[ty])
    n = len(data) // size
    vals = struct.unpack("<%d%s" % (n, FMT[ty][1]), data)
    return "%s (%d values)" % (" ".join(repr(v) for v in vals[:count]), n)


def file_dump(module_dump, filename):
    """The module dump's title and MODULE_FRAGMENT lines with one FILE."""
    lines = open(module_dump).read().split("\n")
    head = [l for l in lines[:2]]
    out, inside = [], False
    for line in lines[2:]:
        if line.startswith("  FILE "):
            inside = line.endswith("/" + filename)
        if inside:
            out.append(line)
    return "\n".join(head + out) + "\n"


KOTLIN_TYPES = {"IntArray": "i32", "FloatArray": "f32", "LongArray": "i64", "DoubleArray": "f64"}


def param_types(case, name):
    """The element types of the kernel's array parameters, from its source."""
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernels",
                       case["cls"][:-2] + ".kt")
    m = re.search(r"fun\s+%s\s*\(([^)]*)\)" % re.escape(name), open(src).read())
    types = {}
    for p in (m.group(1).split(",") if m else []):
        if ":" in p:
            pname, ptype = (x.strip() for x in p.split(":", 1))
            if ptype in KOTLIN_TYPES:
                types[pname] = KOTLIN_TYPES[ptype]
    return types


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cfg", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("mode", choices=["jvm", "compare", "kgpu"])
    ap.add_argument("cases", nargs="*")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--device", default="cpu")
    o = ap.parse_args()
    cfg = load_cfg(o.cfg)
    os.makedirs(o.work, exist_ok=True)
    names = sorted(CASES) if o.all else o.cases
    failed = 0
    for name in names:
        case = CASES[name]
        work = os.path.join(o.work, name)
        os.makedirs(work, exist_ok=True)
        write_files(case, work)
        ref = jvm_runner(cfg, name, case)
        if o.mode == "jvm":
            outs = launch(case, work, run, ref, "jvm")
            ptypes = param_types(case, name)
            for out in case["outs"]:
                print("%s %s: %s" % (name, out, show(outs[out], ptypes.get(out, "i32"))))
            continue
        bundle = os.path.join(work, "%s.kgpu" % name)
        target = "vulkan" if o.device.startswith("vulkan") else "cpu"
        # The kernel's own FILE of the module dump (the frontend translates
        # every kernel of its input; one unsupported kernel would fail all).
        dump = os.path.join(work, "%s.ir" % name)
        with open(dump, "w") as f:
            f.write(file_dump(cfg["corpus_ir"], case["cls"][:-2] + ".kt"))
        translate = [os.path.join(o.bin, "kgpu-translate"), dump, "--kernel", name,
                     "--targets=" + target, "-o", bundle]
        if o.mode == "compare":
            p = subprocess.run(translate, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if p.returncode != 0:
                msg = "kgpu-translate failed: " + " | ".join(p.stdout.strip().splitlines()[:3])
                xfail = case.get("xfail", {}).get(target)
                if xfail:
                    print("XFAIL %s on %s (%s): %s" % (name, o.device, xfail, msg))
                else:
                    failed += 1
                    print("FAIL %s on %s: %s" % (name, o.device, msg))
                continue
        else:
            run(translate)
        env = dict(os.environ)
        if target == "vulkan":
            env["VK_ICD_FILENAMES"] = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"
            env["MESA_SHADER_CACHE_DISABLE"] = "true"
        kgpu = lambda args: [os.path.join(o.bin, "kgpu-run"), bundle, "--device", o.device, "--kernel", name]
        if o.mode == "kgpu":
            outs = launch(case, work, lambda c: run(c, env), kgpu, o.device, case["kgpu_only_args"])
            for out in case["outs"]:
                print("%s on %s %s: %s" % (name, o.device, out, show(outs[out], param_types(case, name).get(out, "i32"))))
            continue
        xfail = case.get("xfail", {}).get(target)
        try:
            jvm = launch(case, work, run, ref, "jvm")
            got = launch(case, work, lambda c: run(c, env), kgpu, o.device)
            errors = []
            for out, mode in case["outs"].items():
                err, ok = compare(out, jvm[out], got[out], mode)
                if err:
                    errors.append(err)
                else:
                    print("%s on %s: %s %s" % (name, o.device, out, ok))
        except SystemExit as e:
            errors = [str(e)]
        if errors and xfail:
            print("XFAIL %s on %s (%s): %s" % (name, o.device, xfail, "; ".join(errors)))
        elif errors:
            failed += 1
            print("FAIL %s on %s: %s" % (name, o.device, "; ".join(errors)))
        elif xfail:
            failed += 1
            print("XPASS %s on %s: passes, but cases.py expects it to fail (%s)" % (name, o.device, xfail))
    print("%d of %d cases failed on %s" % (failed, len(names), o.device) if o.mode == "compare" else "", end="")
    if o.mode == "compare":
        print()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
