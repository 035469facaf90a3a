// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import java.io.File;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds and opens one of kgpu's shared libraries, and makes downcall handles
 * to its functions. The search order: the {@code kgpu.library.path} system
 * property (directories separated by the path separator), {@code
 * $KGPU_HOME/lib}, the {@code java.library.path} directories, and last the
 * system's dynamic loader by name (LD_LIBRARY_PATH, the loader cache). The
 * libraries stay loaded for the life of the JVM (a global arena).
 */
final class NativeLibrary {
    private static final Linker LINKER = Linker.nativeLinker();

    private final SymbolLookup lookup;
    final String fileName;

    private NativeLibrary(SymbolLookup lookup, String fileName) {
        this.lookup = lookup;
        this.fileName = fileName;
    }

    /** The platform's file name of library {@code base} ("kgpu_runtime"). */
    static String fileName(String base) {
        String os = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT);
        if (os.startsWith("windows")) {
            return base + ".dll";
        }
        if (os.startsWith("mac")) {
            return "lib" + base + ".dylib";
        }
        return "lib" + base + ".so";
    }

    /** Opens library {@code base}, or throws LibraryNotFoundException. */
    static NativeLibrary open(String base) {
        String file = fileName(base);
        List<String> dirs = new ArrayList<>();
        List<String> searched = new ArrayList<>();
        String prop = System.getProperty("kgpu.library.path");
        if (prop != null && !prop.isEmpty()) {
            for (String d : prop.split(File.pathSeparator)) {
                if (!d.isEmpty()) {
                    dirs.add(d);
                    searched.add(d + " (kgpu.library.path)");
                }
            }
        }
        String home = System.getenv("KGPU_HOME");
        if (home != null && !home.isEmpty()) {
            String d = Path.of(home, "lib").toString();
            dirs.add(d);
            searched.add(d + " (KGPU_HOME)");
        }
        String jlp = System.getProperty("java.library.path", "");
        for (String d : jlp.split(File.pathSeparator)) {
            if (!d.isEmpty()) {
                dirs.add(d);
                searched.add(d + " (java.library.path)");
            }
        }
        String detail = "";
        for (String d : dirs) {
            Path p = Path.of(d, file);
            if (Files.isRegularFile(p)) {
                try {
                    return new NativeLibrary(SymbolLookup.libraryLookup(p, Arena.global()), p.toString());
                } catch (IllegalArgumentException e) {
                    // Found but not loadable (a missing dependency, a wrong
                    // architecture): say so rather than fall through silently.
                    throw new LibraryNotFoundException(file, searched,
                            p + " exists but cannot be loaded: " + e.getMessage());
                }
            }
        }
        searched.add("the system library search (LD_LIBRARY_PATH, ld.so.cache)");
        try {
            return new NativeLibrary(SymbolLookup.libraryLookup(file, Arena.global()), file);
        } catch (IllegalArgumentException e) {
            detail = e.getMessage() == null ? "" : e.getMessage();
        }
        throw new LibraryNotFoundException(file, searched, detail);
    }

    /** A downcall handle to {@code name}; a missing symbol is a KgpuException. */
    MethodHandle function(String name, FunctionDescriptor descriptor) {
        MemorySegment symbol = lookup.find(name).orElseThrow(() -> new KgpuException(0,
                "KGPU_SYMBOL_NOT_FOUND", "kgpu: " + fileName + " has no function " + name
                        + " (an older library than this binding?)"));
        return LINKER.downcallHandle(symbol, descriptor);
    }
}
