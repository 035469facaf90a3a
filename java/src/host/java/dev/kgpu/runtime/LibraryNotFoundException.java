// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import java.util.List;

/**
 * A native library of kgpu (libkgpu_runtime or libkgpu_compiler) could not
 * be found or loaded. The message names the library and every place looked
 * in, in order: the {@code kgpu.library.path} system property, {@code
 * $KGPU_HOME/lib}, the {@code java.library.path} directories, then the
 * system's own search (LD_LIBRARY_PATH, the loader cache).
 */
public final class LibraryNotFoundException extends KgpuException {
    private static final long serialVersionUID = 1L;

    private final String library;
    private final transient List<String> searched;

    LibraryNotFoundException(String library, List<String> searched, String detail) {
        super(0, "KGPU_LIBRARY_NOT_FOUND", "kgpu: cannot load " + library + "; looked in: "
                + String.join(", ", searched)
                + (detail.isEmpty() ? "" : " (" + detail + ")")
                + ". Set -Dkgpu.library.path=DIR or KGPU_HOME (DIR/lib) to where it is.");
        this.library = library;
        this.searched = List.copyOf(searched);
    }

    /** The file name looked for, e.g. "libkgpu_runtime.so". */
    public String library() {
        return library;
    }

    /** The places looked in, in order. */
    public List<String> searched() {
        return searched;
    }
}
