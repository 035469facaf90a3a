// The reference runner: runs one @Kernel function of a compiled Kotlin
// class on the JVM through the CPU dispatcher, with arguments given the
// way kgpu-run takes them, and writes buffers the way kgpu-run --out does
// (raw little-endian elements), so that tests can compare the two files.
//
//   java -cp kgpu-kotlin.jar:kotlin-stdlib.jar:CLASSES dev.kgpu.kotlin.tools.RunKernel
//        --class FACADE --kernel NAME --size N|W,H[,D] [--local X[,Y[,Z]]]
//        [--subgroup-size S] [--parallel] --arg NAME=VALUE ... [--out NAME=FILE] ...
//
// Values: scalars a literal (2.5, -3, 0x10, true, inf, nan); buffers @FILE,
// zeros:N, fill:N:V, iota:N, rand:N[:SEED], exactly as kgpu-run makes them
// (docs/tools.md). The kernel's classes must be compiled with
// -java-parameters (the runner binds arguments by parameter name).
@file:JvmName("RunKernel")

package dev.kgpu.kotlin.tools

import dev.kgpu.kotlin.KgpuCpu
import dev.kgpu.kotlin.WorkGroup
import io.github.rajumark.kernelin.KernelinCpu
import java.io.File
import java.lang.reflect.InvocationTargetException
import java.lang.reflect.Method
import java.lang.reflect.Modifier
import java.nio.ByteBuffer
import java.nio.ByteOrder
import kotlin.system.exitProcess

private class UsageError(message: String) : Exception(message)

private fun fail(message: String): Nothing = throw UsageError(message)

private enum class Elem(val bytes: Int, val spelling: String) {
    I32(4, "i32"), I64(8, "i64"), F32(4, "f32"), F64(8, "f64"), I1(1, "i1")
}

private fun elemOf(type: Class<*>): Pair<Elem, Boolean>? = when (type) {
    Int::class.javaPrimitiveType -> Elem.I32 to false
    Long::class.javaPrimitiveType -> Elem.I64 to false
    Float::class.javaPrimitiveType -> Elem.F32 to false
    Double::class.javaPrimitiveType -> Elem.F64 to false
    Boolean::class.javaPrimitiveType -> Elem.I1 to false
    IntArray::class.java -> Elem.I32 to true
    LongArray::class.java -> Elem.I64 to true
    FloatArray::class.java -> Elem.F32 to true
    DoubleArray::class.java -> Elem.F64 to true
    else -> null
}

/** kgpu-run's integer literals: decimal or 0x hex, no leading zero, signed or unsigned range. */
private fun parseInteger(text: String, width: Int): Long? {
    var i = 0
    var negative = false
    if (text.startsWith("-") || text.startsWith("+")) { negative = text[0] == '-'; i = 1 }
    var base = 10
    if (text.regionMatches(i, "0x", 0, 2, ignoreCase = true)) { base = 16; i += 2 }
    else if (i + 1 < text.length && text[i] == '0' && text[i + 1].isDigit()) return null
    if (i == text.length) return null
    val magnitude = text.substring(i).toULongOrNull(base) ?: return null
    val maxUnsigned = if (width < 64) (1UL shl width) - 1UL else ULong.MAX_VALUE
    val maxNegative = 1UL shl (width - 1)
    if (if (negative) magnitude > maxNegative else magnitude > maxUnsigned) return null
    var bits = if (negative) (0UL - magnitude) else magnitude
    if (width < 64) bits = bits and maxUnsigned
    return bits.toLong()
}

/** A literal as the element's bits (kgpu-run's parseValue). */
private fun parseValue(text: String, e: Elem): Long? {
    if (text.isEmpty() || text.any { it.isWhitespace() }) return null
    when (e) {
        Elem.I1 -> return when (text) { "1", "true" -> 1L; "0", "false" -> 0L; else -> null }
        Elem.I32 -> return parseInteger(text, 32)
        Elem.I64 -> return parseInteger(text, 64)
        else -> {}
    }
    val lower = text.lowercase()
    val d = when (lower.removePrefix("+")) {
        "inf" -> Double.POSITIVE_INFINITY
        "-inf" -> Double.NEGATIVE_INFINITY
        "nan" -> Double.NaN
        "-nan" -> -Double.NaN
        else -> {
            val start = if (text[0] == '-' || text[0] == '+') 1 else 0
            if (start == text.length || !(text[start].isDigit() || text[start] == '.') || 'x' in lower) return null
            if (!Regex("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?").matches(text)) return null
            text.toDouble()
        }
    }
    return when (e) {
        Elem.F64 -> d.toRawBits()
        else -> {
            val f = d.toFloat()
            if (f.isInfinite() && !d.isInfinite()) return null
            f.toRawBits().toLong() and 0xffffffffL
        }
    }
}

