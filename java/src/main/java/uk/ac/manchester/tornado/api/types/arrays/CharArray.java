// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.types.arrays;

/**
 * An off-heap array of char (see {@link TornadoNativeArray}). Kernels use
 * {@link #get}, {@link #set}, {@link #getSize}, {@link #init} and
 * {@link #clear}; the constructors, {@code fromArray}, {@code fromElements},
 * {@code toHeapArray}, {@code concat} and {@code slice} are host-side.
 */
public final class CharArray extends TornadoNativeArray {
    /** The bytes of one element. */
    public static final int ELEMENT_SIZE = 2;

    /** An array of {@code numberOfElements} zeros. */
    public CharArray(int numberOfElements) {
        super(numberOfElements, ELEMENT_SIZE);
    }

    /** The concatenation of {@code arrays}. */
    public CharArray(CharArray... arrays) {
        super(totalSize(arrays), ELEMENT_SIZE);
        int at = 0;
        for (CharArray a : arrays) {
            for (int i = 0; i < a.size; i++) {
                storage.setChar(at++, a.storage.getChar(i));
            }
        }
    }

    private static int totalSize(CharArray[] arrays) {
        long n = 0;
        for (CharArray a : arrays) {
            n += a.size;
        }
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("concatenation of " + n + " elements is too large");
        }
        return (int) n;
    }

    /** A copy of {@code values}. */
    public static CharArray fromArray(char[] values) {
        CharArray a = new CharArray(values.length);
        for (int i = 0; i < values.length; i++) {
            a.storage.setChar(i, values[i]);
        }
        return a;
    }

    /** An array of the given elements. */
    public static CharArray fromElements(char... values) {
        return fromArray(values);
    }

    /** The concatenation of {@code arrays}. */
    public static CharArray concat(CharArray... arrays) {
        return new CharArray(arrays);
    }

    /** A copy of the elements on the Java heap. */
    public char[] toHeapArray() {
        char[] values = new char[size];
        for (int i = 0; i < size; i++) {
            values[i] = storage.getChar(i);
        }
        return values;
    }

    /** Element {@code index}. */
    public char get(int index) {
        check(index);
        return storage.getChar(index);
    }

    /** Sets element {@code index} to {@code value}. */
    public void set(int index, char value) {
        check(index);
        storage.setChar(index, value);
    }

    /** Sets every element to {@code value}. */
    public void init(char value) {
        for (int i = 0; i < size; i++) {
            storage.setChar(i, value);
        }
    }

    /** A copy of elements {@code offset} to {@code offset + length - 1}. */
    public CharArray slice(int offset, int length) {
        if (offset < 0 || length < 0 || (long) offset + length > size) {
            throw new ArrayIndexOutOfBoundsException("slice " + offset + "+" + length + " of an array of " + size);
        }
        CharArray a = new CharArray(length);
        for (int i = 0; i < length; i++) {
            a.storage.setChar(i, storage.getChar(offset + i));
        }
        return a;
    }

    @Override
    public int getElementSize() {
        return ELEMENT_SIZE;
    }
}
