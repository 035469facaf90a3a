// Shared by the JUnit suites of the JVM host (docs/jvm-packaging.md): the
// device the suite runs on and the compiler target that goes with it.
package dev.kgpu.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The device under test: KGPU_DEVICE (cpu, vulkan[:N], cuda[:N]), else the default device. */
public final class TestDevices {
    private TestDevices() {
    }

    /** Opens the device under test. */
    public static Device open() {
        return Device.open();
    }

    /** The kgpu-translate target of a device: its backend ("cpu", "vulkan" or "cuda"). */
    public static String target(Device device) {
        return device.info().backend();
    }

    /** The bytes of a class of the test class path (for Compiler.compile). */
    public static byte[] classBytes(Class<?> c) {
        String name = "/" + c.getName().replace('.', '/') + ".class";
        try (InputStream in = c.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no class file " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
