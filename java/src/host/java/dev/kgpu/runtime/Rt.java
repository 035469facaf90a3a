// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * The downcall handles of libkgpu_runtime (runtime/include/kgpu/runtime.h,
 * API 1.4) and the C struct layouts the binding reads and writes (x86-64 and
 * AArch64 LP64 ABI offsets; docs/jvm-host.md). Loaded on first use; a
 * missing library throws LibraryNotFoundException on every use until found.
 */
final class Rt {
    // kgpu_status values used by the binding.
    static final int SUCCESS = 0;
    static final int ERROR_NOT_READY = 11;

    // kgpu_device_info: 320 bytes.
    static final long DEVICE_INFO_SIZE = 320;
    static final long DI_BACKEND = 0, DI_INDEX = 4, DI_NAME = 8, DI_IS_SOFTWARE = 264,
            DI_MAX_WG = 268, DI_MAX_INVOCATIONS = 280, DI_MAX_GRID = 284, DI_MAX_LOCAL_MEM = 296,
            DI_SUBGROUP = 304, DI_COMPUTE_UNITS = 308, DI_MEMORY = 312;
    // kgpu_kernel_info: 56 bytes.
    static final long KERNEL_INFO_SIZE = 56;
    static final long KI_NAME = 0, KI_PARAM_COUNT = 8, KI_MODEL = 12, KI_DIMS = 16, KI_WG = 20,
            KI_LOCAL_MEM = 32, KI_USES_SUBGROUPS = 40, KI_REDUCTIONS = 44, KI_WG_FIXED = 48,
            KI_SUBGROUP = 52;
    // kgpu_param_info: 40 bytes.
    static final long PARAM_INFO_SIZE = 40;
    static final long PI_NAME = 0, PI_INDEX = 8, PI_KIND = 12, PI_TYPE = 16, PI_ACCESS = 20,
            PI_RANK = 24, PI_SHAPE = 32;
    // kgpu_arg: 32 bytes.
    static final long ARG_SIZE = 32;
    static final long A_NAME = 0, A_KIND = 8, A_TYPE = 12, A_BUFFER = 16, A_VALUE = 24;
    // kgpu_launch_config: 24 bytes.
    static final long LAUNCH_CONFIG_SIZE = 24;

    private static Rt instance;

    final NativeLibrary lib;
    final MethodHandle lastErrorMessage, statusString, runtimeVersion;
    final MethodHandle deviceCount, deviceDescribe, deviceOpenIndex, deviceOpen, deviceGetInfo,
            deviceSynchronize, deviceRelease;
    final MethodHandle moduleLoadFile, moduleLoadMemory, moduleRelease, moduleKernelCount,
            moduleGetKernel, moduleGetKernelByIndex;
    final MethodHandle kernelGetInfo, kernelGetParam;
    final MethodHandle bufferCreate, bufferRelease, bufferGetSize, bufferUpload, bufferDownload,
            bufferCreateExternal, bufferGetNativeHandle, bufferCopy;
    final MethodHandle queueCreate, queueRelease, queueFinish, launch, launchSync;
    final MethodHandle eventWait, eventQuery, eventElapsedNs, eventRelease;

    private Rt() {
        lib = NativeLibrary.open("kgpu_runtime");
        FunctionDescriptor pToI = FunctionDescriptor.of(JAVA_INT, ADDRESS);
        FunctionDescriptor ppToI = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS);
        FunctionDescriptor pToV = FunctionDescriptor.ofVoid(ADDRESS);
        lastErrorMessage = lib.function("kgpu_last_error_message", FunctionDescriptor.of(ADDRESS));
        statusString = lib.function("kgpu_status_string", FunctionDescriptor.of(ADDRESS, JAVA_INT));
        runtimeVersion = lib.function("kgpu_runtime_version", FunctionDescriptor.of(JAVA_INT));
        deviceCount = lib.function("kgpu_device_count", pToI);
        deviceDescribe = lib.function("kgpu_device_describe", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
        deviceOpenIndex = lib.function("kgpu_device_open_index", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
        deviceOpen = lib.function("kgpu_device_open", ppToI);
        deviceGetInfo = lib.function("kgpu_device_get_info", ppToI);
        deviceSynchronize = lib.function("kgpu_device_synchronize", pToI);
        deviceRelease = lib.function("kgpu_device_release", pToV);
        moduleLoadFile = lib.function("kgpu_module_load_file", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        moduleLoadMemory = lib.function("kgpu_module_load_memory",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
        moduleRelease = lib.function("kgpu_module_release", pToV);
        moduleKernelCount = lib.function("kgpu_module_kernel_count", ppToI);
        moduleGetKernel = lib.function("kgpu_module_get_kernel", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        moduleGetKernelByIndex = lib.function("kgpu_module_get_kernel_by_index",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
        kernelGetInfo = lib.function("kgpu_kernel_get_info", ppToI);
        kernelGetParam = lib.function("kgpu_kernel_get_param", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
        bufferCreate = lib.function("kgpu_buffer_create", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS));
        bufferRelease = lib.function("kgpu_buffer_release", pToV);
        bufferGetSize = lib.function("kgpu_buffer_get_size", ppToI);
        FunctionDescriptor transfer = FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG);
        bufferUpload = lib.function("kgpu_buffer_upload", transfer);
        bufferDownload = lib.function("kgpu_buffer_download", transfer);
        bufferCreateExternal = lib.function("kgpu_buffer_create_external",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_LONG, ADDRESS));
        bufferGetNativeHandle = lib.function("kgpu_buffer_get_native_handle", ppToI);
        bufferCopy = lib.function("kgpu_buffer_copy",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_LONG));
        queueCreate = lib.function("kgpu_queue_create", ppToI);
        queueRelease = lib.function("kgpu_queue_release", pToV);
        queueFinish = lib.function("kgpu_queue_finish", pToI);
        launch = lib.function("kgpu_launch",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
        launchSync = lib.function("kgpu_launch_sync",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS));
        eventWait = lib.function("kgpu_event_wait", pToI);
        eventQuery = lib.function("kgpu_event_query", pToI);
        eventElapsedNs = lib.function("kgpu_event_elapsed_ns", ppToI);
        eventRelease = lib.function("kgpu_event_release", pToV);
    }

    /** The loaded runtime; the first call opens the library. */
    static synchronized Rt get() {
        if (instance == null) {
            instance = new Rt();
        }
        return instance;
    }

    /** Throws a KgpuException for a non-zero status, with the thread's message. */
    void check(int status, String what) {
        if (status == SUCCESS) {
            return;
        }
        throw error(status, what);
    }

    KgpuException error(int status, String what) {
        String message;
        String name;
        try {
            message = cString((MemorySegment) lastErrorMessage.invokeExact());
            name = cString((MemorySegment) statusString.invokeExact(status));
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
        if (message.isEmpty()) {
            message = name;
        }
        return new KgpuException(status, name, what + ": " + message);
    }

    /** A NUL-terminated C string (an empty one for NULL). */
    static String cString(MemorySegment p) {
        if (p.equals(MemorySegment.NULL)) {
            return "";
        }
        return p.reinterpret(Long.MAX_VALUE).getString(0);
    }

    /** Wraps a Throwable of invokeExact: the handles throw nothing checked. */
    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
