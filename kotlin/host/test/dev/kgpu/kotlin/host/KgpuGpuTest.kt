// JUnit 5 suite of the Kotlin host (docs/kotlin-host.md) on the device
// KGPU_DEVICE names (test/JVMPackaging/maven-*.test: the CPU device and
// lavapipe): kernels from Kotlin IR dumps compiled in process, run by name
// (run) and by a typed call (dispatch), checked against the same Kotlin
// functions on the JVM (KernelinCpu).
package dev.kgpu.kotlin.host

import dev.kgpu.kotlin.host.testkernels.saxpy
import dev.kgpu.kotlin.host.testkernels.scaleRows
import dev.kgpu.runtime.Compiler
import io.github.rajumark.kernelin.KernelinCpu
import java.nio.file.Files
import java.nio.file.Path
import kotlin.io.path.readText
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.assertThrows

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KgpuGpuTest {
    private lateinit var gpu: KgpuGpu
    private lateinit var module: KgpuModule
    private val n = 1000
    private val x = FloatArray(n) { it * 0.25f - 7f }
    private val y0 = FloatArray(n) { (it % 13) * 1.5f }

    /** The test kernels' FILE of the module's IR dump (the frontend translates every kernel of its input). */
    private fun kernelsDump(): String {
        val dir = Path.of(System.getProperty("kgpu.test.kotlin.ir") ?: error("no -Dkgpu.test.kotlin.ir"))
        val dump = Files.walk(dir).use { s ->
            s.filter { it.fileName.toString() == "00_BEFORE.JvmUpgradeCallableReferences.ir" }.findFirst()
        }.orElseThrow { IllegalStateException("no IR dump under $dir") }
        val lines = dump.readText().split("\n")
        val out = ArrayList(lines.take(2))
        var inside = false
        for (line in lines.drop(2)) {
            if (line.startsWith("  FILE ")) inside = line.endsWith("/TestKernels.kt")
            if (inside) out.add(line)
        }
        return out.joinToString("\n") + "\n"
    }

    @BeforeAll
    fun setUp() {
        gpu = KgpuGpu.create()
        println("KgpuGpuTest device: ${gpu.description}")
        val bundle = Compiler.compile(kernelsDump(), "TestKernels.ir",
            Compiler.Options.defaults().targets(gpu.info.backend()))
        module = gpu.load(bundle.bytes(), "TestKernels.ir")
    }

    @AfterAll
    fun tearDown() = gpu.close()

    @Test
    fun createHonoursKgpuDevice() {
        val want = System.getenv("KGPU_DEVICE")
        if (!want.isNullOrEmpty()) {
            val spec = gpu.info.spec()
            assertTrue(spec == want || spec.startsWith("$want:"), "KGPU_DEVICE=$want opened $spec")
            assertEquals(null, gpu.cpuReason)
        }
        assertEquals(gpu.info.backend() != "cpu", gpu.isGpu)
    }

    @Test
    fun runByNameReturnsTheWrittenBuffersAndTheTime() {
        val k = module.kernel("saxpy")
        assertEquals(listOf("size"), k.dispatchParams)
        assertEquals("[f32 alpha, read f32[] x, read_write f32[] y]", k.params.toString())
        val y = y0.copyOf()
        val result = k.run(n, scalars = mapOf("alpha" to 2.5f), buffers = mapOf("x" to x, "y" to y))
        val want = y0.copyOf()
        KernelinCpu.dispatch(n) { saxpy(2.5f, x, want) }
        assertArrayEquals(want, result.floats("y"), 0f)
        assertArrayEquals(y0, y, 0f, "run changed the caller's array")
        assertEquals(setOf("y"), result.buffers.keys)
        assertTrue(result.nanos >= 0 && result.millis >= 0.0)
    }

    @Test
    fun dispatchIsATypedCallThatWritesBack() {
        val y = y0.copyOf()
        val result = gpu.dispatch(n, ::saxpy, -1.5f, x, y)
        val want = y0.copyOf()
        KernelinCpu.dispatch(n) { saxpy(-1.5f, x, want) }
        assertArrayEquals(want, y, 0f)
        assertTrue(result.buffers["y"] === y)
    }

    @Test
    fun twoDimensionalRunAndDispatch() {
        val w = 37
        val h = 11
        val src = IntArray(w * h) { it * 7 - 100 }
        val want = IntArray(w * h)
        KernelinCpu.dispatch(w, h) { scaleRows(src, want, w, 3, true) }
        val k = module.kernel("scaleRows")
        assertEquals(2, k.dispatchParams.size)
        val got = k.run(w, h, scalars = mapOf("width" to w, "factor" to 3, "negate" to true),
            buffers = mapOf("src" to src, "dst" to IntArray(w * h))).ints("dst")
        assertArrayEquals(want, got)
        val dst = IntArray(w * h)
        gpu.dispatch(Grid(w, h), ::scaleRows, src, dst, w, 3, true)
        assertArrayEquals(want, dst)
    }

    @Test
    fun errorsNameTheParameter() {
        val k = module.kernel("saxpy")
        val missing = assertThrows<IllegalArgumentException> {
            k.run(n, scalars = mapOf("alpha" to 2f), buffers = mapOf("x" to x))
        }
        assertTrue(missing.message!!.contains("no value for buffer 'y'"), missing.message)
        val typo = assertThrows<IllegalArgumentException> {
            k.run(n, scalars = mapOf("alpah" to 2f), buffers = mapOf("x" to x, "y" to y0.copyOf()))
        }
        assertTrue(typo.message!!.contains("has no parameter 'alpah'"), typo.message)
        val type = assertThrows<IllegalArgumentException> {
            k.run(n, scalars = mapOf("alpha" to 2.0), buffers = mapOf("x" to x, "y" to y0.copyOf()))
        }
        assertTrue(type.message!!.contains("scalar 'alpha' is a f32, got Double 2.0"), type.message)
        val array = assertThrows<IllegalArgumentException> {
            k.run(n, scalars = mapOf("alpha" to 2f), buffers = mapOf("x" to IntArray(n), "y" to y0.copyOf()))
        }
        assertTrue(array.message!!.contains("buffer 'x' needs a FloatArray, got a IntArray"), array.message)
        val dims = assertThrows<IllegalArgumentException> {
            k.run(10, 10, scalars = mapOf("alpha" to 2f), buffers = mapOf("x" to x, "y" to y0.copyOf()))
        }
        assertTrue(dims.message!!.contains("is a 1D kernel"), dims.message)
        val none = assertThrows<IllegalArgumentException> { gpu.kernel("nosuch") }
        assertTrue(none.message!!.contains("no kernel 'nosuch'"), none.message)
        assertThrows<IllegalArgumentException> { k.run(-1, mapOf("alpha" to 2f), mapOf("x" to x, "y" to y0)) }
    }
}
