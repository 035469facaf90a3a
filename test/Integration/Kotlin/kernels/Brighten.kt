// Kernelin's documented brighten (quick start).
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

/** Makes every pixel a bit brighter, keeping values between 0 and 1. */
@Kernel
fun brighten(pixels: FloatArray, amount: Float) {
    val i = globalId()
    pixels[i] = (pixels[i] + amount).coerceIn(0f, 1f)
}
