#!/usr/bin/env python3
"""Checks that a file is a valid 8-bit RGB PNG of the given size.

usage: check_png.py FILE WIDTH HEIGHT

Verifies the signature, every chunk's CRC-32, the IHDR fields, that IDAT
inflates (zlib) to one filter byte plus 3 * WIDTH bytes per row, that it is
compressed, and IEND; prints the tEXt entries.
Prints "PNG OK WxH" or the problem (exit 1).
"""
import struct
import sys
import zlib


def fail(message):
    print("PNG BAD: " + message)
    sys.exit(1)


def main():
    path, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("bad signature")
    pos, chunks = 8, []
    while pos < len(data):
        if pos + 12 > len(data):
            fail("truncated chunk at %d" % pos)
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            fail("bad CRC of chunk %r" % kind)
        chunks.append((kind, body))
        pos += 12 + length
    kinds = [k for k, _ in chunks]
    if kinds[0] != b"IHDR" or kinds[-1] != b"IEND" or b"IDAT" not in kinds:
        fail("chunks %r" % kinds)
    w, h, depth, colour, comp, filt, interlace = struct.unpack(
        ">IIBBBBB", chunks[0][1])
    if (w, h) != (width, height):
        fail("IHDR says %dx%d, expected %dx%d" % (w, h, width, height))
    if (depth, colour, comp, filt, interlace) != (8, 2, 0, 0, 0):
        fail("not 8-bit RGB: %r" % ((depth, colour, comp, filt, interlace),))
    raw = zlib.decompress(b"".join(b for k, b in chunks if k == b"IDAT"))
    row = 1 + 3 * w
    if len(raw) != row * h:
        fail("%d bytes of image data, expected %d" % (len(raw), row * h))
    if any(raw[y * row] > 4 for y in range(h)):
        fail("unknown row filter")
    # Compressed: the deflate stream is smaller than the image data.
    idat = sum(len(b) for k, b in chunks if k == b"IDAT")
    if idat >= len(raw):
        fail("image data not compressed (%d bytes for %d)" % (idat, len(raw)))
    print("PNG OK %dx%d" % (w, h))
    for k, b in chunks:
        if k == b"tEXt":
            key, _, value = b.partition(b"\0")
            print("TEXT %s: %s" % (key.decode("latin-1"),
                                   value.decode("latin-1").replace("\n", " | ")))


if __name__ == "__main__":
    main()
