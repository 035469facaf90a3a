import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.annotations.Parallel;

/**
 * Kernels with private arrays (new T[constant], array initializers): a
 * window and a helper that receives it, a per-work-item histogram, a
 * sorting network, small element types, an array of more than 64 elements,
 * and one that lives across a barrier.
 */
public class PrivateKernels {
  static final int TAPS = 4;

  static float sum(float[] w) {
    float s = 0f;
    for (int k = 0; k < w.length; k++)
      s += w[k];
    return s;
  }

  static void swapIfGreater(int[] a, int i, int j) {
    if (a[i] > a[j]) {
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  /** out[i] = the mean of in[i .. i + 3] (clamped at the end), weighted. */
  public static void movingAverage(float[] in, float[] out, int n) {
    for (@Parallel int i = 0; i < n; i++) {
      float[] w = new float[TAPS];
      for (int k = 0; k < TAPS; k++)
        w[k] = in[Math.min(i + k, n - 1)] * (k + 1);
      out[i] = sum(w) / 10f;
    }
  }

  /** Each work-item sorts four values with a sorting network. */
  public static void sort4(int[] in, int[] out) {
    for (@Parallel int i = 0; i < out.length / 4; i++) {
      int[] a = {in[4 * i], in[4 * i + 1], in[4 * i + 2], in[4 * i + 3]};
      swapIfGreater(a, 0, 1);
      swapIfGreater(a, 2, 3);
      swapIfGreater(a, 0, 2);
      swapIfGreater(a, 1, 3);
      swapIfGreater(a, 1, 2);
      for (int k = 0; k < a.length; k++)
        out[4 * i + k] = a[k];
    }
  }

  /**
   * A loop-free @Parallel body: kgpu runs four iterations per step in
   * lockstep, each with its own copy of the array.
   */
  public static void swizzle(int[] in, int[] out) {
    for (@Parallel int i = 0; i < out.length; i++) {
      int v = in[i];
      int[] a = {v, v >>> 8, v >>> 16, v >>> 24};
      a[i & 3] += i;
      out[i] = a[(i + 1) & 3] * 3 + a[i & 3];
    }
  }

  /** A private histogram of 16 values per work-item, 8 bins. */
  public static void privateHistogram(KernelContext kc, int[] data, int[] bins) {
    int i = kc.globalIdx;
    int[] h = new int[8];
    for (int k = 0; k < 16; k++)
      h[data[16 * i + k] & 7]++;
    for (int b = 0; b < 8; b++)
      bins[8 * i + b] = h[b] * (b + 1);
  }

  /** byte, short, char and boolean elements: Java's narrowing on store. */
  public static void smallTypes(KernelContext kc, int[] in, int[] out) {
    int i = kc.globalIdx;
    byte[] b = new byte[4];
    short[] s = new short[4];
    char[] c = new char[4];
    boolean[] z = new boolean[4];
    int v = in[i];
    b[v & 3] = (byte) v;
    s[(v >> 2) & 3] = (short) (v * 3);
    c[(v >> 4) & 3] = (char) (-v);
    z[(v >> 6) & 3] = (v & 1) == 1;
    int r = 0;
    for (int k = 0; k < 4; k++)
      r = r * 31 + b[k] + s[k] + c[k] + (z[k] ? 7 : 0);
    out[i] = r;
  }

  /** A private array of 100 longs: prefix sums, read at a masked index. */
  public static void prefix(KernelContext kc, long[] in, long[] out) {
    int i = kc.globalIdx;
    long[] p = new long[100];
    p[0] = in[i];
    for (int k = 1; k < p.length; k++)
      p[k] = p[k - 1] * 3 + k;
    out[i] = p[(i * 37) % 100] + p[99];
  }

  /** A private array written before a barrier and read after it. */
  public static void acrossBarrier(KernelContext kc, float[] in, float[] out) {
    int i = kc.globalIdx;
    int l = kc.localIdx;
    float[] tile = kc.allocateFloatLocalArray(64);
    double[] mine = {in[i], in[i] * 2f, 0.5};
    tile[l] = in[i];
    kc.localBarrier();
    mine[2] += tile[(l + 1) & 63];
    out[i] = (float) (mine[0] + mine[1] + mine[2]);
  }
}
