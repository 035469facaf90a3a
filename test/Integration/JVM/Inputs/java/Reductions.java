// The JVM corpus, Java: @Reduce kernels, one per operator and type.
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.annotations.Reduce;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

public class Reductions {
    public static void sumInt(int[] in, @Reduce int[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] += in[i];
        }
    }

    public static void sumLong(long[] in, @Reduce long[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] += in[i];
        }
    }

    public static void sumFloat(float[] in, @Reduce float[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] += in[i];
        }
    }

    public static void sumFloatArray(FloatArray in, @Reduce FloatArray result) {
        for (@Parallel int i = 0; i < in.getSize(); i++) {
            result.set(0, result.get(0) + in.get(i));
        }
    }

    public static void sumDouble(double[] in, @Reduce double[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] += in[i];
        }
    }

    public static void productInt(int[] in, @Reduce int[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] *= in[i];
        }
    }

    public static void productLong(long[] in, @Reduce long[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] *= in[i];
        }
    }

    public static void productFloat(float[] in, @Reduce float[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] *= in[i];
        }
    }

    public static void productDouble(double[] in, @Reduce double[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] *= in[i];
        }
    }

    public static void minInt(int[] in, @Reduce int[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] = Math.min(result[0], in[i]);
        }
    }

    public static void minLong(long[] in, @Reduce long[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] = Math.min(result[0], in[i]);
        }
    }

    public static void minFloat(float[] in, @Reduce float[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] = Math.min(result[0], in[i]);
        }
    }

    public static void minDouble(double[] in, @Reduce double[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] = Math.min(result[0], in[i]);
        }
    }

    public static void maxInt(int[] in, @Reduce int[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] = Math.max(result[0], in[i]);
        }
    }

    public static void maxLong(long[] in, @Reduce long[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] = Math.max(result[0], in[i]);
        }
    }

    public static void maxFloat(float[] in, @Reduce float[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] = Math.max(result[0], in[i]);
        }
    }

    public static void maxDouble(double[] in, @Reduce double[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] = Math.max(result[0], in[i]);
        }
    }

    public static void andInt(int[] in, @Reduce int[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] &= in[i];
        }
    }

    public static void andLong(long[] in, @Reduce long[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] &= in[i];
        }
    }

    public static void orInt(int[] in, @Reduce int[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] |= in[i];
        }
    }

    public static void orLong(long[] in, @Reduce long[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] |= in[i];
        }
    }

    public static void xorInt(int[] in, @Reduce int[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] ^= in[i];
        }
    }

    public static void xorLong(long[] in, @Reduce long[] result) {
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] ^= in[i];
        }
    }

    // The initial value set in the kernel before the loop (TornadoVM's
    // guide: `result[0] = 0.0f;`): it, not the output's previous contents,
    // is the first operand (the corpus gives the outputs other values).
    public static void sumFloatInit(float[] in, @Reduce float[] result) {
        result[0] = 0.0f;
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] += in[i];
        }
    }

    public static void maxIntInit(int[] in, @Reduce int[] result) {
        result[0] = Integer.MIN_VALUE;
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] = Math.max(result[0], in[i]);
        }
    }

    public static void sumLongFrom(long[] in, @Reduce long[] result) {
        result[0] = 1000000007L;
        for (@Parallel int i = 0; i < in.length; i++) {
            result[0] += in[i];
        }
    }
}
