// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.types.arrays;

/**
 * An off-heap array of int (see {@link TornadoNativeArray}). Kernels use
 * {@link #get}, {@link #set}, {@link #getSize}, {@link #init} and
 * {@link #clear}; the constructors, {@code fromArray}, {@code fromElements},
 * {@code toHeapArray}, {@code concat} and {@code slice} are host-side.
 */
public final class IntArray extends TornadoNativeArray {
    /** The bytes of one element. */
    public static final int ELEMENT_SIZE = 4;

    /** An array of {@code numberOfElements} zeros. */
    public IntArray(int numberOfElements) {
        super(numberOfElements, ELEMENT_SIZE);
    }

    /** The concatenation of {@code arrays}. */
    public IntArray(IntArray... arrays) {
        super(totalSize(arrays), ELEMENT_SIZE);
        int at = 0;
        for (IntArray a : arrays) {
            for (int i = 0; i < a.size; i++) {
                storage.setInt(at++, a.storage.getInt(i));
            }
        }
    }

    private static int totalSize(IntArray[] arrays) {
        long n = 0;
        for (IntArray a : arrays) {
            n += a.size;
        }
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("concatenation of " + n + " elements is too large");
        }
        return (int) n;
    }

    /** A copy of {@code values}. */
    public static IntArray fromArray(int[] values) {
        IntArray a = new IntArray(values.length);
        for (int i = 0; i < values.length; i++) {
            a.storage.setInt(i, values[i]);
        }
        return a;
    }

    /** An array of the given elements. */
    public static IntArray fromElements(int... values) {
        return fromArray(values);
    }

    /** The concatenation of {@code arrays}. */
    public static IntArray concat(IntArray... arrays) {
        return new IntArray(arrays);
    }

    /** A copy of the elements on the Java heap. */
    public int[] toHeapArray() {
        int[] values = new int[size];
        for (int i = 0; i < size; i++) {
            values[i] = storage.getInt(i);
        }
        return values;
    }

    /** Element {@code index}. */
    public int get(int index) {
        check(index);
        return storage.getInt(index);
    }

    /** Sets element {@code index} to {@code value}. */
    public void set(int index, int value) {
        check(index);
        storage.setInt(index, value);
    }

    /** Sets every element to {@code value}. */
    public void init(int value) {
        for (int i = 0; i < size; i++) {
            storage.setInt(i, value);
        }
    }

    /** A copy of elements {@code offset} to {@code offset + length - 1}. */
    public IntArray slice(int offset, int length) {
        if (offset < 0 || length < 0 || (long) offset + length > size) {
            throw new ArrayIndexOutOfBoundsException("slice " + offset + "+" + length + " of an array of " + size);
        }
        IntArray a = new IntArray(length);
        for (int i = 0; i < length; i++) {
            a.storage.setInt(i, storage.getInt(offset + i));
        }
        return a;
    }

    @Override
    public int getElementSize() {
        return ELEMENT_SIZE;
    }
}
