// A 3D launch, dispatch(width, height, depth): every cell records its
// coordinates and checks globalId() against the row-major formula.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId
import io.github.rajumark.kernelin.globalIdX
import io.github.rajumark.kernelin.globalIdY
import io.github.rajumark.kernelin.globalIdZ

@Kernel
fun grid3d(out: IntArray, ok: IntArray, width: Int, height: Int) {
    val x = globalIdX()
    val y = globalIdY()
    val z = globalIdZ()
    val i = globalId()
    out[i] = x + 100 * y + 10000 * z
    ok[i] = if (i == x + y * width + z * width * height) 1 else 0
}
