// kgpu's Kotlin host for Kernelin-style kernels (docs/kotlin-host.md):
// KgpuGpu.create(), load(bundle), run(size | w, h | w, h, d, scalars,
// buffers) and the typed dispatch(n, ::kernel, args...), over the JVM host
// binding dev.kgpu.runtime (docs/jvm-host.md).
package dev.kgpu.kotlin.host

import dev.kgpu.runtime.Buffer
import dev.kgpu.runtime.Device
import dev.kgpu.runtime.DeviceInfo
import dev.kgpu.runtime.Kernel
import dev.kgpu.runtime.KgpuException
import dev.kgpu.runtime.LaunchConfig
import dev.kgpu.runtime.Module
import dev.kgpu.runtime.Param
import dev.kgpu.runtime.ScalarType
import java.lang.foreign.MemorySegment
import java.nio.file.Files
import java.nio.file.Path

/**
 * A device to run Kernelin-style kernels on (kgpu's Kotlin IR frontend,
 * docs/kotlin.md), with the bundles loaded on it.
 *
 * [create] opens `KGPU_DEVICE` when it is set (and fails if that device
 * cannot be opened), else the runtime's best device (a CUDA GPU, a hardware
 * Vulkan device, else kgpu's CPU device), falling back to the CPU device
 * when the best one cannot be opened ([cpuReason] says why).
 */
class KgpuGpu private constructor(
    /** The device kernels run on. */
    val device: Device,
    /** Why the CPU device is used instead of the best device; null when no fallback happened. */
    val cpuReason: String?,
) : AutoCloseable {
    private val modules = ArrayList<KgpuModule>()

    /** The device's description (kgpu_device_info). */
    val info: DeviceInfo get() = device.info()

    /** Whether kernels run on a GPU (CUDA or Vulkan, lavapipe included) rather than kgpu's CPU device. */
    val isGpu: Boolean get() = info.backend() != "cpu"

    /** For example `cpu (CPU (2 threads): ...)` or `vulkan:0 (llvmpipe ..., software)`. */
    val description: String get() = info.toString()

    companion object {
        /** The default device (see the class comment), with the CPU device as the fallback. */
        @JvmStatic
        fun create(): KgpuGpu {
            val env = System.getenv("KGPU_DEVICE")
            if (!env.isNullOrEmpty()) return KgpuGpu(Device.open(), null)
            return try {
                KgpuGpu(Device.open(), null)
            } catch (e: KgpuException) {
                KgpuGpu(Device.open("cpu"), e.message ?: e.statusName())
            }
        }

        /** The device named by [spec]: `cpu`, `cuda[:N]` or `vulkan[:N]` (no fallback). */
        @JvmStatic
        fun create(spec: String): KgpuGpu = KgpuGpu(Device.open(spec), null)
    }

    /** Loads a `.kgpu` bundle file (kgpu-translate's output) on the device. */
    fun load(bundle: Path): KgpuModule = load(Files.readAllBytes(bundle), bundle.toString())

    /** Loads a bundle from its bytes; [name] only names it in messages. */
    fun load(bundle: ByteArray, name: String = "<bytes>"): KgpuModule {
        val params = Manifest.dispatchParams(bundle, name)
        val module = KgpuModule(this, device.load(bundle), params, name)
        synchronized(modules) { modules.add(module) }
        return module
    }

    /**
     * Loads a bundle that is a class-path resource, such as
     * `kernels/saxpy.kgpu` in a jar ([ClassLoader.getResourceAsStream]'s
     * name: no leading slash).
     */
    fun loadResource(resource: String, loader: ClassLoader = Thread.currentThread().contextClassLoader
        ?: KgpuGpu::class.java.classLoader): KgpuModule {
        val bytes = loader.getResourceAsStream(resource)?.use { it.readAllBytes() }
            ?: throw IllegalArgumentException("kgpu: no class-path resource '$resource'")
        return load(bytes, resource)
    }

    /** The kernel [name] of the first loaded bundle that has it. */
    fun kernel(name: String): KgpuKernel {
        synchronized(modules) {
            for (m in modules) m.kernelOrNull(name)?.let { return it }
            throw IllegalArgumentException(
                "kgpu: no kernel '$name' in the bundles loaded on $description" +
                    (if (modules.isEmpty()) " (none loaded: call load(bundle) first)"
                    else " (loaded: " + modules.joinToString { it.name + " " + it.kernels } + ")"))
        }
    }

    /** Releases the device and every module loaded on it. */
    override fun close() {
        synchronized(modules) {
            modules.forEach { it.close() }
            modules.clear()
        }
        device.close()
    }

    override fun toString(): String = "KgpuGpu[$description]"
}

