// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.types.arrays;

/**
 * An off-heap array of long (see {@link TornadoNativeArray}). Kernels use
 * {@link #get}, {@link #set}, {@link #getSize}, {@link #init} and
 * {@link #clear}; the constructors, {@code fromArray}, {@code fromElements},
 * {@code toHeapArray}, {@code concat} and {@code slice} are host-side.
 */
public final class LongArray extends TornadoNativeArray {
    /** The bytes of one element. */
    public static final int ELEMENT_SIZE = 8;

    /** An array of {@code numberOfElements} zeros. */
    public LongArray(int numberOfElements) {
        super(numberOfElements, ELEMENT_SIZE);
    }

    /** The concatenation of {@code arrays}. */
    public LongArray(LongArray... arrays) {
        super(totalSize(arrays), ELEMENT_SIZE);
        int at = 0;
        for (LongArray a : arrays) {
            for (int i = 0; i < a.size; i++) {
                storage.setLong(at++, a.storage.getLong(i));
            }
        }
    }

    private static int totalSize(LongArray[] arrays) {
        long n = 0;
        for (LongArray a : arrays) {
            n += a.size;
        }
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("concatenation of " + n + " elements is too large");
        }
        return (int) n;
    }

    /** A copy of {@code values}. */
    public static LongArray fromArray(long[] values) {
        LongArray a = new LongArray(values.length);
        for (int i = 0; i < values.length; i++) {
            a.storage.setLong(i, values[i]);
        }
        return a;
    }

    /** An array of the given elements. */
    public static LongArray fromElements(long... values) {
        return fromArray(values);
    }

    /** The concatenation of {@code arrays}. */
    public static LongArray concat(LongArray... arrays) {
        return new LongArray(arrays);
    }

    /** A copy of the elements on the Java heap. */
    public long[] toHeapArray() {
        long[] values = new long[size];
        for (int i = 0; i < size; i++) {
            values[i] = storage.getLong(i);
        }
        return values;
    }

    /** Element {@code index}. */
    public long get(int index) {
        check(index);
        return storage.getLong(index);
    }

    /** Sets element {@code index} to {@code value}. */
    public void set(int index, long value) {
        check(index);
        storage.setLong(index, value);
    }

    /** Sets every element to {@code value}. */
    public void init(long value) {
        for (int i = 0; i < size; i++) {
            storage.setLong(i, value);
        }
    }

    /** A copy of elements {@code offset} to {@code offset + length - 1}. */
    public LongArray slice(int offset, int length) {
        if (offset < 0 || length < 0 || (long) offset + length > size) {
            throw new ArrayIndexOutOfBoundsException("slice " + offset + "+" + length + " of an array of " + size);
        }
        LongArray a = new LongArray(length);
        for (int i = 0; i < length; i++) {
            a.storage.setLong(i, storage.getLong(offset + i));
        }
        return a;
    }

    @Override
    public int getElementSize() {
        return ELEMENT_SIZE;
    }
}
