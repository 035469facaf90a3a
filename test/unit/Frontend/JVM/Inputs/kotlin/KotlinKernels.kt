// Input of the reader's tests (ClassFileTest.cpp, KotlinClassFiles): what
// kotlinc 2.4.21 writes for top-level kernel functions (a KotlinKernelsKt
// facade class with kotlin.Metadata, null checks, hoisted loop bounds).
import uk.ac.manchester.tornado.api.annotations.Parallel
import uk.ac.manchester.tornado.api.annotations.Reduce

const val SCALE: Float = 2.5f

fun vectorAdd(a: FloatArray, b: FloatArray, c: FloatArray) {
    for (i: @Parallel Int in 0 until c.size) {
        c[i] = a[i] + b[i] * SCALE
    }
}

fun sum(input: FloatArray, @Reduce result: FloatArray) {
    for (i in input.indices) {
        result[0] += input[i]
    }
}

fun clampAll(xs: IntArray, lo: Int, hi: Int) {
    for (i in xs.indices) {
        xs[i] = when {
            xs[i] < lo -> lo
            xs[i] > hi -> hi
            else -> xs[i]
        }
    }
}
