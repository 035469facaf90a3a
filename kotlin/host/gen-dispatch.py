#!/usr/bin/env python3
"""Writes src/dev/kgpu/kotlin/host/Dispatch.kt: KgpuGpu.dispatch overloads
for kernels of 0 to N parameters, 1D (size) and 2D/3D (Grid) launches.
test/JVMPackaging/kotlin-dispatch-generated.test checks the file is current."""
import os
import sys

N = 10
HEAD = """// Typed launches (docs/kotlin-host.md): gpu.dispatch(n, ::kernel, args...),
// checked by the Kotlin compiler against the kernel's signature, without a
// compiler plugin. Written by kotlin/host/gen-dispatch.py (0 to %d parameters):
// edit and rerun that script, not this file.
package dev.kgpu.kotlin.host

""" % N
GRID = """
/** A 2D (`Grid(w, h)`) or 3D (`Grid(w, h, d)`) launch size for [KgpuGpu.dispatch]. */
class Grid private constructor(internal val dims: IntArray) {
    constructor(width: Int, height: Int) : this(intArrayOf(width, height))
    constructor(width: Int, height: Int, depth: Int) : this(intArrayOf(width, height, depth))

    override fun toString(): String = dims.joinToString("x")
}

internal fun KgpuGpu.dispatchAny(dims: IntArray, kernelName: String, args: List<Any?>): KgpuResult =
    kernel(kernelName).launch(dims, args, writeBack = true)
"""
FUN = """
/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a %s launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun %sKgpuGpu.dispatch(%s, kernel: %s%s): KgpuResult =
    dispatchAny(%s, kernel.name, %s)
"""


def generate():
    out = [HEAD]
    out += ["import kotlin.reflect.KFunction%d\n" % n for n in range(N + 1)]
    out.append(GRID)
    for n in range(N + 1):
        tps = ", ".join("P%d" % i for i in range(1, n + 1))
        gen = "<%s> " % tps if n else ""
        ktype = "KFunction%d<%s%sUnit>" % (n, tps, ", " if n else "")
        params = "".join(", p%d: P%d" % (i, i) for i in range(1, n + 1))
        args = "listOf(%s)" % ", ".join("p%d" % i for i in range(1, n + 1))
        for form, first, dims in [("1D", "size: Int", "intArrayOf(size)"),
                                  ("2D/3D", "grid: Grid", "grid.dims")]:
            out.append(FUN % (form, gen, first, ktype, params, dims, args))
    return "".join(out)


if __name__ == "__main__":
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        "src", "dev", "kgpu", "kotlin", "host", "Dispatch.kt")
    if sys.argv[1:] == ["--check"]:
        with open(path) as f:
            if f.read() != generate():
                sys.exit("%s is not what gen-dispatch.py writes: rerun it" % path)
        sys.exit(0)
    with open(path, "w") as f:
        f.write(generate())
