// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

/**
 * One diagnostic of a compilation (kgpuc_diagnostic). {@code file} is "" and
 * {@code line}/{@code column} 0 when it has no source location.
 */
public record Diagnostic(String file, int line, int column, Severity severity, String message) {
    public enum Severity { ERROR, WARNING, NOTE, REMARK }

    @Override
    public String toString() {
        String where = file.isEmpty() ? "" : file + ":" + line + ":" + column + ": ";
        return where + severity.name().toLowerCase(java.util.Locale.ROOT) + ": " + message;
    }
}
