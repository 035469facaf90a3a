#!/usr/bin/env python3
"""Writes OUT: a bundle (format 2, correct checksum) whose manifest nests
arrays DEPTH deep (the JSON reader recursed once per level).

Usage: deep-manifest.py OUT DEPTH
"""
import hashlib
import struct
import sys

out, depth = sys.argv[1], int(sys.argv[2])
manifest = (b'{"kernels": [], "payloads": [], "x": ' + b"[" * depth +
            b"]" * depth + b"}")
open(out, "wb").write(b"KGPUBNDL" + struct.pack("<II", 2, len(manifest)) +
                      hashlib.sha256(manifest).digest() + manifest)
