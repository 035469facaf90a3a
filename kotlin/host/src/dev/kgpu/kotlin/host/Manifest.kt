// The part of a .kgpu bundle's manifest (docs/bundle.md) that the binding
// does not expose: each kernel's launch.dispatch_params.
package dev.kgpu.kotlin.host

import java.nio.ByteBuffer
import java.nio.ByteOrder

internal object Manifest {
    /** Kernel name -> its dispatch parameters' names (empty map for a bundle without Kernelin kernels). */
    fun dispatchParams(bundle: ByteArray, name: String): Map<String, List<String>> {
        // The runtime reads and checks the bundle (magic, version, checksums)
        // when it is loaded; here a malformed one only has no dispatch params.
        if (bundle.size < 48 || String(bundle, 0, 8, Charsets.US_ASCII) != "KGPUBNDL") return emptyMap()
        val size = ByteBuffer.wrap(bundle, 12, 4).order(ByteOrder.LITTLE_ENDIAN).int
        if (size < 0 || 48L + size > bundle.size) return emptyMap()
        val root = try {
            Json(String(bundle, 48, size, Charsets.UTF_8)).parse()
        } catch (e: IllegalArgumentException) {
            throw IllegalArgumentException("kgpu: $name: the bundle's manifest is not JSON: ${e.message}", e)
        }
        val out = HashMap<String, List<String>>()
        val kernels = (root as? Map<*, *>)?.get("kernels") as? List<*> ?: return out
        for (k in kernels) {
            val km = k as? Map<*, *> ?: continue
            val kname = km["name"] as? String ?: continue
            val dp = (km["launch"] as? Map<*, *>)?.get("dispatch_params") as? List<*> ?: continue
            out[kname] = dp.filterIsInstance<String>()
        }
        return out
    }

    /** A small JSON reader: objects, arrays, strings, numbers (as Double), true/false/null. */
    private class Json(private val s: String) {
        private var i = 0

        fun parse(): Any? {
            val v = value(0)
            ws()
            if (i != s.length) fail("trailing text")
            return v
        }

        private fun fail(what: String): Nothing = throw IllegalArgumentException("$what at offset $i")

        private fun ws() {
            while (i < s.length && s[i].isWhitespace()) i++
        }

        private fun value(depth: Int): Any? {
            if (depth > 64) fail("nesting deeper than 64")
            ws()
            if (i >= s.length) fail("unexpected end")
            return when (s[i]) {
                '{' -> {
                    i++
                    val m = LinkedHashMap<String, Any?>()
                    ws()
                    if (s.getOrNull(i) == '}') { i++; return m }
                    while (true) {
                        ws()
                        val k = str()
                        ws()
                        if (s.getOrNull(i) != ':') fail("expected ':'")
                        i++
                        m[k] = value(depth + 1)
                        ws()
                        when (s.getOrNull(i)) {
                            ',' -> i++
                            '}' -> { i++; return m }
                            else -> fail("expected ',' or '}'")
                        }
                    }
                    @Suppress("UNREACHABLE_CODE") m
                }
                '[' -> {
                    i++
                    val l = ArrayList<Any?>()
                    ws()
                    if (s.getOrNull(i) == ']') { i++; return l }
                    while (true) {
                        l.add(value(depth + 1))
                        ws()
                        when (s.getOrNull(i)) {
                            ',' -> i++
                            ']' -> { i++; return l }
                            else -> fail("expected ',' or ']'")
                        }
                    }
                    @Suppress("UNREACHABLE_CODE") l
                }
                '"' -> str()
                't' -> word("true", true)
                'f' -> word("false", false)
                'n' -> word("null", null)
                else -> number()
            }
        }

        private fun word(w: String, v: Any?): Any? {
            if (!s.startsWith(w, i)) fail("bad literal")
            i += w.length
            return v
        }

        private fun number(): Double {
            val start = i
            while (i < s.length && (s[i].isDigit() || s[i] in "+-.eE")) i++
            return s.substring(start, i).toDoubleOrNull() ?: fail("bad number")
        }

        private fun str(): String {
            if (s.getOrNull(i) != '"') fail("expected a string")
            i++
            val b = StringBuilder()
            while (true) {
                if (i >= s.length) fail("unterminated string")
                val c = s[i++]
                when (c) {
                    '"' -> return b.toString()
                    '\\' -> {
                        if (i >= s.length) fail("unterminated string")
                        when (val e = s[i++]) {
                            'n' -> b.append('\n'); 't' -> b.append('\t'); 'r' -> b.append('\r')
                            'b' -> b.append('\b'); 'f' -> b.append('\u000c')
                            'u' -> {
                                if (i + 4 > s.length) fail("bad \\u escape")
                                b.append(s.substring(i, i + 4).toIntOrNull(16)?.toChar() ?: fail("bad \\u escape"))
                                i += 4
                            }
                            else -> b.append(e)
                        }
                    }
                    else -> b.append(c)
                }
            }
        }
    }
}
