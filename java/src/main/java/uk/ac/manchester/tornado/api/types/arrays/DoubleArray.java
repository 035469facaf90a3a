// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.types.arrays;

/**
 * An off-heap array of double (see {@link TornadoNativeArray}). Kernels use
 * {@link #get}, {@link #set}, {@link #getSize}, {@link #init} and
 * {@link #clear}; the constructors, {@code fromArray}, {@code fromElements},
 * {@code toHeapArray}, {@code concat} and {@code slice} are host-side.
 */
public final class DoubleArray extends TornadoNativeArray {
    /** The bytes of one element. */
    public static final int ELEMENT_SIZE = 8;

    /** An array of {@code numberOfElements} zeros. */
    public DoubleArray(int numberOfElements) {
        super(numberOfElements, ELEMENT_SIZE);
    }

    /** The concatenation of {@code arrays}. */
    public DoubleArray(DoubleArray... arrays) {
        super(totalSize(arrays), ELEMENT_SIZE);
        int at = 0;
        for (DoubleArray a : arrays) {
            for (int i = 0; i < a.size; i++) {
                storage.setDouble(at++, a.storage.getDouble(i));
            }
        }
    }

    private static int totalSize(DoubleArray[] arrays) {
        long n = 0;
        for (DoubleArray a : arrays) {
            n += a.size;
        }
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("concatenation of " + n + " elements is too large");
        }
        return (int) n;
    }

    /** A copy of {@code values}. */
    public static DoubleArray fromArray(double[] values) {
        DoubleArray a = new DoubleArray(values.length);
        for (int i = 0; i < values.length; i++) {
            a.storage.setDouble(i, values[i]);
        }
        return a;
    }

    /** An array of the given elements. */
    public static DoubleArray fromElements(double... values) {
        return fromArray(values);
    }

    /** The concatenation of {@code arrays}. */
    public static DoubleArray concat(DoubleArray... arrays) {
        return new DoubleArray(arrays);
    }

    /** A copy of the elements on the Java heap. */
    public double[] toHeapArray() {
        double[] values = new double[size];
        for (int i = 0; i < size; i++) {
            values[i] = storage.getDouble(i);
        }
        return values;
    }

    /** Element {@code index}. */
    public double get(int index) {
        check(index);
        return storage.getDouble(index);
    }

    /** Sets element {@code index} to {@code value}. */
    public void set(int index, double value) {
        check(index);
        storage.setDouble(index, value);
    }

    /** Sets every element to {@code value}. */
    public void init(double value) {
        for (int i = 0; i < size; i++) {
            storage.setDouble(i, value);
        }
    }

    /** A copy of elements {@code offset} to {@code offset + length - 1}. */
    public DoubleArray slice(int offset, int length) {
        if (offset < 0 || length < 0 || (long) offset + length > size) {
            throw new ArrayIndexOutOfBoundsException("slice " + offset + "+" + length + " of an array of " + size);
        }
        DoubleArray a = new DoubleArray(length);
        for (int i = 0; i < length; i++) {
            a.storage.setDouble(i, storage.getDouble(offset + i));
        }
        return a;
    }

    @Override
    public int getElementSize() {
        return ELEMENT_SIZE;
    }
}
