// The JVM reference runner (docs/jvm-api.md): kgpu-run's argument syntax.
package kgpu.jvm;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Paths;
import uk.ac.manchester.tornado.api.types.HalfFloat;
import uk.ac.manchester.tornado.api.types.arrays.ByteArray;
import uk.ac.manchester.tornado.api.types.arrays.CharArray;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.HalfFloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;
import uk.ac.manchester.tornado.api.types.arrays.LongArray;
import uk.ac.manchester.tornado.api.types.arrays.ShortArray;

/** Scalars and buffers from kgpu-run's argument syntax, and buffers back to bytes. */
final class Values {
    private Values() {
    }

    /** The element kinds, with their bytes. */
    enum Kind {
        F32(4), F64(8), F16(2), I64(8), I32(4), I16(2), U16(2), I8(1), BOOL(1);

        final int size;

        Kind(int size) {
            this.size = size;
        }

        boolean isFloat() {
            return this == F32 || this == F64 || this == F16;
        }
    }

    static Kind scalarKind(Class<?> t) {
        if (t == float.class) {
            return Kind.F32;
        }
        if (t == double.class) {
            return Kind.F64;
        }
        if (t == long.class) {
            return Kind.I64;
        }
        if (t == int.class) {
            return Kind.I32;
        }
        if (t == short.class) {
            return Kind.I16;
        }
        if (t == char.class) {
            return Kind.U16;
        }
        if (t == byte.class) {
            return Kind.I8;
        }
        if (t == boolean.class) {
            return Kind.BOOL;
        }
        return null;
    }

    static Kind bufferKind(Class<?> t) {
        if (t.isArray() && t.getComponentType().isPrimitive()) {
            return scalarKind(t.getComponentType());
        }
        if (t == FloatArray.class) {
            return Kind.F32;
        }
        if (t == DoubleArray.class) {
            return Kind.F64;
        }
        if (t == IntArray.class) {
            return Kind.I32;
        }
        if (t == LongArray.class) {
            return Kind.I64;
        }
        if (t == ShortArray.class) {
            return Kind.I16;
        }
        if (t == CharArray.class) {
            return Kind.U16;
        }
        if (t == ByteArray.class) {
            return Kind.I8;
        }
        if (t == HalfFloatArray.class) {
            return Kind.F16;
        }
        return null;
    }

    static boolean isBuffer(Class<?> t) {
        return bufferKind(t) != null;
    }

    static Object parse(Class<?> t, String text, String name) throws ReferenceRunner.UsageError {
        Kind scalar = scalarKind(t);
        if (scalar != null) {
            long bits = parseValue(text, scalar, name);
            return box(t, bits);
        }
        Kind kind = bufferKind(t);
        if (kind == null) {
            throw new ReferenceRunner.UsageError("parameter '" + name + "' has a type the runner cannot pass: " + t.getName());
        }
        ByteBuffer data = buffer(text, kind, name);
        return toBuffer(t, kind, data);
    }

    private static Object box(Class<?> t, long bits) {
        if (t == float.class) {
            return Float.intBitsToFloat((int) bits);
        }
        if (t == double.class) {
            return Double.longBitsToDouble(bits);
        }
        if (t == long.class) {
            return bits;
        }
        if (t == int.class) {
            return (int) bits;
        }
        if (t == short.class) {
            return (short) bits;
        }
        if (t == char.class) {
            return (char) bits;
        }
        if (t == byte.class) {
            return (byte) bits;
        }
        return bits != 0;
    }

