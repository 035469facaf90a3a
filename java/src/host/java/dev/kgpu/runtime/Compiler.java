// The JVM host binding of kgpu (docs/jvm-host.md).
package dev.kgpu.runtime;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * kgpu's compiler in process (libkgpu_compiler, include/kgpu-c/Compiler.h):
 * kgc source, kgpu-level MLIR, JVM .class bytes or a .jar to a .kgpu bundle
 * in memory, with kgpu-translate's options (jar bytes pass through a
 * temporary file: the library reads jars from files only). The input's language comes from
 * the name's extension (".kgc", ".mlir", ".class", ".jar") unless {@link
 * Options#language} says. A failed compilation is a {@link CompileException}
 * whose message is the located diagnostic text. Thread-safe: each call
 * compiles in its own MLIR context.
 */
public final class Compiler {
    private Compiler() {}

    /** kgpu-translate's options; null fields keep the default. */
    public record Options(String targets, String kernel, String emit, String fpContract, String chip,
            String language) {
        public static Options defaults() {
            return new Options(null, null, null, null, null, null);
        }

        /** --targets, comma-separated ("cuda,vulkan,cpu"). */
        public Options targets(String v) {
            return new Options(v, kernel, emit, fpContract, chip, language);
        }

        /** --kernel: only this kernel. */
        public Options kernel(String v) {
            return new Options(targets, v, emit, fpContract, chip, language);
        }

        /** --emit ("bundle" by default). */
        public Options emit(String v) {
            return new Options(targets, kernel, v, fpContract, chip, language);
        }

        /** --fp-contract: off, on, fast. */
        public Options fpContract(String v) {
            return new Options(targets, kernel, emit, v, chip, language);
        }

        /** --chip (CUDA). */
        public Options chip(String v) {
            return new Options(targets, kernel, emit, fpContract, v, language);
        }

        /** The input language ("kgc", "mlir", ...), instead of the name's extension. */
        public Options language(String v) {
            return new Options(targets, kernel, emit, fpContract, chip, v);
        }
    }

    private static final class Lib {
        private static Lib instance;

        final MethodHandle lastError, statusString, version, optionsCreate, optionsDestroy, setEmit,
                setTargets, setKernel, setChip, setFpContract, setLanguage, compileFile, compileBuffer,
                resultDestroy, resultSucceeded, resultData, numDiagnostics, diagnostic, diagnosticText;
        final String file;

