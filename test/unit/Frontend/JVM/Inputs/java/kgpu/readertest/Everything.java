// Inputs of the class-file reader's unit tests (ClassFileTest.cpp): one
// construct per member, compiled by javac at build time.
package kgpu.readertest;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.function.IntBinaryOperator;
import uk.ac.manchester.tornado.api.annotations.Parallel;
import uk.ac.manchester.tornado.api.annotations.Reduce;

public class Everything {
  enum Color { RED, GREEN }

  @Retention(RetentionPolicy.RUNTIME)
  @interface Info {
    int i() default 7;
    String s() default "";
    Color c() default Color.RED;
    Class<?> k() default Object.class;
    int[] arr() default {};
    Retention nested() default @Retention(RetentionPolicy.CLASS);
  }

  @Retention(RetentionPolicy.CLASS)
  @interface Hidden {}

  @Retention(RetentionPolicy.CLASS)
  @Target(ElementType.TYPE_USE)
  @interface HiddenUse {}

  public static final int INLINED = 42;
  public static final long BIG = 1L << 40;
  public static final double PI2 = 6.283185307179586;
  public static final String TEXT = "caf\u00e9 \ud83d\ude00 \u0000 end";
  public static final float COMPUTED = (float) Math.sqrt(2.0) * 0 + 1.5f;
  public static final int ALSO_COMPUTED;
  static int counter = 3;

  static {
    ALSO_COMPUTED = INLINED * 2 + 1;
  }

  @Info(i = 1, s = "x", c = Color.GREEN, k = String.class, arr = {1, 2},
        nested = @Retention(RetentionPolicy.RUNTIME))
  @Hidden
  public static void vectorAdd(float[] a, float[] b, float[] c) {
    for (@Parallel int i = 0; i < c.length; i++) {
      c[i] = a[i] + b[i];
    }
  }

  public static void matmul(float[] a, float[] b, float[] c, final int n) {
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

  public static void reduce(float[] input, @Reduce float[] result,
                            @Hidden int unused) {
    result[0] = 0.0f;
    for (@Parallel int i = 0; i < input.length; i++) {
      result[0] += input[i];
    }
  }

  public static int switches(int x, long y) {
    int r;
    switch (x) {
    case 0: r = 10; break;
    case 1: r = 11; break;
    case 2: r = 12; break;
    case 3: r = 13; break;
    default: r = -1;
    }
    switch (x) {
    case -100000: r += 1; break;
    case 7: r += 2; break;
    case 1000000: r += 3; break;
    }
    int w = 0;
    for (int i0 = 0, i1 = 1, i2 = 2, i3 = 3, i4 = 4; i0 < 300; i0++) {
      w += i0 + i1 + i2 + i3 + i4;
    }
    r += 1000;
    double big[] = new double[2];
    int many0 = 0, many1 = 0, many2 = 0, many3 = 0, many4 = 0, many5 = 0;
    int[][] grid = new int[2][3];
    return r + (int) y + w + (int) big[0] + grid[1][2] + many5 + counter;
  }

  public static int caught(int[] a) {
    try {
      return a[5];
    } catch (ArrayIndexOutOfBoundsException e) {
      return -1;
    } finally {
      counter++;
    }
  }

  public static <T extends Comparable<T>> T generic(List<T> xs) {
    T best = xs.get(0);
    for (T x : xs) {
      if (x.compareTo(best) > 0) best = x;
    }
    return best;
  }

  public static IntBinaryOperator lambda(int k) {
    return (a, b) -> a * k + b;
  }

  public static @HiddenUse String typeUse(@HiddenUse Object o) {
    return (@HiddenUse String) o;
  }

  public int instanceField;

  public int addTo(int v) {
    return instanceField + v + Everything.counter;
  }

  public class Inner {
    int get() { return instanceField; }
  }

  public static void main(String[] args) {
    float[] a = new float[4];
    vectorAdd(a, a, a);
  }

  // A method reference (how a TornadoVM host names a task's kernel) and a
  // string concatenation (an invokedynamic that is not a lambda).
  static int add2(int a, int b) {
    return a + b;
  }

  public static IntBinaryOperator reference() {
    return Everything::add2;
  }

  public static String concat(int x) {
    return "x=" + x;
  }
}