    /** kgpu-run's literal syntax: integers (decimal or 0x hex, no leading zeros), decimal floats, inf, nan, true/false. */
    static long parseValue(String text, Kind kind, String name) throws ReferenceRunner.UsageError {
        String bad = "bad value '" + text + "' for '" + name + "' (" + (kind == Kind.BOOL ? "0, 1, true or false"
                : kind.isFloat() ? "a number" : "an integer of " + kind.size * 8 + " bits") + ")";
        if (text.isEmpty() || !text.trim().equals(text)) {
            throw new ReferenceRunner.UsageError(bad);
        }
        if (kind == Kind.BOOL) {
            if (text.equals("1") || text.equals("true")) {
                return 1;
            }
            if (text.equals("0") || text.equals("false")) {
                return 0;
            }
            throw new ReferenceRunner.UsageError(bad);
        }
        if (!kind.isFloat()) {
            int i = 0;
            boolean negative = false;
            if (text.charAt(0) == '-' || text.charAt(0) == '+') {
                negative = text.charAt(0) == '-';
                i = 1;
            }
            int radix = 10;
            if (text.startsWith("0x", i) || text.startsWith("0X", i)) {
                radix = 16;
                i += 2;
            } else if (i + 1 < text.length() && text.charAt(i) == '0') {
                throw new ReferenceRunner.UsageError(bad);
            }
            java.math.BigInteger v;
            try {
                v = new java.math.BigInteger(text.substring(i), radix);
            } catch (NumberFormatException e) {
                throw new ReferenceRunner.UsageError(bad);
            }
            if (text.substring(i).startsWith("-") || text.substring(i).startsWith("+")) {
                throw new ReferenceRunner.UsageError(bad);
            }
            if (negative) {
                v = v.negate();
            }
            int bits = kind.size * 8;
            java.math.BigInteger min = java.math.BigInteger.ONE.shiftLeft(bits - 1).negate();
            java.math.BigInteger max = java.math.BigInteger.ONE.shiftLeft(bits).subtract(java.math.BigInteger.ONE);
            if (v.compareTo(min) < 0 || v.compareTo(max) > 0) {
                throw new ReferenceRunner.UsageError(bad);
            }
            return v.longValue();
        }
        String lower = text.toLowerCase();
        double d;
        switch (lower) {
            case "inf":
            case "+inf":
                d = Double.POSITIVE_INFINITY;
                break;
            case "-inf":
                d = Double.NEGATIVE_INFINITY;
                break;
            case "nan":
            case "+nan":
                d = Double.NaN;
                break;
            case "-nan":
                d = Double.longBitsToDouble(0xfff8000000000000L);
                break;
            default:
                if (lower.contains("x") || lower.contains("n") || lower.endsWith("f") || lower.endsWith("d")) {
                    throw new ReferenceRunner.UsageError(bad);
                }
                try {
                    d = Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw new ReferenceRunner.UsageError(bad);
                }
        }
        return floatBits(kind, kind == Kind.F64 ? d : (float) d, text);
    }

    private static long floatBits(Kind kind, double d, String text) {
        if (kind == Kind.F64) {
            return Double.doubleToRawLongBits(d);
        }
        // A float literal is parsed directly as float (strtof), not through double.
        float f = Double.isNaN(d) || Double.isInfinite(d) ? (float) d : parseFloat(text, (float) d);
        if (kind == Kind.F32) {
            return Float.floatToRawIntBits(f) & 0xffffffffL;
        }
        return HalfFloat.floatToHalf(f) & 0xffffL;
    }

