// The manifest reader of the Kotlin host (the dispatch parameters), on
// bundles made here: no device or native library. Also run by
// scripts/install-deps.sh (-Dtest=LaunchConfigTest,ManifestTest) to fetch
// Surefire's JUnit provider.
package dev.kgpu.kotlin.host

import java.nio.ByteBuffer
import java.nio.ByteOrder
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows

class ManifestTest {
    private fun bundle(manifest: String): ByteArray {
        val json = manifest.toByteArray(Charsets.UTF_8)
        val b = ByteBuffer.allocate(48 + json.size).order(ByteOrder.LITTLE_ENDIAN)
        b.put("KGPUBNDL".toByteArray(Charsets.US_ASCII)).putInt(2).putInt(json.size)
        b.put(ByteArray(32)).put(json)
        return b.array()
    }

    @Test
    fun dispatchParamsPerKernel() {
        val m = """{"format": "kgpu-bundle", "version": 2, "kernels": [
            {"name": "saxpy", "launch": {"model": "ndrange", "dims": 1, "dispatch_params": ["size"]}},
            {"name": "blur", "launch": {"model": "ndrange", "dims": 2,
              "dispatch_params": ["kgpu_width", "kgpu_height"], "note": "a \"quoted\" \u00e9 \\ text"}},
            {"name": "plain", "launch": {"model": "parallel_loop", "dims": 1}, "x": [1, -2.5e3, true, false, null]}],
            "payloads": []}"""
        val params = Manifest.dispatchParams(bundle(m), "t.kgpu")
        assertEquals(listOf("size"), params["saxpy"])
        assertEquals(listOf("kgpu_width", "kgpu_height"), params["blur"])
        assertEquals(null, params["plain"])
    }

    @Test
    fun notABundleHasNoDispatchParams() {
        assertTrue(Manifest.dispatchParams(ByteArray(10), "short").isEmpty())
        assertTrue(Manifest.dispatchParams(ByteArray(100), "zeros").isEmpty())
    }

    @Test
    fun badJsonNamesTheBundle() {
        val e = assertThrows<IllegalArgumentException> { Manifest.dispatchParams(bundle("{\"kernels\": [}"), "bad.kgpu") }
        assertTrue(e.message!!.startsWith("kgpu: bad.kgpu: the bundle's manifest is not JSON: "), e.message)
    }
}
