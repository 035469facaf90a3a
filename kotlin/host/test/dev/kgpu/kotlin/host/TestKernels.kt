// Kernels of the KgpuGpu suite (KgpuGpuTest): compiled by kotlinc with the
// IR dump flags (kotlin/host/pom.xml), the dump compiled in process by
// libkgpu_compiler, and each checked against itself run on the JVM.
package dev.kgpu.kotlin.host.testkernels

import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId
import io.github.rajumark.kernelin.globalIdX
import io.github.rajumark.kernelin.globalIdY

@Kernel
fun saxpy(alpha: Float, x: FloatArray, y: FloatArray) {
    val i = globalId()
    y[i] += alpha * x[i]
}

@Kernel
fun scaleRows(src: IntArray, dst: IntArray, width: Int, factor: Int, negate: Boolean) {
    val x = globalIdX()
    val y = globalIdY()
    val v = src[y * width + x] * factor + y
    dst[globalId()] = if (negate) -v else v
}
