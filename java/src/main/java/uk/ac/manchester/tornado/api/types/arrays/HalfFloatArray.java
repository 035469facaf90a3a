// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.types.arrays;

import uk.ac.manchester.tornado.api.types.HalfFloat;

/**
 * An off-heap array of binary16 values (2 bytes each, see
 * {@link TornadoNativeArray}); elements are read and written as
 * {@link HalfFloat}.
 */
public final class HalfFloatArray extends TornadoNativeArray {
    /** The bytes of one element. */
    public static final int ELEMENT_SIZE = 2;

    /** An array of {@code numberOfElements} zeros. */
    public HalfFloatArray(int numberOfElements) {
        super(numberOfElements, ELEMENT_SIZE);
    }

    /** The concatenation of {@code arrays}. */
    public HalfFloatArray(HalfFloatArray... arrays) {
        super(totalSize(arrays), ELEMENT_SIZE);
        int at = 0;
        for (HalfFloatArray a : arrays) {
            for (int i = 0; i < a.size; i++) {
                storage.setShort(at++, a.storage.getShort(i));
            }
        }
    }

    private static int totalSize(HalfFloatArray[] arrays) {
        long n = 0;
        for (HalfFloatArray a : arrays) {
            n += a.size;
        }
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("concatenation of " + n + " elements is too large");
        }
        return (int) n;
    }

    /** A copy of {@code values}. */
    public static HalfFloatArray fromArray(HalfFloat[] values) {
        HalfFloatArray a = new HalfFloatArray(values.length);
        for (int i = 0; i < values.length; i++) {
            a.storage.setShort(i, values[i].getHalfFloatValue());
        }
        return a;
    }

    /** An array of the given elements. */
    public static HalfFloatArray fromElements(HalfFloat... values) {
        return fromArray(values);
    }

    /** The concatenation of {@code arrays}. */
    public static HalfFloatArray concat(HalfFloatArray... arrays) {
        return new HalfFloatArray(arrays);
    }

    /** A copy of the elements on the Java heap. */
    public HalfFloat[] toHeapArray() {
        HalfFloat[] values = new HalfFloat[size];
        for (int i = 0; i < size; i++) {
            values[i] = new HalfFloat(storage.getShort(i));
        }
        return values;
    }

    /** Element {@code index}. */
    public HalfFloat get(int index) {
        check(index);
        return new HalfFloat(storage.getShort(index));
    }

    /** Sets element {@code index} to {@code value}. */
    public void set(int index, HalfFloat value) {
        check(index);
        storage.setShort(index, value.getHalfFloatValue());
    }

    /** Sets every element to {@code value}. */
    public void init(HalfFloat value) {
        for (int i = 0; i < size; i++) {
            storage.setShort(i, value.getHalfFloatValue());
        }
    }

    @Override
    public int getElementSize() {
        return ELEMENT_SIZE;
    }
}
