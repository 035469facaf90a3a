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
