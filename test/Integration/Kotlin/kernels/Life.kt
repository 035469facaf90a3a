// Game of Life, one generation per launch (Kernelin's "keep data on the
// GPU" example runs `life` with the scalar width over n cells); the tests
// run several generations, feeding each output back in.
import io.github.rajumark.kernelin.Kernel
import io.github.rajumark.kernelin.globalId

@Kernel
fun life(cells: IntArray, next: IntArray, width: Int) {
    val i = globalId()
    val height = cells.size / width
    val x = i % width
    val y = i / width
    var neighbours = 0
    for (dy in -1..1) {
        for (dx in -1..1) {
            if (dx == 0 && dy == 0) continue
            val xx = (x + dx + width) % width
            val yy = (y + dy + height) % height
            neighbours += cells[yy * width + xx]
        }
    }
    val alive = cells[i] == 1
    next[i] = if (neighbours == 3 || (alive && neighbours == 2)) 1 else 0
}
