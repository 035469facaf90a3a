// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

/**
 * A failed call into libkgpu_runtime or libkgpu_compiler: the C status code,
 * its constant name (for example {@code KGPU_ERROR_ARGUMENT_MISMATCH}) and
 * the library's message (kgpu_last_error_message / kgpuc_last_error_message).
 */
public class KgpuException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String statusName;

    public KgpuException(int status, String statusName, String message) {
        super(message);
        this.status = status;
        this.statusName = statusName;
    }

    /** The C status code (0 for errors raised on the Java side). */
    public int status() {
        return status;
    }

    /** The status's constant name, e.g. "KGPU_ERROR_NOT_FOUND". */
    public String statusName() {
        return statusName;
    }
}
