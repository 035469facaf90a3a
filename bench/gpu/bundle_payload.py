#!/usr/bin/env python3
"""Takes a kernel's SPIR-V out of a .kgpu bundle (docs/bundle.md) for the
Vulkan probes (bench/gpu/vkprobe-mem.cpp bisect --kgpu):

    bundle_payload.py BUNDLE KERNEL OUT.spv

writes the kernel's first vulkan/spirv payload (checksum verified) to
OUT.spv and prints its interface on one line, "BX BY PN PA SIZE": the
bindings of its first two buffer parameters and the push-constant offsets
of its first two scalar parameters, and the block's size. Exit status 1
with a message when the bundle or kernel does not fit (a bad file, no such
kernel, no SPIR-V, scalars not in push constants)."""
import hashlib
import json
import struct
import sys


def fail(msg):
    sys.stderr.write("bundle_payload.py: error: %s\n" % msg)
    sys.exit(1)


def main():
    if len(sys.argv) != 4:
        fail("usage: bundle_payload.py BUNDLE KERNEL OUT.spv")
    path, kernel, out = sys.argv[1:]
    try:
        data = open(path, "rb").read()
    except OSError as e:
        fail("cannot read '%s': %s" % (path, e.strerror))
    if len(data) < 48 or data[:8] != b"KGPUBNDL":
        fail("'%s' is not a kgpu bundle" % path)
    version, size = struct.unpack_from("<II", data, 8)
    if version != 2 or 48 + size > len(data):
        fail("'%s': unsupported version %d or bad manifest size" % (path, version))
    manifest = data[48:48 + size]
    if hashlib.sha256(manifest).digest() != data[16:48]:
        fail("'%s': the manifest does not match its checksum" % path)
    m = json.loads(manifest)
    area = data[48 + size:]
    k = next((k for k in m["kernels"] if k["name"] == kernel), None)
    if k is None:
        fail("'%s' has no kernel '%s'" % (path, kernel))
    p = next((p for p in m["payloads"] if p.get("target") == "vulkan"
              and p.get("format") == "spirv" and p.get("kernel") == kernel), None)
    if p is None:
        fail("'%s' has no SPIR-V for kernel '%s'" % (path, kernel))
    blob = area[p["offset"]:p["offset"] + p["size"]]
    if len(blob) != p["size"] or hashlib.sha256(blob).hexdigest() != p["sha256"]:
        fail("'%s': the SPIR-V of '%s' is damaged" % (path, kernel))
    scalars = k.get("vulkan", {}).get("scalars", {})
    if scalars.get("storage") != "push_constant":
        fail("kernel '%s' does not take its scalars as push constants" % kernel)
    params = k["params"]
    buffers = [i for i, q in enumerate(params) if q["kind"] == "buffer"]
    offsets = {mm["param"]: mm["offset"] for mm in scalars["members"]}
    scalar = [offsets[i] for i, q in enumerate(params) if q["kind"] == "scalar"]
    if len(buffers) < 2 or len(scalar) < 2:
        fail("kernel '%s' has fewer than two buffers or two scalars" % kernel)
    open(out, "wb").write(blob)
    print(buffers[0], buffers[1], scalar[0], scalar[1], scalars["size"])


if __name__ == "__main__":
    main()
