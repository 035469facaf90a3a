// The JVM corpus, Java: nested control flow, helpers, constants.
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

public class ControlFlow {
    static final int LIMIT = 500;
    static final float SCALE = 0.75f;

    /** A while loop with a data-dependent trip count and an if/else. */
    public static void collatz(int[] in, int[] steps, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int v = (in[i] & 4095) + 1;
            int s = 0;
            while (v != 1 && s < LIMIT) {
                if ((v & 1) == 0) {
                    v = v / 2;
                } else {
                    v = 3 * v + 1;
                }
                s++;
            }
            steps[i] = s;
        }
    }

    /** Nested ifs, a switch, break and continue in an inner loop. */
    public static void branches(int[] in, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int v = in[i];
            int r;
            switch (v & 3) {
                case 0:
                    r = v >> 3;
                    break;
                case 1:
                    r = -v;
                    break;
                case 2:
                    r = v * 3;
                    break;
                default:
                    r = 7;
            }
            int acc = 0;
            for (int k = 0; k < 32; k++) {
                if (((v >> k) & 1) == 0) {
                    continue;
                }
                if (k > 20) {
                    break;
                }
                acc += k;
            }
            if (r > 1000) {
                if (acc > 50) {
                    r -= acc;
                } else {
                    r += acc;
                }
            } else if (r < -1000) {
                r = r ^ acc;
            }
            out[i] = r;
        }
    }

    private static float square(float x) {
        return x * x;
    }

    private static float poly(float x, float a, float b) {
        return square(x) * a + x * b + SCALE;
    }

    private static int clampIndex(int i, int n) {
        return i < 0 ? 0 : (i >= n ? n - 1 : i);
    }

    /** Static helpers (nested) and static final constants. */
    public static void helpers(float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float left = x[clampIndex(i - 1, n)];
            float right = x[clampIndex(i + 1, n)];
            out[i] = poly(x[i], 2.0f, -1.0f) + square(left - right) * SCALE;
        }
    }

    /** A loop kernel without @Parallel: runs as one work-item (a prefix sum). */
    public static void prefixSum(IntArray in, IntArray out) {
        int s = 0;
        for (int i = 0; i < in.getSize(); i++) {
            s += in.get(i);
            out.set(i, s);
        }
    }

    /** Ternaries, boolean logic, comparisons of every kind (float NaN rules: none here). */
    public static void compares(float[] a, float[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float x = a[i];
            float y = b[i];
            int bitsOut = (x < y ? 1 : 0) | (x <= y ? 2 : 0) | (x > y ? 4 : 0) | (x >= y ? 8 : 0)
                    | (x == y ? 16 : 0) | (x != y ? 32 : 0);
            boolean both = x > 0.25f && y < 0.75f;
            boolean either = x > 0.9f || y > 0.9f;
            out[i] = bitsOut + (both ? 64 : 0) + (either ? 128 : 0);
        }
    }
}
