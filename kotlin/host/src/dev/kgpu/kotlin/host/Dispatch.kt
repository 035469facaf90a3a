// Typed launches (docs/kotlin-host.md): gpu.dispatch(n, ::kernel, args...),
// checked by the Kotlin compiler against the kernel's signature, without a
// compiler plugin. Written by kotlin/host/gen-dispatch.py (0 to 10 parameters):
// edit and rerun that script, not this file.
package dev.kgpu.kotlin.host

import kotlin.reflect.KFunction0
import kotlin.reflect.KFunction1
import kotlin.reflect.KFunction2
import kotlin.reflect.KFunction3
import kotlin.reflect.KFunction4
import kotlin.reflect.KFunction5
import kotlin.reflect.KFunction6
import kotlin.reflect.KFunction7
import kotlin.reflect.KFunction8
import kotlin.reflect.KFunction9
import kotlin.reflect.KFunction10

/** A 2D (`Grid(w, h)`) or 3D (`Grid(w, h, d)`) launch size for [KgpuGpu.dispatch]. */
class Grid private constructor(internal val dims: IntArray) {
    constructor(width: Int, height: Int) : this(intArrayOf(width, height))
    constructor(width: Int, height: Int, depth: Int) : this(intArrayOf(width, height, depth))

    override fun toString(): String = dims.joinToString("x")
}

