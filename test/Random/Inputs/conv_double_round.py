"""Inputs of conv_double_round.kgc: 128 64-bit integers, most of them just
above a float's midpoint (where rounding to double first rounds down to the
midpoint, then to float to even: one rounding gives the float above), the
rest random. conv_double_round.py OUT"""
import random
import struct
import sys
r = random.Random(393)
vals = []
for k in range(128):
    if k % 4 == 3:
        vals.append(r.getrandbits(64))
        continue
    n = r.randint(55, 64)                       # bits of the value
    m = (1 << 23) | (r.getrandbits(23) & ~1)    # even 24-bit float significand
    sh = n - 24
    v = (m << sh) + (1 << (sh - 1)) + r.randint(1, (1 << (sh - 54 + 24)) - 1 if sh > 30 else 1)
    vals.append(v & ((1 << 64) - 1))
open(sys.argv[1], "wb").write(struct.pack("<128Q", *vals))
