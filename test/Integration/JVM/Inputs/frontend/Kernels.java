// Kernels of the JVM frontend's integration tests, with their inputs and
// references: `gen DIR` writes the inputs (raw little-endian, as kgpu-run
// reads them), `ref DIR` the expected outputs. Loop kernels run on the JVM
// as they are; the KernelContext kernels' references are computed directly
// (what one work-group pass of the kernel computes).

import java.io.*;
import java.nio.*;
import java.nio.file.*;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.annotations.Reduce;

public class Kernels {
  static final int N = 512;
  static final int M = 24;

  // 2-D @Parallel with a sequential inner loop: float + and * in the
  // source order, so bit-identical.
  public static void matmul(float[] a, float[] b, float[] c, int n) {
    for (@Parallel int i = 0; i < n; i++) {
      for (@Parallel int j = 0; j < n; j++) {
        float sum = 0.0f;
        for (int k = 0; k < n; k++)
          sum += a[i * n + k] * b[k * n + j];
        c[i * n + j] = sum;
      }
    }
  }

  // @Reduce over ints: sum, max and xor.
  public static void reduce(int[] x, @Reduce int[] sum, @Reduce int[] max) {
    for (@Parallel int i = 0; i < x.length; i++) {
      sum[0] += x[i];
      max[0] = Math.max(max[0], x[i]);
    }
  }

  // Java's integer semantics in a parallel loop: division by zero, shifts,
  // saturating conversions, a ternary (a value on the stack across blocks).
  public static void exact(int[] a, int[] b, float[] f, int[] out) {
    for (@Parallel int i = 0; i < a.length; i++) {
      int x = a[i], y = b[i];
      out[i] = x / y + (x % y) * 3 + (x << y) + (x >>> (y & 7)) + (int) (f[i] * 1e9f)
          + (x > y ? 1 : -1) + Math.abs(x) % 17;
    }
  }

  // A KernelContext reduction in local memory with barriers: one sum per
  // work-group of 64.
  public static void groupSum(KernelContext kc, int[] in, int[] out) {
    int lid = kc.localIdx;
    int[] tile = kc.allocateIntLocalArray(64);
    tile[lid] = in[kc.globalIdx];
    for (int s = 32; s > 0; s >>= 1) {
      kc.localBarrier();
      if (lid < s)
        tile[lid] += tile[lid + s];
    }
    if (lid == 0)
      out[kc.groupIdx] = tile[0];
  }

  // Atomics: a histogram of 16 bins.
  public static void histogram(KernelContext kc, int[] data, int[] bins) {
    kc.atomicAdd(bins, data[kc.globalIdx] & 15, 1);
  }

  static void writeInts(Path p, int[] v) throws IOException {
    ByteBuffer bb = ByteBuffer.allocate(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
    bb.asIntBuffer().put(v);
    Files.write(p, bb.array());
  }

  static void writeFloats(Path p, float[] v) throws IOException {
    ByteBuffer bb = ByteBuffer.allocate(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
    bb.asFloatBuffer().put(v);
    Files.write(p, bb.array());
  }

  public static void main(String[] args) throws IOException {
    Path dir = Paths.get(args[1]);
    boolean gen = args[0].equals("gen");
    long s = 42;
    float[] a = new float[M * M], b = new float[M * M];
    int[] x = new int[N], y = new int[N];
    float[] f = new float[N];
    for (int i = 0; i < M * M; i++) {
      s = s * 6364136223846793005L + 1442695040888963407L;
      a[i] = (float) ((s >>> 40) / 16777216.0 - 0.5);
      b[i] = (float) (i % 7) * 0.25f - 0.6f;
    }
    for (int i = 0; i < N; i++) {
      s = s * 6364136223846793005L + 1442695040888963407L;
      x[i] = (int) (s >>> 32);
      y[i] = i % 9 == 0 ? 0 : (int) (s >>> 59) - 16;
      f[i] = i == 3 ? Float.NaN : i == 4 ? Float.POSITIVE_INFINITY : (float) ((s >>> 40) / 16777216.0 * 8 - 4);
    }
    x[5] = Integer.MIN_VALUE;
    y[5] = -1;
    if (gen) {
      writeFloats(dir.resolve("a.bin"), a);
      writeFloats(dir.resolve("b.bin"), b);
      writeInts(dir.resolve("x.bin"), x);
      writeInts(dir.resolve("y.bin"), y);
      writeFloats(dir.resolve("f.bin"), f);
      return;
    }
    float[] c = new float[M * M];
    matmul(a, b, c, M);
    writeFloats(dir.resolve("c.ref"), c);
    int[] sum = {0}, max = {Integer.MIN_VALUE};
    reduce(x, sum, max);
    writeInts(dir.resolve("sum.ref"), sum);
    writeInts(dir.resolve("max.ref"), max);
    int[] out = new int[N];
    int[] a2 = x.clone(), b2 = y.clone();
    // The JVM throws on x / 0: kgpu's defined results (x / 0 == 0,
    // x % 0 == x) are used for those elements.
    for (int i = 0; i < N; i++) {
      int xi = a2[i], yi = b2[i];
      int q = yi == 0 ? 0 : xi / yi, r = yi == 0 ? xi : xi % yi;
      out[i] = q + r * 3 + (xi << yi) + (xi >>> (yi & 7)) + (int) (f[i] * 1e9f)
          + (xi > yi ? 1 : -1) + Math.abs(xi) % 17;
    }
    writeInts(dir.resolve("exact.ref"), out);
    int[] groups = new int[N / 64];
    for (int i = 0; i < N; i++)
      groups[i / 64] += x[i];
    writeInts(dir.resolve("groups.ref"), groups);
    int[] bins = new int[16];
    for (int i = 0; i < N; i++)
      bins[x[i] & 15]++;
    writeInts(dir.resolve("bins.ref"), bins);
  }
}
