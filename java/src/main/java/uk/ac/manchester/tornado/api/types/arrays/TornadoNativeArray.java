// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.types.arrays;

/**
 * The base of the off-heap arrays: a header of {@link #ARRAY_HEADER} bytes
 * (the element count as an int at offset 0) followed by the elements, in
 * the machine's byte order, in memory outside the Java heap (a
 * java.lang.foreign.MemorySegment on Java 22+, a direct ByteBuffer on Java
 * 17).
 */
public abstract class TornadoNativeArray {
    /** Bytes before element 0. */
    public static final long ARRAY_HEADER = NativeStorage.HEADER;

    final NativeStorage storage;
    final int size;

    TornadoNativeArray(int size, int elementSize) {
        this.storage = new NativeStorage(size, elementSize);
        this.size = size;
    }

    /** The number of elements. */
    public int getSize() {
        return size;
    }

    /** The bytes of one element. */
    public abstract int getElementSize();

    /** Sets every element to zero. */
    public void clear() {
        storage.clear();
    }

    /** The bytes of the storage, header included. */
    public long getNumBytesOfSegmentWithHeader() {
        return storage.byteSize();
    }

    /** The bytes of the elements. */
    public long getNumBytesOfSegment() {
        return storage.byteSize() - ARRAY_HEADER;
    }

    /**
     * kgpu: the storage object, a java.lang.foreign.MemorySegment on Java
     * 22+ (header included), a java.nio.ByteBuffer on Java 17. For hosts
     * that hand the array to a device without copying.
     */
    public Object kgpuStorage() {
        return storage.segment();
    }

    /** kgpu: which storage this JVM uses (the multi-release jar picks it). */
    public static String kgpuStorageKind() {
        return NativeStorage.kind();
    }

    final void check(int index) {
        if (index < 0 || index >= size) {
            throw new ArrayIndexOutOfBoundsException("index " + index + " out of bounds for length " + size);
        }
    }
}
