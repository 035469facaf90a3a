// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A compiled .kgpu bundle in memory (what {@link Compiler} returns), with
 * the compilation's warnings and notes.
 */
public record Bundle(byte[] bytes, List<Diagnostic> diagnostics) {
    public Bundle {
        bytes = bytes.clone();
        diagnostics = List.copyOf(diagnostics);
    }

    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    /** Loads it for {@code device}. */
    public Module load(Device device) {
        return device.load(this);
    }

    public void save(Path path) throws IOException {
        Files.write(path, bytes);
    }
}
