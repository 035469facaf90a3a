#!/usr/bin/env python3
"""Writes a kgc kernel of a given size for the compile-time scaling benchmark.

    gen_scaling.py barriers N     N sequential barriers (local memory between)
    gen_scaling.py init N         a private array of N constant initializers
    gen_scaling.py stmts N        N straight-line statements
    gen_scaling.py bytes N        about N bytes of source (statements)

The kernel goes to standard output. See README.md ("Scaling").
"""
import sys


def barriers(n):
    out = ["kernel void k(global float* restrict out) {",
           "  local float t[256];",
           "  int l = local_id(0);",
           "  float acc = 0.0f;",
           "  t[l] = (float)l;"]
    # Read and write phases alternate between the barriers (no races).
    for i in range(n):
        out.append("  barrier();")
        if i % 2 == 0:
            out.append("  acc += t[(l + %d) %% 256];" % (i % 255 + 1))
        else:
            out.append("  t[l] = acc * 0.5f;")
    out.append("  out[global_id(0)] = acc;")
    out.append("}")
    return "\n".join(out) + "\n"


def init(n):
    vals = ", ".join("%d.%df" % (i % 97, i % 10) for i in range(n))
    return ("kernel void k(global float* restrict out, int n) {\n"
            "  float t[%d] = {%s};\n"
            "  int i = global_id(0);\n"
            "  out[i] = t[(i * 7) %% %d] + t[n %% %d];\n"
            "}\n" % (n, vals, n, n))


def stmts(n):
    out = ["kernel void k(global float* restrict out, global const float* restrict in) {",
           "  int i = global_id(0);",
           "  float a = in[i];",
           "  float b = a * 0.5f;"]
    for j in range(n):
        if j % 3 == 0:
            out.append("  a = a * 1.0001f + b;")
        elif j % 3 == 1:
            out.append("  b = b - a * 0.25f;")
        else:
            out.append("  out[i] = a + b;")
    out.append("  out[i] = a + b;")
    out.append("}")
    return "\n".join(out) + "\n"


def main():
    kind, n = sys.argv[1], int(sys.argv[2])
    if kind == "bytes":
        # ~22 bytes a statement.
        sys.stdout.write(stmts(max(1, n // 22)))
    else:
        sys.stdout.write({"barriers": barriers, "init": init,
                          "stmts": stmts}[kind](n))


if __name__ == "__main__":
    main()
