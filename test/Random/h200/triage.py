#!/usr/bin/env python3
"""Triage of reduced NVIDIA-only kernels (docs/difftest.md, "NVIDIA"):

  triage.py KGPU_TRANSLATE FILE.kgc...

For each kernel: its SPIR-V (kgpu-translate --targets=vulkan --emit=spirv),
`spirv-val --target-env vulkan1.1`, and a check that every operation whose
result SPIR-V leaves undefined for some operands is defined here: each
OpShift* count is a constant below the width or masked by OpBitwiseAnd with
such a constant (through OpUConvert/OpSConvert); each OpUDiv/OpSDiv/OpUMod/
OpSRem/OpSMod divisor is a non-zero constant (not -1 for the signed ones),
an OpSelect (kgpu's guard, kgpu-cpu-define-division) or an OpBitwiseOr
with an odd constant (the generator's `| 1`); no NoSignedWrap/NoUnsignedWrap
decoration and no OpUndef. Then the known NVIDIA 580 patterns the kgc text
shows (a 64-bit min/max added or subtracted: b_push; `(s3 + s3)` compared:
k47_30). Prints one line per kernel; exit status 1 if any kernel's SPIR-V
is invalid or has an operation not shown to be defined.
"""

import os
import re
import subprocess
import sys
import tempfile


def disasm(spv):
    text = subprocess.run(["spirv-dis", "--raw-id", spv], stdout=subprocess.PIPE,
                          check=True).stdout.decode()
    defs, lines = {}, []
    for ln in text.splitlines():
        m = re.match(r"\s*(%\d+) = (Op\w+)\s*(.*)", ln)
        if m:
            defs[m.group(1)] = (m.group(2), m.group(3).split())
        lines.append(ln.strip())
    return defs, lines


def int_width(defs, ty):
    op, args = defs.get(ty, ("", []))
    return int(args[0]) if op == "OpTypeInt" else None


def const(defs, v):
    op, args = defs.get(v, ("", []))
    if op != "OpConstant":
        return None
    w = int_width(defs, args[0])
    if w is None:
        return None
    x = int(args[1], 0)
    return x & ((1 << w) - 1), w


def masked_below(defs, v, width, depth=0):
    """True when value v is provably in [0, width)."""
    c = const(defs, v)
    if c is not None:
        return c[0] < width
    op, args = defs.get(v, ("", []))
    if depth > 4:
        return False
    if op in ("OpUConvert", "OpSConvert", "OpBitcast"):
        return masked_below(defs, args[1], width, depth + 1)
    if op == "OpSelect":
        # both values in range, or min(x, C): select(x > C, C, x), C < width
        if all(masked_below(defs, x, width, depth + 1) for x in args[2:4]):
            return True
        # (or the expansion of arith.minui: select(x < C, x, C))
        cop, cargs = defs.get(args[1], ("", []))
        c = const(defs, args[2])
        if cop == "OpUGreaterThan" and c is not None and c[0] < width and \
                cargs[1:3] == [args[3], args[2]]:
            return True
        c = const(defs, args[3])
        return cop == "OpULessThan" and c is not None and c[0] < width and \
            cargs[1:3] == [args[2], args[3]]
    if op == "OpExtInst" and len(args) >= 5 and args[2] == "UMin":
        # GLSL.std.450 UMin(x, C) with C < width (a 64-bit arith.minui)
        return any(const(defs, x) is not None and const(defs, x)[0] < width
                   for x in args[3:5])
    if op == "OpBitwiseAnd":
        for x in args[1:3]:
            c = const(defs, x)
            if c is not None and c[0] < width:
                return True
        return any(masked_below(defs, x, width, depth + 1) for x in args[1:3])
    return False


def divisor_ok(defs, op, v):
    c = const(defs, v)
    if c is not None:
        x, w = c
        return x != 0 and not (op in ("OpSDiv", "OpSRem", "OpSMod") and x == (1 << w) - 1)
    dop, args = defs.get(v, ("", []))
    if dop == "OpSelect":
        return True
    if dop == "OpBitwiseOr":
        return any(const(defs, x) is not None and const(defs, x)[0] & 1 for x in args[1:3])
    return False


def check(spv):
    defs, lines = disasm(spv)
    bad, n_shift, n_div = [], 0, 0
    for r, (op, args) in defs.items():
        if op.startswith("OpShift"):
            n_shift += 1
            w = int_width(defs, args[0])
            if w is None or not masked_below(defs, args[2], w):
                bad.append("%s = %s %s" % (r, op, " ".join(args)))
        elif op in ("OpUDiv", "OpSDiv", "OpUMod", "OpSRem", "OpSMod"):
            n_div += 1
            if not divisor_ok(defs, op, args[2]):
                bad.append("%s = %s %s" % (r, op, " ".join(args)))
        elif op == "OpUndef":
            bad.append("%s = OpUndef" % r)
    for ln in lines:
        if "NoSignedWrap" in ln or "NoUnsignedWrap" in ln:
            bad.append(ln)
    return bad, n_shift, n_div


def patterns(src):
    body = "\n".join(ln for ln in src.splitlines() if not ln.startswith("//"))
    found = []
    if re.search(r"(-=?|\+=?)\s*\(*\s*(max|min)\(|\b(max|min)\((?:[^;]*?)\)\)*\s*[-+]\s", body):
        found.append("minmax-addsub")
    if re.search(r"\(s3 \+ s3\) (<|<=|>|>=)", body):
        found.append("s3+s3-compare")
    return found


def main(argv):
    translate, files = argv[1], argv[2:]
    tmp = tempfile.mkdtemp()
    status = 0
    for f in files:
        name = os.path.splitext(os.path.basename(f))[0]
        spv = os.path.join(tmp, name + ".spv")
        p = subprocess.run([translate, f, "--targets=vulkan", "--fp-contract=off",
                            "--emit=spirv", "-o", spv], stderr=subprocess.PIPE)
        if p.returncode:
            print("%s: compile failed: %s" % (name, p.stderr.decode().strip()[-200:]))
            status = 1
            continue
        v = subprocess.run(["spirv-val", "--target-env", "vulkan1.1", spv],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        bad, ns, nd = check(spv)
        pats = patterns(open(f).read())
        ok = v.returncode == 0 and not bad
        status |= 0 if ok else 1
        print("%-8s spirv-val %s; %d shifts, %d divisions: %s; patterns: %s" % (
            name, "ok" if v.returncode == 0 else "FAILED",
            ns, nd, "all defined" if not bad else "NOT SHOWN DEFINED: " + "; ".join(bad[:3]),
            " ".join(pats) or "-"))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
