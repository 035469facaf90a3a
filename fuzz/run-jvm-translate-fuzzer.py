#!/usr/bin/env python3
"""Mutation fuzzing of the JVM frontend's translator, not only its reader.

Takes the class files in SEEDS (e.g. what javac writes for the JVM corpus),
mutates them (bit flips, byte overwrites with boundary values, inserted and
deleted runs, spliced chunks of other seeds, mutated operand bytes of the
bytecode) and runs each mutant through `kgpu-translate FILE --emit=kgpu`,
i.e. the class-file reader, the bytecode translation, kgpu-frontend-cleanup,
the JVM passes and the kgpu-level verification. A bad input must give a
located error and exit status 1; a signal, a timeout, `LLVM ERROR`, an
assertion or a stack dump is a failure (the input is kept in WORK).

Usage: run-jvm-translate-fuzzer.py --kgpu-translate BIN --seeds DIR
         [--runs N | --seconds S] [--seed K] [--work DIR]
"""
import argparse
import os
import random
import subprocess
import sys
import time

BAD = ("LLVM ERROR", "Assertion", "Stack dump", "PLEASE submit a bug report",
       "AddressSanitizer", "runtime error:")
INTERESTING = [0x00, 0x01, 0x7F, 0x80, 0xFF, 0xFE, 0x10, 0x20, 0x40]


def mutate(rng, data, seeds):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if not data:
            data = bytearray(rng.choice(seeds))
        op = rng.randrange(6)
        pos = rng.randrange(len(data))
        if op == 0:
            data[pos] ^= 1 << rng.randrange(8)
        elif op == 1:
            data[pos] = rng.choice(INTERESTING)
        elif op == 2:
            n = rng.randint(1, 8)
            data[pos:pos] = bytes(rng.randrange(256) for _ in range(n))
        elif op == 3:
            del data[pos:pos + rng.randint(1, 16)]
        elif op == 4:
            other = rng.choice(seeds)
            start = rng.randrange(len(other))
            data[pos:pos + rng.randint(1, 32)] = other[start:start + rng.randint(1, 32)]
        else:
            # Past the constant pool most bytes are code: small values there
            # are opcodes, local slots and branch offsets.
            lo = len(data) // 2
            p = rng.randrange(lo, len(data))
            data[p] = rng.randrange(0, 0xCA)
    return bytes(data)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kgpu-translate", required=True)
    ap.add_argument("--seeds", required=True)
    ap.add_argument("--runs", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work", default="/tmp/jvm-translate-fuzz")
    args = ap.parse_args()
    seeds = []
    for root, _, files in os.walk(args.seeds):
        for f in sorted(files):
            if f.endswith(".class"):
                seeds.append(open(os.path.join(root, f), "rb").read())
    if not seeds:
        sys.exit("jvm translate fuzzer: no seed class files in " + args.seeds)
    os.makedirs(args.work, exist_ok=True)
    rng = random.Random(args.seed)
    start = time.time()
    runs = errors = translated = failures = 0
    while True:
        if args.runs and runs >= args.runs:
            break
        if args.seconds and time.time() - start >= args.seconds:
            break
        if not args.runs and not args.seconds and runs >= 1000:
            break
        data = mutate(rng, rng.choice(seeds), seeds)
        path = os.path.join(args.work, "input.class")
        with open(path, "wb") as f:
            f.write(data)
        try:
            p = subprocess.run([args.kgpu_translate, path, "--emit=kgpu", "-o", os.devnull],
                               capture_output=True, text=True, errors="replace", timeout=20)
            out = p.stdout + p.stderr
            bad = p.returncode < 0 or p.returncode > 1 or any(b in out for b in BAD)
            why = "exit %d" % p.returncode
        except subprocess.TimeoutExpired:
            bad, why, out = True, "timeout", ""
        runs += 1
        if bad:
            failures += 1
            keep = os.path.join(args.work, "failure-%d.class" % failures)
            with open(keep, "wb") as f:
                f.write(data)
            print("FAIL (%s): %s\n%s" % (why, keep, out[-2000:]))
        elif p.returncode == 0:
            translated += 1
        else:
            errors += 1
    print("jvm translate fuzzer: %d runs (%d translated, %d rejected with an "
          "error), %d failures, %.0f s" % (runs, translated, errors, failures,
                                            time.time() - start))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
