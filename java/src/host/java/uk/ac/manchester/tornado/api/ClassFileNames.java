// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

import java.util.Collection;
import java.util.Set;

/**
 * The class names a class file's constant pool holds (CONSTANT_Class), so
 * that the run-time compiler can give the JVM frontend the classes a
 * kernel's helpers live in. A malformed class gives what was read so far
 * (the frontend then reports the class itself).
 */
final class ClassFileNames {
    private ClassFileNames() {}

    /** Adds to {@code out} (once, by {@code seen}) each class name the constant pool of {@code c} holds. */
    static void referenced(byte[] c, Set<String> seen, Collection<String> out) {
        try {
            if (c.length < 10 || u4(c, 0) != 0xCAFEBABEL) {
                return;
            }
            int count = u2(c, 8);
            int[] utf8 = new int[count];
            int[] classIdx = new int[count];
            int at = 10;
            for (int i = 1; i < count; i++) {
                int tag = c[at] & 0xff;
                switch (tag) {
                    case 1 -> { // Utf8
                        utf8[i] = at;
                        at += 3 + u2(c, at + 1);
                    }
                    case 7 -> { // Class
                        classIdx[i] = u2(c, at + 1);
                        at += 3;
                    }
                    case 8, 16, 19, 20 -> at += 3; // String, MethodType, Module, Package
                    case 15 -> at += 4; // MethodHandle
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> at += 5;
                    case 5, 6 -> { // Long, Double: two entries
                        at += 9;
                        i++;
                    }
                    default -> {
                        return;
                    }
                }
            }
            for (int i = 1; i < count; i++) {
                int u = classIdx[i];
                if (u > 0 && u < count && utf8[u] > 0) {
                    String name = utf8(c, utf8[u]);
                    if (seen.add(name)) {
                        out.add(name);
                    }
                }
            }
        } catch (IndexOutOfBoundsException e) {
            // A truncated class: what was read is enough.
        }
    }

    private static int u2(byte[] c, int at) {
        return ((c[at] & 0xff) << 8) | (c[at + 1] & 0xff);
    }

    private static long u4(byte[] c, int at) {
        return ((long) u2(c, at) << 16) | u2(c, at + 2);
    }

    /** Modified UTF-8; class names are ASCII in practice, the rest decoded as Latin-1 bytes. */
    private static String utf8(byte[] c, int at) {
        int n = u2(c, at + 1);
        return new String(c, at + 3, n, java.nio.charset.StandardCharsets.UTF_8);
    }
}
