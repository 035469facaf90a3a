fun twice(x: Float): Float = x * 2.0f

fun main() {
    println("kotlin " + KotlinVersion.CURRENT + " " + twice(1.5f))
}
