// The declarations of Kernelin's API that the frontend's lit tests call, so
// that kotlinc can resolve them (the dump then names them `declared in
// io.github.rajumark.kernelin`). Used until the project's own API jar
// (kotlin/, the ktapi work) is given as KGPU_KOTLIN_API_JAR; the bodies are
// never run.
package io.github.rajumark.kernelin

@Target(AnnotationTarget.FUNCTION)
@Retention(AnnotationRetention.BINARY)
annotation class Kernel

fun globalId(): Int = 0
fun globalIdX(): Int = 0
fun globalIdY(): Int = 0
fun globalIdZ(): Int = 0
fun randomInt(seed: Int, index: Int, stream: Int = 0): Int = 0
fun randomFloat(seed: Int, index: Int, stream: Int = 0): Float = 0f
