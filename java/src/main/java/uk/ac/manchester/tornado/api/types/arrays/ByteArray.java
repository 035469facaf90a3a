// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.types.arrays;

/**
 * An off-heap array of byte (see {@link TornadoNativeArray}). Kernels use
 * {@link #get}, {@link #set}, {@link #getSize}, {@link #init} and
 * {@link #clear}; the constructors, {@code fromArray}, {@code fromElements},
 * {@code toHeapArray}, {@code concat} and {@code slice} are host-side.
 */
public final class ByteArray extends TornadoNativeArray {
    /** The bytes of one element. */
    public static final int ELEMENT_SIZE = 1;

    /** An array of {@code numberOfElements} zeros. */
    public ByteArray(int numberOfElements) {
        super(numberOfElements, ELEMENT_SIZE);
    }

    /** The concatenation of {@code arrays}. */
    public ByteArray(ByteArray... arrays) {
        super(totalSize(arrays), ELEMENT_SIZE);
        int at = 0;
        for (ByteArray a : arrays) {
            for (int i = 0; i < a.size; i++) {
                storage.setByte(at++, a.storage.getByte(i));
            }
        }
    }

    private static int totalSize(ByteArray[] arrays) {
        long n = 0;
        for (ByteArray a : arrays) {
            n += a.size;
        }
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("concatenation of " + n + " elements is too large");
        }
        return (int) n;
    }

    /** A copy of {@code values}. */
    public static ByteArray fromArray(byte[] values) {
        ByteArray a = new ByteArray(values.length);
        for (int i = 0; i < values.length; i++) {
            a.storage.setByte(i, values[i]);
        }
        return a;
    }

    /** An array of the given elements. */
    public static ByteArray fromElements(byte... values) {
        return fromArray(values);
    }

    /** The concatenation of {@code arrays}. */
    public static ByteArray concat(ByteArray... arrays) {
        return new ByteArray(arrays);
    }

    /** A copy of the elements on the Java heap. */
    public byte[] toHeapArray() {
        byte[] values = new byte[size];
        for (int i = 0; i < size; i++) {
            values[i] = storage.getByte(i);
        }
        return values;
    }

    /** Element {@code index}. */
    public byte get(int index) {
        check(index);
        return storage.getByte(index);
    }

    /** Sets element {@code index} to {@code value}. */
    public void set(int index, byte value) {
        check(index);
        storage.setByte(index, value);
    }

    /** Sets every element to {@code value}. */
    public void init(byte value) {
        for (int i = 0; i < size; i++) {
            storage.setByte(i, value);
        }
    }

    /** A copy of elements {@code offset} to {@code offset + length - 1}. */
    public ByteArray slice(int offset, int length) {
        if (offset < 0 || length < 0 || (long) offset + length > size) {
            throw new ArrayIndexOutOfBoundsException("slice " + offset + "+" + length + " of an array of " + size);
        }
        ByteArray a = new ByteArray(length);
        for (int i = 0; i < length; i++) {
            a.storage.setByte(i, storage.getByte(offset + i));
        }
        return a;
    }

    @Override
    public int getElementSize() {
        return ELEMENT_SIZE;
    }
}
