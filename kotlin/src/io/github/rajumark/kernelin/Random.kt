// Stateless random numbers for kernels: three rounds of the PCG hash
// (Jarzynski and Olano, "Hash Functions for GPU Rendering", JCGT 2020).
// The exact construction is kgpu's contract with its Kotlin IR frontend
// (docs/kotlin-api.md, "Random numbers"): every target computes the same
// bits with 32-bit wrapping arithmetic.
package io.github.rajumark.kernelin

import kotlin.math.PI
import kotlin.math.cos
import kotlin.math.ln
import kotlin.math.sqrt

/** One round of the PCG hash; a bijection on 32-bit values. */
internal fun pcgHash(v: Int): Int {
    val state = v * 747796405 + -1403630843 // 2891336453u
    val word = ((state ushr ((state ushr 28) + 4)) xor state) * 277803737
    return (word ushr 22) xor word
}

/** 2^-24, exact in a Float. */
private const val TWO_POW_MINUS_24 = 1.0f / 16777216.0f

/** All 32 bits random: pcg(pcg(pcg(seed) + index) + stream). */
fun randomInt(seed: Int, index: Int, stream: Int = 0): Int =
    pcgHash(pcgHash(pcgHash(seed) + index) + stream)

/** In [0, 1): the top 24 bits of randomInt times 2^-24 (exact). */
fun randomFloat(seed: Int, index: Int, stream: Int = 0): Float =
    (randomInt(seed, index, stream) ushr 8).toFloat() * TWO_POW_MINUS_24

/**
 * In 0 until bound: the high 32 bits of the unsigned 64-bit product of
 * randomInt and bound. Throws IllegalArgumentException for bound <= 0 (the
 * GPU gives 0).
 */
fun randomIntBelow(bound: Int, seed: Int, index: Int, stream: Int = 0): Int {
    require(bound > 0) { "randomIntBelow: bound must be positive, but it is $bound" }
    val r = randomInt(seed, index, stream).toLong() and 0xffffffffL
    return ((r * bound.toLong()) ushr 32).toInt()
}

/**
 * Mean 0, standard deviation 1, by Box-Muller in Float:
 * u1 = ((r1 ushr 8) + 1) * 2^-24 in (0, 1], u2 = (r2 ushr 8) * 2^-24 with
 * r1 = randomInt(seed, index, stream) and r2 = pcg(r1);
 * sqrt(-2 ln u1) * cos(2 PI u2). Within about +-5.8.
 */
fun randomNormal(seed: Int, index: Int, stream: Int = 0): Float {
    val r1 = randomInt(seed, index, stream)
    val r2 = pcgHash(r1)
    val u1 = ((r1 ushr 8) + 1).toFloat() * TWO_POW_MINUS_24
    val u2 = (r2 ushr 8).toFloat() * TWO_POW_MINUS_24
    return sqrt(-2f * ln(u1)) * cos(2f * PI.toFloat() * u2)
}
