// The JVM corpus, Java: @Parallel loop kernels in 1, 2 and 3 dimensions
// (corpus.txt lists how each runs; docs/jvm-api.md).
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

public class LoopKernels {
    public static void vectorAdd(float[] a, float[] b, float[] c) {
        for (@Parallel int i = 0; i < c.length; i++) {
            c[i] = a[i] + b[i];
        }
    }

    public static void saxpy(float alpha, FloatArray x, FloatArray y) {
        for (@Parallel int i = 0; i < y.getSize(); i++) {
            y.set(i, alpha * x.get(i) + y.get(i));
        }
    }

    public static void vectorAddInt(IntArray a, IntArray b, IntArray c) {
        for (@Parallel int i = 0; i < c.getSize(); i++) {
            c.set(i, a.get(i) + b.get(i));
        }
    }

    public static void scaleDouble(double[] x, double s, double[] y, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            y[i] = x[i] * s - 0.5 / s;
        }
    }

    public static void scaleDoubleArray(DoubleArray x, double s, DoubleArray y) {
        for (@Parallel int i = 0; i < x.getSize(); i++) {
            y.set(i, x.get(i) * s - 0.5 / s);
        }
    }

    /** Java's int rules: wrap, masked shift counts, division rounding to zero. */
    public static void intOps(int[] a, int[] b, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            int x = a[i] - 1073741824;
            int y = b[i] | 1;
            out[7 * i] = x * y;
            out[7 * i + 1] = x / y;
            out[7 * i + 2] = x % y;
            out[7 * i + 3] = x << b[i];
            out[7 * i + 4] = x >> b[i];
            out[7 * i + 5] = x >>> b[i];
            out[7 * i + 6] = (x ^ y) & ~(x | 255);
        }
    }

    public static void longOps(long[] a, long[] b, long[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            long x = a[i] * 4294967311L - 4611686018427387904L;
            long y = b[i] | 1L;
            out[6 * i] = x * y;
            out[6 * i + 1] = x / y;
            out[6 * i + 2] = x % y;
            out[6 * i + 3] = x << b[i];
            out[6 * i + 4] = x >> (int) b[i];
            out[6 * i + 5] = x >>> b[i];
        }
    }

    /** Saturating float to int and long conversions, (int) of a long, (float) of an int. */
    public static void conversions(float[] x, int[] toInt, long[] toLong, float[] back, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float v = (x[i] - 0.5f) * 1.0e10f;
            toInt[i] = (int) v;
            toLong[i] = (long) (v * 1.0e9f);
            back[i] = (float) (int) (long) (v * 0.001f) + (float) i;
        }
    }

    public static void minMax(float[] a, float[] b, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[2 * i] = Math.min(a[i], b[i]);
            out[2 * i + 1] = Math.max(a[i] - 0.5f, -b[i]);
        }
    }

    public static void matMul(float[] a, float[] b, float[] c, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            for (@Parallel int j = 0; j < n; j++) {
                float sum = 0.0f;
                for (int k = 0; k < n; k++) {
                    sum += a[i * n + k] * b[k * n + j];
                }
                c[i * n + j] = sum;
            }
        }
    }

    public static void transpose(int[] in, int[] out, int w, int h) {
        for (@Parallel int y = 0; y < h; y++) {
            for (@Parallel int x = 0; x < w; x++) {
                out[x * h + y] = in[y * w + x];
            }
        }
    }

    /** A 5-point stencil; the border is copied. */
    public static void stencil(FloatArray in, FloatArray out, int w, int h) {
        for (@Parallel int y = 0; y < h; y++) {
            for (@Parallel int x = 0; x < w; x++) {
                int i = y * w + x;
                if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
                    out.set(i, in.get(i));
                } else {
                    out.set(i, 0.5f * in.get(i) + 0.125f * (in.get(i - 1) + in.get(i + 1) + in.get(i - w) + in.get(i + w)));
                }
            }
        }
    }

    public static void add3D(float[] a, float[] b, float[] c, int nx, int ny, int nz) {
        for (@Parallel int z = 0; z < nz; z++) {
            for (@Parallel int y = 0; y < ny; y++) {
                for (@Parallel int x = 0; x < nx; x++) {
                    int i = (z * ny + y) * nx + x;
                    c[i] = a[i] + b[i];
                }
            }
        }
    }

    public static void index3D(int[] out, int nx, int ny, int nz) {
        for (@Parallel int z = 0; z < nz; z++) {
            for (@Parallel int y = 0; y < ny; y++) {
                for (@Parallel int x = 0; x < nx; x++) {
                    out[(z * ny + y) * nx + x] = x * 10000 + y * 100 + z;
                }
            }
        }
    }

    /** A loop with a step of 2 and a start other than 0. */
    public static void strided(int[] out, int n) {
        for (@Parallel int i = 1; i < n; i += 2) {
            out[i] = i * i;
        }
    }
}
