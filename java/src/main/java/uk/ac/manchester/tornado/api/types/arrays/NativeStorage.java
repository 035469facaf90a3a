// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.types.arrays;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The off-heap storage of a native array: a header of {@link #HEADER} bytes
 * (the element count as an int at offset 0) and then the elements, in the
 * machine's byte order. This is the Java 17 version, a direct ByteBuffer;
 * the jar's META-INF/versions/22 copy of this class (java/src/java22) holds
 * a java.lang.foreign.MemorySegment instead. Both have this interface.
 */
final class NativeStorage {
    static final int HEADER = 16;

    private final ByteBuffer buffer;

    NativeStorage(int count, int elementSize) {
        if (count < 0) {
            throw new IllegalArgumentException("negative array size " + count);
        }
        long bytes = HEADER + (long) count * elementSize;
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("array of " + count + " elements is too large for a Java 17 direct buffer");
        }
        buffer = ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.nativeOrder());
        buffer.putInt(0, count);
    }

    /** The storage object: a ByteBuffer here, a MemorySegment on Java 22+. */
    Object segment() {
        return buffer;
    }

    long byteSize() {
        return buffer.capacity();
    }

    byte getByte(long i) {
        return buffer.get(HEADER + (int) i);
    }

    void setByte(long i, byte v) {
        buffer.put(HEADER + (int) i, v);
    }

    short getShort(long i) {
        return buffer.getShort(HEADER + (int) (i * 2));
    }

    void setShort(long i, short v) {
        buffer.putShort(HEADER + (int) (i * 2), v);
    }

    char getChar(long i) {
        return buffer.getChar(HEADER + (int) (i * 2));
    }

    void setChar(long i, char v) {
        buffer.putChar(HEADER + (int) (i * 2), v);
    }

    int getInt(long i) {
        return buffer.getInt(HEADER + (int) (i * 4));
    }

    void setInt(long i, int v) {
        buffer.putInt(HEADER + (int) (i * 4), v);
    }

    long getLong(long i) {
        return buffer.getLong(HEADER + (int) (i * 8));
    }

    void setLong(long i, long v) {
        buffer.putLong(HEADER + (int) (i * 8), v);
    }

    float getFloat(long i) {
        return buffer.getFloat(HEADER + (int) (i * 4));
    }

    void setFloat(long i, float v) {
        buffer.putFloat(HEADER + (int) (i * 4), v);
    }

    double getDouble(long i) {
        return buffer.getDouble(HEADER + (int) (i * 8));
    }

    void setDouble(long i, double v) {
        buffer.putDouble(HEADER + (int) (i * 8), v);
    }

    /** Zeroes the elements (not the header). */
    void clear() {
        for (int i = HEADER; i < buffer.capacity(); i++) {
            buffer.put(i, (byte) 0);
        }
    }

    static String kind() {
        return "java.nio.ByteBuffer (Java 17)";
    }
}
