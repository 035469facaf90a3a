// A missing native library is a LibraryNotFoundException naming it and
// where it was looked for. The libraries stay loaded once found, so this
// runs in a JVM of its own, started with a kgpu.library.path that holds
// no library and without KGPU_HOME.
package dev.kgpu.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MissingLibraryTest {
    /** The child JVM's program: prints what Device.list() and Compiler.version() throw. */
    public static final class Main {
        private Main() {
        }

        public static void main(String[] args) {
            try {
                Device.list();
                System.out.println("runtime: NOT REPORTED");
            } catch (LibraryNotFoundException e) {
                System.out.println("runtime: " + e.library() + ": " + e.getMessage());
            }
            try {
                Compiler.version();
                System.out.println("compiler: NOT REPORTED");
            } catch (LibraryNotFoundException e) {
                System.out.println("compiler: " + e.library() + ": " + e.getMessage());
            }
        }
    }

    @Test
    void missingLibraryNamesItAndWhereItLooked(@TempDir Path nolib) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        ProcessBuilder pb = new ProcessBuilder(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "-Dkgpu.library.path=" + nolib, "-cp", cp, Main.class.getName()));
        pb.environment().remove("KGPU_HOME");
        pb.environment().remove("LD_LIBRARY_PATH");
        pb.redirectErrorStream(true);
        Path log = nolib.resolve("log");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child JVM did not finish");
        assertEquals(0, p.exitValue(), Files.readString(log));
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(out.contains("runtime: libkgpu_runtime.so: kgpu: cannot load libkgpu_runtime.so; looked in: "
                + nolib + " (kgpu.library.path)"), out);
        assertTrue(out.contains("Set -Dkgpu.library.path=DIR or KGPU_HOME (DIR/lib)"), out);
        assertTrue(out.contains("compiler: libkgpu_compiler.so: kgpu: cannot load libkgpu_compiler.so; looked in: "
                + nolib + " (kgpu.library.path)"), out);
    }
}
