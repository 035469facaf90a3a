// Kernelin's documented 2D blur ("2D and 3D launches"), launched as
// dispatch(width, height). Renamed from blur to blur2d: the corpus is one
// module and also holds the 1D blur.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId
import io.github.rajumark.kernelin.globalIdX
import io.github.rajumark.kernelin.globalIdY

@Kernel
fun blur2d(src: FloatArray, dst: FloatArray, width: Int, height: Int) {
    val x = globalIdX()
    val y = globalIdY()
    var sum = 0f
    var count = 0
    for (dy in -1..1) for (dx in -1..1) {
        if (x + dx in 0 until width && y + dy in 0 until height) {
            sum += src[(y + dy) * width + x + dx]
            count++
        }
    }
    dst[globalId()] = sum / count
}
