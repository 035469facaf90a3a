// The JVM corpus, Kotlin 2.4.21: top-level kernels (the KernelsKt facade
// class). kotlinc 2.4.21 does not keep `for (i: @Parallel Int in ...)` in
// the class file (not even with -Xemit-jvm-type-annotations;
// ../../kotlin-parallel-annotation.test), so the parallel loops are marked
// with kgpu's @ParallelLoops, as in Groovy (docs/jvm-api.md).
import kgpu.api.ParallelLoops
import uk.ac.manchester.tornado.api.KernelContext
import uk.ac.manchester.tornado.api.annotations.Reduce
import uk.ac.manchester.tornado.api.enums.MMAShape
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray
import uk.ac.manchester.tornado.api.types.arrays.FloatArray as NativeFloatArray
import uk.ac.manchester.tornado.api.types.arrays.IntArray as NativeIntArray
import kotlin.math.max
import kotlin.math.min
import kotlin.math.sqrt

const val MAX_ITER = 200
const val LOCAL = 64

@ParallelLoops("i")
fun vectorAdd(a: FloatArray, b: FloatArray, c: FloatArray) {
    for (i in 0 until c.size) {
        c[i] = a[i] + b[i]
    }
}

@ParallelLoops("i")
fun saxpy(alpha: Float, x: NativeFloatArray, y: NativeFloatArray) {
    for (i in 0 until y.size) {
        y.set(i, alpha * x.get(i) + y.get(i))
    }
}

@ParallelLoops("i", "j")
fun matMul(a: FloatArray, b: FloatArray, c: FloatArray, n: Int) {
    for (i in 0 until n) {
        for (j in 0 until n) {
            var sum = 0.0f
            for (k in 0 until n) {
                sum += a[i * n + k] * b[k * n + j]
            }
            c[i * n + j] = sum
        }
    }
}

@ParallelLoops("i")
fun sumInt(input: IntArray, @Reduce result: IntArray) {
    for (i in 0 until input.size) {
        result[0] += input[i]
    }
}

@ParallelLoops("i")
fun minDouble(input: DoubleArray, @Reduce result: DoubleArray) {
    for (i in 0 until input.size) {
        result[0] = min(result[0], input[i])
    }
}

@ParallelLoops("i")
fun intOps(a: IntArray, b: IntArray, out: IntArray, n: Int) {
    for (i in 0 until n) {
        val x = a[i] - 1073741824
        val y = b[i] or 1
        out[5 * i] = x * y
        out[5 * i + 1] = x / y
        out[5 * i + 2] = x % y
        out[5 * i + 3] = x shl b[i]
        out[5 * i + 4] = (x ushr b[i]) xor max(x, y)
    }
}

@ParallelLoops("i")
private fun square(v: Float): Float = v * v

@ParallelLoops("i")
fun helpers(x: FloatArray, out: FloatArray, n: Int) {
    for (i in 0 until n) {
        out[i] = sqrt(square(x[i]) + 1.0f) - square(x[i] - 0.5f)
    }
}

@ParallelLoops("i")
fun collatz(input: IntArray, steps: IntArray, n: Int) {
    for (i in 0 until n) {
        var v = (input[i] and 4095) + 1
        var s = 0
        while (v != 1 && s < 500) {
            v = if (v % 2 == 0) v / 2 else 3 * v + 1
            s++
        }
        steps[i] = s
    }
}

fun vectorAddContext(kc: KernelContext, a: NativeFloatArray, b: NativeFloatArray, c: NativeFloatArray) {
    val i = kc.globalIdx
    c.set(i, a.get(i) + b.get(i))
}

fun reduceSum(kc: KernelContext, input: NativeFloatArray, partial: NativeFloatArray) {
    val local = kc.allocateFloatLocalArray(LOCAL)
    val lid: Int = kc.localIdx
    local[lid] = input.get(kc.globalIdx)
    var stride = kc.localGroupSizeX / 2
    while (stride > 0) {
        kc.localBarrier()
        if (lid < stride) {
            local[lid] += local[lid + stride]
        }
        stride /= 2
    }
    if (lid == 0) {
        partial.set(kc.groupIdx, local[0])
    }
}

fun mandelbrot(kc: KernelContext, out: NativeIntArray, w: Int, h: Int) {
    val px: Int = kc.globalIdx
    val py: Int = kc.globalIdy
    val cx = -2.0f + px * 3.0f / w
    val cy = -1.25f + py * 2.5f / h
    var x = 0.0f
    var y = 0.0f
    var n = 0
    while (n < MAX_ITER && x * x + y * y <= 4.0f) {
        val xt = x * x - y * y + cx
        y = 2.0f * x * y + cy
        x = xt
        n++
    }
    out.set(py * w + px, n)
}

