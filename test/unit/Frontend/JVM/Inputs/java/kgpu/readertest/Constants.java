// Inputs of StaticInitTest.cpp: static fields that <clinit> sets, some to
// constants the evaluator must recover, some not.
package kgpu.readertest;

public class Constants {
  public static final int CV = 7; // ConstantValue, not <clinit>
  public static final int BLANK;
  public static final long WIDE;
  public static final float F;
  public static final double NEG_ZERO;
  public static final short SH;
  public static final int FROM_LOCAL;
  public static final int WRAP;
  public static final float FINF;
  public static final int SAT;
  public static final long SHIFTED;
  public static final float VIA_GROOVY_STYLE;
  public static int notFinal;
  private static float $const$0;
  private static long $const$1;
  private static float $const$2;
  public static final float AFTER_CALL;
  public static final int LATE;

  public static void __$swapInit() {
    $const$0 = 2.5f;
    $const$1 = 5000000000L;
    $const$2 = 0.5f;
  }

  static {
    __$swapInit();
    BLANK = 12;
    WIDE = 1L << 40;
    F = 0.1f;
    NEG_ZERO = -0.0;
    SH = (short) 70000;
    int local = 5;
    FROM_LOCAL = local * 3 + CV;
    int k = Integer.MAX_VALUE;
    WRAP = k + 1;
    float q = 1e30f;
    FINF = q * q;
    double big = 1e20;
    SAT = (int) big;
    long one = 1;
    SHIFTED = one << 65; // the count is masked to 1
    VIA_GROOVY_STYLE = $const$0 * 2;
    notFinal = 3;
    AFTER_CALL = (float) Math.sqrt(4.0);
    LATE = 9;
  }

  static void reset() {
    $const$2 = 0.0f;
  }
}