private fun splitmix64(state: LongArray): Long {
    state[0] += -7046029254386353131L // 0x9e3779b97f4a7c15
    var z = state[0]
    z = (z xor (z ushr 30)) * -4658895280553007687L // 0xbf58476d1ce4e5b9
    z = (z xor (z ushr 27)) * -7723592293110705685L // 0x94d049bb133111eb
    return z xor (z ushr 31)
}

/** The bits of a buffer argument, as kgpu-run builds them. */
private fun bufferBytes(name: String, value: String, e: Elem): ByteBuffer {
    if (value.startsWith("@")) {
        val f = File(value.substring(1))
        if (!f.isFile) fail("--arg $name: cannot open '${f.path}'")
        val bytes = f.readBytes()
        if (bytes.isEmpty() || bytes.size % e.bytes != 0)
            fail("--arg $name: '${f.path}' has ${bytes.size} bytes, not a whole number of ${e.spelling} elements")
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN)
    }
    val parts = value.split(':')
    val n = parts.getOrNull(1)?.toIntOrNull()?.takeIf { it > 0 }
        ?: fail("--arg $name=$value: expected @FILE, zeros:N, fill:N:V, iota:N or rand:N[:SEED]")
    val out = ByteBuffer.allocate(n * e.bytes).order(ByteOrder.LITTLE_ENDIAN)
    fun put(bits: Long) = when (e.bytes) {
        1 -> out.put(bits.toByte())
        4 -> out.putInt(bits.toInt())
        else -> out.putLong(bits)
    }
    fun fromInt(i: Long): Long = when (e) {
        Elem.F32 -> i.toFloat().toRawBits().toLong()
        Elem.F64 -> i.toDouble().toRawBits()
        Elem.I1 -> i and 1
        else -> i
    }
    when {
        parts[0] == "zeros" && parts.size == 2 -> repeat(n) { put(0) }
        parts[0] == "fill" && parts.size == 3 -> {
            val bits = parseValue(parts[2], e) ?: fail("--arg $name: bad fill value '${parts[2]}'")
            repeat(n) { put(bits) }
        }
        parts[0] == "iota" && parts.size == 2 -> for (i in 0 until n) put(fromInt(i.toLong()))
        parts[0] == "rand" && (parts.size == 2 || parts.size == 3) -> {
            val seed = if (parts.size == 3) parts[2].toULongOrNull()?.toLong() ?: fail("--arg $name: bad seed '${parts[2]}'") else 1L
            val state = longArrayOf(seed)
            repeat(n) {
                val r = splitmix64(state)
                put(when (e) {
                    Elem.F32, Elem.F64 -> {
                        val f = (r ushr 40).toFloat() * (1.0f / 16777216.0f)
                        if (e == Elem.F32) f.toRawBits().toLong() else f.toDouble().toRawBits()
                    }
                    Elem.I1 -> (r ushr 33) and 1
                    Elem.I32 -> (r ushr 33) and 0x7fffffffL
                    else -> r ushr 33
                })
            }
        }
        else -> fail("--arg $name=$value: expected @FILE, zeros:N, fill:N:V, iota:N or rand:N[:SEED]")
    }
    out.flip()
    return out
}

private fun toArray(buf: ByteBuffer, e: Elem): Any = when (e) {
    Elem.I32 -> IntArray(buf.remaining() / 4).also { buf.asIntBuffer().get(it) }
    Elem.I64 -> LongArray(buf.remaining() / 8).also { buf.asLongBuffer().get(it) }
    Elem.F32 -> FloatArray(buf.remaining() / 4).also { buf.asFloatBuffer().get(it) }
    Elem.F64 -> DoubleArray(buf.remaining() / 8).also { buf.asDoubleBuffer().get(it) }
    Elem.I1 -> fail("Boolean arrays are not kernel parameters")
}

private fun toBytes(a: Any): ByteArray {
    val b: ByteBuffer = when (a) {
        is IntArray -> ByteBuffer.allocate(a.size * 4).order(ByteOrder.LITTLE_ENDIAN).also { it.asIntBuffer().put(a) }
        is LongArray -> ByteBuffer.allocate(a.size * 8).order(ByteOrder.LITTLE_ENDIAN).also { it.asLongBuffer().put(a) }
        is FloatArray -> ByteBuffer.allocate(a.size * 4).order(ByteOrder.LITTLE_ENDIAN).also { it.asFloatBuffer().put(a) }
        is DoubleArray -> ByteBuffer.allocate(a.size * 8).order(ByteOrder.LITTLE_ENDIAN).also { it.asDoubleBuffer().put(a) }
        else -> error("not an array")
    }
    return b.array()
}

private fun dims(text: String, what: String): IntArray {
    val parts = text.split(',')
    if (parts.isEmpty() || parts.size > 3) fail("$what needs X[,Y[,Z]], got '$text'")
    return IntArray(parts.size) { parts[it].toIntOrNull()?.takeIf { v -> v >= 0 } ?: fail("$what needs non-negative integers, got '$text'") }
}