/** A bundle loaded on a [KgpuGpu]. */
class KgpuModule internal constructor(
    val gpu: KgpuGpu,
    internal val module: Module,
    private val dispatchParams: Map<String, List<String>>,
    /** The bundle's file or resource name. */
    val name: String,
) : AutoCloseable {
    private val byName = LinkedHashMap<String, KgpuKernel>()

    init {
        for (k in module.kernels()) byName[k.name()] = KgpuKernel(this, k, dispatchParams[k.name()] ?: emptyList())
    }

    /** The kernels' names. */
    val kernels: List<String> get() = byName.keys.toList()

    fun kernelOrNull(name: String): KgpuKernel? = byName[name]

    fun kernel(name: String): KgpuKernel = byName[name]
        ?: throw IllegalArgumentException("kgpu: no kernel '$name' in $name (it has: ${kernels.joinToString()})")

    override fun close() = module.close()
}

/**
 * The result of a launch: the buffers the kernel writes (access `write` or
 * `read_write` in the manifest), by parameter name, and the kernel time.
 */
class KgpuResult internal constructor(
    /** The kernel's execution time on the device, in nanoseconds (the runtime's timing). */
    val nanos: Long,
    /** The written buffers: FloatArray, IntArray, LongArray, DoubleArray, ShortArray or ByteArray. */
    val buffers: Map<String, Any>,
) {
    val millis: Double get() = nanos / 1e6

    operator fun get(name: String): Any = buffers[name]
        ?: throw IllegalArgumentException("kgpu: the kernel does not write a buffer '$name' (it writes: ${buffers.keys.joinToString()})")

    fun floats(name: String): FloatArray = typed(name)
    fun ints(name: String): IntArray = typed(name)
    fun longs(name: String): LongArray = typed(name)
    fun doubles(name: String): DoubleArray = typed(name)

    private inline fun <reified T> typed(name: String): T {
        val v = get(name)
        return v as? T ?: throw IllegalArgumentException(
            "kgpu: buffer '$name' is a ${v.javaClass.simpleName}, not a ${T::class.java.simpleName}")
    }

    override fun toString(): String = "KgpuResult[${buffers.keys}, $millis ms]"
}

/**
 * A kernel of a loaded bundle. [run] takes the kernel's parameters by
 * name, as Kernelin's `run` does: every scalar in `scalars`, every array in
 * `buffers`. The dispatch size parameters that kgpu adds (`size`, or
 * `width`, `height`[, `depth`]) come from the launch size.
 */
