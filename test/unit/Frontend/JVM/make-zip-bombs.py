#!/usr/bin/env python3
"""Writes the zip-bomb inputs of ClassPathTest.cpp into the directory given
as the only argument:

  bomb.jar        one member, a.class, of 80 MiB of zeros (deflated to about
                  80 KiB): over the class path's 64 MiB limit by its stated
                  size.
  lying-bomb.jar  the same member with its stated uncompressed size patched
                  to 1000 bytes in both the local header and the central
                  directory: the limit must hold on the bytes that really
                  come out, not on the claim.
"""
import struct
import sys
import zipfile
import zlib

out = sys.argv[1]
size = 80 << 20
with zipfile.ZipFile(out + "/bomb.jar", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("a.class", b"\0" * size)

data = bytearray(open(out + "/bomb.jar", "rb").read())


def patch(sig, size_offset):
    pos = 0
    while True:
        pos = data.find(sig, pos)
        if pos < 0:
            return
        struct.pack_into("<I", data, pos + size_offset, 1000)
        pos += 4


patch(b"PK\x03\x04", 22)  # local file header: uncompressed size
patch(b"PK\x01\x02", 24)  # central directory: uncompressed size
open(out + "/lying-bomb.jar", "wb").write(bytes(data))
