// Kernelin's random numbers: randomInt, randomFloat and randomIntBelow are
// bit-identical everywhere; randomNormal within the documented tolerance.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId
import io.github.rajumark.kernelin.randomFloat
import io.github.rajumark.kernelin.randomInt
import io.github.rajumark.kernelin.randomIntBelow
import io.github.rajumark.kernelin.randomNormal

@Kernel
fun randomNumbers(seed: Int, ints: IntArray, floats: FloatArray, below: IntArray) {
    val i = globalId()
    ints[i] = randomInt(seed, i, 0)
    ints[i + ints.size / 2] = randomInt(seed, i)      // default stream 0
    floats[i] = randomFloat(seed, i, 1)
    below[i] = randomIntBelow(10, seed, i, 2)
}

@Kernel
fun randomNormals(seed: Int, out: FloatArray) {
    val i = globalId()
    out[i] = randomNormal(seed, i, 3)
}
