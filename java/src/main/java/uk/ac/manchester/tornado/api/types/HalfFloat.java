// kgpu's implementation of TornadoVM's documented kernel API (docs/jvm-api.md).
package uk.ac.manchester.tornado.api.types;

/**
 * An IEEE 754 binary16 value. Arithmetic ({@link #add} and friends) is done
 * in float and rounded to half (round to nearest even), which is the exact
 * fp16 result for + - * / (float has more than twice fp16's precision).
 */
public final class HalfFloat {
    private final short bits;

    public HalfFloat(float value) {
        this.bits = floatToHalf(value);
    }

    public HalfFloat(short halfBits) {
        this.bits = halfBits;
    }

    /** The value as a float (exact). */
    public float getFloat32() {
        return halfToFloat(bits);
    }

    /** The 16 bits of the value. */
    public short getHalfFloatValue() {
        return bits;
    }

    public static HalfFloat add(HalfFloat a, HalfFloat b) {
        return new HalfFloat(a.getFloat32() + b.getFloat32());
    }

    public static HalfFloat sub(HalfFloat a, HalfFloat b) {
        return new HalfFloat(a.getFloat32() - b.getFloat32());
    }

    public static HalfFloat mult(HalfFloat a, HalfFloat b) {
        return new HalfFloat(a.getFloat32() * b.getFloat32());
    }

    public static HalfFloat div(HalfFloat a, HalfFloat b) {
        return new HalfFloat(a.getFloat32() / b.getFloat32());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HalfFloat && ((HalfFloat) o).bits == bits;
    }

    @Override
    public int hashCode() {
        return bits;
    }

    @Override
    public String toString() {
        return Float.toString(getFloat32());
    }

    /** float to binary16, round to nearest even (what Float.floatToFloat16 does, JDK 20+). */
    public static short floatToHalf(float f) {
        int x = Float.floatToRawIntBits(f);
        int sign = (x >>> 16) & 0x8000;
        int exp = (x >>> 23) & 0xff;
        int mant = x & 0x7fffff;
        if (exp == 0xff) {
            // Infinity, or NaN with its payload's top bits (kept quiet).
            return (short) (sign | 0x7c00 | (mant != 0 ? 0x200 | (mant >>> 13) : 0));
        }
        int e = exp - 127 + 15;
        if (e >= 31) {
            return (short) (sign | 0x7c00);
        }
        if (e <= 0) {
            if (e < -10) {
                return (short) sign;
            }
            mant |= 0x800000;
            int shift = 14 - e;
            int half = mant >>> shift;
            int rem = mant & ((1 << shift) - 1);
            int mid = 1 << (shift - 1);
            if (rem > mid || (rem == mid && (half & 1) != 0)) {
                half++;
            }
            return (short) (sign | half);
        }
        int half = (e << 10) | (mant >>> 13);
        int rem = mant & 0x1fff;
        if (rem > 0x1000 || (rem == 0x1000 && (half & 1) != 0)) {
            half++; // may carry into the exponent: still correct, up to infinity
        }
        return (short) (sign | half);
    }

    /** binary16 to float (exact). */
    public static float halfToFloat(short h) {
        int bits = h & 0xffff;
        int sign = (bits & 0x8000) << 16;
        int exp = (bits >>> 10) & 0x1f;
        int mant = bits & 0x3ff;
        if (exp == 0x1f) {
            return Float.intBitsToFloat(sign | 0x7f800000 | (mant << 13));
        }
        if (exp == 0) {
            if (mant == 0) {
                return Float.intBitsToFloat(sign);
            }
            // Subnormal: mant * 2^-24.
            float v = mant * 0x1p-24f;
            return sign != 0 ? -v : v;
        }
        return Float.intBitsToFloat(sign | ((exp - 15 + 127) << 23) | (mant << 13));
    }
}
