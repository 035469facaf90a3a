// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import java.util.List;

/**
 * A compilation that failed (KGPUC_ERROR_COMPILATION, or an unreadable
 * input). The message is the rendered diagnostics as kgpu-translate prints
 * them ({@code file:line:col: error: ...}, the source line and a caret);
 * {@link #diagnostics()} has them as records.
 */
public final class CompileException extends KgpuException {
    private static final long serialVersionUID = 1L;

    private final transient List<Diagnostic> diagnostics;

    CompileException(int status, String statusName, String message, List<Diagnostic> diagnostics) {
        super(status, statusName, message);
        this.diagnostics = List.copyOf(diagnostics);
    }

    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }
}
