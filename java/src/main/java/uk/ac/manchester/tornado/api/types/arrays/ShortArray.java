// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.types.arrays;

/**
 * An off-heap array of short (see {@link TornadoNativeArray}). Kernels use
 * {@link #get}, {@link #set}, {@link #getSize}, {@link #init} and
 * {@link #clear}; the constructors, {@code fromArray}, {@code fromElements},
 * {@code toHeapArray}, {@code concat} and {@code slice} are host-side.
 */
public final class ShortArray extends TornadoNativeArray {
    /** The bytes of one element. */
    public static final int ELEMENT_SIZE = 2;

    /** An array of {@code numberOfElements} zeros. */
    public ShortArray(int numberOfElements) {
        super(numberOfElements, ELEMENT_SIZE);
    }

    /** The concatenation of {@code arrays}. */
    public ShortArray(ShortArray... arrays) {
        super(totalSize(arrays), ELEMENT_SIZE);
        int at = 0;
        for (ShortArray a : arrays) {
            for (int i = 0; i < a.size; i++) {
                storage.setShort(at++, a.storage.getShort(i));
            }
        }
    }

    private static int totalSize(ShortArray[] arrays) {
        long n = 0;
        for (ShortArray a : arrays) {
            n += a.size;
        }
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("concatenation of " + n + " elements is too large");
        }
        return (int) n;
    }

    /** A copy of {@code values}. */
    public static ShortArray fromArray(short[] values) {
        ShortArray a = new ShortArray(values.length);
        for (int i = 0; i < values.length; i++) {
            a.storage.setShort(i, values[i]);
        }
        return a;
    }

    /** An array of the given elements. */
    public static ShortArray fromElements(short... values) {
        return fromArray(values);
    }

    /** The concatenation of {@code arrays}. */
    public static ShortArray concat(ShortArray... arrays) {
        return new ShortArray(arrays);
    }

    /** A copy of the elements on the Java heap. */
    public short[] toHeapArray() {
        short[] values = new short[size];
        for (int i = 0; i < size; i++) {
            values[i] = storage.getShort(i);
        }
        return values;
    }

    /** Element {@code index}. */
    public short get(int index) {
        check(index);
        return storage.getShort(index);
    }

    /** Sets element {@code index} to {@code value}. */
    public void set(int index, short value) {
        check(index);
        storage.setShort(index, value);
    }

    /** Sets every element to {@code value}. */
    public void init(short value) {
        for (int i = 0; i < size; i++) {
            storage.setShort(i, value);
        }
    }

    /** A copy of elements {@code offset} to {@code offset + length - 1}. */
    public ShortArray slice(int offset, int length) {
        if (offset < 0 || length < 0 || (long) offset + length > size) {
            throw new ArrayIndexOutOfBoundsException("slice " + offset + "+" + length + " of an array of " + size);
        }
        ShortArray a = new ShortArray(length);
        for (int i = 0; i < length; i++) {
            a.storage.setShort(i, storage.getShort(offset + i));
        }
        return a;
    }

    @Override
    public int getElementSize() {
        return ELEMENT_SIZE;
    }
}
