#!/usr/bin/env python3
"""Compiles every kgc corpus kernel for every target and validates the output.

  cuda:   --emit=ptx, then ptxas -arch=sm_90a (when --ptxas is given)
  vulkan: per kernel --emit=spirv + spirv-val --target-env vulkan1.1
          (vulkan1.3 for SPIR-V 1.6),
          --emit=glsl + glslangValidator -V --target-env vulkan1.1
  cpu:    --emit=cpu, an ELF shared object exporting kgpu_cpu_<kernel>

Known limitations are listed in expected-failures.txt as
`<corpus file stem> <target> <substring of the expected error>`; an expected
failure that passes, or fails differently, is an error too. Prints the
kernels x targets table; exits 1 on any unexpected result.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def kernels_of(translate, path):
    rc, out, err = run([translate, path, "--emit=kgpu"])
    if rc != 0:
        raise RuntimeError(err)
    names = []
    for line in out.decode().splitlines():
        m = re.match(r"\s*func\.func @(\w+)\(.*attributes \{.*kgpu\.kernel", line)
        if m:
            names.append(m.group(1))
    return names


def check_cuda(args, path, kernels, tmp):
    ptx = os.path.join(tmp, "k.ptx")
    rc, _, err = run([args.translate, path, "--emit=ptx", "-o", ptx])
    if rc != 0:
        return err
    if args.ptxas:
        rc, _, err = run([args.ptxas, "-arch=sm_90a", ptx, "-o",
                          os.path.join(tmp, "k.cubin")])
        if rc != 0:
            return "ptxas: " + err
    return None


def check_vulkan(args, path, kernels, tmp):
    for k in kernels:
        spv = os.path.join(tmp, k + ".spv")
        rc, _, err = run([args.translate, path, "--kernel", k,
                          "--emit=spirv", "-o", spv])
        if rc != 0:
            return err
        if args.spirv_val:
            # The oldest Vulkan that takes the binary's SPIR-V version (1.6,
            # Vulkan 1.3, for cooperative matrices).
            with open(spv, "rb") as f:
                minor = f.read(8)[5]
            env = "vulkan1.3" if minor >= 6 else "vulkan1.1"
            rc, out, err = run([args.spirv_val, "--target-env", env, spv])
            # SPIRV-Tools before 2023.3 does not know SPV_KHR_cooperative_matrix
            # (capability 6022): such a binary cannot be validated here.
            if rc != 0 and "Invalid capability operand: 6022" not in (
                    err + out.decode()):
                return "spirv-val: " + err + out.decode()
        comp = os.path.join(tmp, k + ".comp")
        rc, _, err = run([args.translate, path, "--kernel", k, "--emit=glsl",
                          "-o", comp])
        if rc != 0:
            return err
        if args.glslang:
            rc, out, err = run([args.glslang, "-V", "--target-env",
                                "vulkan1.1", comp, "-o",
                                os.path.join(tmp, k + ".glsl.spv")])
            if rc != 0:
                return "glslangValidator: " + out.decode() + err
    return None


def check_cpu(args, path, kernels, tmp):
    so = os.path.join(tmp, "k.so")
    rc, _, err = run([args.translate, path, "--emit=cpu", "-o", so])
    if rc != 0:
        return err
    with open(so, "rb") as f:
        if f.read(4) != b"\x7fELF":
            return "not an ELF file"
    rc, out, err = run(["nm", "-D", "--defined-only", so])
    if rc != 0:
        return "nm: " + err
    for k in kernels:
        if ("kgpu_cpu_" + k).encode() not in out:
            return "kgpu_cpu_%s is not exported" % k
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--translate", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--ptxas")
    ap.add_argument("--spirv-val")
    ap.add_argument("--glslang")
    ap.add_argument("--expected", required=True)
    args = ap.parse_args()

    expected = {}
    with open(args.expected) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                stem, target, text = line.split(None, 2)
                expected[(stem, target)] = text

    checks = [("cuda", check_cuda), ("vulkan", check_vulkan),
              ("cpu", check_cpu)]
    problems = []
    rows = []
    for name in sorted(os.listdir(args.corpus)):
        if not name.endswith(".kgc"):
            continue
        stem = name[:-4]
        path = os.path.join(args.corpus, name)
        try:
            kernels = kernels_of(args.translate, path)
        except RuntimeError as e:
            problems.append("%s: does not import: %s" % (stem, e))
            continue
        row = [stem, str(len(kernels))]
        for target, check in checks:
            with tempfile.TemporaryDirectory() as tmp:
                error = check(args, path, kernels, tmp)
            want = expected.get((stem, target))
            if error is None and want is None:
                row.append("ok")
            elif error is not None and want is not None and want in error:
                row.append("expected-error")
            elif error is None:
                row.append("UNEXPECTED-PASS")
                problems.append("%s/%s: passes but is listed as expected "
                                "to fail" % (stem, target))
            else:
                row.append("FAIL")
                problems.append("%s/%s: %s" % (stem, target, error.strip()))
        rows.append(row)

    print("%-20s %7s %-15s %-15s %-15s" % ("kernel file", "kernels", "cuda",
                                           "vulkan", "cpu"))
    for row in rows:
        print("%-20s %7s %-15s %-15s %-15s" % tuple(row))
    for p in problems:
        print("error: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
