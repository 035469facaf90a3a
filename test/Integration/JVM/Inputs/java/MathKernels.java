// The JVM corpus, Java: java.lang.Math, TornadoMath and the bit intrinsics.
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.math.TornadoMath;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

public class MathKernels {
    /** Only + - * / and sqrt: bit-identical on every target. */
    public static void exactMath(float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float v = x[i] + 0.25f;
            out[3 * i] = (float) Math.sqrt(v);
            out[3 * i + 1] = TornadoMath.sqrt(v * 2.0f) / v;
            out[3 * i + 2] = (float) Math.sqrt((double) v * 3.0);
        }
    }

    /** Exact library functions: floor, ceil, fract, abs, min, max, clamp. */
    public static void exactTornadoMath(FloatArray x, FloatArray out) {
        for (@Parallel int i = 0; i < x.getSize(); i++) {
            float v = (x.get(i) - 0.5f) * 10.0f;
            float r = TornadoMath.floor(v) + TornadoMath.ceil(v) * 0.5f + TornadoMath.fract(v) * 4.0f;
            r += TornadoMath.abs(v) + TornadoMath.clamp(v, -2.0f, 3.0f);
            r += TornadoMath.min(v, 1.0f) - TornadoMath.max(v, -1.0f);
            out.set(i, r + Math.abs(v) + (float) Math.floor((double) v));
        }
    }

    /** Transcendental functions: compared within a few ulp. */
    public static void transcendental(float[] x, float[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            float v = x[i] * 2.0f - 1.0f;
            out[6 * i] = (float) Math.sin(v);
            out[6 * i + 1] = (float) Math.cos(v);
            out[6 * i + 2] = (float) Math.exp(v);
            out[6 * i + 3] = TornadoMath.log(v + 2.0f);
            out[6 * i + 4] = TornadoMath.tanh(v);
            out[6 * i + 5] = (float) Math.atan2(v, 0.5f);
        }
    }

    public static void transcendentalDouble(double[] x, double[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            double v = x[i] * 2.0 - 1.0;
            out[4 * i] = Math.sin(v);
            out[4 * i + 1] = Math.exp(v);
            out[4 * i + 2] = Math.log(v + 2.0);
            out[4 * i + 3] = Math.pow(v + 2.0, 1.5);
        }
    }

    public static void bits(int[] x, long[] y, int[] out, int n) {
        for (@Parallel int i = 0; i < n; i++) {
            out[4 * i] = Integer.bitCount(x[i]);
            out[4 * i + 1] = Long.bitCount(y[i] * 31L);
            out[4 * i + 2] = Math.abs(x[i] - 1073741824);
            out[4 * i + 3] = Math.min(x[i], 1000) + Math.max(x[i] >> 20, 7);
        }
    }
}
