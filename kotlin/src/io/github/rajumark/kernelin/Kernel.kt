// kgpu's implementation of Kernelin's runtime API (package and names as
// Kernelin 0.4.0 documents them), written for kgpu from that documentation.
// On a GPU, kgpu's Kotlin IR frontend replaces these calls by its own
// operations; on the JVM they run through KernelinCpu (docs/kotlin-api.md).
package io.github.rajumark.kernelin

import dev.kgpu.kotlin.internal.Dispatch

/** Marks a top-level function as a GPU kernel (returns Unit, no receiver). */
@Target(AnnotationTarget.FUNCTION)
@Retention(AnnotationRetention.BINARY)
annotation class Kernel

/**
 * The current thread's index, 0 until size; in a 2D or 3D launch the
 * row-major index `x + y * width + z * width * height`.
 * @throws IllegalStateException outside a dispatch.
 */
fun globalId(): Int = Dispatch.item("globalId").linearGlobal()

/** The column of the current thread (equals globalId() in a 1D launch). */
fun globalIdX(): Int = Dispatch.item("globalIdX").x

/** The row of the current thread (0 in a 1D launch). */
fun globalIdY(): Int = Dispatch.item("globalIdY").y

/** The layer of the current thread (0 in a 1D or 2D launch). */
fun globalIdZ(): Int = Dispatch.item("globalIdZ").z

/** What kernelSource() gives with Kernelin's compiler plugin. */
class KernelSource(val name: String, val wgsl: String, val manifestJson: String)

/**
 * Kernelin's compiler plugin replaces this call with the generated WGSL;
 * kgpu compiles kernels ahead of time with kgpu-translate instead, so here
 * it always throws.
 */
fun kernelSource(kernel: kotlin.reflect.KFunction<*>): KernelSource =
    throw IllegalStateException(
        "kernelSource() was not replaced: kgpu generates no WGSL; compile " +
            "the kernel's IR dump with kgpu-translate (docs/kotlin-api.md)")
