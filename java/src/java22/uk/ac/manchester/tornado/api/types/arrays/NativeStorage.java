// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.types.arrays;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The off-heap storage of a native array, Java 22+ version (the jar's
 * META-INF/versions/22): a java.lang.foreign.MemorySegment of an automatic
 * arena, {@link #HEADER} bytes of header (the element count as an int at
 * offset 0) and then the elements in the machine's byte order. Same
 * interface as the Java 17 version (java/src/main/java).
 */
final class NativeStorage {
    static final int HEADER = 16;

    private final MemorySegment segment;

    NativeStorage(int count, int elementSize) {
        if (count < 0) {
            throw new IllegalArgumentException("negative array size " + count);
        }
        segment = Arena.ofAuto().allocate(HEADER + (long) count * elementSize, 16);
        segment.set(ValueLayout.JAVA_INT, 0, count);
    }

    /** The storage object: a MemorySegment (a ByteBuffer on Java 17). */
    Object segment() {
        return segment;
    }

    long byteSize() {
        return segment.byteSize();
    }

    byte getByte(long i) {
        return segment.get(ValueLayout.JAVA_BYTE, HEADER + i);
    }

    void setByte(long i, byte v) {
        segment.set(ValueLayout.JAVA_BYTE, HEADER + i, v);
    }

    short getShort(long i) {
        return segment.get(ValueLayout.JAVA_SHORT, HEADER + i * 2);
    }

    void setShort(long i, short v) {
        segment.set(ValueLayout.JAVA_SHORT, HEADER + i * 2, v);
    }

    char getChar(long i) {
        return segment.get(ValueLayout.JAVA_CHAR, HEADER + i * 2);
    }

    void setChar(long i, char v) {
        segment.set(ValueLayout.JAVA_CHAR, HEADER + i * 2, v);
    }

    int getInt(long i) {
        return segment.get(ValueLayout.JAVA_INT, HEADER + i * 4);
    }

    void setInt(long i, int v) {
        segment.set(ValueLayout.JAVA_INT, HEADER + i * 4, v);
    }

    long getLong(long i) {
        return segment.get(ValueLayout.JAVA_LONG, HEADER + i * 8);
    }

    void setLong(long i, long v) {
        segment.set(ValueLayout.JAVA_LONG, HEADER + i * 8, v);
    }

    float getFloat(long i) {
        return segment.get(ValueLayout.JAVA_FLOAT, HEADER + i * 4);
    }

    void setFloat(long i, float v) {
        segment.set(ValueLayout.JAVA_FLOAT, HEADER + i * 4, v);
    }

    double getDouble(long i) {
        return segment.get(ValueLayout.JAVA_DOUBLE, HEADER + i * 8);
    }

    void setDouble(long i, double v) {
        segment.set(ValueLayout.JAVA_DOUBLE, HEADER + i * 8, v);
    }

    /** Zeroes the elements (not the header). */
    void clear() {
        segment.asSlice(HEADER).fill((byte) 0);
    }

    static String kind() {
        return "java.lang.foreign.MemorySegment (Java 22+)";
    }
}
