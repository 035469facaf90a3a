#!/usr/bin/env python3
"""An independent implementation of kgpu's random numbers (docs/kotlin-api.md)
in Python: checks the outputs of the randomNumbers corpus kernel.

  pcg.py SEED N INTS FLOATS BELOW
"""
import struct
import sys

M = 0xffffffff


def pcg(v):
    state = (v * 747796405 + 2891336453) & M
    word = (((state >> ((state >> 28) + 4)) ^ state) * 277803737) & M
    return ((word >> 22) ^ word) & M


def random_int(seed, index, stream=0):
    return pcg((pcg((pcg(seed & M) + index) & M) + stream) & M)


def main():
    seed, n = int(sys.argv[1]), int(sys.argv[2])
    ints = struct.unpack("<%dI" % (2 * n), open(sys.argv[3], "rb").read())
    floats = open(sys.argv[4], "rb").read()
    below = struct.unpack("<%di" % n, open(sys.argv[5], "rb").read())
    bad = 0
    for i in range(n):
        want_f = struct.pack("<f", (random_int(seed, i, 1) >> 8) * 2.0 ** -24)
        checks = [
            (ints[i], random_int(seed, i, 0)),
            (ints[i + n], random_int(seed, i, 0)),
            (floats[4 * i:4 * i + 4], want_f),
            (below[i], (random_int(seed, i, 2) * 10) >> 32),
        ]
        for got, want in checks:
            if got != want:
                bad += 1
                if bad < 5:
                    print("index %d: got %r, want %r" % (i, got, want))
    print("pcg: %d of %d values differ" % (bad, 4 * n))
    print("pcg: randomInt(%d, 0, 0) = %d" % (seed, random_int(seed, 0)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
