// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.types.arrays;

/**
 * An off-heap array of float (see {@link TornadoNativeArray}). Kernels use
 * {@link #get}, {@link #set}, {@link #getSize}, {@link #init} and
 * {@link #clear}; the constructors, {@code fromArray}, {@code fromElements},
 * {@code toHeapArray}, {@code concat} and {@code slice} are host-side.
 */
public final class FloatArray extends TornadoNativeArray {
    /** The bytes of one element. */
    public static final int ELEMENT_SIZE = 4;

    /** An array of {@code numberOfElements} zeros. */
    public FloatArray(int numberOfElements) {
        super(numberOfElements, ELEMENT_SIZE);
    }

    /** The concatenation of {@code arrays}. */
    public FloatArray(FloatArray... arrays) {
        super(totalSize(arrays), ELEMENT_SIZE);
        int at = 0;
        for (FloatArray a : arrays) {
            for (int i = 0; i < a.size; i++) {
                storage.setFloat(at++, a.storage.getFloat(i));
            }
        }
    }

    private static int totalSize(FloatArray[] arrays) {
        long n = 0;
        for (FloatArray a : arrays) {
            n += a.size;
        }
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("concatenation of " + n + " elements is too large");
        }
        return (int) n;
    }

    /** A copy of {@code values}. */
    public static FloatArray fromArray(float[] values) {
        FloatArray a = new FloatArray(values.length);
        for (int i = 0; i < values.length; i++) {
            a.storage.setFloat(i, values[i]);
        }
        return a;
    }

    /** An array of the given elements. */
    public static FloatArray fromElements(float... values) {
        return fromArray(values);
    }

    /** The concatenation of {@code arrays}. */
    public static FloatArray concat(FloatArray... arrays) {
        return new FloatArray(arrays);
    }

    /** A copy of the elements on the Java heap. */
    public float[] toHeapArray() {
        float[] values = new float[size];
        for (int i = 0; i < size; i++) {
            values[i] = storage.getFloat(i);
        }
        return values;
    }

    /** Element {@code index}. */
    public float get(int index) {
        check(index);
        return storage.getFloat(index);
    }

    /** Sets element {@code index} to {@code value}. */
    public void set(int index, float value) {
        check(index);
        storage.setFloat(index, value);
    }

    /** Sets every element to {@code value}. */
    public void init(float value) {
        for (int i = 0; i < size; i++) {
            storage.setFloat(i, value);
        }
    }

    /** A copy of elements {@code offset} to {@code offset + length - 1}. */
    public FloatArray slice(int offset, int length) {
        if (offset < 0 || length < 0 || (long) offset + length > size) {
            throw new ArrayIndexOutOfBoundsException("slice " + offset + "+" + length + " of an array of " + size);
        }
        FloatArray a = new FloatArray(length);
        for (int i = 0; i < length; i++) {
            a.storage.setFloat(i, storage.getFloat(offset + i));
        }
        return a;
    }

    @Override
    public int getElementSize() {
        return ELEMENT_SIZE;
    }
}
