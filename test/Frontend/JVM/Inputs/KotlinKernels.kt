import uk.ac.manchester.tornado.api.KernelContext
import kgpu.api.ParallelLoops

@ParallelLoops("i")
fun vadd(a: FloatArray, b: FloatArray, c: FloatArray) {
    for (i in 0 until c.size) {
        c[i] = a[i] + b[i]
    }
}

fun saxpy(kc: KernelContext, alpha: Float, x: FloatArray, y: FloatArray) {
    val i = kc.globalIdx
    y[i] = alpha * x[i] + y[i] + kotlin.math.sqrt(x[i])
}

// A private array (FloatArray(4), the same newarray as javac's) and a
// helper that receives it; kotlinc's IntArray(n) { ... } is a loop of stores.
private fun total(w: FloatArray): Float {
    var s = 0f
    for (k in w.indices) s += w[k]
    return s
}

fun window(kc: KernelContext, x: FloatArray, y: FloatArray) {
    val i = kc.globalIdx
    val w = FloatArray(4)
    val sq = IntArray(4) { it * it }
    for (k in 0 until 4) w[k] = x[(i + k) and 255] * sq[k]
    y[i] = total(w)
}
