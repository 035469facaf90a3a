#!/usr/bin/env python3
"""Writes the seed corpus of the bundle fuzzer into DIR: bundles compiled from
the kgc corpus (by KGPU_TRANSLATE) and the corruptions that used to crash the
runtime: edited manifests, flipped payload bytes (ELF program headers,
SPIR-V words), truncations, a manifest nested 50,000 deep, version 1
headers. Manifest-mode seeds (first byte odd) hold plain manifests.

Usage: make-bundle-seeds.py KGPU_TRANSLATE REPO DIR
"""
import hashlib
import os
import struct
import subprocess
import sys

translate, repo, out = sys.argv[1:4]
os.makedirs(out, exist_ok=True)
corpus = os.path.join(repo, "test", "Frontend", "KGC", "corpus")


def write(name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)


def bundle(manifest, payloads=b""):
    return (b"KGPUBNDL" + struct.pack("<II", 2, len(manifest)) +
            hashlib.sha256(manifest).digest() + manifest + payloads)


for kernel in ["saxpy", "dot_product", "vector_add"]:
    path = os.path.join(out, kernel + ".kgpu")
    subprocess.check_call([translate, os.path.join(corpus, kernel + ".kgc"),
                           "--targets=cpu,vulkan", "-o", path])
    good = open(path, "rb").read()
    size = struct.unpack_from("<I", good, 12)[0]
    manifest = good[48:48 + size]
    payloads = good[48 + size:]
    # Manifest mode: the manifest alone.
    write(kernel + ".manifest", b"\x01" + manifest)
    # An edited manifest (type changed in place): checksum mismatch.
    write(kernel + ".edited", good.replace(b'"f32"', b'"i32"', 1))
    # The same edit with a fixed-up manifest checksum.
    edited = manifest.replace(b'"f32"', b'"i32"', 1)
    write(kernel + ".edited-rehashed", bundle(edited, payloads))
    # Flipped payload bytes: ELF header and program headers, SPIR-V words.
    elf = good.find(b"\x7fELF")
    for off in (0x10, 0x20, 0x38, 0x40, 0x58):
        bad = bytearray(good)
        bad[elf + off] ^= 0xff
        write("%s.elf-%x" % (kernel, off), bytes(bad))
    spirv = good.find(struct.pack("<I", 0x07230203))
    for off in (4, 12, 20, 24, 40):
        bad = bytearray(good)
        bad[spirv + off] ^= 0x5a
        write("%s.spirv-%d" % (kernel, off), bytes(bad))
    for n in (16, 48, 48 + size // 2, len(good) - 1):
        write("%s.trunc-%d" % (kernel, n), good[:n])
    v1 = bytearray(good)
    struct.pack_into("<I", v1, 8, 1)
    write(kernel + ".v1", bytes(v1))

deep = b'{"kernels": [], "payloads": [], "x": ' + b"[" * 50000 + b"]" * 50000 + b"}"
write("deep.kgpu", bundle(deep))
write("deep.manifest", b"\x01" + deep)
write("omitted.manifest", b'\x01{"kernels": [], "payloads": [], '
      b'"omitted_targets": {"cpu": "k.kgc:1:1: error: no"}}')
write("empty", b"")
