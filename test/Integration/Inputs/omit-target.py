#!/usr/bin/env python3
"""Rewrites bundle IN as OUT with "omitted_targets": {TARGET: REASON} added to
its manifest (and the manifest checksum updated), as kgpu-translate writes
for a target that cannot compile the kernels.

Usage: omit-target.py IN OUT TARGET REASON
"""
import hashlib
import json
import struct
import sys

src, dst, target, reason = sys.argv[1:5]
data = open(src, "rb").read()
size = struct.unpack_from("<I", data, 12)[0]
manifest = json.loads(data[48:48 + size])
manifest["omitted_targets"] = {target: reason}
text = json.dumps(manifest, indent=2).encode()
out = (data[:8] + struct.pack("<II", 2, len(text)) +
       hashlib.sha256(text).digest() + text + data[48 + size:])
open(dst, "wb").write(out)
