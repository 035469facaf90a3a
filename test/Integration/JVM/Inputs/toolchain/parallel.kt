import kgpu.api.ParallelLoops
import uk.ac.manchester.tornado.api.annotations.Parallel

@ParallelLoops("i")
fun vectorAdd(a: FloatArray, b: FloatArray, c: FloatArray) {
    for (i: @Parallel Int in 0 until c.size) {
        c[i] = a[i] + b[i]
    }
}
