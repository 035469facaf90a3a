#!/usr/bin/env python3
"""kgpu-run's rand:N[:SEED] generator for i32 (splitmix64, r >> 33), written
again in Python: checks that the JVM reference builds the same inputs and
sums them per block (the blockReduce case).

  splitmix.py N SEED BLOCK PARTIAL_FILE
"""
import struct
import sys


def rand_i32(n, seed):
    state = seed
    out = []
    for _ in range(n):
        state = (state + 0x9e3779b97f4a7c15) & (2 ** 64 - 1)
        z = state
        z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & (2 ** 64 - 1)
        z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & (2 ** 64 - 1)
        z ^= z >> 31
        out.append((z >> 33) & 0x7fffffff)
    return out


def main():
    n, seed, block = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    values = rand_i32(n, seed)
    want = []
    for b in range(n // block):
        s = sum(values[b * block:(b + 1) * block]) & 0xffffffff
        want.append(s - (1 << 32) if s >= 1 << 31 else s)
    got = list(struct.unpack("<%di" % (n // block), open(sys.argv[4], "rb").read()))
    print("splitmix: %s" % ("block sums match" if got == want else "MISMATCH %r %r" % (got[:4], want[:4])))
    return 0 if got == want else 1


if __name__ == "__main__":
    sys.exit(main())