        private Lib() {
            NativeLibrary lib = NativeLibrary.open("kgpu_compiler");
            file = lib.fileName;
            FunctionDescriptor setter = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS);
            lastError = lib.function("kgpuc_last_error_message", FunctionDescriptor.of(ADDRESS));
            statusString = lib.function("kgpuc_status_string", FunctionDescriptor.of(ADDRESS, JAVA_INT));
            version = lib.function("kgpuc_version", FunctionDescriptor.of(JAVA_INT));
            optionsCreate = lib.function("kgpuc_options_create", FunctionDescriptor.of(JAVA_INT, ADDRESS));
            optionsDestroy = lib.function("kgpuc_options_destroy", FunctionDescriptor.ofVoid(ADDRESS));
            setEmit = lib.function("kgpuc_options_set_emit", setter);
            setTargets = lib.function("kgpuc_options_set_targets", setter);
            setKernel = lib.function("kgpuc_options_set_kernel", setter);
            setChip = lib.function("kgpuc_options_set_chip", setter);
            setFpContract = lib.function("kgpuc_options_set_fp_contract", setter);
            setLanguage = lib.function("kgpuc_options_set_language", setter);
            compileFile = lib.function("kgpuc_compile_file", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
            compileBuffer = lib.function("kgpuc_compile_buffer",
                    FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS));
            resultDestroy = lib.function("kgpuc_result_destroy", FunctionDescriptor.ofVoid(ADDRESS));
            resultSucceeded = lib.function("kgpuc_result_succeeded", FunctionDescriptor.of(JAVA_INT, ADDRESS));
            resultData = lib.function("kgpuc_result_data", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS));
            numDiagnostics = lib.function("kgpuc_result_num_diagnostics", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
            diagnostic = lib.function("kgpuc_result_diagnostic",
                    FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS));
            diagnosticText = lib.function("kgpuc_result_diagnostic_text", FunctionDescriptor.of(ADDRESS, ADDRESS));
        }

        static synchronized Lib get() {
            if (instance == null) {
                instance = new Lib();
            }
            return instance;
        }

        KgpuException error(int status, String what) throws Throwable {
            String message = Rt.cString((MemorySegment) lastError.invokeExact());
            String name = Rt.cString((MemorySegment) statusString.invokeExact(status));
            return new KgpuException(status, name, what + ": " + (message.isEmpty() ? name : message));
        }

        void check(int status, String what) throws Throwable {
            if (status != 0) {
                throw error(status, what);
            }
        }
    }

    /** KGPUC_API_VERSION of the loaded libkgpu_compiler. */
    public static int version() {
        try {
            return (int) Lib.get().version.invokeExact();
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    /**
     * The loaded libkgpu_compiler's identity: its file, size and
     * modification time (a rebuilt library must not reuse cached bundles).
     */
    public static String libraryFile() {
        String f = Lib.get().file;
        try {
            Path p = Path.of(f).toRealPath();
            return p + " " + Files.size(p) + " " + Files.getLastModifiedTime(p).toMillis();
        } catch (IOException | RuntimeException e) {
            return f;
        }
    }

    /** Compiles kgc or MLIR source text; {@code name} names it in diagnostics and picks the language. */
    public static Bundle compile(String source, String name, Options options) {
        return compile(source.getBytes(StandardCharsets.UTF_8), name, options);
    }

    /**
     * Compiles {@code input} (source text, .class bytes or .jar bytes);
     * {@code name} (e.g. "VectorAdd.class", "kernels.jar") names it in
     * diagnostics and chooses the language by its extension.
     */
    public static Bundle compile(byte[] input, String name, Options options) {
        if (name.endsWith(".jar")) {
            return compileJarBytes(input, name, options);
        }
        Lib lib = Lib.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment src = arena.allocate(Math.max(1, input.length));
            MemorySegment.copy(MemorySegment.ofArray(input), 0, src, 0, input.length);
            MemorySegment opts = makeOptions(lib, arena, options);
            try {
                MemorySegment out = arena.allocate(ADDRESS);
                int status = (int) lib.compileBuffer.invokeExact(opts, src, (long) input.length,
                        arena.allocateFrom(name), out);
                return finish(lib, arena, status, out.get(ADDRESS, 0), name);
            } finally {
                lib.optionsDestroy.invokeExact(opts);
            }
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    /**
     * libkgpu_compiler reads a .jar from a file only (its zip reader needs
     * one): the bytes go to a private temporary directory, under the name's
     * last component, and are compiled from there; the directory is removed.
     */
    private static Bundle compileJarBytes(byte[] input, String name, Options options) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("kgpu-jar");
            Path file = dir.resolve(Path.of(name).getFileName().toString());
            Files.write(file, input);
            return compileFile(file, options);
        } catch (IOException e) {
            throw new KgpuException(2, "KGPUC_ERROR_IO", "compiling " + name + ": cannot write a temporary copy: " + e);
        } finally {
            if (dir != null) {
                try (var files = Files.list(dir)) {
                    for (Path f : (Iterable<Path>) files::iterator) {
                        Files.deleteIfExists(f);
                    }
                    Files.deleteIfExists(dir);
                } catch (IOException ignored) {
                    // A leftover temporary file is harmless.
                }
            }
        }
    }

    /** Compiles the file at {@code path} (.kgc, .mlir, .class, .jar, a class directory). */
    public static Bundle compileFile(Path path, Options options) {
        Lib lib = Lib.get();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment opts = makeOptions(lib, arena, options);
            try {
                MemorySegment out = arena.allocate(ADDRESS);
                int status = (int) lib.compileFile.invokeExact(opts, arena.allocateFrom(path.toString()), out);
                return finish(lib, arena, status, out.get(ADDRESS, 0), path.toString());
            } finally {
                lib.optionsDestroy.invokeExact(opts);
            }
        } catch (Throwable t) {
            throw Rt.rethrow(t);
        }
    }

    private static MemorySegment makeOptions(Lib lib, Arena arena, Options o) throws Throwable {
        MemorySegment out = arena.allocate(ADDRESS);
        lib.check((int) lib.optionsCreate.invokeExact(out), "kgpuc_options_create");
        MemorySegment opts = out.get(ADDRESS, 0);
        if (o == null) {
            return opts;
        }
        try {
            set(lib, arena, lib.setTargets, opts, o.targets(), "targets");
            set(lib, arena, lib.setKernel, opts, o.kernel(), "kernel");
            set(lib, arena, lib.setEmit, opts, o.emit(), "emit");
            set(lib, arena, lib.setFpContract, opts, o.fpContract(), "fp-contract");
            set(lib, arena, lib.setChip, opts, o.chip(), "chip");
            set(lib, arena, lib.setLanguage, opts, o.language(), "language");
        } catch (Throwable t) {
            lib.optionsDestroy.invokeExact(opts);
            throw t;
        }
        return opts;
    }

    private static void set(Lib lib, Arena arena, MethodHandle setter, MemorySegment opts, String value,
            String what) throws Throwable {
        if (value != null) {
            lib.check((int) setter.invokeExact(opts, arena.allocateFrom(value)), "option " + what + "=" + value);
        }
    }

    private static Bundle finish(Lib lib, Arena arena, int status, MemorySegment result, String name)
            throws Throwable {
        if (result.equals(MemorySegment.NULL)) {
            throw lib.error(status, "compiling " + name);
        }
        try {
            List<Diagnostic> diags = new ArrayList<>();
            long n = (long) lib.numDiagnostics.invokeExact(result);
            MemorySegment d = arena.allocate(32, 8);
            for (long i = 0; i < n; i++) {
                lib.check((int) lib.diagnostic.invokeExact(result, i, d), "kgpuc_result_diagnostic");
                diags.add(new Diagnostic(Rt.cString(d.get(ADDRESS, 0)), d.get(JAVA_INT, 8), d.get(JAVA_INT, 12),
                        Diagnostic.Severity.values()[Math.min(3, Math.max(0, d.get(JAVA_INT, 16)))],
                        Rt.cString(d.get(ADDRESS, 24))));
            }
            int ok = (int) lib.resultSucceeded.invokeExact(result);
            if (status != 0 || ok == 0) {
                String text = Rt.cString((MemorySegment) lib.diagnosticText.invokeExact(result));
                String statusName = Rt.cString((MemorySegment) lib.statusString.invokeExact(status));
                if (text.isEmpty()) {
                    text = Rt.cString((MemorySegment) lib.lastError.invokeExact());
                }
                throw new CompileException(status, statusName, text.isEmpty() ? statusName : text, diags);
            }
            MemorySegment size = arena.allocate(JAVA_LONG);
            MemorySegment data = (MemorySegment) lib.resultData.invokeExact(result, size);
            long bytes = size.get(JAVA_LONG, 0);
            byte[] out = data.reinterpret(bytes).toArray(ValueLayout.JAVA_BYTE);
            return new Bundle(out, diags);
        } finally {
            lib.resultDestroy.invokeExact(result);
        }
    }
}