private fun run(args: Array<String>) {
    var className: String? = null
    var kernel: String? = null
    var size: IntArray? = null
    var local: IntArray? = null
    var subgroup = 8
    var parallel = false
    val values = LinkedHashMap<String, String>()
    val outs = ArrayList<Pair<String, String>>()
    var i = 0
    fun next(flag: String): String = args.getOrNull(++i) ?: fail("$flag needs a value")
    while (i < args.size) {
        when (val a = args[i]) {
            "--class" -> className = next(a)
            "--kernel" -> kernel = next(a)
            "--size" -> size = dims(next(a), a)
            "--local" -> local = dims(next(a), a)
            "--subgroup-size" -> subgroup = next(a).toIntOrNull() ?: fail("--subgroup-size needs an integer")
            "--parallel" -> parallel = true
            "--arg", "--out" -> {
                val v = next(a)
                val eq = v.indexOf('=')
                if (eq <= 0) fail("$a $v: expected NAME=${if (a == "--arg") "VALUE" else "FILE"}")
                if (a == "--arg") {
                    if (values.put(v.substring(0, eq), v.substring(eq + 1)) != null) fail("--arg ${v.substring(0, eq)} is given twice")
                } else outs.add(v.substring(0, eq) to v.substring(eq + 1))
            }
            else -> fail("unknown option '$a'")
        }
        i++
    }
    if (className == null || kernel == null || size == null) fail("--class, --kernel and --size are required")
    val cls = try { Class.forName(className) } catch (e: ClassNotFoundException) { fail("no class '$className' on the class path") }
    val methods: List<Method> = cls.declaredMethods.filter { it.name == kernel && Modifier.isStatic(it.modifiers) }
    val method = methods.singleOrNull() ?: fail("class '$className' has ${methods.size} static functions named '$kernel' (need one)")
    val params = method.parameters
    if (params.any { !it.isNamePresent }) fail("'$kernel' was compiled without -java-parameters")
    val bound = arrayOfNulls<Any>(params.size)
    for ((k, p) in params.withIndex()) {
        val (e, isArray) = elemOf(p.type) ?: fail("parameter '${p.name}' has an unsupported type ${p.type.simpleName}")
        val v = values.remove(p.name) ?: fail("missing --arg for parameter '${p.name}'")
        bound[k] = if (isArray) toArray(bufferBytes(p.name, v, e), e) else {
            val bits = parseValue(v, e) ?: fail("--arg ${p.name}=$v: expected a literal of type ${e.spelling}")
            when (e) {
                Elem.I32 -> bits.toInt()
                Elem.I64 -> bits
                Elem.F32 -> Float.fromBits(bits.toInt())
                Elem.F64 -> Double.fromBits(bits)
                Elem.I1 -> bits != 0L
            }
        }
    }
    if (values.isNotEmpty()) fail("kernel '$kernel' has no parameter '${values.keys.first()}'")
    for ((name, _) in outs) {
        val k = params.indexOfFirst { it.name == name }
        if (k < 0 || !bound[k]!!.javaClass.isArray) fail("--out $name: not an array parameter of '$kernel'")
    }
    val block = {
        try {
            method.invoke(null, *bound)
        } catch (e: InvocationTargetException) {
            throw e.targetException
        }
        Unit
    }
    val s = size
    val l = local
    when {
        l != null -> {
            if (l.size != s.size) fail("--local needs as many dimensions as --size")
            val g = WorkGroup(l[0], l.getOrElse(1) { 1 }, l.getOrElse(2) { 1 }, subgroup)
            when (s.size) {
                1 -> KgpuCpu.dispatch(s[0], g, block)
                2 -> KgpuCpu.dispatch(s[0], s[1], g, block)
                else -> KgpuCpu.dispatch(s[0], s[1], s[2], g, block)
            }
        }
        parallel -> when (s.size) {
            1 -> KernelinCpu.dispatchParallel(s[0], block)
            2 -> KernelinCpu.dispatchParallel(s[0], s[1], block)
            else -> KernelinCpu.dispatchParallel(s[0], s[1], s[2], block)
        }
        else -> when (s.size) {
            1 -> KernelinCpu.dispatch(s[0], block)
            2 -> KernelinCpu.dispatch(s[0], s[1], block)
            else -> KernelinCpu.dispatch(s[0], s[1], s[2], block)
        }
    }
    for ((name, file) in outs) File(file).writeBytes(toBytes(bound[params.indexOfFirst { it.name == name }]!!))
}

fun main(args: Array<String>) {
    try {
        run(args)
    } catch (e: UsageError) {
        System.err.println("RunKernel: error: ${e.message}")
        exitProcess(2)
    } catch (e: Throwable) {
        System.err.println("RunKernel: error: the kernel threw $e")
        exitProcess(1)
    }
}