fun histogram(kc: KernelContext, data: NativeIntArray, bins: NativeIntArray, nbins: Int) {
    val v = data.get(kc.globalIdx)
    kc.atomicAdd(bins, (v xor (v ushr 7)) % nbins, 1)
}


// Array sizes read in device functions (as in kotlinc's adapter of a
// function reference, `main$saxpy`, which calls `saxpy`): each helper gets
// the sizes as parameters from the kernel's hidden size parameters (SPIR-V
// has no memref.dim of a buffer).
private fun scaleInto(s: Float, a: NativeFloatArray, out: FloatArray) {
    for (i in 0 until out.size) {
        out[i] = s * a.get(i) + a.getSize()
    }
}

private fun scaleVia(s: Float, a: NativeFloatArray, out: FloatArray) {
    scaleInto(s, a, out)
}

fun helperSizes(s: Float, a: NativeFloatArray, out: FloatArray) {
    scaleVia(s, a, out)
}

// The reduction's initial value set in the kernel before the loop: it, not
// the output's previous contents, is the first operand.
@ParallelLoops("i")
fun sumIntFrom(input: IntArray, @Reduce result: IntArray) {
    result[0] = 100
    for (i in 0 until input.size) {
        result[0] += input[i]
    }
}

// A tensor-core GEMM as a TornadoVM user writes it in Kotlin (docs/jvm.md,
// "Tensor cores"): one SIMD group of 32 lanes per 16x8 tile of C = A x B,
// the 16 x 16 A tile and the 16 x 8 B panel staged in local memory row by
// row, two fp16 per int.
fun mmaGemm(kc: KernelContext, a: HalfFloatArray, b: HalfFloatArray, c: NativeFloatArray, n: Int) {
    val lane: Int = kc.localIdx
    val tileRow = kc.groupIdy * 16
    val tileCol = kc.groupIdx * 8
    val aTile = kc.allocateIntLocalArray(128)
    val bTile = kc.allocateIntLocalArray(64)
    var acc = kc.mmaFragment(0.0f)
    var k0 = 0
    while (k0 < n) {
        var e = lane
        while (e < 128) {
            val src = (tileRow + e / 8) * n + k0 + (e % 8) * 2
            val lo = a.get(src).halfFloatValue.toInt() and 0xffff
            val hi = a.get(src + 1).halfFloatValue.toInt() and 0xffff
            aTile[e] = lo or (hi shl 16)
            e += 32
        }
        e = lane
        while (e < 64) {
            val src = (k0 + e / 4) * n + tileCol + (e % 4) * 2
            val lo = b.get(src).halfFloatValue.toInt() and 0xffff
            val hi = b.get(src + 1).halfFloatValue.toInt() and 0xffff
            bTile[e] = lo or (hi shl 16)
            e += 32
        }
        kc.localBarrier()
        val fa = kc.mmaLoadA(aTile, 16)
        val fb = kc.mmaLoadB(bTile, 16)
        acc = kc.mma(fa, fb, acc, MMAShape.M16N8K16)
        kc.localBarrier()
        k0 += 16
    }
    kc.mmaStore(acc, c, tileRow, tileCol, n)
}

// The same product, one work-item per element (mmaGemm's reference).
fun gemmHalfReference(kc: KernelContext, a: HalfFloatArray, b: HalfFloatArray, c: NativeFloatArray, n: Int) {
    val col: Int = kc.globalIdx
    val row: Int = kc.globalIdy
    var sum = 0.0f
    var k = 0
    while (k < n) {
        sum += a.get(row * n + k).float32 * b.get(k * n + col).float32
        k++
    }
    c.set(row * n + col, sum)
}

// Private arrays: FloatArray(n), IntArray(n) { ... } and intArrayOf(...) of
// a constant size, and a helper that receives one (inlined by kgpu).
private fun windowSum(w: FloatArray): Float {
    var s = 0f
    for (k in w.indices) s += w[k]
    return s
}

@ParallelLoops("i")
fun movingAverage(input: FloatArray, out: FloatArray, n: Int) {
    for (i in 0 until n) {
        val w = FloatArray(4)
        for (k in 0 until 4) w[k] = input[min(i + k, n - 1)] * (k + 1)
        out[i] = windowSum(w) / 10f
    }
}

fun privateTables(kc: KernelContext, data: IntArray, out: IntArray) {
    val i = kc.globalIdx
    val squares = IntArray(8) { it * it }
    val primes = intArrayOf(2, 3, 5, 7)
    val h = IntArray(8)
    for (k in 0 until 16) h[data[16 * i + k] and 7]++
    var r = 0
    for (b in h.indices) r = r * 31 + h[b] * squares[b] + primes[b and 3]
    out[i] = r
}