class KgpuKernel internal constructor(
    val module: KgpuModule,
    val kernel: Kernel,
    /** The names of the dispatch size parameters (the manifest's launch.dispatch_params). */
    val dispatchParams: List<String>,
) {
    val name: String get() = kernel.name()

    /** The parameters the caller gives (the kernel's visible parameters but the dispatch ones), in order. */
    val params: List<Param> get() = kernel.params().filter { it.name() !in dispatchParams }

    /** A 1D launch of [size] threads. The arrays given are not changed: the written buffers are in the result. */
    fun run(size: Int, scalars: Map<String, Any> = emptyMap(), buffers: Map<String, Any> = emptyMap()): KgpuResult =
        launch(intArrayOf(size), byName(scalars, buffers), writeBack = false)

    /** A 2D launch of [width] x [height] threads. */
    fun run(width: Int, height: Int, scalars: Map<String, Any> = emptyMap(),
            buffers: Map<String, Any> = emptyMap()): KgpuResult =
        launch(intArrayOf(width, height), byName(scalars, buffers), writeBack = false)

    /** A 3D launch of [width] x [height] x [depth] threads. */
    fun run(width: Int, height: Int, depth: Int, scalars: Map<String, Any> = emptyMap(),
            buffers: Map<String, Any> = emptyMap()): KgpuResult =
        launch(intArrayOf(width, height, depth), byName(scalars, buffers), writeBack = false)

    private fun byName(scalars: Map<String, Any>, buffers: Map<String, Any>): List<Any> {
        val ps = params
        val known = ps.map { it.name() }.toSet()
        for (n in scalars.keys + buffers.keys) {
            if (n !in known) throw IllegalArgumentException(
                "kgpu: kernel '$name' has no parameter '$n' (its parameters: ${describe(ps)})")
        }
        return ps.map { p ->
            val table = if (p.kind() == Param.Kind.BUFFER) buffers else scalars
            table[p.name()] ?: throw IllegalArgumentException(
                "kgpu: kernel '$name': no value for ${if (p.kind() == Param.Kind.BUFFER) "buffer" else "scalar"} " +
                    "'${p.name()}' (give it in ${if (p.kind() == Param.Kind.BUFFER) "buffers" else "scalars"}; " +
                    "the parameters: ${describe(ps)})")
        }
    }

    /**
     * Launches with [args] in parameter order (dispatch size parameters
     * left out). With [writeBack] the written buffers are copied back into
     * the caller's arrays (dispatch), else into new arrays (run).
     */
    internal fun launch(grid: IntArray, args: List<Any?>, writeBack: Boolean): KgpuResult {
        val dims = if (dispatchParams.isEmpty()) 1 else dispatchParams.size
        if (dispatchParams.isNotEmpty() && grid.size != dims) {
            val form = when (dims) { 1 -> "(size)"; 2 -> "(width, height)"; else -> "(width, height, depth)" }
            throw IllegalArgumentException(
                "kgpu: kernel '$name' is a ${dims}D kernel (dispatch parameters ${dispatchParams.joinToString()}): " +
                    "launch it with $form, not ${grid.size} size(s)")
        }
        var total = 1L
        for (g in grid) {
            require(g >= 0) { "kgpu: kernel '$name': negative launch size ${grid.joinToString("x")}" }
            total *= g
        }
        require(total <= Int.MAX_VALUE) {
            "kgpu: kernel '$name': a launch of ${grid.joinToString("x")} threads is more than Int.MAX_VALUE"
        }
        val ps = params
        require(args.size == ps.size) {
            "kgpu: kernel '$name' takes ${ps.size} argument(s) (${describe(ps)}), got ${args.size}"
        }
        val device = module.gpu.device
        val owned = ArrayList<Buffer>()
        try {
            val byParam = HashMap<String, Any?>()
            ps.forEachIndexed { i, p -> byParam[p.name()] = args[i] }
            val written = ArrayList<Triple<Param, Buffer, Any>>()
            val cargs = kernel.params().mapIndexed { _, p ->
                val d = dispatchParams.indexOf(p.name())
                if (d >= 0) return@mapIndexed grid[d]
                val v = byParam[p.name()]
                if (p.kind() == Param.Kind.BUFFER) {
                    if (v is Buffer) return@mapIndexed v
                    val seg = segmentOf(p, v)
                    val b = device.createBuffer(seg.byteSize())
                    owned.add(b)
                    if (seg.byteSize() > 0) b.upload(seg)
                    if (p.access() != Param.Access.READ) written.add(Triple(p, b, v!!))
                    b
                } else {
                    scalar(p, v)
                }
            }
            val config = LaunchConfig.global(kernel, *IntArray(3) { if (it < grid.size) grid[it] else 1 })
            val nanos = kernel.launch(config, *cargs.toTypedArray())
            val out = LinkedHashMap<String, Any>()
            for ((p, b, array) in written) {
                val target = if (writeBack) array else sameSize(array)
                val seg = heapSegment(target)
                if (seg.byteSize() > 0) b.download(seg)
                out[p.name()] = target
            }
            return KgpuResult(nanos, out)
        } finally {
            owned.forEach { it.close() }
        }
    }

    private fun segmentOf(p: Param, v: Any?): MemorySegment {
        val want: ScalarType = p.type()
        val (seg, type) = when (v) {
            is FloatArray -> MemorySegment.ofArray(v) to ScalarType.F32
            is IntArray -> MemorySegment.ofArray(v) to ScalarType.I32
            is LongArray -> MemorySegment.ofArray(v) to ScalarType.I64
            is DoubleArray -> MemorySegment.ofArray(v) to ScalarType.F64
            is ShortArray -> MemorySegment.ofArray(v) to ScalarType.I16
            is ByteArray -> MemorySegment.ofArray(v) to ScalarType.I8
            else -> throw IllegalArgumentException(
                "kgpu: kernel '$name': buffer '${p.name()}' needs a ${arrayName(want)}, got " +
                    (v?.let { "a " + it.javaClass.simpleName } ?: "null"))
        }
        if (type != want) throw IllegalArgumentException(
            "kgpu: kernel '$name': buffer '${p.name()}' needs a ${arrayName(want)}, got a ${arrayName(type)}")
        return seg
    }

    private fun scalar(p: Param, v: Any?): Any {
        val t = p.type()
        return when {
            t == ScalarType.I32 && v is Int -> v
            t == ScalarType.I32 && v is Boolean -> if (v) 1 else 0 // Kotlin Booleans are i32 in the ABI
            t == ScalarType.F32 && v is Float -> v
            (t == ScalarType.I64 || t == ScalarType.INDEX) && (v is Long || v is Int) -> (v as Number).toLong()
            t == ScalarType.F64 && v is Double -> v
            t == ScalarType.I16 && v is Short -> v
            t == ScalarType.I8 && v is Byte -> v
            t == ScalarType.I1 && v is Boolean -> v
            else -> throw IllegalArgumentException(
                "kgpu: kernel '$name': scalar '${p.name()}' is a ${t.name.lowercase()}, got " +
                    (v?.let { "${it.javaClass.simpleName} $it" } ?: "null"))
        }
    }

    private fun heapSegment(a: Any): MemorySegment = when (a) {
        is FloatArray -> MemorySegment.ofArray(a)
        is IntArray -> MemorySegment.ofArray(a)
        is LongArray -> MemorySegment.ofArray(a)
        is DoubleArray -> MemorySegment.ofArray(a)
        is ShortArray -> MemorySegment.ofArray(a)
        is ByteArray -> MemorySegment.ofArray(a)
        else -> throw IllegalArgumentException("kgpu: not an array: ${a.javaClass.name}")
    }

    /** A new array as long as [a]: the download fills all of it, so copying [a] first is wasted work. */
    private fun sameSize(a: Any): Any = when (a) {
        is FloatArray -> FloatArray(a.size)
        is IntArray -> IntArray(a.size)
        is LongArray -> LongArray(a.size)
        is DoubleArray -> DoubleArray(a.size)
        is ShortArray -> ShortArray(a.size)
        is ByteArray -> ByteArray(a.size)
        else -> a
    }

    override fun toString(): String = "KgpuKernel[$name(${describe(params)})]"

    private companion object {
        fun describe(ps: List<Param>) = ps.joinToString { it.toString() }
        fun arrayName(t: ScalarType) = when (t) {
            ScalarType.F32 -> "FloatArray"
            ScalarType.I32 -> "IntArray"
            ScalarType.I64 -> "LongArray"
            ScalarType.F64 -> "DoubleArray"
            ScalarType.I16 -> "ShortArray"
            ScalarType.I8 -> "ByteArray"
            else -> "${t.name.lowercase()} buffer"
        }
    }
}