internal fun KgpuGpu.dispatchAny(dims: IntArray, kernelName: String, args: List<Any?>): KgpuResult =
    kernel(kernelName).launch(dims, args, writeBack = true)

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 1D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun KgpuGpu.dispatch(size: Int, kernel: KFunction0<Unit>): KgpuResult =
    dispatchAny(intArrayOf(size), kernel.name, listOf())

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 2D/3D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun KgpuGpu.dispatch(grid: Grid, kernel: KFunction0<Unit>): KgpuResult =
    dispatchAny(grid.dims, kernel.name, listOf())

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 1D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1> KgpuGpu.dispatch(size: Int, kernel: KFunction1<P1, Unit>, p1: P1): KgpuResult =
    dispatchAny(intArrayOf(size), kernel.name, listOf(p1))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 2D/3D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1> KgpuGpu.dispatch(grid: Grid, kernel: KFunction1<P1, Unit>, p1: P1): KgpuResult =
    dispatchAny(grid.dims, kernel.name, listOf(p1))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 1D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2> KgpuGpu.dispatch(size: Int, kernel: KFunction2<P1, P2, Unit>, p1: P1, p2: P2): KgpuResult =
    dispatchAny(intArrayOf(size), kernel.name, listOf(p1, p2))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 2D/3D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2> KgpuGpu.dispatch(grid: Grid, kernel: KFunction2<P1, P2, Unit>, p1: P1, p2: P2): KgpuResult =
    dispatchAny(grid.dims, kernel.name, listOf(p1, p2))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 1D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3> KgpuGpu.dispatch(size: Int, kernel: KFunction3<P1, P2, P3, Unit>, p1: P1, p2: P2, p3: P3): KgpuResult =
    dispatchAny(intArrayOf(size), kernel.name, listOf(p1, p2, p3))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 2D/3D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3> KgpuGpu.dispatch(grid: Grid, kernel: KFunction3<P1, P2, P3, Unit>, p1: P1, p2: P2, p3: P3): KgpuResult =
    dispatchAny(grid.dims, kernel.name, listOf(p1, p2, p3))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 1D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3, P4> KgpuGpu.dispatch(size: Int, kernel: KFunction4<P1, P2, P3, P4, Unit>, p1: P1, p2: P2, p3: P3, p4: P4): KgpuResult =
    dispatchAny(intArrayOf(size), kernel.name, listOf(p1, p2, p3, p4))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 2D/3D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3, P4> KgpuGpu.dispatch(grid: Grid, kernel: KFunction4<P1, P2, P3, P4, Unit>, p1: P1, p2: P2, p3: P3, p4: P4): KgpuResult =
    dispatchAny(grid.dims, kernel.name, listOf(p1, p2, p3, p4))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 1D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3, P4, P5> KgpuGpu.dispatch(size: Int, kernel: KFunction5<P1, P2, P3, P4, P5, Unit>, p1: P1, p2: P2, p3: P3, p4: P4, p5: P5): KgpuResult =
    dispatchAny(intArrayOf(size), kernel.name, listOf(p1, p2, p3, p4, p5))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 2D/3D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3, P4, P5> KgpuGpu.dispatch(grid: Grid, kernel: KFunction5<P1, P2, P3, P4, P5, Unit>, p1: P1, p2: P2, p3: P3, p4: P4, p5: P5): KgpuResult =
    dispatchAny(grid.dims, kernel.name, listOf(p1, p2, p3, p4, p5))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 1D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3, P4, P5, P6> KgpuGpu.dispatch(size: Int, kernel: KFunction6<P1, P2, P3, P4, P5, P6, Unit>, p1: P1, p2: P2, p3: P3, p4: P4, p5: P5, p6: P6): KgpuResult =
    dispatchAny(intArrayOf(size), kernel.name, listOf(p1, p2, p3, p4, p5, p6))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 2D/3D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3, P4, P5, P6> KgpuGpu.dispatch(grid: Grid, kernel: KFunction6<P1, P2, P3, P4, P5, P6, Unit>, p1: P1, p2: P2, p3: P3, p4: P4, p5: P5, p6: P6): KgpuResult =
    dispatchAny(grid.dims, kernel.name, listOf(p1, p2, p3, p4, p5, p6))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 1D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3, P4, P5, P6, P7> KgpuGpu.dispatch(size: Int, kernel: KFunction7<P1, P2, P3, P4, P5, P6, P7, Unit>, p1: P1, p2: P2, p3: P3, p4: P4, p5: P5, p6: P6, p7: P7): KgpuResult =
    dispatchAny(intArrayOf(size), kernel.name, listOf(p1, p2, p3, p4, p5, p6, p7))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 2D/3D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3, P4, P5, P6, P7> KgpuGpu.dispatch(grid: Grid, kernel: KFunction7<P1, P2, P3, P4, P5, P6, P7, Unit>, p1: P1, p2: P2, p3: P3, p4: P4, p5: P5, p6: P6, p7: P7): KgpuResult =
    dispatchAny(grid.dims, kernel.name, listOf(p1, p2, p3, p4, p5, p6, p7))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 1D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3, P4, P5, P6, P7, P8> KgpuGpu.dispatch(size: Int, kernel: KFunction8<P1, P2, P3, P4, P5, P6, P7, P8, Unit>, p1: P1, p2: P2, p3: P3, p4: P4, p5: P5, p6: P6, p7: P7, p8: P8): KgpuResult =
    dispatchAny(intArrayOf(size), kernel.name, listOf(p1, p2, p3, p4, p5, p6, p7, p8))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 2D/3D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3, P4, P5, P6, P7, P8> KgpuGpu.dispatch(grid: Grid, kernel: KFunction8<P1, P2, P3, P4, P5, P6, P7, P8, Unit>, p1: P1, p2: P2, p3: P3, p4: P4, p5: P5, p6: P6, p7: P7, p8: P8): KgpuResult =
    dispatchAny(grid.dims, kernel.name, listOf(p1, p2, p3, p4, p5, p6, p7, p8))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 1D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3, P4, P5, P6, P7, P8, P9> KgpuGpu.dispatch(size: Int, kernel: KFunction9<P1, P2, P3, P4, P5, P6, P7, P8, P9, Unit>, p1: P1, p2: P2, p3: P3, p4: P4, p5: P5, p6: P6, p7: P7, p8: P8, p9: P9): KgpuResult =
    dispatchAny(intArrayOf(size), kernel.name, listOf(p1, p2, p3, p4, p5, p6, p7, p8, p9))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 2D/3D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3, P4, P5, P6, P7, P8, P9> KgpuGpu.dispatch(grid: Grid, kernel: KFunction9<P1, P2, P3, P4, P5, P6, P7, P8, P9, Unit>, p1: P1, p2: P2, p3: P3, p4: P4, p5: P5, p6: P6, p7: P7, p8: P8, p9: P9): KgpuResult =
    dispatchAny(grid.dims, kernel.name, listOf(p1, p2, p3, p4, p5, p6, p7, p8, p9))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 1D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3, P4, P5, P6, P7, P8, P9, P10> KgpuGpu.dispatch(size: Int, kernel: KFunction10<P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, Unit>, p1: P1, p2: P2, p3: P3, p4: P4, p5: P5, p6: P6, p7: P7, p8: P8, p9: P9, p10: P10): KgpuResult =
    dispatchAny(intArrayOf(size), kernel.name, listOf(p1, p2, p3, p4, p5, p6, p7, p8, p9, p10))

/**
 * Runs [kernel] (a `@Kernel` function of a bundle loaded on this device,
 * found by its name) as a 2D/3D launch, with the arguments in the function's
 * order; the arrays it writes hold the results afterwards.
 */
fun <P1, P2, P3, P4, P5, P6, P7, P8, P9, P10> KgpuGpu.dispatch(grid: Grid, kernel: KFunction10<P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, Unit>, p1: P1, p2: P2, p3: P3, p4: P4, p5: P5, p6: P6, p7: P7, p8: P8, p9: P9, p10: P10): KgpuResult =
    dispatchAny(grid.dims, kernel.name, listOf(p1, p2, p3, p4, p5, p6, p7, p8, p9, p10))
