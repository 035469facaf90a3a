// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

/** Versions of the loaded native libraries. */
public final class Kgpu {
    private Kgpu() {}

    /** The API version this binding was written against (runtime.h KGPU_RUNTIME_API_VERSION). */
    public static final int RUNTIME_API_VERSION = 10400;

    /** KGPU_RUNTIME_API_VERSION of the loaded libkgpu_runtime (major * 10000 + minor * 100 + patch). */
    public static int runtimeVersion() {
        try {
            return (int) Rt.get().runtimeVersion.invokeExact();
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    /** KGPUC_API_VERSION of the loaded libkgpu_compiler. */
    public static int compilerVersion() {
        return Compiler.version();
    }
}
