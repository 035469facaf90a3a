#!/usr/bin/env python3
"""Prints the constants of kgpu-spirv-expand-math (lib/Conversion/KgpuToSPIRV/
ExpandMath.cpp): pi/2, ln 2 and friends split into pieces whose products with
small integers are exact (Cody-Waite range reduction), and the Taylor
coefficients of the kernels on the reduced ranges, each an exact rational
rounded once to double. Only the Python standard library: pi by Machin's
formula and ln 2 by atanh series in exact integer arithmetic.

  python3 scripts/f64-math-constants.py
"""
from fractions import Fraction as F

BITS = 400
ONE = 1 << BITS


def arctan_inv(n):  # atan(1/n) * 2^BITS
    total, term, k, sign = 0, ONE // n, 1, 1
    n2 = n * n
    while term:
        total += sign * (term // k)
        term //= n2
        k += 2
        sign = -sign
    return total


def atanh_inv(n):  # atanh(1/n) * 2^BITS
    total, term, k = 0, ONE // n, 1
    n2 = n * n
    while term:
        total += term // k
        term //= n2
        k += 2
    return total


PI = F(4 * (4 * arctan_inv(5) - arctan_inv(239)), ONE)
LN2 = F(2 * atanh_inv(3), ONE)          # ln 2 = 2 atanh(1/3)
LN10 = 3 * LN2 + F(2 * atanh_inv(9), ONE)  # ln 10 = ln 8 + 2 atanh(1/9)


def chop(x, bits):
    """x truncated to `bits` significant bits (toward zero)."""
    if x == 0:
        return F(0)
    e = 0
    a = abs(x)
    while a >= 1:
        a /= 2
        e += 1
    while a < F(1, 2):
        a *= 2
        e -= 1
    m = int(a * (1 << bits))
    r = F(m, 1 << bits) * F(2) ** e
    return r if x > 0 else -r


def split(x, bits, pieces):
    out = []
    for _ in range(pieces - 1):
        hi = chop(x, bits)
        out.append(hi)
        x -= hi
    out.append(x)
    return out


def d(x):
    return float(x).hex()


def emit(name, value):
    print(f"constexpr double {name} = {d(value)}; // {float(value)!r}")


PIO2 = PI / 2
for i, p in enumerate(split(PIO2, 27, 5)):
    emit(f"kPiO2Part{i + 1}", p)
hi = F(float(PIO2)); emit("kPiO2Hi", hi); emit("kPiO2Lo", PIO2 - hi)
hi = F(float(PI)); emit("kPiHi", hi); emit("kPiLo", PI - hi)
hi = F(float(PI / 4)); emit("kPiO4Hi", hi); emit("kPiO4Lo", PI / 4 - hi)
emit("kTwoOverPi", 2 / PI)
ln2hi = chop(LN2, 42)
emit("kLn2Hi", ln2hi); emit("kLn2Lo", LN2 - ln2hi)
l2h = F(float(LN2)); emit("kLn2Full", l2h); emit("kLn2FullLo", LN2 - l2h)
emit("kLog2E", 1 / LN2)
emit("kInvLn10", 1 / LN10)
l102 = LN2 / LN10
hi = chop(l102, 42); emit("kLog10Of2Hi", hi); emit("kLog10Of2Lo", l102 - hi)


def fact(n):
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r


def table(name, coeffs):
    print(f"constexpr double {name}[] = {{")
    for c in coeffs:
        print(f"    {d(c)}, // {c}")
    print("};")


# exp and expm1 on |r| <= ln2/2: 1/k!, k = 0..14.
table("kExpTaylor", [F(1, fact(k)) for k in range(15)])
# sin r = r + r z S(z), S = sum_{k>=1} (-1)^k z^(k-1)/(2k+1)!, up to r^19.
table("kSinTaylor", [F((-1) ** k, fact(2 * k + 1)) for k in range(1, 10)])
# cos r = 1 + z C(z), C = sum_{k>=1} (-1)^k z^(k-1)/(2k)!, up to r^20.
table("kCosTaylor", [F((-1) ** k, fact(2 * k)) for k in range(1, 11)])
# atan u = u + u z A(z), A = sum_{k>=1} (-1)^k z^(k-1)/(2k+1), |u| <= tan(pi/8).
table("kAtanTaylor", [F((-1) ** k, 2 * k + 1) for k in range(1, 24)])
# log(1+f) = f - f^2/2 + s (f^2/2 + R), R = sum_{k>=1} 2 s^(2k)/(2k+1).
table("kLogTaylor", [F(2, 2 * k + 1) for k in range(1, 13)])
# f32 atan2: pi and pi/2 as a float plus the rest.
import struct


def f32(x):
    return struct.unpack("f", struct.pack("f", float(x)))[0]


for nm, v in [("kPiO2F32", PIO2), ("kPiF32", PI)]:
    hi = F(f32(v))
    print(f"constexpr float {nm}Hi = {float(hi).hex()}f; constexpr float {nm}Lo = {f32(v - hi).hex()}f;")
