#!/usr/bin/env python3
"""Runs the JVM kernel corpus (test/Integration/JVM/Inputs/*/corpus.txt).

Each line of a corpus file is one kernel:

    Class::method | ARGS | OUTS | CHECK [| TAGS]

ARGS are kgpu-run's --arg/--grid/--local options (the reference runner takes
the same), OUTS the buffers compared (space-separated; `name:8` for a
double buffer under an `ulp:` check, the default width is 4), CHECK `exact` (byte
for byte) or `ulp:N` (floats within N units in the last place; NaN matches
NaN), TAGS space-separated words: `same:KEY` (every kernel of the run with
the same KEY must give the same bytes: the same computation written in
another style or language), `reference-only:REASON` (not compiled by kgpu:
e.g. MMA, which only the CUDA target runs), `xfail-cpu:REASON`,
`xfail-vulkan:REASON`, `xfail:REASON` (a known kgpu gap on that device,
or both: reported, not a failure; a run that passes anyway is an XPASS,
which fails), `f32`/`f64`/... are not needed:
the element type comes from the method.

Modes:
  reference  run every kernel with the JVM reference runner on each given
             JVM (--ref, repeatable: Java 17 and Java 25 must agree byte for
             byte; one JVM per --ref, through the runner's --batch), and
             check the `same:` groups;
  e2e        also compile each kernel with kgpu-translate (the class
             directory and --kernel Class::method) for the CPU and for
             Vulkan, run each bundle with kgpu-run on the CPU and on
             lavapipe, and compare with the reference under CHECK.
Prints one line per kernel and a summary; exits 1 on any failure.
"""

import argparse
import os
import shlex
import struct
import subprocess
import sys


def parse_corpus(path):
    kernels = []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = [p.strip() for p in line.split("|")]
            if len(parts) < 4:
                sys.exit("%s:%d: expected 'kernel | args | outs | check [| tags]'" % (path, lineno))
            tags = parts[4].split() if len(parts) > 4 else []
            kernels.append({
                "spec": parts[0], "args": shlex.split(parts[1]), "outs": parts[2].split(),
                "check": parts[3], "tags": tags, "where": "%s:%d" % (path, lineno)})
    return kernels


def first_error(text):
    lines = text.strip().splitlines()
    for line in lines:
        if "error:" in line:
            return line.strip()
    return lines[0].strip() if lines else "no output"


def run(cmd, log, env=None):
    log.write("$ " + " ".join(shlex.quote(c) for c in cmd) + "\n")
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    log.write(p.stdout)
    return p.returncode, p.stdout