    private static float parseFloat(String text, float fallback) {
        try {
            return Float.parseFloat(text);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static long splitmix64(long[] state) {
        long z = (state[0] += 0x9e3779b97f4a7c15L);
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** kgpu-run's rand: floats uniform in [0, 1) (24 bits), integers in [0, 2^31) masked to the width. */
    private static long random(Kind kind, long[] state) {
        long r = splitmix64(state);
        if (kind.isFloat()) {
            float f = (float) (r >>> 40) * (1.0f / 16777216.0f);
            if (kind == Kind.F32) {
                return Float.floatToRawIntBits(f) & 0xffffffffL;
            }
            if (kind == Kind.F64) {
                return Double.doubleToRawLongBits(f);
            }
            return HalfFloat.floatToHalf(f) & 0xffffL;
        }
        long v = r >>> 33;
        if (kind == Kind.BOOL) {
            return v & 1;
        }
        int width = kind.size * 8;
        return width < 64 ? v & ((1L << (width - 1)) - 1) : v;
    }

    private static long fromInteger(Kind kind, long i) {
        switch (kind) {
            case F32:
                return Float.floatToRawIntBits((float) i) & 0xffffffffL;
            case F64:
                return Double.doubleToRawLongBits((double) i);
            case F16:
                return HalfFloat.floatToHalf((float) i) & 0xffffL;
            case BOOL:
                return i & 1;
            default:
                return i;
        }
    }

    private static ByteBuffer buffer(String text, Kind kind, String name) throws ReferenceRunner.UsageError {
        if (text.startsWith("@")) {
            byte[] bytes;
            try {
                bytes = Files.readAllBytes(Paths.get(text.substring(1)));
            } catch (IOException e) {
                throw new ReferenceRunner.UsageError("cannot read '" + text.substring(1) + "' for '" + name + "': " + e);
            }
            if (bytes.length % kind.size != 0) {
                throw new ReferenceRunner.UsageError("'" + text.substring(1) + "' has " + bytes.length
                        + " bytes, not a multiple of the element size " + kind.size + " of '" + name + "'");
            }
            return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        }
        String[] parts = text.split(":", -1);
        String expected = "expected @FILE, zeros:N, fill:N:V, iota:N or rand:N[:SEED]";
        if (parts.length < 2) {
            throw new ReferenceRunner.UsageError("bad buffer '" + text + "' for '" + name + "' (" + expected + ")");
        }
        long n;
        try {
            n = Long.parseLong(parts[1]);
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < 0 || n * kind.size > Integer.MAX_VALUE - 16) {
            throw new ReferenceRunner.UsageError("bad element count '" + parts[1] + "' for '" + name + "'");
        }
        String gen = parts[0];
        long fill = 0;
        long[] seed = {1};
        if (gen.equals("zeros") && parts.length == 2) {
            // zeros
        } else if (gen.equals("fill") && parts.length == 3) {
            fill = parseValue(parts[2], kind, name);
        } else if (gen.equals("iota") && parts.length == 2) {
            // 0, 1, 2, ...
        } else if (gen.equals("rand") && (parts.length == 2 || parts.length == 3)) {
            if (parts.length == 3) {
                try {
                    seed[0] = Long.parseUnsignedLong(parts[2]);
                } catch (NumberFormatException e) {
                    throw new ReferenceRunner.UsageError("bad seed '" + parts[2] + "' for '" + name + "'");
                }
            }
        } else {
            throw new ReferenceRunner.UsageError("bad buffer '" + text + "' for '" + name + "' (" + expected + ")");
        }
        ByteBuffer b = ByteBuffer.allocate((int) (n * kind.size)).order(ByteOrder.LITTLE_ENDIAN);
        for (long i = 0; i < n; i++) {
            long bits = gen.equals("fill") ? fill : gen.equals("iota") ? fromInteger(kind, i)
                    : gen.equals("rand") ? random(kind, seed) : 0;
            put(b, kind, (int) i, bits);
        }
        return b;
    }

    private static void put(ByteBuffer b, Kind kind, int i, long bits) {
        switch (kind.size) {
            case 1:
                b.put(i, (byte) bits);
                break;
            case 2:
                b.putShort(i * 2, (short) bits);
                break;
            case 4:
                b.putInt(i * 4, (int) bits);
                break;
            default:
                b.putLong(i * 8, bits);
        }
    }

    private static Object toBuffer(Class<?> t, Kind kind, ByteBuffer b) {
        int n = b.capacity() / kind.size;
        if (t == float[].class) {
            float[] a = new float[n];
            b.asFloatBuffer().get(a);
            return a;
        }
        if (t == double[].class) {
            double[] a = new double[n];
            b.asDoubleBuffer().get(a);
            return a;
        }
        if (t == int[].class) {
            int[] a = new int[n];
            b.asIntBuffer().get(a);
            return a;
        }
        if (t == long[].class) {
            long[] a = new long[n];
            b.asLongBuffer().get(a);
            return a;
        }
        if (t == short[].class) {
            short[] a = new short[n];
            b.asShortBuffer().get(a);
            return a;
        }
        if (t == char[].class) {
            char[] a = new char[n];
            b.asCharBuffer().get(a);
            return a;
        }
        if (t == byte[].class) {
            byte[] a = new byte[n];
            b.get(a);
            return a;
        }
        if (t == boolean[].class) {
            boolean[] a = new boolean[n];
            for (int i = 0; i < n; i++) {
                a[i] = b.get(i) != 0;
            }
            return a;
        }
        if (t == FloatArray.class) {
            FloatArray a = new FloatArray(n);
            for (int i = 0; i < n; i++) {
                a.set(i, b.getFloat(i * 4));
            }
            return a;
        }
        if (t == DoubleArray.class) {
            DoubleArray a = new DoubleArray(n);
            for (int i = 0; i < n; i++) {
                a.set(i, b.getDouble(i * 8));
            }
            return a;
        }
        if (t == IntArray.class) {
            IntArray a = new IntArray(n);
            for (int i = 0; i < n; i++) {
                a.set(i, b.getInt(i * 4));
            }
            return a;
        }
        if (t == LongArray.class) {
            LongArray a = new LongArray(n);
            for (int i = 0; i < n; i++) {
                a.set(i, b.getLong(i * 8));
            }
            return a;
        }
        if (t == ShortArray.class) {
            ShortArray a = new ShortArray(n);
            for (int i = 0; i < n; i++) {
                a.set(i, b.getShort(i * 2));
            }
            return a;
        }
        if (t == CharArray.class) {
            CharArray a = new CharArray(n);
            for (int i = 0; i < n; i++) {
                a.set(i, b.getChar(i * 2));
            }
            return a;
        }
        if (t == ByteArray.class) {
            ByteArray a = new ByteArray(n);
            for (int i = 0; i < n; i++) {
                a.set(i, b.get(i));
            }
            return a;
        }
        HalfFloatArray a = new HalfFloatArray(n);
        for (int i = 0; i < n; i++) {
            a.set(i, new HalfFloat(b.getShort(i * 2)));
        }
        return a;
    }

    /** A buffer's elements as raw little-endian bytes (what kgpu-run --out writes). */
    static byte[] bytes(Object v) {
        Kind kind = bufferKind(v.getClass());
        int n;
        if (v.getClass().isArray()) {
            n = java.lang.reflect.Array.getLength(v);
        } else {
            n = ((uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray) v).getSize();
        }
        ByteBuffer b = ByteBuffer.allocate(n * kind.size).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            long bits;
            if (v instanceof float[]) {
                bits = Float.floatToRawIntBits(((float[]) v)[i]);
            } else if (v instanceof double[]) {
                bits = Double.doubleToRawLongBits(((double[]) v)[i]);
            } else if (v instanceof int[]) {
                bits = ((int[]) v)[i];
            } else if (v instanceof long[]) {
                bits = ((long[]) v)[i];
            } else if (v instanceof short[]) {
                bits = ((short[]) v)[i];
            } else if (v instanceof char[]) {
                bits = ((char[]) v)[i];
            } else if (v instanceof byte[]) {
                bits = ((byte[]) v)[i];
            } else if (v instanceof boolean[]) {
                bits = ((boolean[]) v)[i] ? 1 : 0;
            } else if (v instanceof FloatArray) {
                bits = Float.floatToRawIntBits(((FloatArray) v).get(i));
            } else if (v instanceof DoubleArray) {
                bits = Double.doubleToRawLongBits(((DoubleArray) v).get(i));
            } else if (v instanceof IntArray) {
                bits = ((IntArray) v).get(i);
            } else if (v instanceof LongArray) {
                bits = ((LongArray) v).get(i);
            } else if (v instanceof ShortArray) {
                bits = ((ShortArray) v).get(i);
            } else if (v instanceof CharArray) {
                bits = ((CharArray) v).get(i);
            } else if (v instanceof ByteArray) {
                bits = ((ByteArray) v).get(i);
            } else {
                bits = ((HalfFloatArray) v).get(i).getHalfFloatValue();
            }
            put(b, kind, i, bits);
        }
        return b.array();
    }
}