def floats(data, width):
    fmt = "<%d%s" % (len(data) // width, "f" if width == 4 else "d")
    return struct.unpack(fmt, data)


def ordered(bits, width):
    # Maps float bits to integers ordered like the floats.
    sign = 1 << (width * 8 - 1)
    return sign - (bits & (sign - 1)) if bits & sign else sign + bits


def compare(ref, got, check, width):
    if check == "exact":
        if ref == got:
            return None
        if len(ref) != len(got):
            return "%d bytes, reference %d" % (len(got), len(ref))
        for i in range(len(ref)):
            if ref[i] != got[i]:
                return "first difference at byte %d" % i
    if check.startswith("ulp:"):
        limit = int(check[4:])
        if len(ref) != len(got) or width not in (4, 8):
            return "cannot compare %d and %d bytes as floats" % (len(got), len(ref))
        code = "<%d%s" % (len(ref) // width, "I" if width == 4 else "Q")
        rb, gb = struct.unpack(code, ref), struct.unpack(code, got)
        rf, gf = floats(ref, width), floats(got, width)
        for i, (a, b) in enumerate(zip(rb, gb)):
            if rf[i] != rf[i] and gf[i] != gf[i]:
                continue
            if abs(ordered(a, width) - ordered(b, width)) > limit:
                return "element %d: %r, reference %r (more than %d ulp)" % (i, gf[i], rf[i], limit)
        return None
    return "unknown check '%s'" % check


def e2e_device(args, k, ref, device, target, prefix, log):
    """Compiles k for one target and runs it on one device; None when its
    outputs match the reference, else what went wrong."""
    wdir = k["dir"]
    bundle = os.path.join(wdir, "%s.kgpu" % target)
    rc, text = run([args.kgpu_translate, args.classes.split(":")[0], "--kernel", k["spec"],
                    "--targets=" + target, "-o", bundle], log)
    if rc != 0:
        return "kgpu-translate failed: " + first_error(text)
    rc, text = run([args.kgpu_run, bundle, "--list"], log)
    name = None
    for line in text.splitlines():
        if line.startswith("kernel "):
            name = line.split()[1].rstrip(":")
            break
    if not name:
        return "kgpu-run --list names no kernel"
    cmd = prefix + [args.kgpu_run, bundle, "--device", device, "--kernel", name] + k["args"]
    for o in k["outnames"]:
        cmd += ["--out", "%s=%s" % (o, os.path.join(wdir, "%s.%s" % (device, o)))]
    rc, text = run(cmd, log)
    if rc != 0:
        return "kgpu-run failed: " + first_error(text)
    for o in k["outnames"]:
        got = open(os.path.join(wdir, "%s.%s" % (device, o)), "rb").read()
        why = compare(ref[o], got, k["check"], k["widths"][o])
        if why:
            return "'%s' (%s): %s" % (o, k["check"], why)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--classes", required=True, help="class directory (and extra class path entries, ':'-separated)")
    ap.add_argument("--ref", action="append", required=True, help="the reference runner command (repeatable)")
    ap.add_argument("--work", required=True)
    ap.add_argument("--mode", choices=["reference", "e2e"], default="reference")
    ap.add_argument("--kgpu-translate")
    ap.add_argument("--kgpu-run")
    ap.add_argument("--lavapipe", default="", help="command prefix that runs a command on lavapipe")
    ap.add_argument("--min-kernels", type=int, default=1)
    ap.add_argument("--cuda-compile", action="store_true",
                    help="e2e: also compile each kernel for the CUDA target (PTX and, with "
                         "ptxas, a cubin; nothing runs: CI has no GPU); a failure is a FAIL")
    args = ap.parse_args()

    kernels = parse_corpus(args.corpus)
    os.makedirs(args.work, exist_ok=True)
    log = open(os.path.join(args.work, "log.txt"), "w")
    failures = []
    groups = {}
    compiled_devices = set()
    xfailed = 0
    for i, k in enumerate(kernels):
        k["name"] = k["spec"].replace("::", ".").replace("(", "_").replace(")", "_").replace("/", "_").replace(";", "_")
        k["dir"] = os.path.join(args.work, "%03d-%s" % (i, k["name"]))
        os.makedirs(k["dir"], exist_ok=True)
        k["widths"] = {}
        k["outnames"] = []
        for o in k["outs"]:
            n, _, w = o.partition(":")
            k["widths"][n] = int(w) if w else 4
            k["outnames"].append(n)
    # The reference runs: one JVM per reference command (--batch).
    ref_status = []
    for r, ref in enumerate(args.ref):
        batch = os.path.join(args.work, "batch%d.txt" % r)
        with open(batch, "w") as f:
            for k in kernels:
                cmd = ["--cp", args.classes, "--kernel", k["spec"]] + k["args"]
                for o in k["outnames"]:
                    cmd += ["--out", "%s=%s" % (o, os.path.join(k["dir"], "ref%d.%s" % (r, o)))]
                f.write("\n".join(cmd) + "\n\n")
        rc, text = run(shlex.split(ref) + ["--batch", batch], log)
        status = {}
        chunk = []
        for line in text.splitlines():
            if line.startswith("kgpu-jvm-ref: run "):
                n, _, st = line[len("kgpu-jvm-ref: run "):].partition(": status ")
                status[int(n)] = (int(st), "\n".join(chunk))
                chunk = []
            else:
                chunk.append(line)
        ref_status.append(status)
    for index, k in enumerate(kernels):
        wdir, outs, widths = k["dir"], k["outnames"], k["widths"]
        problems = []
        refs = []
        for r in range(len(args.ref)):
            st, text = ref_status[r].get(index, (-1, "no result from the runner"))
            if st != 0:
                problems.append("reference %d failed: %s" % (r, first_error(text)))
                break
            refs.append({o: open(os.path.join(wdir, "ref%d.%s" % (r, o)), "rb").read() for o in outs})
        if not problems:
            for r in range(1, len(refs)):
                for o in outs:
                    if refs[r][o] != refs[0][o]:
                        problems.append("reference %d differs from reference 0 in '%s'" % (r, o))
            for t in k["tags"]:
                if t.startswith("same:"):
                    data = b"".join(refs[0][o] for o in outs)
                    if t in groups and groups[t][1] != data:
                        problems.append("differs from %s (%s)" % (groups[t][0], t))
                    groups.setdefault(t, (k["spec"], data))
        skip = [t for t in k["tags"] if t.startswith("reference-only")]
        # Known kgpu gaps per device: xfail-cpu:WHY, xfail-vulkan:WHY,
        # xfail:WHY (both). A device whose run passes anyway is an XPASS,
        # which fails like a FAIL: remove the tag.
        xfail = {}
        for t in k["tags"]:
            for device in ("cpu", "vulkan"):
                if t.startswith("xfail-%s:" % device) or t.startswith("xfail:"):
                    xfail[device] = t.partition(":")[2]
        expected = []
        xpass = []
        if not problems and args.mode == "e2e" and not skip:
            for device, target, prefix in [("cpu", "cpu", []),
                                           ("vulkan", "vulkan", shlex.split(args.lavapipe))]:
                why = e2e_device(args, k, refs[0], device, target, prefix, log)
                if why is None and device in xfail:
                    xpass.append("%s passes though tagged xfail (%s): remove the tag" % (device, xfail[device]))
                elif why is not None and device in xfail:
                    expected.append("%s: %s (expected: %s)" % (device, why, xfail[device]))
                elif why is not None:
                    problems.append("%s: %s" % (device, why))
                if why is None or not why.startswith("kgpu-translate"):
                    compiled_devices.add(k["spec"])
            problems += xpass
            if args.cuda_compile:
                # every target compiles what the frontend accepts (a float
                # product reduction once failed only for CUDA)
                rc, text = run([args.kgpu_translate, args.classes.split(":")[0], "--kernel",
                                k["spec"], "--targets=cuda", "-o",
                                os.path.join(wdir, "cuda.kgpu")], log)
                if rc != 0:
                    problems.append("cuda: kgpu-translate failed: " + first_error(text))
        if problems:
            status = "XPASS" if xpass and len(problems) == len(xpass) else "FAIL"
        elif args.mode == "e2e" and not skip:
            status = "PASS (expected failures)" if expected else "PASS"
        else:
            status = "PASS (reference only%s)" % (": " + skip[0].partition(":")[2] if skip else "")
        print("%s: %s%s" % (status, k["spec"], "".join("\n    " + p for p in problems + expected)))
        if problems:
            failures.append(k["spec"])
        if expected:
            xfailed += 1
    compiled = len(compiled_devices)
    print("corpus %s: %d kernels, %d compiled by kgpu, %d with expected failures, %d failed" % (
        os.path.basename(os.path.dirname(args.corpus)), len(kernels), compiled, xfailed, len(failures)))
    if len(kernels) < args.min_kernels:
        print("error: fewer than %d kernels" % args.min_kernels)
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
